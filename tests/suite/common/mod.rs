//! Helpers shared by the integration tests: where the real project is, a
//! scratch copy of it to break, and builds into temporary folders.
#![allow(dead_code)]

pub mod cli;
pub mod pages;
pub mod tools;
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

/// The languages of the site at `root`, as its `site.toml` lists them
/// (read by the build's own parser): the one list of a site's languages.
pub fn languages_of(root: &Path) -> Vec<String> {
    let path = Path::new("site.toml");
    let source = fs::read_to_string(root.join(path)).expect("site.toml");
    let config = backoff_site::site::load::config::parse(path, &source)
        .unwrap_or_else(|problems| panic!("{}: {problems:?}", root.display()));
    config.languages.iter().map(|l| l.to_string()).collect()
}

/// The real site's languages, in `site.toml`'s order.
pub fn languages() -> Vec<&'static str> {
    static LANGUAGES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    LANGUAGES
        .get_or_init(|| {
            let read = languages_of(&project_root());
            read.into_iter().map(|l| &*l.leak()).collect()
        })
        .clone()
}

/// `site_toml` (the real site's) with `lang` added to its languages: the
/// one line a new language takes there.
pub fn with_language(site_toml: &str, lang: &str) -> String {
    let quoted = |langs: &[&str]| {
        langs
            .iter()
            .map(|l| format!("\"{l}\""))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let languages = languages();
    let line = format!("languages = [{}]", quoted(&languages));
    assert!(
        site_toml.contains(&line),
        "site.toml lists its languages on one line: {line}"
    );
    let mut more = languages.clone();
    more.push(lang);
    site_toml.replace(&line, &format!("languages = [{}]", quoted(&more)))
}

/// The small valid site every broken-site case starts from
/// (`tests/fixtures/_base`, with its own `site.toml`), with the real site's
/// style, script and site-wide messages of each of its languages.
pub fn fixture_site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temporary folder");
    let real = project_root();
    copy_recursively(&real.join("tests/fixtures/_base"), dir.path());
    copy_recursively(&real.join("static"), &dir.path().join("static"));
    for lang in languages_of(dir.path()) {
        let file = format!("locales/{lang}/site.ftl");
        fs::create_dir_all(dir.path().join("locales").join(&lang)).unwrap();
        fs::copy(real.join(&file), dir.path().join(&file)).unwrap();
    }
    dir
}

/// Builds the site at `root` into `out`.
pub fn build(root: &Path, out: &Path, allow_missing: bool) -> Result<BuildSummary, Failed> {
    site::build(&BuildOptions {
        root: root.to_path_buf(),
        out: out.to_path_buf(),
        allow_missing,
        base_url: None,
        clean: false,
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
