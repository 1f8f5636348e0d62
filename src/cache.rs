//! Figures of costly build-time computations (the contention experiment,
//! and every simulation a page runs) kept on disk between builds, each
//! under a key that names everything it is computed from: its inputs as
//! written, and the core's sources (`BACKOFF_CORE_SOURCES`, the SHA-256 of
//! the core's and the module's source files, set by `build.rs`), so that a
//! change of either computes it anew.
//!
//! The store is the project's `target/.backoff-site-cache/`, never the
//! output folder, so nothing of it is deployed. An entry is one JSON file:
//! its key in full, the figures, and the SHA-256 of the figures. An entry
//! whose key is not the one asked for (a hash collision of the file name),
//! whose figures do not match their hash (a damaged or hand-edited file),
//! that is not a regular file (a link, a folder) or is larger than
//! [`MAX_ENTRY_BYTES`] is ignored, and the figures are computed again and
//! the entry rewritten. The cache only ever saves time: a store that cannot
//! be read or written is the same as an empty one, and the callers check
//! that figures they decode fit the inputs.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// The core's sources, as `build.rs` hashed them: part of every key.
pub const CORE_SOURCES: &str = env!("BACKOFF_CORE_SOURCES");

/// The largest entry read back (the site's is about 20 KB).
pub const MAX_ENTRY_BYTES: u64 = 16 << 20;

/// The folder of the store, under a project's root.
pub const FOLDER: &str = "target/.backoff-site-cache";

/// The version of the entries' layout: part of every key.
const FORMAT: u32 = 1;

/// A folder of entries.
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// The store of the project at `root` ([`FOLDER`]); `None` when
    /// `target/` or the store's folder is a link (the build's files are
    /// never written through one).
    pub fn of_project(root: &Path) -> Option<Store> {
        let target = root.join("target");
        let dir = root.join(FOLDER);
        for path in [&target, &dir] {
            if fs::symlink_metadata(path).is_ok_and(|m| !m.is_dir()) {
                return None;
            }
        }
        Some(Store { dir })
    }

    /// The figures kept under `kind` and `key`, if a sound entry holds them.
    pub fn get(&self, kind: &str, key: &str) -> Option<String> {
        let path = self.path(kind, key);
        let meta = fs::symlink_metadata(&path).ok()?;
        if !meta.is_file() || meta.len() > MAX_ENTRY_BYTES {
            return None;
        }
        let entry: serde_json::Value = serde_json::from_slice(&fs::read(&path).ok()?).ok()?;
        let figures = entry["figures"].as_str()?;
        let sound = entry["format"] == FORMAT
            && entry["key"].as_str() == Some(&full_key(kind, key))
            && entry["sha256"].as_str() == Some(&sha256(figures.as_bytes()));
        sound.then(|| figures.to_string())
    }

    /// Keeps `figures` under `kind` and `key`, replacing any entry there at
    /// once (a new file renamed over it). A failure leaves the store as it
    /// was: the next build computes the figures again.
    pub fn put(&self, kind: &str, key: &str, figures: &str) {
        let _ = self.try_put(kind, key, figures);
    }

    fn try_put(&self, kind: &str, key: &str, figures: &str) -> std::io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        let entry = serde_json::json!({
            "format": FORMAT,
            "key": full_key(kind, key),
            "sha256": sha256(figures.as_bytes()),
            "figures": figures,
        });
        let path = self.path(kind, key);
        let fresh = path.with_extension(format!("new-{}", std::process::id()));
        let _ = fs::remove_file(&fresh);
        // `create_new` fails on anything already there, a link included.
        let mut file = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&fresh)?;
        file.write_all(entry.to_string().as_bytes())?;
        drop(file);
        fs::rename(&fresh, &path).inspect_err(|_| {
            let _ = fs::remove_file(&fresh);
        })
    }

    /// `<kind>-<first 20 hex digits of the key's SHA-256>.json`.
    fn path(&self, kind: &str, key: &str) -> PathBuf {
        let digest = sha256(full_key(kind, key).as_bytes());
        self.dir.join(format!("{kind}-{}.json", &digest[..20]))
    }
}

/// The key as stored: the layout's version, the core's sources, the kind
/// and the caller's key.
fn full_key(kind: &str, key: &str) -> String {
    format!("format {FORMAT}\ncore {CORE_SOURCES}\n{kind}\n{key}")
}

/// Hex of the SHA-256 of `bytes`.
fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_read_back_only_while_sound() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::of_project(dir.path()).unwrap();
        assert_eq!(store.get("sim", "a"), None);
        store.put("sim", "a", "[1,2,3]");
        assert_eq!(store.get("sim", "a").as_deref(), Some("[1,2,3]"));
        // Another key is another entry.
        assert_eq!(store.get("sim", "b"), None);
        // Damaged figures are not read back.
        let path = store.path("sim", "a");
        let text = fs::read_to_string(&path).unwrap();
        fs::write(&path, text.replace("[1,2,3]", "[1,2,4]")).unwrap();
        assert_eq!(store.get("sim", "a"), None);
        fs::write(&path, "not json").unwrap();
        assert_eq!(store.get("sim", "a"), None);
        // Rewritten, it is read again.
        store.put("sim", "a", "[1,2,3]");
        assert_eq!(store.get("sim", "a").as_deref(), Some("[1,2,3]"));
    }

    #[cfg(unix)]
    #[test]
    fn links_are_neither_read_nor_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::of_project(dir.path()).unwrap();
        store.put("sim", "a", "[1]");
        let path = store.path("sim", "a");
        let elsewhere = dir.path().join("elsewhere.json");
        fs::rename(&path, &elsewhere).unwrap();
        std::os::unix::fs::symlink(&elsewhere, &path).unwrap();
        assert_eq!(store.get("sim", "a"), None, "an entry that is a link");
        let project = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(dir.path(), project.path().join("target")).unwrap();
        assert!(
            Store::of_project(project.path()).is_none(),
            "target/ is a link"
        );
    }
}
