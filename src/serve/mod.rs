//! `serve`: a preview server for authors and translators.
//!
//! Builds the site into a preview folder (with the base URL pointing at the
//! server, so that every link stays local), serves it on 127.0.0.1, watches
//! `site.toml`, `content/`, `locales/` and `static/`, and on every save
//! rebuilds and tells the open tabs to reload. A build that fails keeps the
//! last good pages on screen and shows the diagnostics in the terminal and
//! as an overlay in the page; the server keeps running.
//!
//! The reload script exists only here: it is injected into HTML as it is
//! served, never written by `build`.
//!
//! - `http` — connections within fixed bounds, the Host check, answers;
//! - `files` — which file a URL names, never through a link or out of the
//!   folder;
//! - `events` — the live-reload streams and the injected scripts.

mod events;
mod files;
mod http;

use std::collections::BTreeMap;
use std::io;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::site::{self, BuildOptions};

pub use events::MAX_STREAMS;
pub use http::{HEAD_TIMEOUT, MAX_CONNECTIONS, MAX_HEAD, SEND_TIMEOUT};

/// How often the sources are looked at. Polling a few dozen files costs
/// nothing and behaves the same on every file system.
const POLL: Duration = Duration::from_millis(150);

/// Options of `serve`.
pub struct ServeOptions {
    pub root: PathBuf,
    pub out: PathBuf,
    pub host: String,
    pub port: u16,
    pub allow_missing: bool,
}

/// Runs the server until the process is stopped.
pub fn serve(options: ServeOptions) -> io::Result<()> {
    let listener = TcpListener::bind((options.host.as_str(), options.port))?;
    let address = listener.local_addr()?;
    let base_url = format!("http://{address}/");
    let build_options = BuildOptions {
        root: options.root.clone(),
        out: options.out.clone(),
        allow_missing: options.allow_missing,
        base_url: Some(base_url.clone()),
        clean: false,
    };
    let hub = events::Hub::start()?;
    // The sources as they are before the first build reads them: a file
    // saved during that build, or right after the address is announced,
    // then differs from this and is rebuilt.
    let mut seen = snapshot(&options.root);
    rebuild(&build_options, &hub);
    http::start(
        listener,
        http::Site {
            out: options.out.clone(),
            address,
            hub: hub.clone(),
        },
    )?;
    eprintln!(
        "serving {} at {base_url} (Ctrl+C to stop)",
        options.out.display()
    );
    loop {
        std::thread::sleep(POLL);
        let now = snapshot(&options.root);
        if now != seen {
            seen = now;
            rebuild(&build_options, &hub);
        }
    }
}

fn rebuild(options: &BuildOptions, hub: &events::Hub) {
    let event = match site::build(options) {
        Ok(summary) => {
            eprintln!("rebuilt {} pages in {} ms", summary.pages, summary.millis);
            events::Event::Reload
        }
        Err(failed) => {
            for diagnostic in &failed.diagnostics {
                eprintln!("{}\n", diagnostic.render(false));
            }
            eprintln!("the build failed; still serving the last good pages");
            events::Event::Failed(failed.to_string())
        }
    };
    hub.publish(event);
}

/// What tells a change: modification time and size, as two saves within
/// one tick of the file system's clock can leave the time unchanged.
type Stamp = Option<(SystemTime, u64)>;

/// The stamps of every source file.
fn snapshot(root: &Path) -> BTreeMap<PathBuf, Stamp> {
    let mut stamps = BTreeMap::new();
    for source in ["site.toml", "content", "locales", "static"] {
        for entry in walkdir::WalkDir::new(root.join(source))
            .into_iter()
            .filter_map(Result::ok)
        {
            let stamp = entry
                .metadata()
                .ok()
                .and_then(|m| Some((m.modified().ok()?, m.len())));
            stamps.insert(entry.path().to_path_buf(), stamp);
        }
    }
    stamps
}
