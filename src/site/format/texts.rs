//! `Texts`: the message lookup a page renders from, in one language, with
//! the fallback chain of the render mode, and the record of every problem
//! formatting finds, each pointed at the message it names; and `Language`,
//! what one language of a render brings to it (its formatters and its
//! site-wide messages).
//!
//! It never reads a file (see `locales`) and never renders Markdown (see
//! `markdown`).

use std::cell::RefCell;
use std::path::Path;

use fluent_bundle::{FluentArgs, FluentError};

use unic_langid::LanguageIdentifier;

use crate::diagnostics::Diagnostic;
use crate::site::format::intl::Intl;
use crate::site::load::locales::{Bundle, LocaleFile};

/// Message lookup for one page in one language: its own bundle first, then
/// (with `--allow-missing`) the reference language's. Problems are recorded,
/// not returned, so that a template can ask for text without ceremony and
/// the build still fails afterwards with every problem listed.
pub struct Texts<'a> {
    chain: Vec<&'a Bundle<'a>>,
    /// The files a message of this page may live in, for error messages.
    files: Vec<&'a LocaleFile>,
    /// The page has no file in this language: missing, unreadable or
    /// refused, which is reported where the files are read.
    page_file_absent: bool,
    problems: RefCell<Vec<Diagnostic>>,
}

impl<'a> Texts<'a> {
    pub fn new(chain: Vec<&'a Bundle<'a>>, files: Vec<&'a LocaleFile>) -> Texts<'a> {
        Texts {
            chain,
            files,
            page_file_absent: false,
            problems: RefCell::new(Vec::new()),
        }
    }

    /// Marks the page's file in this language as absent (reported where
    /// the files are read): the messages it would hold are then not
    /// reported one by one as well.
    pub fn page_file_absent(mut self) -> Texts<'a> {
        self.page_file_absent = true;
        self
    }

    /// The message `id`, formatted with `args`.
    pub fn get(&self, id: &str, args: Option<&FluentArgs>) -> String {
        self.format(id, None, args)
    }

    /// Whether message `id` is defined for this page: in its own file, the
    /// site-wide file or the fallback language's.
    pub fn has(&self, id: &str) -> bool {
        self.chain.iter().any(|bundle| bundle.has_message(id))
    }

    /// The attribute `attribute` of message `id`, formatted with `args`.
    pub fn attribute(&self, id: &str, attribute: &str, args: Option<&FluentArgs>) -> String {
        self.format(id, Some(attribute), args)
    }

    fn format(&self, id: &str, attribute: Option<&str>, args: Option<&FluentArgs>) -> String {
        let name = qualified(id, attribute);
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
            let mut text = bundle
                .format_pattern(pattern, args, &mut errors)
                .into_owned();
            for error in errors {
                self.problem(id, attribute, &describe(&error));
            }
            // The file's own text was checked when read; a string literal's
            // `\u` escape can still make one (`{ "\u001B" }`), which no page
            // may carry.
            if let Some(c) = text.chars().find(|&c| forbidden(c)) {
                self.problem(
                    id,
                    attribute,
                    &format!(
                        "the text holds the control character U+{:04X}, from an escape in a string literal",
                        u32::from(c)
                    ),
                );
                text = text
                    .chars()
                    .map(|c| if forbidden(c) { '\u{fffd}' } else { c })
                    .collect();
            }
            return text;
        }
        // Written but lost to a syntax error, or in a file that is missing or
        // unreadable: either is reported where it is, once.
        if self.page_file_absent
            || self.files.is_empty()
            || self.files.iter().any(|f| f.definition(id).is_some())
        {
            return format!("[{name}]");
        }
        let files: Vec<String> = self
            .files
            .iter()
            .map(|f| f.path.display().to_string())
            .collect();
        let missing = format!("no message `{name}` in {}", files.join(" or "));
        let diagnostic = self.page_file_problem(missing);
        self.problems.borrow_mut().push(diagnostic);
        format!("[{name}]")
    }

    /// Records a problem with message `id` (with `attribute`, the problem is
    /// in that attribute): the diagnostic points at the message's
    /// definition, or at the page's file when no file defines it.
    pub fn problem(&self, id: &str, attribute: Option<&str>, what: &str) {
        let message = format!("message `{}`: {what}", qualified(id, attribute));
        let found = self
            .files
            .iter()
            .find_map(|file| file.definition(id).map(|offset| (file, offset)));
        let diagnostic = match found {
            Some((file, offset)) => file.at(
                Diagnostic::error(&file.path, message),
                offset,
                offset + id.len(),
            ),
            None => self.page_file_problem(message),
        };
        self.problems.borrow_mut().push(diagnostic);
    }

    /// A problem of the page's text that no message holds, against the
    /// page's own file (the last of `files`).
    fn page_file_problem(&self, message: String) -> Diagnostic {
        Diagnostic::error(
            self.files
                .last()
                .map_or(Path::new("locales"), |f| f.path.as_path()),
            message,
        )
    }

    /// Everything that went wrong while formatting.
    pub fn into_problems(self) -> Vec<Diagnostic> {
        self.problems.into_inner()
    }
}

/// A message's name as Fluent writes it: `id`, or `id.attribute`.
fn qualified(id: &str, attribute: Option<&str>) -> String {
    match attribute {
        Some(a) => format!("{id}.{a}"),
        None => id.to_string(),
    }
}

fn describe(error: &FluentError) -> String {
    match error {
        FluentError::ResolverError(e) => e.to_string(),
        other => other.to_string(),
    }
}

/// One language's formatters and site-wide messages.
pub struct Language<'a> {
    pub lang: &'a LanguageIdentifier,
    pub intl: Intl,
    pub site_file: Option<&'a LocaleFile>,
    pub site_bundle: Bundle<'a>,
    /// The language's name in itself (`language-name`), for the switcher.
    pub name: String,
}

/// A character no page carries: one that acts on the display
/// (`diagnostics::acts_on_display`), line feed aside.
fn forbidden(c: char) -> bool {
    c != '\n' && crate::diagnostics::acts_on_display(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::Diagnostics;
    use crate::site::load::locales::{bundle, file_path, load_page_files};
    use unic_langid::LanguageIdentifier;

    #[test]
    fn a_message_problem_points_at_the_message_and_names_the_attribute() {
        let dir = tempfile::tempdir().unwrap();
        let en: LanguageIdentifier = "en".parse().unwrap();
        std::fs::create_dir_all(dir.path().join("locales/en")).unwrap();
        let source = "a = one\nfaq-b = two\n    .answer = { $missing }\n";
        std::fs::write(dir.path().join("locales/en/p.ftl"), source).unwrap();
        let mut diagnostics = Diagnostics::default();
        let files = load_page_files(dir.path(), std::slice::from_ref(&en), "p", &mut diagnostics);
        let file = files[0].as_ref().unwrap();
        let bundle = bundle(&en, &[file], &mut diagnostics);
        let texts = Texts::new(vec![&bundle], vec![file]);
        texts.attribute("faq-b", "answer", None);
        texts.problem("a", None, "a problem of `faq-b`");
        texts.get("nowhere", None);
        let problems = texts.into_problems();
        let shown: Vec<(&str, Option<usize>)> = problems
            .iter()
            .map(|d| (d.message.as_str(), d.span.as_ref().map(|s| s.location.line)))
            .collect();
        assert_eq!(
            shown,
            [
                (
                    "message `faq-b.answer`: Unknown variable: $missing",
                    Some(2)
                ),
                // The id is data: a backticked name in the text is not taken
                // for it.
                ("message `a`: a problem of `faq-b`", Some(1)),
                ("no message `nowhere` in locales/en/p.ftl", None),
            ]
        );
        assert!(problems.iter().all(|d| d.path == file_path(&en, "p")));
    }
}
