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
//! Over 500 lines (about 880 of code, 60 of tests), not split yet: the
//! comparisons of languages are the next module of their own. The message
//! lookup pages use is `texts.rs`.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::io::Read;
use std::path::{Path, PathBuf};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentError, FluentResource};
use fluent_syntax::ast;
use unic_langid::LanguageIdentifier;

use crate::diagnostics::{Diagnostic, Diagnostics, LineIndex};
use crate::site::config::Config;
use crate::site::intl;

/// Messages a translation may have that the reference language need not:
/// a page's translated URL segment.
pub const OPTIONAL_MESSAGES: &[&str] = &["slug"];

/// The file every page's bundle includes besides its own.
pub const SITE_FILE: &str = "site";

/// The largest `.ftl` file read, in bytes. The largest file of this site is
/// a few kilobytes and the largest Fluent files of big projects stay under
/// a megabyte; 16 MiB is far above both, yet reading and checking it takes
/// about a second.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// How deeply placeables (`{ … }`, selectors included) and function
/// arguments (`( … )`) may nest in a `.ftl` file. Real messages nest two or
/// three levels; the parser and the resolver recurse once per level and
/// overflow the stack at a few thousand.
pub const MAX_NESTING: usize = 32;

/// One parsed `.ftl` file.
pub struct LocaleFile {
    pub lang: LanguageIdentifier,
    /// The file name without `.ftl`: `site` or a page slug.
    pub name: String,
    pub path: PathBuf,
    pub resource: FluentResource,
    /// The messages, found once when the file is read.
    entries: Vec<MessageEntry>,
    /// Every id written at the start of a line as `id =` (terms as `-id`),
    /// parsed or not, with the offset of its first definition: a message
    /// lost to a syntax error is still "written", and is neither missing
    /// nor unknown.
    definitions: HashMap<String, usize>,
    lines: LineIndex,
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

    /// The offset of the first line that defines `id` (`-id` for a term),
    /// whether it parsed or not.
    pub fn definition(&self, id: &str) -> Option<usize> {
        self.definitions.get(id).copied()
    }

    /// The byte offset of `part`, a piece of the parsed resource (the AST
    /// borrows its names from the source), in the source.
    pub fn offset_of(&self, part: &str) -> Option<usize> {
        offset_in(self.source(), part)
    }

    /// Points `diagnostic` at `start..end` of this file, in time
    /// proportional to the line rather than the file.
    pub fn at(&self, diagnostic: Diagnostic, start: usize, end: usize) -> Diagnostic {
        diagnostic.at_indexed(self.source(), &self.lines, start, end)
    }
}

/// Where `part` starts in `source`, when it is a slice of it.
fn offset_in(source: &str, part: &str) -> Option<usize> {
    let start = (part.as_ptr() as usize).checked_sub(source.as_ptr() as usize)?;
    (start + part.len() <= source.len()).then_some(start)
}

/// The messages of a resource with the offsets of their ids.
fn message_entries(resource: &FluentResource) -> Vec<MessageEntry> {
    let source = resource.source();
    let mut out = Vec::new();
    for entry in resource.entries() {
        if let ast::Entry::Message(message) = entry {
            let id = message.id.name;
            let offset = offset_in(source, id).unwrap_or(0);
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

/// Every id that starts a line as `id =` or `-id =`, with the offset of its
/// first such line; one pass over the source.
fn definitions(source: &str) -> HashMap<String, usize> {
    let mut out = HashMap::new();
    let mut line_start = 0;
    for line in source.split_inclusive('\n') {
        let bytes = line.as_bytes();
        let name_start = usize::from(bytes.first() == Some(&b'-'));
        if bytes.get(name_start).is_some_and(u8::is_ascii_alphabetic) {
            let name_end = bytes[name_start..]
                .iter()
                .position(|b| !(b.is_ascii_alphanumeric() || *b == b'-' || *b == b'_'))
                .map_or(bytes.len(), |i| name_start + i);
            if line[name_end..].trim_start_matches(' ').starts_with('=') {
                out.entry(line[..name_end].to_string())
                    .or_insert(line_start);
            }
        }
        line_start += line.len();
    }
    out
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
                    root,
                    &root.join(&shown),
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

/// The path of the Fluent file `name` (a page's slug, or [`SITE_FILE`]) of
/// `lang`, relative to the site's root: `locales/<lang>/<name>.ftl`.
pub fn file_path(lang: &LanguageIdentifier, name: &str) -> PathBuf {
    Path::new("locales")
        .join(lang.to_string())
        .join(format!("{name}.ftl"))
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
            let shown = file_path(lang, slug);
            let path = root.join(&shown);
            // Anything of that name, even a folder or a broken link, is
            // read (and refused there); only nothing at all is "missing".
            std::fs::symlink_metadata(&path).ok()?;
            read_file(root, &path, &shown, lang, slug.to_string(), diagnostics)
        })
        .collect()
}

fn read_file(
    root: &Path,
    path: &Path,
    shown: &Path,
    lang: &LanguageIdentifier,
    name: String,
    diagnostics: &mut Diagnostics,
) -> Option<LocaleFile> {
    let bytes = match read_bounded(root, path) {
        Ok(bytes) => bytes,
        Err(Refused { message, hint }) => {
            let diagnostic = Diagnostic::error(shown, message);
            diagnostics.push(match hint {
                Some(hint) => diagnostic.with_hint(hint),
                None => diagnostic,
            });
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
    if let Some((offset, c)) = control_character(&source) {
        let (message, hint) = if c == '\r' {
            (
                "a carriage return (CR) without a line feed: Fluent reads the next line as part of this one".to_string(),
                "save the file with LF (or CRLF) line endings",
            )
        } else {
            (
                format!(
                    "the control character U+{:04X} is not allowed",
                    u32::from(c)
                ),
                "delete it: it is invisible here and would reach the page's HTML",
            )
        };
        diagnostics.push(
            Diagnostic::error(shown, message)
                .at(&source, offset, offset + c.len_utf8())
                .with_hint(hint),
        );
        return None;
    }
    if let Some(offset) = too_deep(&source) {
        diagnostics.push(
            Diagnostic::error(
                shown,
                format!("placeables are nested too deeply here (more than {MAX_NESTING} levels of `{{` and `(`)"),
            )
            .at(&source, offset, offset + 1)
            .with_hint("split the message, or select on fewer variables at once"),
        );
        return None;
    }
    let resource = match FluentResource::try_new(source) {
        Ok(resource) => resource,
        Err((resource, errors)) => {
            let lines = LineIndex::new(resource.source());
            for error in errors {
                diagnostics.push(syntax_error(shown, resource.source(), &lines, &error));
            }
            resource
        }
    };
    Some(LocaleFile {
        lang: lang.clone(),
        name,
        path: shown.to_path_buf(),
        entries: message_entries(&resource),
        definitions: definitions(resource.source()),
        lines: LineIndex::new(resource.source()),
        resource,
    })
}

/// Why a file was not read.
struct Refused {
    message: String,
    hint: Option<&'static str>,
}

/// The bytes of the `.ftl` file at `path`, read only when it is a regular
/// file inside `root` (after following every symbolic link) and at most
/// [`MAX_FILE_BYTES`] long. A refused file is never opened, so nothing of
/// it reaches a diagnostic.
fn read_bounded(root: &Path, path: &Path) -> Result<Vec<u8>, Refused> {
    let refused = |message: String, hint: Option<&'static str>| Refused { message, hint };
    let resolved = std::fs::canonicalize(path).map_err(|err| match std::fs::read_link(path) {
        Ok(target) => refused(
            format!(
                "the file is a symbolic link to `{}`, which does not exist",
                target.display()
            ),
            Some("point the link at an existing file, or replace it with the file"),
        ),
        Err(_) => refused(format!("cannot read the file: {err}"), None),
    })?;
    let root = std::fs::canonicalize(root)
        .map_err(|err| refused(format!("cannot resolve the project folder: {err}"), None))?;
    if !resolved.starts_with(&root) {
        return Err(refused(
            "the file is a symbolic link to a place outside the project, so it is not read"
                .to_string(),
            Some("copy the file into locales/ instead of linking to it"),
        ));
    }
    let metadata = std::fs::metadata(&resolved)
        .map_err(|err| refused(format!("cannot read the file: {err}"), None))?;
    if !metadata.is_file() {
        let kind = if metadata.is_dir() {
            "a folder"
        } else {
            "a device, socket or pipe"
        };
        return Err(refused(
            format!("this is {kind}, not a regular file"),
            Some("a translation is a plain text file"),
        ));
    }
    if metadata.len() > MAX_FILE_BYTES {
        return Err(refused(
            format!(
                "the file is {} bytes long; the limit is {MAX_FILE_BYTES} ({} MiB)",
                metadata.len(),
                MAX_FILE_BYTES / (1024 * 1024)
            ),
            Some("split it: a page's file holds only that page's messages"),
        ));
    }
    let mut bytes = Vec::with_capacity(metadata.len() as usize);
    // The limit holds even if the file grows after the check.
    std::fs::File::open(&resolved)
        .and_then(|file| file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|err| refused(format!("cannot read the file: {err}"), None))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(refused(
            format!("the file is longer than the limit of {MAX_FILE_BYTES} bytes"),
            Some("split it: a page's file holds only that page's messages"),
        ));
    }
    Ok(bytes)
}

/// The first character that Fluent would accept but no page should carry,
/// with its offset: a control character other than tab and line endings
/// (HTML forbids them, and they are invisible in an editor), or a carriage
/// return not followed by a line feed (Fluent takes it for text, so the
/// next line silently joins the message).
fn control_character(source: &str) -> Option<(usize, char)> {
    let bytes = source.as_bytes();
    // Bytes, not characters: every file of every page passes through here.
    // C0 and DEL are single bytes; C1 (U+0080–U+009F) is 0xC2 then 0x80–0x9F.
    let at = bytes.iter().enumerate().position(|(i, &b)| match b {
        b'\t' | b'\n' => false,
        b'\r' => bytes.get(i + 1) != Some(&b'\n'),
        0..0x20 | 0x7f => true,
        0xc2 => bytes
            .get(i + 1)
            .is_some_and(|next| (0x80..0xa0).contains(next)),
        _ => false,
    })?;
    source[at..].chars().next().map(|c| (at, c))
}

/// The offset of the first `{` or `(` that opens a level deeper than
/// [`MAX_NESTING`], if any. This scan stands in for the parser, which would
/// recurse into the levels: it counts every open `{` and, inside a
/// placeable, every open `(` (function arguments), skipping comments and
/// string literals. It never counts fewer levels than the parser reaches,
/// so whatever passes it parses and formats within the stack.
fn too_deep(source: &str) -> Option<usize> {
    let bytes = source.as_bytes();
    // For each open `{`: the open `(` of the placeable around it.
    let mut braces: Vec<usize> = Vec::new();
    let mut parens = 0;
    let mut in_string = false;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let line_start = i == 0 || bytes[i - 1] == b'\n';
        if in_string {
            match b {
                b'\\' => i += 1,
                b'"' | b'\n' => in_string = false,
                _ => {}
            }
        } else if braces.is_empty() && line_start && b == b'#' {
            // A comment: to the end of the line.
            i = bytes[i..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |n| i + n);
            continue;
        } else {
            match b {
                b'{' => {
                    braces.push(parens);
                    parens = 0;
                }
                b'}' => parens = braces.pop().unwrap_or(0),
                b'(' if !braces.is_empty() => parens += 1,
                b')' if !braces.is_empty() => parens = parens.saturating_sub(1),
                b'"' if !braces.is_empty() => in_string = true,
                _ => {}
            }
            if braces.len() + parens > MAX_NESTING {
                return Some(i);
            }
        }
        i += 1;
    }
    None
}

/// A Fluent syntax error as a diagnostic. When the parser ran past the end
/// of a line looking for the rest of a placeable (an unclosed `{`), it
/// stops on a later line, an empty one or the next comment; the diagnostic
/// then points at the `{` that was never closed instead.
fn syntax_error(
    shown: &Path,
    source: &str,
    lines: &LineIndex,
    error: &fluent_syntax::parser::ParserError,
) -> Diagnostic {
    // The parser counts bytes; slice only at character boundaries.
    let floor = |mut offset: usize| {
        offset = offset.min(source.len());
        while !source.is_char_boundary(offset) {
            offset -= 1;
        }
        offset
    };
    let (start, end) = (floor(error.pos.start), error.pos.end);
    let entry_start = floor(error.slice.as_ref().map_or(0, |s| s.start).min(start));
    let before = source[entry_start..start].trim_end_matches([' ', '\t', '\r', '\n']);
    let ran_past_line = source[entry_start + before.len()..start].contains('\n');
    // Or it read on into the next entry, taking its id for a reference.
    let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
    let into_next_entry = line_start > entry_start
        && source[line_start..]
            .starts_with(|c: char| c.is_ascii_alphabetic() || c == '#' || c == '-');
    if (ran_past_line || into_next_entry)
        && let Some(brace) = unclosed_brace(&source[entry_start..start])
        && entry_start + brace < line_start
    {
        let brace = entry_start + brace;
        return Diagnostic::error(shown, "Fluent syntax error: this `{` is never closed")
            .at_indexed(source, lines, brace, brace + 1)
            .with_hint("end the placeable with `}` (as in `{ $name }`), or write a literal brace as `{\"{\"}`");
    }
    Diagnostic::error(shown, format!("Fluent syntax error: {}", error.kind))
        .at_indexed(source, lines, start, end)
        .with_hint(syntax_hint(source, start))
}

/// The offset of the innermost `{` of `text` left open at its end
/// (string literals inside placeables skipped).
fn unclosed_brace(text: &str) -> Option<usize> {
    let mut open = Vec::new();
    let mut in_string = false;
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        if in_string {
            match c {
                '\\' => {
                    chars.next();
                }
                '"' | '\n' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '{' => open.push(i),
            '}' => {
                open.pop();
            }
            '"' if !open.is_empty() => in_string = true,
            _ => {}
        }
    }
    open.last().copied()
}

fn is_identifier_like(name: &str) -> bool {
    crate::site::urls::is_identifier(name)
}

/// The commonest slips behind a Fluent syntax error.
fn syntax_hint(source: &str, offset: usize) -> &'static str {
    let before = source.get(..offset).unwrap_or_default();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = &source[line_start..];
    if before.ends_with('$') {
        "a variable is `$` and an ASCII name (letters, digits, hyphens), like `{ $retries }`; write words as text, outside `{ }`"
    } else if line.starts_with(' ') {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nesting_counts_placeables_and_arguments_but_not_strings_or_comments() {
        let levels = |open: &str, n: usize| format!("x = {}", open.repeat(n));
        assert_eq!(too_deep(&levels("{ ", MAX_NESTING)), None);
        assert_eq!(
            too_deep(&levels("{ ", MAX_NESTING + 1)),
            Some(4 + 2 * MAX_NESTING)
        );
        // Inside a placeable, `(` is a level too; in plain text it is not.
        let calls = format!("x = {{ {}", "F(".repeat(MAX_NESTING));
        assert_eq!(too_deep(&calls), Some(7 + 2 * (MAX_NESTING - 1)));
        assert_eq!(too_deep(&format!("x = {}", "(".repeat(1000))), None);
        // Braces in a string literal or a comment open nothing.
        let string = format!("x = {{ \"{}\" }}", "{".repeat(1000));
        assert_eq!(too_deep(&string), None);
        let comment = format!("# {}\nx = y", "{".repeat(1000));
        assert_eq!(too_deep(&comment), None);
        // Closed levels are counted off again, and `(` left open inside a
        // closed placeable does not carry over.
        let closed = "x = { F( { 1 } ) }\n".repeat(1000);
        assert_eq!(too_deep(&closed), None);
        let unbalanced = "x = { $n -> *[a] (text }\n".repeat(1000);
        assert_eq!(too_deep(&unbalanced), None);
    }

    #[test]
    fn the_unclosed_brace_is_the_innermost_one_left_open() {
        assert_eq!(unclosed_brace("a = { b } { c"), Some(10));
        assert_eq!(unclosed_brace("a = { \"}\" "), Some(4));
        assert_eq!(unclosed_brace("a = { b }"), None);
    }

    #[test]
    fn control_characters_and_lone_carriage_returns_are_found() {
        assert_eq!(control_character("a = b\r\nc = d\n\t"), None);
        assert_eq!(control_character("a = b\rc = d"), Some((5, '\r')));
        assert_eq!(control_character("a = b\r"), Some((5, '\r')));
        assert_eq!(control_character("a = \u{0}"), Some((4, '\u{0}')));
        assert_eq!(control_character("é = \u{85}"), Some((5, '\u{85}')));
    }

    #[test]
    fn definitions_are_ids_at_the_start_of_a_line() {
        let found = definitions("a = 1\n  b = 2\n-term = 3\nc=4\na = 5\n# d = 6\ne\n");
        let mut ids: Vec<_> = found.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        ids.sort();
        assert_eq!(ids, [("-term", 14), ("a", 0), ("c", 24)]);
    }

    #[test]
    fn offsets_come_from_the_parsed_names() {
        let resource =
            FluentResource::try_new("# a = 0\nab = x { a }\n\na = 1\n".to_string()).unwrap();
        let entries = message_entries(&resource);
        let offsets: Vec<_> = entries.iter().map(|m| (m.id.as_str(), m.offset)).collect();
        assert_eq!(offsets, [("ab", 8), ("a", 22)]);
    }
}
