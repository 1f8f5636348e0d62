//! The translations: `locales/<lang>/*.ftl`, parsed once per build.
//!
//! This module owns reading the Fluent files (UTF-8, no BOM, every syntax
//! error reported with its position), comparing each language with the
//! reference language (missing and stale messages), and building the Fluent
//! bundles pages are rendered from: one per language and page, holding the
//! site-wide file and the page's file, with bidi isolation off (these pages
//! are left-to-right, and the marks would only reach the HTML as noise) and
//! numbers formatted by ICU4X (`intl::fluent_number`).
//!
//! A file is read only when it is a regular file inside the project (a
//! symbolic link out of the tree is refused unread, so that no diagnostic
//! can print another file's contents) and at most [`MAX_FILE_BYTES`] long.
//! Before Fluent parses it, the text is checked for what would reach the
//! HTML unseen or crash the tool: control characters (NUL, a lone carriage
//! return) and placeables nested deeper than [`MAX_NESTING`] — Fluent's
//! parser and resolver recurse once per level, and a few thousand levels
//! overflow the stack. Every step is linear in the size of the file: offsets
//! of messages come from the parsed text itself, and locations from a
//! [`LineIndex`] made once per file.
//!
//! This module holds the files and bundles; reading and checking one file
//! is `read.rs`, comparing a language with the reference `compare.rs`. The
//! message lookup pages use is `texts.rs`.

mod compare;
mod file;
mod read;

pub use compare::{compare_file, compare_site_files};
use read::{is_identifier_like, read_file};

use std::path::Path;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentError, FluentResource};
use unic_langid::LanguageIdentifier;

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::site::format::intl;
use crate::site::load::config::Config;
pub use file::{
    LocaleFile, Locales, MAX_FILE_BYTES, MAX_NESTING, MessageEntry, OPTIONAL_MESSAGES, SITE_FILE,
    file_path,
};

/// Reads every language's folder: parses the site-wide `site.ftl` and notes
/// the names of the other files, which are read page by page
/// ([`load_page_files`]) so that a large site is never in memory as a whole.
/// Files with syntax errors are still kept (Fluent skips the broken entries),
/// so that later checks report everything at once.
/// `config_source` is `site.toml`'s text, where a language without its
/// folder is pointed at.
pub fn load_site_files(
    root: &Path,
    config: &Config,
    config_source: &str,
    diagnostics: &mut Diagnostics,
) -> Locales {
    let mut locales = Locales::default();
    if !root.join("locales").is_dir() {
        // One error, rather than one per language, page and message.
        diagnostics.push(
            Diagnostic::error(Path::new("locales"), "the folder of translations is missing")
                .with_hint(format!(
                    "create locales/<language>/ for each language of site.toml, starting with locales/{}/site.ftl",
                    config.reference
                )),
        );
        locales.unreadable.extend(config.languages.iter().cloned());
        return locales;
    }
    let resolved_root = crate::input::Root::new(root);
    for lang in &config.languages {
        let dir = root.join("locales").join(lang.to_string());
        let shown_dir = Path::new("locales").join(lang.to_string());
        if !inside(root, &dir) {
            // Not even the names of the files there are shown.
            diagnostics.push(
                Diagnostic::error(
                    &shown_dir,
                    "the folder is a symbolic link to a place outside the project, so it is not read",
                )
                .with_hint("keep the translations in locales/ itself"),
            );
            locales.unreadable.insert(lang.clone());
            continue;
        }
        let mut names: Vec<String> = match std::fs::read_dir(&dir) {
            Ok(entries) => entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "ftl"))
                .filter_map(|p| p.file_stem().and_then(|s| s.to_str()).map(str::to_string))
                .collect(),
            Err(err) => {
                let hint = format!(
                    "create locales/{lang}/ with the same .ftl files as locales/{}/",
                    config.reference
                );
                // A missing folder is pointed at where site.toml names the language.
                diagnostics.push(if err.kind() == std::io::ErrorKind::NotFound {
                    Diagnostic::error(
                        Path::new("site.toml"),
                        format!(
                            "the language `{lang}` has no folder {}/",
                            shown_dir.display()
                        ),
                    )
                    .at_text(config_source, &format!("\"{lang}\""))
                    .with_hint(hint)
                } else {
                    Diagnostic::error(
                        &shown_dir,
                        format!("cannot read the folder of language `{lang}`: {err}"),
                    )
                    .with_hint(hint)
                });
                locales.unreadable.insert(lang.clone());
                continue;
            }
        };
        names.sort();
        if names.is_empty() {
            diagnostics.push(
                Diagnostic::error(&shown_dir, format!("language `{lang}` has no .ftl files"))
                    .with_hint(format!(
                        "copy the files of locales/{}/ and translate them",
                        config.reference
                    )),
            );
            locales.unreadable.insert(lang.clone());
        } else if *lang == config.reference && !names.iter().any(|n| n == SITE_FILE) {
            // Other languages' site files are compared with this one; its
            // absence is said once here, not as every message it lacks.
            diagnostics.push(
                Diagnostic::error(
                    &file_path(lang, SITE_FILE),
                    "the site-wide file of the reference language is missing",
                )
                .with_hint("it holds the text every page shares: navigation, footer, calculator"),
            );
        }
        for name in names {
            let shown = file_path(lang, &name);
            if !is_identifier_like(&name) {
                diagnostics.push(
                    Diagnostic::error(
                        &shown,
                        format!("`{name}.ftl` is not a valid locale file name"),
                    )
                    .with_hint("name it `site.ftl` or after a page's content file"),
                );
                continue;
            }
            if name == SITE_FILE
                && let Some(file) = read_file(
                    &resolved_root,
                    root,
                    &shown,
                    lang,
                    name.clone(),
                    diagnostics,
                )
            {
                locales.push(file);
            }
            locales.names.insert((lang.clone(), name));
        }
    }
    locales
}

/// Whether `path`, with every symbolic link resolved, is inside `root`; a
/// path that does not resolve (it does not exist) counts as inside, and is
/// reported as missing where it is needed.
fn inside(root: &Path, path: &Path) -> bool {
    match (std::fs::canonicalize(root), std::fs::canonicalize(path)) {
        (Ok(root), Ok(path)) => path.starts_with(root),
        _ => true,
    }
}

/// Reads the file of page `slug` in each language, in `languages` order;
/// `None` where a language has none (or it cannot be read, which is
/// reported).
pub fn load_page_files(
    root: &Path,
    languages: &[LanguageIdentifier],
    slug: &str,
    diagnostics: &mut Diagnostics,
) -> Vec<Option<LocaleFile>> {
    let resolved_root = crate::input::Root::new(root);
    languages
        .iter()
        .map(|lang| {
            let shown = file_path(lang, slug);
            let path = root.join(&shown);
            // Anything of that name, even a folder or a broken link, is
            // read (and refused there); only nothing at all is "missing".
            std::fs::symlink_metadata(&path).ok()?;
            read_file(
                &resolved_root,
                root,
                &shown,
                lang,
                slug.to_string(),
                diagnostics,
            )
        })
        .collect()
}

/// A Fluent bundle as pages use it.
pub type Bundle<'a> = FluentBundle<&'a FluentResource>;

/// A bundle of `files` in `lang`, set up as described in the module header.
pub fn bundle<'a>(
    lang: &LanguageIdentifier,
    files: &[&'a LocaleFile],
    diagnostics: &mut Diagnostics,
) -> Bundle<'a> {
    let mut bundle = FluentBundle::new_concurrent(vec![lang.clone()]);
    bundle.set_use_isolating(false);
    bundle.set_formatter(Some(intl::fluent_number));
    for (i, file) in files.iter().enumerate() {
        if let Err(errors) = bundle.add_resource(&file.resource) {
            for error in errors {
                let FluentError::Overriding { id, .. } = error else {
                    continue;
                };
                // Messages and terms (`-id`) share the bundle's names. One
                // defined twice in this file alone is the duplicate lint's.
                let Some(written) = [format!("-{id}"), id]
                    .into_iter()
                    .rfind(|w| files[..i].iter().any(|f| f.definition(w).is_some()))
                else {
                    continue;
                };
                let offset = file.definition(&written).unwrap_or(0);
                diagnostics.push(
                    file.at(
                        Diagnostic::error(
                            &file.path,
                            format!(
                                "{} `{written}` is defined in another file of this page too",
                                if written.starts_with('-') {
                                    "term"
                                } else {
                                    "message"
                                }
                            ),
                        )
                        .with_hint(
                            "each id is used once per page: the site-wide file's definition wins",
                        ),
                        offset,
                        offset + written.len(),
                    ),
                );
            }
        }
    }
    bundle
}
