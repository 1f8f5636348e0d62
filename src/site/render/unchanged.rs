//! Which pages a repeated build keeps as they are: each explainer page's
//! output is keyed by everything it is built from, and a page whose key and
//! files are as the last build recorded is neither rendered nor rewritten.
//!
//! A page's key is a SHA-256 digest of
//! - the site-wide key: the running program's identity (its templates,
//!   code and core are compiled in: [`program`]), the build's mode and base
//!   URL, every file of `site.toml`, `content/`, `locales/` and `static/`
//!   except the pages' own files, and what every page shows of the pages
//!   in the navigation (their URL segments and labels in every language);
//! - the page's own files: its definition (`content/<page>.toml`) and its
//!   Fluent file in every language (or that there is none).
//!
//! So an edit of one page's `.ftl` file rebuilds only that page (unless it
//! changes the page's label or URL segment, which the navigation shows); an
//! edit of anything else, or a new program, rebuilds every page; a page added or removed changes only itself (and the home
//! pages, sitemaps and hosting files, which every build writes, as it does
//! the calculator's data assets of the pages it renders). Any doubt keeps
//! nothing: a file that cannot be read, a record that does not parse or was
//! made under another site-wide key, an output file that is not the one the
//! record stamped (`output::Stamp`). A page is recorded only when it
//! rendered in every language without a single diagnostic, so a page with a
//! warning renders again, and reports it again, every time.
//!
//! It decides nothing about a page's content and writes nothing itself:
//! the record's bytes go to the sink with the output.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::site::load::Site;
use crate::site::load::locales;
use crate::site::output::{Sink, Stamp};
use crate::site::pages::context::Mode;
use crate::site::pages::unit::PageMeta;

/// The record's format; a record of another is not read.
const FORMAT: u32 = 1;

/// The folders and files of the project the site is built from.
const INPUTS: [&str; 4] = ["site.toml", "content", "locales", "static"];

/// What the output's explainer pages were built from.
#[derive(Serialize, Deserialize, Default)]
struct Record {
    format: u32,
    /// The site-wide key of the build that wrote the record.
    site: String,
    /// By page slug.
    pages: BTreeMap<String, Kept>,
}

/// A page's files for the record: each with the stamp it was kept with, or
/// `None` for a file rendered, stamped as the sink staged it.
pub type RecordedFiles = Vec<(String, Option<Stamp>)>;

/// One page as the record has it.
#[derive(Serialize, Deserialize, Clone)]
pub struct Kept {
    key: String,
    pub meta: PageMeta,
    /// Each of its files in the output (its HTML in every language and the
    /// calculator data assets it names), with its stamp.
    files: Vec<(String, Stamp)>,
}

impl Kept {
    /// Its files' paths in the output, each with the stamp it was kept
    /// with, for the next record.
    pub fn stamped(&self) -> RecordedFiles {
        self.files
            .iter()
            .map(|(path, stamp)| (path.clone(), Some(*stamp)))
            .collect()
    }

    /// How many of its files are HTML pages.
    pub fn pages(&self) -> usize {
        self.files
            .iter()
            .filter(|(path, _)| path.ends_with(".html"))
            .count()
    }
}

/// The keys of one build, and what the last build recorded.
pub struct Unchanged {
    /// `None`: nothing is kept, nor recorded (`check`, or a key that could
    /// not be made).
    site: Option<String>,
    last: Record,
}

impl Unchanged {
    /// The keys of a build of `site` in `mode` whose navigation shows
    /// `nav` (each page's index and meta), and the record `sink` has
    /// (unless `clean`).
    pub fn new(
        site: &Site,
        mode: Mode,
        nav: &[(usize, &PageMeta)],
        sink: &dyn Sink,
        clean: bool,
    ) -> Unchanged {
        let key = (!mode.checking)
            .then(|| site_key(site, mode, nav))
            .flatten();
        let last = (!clean)
            .then(|| sink.record())
            .flatten()
            .and_then(|bytes| serde_json::from_slice::<Record>(&bytes).ok())
            .filter(|r| r.format == FORMAT && Some(&r.site) == key.as_ref())
            .unwrap_or_default();
        Unchanged { site: key, last }
    }

    /// Page `i`'s key; `None` when it cannot be made.
    pub fn key(&self, site: &Site, i: usize) -> Option<String> {
        let site_key = self.site.as_ref()?;
        let page = &site.pages[i];
        let mut hash = Sha256::new();
        hash.update(site_key.as_bytes());
        add_bytes(&mut hash, page.slug.as_bytes());
        for file in own_files(site, i) {
            add_file(&mut hash, &site.root, &file)?;
        }
        Some(hex(&hash.finalize()))
    }

    /// Page `i` kept from the last output, its files taken by `sink` as
    /// they are; `None` when it must render (then nothing was taken, or
    /// what was is overwritten by the render).
    pub fn keep(&self, site: &Site, i: usize, key: &str, sink: &dyn Sink) -> Option<Kept> {
        let kept = self.last.pages.get(&site.pages[i].slug)?;
        // A page whose files are kept only in part is rendered: its files
        // replace those kept (the sink's `put` replaces any file), which
        // hold the same bytes, the key being the same.
        (kept.key == key
            && kept
                .files
                .iter()
                .all(|(path, stamp)| sink.keep(path, *stamp).unwrap_or(false)))
        .then(|| kept.clone())
    }

    /// The record of this build: `pages`, each page's key, meta and files
    /// (with the stamps they were kept with, or stamped as `sink` staged
    /// them), by slug; empty when nothing may be recorded.
    pub fn record(
        &self,
        pages: Vec<(String, String, PageMeta, RecordedFiles)>,
        sink: &dyn Sink,
    ) -> Vec<u8> {
        let Some(site) = &self.site else {
            return Vec::new();
        };
        let pages = pages
            .into_iter()
            .filter_map(|(slug, key, meta, files)| {
                let files = files
                    .into_iter()
                    .map(|(path, kept)| {
                        let stamp = kept.or_else(|| sink.stamp(&path))?;
                        Some((path, stamp))
                    })
                    .collect::<Option<Vec<_>>>()?;
                Some((slug, Kept { key, meta, files }))
            })
            .collect();
        let record = Record {
            format: FORMAT,
            site: site.clone(),
            pages,
        };
        serde_json::to_vec(&record).unwrap_or_default()
    }
}

/// Page `i`'s own files, relative to the project: its definition and its
/// Fluent file in every language.
fn own_files(site: &Site, i: usize) -> Vec<PathBuf> {
    let page = &site.pages[i];
    std::iter::once(page.path.clone())
        .chain(
            site.config
                .languages
                .iter()
                .map(|lang| locales::file_path(lang, &page.slug)),
        )
        .collect()
}

/// The site-wide key: the program, the mode, the base URL, the navigation
/// and every input file but the pages' own files.
fn site_key(site: &Site, mode: Mode, nav: &[(usize, &PageMeta)]) -> Option<String> {
    let mut hash = Sha256::new();
    hash.update(FORMAT.to_le_bytes());
    hash.update(program()?);
    hash.update([u8::from(mode.allow_missing)]);
    add_bytes(&mut hash, site.config.base_url.as_bytes());
    for (i, meta) in nav {
        hash.update((*i as u64).to_le_bytes());
        for word in meta.slugs.iter().chain(&meta.nav_labels) {
            add_bytes(&mut hash, word.as_bytes());
        }
    }
    let own: HashSet<PathBuf> = (0..site.pages.len())
        .flat_map(|i| own_files(site, i))
        .collect();
    for input in INPUTS {
        for entry in walkdir::WalkDir::new(site.root.join(input)).sort_by_file_name() {
            let entry = match entry {
                Ok(entry) => entry,
                // A missing input is part of what the site is.
                Err(err)
                    if err
                        .io_error()
                        .is_some_and(|e| e.kind() == std::io::ErrorKind::NotFound) =>
                {
                    add_bytes(&mut hash, input.as_bytes());
                    continue;
                }
                Err(_) => return None,
            };
            let relative = entry.path().strip_prefix(&site.root).ok()?;
            if !own.contains(relative) {
                add_file(&mut hash, &site.root, relative)?;
            }
        }
    }
    Some(hex(&hash.finalize()))
}

/// Adds `relative`'s path and what it is to `hash`: a file's bytes, a
/// folder, a link's target, or its absence. `None` when it cannot be read.
fn add_file(hash: &mut Sha256, root: &Path, relative: &Path) -> Option<()> {
    add_bytes(hash, relative.to_string_lossy().as_bytes());
    let path = root.join(relative);
    match std::fs::symlink_metadata(&path) {
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => hash.update(b"absent"),
        Err(_) => return None,
        Ok(meta) if meta.is_dir() => hash.update(b"folder"),
        Ok(meta) if meta.is_file() => {
            hash.update(b"file");
            add_bytes(hash, &std::fs::read(&path).ok()?);
        }
        Ok(_) => {
            hash.update(b"link");
            add_bytes(
                hash,
                std::fs::read_link(&path).ok()?.to_string_lossy().as_bytes(),
            );
        }
    }
    Some(())
}

/// `bytes` with their length first, so that no two sequences of parts hash
/// alike.
fn add_bytes(hash: &mut Sha256, bytes: &[u8]) {
    hash.update((bytes.len() as u64).to_le_bytes());
    hash.update(bytes);
}

/// The running program's identity, once per process: the core's sources
/// (`BACKOFF_CORE_SOURCES`) and the program file's size, modification time
/// and file number. Read from its metadata, not hashed: a debug build's
/// program is over 100 MB, and every new build of it (templates and code
/// are compiled in) has a new modification time. `None` when the program
/// cannot be found.
fn program() -> Option<&'static [u8; 32]> {
    static PROGRAM: OnceLock<Option<[u8; 32]>> = OnceLock::new();
    PROGRAM
        .get_or_init(|| {
            let meta = std::fs::metadata(std::env::current_exe().ok()?).ok()?;
            let mut hash = Sha256::new();
            add_bytes(&mut hash, crate::cache::CORE_SOURCES.as_bytes());
            add_bytes(&mut hash, env!("CARGO_PKG_VERSION").as_bytes());
            let modified = meta
                .modified()
                .ok()?
                .duration_since(std::time::UNIX_EPOCH)
                .ok()?;
            hash.update(meta.len().to_le_bytes());
            hash.update(modified.as_nanos().to_le_bytes());
            #[cfg(unix)]
            hash.update(std::os::unix::fs::MetadataExt::ino(&meta).to_le_bytes());
            Some(hash.finalize().into())
        })
        .as_ref()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
