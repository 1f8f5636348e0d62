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
//! edit of anything else, or a new program, rebuilds every page; a page
//! added or removed changes only itself (and the home pages, sitemaps and
//! hosting files, which every build writes, as it does the calculator's
//! data assets of the pages it renders). Any doubt keeps nothing: a file
//! that cannot be read, a record that does not parse or was made under
//! another site-wide key, an output file that is not the one the record
//! stamped (`output::Stamp`). The calculator's data assets, which many
//! pages share, are stamped once in the record and asked of the sink once
//! per build; a page is kept only when every asset it names is. A page is
//! recorded only when it rendered in every language without a single
//! diagnostic, so a page with a warning renders again, and reports it
//! again, every time.
//!
//! It decides nothing about a page's content and writes nothing itself:
//! the record's bytes go to the sink with the output.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::site::load::Site;
use crate::site::load::locales;
use crate::site::output::{Sink, Stamp};
use crate::site::pages::context::Mode;
use crate::site::pages::unit::PageMeta;

/// The record's format; a record of another is not read.
const FORMAT: u32 = 2;

/// The folders and files of the project the site is built from.
const INPUTS: [&str; 4] = ["site.toml", "content", "locales", "static"];

/// What the output's explainer pages were built from. Read as owned, and
/// written from this build's pages without copying what they borrow.
#[derive(Serialize, Deserialize, Default)]
struct Record<'a> {
    format: u32,
    /// The site-wide key of the build that wrote the record.
    site: Cow<'a, str>,
    /// Every calculator data asset a recorded page names, with its stamp:
    /// the assets are shared by many pages, so each is stamped (and kept)
    /// once.
    assets: BTreeMap<Cow<'a, str>, Stamp>,
    /// By page slug.
    pages: BTreeMap<Cow<'a, str>, Kept<'a>>,
}

/// One page as the record has it.
#[derive(Serialize, Deserialize, Clone)]
struct Kept<'a> {
    key: Cow<'a, str>,
    meta: Cow<'a, PageMeta>,
    /// Its HTML file in every language, with its stamp.
    files: Cow<'a, [(String, Stamp)]>,
    /// The calculator data assets it names (stamped in `Record::assets`).
    assets: Cow<'a, [String]>,
}

/// What this build's record says of one page, when it may be recorded.
pub enum Recorded {
    /// Kept from the last output: as the last record has it.
    Kept,
    /// Rendered under `key`: its HTML files and the data assets it names,
    /// each stamped as the sink staged it.
    Rendered {
        key: String,
        files: Vec<String>,
        assets: Vec<String>,
    },
}

/// The keys of one build, and what the last build recorded.
pub struct Unchanged {
    /// `None`: nothing is kept, nor recorded (`check`, or a key that could
    /// not be made).
    site: Option<String>,
    last: Record<'static>,
    /// Whether each data asset of the last record was kept, once asked.
    assets: Mutex<HashMap<String, bool>>,
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
            .filter(|r| r.format == FORMAT && Some(&*r.site) == key.as_deref())
            .unwrap_or_default();
        Unchanged {
            site: key,
            last,
            assets: Mutex::default(),
        }
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

    /// The meta of page `i`, kept from the last output with its files,
    /// which `sink` took as they are, and how many of them are HTML pages;
    /// `None` when it must render (then nothing was taken, or what was is
    /// overwritten by the render).
    pub fn keep(
        &self,
        site: &Site,
        i: usize,
        key: &str,
        sink: &dyn Sink,
    ) -> Option<(PageMeta, usize)> {
        let kept = self.last.pages.get(site.pages[i].slug.as_str())?;
        // A page whose files are kept only in part is rendered: its files
        // replace those kept (the sink's `put` replaces any file), which
        // hold the same bytes, the key being the same.
        let whole = kept.key == key
            && kept
                .files
                .iter()
                .all(|(path, stamp)| sink.keep(path, *stamp).unwrap_or(false))
            && kept.assets.iter().all(|path| self.keep_asset(path, sink));
        whole.then(|| (PageMeta::clone(&kept.meta), kept.files.len()))
    }

    /// Whether the data asset `path` of the last record is kept, asking
    /// `sink` once per build.
    fn keep_asset(&self, path: &str, sink: &dyn Sink) -> bool {
        let mut decided = self.assets.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&kept) = decided.get(path) {
            return kept;
        }
        let kept = self
            .last
            .assets
            .get(path)
            .is_some_and(|stamp| sink.keep(path, *stamp).unwrap_or(false));
        decided.insert(path.to_owned(), kept);
        kept
    }

    /// The record of this build: each recorded page's key, meta and files
    /// (as the last record has them when kept, stamped as `sink` staged
    /// them when rendered), by slug; empty when nothing may be recorded.
    pub fn record<'a>(
        &self,
        pages: impl Iterator<Item = (&'a str, &'a PageMeta, &'a Recorded)>,
        sink: &dyn Sink,
    ) -> Vec<u8> {
        let Some(site) = &self.site else {
            return Vec::new();
        };
        let mut record = Record {
            format: FORMAT,
            site: Cow::Borrowed(site),
            assets: BTreeMap::new(),
            pages: BTreeMap::new(),
        };
        for (slug, meta, recorded) in pages {
            let kept = match recorded {
                Recorded::Kept => {
                    let Some(last) = self.last.pages.get(slug) else {
                        continue;
                    };
                    Kept {
                        key: Cow::Borrowed(&last.key),
                        meta: Cow::Borrowed(meta),
                        files: Cow::Borrowed(&last.files),
                        assets: Cow::Borrowed(&last.assets),
                    }
                }
                Recorded::Rendered { key, files, assets } => {
                    let Some(files) = files
                        .iter()
                        .map(|path| Some((path.clone(), sink.stamp(path)?)))
                        .collect::<Option<Vec<_>>>()
                    else {
                        continue;
                    };
                    Kept {
                        key: Cow::Borrowed(key),
                        meta: Cow::Borrowed(meta),
                        files: Cow::Owned(files),
                        assets: Cow::Borrowed(assets),
                    }
                }
            };
            record.pages.insert(Cow::Borrowed(slug), kept);
        }
        // Each asset stamped as it is staged now, whether it was kept or
        // put; a page whose asset has no stamp is not recorded.
        let mut unstamped = HashSet::new();
        for kept in record.pages.values() {
            for path in kept.assets.iter() {
                if record.assets.contains_key(path.as_str()) || unstamped.contains(path) {
                    continue;
                }
                match sink.stamp(path) {
                    Some(stamp) => {
                        record.assets.insert(Cow::Owned(path.clone()), stamp);
                    }
                    None => {
                        unstamped.insert(path.clone());
                    }
                }
            }
        }
        record
            .pages
            .retain(|_, kept| kept.assets.iter().all(|path| !unstamped.contains(path)));
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
