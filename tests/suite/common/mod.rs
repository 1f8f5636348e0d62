//! Helpers shared by the integration tests: where the real project is, a
//! scratch copy of it to break, and builds into temporary folders.
#![allow(dead_code)]

pub mod cli;
pub mod pages;
pub mod wasm;

use std::fs;
use std::path::{Path, PathBuf};

use backoff_site::diagnostics::Failed;
use backoff_site::site::{self, BuildOptions, BuildSummary};

/// The folders and files a build reads.
pub const SOURCES: &[&str] = &["site.toml", "content", "locales", "static"];

/// The repository's root: the real site.
pub fn project_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Copies the real site's sources into a fresh temporary folder.
pub fn copy_project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temporary folder");
    for source in SOURCES {
        copy_recursively(&project_root().join(source), &dir.path().join(source));
    }
    dir
}

pub fn copy_recursively(from: &Path, to: &Path) {
    if from.is_dir() {
        fs::create_dir_all(to).unwrap();
        for entry in fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            copy_recursively(&entry.path(), &to.join(entry.file_name()));
        }
    } else {
        fs::copy(from, to).unwrap();
    }
}

/// Builds the site at `root` into `out`.
pub fn build(root: &Path, out: &Path, allow_missing: bool) -> Result<BuildSummary, Failed> {
    site::build(&BuildOptions {
        root: root.to_path_buf(),
        out: out.to_path_buf(),
        allow_missing,
        base_url: None,
    })
}

/// Every file below `dir`, as (relative path, bytes), sorted.
pub fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<(PathBuf, Vec<u8>)> = walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            (
                e.path().strip_prefix(dir).unwrap().to_path_buf(),
                fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}
