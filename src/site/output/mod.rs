//! Writing the output folder (`dist/`), and deciding what the build may
//! write or delete.
//!
//! Every file goes into a staging folder beside the output folder, which
//! then takes the output folder's place in one atomic exchange: a build that
//! fails, at any point, leaves the previous output exactly as it was, and a
//! build killed at any point leaves either the old or the new output.
//!
//! The build replaces its output folder as a whole, so it must never be
//! given a folder holding anything else. [`resolve_output`] refuses, from
//! the paths alone (with symbolic links resolved), an output folder that is
//! a symbolic link, lies in a version-control folder, holds the project, or
//! lies inside one of the project's folders; [`Claim::take`] locks it and
//! refuses an existing folder holding anything the build did not write.
//! What the build wrote is listed in a manifest kept *beside* the output
//! folder, never in it, so that nothing of the build's bookkeeping is
//! deployed.
//!
//! Beside an output folder `dist` the build keeps these, and touches
//! nothing else there:
//! - `.dist.manifest`: the files of `dist` the build wrote, and
//!   `.dist.manifest.new`, the next version of it while it is written
//!   (then renamed over it, so that it changes at once);
//! - `.dist.lock`: held from before the sources are read until the build
//!   ends, so builds into one folder take turns instead of racing;
//! - `.dist.previous`: the output a build replaced, which the next build
//!   stages into, keeping the files whose bytes are unchanged;
//! - `.dist.pages`: what the output's pages were built from, and what each
//!   of their files was when written, so that the next build may keep the
//!   unchanged ones (`keep.rs`, and `.dist.pages.new` while it is written);
//! - `.dist.staging-<pid>`: the folder a running build writes into. One
//!   whose process is gone (a killed build) is removed by the next build.
//!
//! Nothing here follows a symbolic link inside the output, staging or
//! previous folders: a link where a file or folder is to be written is
//! removed, and pruning removes links, never what they point to.
//!
//! This module also names assets by their content hash. Its parts:
//! `place.rs` decides what the output folder may be; `manifest.rs` keeps the
//! record of what the build wrote and finds what it may remove; `files.rs`
//! holds the file operations that never follow a link, the atomic exchange
//! and the pruning; `keep.rs` keeps unchanged files and stores the record
//! of what may be kept; this file the sinks, the claim and the staging
//! folder.
//! Over 500 lines only with its unit tests at the end (the code is about 460).

use std::collections::{BTreeSet, HashSet};
use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

mod files;
mod keep;
mod manifest;
mod place;

pub use keep::Stamp;

use files::{
    exchange, exchange_unsupported, no_follow, prune, remove_no_follow, write_new, write_no_follow,
};
use manifest::{check_owned, remove_leftovers, write_manifest};
use place::OWN_FOLDER;
pub use place::{PROJECT_FOLDERS, Refusal, VCS_FOLDERS, blocking_file, resolve, resolve_output};

/// Where rendered files go, as soon as each is ready: pages are written
/// while others are still rendering, so a large site never sits in memory
/// as a whole. Shared by the rendering threads.
pub trait Sink: Sync {
    /// Takes one file, `path` relative to the output folder.
    fn put(&self, path: &str, bytes: &[u8]) -> io::Result<()>;

    /// The record of what the current output was built from, as the last
    /// build left it; `None` for a sink that keeps nothing.
    fn record(&self) -> Option<Vec<u8>> {
        None
    }

    /// The stamp of the file this build has put or kept at `path`.
    fn stamp(&self, _path: &str) -> Option<Stamp> {
        None
    }

    /// Takes the current output's file `path` as it is, if it is still
    /// stamped `stamp`; `Ok(false)` when it is not, and nothing was taken.
    fn keep(&self, _path: &str, _stamp: Stamp) -> io::Result<bool> {
        Ok(false)
    }
}

/// A sink that keeps nothing: `check` renders every page only for the
/// problems rendering finds.
pub struct Discard;

impl Sink for Discard {
    fn put(&self, _path: &str, _bytes: &[u8]) -> io::Result<()> {
        Ok(())
    }
}

/// A staging folder beside the output folder. Files are written into it as
/// they come; [`Staging::commit`] swaps it into place, and a staging folder
/// dropped uncommitted never reaches the output, so a failed build leaves the
/// output as it was. The output's lock, taken by its [`Claim`], is held
/// until the staging folder is committed or dropped.
///
/// The output a commit replaces is kept beside it as `.<name>.previous`, and
/// the next build stages into that folder: a file there that already holds
/// the new bytes is kept, any other is replaced by a new file (never
/// truncated and rewritten, which ext4 makes costly: `files::write_no_follow`),
/// and files the new build does not write are pruned before the swap.
pub struct Staging {
    out: PathBuf,
    dir: PathBuf,
    previous: PathBuf,
    manifest: PathBuf,
    /// The record of what the output was built from (`keep.rs`).
    record: PathBuf,
    /// The files the manifest listed when the build started.
    listed: BTreeSet<PathBuf>,
    /// Whether the staging folder is the previous output's (holding its
    /// files) rather than one this build made empty.
    reused: bool,
    written: Mutex<HashSet<PathBuf>>,
    /// Folders inside the staging folder known to be real folders (not
    /// links); the lock also keeps two threads from making one at once.
    folders: Mutex<HashSet<PathBuf>>,
    bytes: AtomicU64,
    files: AtomicUsize,
    committed: bool,
    /// Released when the staging folder is dropped, after `Drop::drop`.
    _lock: File,
}

/// An output folder claimed for one build: locked, so that no other build
/// writes it meanwhile, and checked to hold nothing the build did not write.
/// Claimed before the sources are read, so that from then until the build
/// ends, whether it fails or not, the output changes only by its hand.
pub struct Claim {
    out: PathBuf,
    parent: PathBuf,
    name: String,
    /// The files the manifest listed when the claim was made.
    listed: BTreeSet<PathBuf>,
    lock: File,
}

impl Claim {
    /// Takes the lock of the output folder `out` (waiting for another build
    /// into it to finish) and refuses an existing folder holding anything
    /// the build did not write. `out` should have passed
    /// [`resolve_output`].
    pub fn take(out: &Path) -> Result<Claim, Refusal> {
        let shown = out.display();
        let resolved =
            resolve(out).map_err(|e| Refusal::io(format!("cannot resolve `{shown}`"), e))?;
        let (Some(parent), Some(name)) = (resolved.parent(), resolved.file_name()) else {
            return Err(Refusal::new(
                format!("the output folder `{shown}` has no parent folder"),
                OWN_FOLDER,
            ));
        };
        let parent = parent.to_path_buf();
        let name = name.to_string_lossy().into_owned();
        fs::create_dir_all(&parent)
            .map_err(|e| Refusal::io(format!("cannot create `{}`", parent.display()), e))?;
        let lock_path = beside(&parent, &name, "lock");
        let had_lock = fs::symlink_metadata(&lock_path).is_ok();
        let lock = lock(&lock_path, out)
            .map_err(|e| Refusal::io(format!("cannot lock `{}`", lock_path.display()), e))?;
        let listed = match check_owned(&resolved, out, &beside(&parent, &name, "manifest")) {
            Ok(listed) => listed,
            Err(refusal) => {
                // A folder the build refuses keeps nothing of the build's
                // beside it, not even the lock it made to look.
                if !had_lock {
                    let _ = fs::remove_file(&lock_path);
                }
                return Err(refusal);
            }
        };
        Ok(Claim {
            out: resolved,
            parent,
            name,
            listed,
            lock,
        })
    }
}

/// The path of the build's file or folder `.<name>.<what>` beside the
/// output folder `<name>`.
fn beside(parent: &Path, name: &str, what: &str) -> PathBuf {
    parent.join(format!(".{name}.{what}"))
}

impl Staging {
    /// Claims the output folder `out` ([`Claim::take`]) and creates its
    /// staging folder ([`Staging::in_claim`]).
    pub fn create(out: &Path) -> Result<Staging, Refusal> {
        Staging::in_claim(Claim::take(out)?)
    }

    /// Removes staging folders of killed builds and creates the staging
    /// folder of the claimed output, reusing the previous output's folder
    /// when there is one.
    pub fn in_claim(claim: Claim) -> Result<Staging, Refusal> {
        let Claim {
            out,
            parent,
            name,
            listed,
            lock,
        } = claim;
        remove_leftovers(&parent, &name);
        let dir = beside(&parent, &name, &format!("staging-{}", std::process::id()));
        let previous = beside(&parent, &name, "previous");
        // Only a real folder is reused; a link there is removed, not followed.
        let reused = match fs::symlink_metadata(&previous) {
            Ok(meta) if meta.is_dir() => fs::rename(&previous, &dir).is_ok(),
            Ok(_) => {
                let _ = fs::remove_file(&previous);
                false
            }
            Err(_) => false,
        };
        if !reused {
            fs::create_dir(&dir)
                .map_err(|e| Refusal::io(format!("cannot create `{}`", dir.display()), e))?;
        }
        Ok(Staging {
            out,
            dir,
            previous,
            manifest: beside(&parent, &name, "manifest"),
            record: beside(&parent, &name, "pages"),
            listed,
            reused,
            written: Mutex::new(HashSet::new()),
            folders: Mutex::new(HashSet::new()),
            bytes: AtomicU64::new(0),
            files: AtomicUsize::new(0),
            committed: false,
            _lock: lock,
        })
    }

    /// Bytes and files written so far.
    pub fn written(&self) -> (u64, usize) {
        (
            self.bytes.load(Ordering::Relaxed),
            self.files.load(Ordering::Relaxed),
        )
    }

    /// Puts the staged files in the output folder's place, with `record`
    /// (what they were built from) beside it. The replaced output becomes
    /// the folder the next build stages into.
    pub fn commit(mut self, record: &[u8]) -> io::Result<()> {
        // A file put into the output while the build ran would be swapped
        // out with the old output and lost to the next build's pruning: it
        // stops the build instead, as one there at the start does. The
        // check reads only the output and the pruning only the staging
        // folder, so each walks its folder on a core of its own.
        let written = std::mem::take(&mut *self.written.lock().unwrap_or_else(|e| e.into_inner()));
        let (owned, pruned) = rayon::join(
            || check_owned(&self.out, &self.out, &self.manifest),
            || prune(&self.dir, &self.dir, &written),
        );
        if let Err(refusal) = owned {
            return Err(io::Error::other(refusal.to_string()));
        }
        pruned?;
        let written: BTreeSet<PathBuf> = written.into_iter().collect();
        // Until the swap is done the manifest lists the old files and the new
        // ones, so it covers whichever output stands at `out` if the build is
        // killed around the swap.
        let both: BTreeSet<PathBuf> = self.listed.union(&written).cloned().collect();
        write_manifest(&self.manifest, &both)?;
        // The old record describes the old output: gone before the swap, so
        // that a build killed around it finds none rather than a false one.
        remove_no_follow(&self.record);
        match fs::symlink_metadata(&self.out) {
            Err(err) if err.kind() == io::ErrorKind::NotFound => fs::rename(&self.dir, &self.out)?,
            Ok(meta) if meta.is_dir() => self.swap()?,
            Ok(_) => {
                return Err(io::Error::other(format!(
                    "{} is no longer a folder",
                    self.out.display()
                )));
            }
            Err(err) => return Err(err),
        }
        self.committed = true;
        keep::write_record(&self.record, record);
        // If this fails the wider list stays, which admits only files that
        // the previous output had.
        let _ = write_manifest(&self.manifest, &written);
        Ok(())
    }

    /// Exchanges the staging folder and the output folder in one step where
    /// the system can (Linux), so that `out` always holds a whole output;
    /// elsewhere with two renames, between which `out` is briefly missing.
    fn swap(&self) -> io::Result<()> {
        match exchange(&self.dir, &self.out) {
            Ok(()) => {
                // The staging path now holds the replaced output: keep it as
                // the folder the next build stages into.
                remove_no_follow(&self.previous);
                if fs::rename(&self.dir, &self.previous).is_err() {
                    remove_no_follow(&self.dir);
                }
                Ok(())
            }
            Err(err) if exchange_unsupported(&err) => {
                remove_no_follow(&self.previous);
                fs::rename(&self.out, &self.previous)?;
                if let Err(err) = fs::rename(&self.dir, &self.out) {
                    // Put the previous output back before reporting; if even
                    // that fails, say where it is rather than claim nothing
                    // changed.
                    if let Err(back) = fs::rename(&self.previous, &self.out) {
                        return Err(io::Error::other(format!(
                            "{err}; the previous output could not be put back ({back}) and is at `{}`",
                            self.previous.display()
                        )));
                    }
                    return Err(err);
                }
                Ok(())
            }
            Err(err) => Err(err),
        }
    }

    /// Makes `folder` (relative to the staging folder) and its parents real
    /// folders. A link or a file standing where one of them goes is
    /// removed, never followed: the reused folder may hold anything a
    /// previous output held.
    fn make_folder(&self, folder: &Path) -> io::Result<()> {
        let mut made = self.folders.lock().unwrap_or_else(|e| e.into_inner());
        if folder.as_os_str().is_empty() || made.contains(folder) {
            return Ok(());
        }
        let mut current = PathBuf::new();
        for component in folder.components() {
            current.push(component);
            if made.contains(&current) {
                continue;
            }
            let full = self.dir.join(&current);
            // In a folder this build made, nothing stands in the way, so
            // one system call makes the folder; whatever is there after all
            // is handled as in a reused folder.
            if !self.reused {
                match fs::create_dir(&full) {
                    Ok(()) => {
                        made.insert(current.clone());
                        continue;
                    }
                    Err(err) if err.kind() == io::ErrorKind::AlreadyExists => {}
                    Err(err) => return Err(err),
                }
            }
            match fs::symlink_metadata(&full) {
                Ok(meta) if meta.is_dir() => {}
                Ok(_) => {
                    fs::remove_file(&full)?;
                    fs::create_dir(&full)?;
                }
                Err(err) if err.kind() == io::ErrorKind::NotFound => fs::create_dir(&full)?,
                Err(err) => return Err(err),
            }
            made.insert(current.clone());
        }
        Ok(())
    }
}

impl Sink for Staging {
    fn put(&self, path: &str, bytes: &[u8]) -> io::Result<()> {
        let relative = inside_output(path)?;
        if let Some(folder) = relative.parent() {
            self.make_folder(folder)?;
        }
        let file = self.dir.join(relative);
        // A folder this build made holds nothing it did not write, so one
        // system call makes the file (never through a link, never over
        // anything); whatever is there after all is handled as below.
        let made = !self.reused
            && match write_new(&file, bytes) {
                Ok(()) => true,
                Err(err) if err.kind() == io::ErrorKind::AlreadyExists => false,
                Err(err) => return Err(err),
            };
        if !made {
            // The reused folder may hold a folder or a link where this file
            // goes: the new layout wins, and a link goes, not what it
            // points to.
            match fs::symlink_metadata(&file) {
                Ok(meta) if meta.is_dir() => fs::remove_dir_all(&file)?,
                Ok(meta) if !meta.is_file() => fs::remove_file(&file)?,
                _ => {}
            }
            write_no_follow(&file, bytes)?;
        }
        self.note_written(relative, bytes.len() as u64);
        Ok(())
    }

    fn record(&self) -> Option<Vec<u8>> {
        keep::read_record(&self.record)
    }

    /// The stamp of the staged file, which the output holds once committed
    /// (a rename keeps it).
    fn stamp(&self, path: &str) -> Option<Stamp> {
        keep::stamp_at(&self.dir.join(inside_output(path).ok()?))
    }

    fn keep(&self, path: &str, stamp: Stamp) -> io::Result<bool> {
        let relative = inside_output(path)?;
        let staged = self.dir.join(relative);
        // From the third build on, the staging folder (the output before
        // last) mostly holds the very file already, a hard link to the
        // output's: the same inode, size and time prove both unchanged, at
        // the cost of one lookup.
        if keep::stamp_at(&staged) == Some(stamp) {
            self.note_written(relative, stamp.len);
            return Ok(true);
        }
        if keep::stamp_at(&self.out.join(relative)) != Some(stamp) {
            return Ok(false);
        }
        if let Some(folder) = relative.parent() {
            self.make_folder(folder)?;
        }
        keep::keep_at(&self.out.join(relative), &staged, stamp)?;
        self.note_written(relative, stamp.len);
        Ok(true)
    }
}

impl Staging {
    /// Counts a file put or kept at `relative`, once however often.
    fn note_written(&self, relative: &Path, len: u64) {
        let new = self
            .written
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(relative.to_path_buf());
        if new {
            self.bytes.fetch_add(len, Ordering::Relaxed);
            self.files.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// `path` as a path relative to the output folder, refused if it could
/// reach outside it.
fn inside_output(path: &str) -> io::Result<&Path> {
    let relative = Path::new(path);
    if relative.as_os_str().is_empty()
        || !relative
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
    {
        return Err(io::Error::other(format!(
            "`{path}` is not a path inside the output folder"
        )));
    }
    Ok(relative)
}

impl Drop for Staging {
    fn drop(&mut self) {
        if self.committed {
            return;
        }
        // Never served, so still good for the next build to overwrite.
        if fs::symlink_metadata(&self.previous).is_ok()
            || fs::rename(&self.dir, &self.previous).is_err()
        {
            remove_no_follow(&self.dir);
        }
    }
}

/// Opens and locks `path`, waiting while another build holds it. The lock
/// goes with the process: a killed build never leaves it held.
fn lock(path: &Path, out: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.create(true).write(true).truncate(false);
    no_follow(&mut options);
    // Without blocking: a pipe put at the lock's name would otherwise hold
    // the build forever in `open`.
    #[cfg(unix)]
    {
        use rustix::fs::OFlags;
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(files::open_flags(OFlags::NOFOLLOW | OFlags::NONBLOCK));
    }
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::other(format!(
            "`{}` is not a regular file; remove it (the build makes its own lock there)",
            path.display()
        )));
    }
    match file.try_lock() {
        Ok(()) => {}
        Err(fs::TryLockError::WouldBlock) => {
            eprintln!(
                "waiting for another build into `{}` to finish",
                out.display()
            );
            file.lock()?;
        }
        Err(fs::TryLockError::Error(err)) => return Err(err),
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;
    use manifest::read_manifest;

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
        staging.commit(b"").unwrap();
        // The second build reuses the first one's folder once there is one.
        for round in 0..2 {
            let staging = Staging::create(&out).unwrap();
            staging
                .put("a/index.html", format!("new {round}").as_bytes())
                .unwrap();
            staging.put("c/index.html", b"now a folder").unwrap();
            staging.commit(b"").unwrap();
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
    fn the_manifest_lists_exactly_the_files_of_the_output() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("dist");
        let staging = Staging::create(&out).unwrap();
        staging.put("en/index.html", b"x").unwrap();
        staging.put("robots.txt", b"y").unwrap();
        staging.commit(b"").unwrap();
        let staging = Staging::create(&out).unwrap();
        staging.put("de/index.html", b"z").unwrap();
        staging.commit(b"").unwrap();
        let listed = read_manifest(&dir.path().join(".dist.manifest")).unwrap();
        assert_eq!(
            listed.into_iter().collect::<Vec<_>>(),
            [PathBuf::from("de/index.html")]
        );
    }

    #[test]
    fn paths_outside_the_staging_folder_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let staging = Staging::create(&dir.path().join("dist")).unwrap();
        for path in ["../escape.html", "/etc/escape", "a/../../escape", ""] {
            assert!(staging.put(path, b"x").is_err(), "{path}");
        }
        assert!(!dir.path().join("escape.html").exists());
    }
}
