//! File operations of the output folder that never follow a symbolic link
//! (removing, writing, pruning) and the atomic exchange of two folders. They
//! decide nothing about what may be written: `place.rs` and the staging
//! folder do.

use std::collections::HashSet;
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
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

/// Writes `bytes` to `path`, refusing (rather than following) a link there.
pub(super) fn write_no_follow(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut options = OpenOptions::new();
    options.write(true).create(true).truncate(true);
    no_follow(&mut options);
    options.open(path)?.write_all(bytes)
}

#[cfg(unix)]
pub(super) fn no_follow(options: &mut OpenOptions) {
    use std::os::unix::fs::OpenOptionsExt;
    options.custom_flags(libc::O_NOFOLLOW);
}

#[cfg(not(unix))]
pub(super) fn no_follow(_options: &mut OpenOptions) {}

/// Swaps the two paths in one atomic step (`renameat2` with
/// `RENAME_EXCHANGE`).
#[cfg(target_os = "linux")]
pub(super) fn exchange(a: &Path, b: &Path) -> io::Result<()> {
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
        return [libc::ENOSYS, libc::EINVAL, libc::EOPNOTSUPP].contains(&code);
    }
    false
}

/// Removes from `folder` every file not in `keep` (paths relative to
/// `root`), and folders left empty. A link is removed like a file: its
/// entry's type is that of the link, so pruning never follows one.
pub(super) fn prune(root: &Path, folder: &Path, keep: &HashSet<PathBuf>) -> io::Result<()> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
