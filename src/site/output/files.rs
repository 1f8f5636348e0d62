//! File operations of the output folder that never follow a symbolic link
//! (removing, writing, pruning) and the atomic exchange of two folders. They
//! decide nothing about what may be written: `place.rs` and the staging
//! folder do.

use std::collections::HashSet;
use std::fs::{self, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// Removes a file, a link (not what it points to) or a whole folder;
/// whatever was there is the build's own. Errors are left for the next
/// step to report.
pub(super) fn remove_no_follow(path: &Path) {
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

/// Writes `bytes` to `path`, never following a link there (a link is
/// removed, like any other file standing there).
///
/// A file there already holding exactly `bytes` is kept as it is: in the
/// reused staging folder most files are the same from build to build, and
/// reading one back costs far less than writing it. Any other file there is
/// removed and a new one made, never truncated: ext4 allocates the blocks of
/// a file written after a truncation at once rather than late (its
/// `auto_da_alloc` rule for "naive application writers", which also covers
/// a file renamed over another: the commit "ext4: Add auto_da_alloc mount
/// option", <https://git.zx2c4.com/linux-dev/commit/?id=afd4672dc7610b7feef5190168aa917cc2e417e4>),
/// and that was a fifth of a large site's build. A new file is also never
/// a hard link to a file elsewhere, which a rewritten one could be.
pub(super) fn write_no_follow(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if holds_exactly(path, bytes) {
        return Ok(());
    }
    match fs::remove_file(path) {
        Err(err) if err.kind() != io::ErrorKind::NotFound => return Err(err),
        _ => {}
    }
    write_new(path, bytes)
}

/// Makes the file `path` holding `bytes`; fails if anything, a link
/// included, is already there (`O_EXCL` with `O_NOFOLLOW`).
pub(super) fn write_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    no_follow(&mut options);
    options.open(path)?.write_all(bytes)
}

/// Whether `path` is a file (not a link) holding exactly `bytes`.
fn holds_exactly(path: &Path, bytes: &[u8]) -> bool {
    let mut options = OpenOptions::new();
    options.read(true);
    no_follow(&mut options);
    let Ok(mut file) = options.open(path) else {
        return false;
    };
    if !file
        .metadata()
        .is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64)
    {
        return false;
    }
    let mut held = Vec::with_capacity(bytes.len());
    file.read_to_end(&mut held).is_ok() && held == bytes
}

#[cfg(unix)]
pub(super) fn no_follow(options: &mut OpenOptions) {
    use std::os::unix::fs::OpenOptionsExt;
    options.custom_flags(open_flags(rustix::fs::OFlags::NOFOLLOW));
}

/// `flags` as `OpenOptionsExt::custom_flags` takes them.
#[cfg(unix)]
pub(super) fn open_flags(flags: rustix::fs::OFlags) -> i32 {
    flags.bits() as i32
}

#[cfg(not(unix))]
pub(super) fn no_follow(_options: &mut OpenOptions) {}

/// Swaps the two paths in one atomic step (`renameat2` with
/// `RENAME_EXCHANGE`, through rustix, which makes the system call itself:
/// older glibc has no wrapper for it).
#[cfg(target_os = "linux")]
pub(super) fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE).map_err(io::Error::from)
}

#[cfg(not(target_os = "linux"))]
pub(super) fn exchange(_a: &Path, _b: &Path) -> io::Result<()> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

/// Whether an exchange failed because the system or the file system
/// cannot do one (old kernels, some network file systems), rather than
/// because of the folders.
pub(super) fn exchange_unsupported(err: &io::Error) -> bool {
    if err.kind() == io::ErrorKind::Unsupported {
        return true;
    }
    #[cfg(unix)]
    if let Some(code) = err.raw_os_error() {
        use rustix::io::Errno;
        return [Errno::NOSYS, Errno::INVAL, Errno::OPNOTSUPP]
            .iter()
            .any(|e| e.raw_os_error() == code);
    }
    false
}

/// Removes from `folder` every file not in `keep` (paths relative to
/// `root`), and folders left empty; returns whether `folder` is left empty.
/// A link is removed like a file: its entry's type is that of the link, so
/// pruning never follows one.
///
/// A folder that holds no file to keep is removed whole, by
/// `fs::remove_dir_all`, which walks it by open folders rather than by
/// paths: a tree nested deeper than the system's longest path
/// (`ENAMETOOLONG` for a path) is removed too.
pub(super) fn prune(root: &Path, folder: &Path, keep: &HashSet<PathBuf>) -> io::Result<bool> {
    let kept_folders: HashSet<&Path> = keep.iter().flat_map(|f| f.ancestors().skip(1)).collect();
    prune_below(root, folder, keep, &kept_folders)
}

fn prune_below(
    root: &Path,
    folder: &Path,
    keep: &HashSet<PathBuf>,
    kept_folders: &HashSet<&Path>,
) -> io::Result<bool> {
    let mut empty = true;
    for entry in fs::read_dir(folder)? {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            if !kept_folders.contains(path.strip_prefix(root).unwrap_or(&path)) {
                fs::remove_dir_all(&path)?;
                continue;
            }
            // The folder's own listing tells whether anything is left in
            // it, without reading it a second time.
            if prune_below(root, &path, keep, kept_folders)? {
                fs::remove_dir(&path)?;
            } else {
                empty = false;
            }
        } else if !keep.contains(path.strip_prefix(root).unwrap_or(&path)) {
            fs::remove_file(&path)?;
        } else {
            empty = false;
        }
    }
    Ok(empty)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs::File;
    use std::time::{Duration, SystemTime};

    #[cfg(unix)]
    fn inode(path: &Path) -> u64 {
        use std::os::unix::fs::MetadataExt;
        fs::symlink_metadata(path).unwrap().ino()
    }

    #[cfg(unix)]
    #[test]
    fn a_file_with_the_same_bytes_is_kept_and_another_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("page.html");
        write_no_follow(&file, b"one").unwrap();
        let first = inode(&file);
        // Written long ago, so that a rewrite would show.
        let then = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000_000);
        File::options()
            .write(true)
            .open(&file)
            .unwrap()
            .set_modified(then)
            .unwrap();
        write_no_follow(&file, b"one").unwrap();
        let kept = fs::metadata(&file).unwrap().modified().unwrap();
        assert_eq!((inode(&file), kept), (first, then), "the same bytes: kept");
        // A file held open keeps its inode in use, so the new file cannot
        // get the same number back.
        let _held = File::open(&file).unwrap();
        write_no_follow(&file, b"two").unwrap();
        assert_ne!(inode(&file), first, "other bytes: a new file");
        assert_eq!(fs::read(&file).unwrap(), b"two");
        write_no_follow(&file, b"twothree").unwrap();
        assert_eq!(fs::read(&file).unwrap(), b"twothree");
    }

    #[cfg(unix)]
    #[test]
    fn writing_never_goes_through_a_link_or_a_hard_link() {
        let dir = tempfile::tempdir().unwrap();
        let outside = dir.path().join("outside");
        fs::write(&outside, b"precious").unwrap();
        let linked = dir.path().join("linked.html");
        std::os::unix::fs::symlink(&outside, &linked).unwrap();
        write_no_follow(&linked, b"page").unwrap();
        let hard = dir.path().join("hard.html");
        fs::hard_link(&outside, &hard).unwrap();
        write_no_follow(&hard, b"page").unwrap();
        assert_eq!(fs::read(&outside).unwrap(), b"precious");
        for path in [&linked, &hard] {
            assert!(fs::symlink_metadata(path).unwrap().is_file());
            assert_eq!(fs::read(path).unwrap(), b"page");
        }
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
}
