//! Writing `dist/`: every file goes into a staging folder beside the output
//! folder, which then takes the output folder's place. A build that fails,
//! at any point, leaves the previous output exactly as it was. The replaced
//! output is kept as `.<name>.previous` and overwritten by the next build.
//!
//! This module also refuses output folders that would overwrite the sources
//! (`--out .`, `--out locales`), and names assets by their content hash.

use std::collections::HashSet;
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
/// they come; [`Staging::commit`] swaps it into place, and a staging folder
/// dropped uncommitted never reaches the output, so a failed build leaves the
/// output as it was.
///
/// The output a commit replaces is kept beside it as `.<name>.previous`, and
/// the next build stages into that folder, overwriting its files in place.
/// Rewriting a file keeps its inode, where a fresh folder would allocate
/// thousands of new ones right after thousands were freed, which on ext4 (a
/// common host for build folders) costs more than rendering the pages.
/// Files the new build does not write are pruned before the swap.
pub struct Staging {
    out: PathBuf,
    dir: PathBuf,
    previous: PathBuf,
    written: Mutex<HashSet<PathBuf>>,
    bytes: AtomicU64,
    files: AtomicUsize,
    committed: bool,
}

impl Staging {
    /// Creates the staging folder for `out`, reusing the previous output's
    /// folder when there is one.
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
        let previous = parent.join(format!(".{name}.previous"));
        // Left over from a build that was killed: ours to remove.
        let _ = fs::remove_dir_all(&dir);
        // A rename is atomic: if another build took the previous folder
        // first, this one simply starts afresh.
        if !(previous.is_dir() && fs::rename(&previous, &dir).is_ok()) {
            fs::create_dir_all(&dir)?;
        }
        Ok(Staging {
            out,
            dir,
            previous,
            written: Mutex::new(HashSet::new()),
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

    /// Puts the staged files in the output folder's place. The replaced
    /// output becomes the folder the next build stages into.
    pub fn commit(mut self) -> io::Result<()> {
        let written = std::mem::take(&mut *self.written.lock().unwrap_or_else(|e| e.into_inner()));
        prune(&self.dir, &self.dir, &written)?;
        if self.out.exists() {
            let _ = fs::remove_dir_all(&self.previous);
            fs::rename(&self.out, &self.previous)?;
            if let Err(err) = fs::rename(&self.dir, &self.out) {
                // Put the previous output back before reporting.
                let _ = fs::rename(&self.previous, &self.out);
                return Err(err);
            }
        } else {
            fs::rename(&self.dir, &self.out)?;
        }
        self.committed = true;
        Ok(())
    }
}

/// Removes from `folder` every file not in `keep` (paths relative to
/// `root`), and folders left empty.
fn prune(root: &Path, folder: &Path, keep: &HashSet<PathBuf>) -> io::Result<()> {
    for entry in fs::read_dir(folder)? {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            prune(root, &path, keep)?;
            if fs::read_dir(&path)?.next().is_none() {
                fs::remove_dir(&path)?;
            }
        } else if !keep.contains(path.strip_prefix(root).unwrap_or(&path)) {
            fs::remove_file(&path)?;
        }
    }
    Ok(())
}

impl Sink for Staging {
    fn put(&self, path: &str, bytes: &[u8]) -> io::Result<()> {
        let file = self.dir.join(path);
        if let Some(folder) = file.parent()
            && fs::create_dir_all(folder).is_err()
        {
            // The reused folder may hold a file where this build wants a
            // folder: the new layout wins.
            clear_ancestors(&self.dir, folder);
            fs::create_dir_all(folder)?;
        }
        if file.is_dir() {
            fs::remove_dir_all(&file)?;
        }
        fs::write(&file, bytes)?;
        self.written
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(PathBuf::from(path));
        self.bytes.fetch_add(bytes.len() as u64, Ordering::Relaxed);
        self.files.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }
}

/// Removes files standing where the folders between `root` and `folder`
/// should be.
fn clear_ancestors(root: &Path, folder: &Path) {
    for ancestor in folder
        .ancestors()
        .take_while(|a| a.starts_with(root) && *a != root)
    {
        if ancestor.is_file() {
            let _ = fs::remove_file(ancestor);
        }
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if self.committed {
            return;
        }
        // Never served, so still good for the next build to overwrite.
        if self.previous.exists() || fs::rename(&self.dir, &self.previous).is_err() {
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

    fn files_below(dir: &Path) -> Vec<(String, String)> {
        let mut files: Vec<(String, String)> = walkdir::WalkDir::new(dir)
            .into_iter()
            .map(|e| e.unwrap())
            .filter(|e| e.file_type().is_file())
            .map(|e| {
                let relative = e
                    .path()
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                (relative, fs::read_to_string(e.path()).unwrap())
            })
            .collect();
        files.sort();
        files
    }

    #[test]
    fn each_commit_holds_exactly_its_own_files_and_a_failure_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("dist");
        let staging = Staging::create(&out).unwrap();
        staging.put("a/index.html", b"one").unwrap();
        staging.put("b/index.html", b"two").unwrap();
        staging.put("c", b"a file where a folder will be").unwrap();
        staging.commit().unwrap();
        // The second build reuses the first one's folder once there is one.
        for round in 0..2 {
            let staging = Staging::create(&out).unwrap();
            staging
                .put("a/index.html", format!("new {round}").as_bytes())
                .unwrap();
            staging.put("c/index.html", b"now a folder").unwrap();
            staging.commit().unwrap();
            assert_eq!(
                files_below(&out),
                [
                    ("a/index.html".to_string(), format!("new {round}")),
                    ("c/index.html".to_string(), "now a folder".to_string()),
                ]
            );
        }
        let before = files_below(&out);
        let staging = Staging::create(&out).unwrap();
        staging.put("a/index.html", b"never committed").unwrap();
        drop(staging);
        assert_eq!(files_below(&out), before);
        let leftovers: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains("staging"))
            .collect();
        assert!(leftovers.is_empty(), "{leftovers:?}");
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
