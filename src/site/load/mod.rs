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
use crate::input::{self, Kind};
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
    let inputs = input::Root::new(root);
    // Kept: a language refused below is pointed at in this text.
    let config_source = match input::read_text(&inputs, root, config_path, Kind::Definition) {
        Ok(Some(source)) => Some(source),
        Ok(None) => {
            diagnostics.push(
                Diagnostic::error(config_path, "the site configuration is missing")
                    .with_hint("every site has a site.toml naming its languages"),
            );
            None
        }
        Err(refused) => {
            diagnostics.push(refused);
            None
        }
    };
    let config = config_source.as_deref().and_then(|source| {
        config::parse(config_path, source)
            .map_err(|problems| problems.into_iter().for_each(|d| diagnostics.push(d)))
            .ok()
    });
    let pages = load_pages(root, &inputs, diagnostics);
    let mut preset_problems = Vec::new();
    let presets = presets::load(root, &mut preset_problems);
    preset_problems
        .into_iter()
        .for_each(|d| diagnostics.push(d));
    let static_files = load_static(root, &inputs, diagnostics);
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
    let locales = locales::load_site_files(root, &config, &config_source, diagnostics);
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

fn load_pages(root: &Path, inputs: &input::Root, diagnostics: &mut Diagnostics) -> Vec<Page> {
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
            match input::read_text(inputs, root, &shown, Kind::Definition) {
                Ok(Some(source)) => content::parse(&shown, &source),
                // Gone since the folder was listed.
                Ok(None) => Err(vec![Diagnostic::error(
                    &shown,
                    "the file disappeared while the build read it",
                )]),
                Err(refused) => Err(vec![refused]),
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

/// The assets every page links: the build refuses to write pages that
/// would link nothing (a stylesheet `href` of the home page).
pub const REQUIRED_ASSETS: [&str; 2] = ["style.css", "favicon.svg"];

/// The files of `static/` (not its folders: the calculator's modules are
/// the bundler's), each read through `crate::input`; a link, a pipe or a
/// device there is refused by name, and a missing required asset is an
/// error.
fn load_static(
    root: &Path,
    inputs: &input::Root,
    diagnostics: &mut Diagnostics,
) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    let folder = Path::new("static");
    let mut names: Vec<String> = match std::fs::read_dir(root.join(folder)) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            // A folder is skipped (static/calculator/ is read by the
            // bundler); anything else, link or not, goes through the reader.
            .filter(|e| !e.file_type().is_ok_and(|t| t.is_dir()))
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect(),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(err) => {
            diagnostics.push(Diagnostic::error(
                folder,
                format!("cannot read the folder: {err}"),
            ));
            Vec::new()
        }
    };
    names.sort();
    for name in names {
        let shown = folder.join(&name);
        match input::read(inputs, root, &shown, Kind::Asset) {
            Ok(Some(bytes)) => files.push((name, bytes)),
            Ok(None) => {}
            Err(refused) => diagnostics.push(refused),
        }
    }
    for required in REQUIRED_ASSETS {
        let shown = folder.join(required);
        let found = std::fs::symlink_metadata(root.join(&shown));
        // A refused file was reported above; a folder was skipped there.
        let problem = match found {
            _ if files.iter().any(|(name, _)| name == required) => None,
            Ok(m) if m.is_dir() => {
                Some("this is a folder, not a regular file: every page links the file")
            }
            Ok(_) => None,
            Err(_) => Some("the file is missing: every page links it"),
        };
        if let Some(problem) = problem {
            diagnostics.push(
                Diagnostic::error(&shown, problem)
                    .with_hint("restore it from the project's repository"),
            );
        }
    }
    files
}
