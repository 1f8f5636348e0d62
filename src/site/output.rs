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
//! - `.dist.manifest`: the files of `dist` the build wrote;
//! - `.dist.lock`: held from before the sources are read until the build
//!   ends, so builds into one folder take turns instead of racing;
//! - `.dist.previous`: the output a build replaced, which the next build
//!   overwrites in place;
//! - `.dist.staging-<pid>`: the folder a running build writes into. One
//!   whose process is gone (a killed build) is removed by the next build.
//!
//! Nothing here follows a symbolic link inside the output, staging or
//! previous folders: a link where a file or folder is to be written is
//! removed, and pruning removes links, never what they point to.
//!
//! This module also names assets by their content hash.

use std::collections::{BTreeSet, HashSet};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use sha2::{Digest, Sha256};

/// The project's own folders: the ones the build reads, and the ones that
/// hold its code, tests and tools. An output folder may be none of them nor
/// lie inside one; `target/` may hold output folders (the preview of
/// `serve`, the browser tests' build), but may not be one.
pub const PROJECT_FOLDERS: &[&str] = &[
    "content",
    "locales",
    "static",
    "templates",
    "src",
    "tests",
    "benches",
    "fuzz",
    "scripts",
    "target",
    "node_modules",
    ".ci",
    ".github",
];

/// The folder inside the project where output folders may nest.
const ARTIFACTS_FOLDER: &str = "target";

/// Folders of version-control systems: their contents are history, which a
/// build must never replace.
pub const VCS_FOLDERS: &[&str] = &[
    ".git", ".hg", ".svn", ".bzr", "_darcs", ".pijul", ".jj", "CVS",
];

/// A staging folder older than this is removed even if a process with its
/// number runs: the number was reused, as no build takes a day.
const STALE_STAGING: Duration = Duration::from_secs(24 * 60 * 60);

/// The first line of a manifest.
const MANIFEST_HEADER: &str =
    "# Files of the output folder written by backoff-site's build, one per line.";

/// Why an output folder is refused, and what to do instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub message: String,
    pub hint: Option<String>,
}

impl Refusal {
    fn new(message: impl Into<String>, hint: impl Into<String>) -> Refusal {
        Refusal {
            message: message.into(),
            hint: Some(hint.into()),
        }
    }

    /// An error of the file system, without a hint: the message says it all.
    fn io(what: impl std::fmt::Display, err: io::Error) -> Refusal {
        Refusal {
            message: format!("{what}: {err}"),
            hint: None,
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)?;
        if let Some(hint) = &self.hint {
            write!(f, " ({hint})")?;
        }
        Ok(())
    }
}

const OWN_FOLDER: &str = "choose a folder of its own, such as `dist`";

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

/// Decides, from the paths alone, whether `out` may be the output folder of
/// the project at `root`. Paths are resolved first (every symbolic link of
/// the existing part followed, `.` and `..` removed), so no spelling and no
/// link gets around a rule.
pub fn resolve_output(root: &Path, out: &Path) -> Result<PathBuf, Refusal> {
    let shown = out.display();
    if let Some(file) = blocking_file(out) {
        return Err(Refusal::new(
            format!(
                "`{}` is a file, so the output folder cannot be created",
                file.display()
            ),
            "remove the file, or choose another output folder",
        ));
    }
    // A link would be replaced by a folder, or its target written through:
    // neither is what whoever made the link meant. Without a trailing `/`,
    // which would make the system look through the link.
    let given: PathBuf = out.components().collect();
    if fs::symlink_metadata(&given).is_ok_and(|m| m.file_type().is_symlink()) {
        let target = fs::read_link(&given)
            .map(|t| format!(" (to `{}`)", t.display()))
            .unwrap_or_default();
        return Err(Refusal::new(
            format!(
                "the output folder `{shown}` is a symbolic link{target}, and the build never writes through links"
            ),
            "give the path of the folder it points to, if that folder is meant, or of a new folder",
        ));
    }
    let root = resolve(root).map_err(|e| Refusal::io("cannot resolve the project folder", e))?;
    let resolved = resolve(out).map_err(|e| Refusal::io(format!("cannot resolve `{shown}`"), e))?;
    if root.starts_with(&resolved) {
        let what = if root == resolved { "is" } else { "holds" };
        return Err(Refusal::new(
            format!(
                "the output folder `{shown}` {what} the project folder, which a build would replace as a whole"
            ),
            OWN_FOLDER,
        ));
    }
    // Compared ignoring case, as some file systems do.
    if let Some(vcs) = resolved.ancestors().find_map(|a| {
        let name = a.file_name()?.to_str()?;
        VCS_FOLDERS.iter().find(|v| name.eq_ignore_ascii_case(v))
    }) {
        let what = if resolved
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.eq_ignore_ascii_case(vcs))
        {
            "is"
        } else {
            "is inside"
        };
        return Err(Refusal::new(
            format!(
                "the output folder `{shown}` {what} a version-control folder (`{vcs}/`), whose history a build would replace"
            ),
            OWN_FOLDER,
        ));
    }
    if let Ok(inside) = resolved.strip_prefix(&root) {
        // Where a link or `..` took the path, say so: the rule is about
        // where it ends up.
        let resolves_to = if inside == out {
            String::new()
        } else {
            format!(" (it resolves to `{}` in the project)", inside.display())
        };
        let mut parts = inside.components();
        let top = parts
            .next()
            .map(|c| c.as_os_str().to_string_lossy().into_owned());
        let deeper = parts.next().is_some();
        if let Some(top) = top {
            let own = PROJECT_FOLDERS.iter().any(|f| f.eq_ignore_ascii_case(&top));
            if own && (top != ARTIFACTS_FOLDER || !deeper) {
                let message = if deeper {
                    format!(
                        "the output folder `{shown}` is inside the project's folder `{top}/`{resolves_to}"
                    )
                } else {
                    format!(
                        "the output folder `{shown}` is the project's folder `{top}/`{resolves_to}, which a build would replace as a whole"
                    )
                };
                return Err(Refusal::new(message, OWN_FOLDER));
            }
            if deeper && top != ARTIFACTS_FOLDER {
                return Err(Refusal::new(
                    format!(
                        "the output folder `{shown}` is inside `{top}/`{resolves_to}; inside the project, an output folder is a folder at its top or under `{ARTIFACTS_FOLDER}/`"
                    ),
                    "build into a folder at the top of the project, such as `dist`, or outside the project",
                ));
            }
        }
    }
    Ok(resolved)
}

/// `path` made absolute, with every symbolic link of its existing part
/// resolved and free of `.` and `..`; the rest need not exist yet.
pub fn resolve(path: &Path) -> io::Result<PathBuf> {
    let absolute = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()?.join(path)
    };
    let mut resolved = PathBuf::new();
    for component in absolute.components() {
        match component {
            // `resolved` holds no link, so its parent is what `..` means.
            Component::ParentDir => {
                resolved.pop();
            }
            Component::CurDir => {}
            other => {
                resolved.push(other);
                if fs::symlink_metadata(&resolved).is_ok() {
                    resolved = fs::canonicalize(&resolved)?;
                }
            }
        }
    }
    Ok(resolved)
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

/// A staging folder beside the output folder. Files are written into it as
/// they come; [`Staging::commit`] swaps it into place, and a staging folder
/// dropped uncommitted never reaches the output, so a failed build leaves the
/// output as it was. The output's lock, taken by its [`Claim`], is held
/// until the staging folder is committed or dropped.
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
    manifest: PathBuf,
    /// The files the manifest listed when the build started.
    listed: BTreeSet<PathBuf>,
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
        let lock = lock(&lock_path, out)
            .map_err(|e| Refusal::io(format!("cannot lock `{}`", lock_path.display()), e))?;
        let listed = check_owned(&resolved, out, &beside(&parent, &name, "manifest"))?;
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
            listed,
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

    /// Puts the staged files in the output folder's place. The replaced
    /// output becomes the folder the next build stages into.
    pub fn commit(mut self) -> io::Result<()> {
        let written = std::mem::take(&mut *self.written.lock().unwrap_or_else(|e| e.into_inner()));
        prune(&self.dir, &self.dir, &written)?;
        let written: BTreeSet<PathBuf> = written.into_iter().collect();
        // Until the swap is done the manifest lists the old files and the new
        // ones, so it covers whichever output stands at `out` if the build is
        // killed around the swap.
        let both: BTreeSet<PathBuf> = self.listed.union(&written).cloned().collect();
        write_manifest(&self.manifest, &both)?;
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
        if let Some(folder) = relative.parent() {
            self.make_folder(folder)?;
        }
        let file = self.dir.join(relative);
        // The reused folder may hold a folder or a link where this file
        // goes: the new layout wins, and a link goes, not what it points to.
        match fs::symlink_metadata(&file) {
            Ok(meta) if meta.is_dir() => fs::remove_dir_all(&file)?,
            Ok(meta) if !meta.is_file() => fs::remove_file(&file)?,
            _ => {}
        }
        write_no_follow(&file, bytes)?;
        self.written
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(relative.to_path_buf());
        self.bytes.fetch_add(bytes.len() as u64, Ordering::Relaxed);
        self.files.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }
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
    let file = options.open(path)?;
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

/// The files the manifest lists if the existing folder `out` holds nothing
/// else; a refusal naming the first entry that is not the build's if it
/// does. A missing or empty folder holds nothing to lose.
fn check_owned(out: &Path, shown: &Path, manifest: &Path) -> Result<BTreeSet<PathBuf>, Refusal> {
    let shown_out = shown.display();
    match fs::symlink_metadata(out) {
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(BTreeSet::new()),
        Err(err) => return Err(Refusal::io(format!("cannot read `{shown_out}`"), err)),
        Ok(meta) if !meta.is_dir() => {
            return Err(Refusal::new(
                format!("`{shown_out}` exists and is not a folder"),
                "remove it, or choose another output folder",
            ));
        }
        Ok(_) => {}
    }
    let mut entries = walkdir::WalkDir::new(out)
        .min_depth(1)
        .sort_by_file_name()
        .into_iter()
        .peekable();
    if entries.peek().is_none() {
        return Ok(BTreeSet::new());
    }
    let hint = "the build replaces its output folder as a whole, so it writes only into a new or empty folder or one it made; move that away, or choose another folder";
    let Some(listed) = read_manifest(manifest) else {
        return Err(Refusal::new(
            format!(
                "the output folder `{shown_out}` is not empty, and no build made it (there is no `{}` beside it)",
                manifest.file_name().unwrap_or_default().to_string_lossy()
            ),
            "the build replaces its output folder as a whole, so it writes only into a new or empty folder or one it made; choose another folder, or delete this one if it is an old output",
        ));
    };
    let folders: HashSet<&Path> = listed
        .iter()
        .flat_map(|f| f.ancestors().skip(1))
        .filter(|a| !a.as_os_str().is_empty())
        .collect();
    for entry in entries {
        let entry =
            entry.map_err(|e| Refusal::io(format!("cannot read `{shown_out}`"), e.into()))?;
        let relative = entry.path().strip_prefix(out).unwrap_or(entry.path());
        let kind = entry.file_type();
        let ours = if kind.is_dir() {
            folders.contains(relative)
        } else {
            kind.is_file() && listed.contains(relative)
        };
        if !ours {
            let what = if kind.is_symlink() {
                ", a symbolic link,"
            } else {
                ""
            };
            return Err(Refusal::new(
                format!(
                    "the output folder `{shown_out}` holds `{}`{what} which the build did not write",
                    shown.join(relative).display()
                ),
                hint,
            ));
        }
    }
    Ok(listed)
}

/// The files a manifest lists; `None` without one (a link is not one).
fn read_manifest(path: &Path) -> Option<BTreeSet<PathBuf>> {
    if !fs::symlink_metadata(path).ok()?.is_file() {
        return None;
    }
    let text = fs::read_to_string(path).ok()?;
    Some(
        text.lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(PathBuf::from)
            .collect(),
    )
}

/// Replaces the manifest at once (a new file renamed over the old one), so
/// that a reader sees the old list or the new one, never half of one.
fn write_manifest(path: &Path, files: &BTreeSet<PathBuf>) -> io::Result<()> {
    let mut text = format!("{MANIFEST_HEADER}\n");
    for file in files {
        text.push_str(&file.to_string_lossy());
        text.push('\n');
    }
    let mut fresh = path.as_os_str().to_owned();
    fresh.push(".new");
    let fresh = PathBuf::from(fresh);
    remove_no_follow(&fresh);
    // `create_new` never follows a link: it fails on anything already there.
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&fresh)?
        .write_all(text.as_bytes())?;
    fs::rename(&fresh, path)
}

/// Removes the staging folders of builds into `.<name>` that were killed:
/// their process is gone, or the folder is too old to be a running build's.
/// Called with the lock held, so no build of ours is writing one; the check
/// of the process keeps a folder another machine's build may be using.
fn remove_leftovers(parent: &Path, name: &str) {
    let prefix = format!(".{name}.staging-");
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(pid) = file_name
            .to_str()
            .and_then(|n| n.strip_prefix(&prefix))
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let stale = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > STALE_STAGING);
        if pid == std::process::id() || process_is_gone(pid) || stale {
            remove_no_follow(&entry.path());
        }
    }
}

/// Whether no process `pid` runs (as far as this system can tell).
#[cfg(unix)]
fn process_is_gone(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    if pid <= 0 {
        return false;
    }
    // SAFETY: signal 0 delivers nothing; it only asks whether `pid` exists.
    let result = unsafe { libc::kill(pid, 0) };
    result == -1 && io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH)
}

#[cfg(not(unix))]
fn process_is_gone(_pid: u32) -> bool {
    false
}

/// Removes a file, a link (not what it points to) or a whole folder;
/// whatever was there is the build's own. Errors are left for the next
/// step to report.
fn remove_no_follow(path: &Path) {
    match fs::symlink_metadata(path) {
        // `remove_dir_all` removes links inside the folder, not their targets.
        Ok(meta) if meta.is_dir() => {
            let _ = fs::remove_dir_all(path);
        }
        Ok(_) => {
            let _ = fs::remove_file(path);
        }
        Err(_) => {}
    }
}

/// Writes `bytes` to `path`, refusing (rather than following) a link there.
fn write_no_follow(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut options = OpenOptions::new();
    options.write(true).create(true).truncate(true);
    no_follow(&mut options);
    options.open(path)?.write_all(bytes)
}

#[cfg(unix)]
fn no_follow(options: &mut OpenOptions) {
    use std::os::unix::fs::OpenOptionsExt;
    options.custom_flags(libc::O_NOFOLLOW);
}

#[cfg(not(unix))]
fn no_follow(_options: &mut OpenOptions) {}

/// Swaps the two paths in one atomic step (`renameat2` with
/// `RENAME_EXCHANGE`).
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let a = CString::new(a.as_os_str().as_bytes())?;
    let b = CString::new(b.as_os_str().as_bytes())?;
    // The raw system call, not glibc's wrapper, which older glibc lacks.
    // SAFETY: both paths are NUL-terminated strings that outlive the call.
    let result = unsafe {
        libc::syscall(
            libc::SYS_renameat2,
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if result == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(not(target_os = "linux"))]
fn exchange(_a: &Path, _b: &Path) -> io::Result<()> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

/// Whether an exchange failed because the system or the file system
/// cannot do one (old kernels, some network file systems), rather than
/// because of the folders.
fn exchange_unsupported(err: &io::Error) -> bool {
    if err.kind() == io::ErrorKind::Unsupported {
        return true;
    }
    #[cfg(unix)]
    if let Some(code) = err.raw_os_error() {
        return [libc::ENOSYS, libc::EINVAL, libc::EOPNOTSUPP].contains(&code);
    }
    false
}

/// Removes from `folder` every file not in `keep` (paths relative to
/// `root`), and folders left empty. A link is removed like a file: its
/// entry's type is that of the link, so pruning never follows one.
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
    fn the_manifest_lists_exactly_the_files_of_the_output() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("dist");
        let staging = Staging::create(&out).unwrap();
        staging.put("en/index.html", b"x").unwrap();
        staging.put("robots.txt", b"y").unwrap();
        staging.commit().unwrap();
        let staging = Staging::create(&out).unwrap();
        staging.put("de/index.html", b"z").unwrap();
        staging.commit().unwrap();
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

    #[cfg(target_os = "linux")]
    #[test]
    fn exchange_swaps_two_folders() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        fs::create_dir(&a).unwrap();
        fs::create_dir(&b).unwrap();
        fs::write(a.join("from-a"), "").unwrap();
        fs::write(b.join("from-b"), "").unwrap();
        exchange(&a, &b).unwrap();
        assert!(a.join("from-b").exists() && b.join("from-a").exists());
    }

    #[test]
    fn output_may_not_hold_or_sit_in_the_project() {
        let root = Path::new("/project");
        for refused in [
            "/project",
            "/project/.",
            "/",
            "/project/locales",
            "/project/content/x/..",
            "/project/tests",
            "/project/tests/out",
            "/project/target",
            "/project/docs/site",
            "/project/dist/en",
            "/project/.git",
            "/project/.GIT",
            "/project/Tests",
            "/elsewhere/.hg/out",
        ] {
            assert!(
                resolve_output(root, Path::new(refused)).is_err(),
                "{refused}"
            );
        }
        for accepted in [
            "/project/dist",
            "/project/target/serve",
            "/project/preview",
            "/elsewhere/out",
        ] {
            assert!(
                resolve_output(root, Path::new(accepted)).is_ok(),
                "{accepted}"
            );
        }
    }
}
