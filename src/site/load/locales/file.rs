//! One parsed `.ftl` file and the files of every language, with the limits
//! every file is read within and the one `locales/<lang>/<name>.ftl` path.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use fluent_bundle::FluentResource;
use unic_langid::LanguageIdentifier;

use crate::diagnostics::{Diagnostic, LineIndex};

/// Messages a translation may have that the reference language need not:
/// a page's translated URL segment.
pub const OPTIONAL_MESSAGES: &[&str] = &["slug"];

/// The file every page's bundle includes besides its own.
pub const SITE_FILE: &str = "site";

/// The largest `.ftl` file read, in bytes. The largest file of this site is
/// a few kilobytes and the largest Fluent files of big projects stay under
/// a megabyte; 16 MiB is far above both, yet reading and checking it takes
/// about a second.
pub const MAX_FILE_BYTES: u64 = crate::input::Kind::Translation.limit();

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
    pub(super) entries: Vec<MessageEntry>,
    /// Every id written at the start of a line as `id =` (terms as `-id`),
    /// parsed or not, with the offset of its first definition: a message
    /// lost to a syntax error is still "written", and is neither missing
    /// nor unknown.
    pub(super) definitions: HashMap<String, usize>,
    pub(super) lines: LineIndex,
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
pub(super) fn offset_in(source: &str, part: &str) -> Option<usize> {
    let start = (part.as_ptr() as usize).checked_sub(source.as_ptr() as usize)?;
    (start + part.len() <= source.len()).then_some(start)
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
    pub(super) fn push(&mut self, file: LocaleFile) {
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

/// The path of the Fluent file `name` (a page's slug, or [`SITE_FILE`]) of
/// `lang`, relative to the site's root: `locales/<lang>/<name>.ftl`.
pub fn file_path(lang: &LanguageIdentifier, name: &str) -> PathBuf {
    Path::new("locales")
        .join(lang.to_string())
        .join(format!("{name}.ftl"))
}
