//! The translations: `locales/<lang>/*.ftl`, parsed once per build.
//!
//! This module owns reading the Fluent files (UTF-8, no BOM, every syntax
//! error reported with its position), comparing each language with the
//! reference language (missing and stale messages), and building the Fluent
//! bundles pages are rendered from: one per language and page, holding the
//! site-wide file and the page's file, with bidi isolation off (these pages
//! are left-to-right, and the marks would only reach the HTML as noise) and
//! numbers formatted by ICU4X (`intl::fluent_number`).

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentError, FluentResource};
use fluent_syntax::ast;
use unic_langid::LanguageIdentifier;

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::site::config::Config;
use crate::site::intl;

/// Messages a translation may have that the reference language need not:
/// a page's translated URL segment.
pub const OPTIONAL_MESSAGES: &[&str] = &["slug"];

/// The file every page's bundle includes besides its own.
pub const SITE_FILE: &str = "site";

/// One parsed `.ftl` file.
pub struct LocaleFile {
    pub lang: LanguageIdentifier,
    /// The file name without `.ftl`: `site` or a page slug.
    pub name: String,
    pub path: PathBuf,
    pub resource: FluentResource,
    /// The messages, found once when the file is read.
    entries: Vec<MessageEntry>,
}

/// A message's id and attribute names, with the byte offset of its id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MessageEntry {
    pub id: String,
    pub attributes: Vec<String>,
    pub has_value: bool,
    pub offset: usize,
}

impl LocaleFile {
    pub fn source(&self) -> &str {
        self.resource.source()
    }

    /// The messages of the file, in order (terms and comments left out).
    pub fn messages(&self) -> &[MessageEntry] {
        &self.entries
    }
}

/// The messages of a resource with the offsets of their ids.
fn message_entries(resource: &FluentResource) -> Vec<MessageEntry> {
    let source = resource.source();
    let mut search_from = 0;
    let mut out = Vec::new();
    for entry in resource.entries() {
        if let ast::Entry::Message(message) = entry {
            let id = message.id.name;
            let offset = find_definition(source, id, search_from).unwrap_or(search_from);
            search_from = offset;
            out.push(MessageEntry {
                id: id.to_string(),
                attributes: message
                    .attributes
                    .iter()
                    .map(|a| a.id.name.to_string())
                    .collect(),
                has_value: message.value.is_some(),
                offset,
            });
        }
    }
    out
}

/// The byte offset of `id` where it starts a line as a definition.
fn find_definition(source: &str, id: &str, from: usize) -> Option<usize> {
    if id.is_empty() {
        return None;
    }
    let mut at = from;
    while let Some(i) = source[at..].find(id) {
        let start = at + i;
        let line_start = start == 0 || source.as_bytes()[start - 1] == b'\n';
        let rest = source[start + id.len()..].trim_start_matches([' ', '\t']);
        if line_start && rest.starts_with('=') {
            return Some(start);
        }
        at = start + id.len();
    }
    None
}

/// All the parsed files of all languages.
#[derive(Default)]
pub struct Locales {
    /// The parsed site-wide files.
    pub files: Vec<LocaleFile>,
    /// Every `.ftl` file that exists, by language and name.
    pub names: BTreeSet<(LanguageIdentifier, String)>,
    /// Languages whose folder is missing, unreadable or empty (reported).
    pub unreadable: BTreeSet<LanguageIdentifier>,
    /// (language, file name) → index in `files`; a large site looks files
    /// up for every page.
    index: HashMap<(LanguageIdentifier, String), usize>,
}

impl Locales {
    fn push(&mut self, file: LocaleFile) {
        self.index
            .insert((file.lang.clone(), file.name.clone()), self.files.len());
        self.files.push(file);
    }

    pub fn get(&self, lang: &LanguageIdentifier, name: &str) -> Option<&LocaleFile> {
        self.index
            .get(&(lang.clone(), name.to_string()))
            .map(|&i| &self.files[i])
    }
}

/// Reads every language's folder: parses the site-wide `site.ftl` and notes
/// the names of the other files, which are read page by page
/// ([`load_page_files`]) so that a large site is never in memory as a whole.
/// Files with syntax errors are still kept (Fluent skips the broken entries),
/// so that later checks report everything at once.
pub fn load_site_files(root: &Path, config: &Config, diagnostics: &mut Diagnostics) -> Locales {
    let mut locales = Locales::default();
    for lang in &config.languages {
        let dir = root.join("locales").join(lang.to_string());
        let shown_dir = Path::new("locales").join(lang.to_string());
        let mut names: Vec<String> = match std::fs::read_dir(&dir) {
            Ok(entries) => entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "ftl"))
                .filter_map(|p| p.file_stem().and_then(|s| s.to_str()).map(str::to_string))
                .collect(),
            Err(err) => {
                diagnostics.push(
                    Diagnostic::error(
                        &shown_dir,
                        format!("cannot read the folder of language `{lang}`: {err}"),
                    )
                    .with_hint(format!(
                        "create locales/{lang}/ with the same .ftl files as locales/{}/",
                        config.reference
                    )),
                );
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
        }
        for name in names {
            let shown = shown_dir.join(format!("{name}.ftl"));
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
                    &dir.join(format!("{name}.ftl")),
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

/// Reads the file of page `slug` in each language, in `languages` order;
/// `None` where a language has none (or it cannot be read, which is
/// reported).
pub fn load_page_files(
    root: &Path,
    languages: &[LanguageIdentifier],
    slug: &str,
    diagnostics: &mut Diagnostics,
) -> Vec<Option<LocaleFile>> {
    languages
        .iter()
        .map(|lang| {
            let path = root
                .join("locales")
                .join(lang.to_string())
                .join(format!("{slug}.ftl"));
            if !path.is_file() {
                return None;
            }
            let shown = Path::new("locales")
                .join(lang.to_string())
                .join(format!("{slug}.ftl"));
            read_file(&path, &shown, lang, slug.to_string(), diagnostics)
        })
        .collect()
}

fn read_file(
    path: &Path,
    shown: &Path,
    lang: &LanguageIdentifier,
    name: String,
    diagnostics: &mut Diagnostics,
) -> Option<LocaleFile> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(err) => {
            diagnostics.push(Diagnostic::error(
                shown,
                format!("cannot read the file: {err}"),
            ));
            return None;
        }
    };
    let source = match String::from_utf8(bytes) {
        Ok(source) => source,
        Err(err) => {
            let valid = err.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(err.as_bytes()).into_owned();
            // Offsets in the lossy copy match the original up to the first
            // bad byte, which is all the location needs.
            diagnostics.push(
                Diagnostic::error(shown, "the file is not valid UTF-8")
                    .at(&text, valid, valid + 1)
                    .with_hint("save the file as UTF-8"),
            );
            return None;
        }
    };
    if source.starts_with('\u{feff}') {
        diagnostics.push(
            Diagnostic::error(shown, "the file starts with a byte order mark (BOM)")
                .at(&source, 0, 3)
                .with_hint("save the file as UTF-8 without BOM"),
        );
        return None;
    }
    if !is_identifier_like(&name) {
        diagnostics.push(
            Diagnostic::error(
                shown,
                format!("`{name}.ftl` is not a valid locale file name"),
            )
            .with_hint("name it `site.ftl` or after a page's content file"),
        );
        return None;
    }
    let resource = match FluentResource::try_new(source) {
        Ok(resource) => resource,
        Err((resource, errors)) => {
            for error in errors {
                let (start, end) = (error.pos.start, error.pos.end);
                diagnostics.push(
                    Diagnostic::error(shown, format!("Fluent syntax error: {}", error.kind))
                        .at(resource.source(), start, end)
                        .with_hint(syntax_hint(resource.source(), start)),
                );
            }
            resource
        }
    };
    Some(LocaleFile {
        lang: lang.clone(),
        name,
        path: shown.to_path_buf(),
        entries: message_entries(&resource),
        resource,
    })
}

fn is_identifier_like(name: &str) -> bool {
    crate::site::content::is_identifier(name)
}

/// The commonest slips behind a Fluent syntax error.
fn syntax_hint(source: &str, offset: usize) -> &'static str {
    let line_start = source[..offset.min(source.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let line = &source[line_start..];
    if line.starts_with(' ') {
        "continuation lines are indented; a line starting with `[`, `*` or `.` is read as Fluent syntax"
    } else if line.contains('{') {
        "`{` opens a placeable such as `{ $name }`; write a literal brace as `{\"{\"}`"
    } else {
        "a message is `id = text`, with ids of letters, digits and hyphens"
    }
}

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
    let expected = Path::new("locales")
        .join(lang.to_string())
        .join(format!("{}.ftl", reference.name));
    let Some(translation) = translation else {
        // There but unreadable (encoding, BOM), or the whole language is:
        // reported while loading.
        if !root.join(&expected).exists() {
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
    for message in ours {
        match theirs.iter().find(|m| m.id == message.id) {
            // Written, but lost to a syntax error reported already.
            None if find_definition(translation.source(), &message.id, 0).is_some() => {}
            None => diagnostics.push(missing(
                &translation.path,
                format!(
                    "message `{}` is missing (see {})",
                    message.id,
                    reference.path.display()
                ),
            )),
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
    let known: BTreeSet<&str> = ours.iter().map(|m| m.id.as_str()).collect();
    for message in theirs {
        if !known.contains(message.id.as_str()) && !OPTIONAL_MESSAGES.contains(&message.id.as_str())
        {
            diagnostics.push(
                Diagnostic::warning(
                    &translation.path,
                    format!(
                        "message `{}` is not in {} (stale)",
                        message.id,
                        reference.path.display()
                    ),
                )
                .at(
                    translation.source(),
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
            let path = Path::new("locales")
                .join(lang.to_string())
                .join(format!("{name}.ftl"));
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
    for file in files {
        if let Err(errors) = bundle.add_resource(&file.resource) {
            for error in errors {
                if let FluentError::Overriding { id, .. } = error {
                    let offset = find_definition(file.source(), &id, 0).unwrap_or(0);
                    diagnostics.push(
                        Diagnostic::error(
                            &file.path,
                            format!("message `{id}` is defined in another file of this page too"),
                        )
                        .at(file.source(), offset, offset + id.len()),
                    );
                }
            }
        }
    }
    bundle
}

/// Message lookup for one page in one language: its own bundle first, then
/// (with `--allow-missing`) the reference language's. Problems are recorded,
/// not returned, so that a template can ask for text without ceremony and
/// the build still fails afterwards with every problem listed.
pub struct Texts<'a> {
    chain: Vec<&'a Bundle<'a>>,
    /// The files a message of this page may live in, for error messages.
    files: Vec<&'a LocaleFile>,
    problems: RefCell<Vec<Diagnostic>>,
}

impl<'a> Texts<'a> {
    pub fn new(chain: Vec<&'a Bundle<'a>>, files: Vec<&'a LocaleFile>) -> Texts<'a> {
        Texts {
            chain,
            files,
            problems: RefCell::new(Vec::new()),
        }
    }

    /// The message `id`, formatted with `args`.
    pub fn get(&self, id: &str, args: Option<&FluentArgs>) -> String {
        self.format(id, None, args)
    }

    /// The attribute `attribute` of message `id`, formatted with `args`.
    pub fn attribute(&self, id: &str, attribute: &str, args: Option<&FluentArgs>) -> String {
        self.format(id, Some(attribute), args)
    }

    /// Whether any bundle of the chain has the message.
    pub fn has(&self, id: &str) -> bool {
        self.chain.iter().any(|b| b.has_message(id))
    }

    fn format(&self, id: &str, attribute: Option<&str>, args: Option<&FluentArgs>) -> String {
        let name = match attribute {
            Some(a) => format!("{id}.{a}"),
            None => id.to_string(),
        };
        for bundle in &self.chain {
            let Some(message) = bundle.get_message(id) else {
                continue;
            };
            let pattern = match attribute {
                Some(a) => message.get_attribute(a).map(|a| a.value()),
                None => message.value(),
            };
            let Some(pattern) = pattern else { continue };
            let mut errors = Vec::new();
            let text = bundle
                .format_pattern(pattern, args, &mut errors)
                .into_owned();
            for error in errors {
                self.problem(format!("message `{name}`: {}", describe(&error)));
            }
            return text;
        }
        let files: Vec<String> = self
            .files
            .iter()
            .map(|f| f.path.display().to_string())
            .collect();
        self.problem(format!("no message `{name}` in {}", files.join(" or ")));
        format!("[{name}]")
    }

    /// Records a problem about this page's text. A problem that names a
    /// message (`message `id`: …`) points at the message's definition.
    pub fn problem(&self, message: String) {
        let id = message
            .strip_prefix("message `")
            .and_then(|rest| rest.split(['`', '.']).next())
            .unwrap_or_default()
            .to_string();
        let found = self
            .files
            .iter()
            .find_map(|file| find_definition(file.source(), &id, 0).map(|offset| (file, offset)));
        let diagnostic = match (found, id.is_empty()) {
            (Some((file, offset)), false) => {
                Diagnostic::error(&file.path, message).at(file.source(), offset, offset + id.len())
            }
            _ => Diagnostic::error(
                self.files
                    .last()
                    .map_or(Path::new("locales"), |f| f.path.as_path()),
                message,
            ),
        };
        self.problems.borrow_mut().push(diagnostic);
    }

    /// Everything that went wrong while formatting.
    pub fn into_problems(self) -> Vec<Diagnostic> {
        self.problems.into_inner()
    }
}

fn describe(error: &FluentError) -> String {
    match error {
        FluentError::ResolverError(e) => e.to_string(),
        other => other.to_string(),
    }
}
