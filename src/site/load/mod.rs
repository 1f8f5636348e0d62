//! The load stage: reads `site.toml`, `content/`, the site-wide Fluent
//! files, each language's typography and glossary, and `static/` into a [`Site`], reporting every problem it finds as
//! a diagnostic.
//!
//! It never reads a page's own Fluent files (the render stage reads those
//! one page at a time, see `unit`) and never writes anything.

pub mod config;
pub mod content;
pub mod locales;

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::presets::{self, Preset};
use crate::site::check::glossary::{self, Glossaries};
use crate::site::check::typography::{self, Typography};
use crate::site::format::intl;
use config::Config;
use content::Page;
use locales::Locales;

/// Everything the build reads, loaded and parsed.
pub struct Site {
    pub root: PathBuf,
    pub config: Config,
    /// Sorted by `order`, then slug.
    pub pages: Vec<Page>,
    pub locales: Locales,
    pub static_files: Vec<(String, Vec<u8>)>,
    /// `content/presets.toml`, validated; empty when the site has none.
    pub presets: Vec<Preset>,
    /// Each language's typography rules (`locales/<lang>/typography.toml`).
    pub typography: Typography,
    /// Each language's glossary (`locales/<lang>/glossary.toml`).
    pub glossaries: Glossaries,
}

/// Reads every source of the site. Diagnostics go to `diagnostics`; `None`
/// when the sources are too broken to go on.
pub fn load(root: &Path, allow_missing: bool, diagnostics: &mut Diagnostics) -> Option<Site> {
    let config_path = Path::new("site.toml");
    // Kept: a language refused below is pointed at in this text.
    let config_source = match std::fs::read_to_string(root.join(config_path)) {
        Ok(source) => Some(source),
        Err(err) => {
            diagnostics.push(Diagnostic::error(
                config_path,
                format!("cannot read the site configuration: {err}"),
            ));
            None
        }
    };
    let config = config_source.as_deref().and_then(|source| {
        config::parse(config_path, source)
            .map_err(|problems| problems.into_iter().for_each(|d| diagnostics.push(d)))
            .ok()
    });
    let pages = load_pages(root, diagnostics);
    let mut preset_problems = Vec::new();
    let presets = presets::load(root, &mut preset_problems);
    preset_problems
        .into_iter()
        .for_each(|d| diagnostics.push(d));
    let static_files = load_static(root, diagnostics);
    let (mut config, config_source) = (config?, config_source?);
    // CLDR's plural rules know every language we can format for; a code they
    // do not know is a typo or a language without data. Such a language is
    // reported once and left out of the checks that follow.
    config.languages.retain(|lang| {
        let known = intl::plural_rules(lang).is_ok();
        if !known {
            diagnostics.push(
                Diagnostic::error(
                    config_path,
                    format!("`{lang}` is not a language CLDR has data for"),
                )
                .at_text(&config_source, &format!("\"{lang}\""))
                .with_hint("use a language code such as `fr`, `pt-BR` or `uk`"),
            );
        }
        known
    });
    // A language must also be one whose figures the calculator's script can
    // write as the build does (`intl::notation`); refused here, it is named
    // at its place in `site.toml`.
    config.languages.retain(|lang| match intl::Intl::new(lang) {
        Ok(_) => true,
        Err(message) => {
            diagnostics.push(
                Diagnostic::error(config_path, message)
                    .at_text(&config_source, &format!("\"{lang}\""))
                    .with_hint("leave the language out of `languages`"),
            );
            false
        }
    });
    let locales = locales::load_site_files(root, &config, diagnostics);
    // Names of content files, loaded or not, so that a broken definition
    // does not also make its Fluent files look unused.
    let content_names = content_names(root);
    let names: std::collections::BTreeSet<&str> =
        content_names.iter().map(String::as_str).collect();
    locales::compare_site_files(root, &locales, &config, &names, allow_missing, diagnostics);
    let typography = typography::load(root, &config.languages, diagnostics);
    let glossaries = glossary::load(root, &config.languages, &config.reference, diagnostics);
    let site = Site {
        root: root.to_path_buf(),
        config,
        pages,
        locales,
        static_files,
        presets,
        typography,
        glossaries,
    };
    Some(site)
}

/// Whether a file of `content/` defines a page: every `.toml` file but the
/// presets (`presets.rs` reads that one).
fn is_page_definition(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "toml")
        && Path::new(presets::FILE).file_name() != path.file_name()
}

/// The names of the files in `content/`, whether they parse or not.
fn content_names(root: &Path) -> Vec<String> {
    std::fs::read_dir(root.join("content"))
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| is_page_definition(p))
                .filter_map(|p| p.file_stem().and_then(|s| s.to_str()).map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn load_pages(root: &Path, diagnostics: &mut Diagnostics) -> Vec<Page> {
    let mut pages = Vec::new();
    let dir = root.join("content");
    let entries = match std::fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(err) => {
            diagnostics.push(Diagnostic::error(
                Path::new("content"),
                format!("cannot read the content folder: {err}"),
            ));
            return pages;
        }
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| is_page_definition(p))
        .collect();
    paths.sort();
    // Read and parsed in parallel (a large site has thousands), kept in
    // the order of the paths.
    let parsed: Vec<Result<Page, Vec<Diagnostic>>> = paths
        .par_iter()
        .map(|path| {
            let shown = Path::new("content").join(path.file_name().unwrap_or_default());
            match std::fs::read_to_string(path) {
                Ok(source) => content::parse(&shown, &source),
                Err(err) => Err(vec![Diagnostic::error(
                    &shown,
                    format!("cannot read the file: {err}"),
                )]),
            }
        })
        .collect();
    for result in parsed {
        match result {
            Ok(page) => pages.push(page),
            Err(problems) => problems.into_iter().for_each(|d| diagnostics.push(d)),
        }
    }
    pages.sort_by(|a, b| (a.order, &a.slug).cmp(&(b.order, &b.slug)));
    pages
}

/// The files of `static/` (not recursive: the site has few assets).
fn load_static(root: &Path, diagnostics: &mut Diagnostics) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for walked in walkdir::WalkDir::new(root.join("static"))
        .max_depth(1)
        .sort_by_file_name()
    {
        match walked {
            Ok(entry) if entry.file_type().is_file() => {
                let name = entry.file_name().to_string_lossy().into_owned();
                match std::fs::read(entry.path()) {
                    Ok(bytes) => files.push((name, bytes)),
                    Err(err) => diagnostics.push(Diagnostic::error(
                        &Path::new("static").join(&name),
                        format!("cannot read the file: {err}"),
                    )),
                }
            }
            Ok(_) => {}
            Err(err) => diagnostics.push(Diagnostic::error(
                Path::new("static"),
                format!("cannot read the folder: {err}"),
            )),
        }
    }
    files
}
