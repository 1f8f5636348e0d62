//! Comparing a language with the reference language: a missing file or
//! message is an error (a warning when the page may fall back), a message
//! only the translation has is stale, and a file no page or the reference
//! has is read by nothing. It reads no file itself: it compares what
//! `mod.rs` loaded.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::Path;

use unic_langid::LanguageIdentifier;

use super::file::{LocaleFile, Locales, MessageEntry, OPTIONAL_MESSAGES, SITE_FILE, file_path};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::site::load::config::Config;

/// Compares one file of a translation with the reference language's file
/// of the same name: a missing file or message is an error (a warning with
/// `allow_missing`, when the page falls back to the reference text); a
/// message only the translation has is stale, a warning.
pub fn compare_file(
    root: &Path,
    config: &Config,
    reference: &LocaleFile,
    lang: &LanguageIdentifier,
    translation: Option<&LocaleFile>,
    allow_missing: bool,
    diagnostics: &mut Diagnostics,
) {
    let missing = |path: &Path, message: String| {
        if allow_missing {
            Diagnostic::warning(
                path,
                format!("{message}; the {} text is used", config.reference),
            )
        } else {
            Diagnostic::error(path, message)
                .with_hint("translate it, or build with --allow-missing to fall back")
        }
    };
    let expected = file_path(lang, &reference.name);
    let Some(translation) = translation else {
        // There but unreadable (encoding, BOM), or the whole language is:
        // reported while loading.
        if std::fs::symlink_metadata(root.join(&expected)).is_err() {
            diagnostics.push(missing(
                &expected,
                format!(
                    "the file is missing (it is in {})",
                    reference.path.display()
                ),
            ));
        }
        return;
    };
    let theirs = translation.messages();
    let ours = reference.messages();
    // By id, the first definition (a second one is the duplicate lint's).
    let mut their_ids: HashMap<&str, &MessageEntry> = HashMap::with_capacity(theirs.len());
    for message in theirs {
        their_ids.entry(message.id.as_str()).or_insert(message);
    }
    for message in ours {
        match their_ids.get(message.id.as_str()) {
            // Written, but lost to a syntax error reported already.
            None if translation.definition(&message.id).is_some() => {}
            None => {
                let line = reference
                    .lines
                    .location(reference.source(), message.offset)
                    .line;
                diagnostics.push(missing(
                    &translation.path,
                    format!(
                        "message `{}` is missing (see {}:{line})",
                        message.id,
                        reference.path.display()
                    ),
                ));
            }
            Some(translated) => {
                for attribute in &message.attributes {
                    if !translated.attributes.contains(attribute) {
                        diagnostics.push(missing(
                            &translation.path,
                            format!("attribute `{}.{}` is missing", message.id, attribute),
                        ));
                    }
                }
            }
        }
    }
    let known: HashSet<&str> = ours.iter().map(|m| m.id.as_str()).collect();
    for message in theirs {
        // A reference message lost to a syntax error still exists: the
        // error is reported there, and the translations are not stale.
        let in_reference =
            known.contains(message.id.as_str()) || reference.definition(&message.id).is_some();
        if !in_reference && !OPTIONAL_MESSAGES.contains(&message.id.as_str()) {
            diagnostics.push(
                translation
                    .at(
                        Diagnostic::warning(
                            &translation.path,
                            format!(
                                "message `{}` is not in {} (stale)",
                                message.id,
                                reference.path.display()
                            ),
                        ),
                        message.offset,
                        message.offset + message.id.len(),
                    )
                    .with_hint("delete it, or rename it to the reference id"),
            );
        }
    }
}

/// The site-wide half of the comparison: each language's `site.ftl`, and
/// files no page or the reference language has (nothing reads them).
pub fn compare_site_files(
    root: &Path,
    locales: &Locales,
    config: &Config,
    page_slugs: &BTreeSet<&str>,
    allow_missing: bool,
    diagnostics: &mut Diagnostics,
) {
    for lang in config.languages.iter().filter(|l| **l != config.reference) {
        if locales.unreadable.contains(lang) {
            continue;
        }
        if let Some(reference) = locales.get(&config.reference, SITE_FILE) {
            compare_file(
                root,
                config,
                reference,
                lang,
                locales.get(lang, SITE_FILE),
                allow_missing,
                diagnostics,
            );
        }
    }
    for (lang, name) in &locales.names {
        let known = name == SITE_FILE || page_slugs.contains(name.as_str());
        let in_reference = locales
            .names
            .contains(&(config.reference.clone(), name.clone()));
        if !known || !in_reference {
            let path = file_path(lang, name);
            diagnostics.push(Diagnostic::warning(
                &path,
                if known {
                    format!(
                        "no {} file of this name; nothing reads it",
                        config.reference
                    )
                } else {
                    "no page has this name (content/<name>.toml); nothing reads it".to_string()
                },
            ));
        }
    }
}
