//! The manifest beside the output folder (the files of the output the build
//! wrote), the check that an existing output folder holds nothing else, and
//! the removal of the staging folders of killed builds. It never writes into
//! the output folder itself.

use std::collections::{BTreeSet, HashSet};
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::files::remove_no_follow;
use super::place::Refusal;

/// A staging folder older than this is removed even if a process with its
/// number runs: the number was reused, as no build takes a day.
const STALE_STAGING: Duration = Duration::from_secs(24 * 60 * 60);

/// The first line of a manifest.
const MANIFEST_HEADER: &str =
    "# Files of the output folder written by backoff-site's build, one per line.";

/// The files the manifest lists if the existing folder `out` holds nothing
/// else; a refusal naming the first entry that is not the build's if it
/// does. A missing or empty folder holds nothing to lose.
pub(super) fn check_owned(
    out: &Path,
    shown: &Path,
    manifest: &Path,
) -> Result<BTreeSet<PathBuf>, Refusal> {
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
pub(super) fn read_manifest(path: &Path) -> Option<BTreeSet<PathBuf>> {
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
pub(super) fn write_manifest(path: &Path, files: &BTreeSet<PathBuf>) -> io::Result<()> {
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
pub(super) fn remove_leftovers(parent: &Path, name: &str) {
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
    use rustix::process::{Pid, test_kill_process};
    // Signal 0 delivers nothing: it only asks whether `pid` exists.
    let Some(pid) = i32::try_from(pid).ok().and_then(Pid::from_raw) else {
        return false;
    };
    test_kill_process(pid) == Err(rustix::io::Errno::SRCH)
}

#[cfg(not(unix))]
fn process_is_gone(_pid: u32) -> bool {
    false
}
