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

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use tiny_http::{Header, Response, Server};

use crate::site::{self, BuildOptions};

/// Where the injected script and the event stream live; no page of the site
/// can have these paths, as slugs cannot start with `_`.
const RELOAD_SCRIPT: &str = "/__serve/reload.js";
const EVENTS: &str = "/__serve/events";

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

/// The state every open tab should show: a fresh build, or its failure.
#[derive(Clone)]
enum Event {
    Reload,
    Failed(String),
}

/// The open event streams, and the last state for tabs that connect later.
#[derive(Default)]
struct Clients {
    senders: Vec<Sender<String>>,
    last_failure: Option<String>,
}

impl Clients {
    fn broadcast(&mut self, event: &Event) {
        let message = match event {
            Event::Reload => "event: reload\ndata: \n\n".to_string(),
            Event::Failed(text) => {
                let data: String = text.lines().map(|l| format!("data: {l}\n")).collect();
                format!("event: failed\n{data}\n")
            }
        };
        self.last_failure = match event {
            Event::Reload => None,
            Event::Failed(text) => Some(text.clone()),
        };
        self.senders.retain(|s| s.send(message.clone()).is_ok());
    }
}

/// Runs the server until the process is stopped.
pub fn serve(options: ServeOptions) -> io::Result<()> {
    let server = Server::http((options.host.as_str(), options.port)).map_err(io::Error::other)?;
    let address = server
        .server_addr()
        .to_ip()
        .ok_or_else(|| io::Error::other("no IP address"))?;
    let base_url = format!("http://{address}/");
    let build_options = BuildOptions {
        root: options.root.clone(),
        out: options.out.clone(),
        allow_missing: options.allow_missing,
        base_url: Some(base_url.clone()),
    };
    let clients = Arc::new(Mutex::new(Clients::default()));
    rebuild(&build_options, &clients);
    eprintln!(
        "serving {} at {base_url} (Ctrl+C to stop)",
        options.out.display()
    );

    let out = options.out.clone();
    let server_clients = Arc::clone(&clients);
    std::thread::spawn(move || {
        for request in server.incoming_requests() {
            if request.url() == EVENTS {
                let (sender, receiver) = mpsc::channel();
                let mut clients = server_clients.lock().unwrap_or_else(|e| e.into_inner());
                if let Some(failure) = clients.last_failure.clone() {
                    let data: String = failure.lines().map(|l| format!("data: {l}\n")).collect();
                    let _ = sender.send(format!("event: failed\n{data}\n"));
                }
                clients.senders.push(sender);
                drop(clients);
                // An event stream never ends: answer it on a thread of its own,
                // writing straight to the socket so that each event is sent
                // at once rather than when a buffer fills.
                std::thread::spawn(move || stream_events(request.into_writer(), &receiver));
                continue;
            }
            let response = file_response(&out, request.url());
            let _ = request.respond(response);
        }
    });

    let mut seen = snapshot(&options.root);
    loop {
        std::thread::sleep(POLL);
        let now = snapshot(&options.root);
        if now != seen {
            seen = now;
            rebuild(&build_options, &clients);
        }
    }
}

fn rebuild(options: &BuildOptions, clients: &Mutex<Clients>) {
    let event = match site::build(options) {
        Ok(summary) => {
            eprintln!("rebuilt {} pages in {} ms", summary.pages, summary.millis);
            Event::Reload
        }
        Err(failed) => {
            for diagnostic in &failed.diagnostics {
                eprintln!("{}\n", diagnostic.render(false));
            }
            eprintln!("the build failed; still serving the last good pages");
            Event::Failed(failed.to_string())
        }
    };
    clients
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .broadcast(&event);
}

/// The modification times of every source file.
fn snapshot(root: &Path) -> BTreeMap<PathBuf, Option<SystemTime>> {
    let mut times = BTreeMap::new();
    for source in ["site.toml", "content", "locales", "static"] {
        for entry in walkdir::WalkDir::new(root.join(source))
            .into_iter()
            .filter_map(Result::ok)
        {
            let modified = entry.metadata().ok().and_then(|m| m.modified().ok());
            times.insert(entry.path().to_path_buf(), modified);
        }
    }
    times
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("valid header")
}

/// The file a URL names inside `out`, with the reload script injected into
/// HTML; `404.html` with status 404 when there is none.
fn file_response(out: &Path, url: &str) -> Response<io::Cursor<Vec<u8>>> {
    if url == RELOAD_SCRIPT {
        return Response::from_data(RELOAD_JS.as_bytes().to_vec())
            .with_header(header("Content-Type", "text/javascript; charset=utf-8"))
            .with_header(header("Cache-Control", "no-store"));
    }
    let (status, path) = match resolve(out, url) {
        Some(path) => (200, path),
        None => (404, out.join("404.html")),
    };
    let Ok(mut bytes) = std::fs::read(&path) else {
        return Response::from_string("not found").with_status_code(404);
    };
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default();
    if extension == "html" {
        bytes = inject_reload(bytes);
    }
    Response::from_data(bytes)
        .with_status_code(status)
        .with_header(header("Content-Type", content_type(extension)))
        .with_header(header("Cache-Control", "no-store"))
}

/// The file below `out` for a URL path: no `..`, folders give their
/// `index.html`.
fn resolve(out: &Path, url: &str) -> Option<PathBuf> {
    let path = url.split(['?', '#']).next().unwrap_or("/");
    let relative = Path::new(path.trim_start_matches('/'));
    if relative
        .components()
        .any(|c| !matches!(c, Component::Normal(_)))
    {
        return None;
    }
    let mut file = out.join(relative);
    if file.is_dir() {
        if !path.ends_with('/') && !path.is_empty() {
            // `/ru` works like `/ru/`, as static hosts do it.
            file = file.join("index.html");
        } else {
            file.push("index.html");
        }
    }
    file.is_file().then_some(file)
}

fn content_type(extension: &str) -> &'static str {
    match extension {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "json" => "application/json",
        "xml" => "application/xml",
        "svg" => "image/svg+xml",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

fn inject_reload(html: Vec<u8>) -> Vec<u8> {
    let tag = format!("<script type=\"module\" src=\"{RELOAD_SCRIPT}\"></script>\n</body>");
    match String::from_utf8(html) {
        Ok(text) => text.replacen("</body>", &tag, 1).into_bytes(),
        Err(err) => err.into_bytes(),
    }
}

/// Sends events to one tab until it goes away. A keep-alive comment every
/// few seconds lets a closed tab be noticed.
fn stream_events(mut writer: Box<dyn Write + Send>, receiver: &Receiver<String>) {
    let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: close\r\n\r\nretry: 500\n\n";
    if writer
        .write_all(head.as_bytes())
        .and_then(|()| writer.flush())
        .is_err()
    {
        return;
    }
    loop {
        let message = match receiver.recv_timeout(Duration::from_secs(10)) {
            Ok(message) => message,
            Err(mpsc::RecvTimeoutError::Timeout) => ": keep-alive\n\n".to_string(),
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        };
        if writer
            .write_all(message.as_bytes())
            .and_then(|()| writer.flush())
            .is_err()
        {
            return;
        }
    }
}

/// Reloads the tab after a build, or shows why the build failed. The
/// overlay is styled through the CSSOM, which the pages' CSP allows.
const RELOAD_JS: &str = r##"// Injected by `backoff-site serve` only; never part of a build.
const events = new EventSource("/__serve/events");
let overlay = null;
events.addEventListener("reload", () => location.reload());
events.addEventListener("failed", (event) => {
  if (!overlay) {
    overlay = document.createElement("pre");
    overlay.setAttribute("role", "alert");
    Object.assign(overlay.style, {
      position: "fixed", inset: "1rem", margin: "0", padding: "1rem", overflow: "auto",
      background: "#1b1e23", color: "#f2b8b5", font: "14px/1.4 monospace", zIndex: "9999",
      border: "2px solid #f2b8b5", borderRadius: "6px", whiteSpace: "pre-wrap",
    });
    document.body.append(overlay);
  }
  overlay.textContent = event.data;
});
"##;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_never_leave_the_output_folder() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("ru")).unwrap();
        std::fs::write(dir.path().join("ru/index.html"), "x").unwrap();
        assert_eq!(
            resolve(dir.path(), "/ru/"),
            Some(dir.path().join("ru/index.html"))
        );
        assert_eq!(
            resolve(dir.path(), "/ru"),
            Some(dir.path().join("ru/index.html"))
        );
        assert_eq!(
            resolve(dir.path(), "/ru/?base=5"),
            Some(dir.path().join("ru/index.html"))
        );
        assert_eq!(resolve(dir.path(), "/../etc/passwd"), None);
        assert_eq!(resolve(dir.path(), "/ru/missing.html"), None);
    }

    #[test]
    fn the_reload_script_is_injected_before_the_body_ends() {
        let html = inject_reload(b"<html><body><p>x</p></body></html>".to_vec());
        let html = String::from_utf8(html).unwrap();
        assert!(
            html.contains("<script type=\"module\" src=\"/__serve/reload.js\"></script>\n</body>")
        );
    }
}
