//! Keeping files of the current output in the next one unchanged, and the
//! record beside the output folder that says what the build may keep.
//!
//! A file is kept only if it is still the very file the build wrote: its
//! [`Stamp`] (size, modification time, file number) is what the record
//! noted. Anything else (a file edited by hand, replaced, or missing) makes
//! the caller render it again. A kept file is linked into the staging
//! folder (copied into a new file where the file system has no hard links), never written,
//! so that keeping it costs a system call, not its bytes; nothing of the
//! build writes into an existing file (`files::write_no_follow` makes a new
//! one), so a link shared by the output and the folder the next build
//! stages into never changes under either.
//!
//! What the record says is the render stage's (`render::unchanged`); this
//! module only stores its bytes (the staging folder's `Sink` methods call
//! it), `.<name>.pages` beside the output folder:
//! removed before the output is swapped and written after, so that a
//! record, when there is one, describes the output that stands.

use std::fs::{self, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::files::{no_follow, remove_no_follow, write_new};

/// A record larger than this is not read (about 2 KB a page are expected):
/// no build keeps anything from it.
const MAX_RECORD_BYTES: u64 = 256 << 20;

/// What a file of the output was when the build wrote it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamp {
    pub len: u64,
    /// Nanoseconds since the Unix epoch.
    pub modified: i64,
    /// The file's number on its device (0 where the system has none).
    pub file: u64,
}

impl Stamp {
    fn of(meta: &fs::Metadata) -> Option<Stamp> {
        if !meta.is_file() {
            return None;
        }
        let modified = match meta.modified().ok()?.duration_since(std::time::UNIX_EPOCH) {
            Ok(after) => after.as_nanos() as i64,
            Err(before) => -(before.duration().as_nanos() as i64),
        };
        #[cfg(unix)]
        let file = std::os::unix::fs::MetadataExt::ino(meta);
        #[cfg(not(unix))]
        let file = 0;
        Some(Stamp {
            len: meta.len(),
            modified,
            file,
        })
    }
}

/// The stamp of the file at `path`, if a file (not a link) is there.
pub(super) fn stamp_at(path: &Path) -> Option<Stamp> {
    Stamp::of(&fs::symlink_metadata(path).ok()?)
}

/// The record at `path`, if a file (not a link) no larger than
/// [`MAX_RECORD_BYTES`] is there.
pub(super) fn read_record(path: &Path) -> Option<Vec<u8>> {
    let mut options = OpenOptions::new();
    options.read(true);
    no_follow(&mut options);
    let file = options.open(path).ok()?;
    let meta = file.metadata().ok()?;
    if !meta.is_file() || meta.len() > MAX_RECORD_BYTES {
        return None;
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_RECORD_BYTES).read_to_end(&mut bytes).ok()?;
    Some(bytes)
}

/// Writes `bytes` as the record at `path` (none when empty), through a
/// new file renamed over it.
pub(super) fn write_record(path: &Path, bytes: &[u8]) {
    if bytes.is_empty() {
        return;
    }
    let new = path.with_extension("pages.new");
    remove_no_follow(&new);
    if write_new(&new, bytes).is_err() || fs::rename(&new, path).is_err() {
        remove_no_follow(&new);
    }
}

/// Puts the file `from`, stamped `stamp`, at `to` as it is (its folder
/// made by the caller): nothing to do if `to` is that file already,
/// otherwise whatever stands there is removed, never followed.
pub(super) fn keep_at(from: &Path, to: &Path, stamp: Stamp) -> io::Result<()> {
    match fs::symlink_metadata(to) {
        // Already the same file (kept by the build before).
        Ok(meta) if Stamp::of(&meta) == Some(stamp) => Ok(()),
        Ok(meta) => {
            if meta.is_dir() {
                fs::remove_dir_all(to)?;
            } else {
                fs::remove_file(to)?;
            }
            link_or_copy(from, to, stamp)
        }
        Err(err) if err.kind() == io::ErrorKind::NotFound => link_or_copy(from, to, stamp),
        Err(err) => Err(err),
    }
}

/// A hard link at `to` to the file `from`, stamped `stamp`, or a new file
/// holding a copy where the file system has no links. Never writes
/// through a file already at `to`: one there may be a link to the output's
/// own file (another page kept the same asset meanwhile), and a copy into
/// it would rewrite the output in place.
fn link_or_copy(from: &Path, to: &Path, stamp: Stamp) -> io::Result<()> {
    match fs::hard_link(from, to) {
        Ok(()) => Ok(()),
        Err(err) if err.kind() == io::ErrorKind::AlreadyExists => {
            if stamp_at(to) == Some(stamp) {
                Ok(())
            } else {
                Err(err)
            }
        }
        Err(_) => write_new(to, &fs::read(from)?),
    }
}
