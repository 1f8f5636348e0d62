//! Writing `dist/`: every file goes into a staging folder beside the output
//! folder, which then takes the output folder's place. A build that fails,
//! at any point, leaves the previous output exactly as it was.
//!
//! This module also refuses output folders that would overwrite the sources
//! (`--out .`, `--out locales`), and names assets by their content hash.

use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

use sha2::{Digest, Sha256};

/// The folders the build reads, relative to the project root.
pub const SOURCE_FOLDERS: &[&str] = &["content", "locales", "static", "templates", "src"];

/// One file of the output, relative to the output folder.
#[derive(Debug, PartialEq, Eq)]
pub struct OutputFile {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
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

/// Writes `files` into a fresh staging folder next to `out`, then swaps it
/// into place. Returns the number of bytes written.
pub fn write_atomically(out: &Path, files: &[OutputFile]) -> io::Result<u64> {
    let out = normalize(out)?;
    let parent = out
        .parent()
        .ok_or_else(|| io::Error::other("the output folder has no parent folder"))?;
    let name = out
        .file_name()
        .ok_or_else(|| io::Error::other("the output folder has no name"))?
        .to_string_lossy()
        .into_owned();
    fs::create_dir_all(parent)?;
    if out.exists() && !out.is_dir() {
        return Err(io::Error::other(format!(
            "{} exists and is not a folder",
            out.display()
        )));
    }
    let staging = parent.join(format!(".{name}.staging-{}", std::process::id()));
    let retired = parent.join(format!(".{name}.old-{}", std::process::id()));
    // Left over from a build that was killed: ours to remove.
    let _ = fs::remove_dir_all(&staging);
    let _ = fs::remove_dir_all(&retired);
    let written = write_all(&staging, files).inspect_err(|_| {
        let _ = fs::remove_dir_all(&staging);
    })?;
    if out.exists() {
        fs::rename(&out, &retired).inspect_err(|_| {
            let _ = fs::remove_dir_all(&staging);
        })?;
        if let Err(err) = fs::rename(&staging, &out) {
            // Put the previous output back before reporting.
            let _ = fs::rename(&retired, &out);
            let _ = fs::remove_dir_all(&staging);
            return Err(err);
        }
        let _ = fs::remove_dir_all(&retired);
    } else {
        fs::rename(&staging, &out).inspect_err(|_| {
            let _ = fs::remove_dir_all(&staging);
        })?;
    }
    Ok(written)
}

fn write_all(staging: &Path, files: &[OutputFile]) -> io::Result<u64> {
    fs::create_dir_all(staging)?;
    let mut written = 0;
    for file in files {
        let path = staging.join(&file.path);
        if let Some(folder) = path.parent() {
            fs::create_dir_all(folder)?;
        }
        fs::write(&path, &file.bytes)?;
        written += file.bytes.len() as u64;
    }
    Ok(written)
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
