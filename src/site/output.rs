//! Writing `dist/`: every file goes into a staging folder beside the output
//! folder, which then takes the output folder's place. A build that fails,
//! at any point, leaves the previous output exactly as it was.
//!
//! This module also refuses output folders that would overwrite the sources
//! (`--out .`, `--out locales`), and names assets by their content hash.

use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use sha2::{Digest, Sha256};

/// The folders the build reads, relative to the project root.
pub const SOURCE_FOLDERS: &[&str] = &["content", "locales", "static", "templates", "src"];

/// Where rendered files go, as soon as each is ready: pages are written
/// while others are still rendering, so a large site never sits in memory
/// as a whole. Shared by the rendering threads.
pub trait Sink: Sync {
    /// Takes one file, `path` relative to the output folder.
    fn put(&self, path: &str, bytes: &[u8]) -> io::Result<()>;
}

/// A sink that keeps nothing: `check` renders every page only for the
/// problems rendering finds.
pub struct Discard;

impl Sink for Discard {
    fn put(&self, _path: &str, _bytes: &[u8]) -> io::Result<()> {
        Ok(())
    }
}

/// A sink that keeps everything in memory, for tests and tools.
#[derive(Default)]
pub struct Memory {
    pub files: Mutex<Vec<(String, Vec<u8>)>>,
}

impl Sink for Memory {
    fn put(&self, path: &str, bytes: &[u8]) -> io::Result<()> {
        self.files
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((path.to_string(), bytes.to_vec()));
        Ok(())
    }
}

/// A staging folder beside the output folder. Files are written into it as
/// they come; [`Staging::commit`] swaps it into place, and dropping it
/// uncommitted removes it, so a failed build leaves no trace.
pub struct Staging {
    out: PathBuf,
    dir: PathBuf,
    bytes: AtomicU64,
    files: AtomicUsize,
    committed: bool,
}

impl Staging {
    /// Creates a fresh staging folder for `out`.
    pub fn create(out: &Path) -> io::Result<Staging> {
        let out = normalize(out)?;
        let parent = out
            .parent()
            .ok_or_else(|| io::Error::other("the output folder has no parent folder"))?;
        let name = out
            .file_name()
            .ok_or_else(|| io::Error::other("the output folder has no name"))?
            .to_string_lossy()
            .into_owned();
        if out.exists() && !out.is_dir() {
            return Err(io::Error::other(format!(
                "{} exists and is not a folder",
                out.display()
            )));
        }
        fs::create_dir_all(parent)?;
        let dir = parent.join(format!(".{name}.staging-{}", std::process::id()));
        // Left over from a build that was killed: ours to remove.
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir)?;
        Ok(Staging {
            out,
            dir,
            bytes: AtomicU64::new(0),
            files: AtomicUsize::new(0),
            committed: false,
        })
    }

    /// Bytes and files written so far.
    pub fn written(&self) -> (u64, usize) {
        (
            self.bytes.load(Ordering::Relaxed),
            self.files.load(Ordering::Relaxed),
        )
    }

    /// Puts the staged files in the output folder's place; the previous
    /// output is removed only once the new one is there.
    pub fn commit(mut self) -> io::Result<()> {
        let parent = self.dir.parent().map(Path::to_path_buf).unwrap_or_default();
        let name = self
            .out
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let retired = parent.join(format!(".{name}.old-{}", std::process::id()));
        let _ = fs::remove_dir_all(&retired);
        if self.out.exists() {
            fs::rename(&self.out, &retired)?;
            if let Err(err) = fs::rename(&self.dir, &self.out) {
                // Put the previous output back before reporting.
                let _ = fs::rename(&retired, &self.out);
                return Err(err);
            }
            let _ = fs::remove_dir_all(&retired);
        } else {
            fs::rename(&self.dir, &self.out)?;
        }
        self.committed = true;
        Ok(())
    }
}

impl Sink for Staging {
    fn put(&self, path: &str, bytes: &[u8]) -> io::Result<()> {
        let file = self.dir.join(path);
        if let Some(folder) = file.parent() {
            fs::create_dir_all(folder)?;
        }
        fs::write(&file, bytes)?;
        self.bytes.fetch_add(bytes.len() as u64, Ordering::Relaxed);
        self.files.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.committed {
            let _ = fs::remove_dir_all(&self.dir);
        }
    }
}

/// `name.ext` becomes `name.<hash>.ext`, the hash being the first 10 hex
/// digits of the SHA-256 of `bytes`, so a changed asset gets a new name and
/// can be cached forever.
pub fn hashed_name(name: &str, bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let hash: String = digest.iter().take(5).map(|b| format!("{b:02x}")).collect();
    match name.rsplit_once('.') {
        Some((stem, ext)) => format!("{stem}.{hash}.{ext}"),
        None => format!("{name}.{hash}"),
    }
}

/// `path` made absolute and free of `.` and `..`, without touching the disk
/// (the folder need not exist yet).
pub fn normalize(path: &Path) -> io::Result<PathBuf> {
    let absolute = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()?.join(path)
    };
    let mut out = PathBuf::new();
    for component in absolute.components() {
        match component {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    Ok(out)
}

/// Why an output folder is refused, if it is.
pub fn refuse_output(root: &Path, out: &Path) -> io::Result<Option<String>> {
    let shown = out.display();
    let root = normalize(root)?;
    let out = normalize(out)?;
    if out == root || root.starts_with(&out) {
        return Ok(Some(format!(
            "the output folder `{shown}` holds the project's sources; choose a folder of its own, such as `dist`"
        )));
    }
    for folder in SOURCE_FOLDERS {
        let source = root.join(folder);
        if out.starts_with(&source) {
            return Ok(Some(format!(
                "the output folder `{shown}` is inside the source folder `{folder}/`; choose a folder of its own, such as `dist`"
            )));
        }
    }
    Ok(None)
}

/// A file standing where the output folder or one of its parents should
/// be, which would make the build fail only after all the work.
pub fn blocking_file(out: &Path) -> Option<PathBuf> {
    out.ancestors()
        .filter(|a| !a.as_os_str().is_empty())
        .find(|a| a.exists())
        .filter(|a| !a.is_dir())
        .map(Path::to_path_buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_names_change_with_content() {
        let a = hashed_name("style.css", b"body{}");
        assert!(
            a.starts_with("style.") && a.ends_with(".css") && a.len() == "style..css".len() + 10
        );
        assert_ne!(a, hashed_name("style.css", b"body{ }"));
        assert_eq!(a, hashed_name("style.css", b"body{}"));
    }

    #[test]
    fn output_may_not_hold_or_sit_in_sources() {
        let root = Path::new("/project");
        assert!(
            refuse_output(root, Path::new("/project"))
                .unwrap()
                .is_some()
        );
        assert!(
            refuse_output(root, Path::new("/project/."))
                .unwrap()
                .is_some()
        );
        assert!(refuse_output(root, Path::new("/")).unwrap().is_some());
        assert!(
            refuse_output(root, Path::new("/project/locales"))
                .unwrap()
                .is_some()
        );
        assert!(
            refuse_output(root, Path::new("/project/content/x/.."))
                .unwrap()
                .is_some()
        );
        assert!(
            refuse_output(root, Path::new("/project/dist"))
                .unwrap()
                .is_none()
        );
        assert!(
            refuse_output(root, Path::new("/elsewhere/out"))
                .unwrap()
                .is_none()
        );
    }
}
