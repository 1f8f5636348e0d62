//! Diagnostics: what went wrong, and where, in the files the build reads.
//!
//! Every text format we read (TOML, Fluent, Markdown inside messages) reports
//! problems as byte offsets; [`Location::from_offset`] is the one place that
//! turns an offset into `line:col`. A [`Diagnostic`] carries the path, the
//! location, the source line and a hint, and renders itself the way a
//! compiler does: `path:line:col: error: message`, the line, a caret.
//!
//! This module never decides what is an error; it only describes one.

use std::fmt;

use annotate_snippets::{AnnotationKind, Level, Origin, Renderer, Snippet};
use std::path::{Path, PathBuf};

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Warning,
    Error,
}

/// A 1-based line and column (in characters) inside a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Location {
    pub line: usize,
    pub column: usize,
}

impl Location {
    /// The line and column of byte `offset` in `source`. An offset past the
    /// end, or inside a multi-byte character, is clamped to the nearest
    /// character boundary before it.
    pub fn from_offset(source: &str, offset: usize) -> Location {
        let mut offset = offset.min(source.len());
        while !source.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &source[..offset];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Location {
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
        }
    }
}

/// Where the lines of one source start, so that a file with many
/// diagnostics (a large translation with thousands of stale messages) turns
/// each offset into a location in time proportional to its line, not to the
/// whole file. Gives the same results as [`Location::from_offset`].
#[derive(Clone, Debug, Default)]
pub struct LineIndex {
    /// Byte offset of the start of each line; the first is 0.
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(source: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(
            source
                .bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex { starts }
    }

    /// The line and column of byte `offset` in `source` (the text this
    /// index was made from), clamped as [`Location::from_offset`] does.
    pub fn location(&self, source: &str, offset: usize) -> Location {
        let mut offset = offset.min(source.len());
        while !source.is_char_boundary(offset) {
            offset -= 1;
        }
        // The last line start at or before `offset`.
        let line = self.starts.partition_point(|&start| start <= offset) - 1;
        Location {
            line: line + 1,
            column: source[self.starts[line]..offset].chars().count() + 1,
        }
    }

    /// The text of 1-based line `line`, without its line ending, as
    /// `str::lines` gives it.
    fn line_text<'s>(&self, source: &'s str, line: usize) -> &'s str {
        let Some(&start) = self.starts.get(line - 1) else {
            return "";
        };
        match self.starts.get(line) {
            // Ended by `\n`, or by `\r\n`.
            Some(&next) => {
                let text = &source[start..next - 1];
                text.strip_suffix('\r').unwrap_or(text)
            }
            None => &source[start..],
        }
    }
}

/// The place of a diagnostic: line and column, the line's text for the
/// caret display, and how many characters the caret underlines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    pub location: Location,
    pub source_line: String,
    pub width: usize,
}

/// One problem found in one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub path: PathBuf,
    /// Where in the file, when the problem has a place; boxed, as most
    /// diagnostics are passed around far more than they are shown.
    pub span: Option<Box<Span>>,
    pub message: String,
    pub hint: Option<String>,
}

impl Diagnostic {
    /// An error about a whole file.
    pub fn error(path: &Path, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            path: path.to_path_buf(),
            span: None,
            message: message.into(),
            hint: None,
        }
    }

    /// A warning about a whole file.
    pub fn warning(path: &Path, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(path, message)
        }
    }

    /// Points the diagnostic at the byte range `start..end` of `source`.
    pub fn at(self, source: &str, start: usize, end: usize) -> Diagnostic {
        let location = Location::from_offset(source, start);
        let line = source.lines().nth(location.line - 1).unwrap_or("");
        self.with_span(location, line, source, start, end)
    }

    /// [`Diagnostic::at`] for a source with many diagnostics: `lines` is the
    /// [`LineIndex`] of `source`, made once.
    pub fn at_indexed(
        self,
        source: &str,
        lines: &LineIndex,
        start: usize,
        end: usize,
    ) -> Diagnostic {
        let location = lines.location(source, start);
        let line = lines.line_text(source, location.line);
        self.with_span(location, line, source, start, end)
    }

    fn with_span(
        mut self,
        location: Location,
        line: &str,
        source: &str,
        start: usize,
        end: usize,
    ) -> Diagnostic {
        let width = source
            .get(start..end.max(start))
            .map_or(1, |s| s.lines().next().unwrap_or("").chars().count())
            .max(1);
        self.span = Some(Box::new(Span {
            location,
            source_line: line.to_string(),
            width,
        }));
        self
    }

    /// Adds a one-line hint on how to fix the problem.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Diagnostic {
        self.hint = Some(hint.into());
        self
    }

    pub fn location(&self) -> Option<Location> {
        self.span.as_ref().map(|s| s.location)
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl Diagnostic {
    /// The diagnostic as a compiler writes it (`path:line:col`, the source
    /// line, a caret under the spot, the hint), rendered by
    /// annotate-snippets; `color` for a terminal.
    pub fn render(&self, color: bool) -> String {
        let level = match self.severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
        };
        // Names and lines come from files: none may drive the terminal.
        let path = visible(&self.path.display().to_string());
        let message = visible(&self.message);
        let title = level.primary_title(message.as_str());
        let source_line = self.span.as_ref().map(|span| visible(&span.source_line));
        let group = match (&self.span, &source_line) {
            (Some(span), Some(line)) => {
                let at = span.location;
                // The caret's span, in bytes of the source line.
                let start = line
                    .char_indices()
                    .nth(at.column - 1)
                    .map_or(line.len(), |(i, _)| i);
                let end = line[start..]
                    .char_indices()
                    .nth(span.width)
                    .map_or(line.len(), |(i, _)| start + i);
                title.element(
                    Snippet::source(line.as_str())
                        .line_start(at.line)
                        .path(path.as_str())
                        .annotation(AnnotationKind::Primary.span(start..end.max(start))),
                )
            }
            _ => title.element(Origin::path(path.as_str())),
        };
        let hint = self.hint.as_deref().map(visible);
        let group = match &hint {
            Some(hint) => group.element(Level::HELP.message(hint.as_str())),
            None => group,
        };
        let renderer = if color {
            Renderer::styled()
        } else {
            Renderer::plain()
        };
        renderer.render(&[group])
    }
}

/// Whether `c` acts on whatever shows the text instead of showing: a
/// control character but tab (C0, DEL, C1), which terminals and some
/// compilers act on and HTML forbids, or a bidirectional embedding,
/// override or isolate (U+202A–U+202E, U+2066–U+2069), which displays text
/// in an order other than its own. The one class of such characters:
/// diagnostics show them as pictures ([`Diagnostic::render`]), pages refuse
/// them in messages (`site::format::texts`), and the snippets' comments
/// blank them (`snippets`). Line feed is one; where lines are allowed the
/// caller says so.
pub fn acts_on_display(c: char) -> bool {
    (c.is_control() && c != '\t')
        || ('\u{202a}'..='\u{202e}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

/// `text` with every character that [`acts_on_display`] replaced by one
/// visible character, so that columns stay where they were: C0 by its
/// control picture (`␛` for ESC), the others by U+FFFD.
fn visible(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\0'..='\u{1f}' if c != '\t' => {
                char::from_u32(0x2400 + u32::from(c)).unwrap_or('\u{fffd}')
            }
            c if acts_on_display(c) => '\u{fffd}',
            c => c,
        })
        .collect()
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}

/// Diagnostics gathered over a whole run, so that one build reports every
/// problem it can find instead of stopping at the first.
#[derive(Debug, Default)]
pub struct Diagnostics {
    pub items: Vec<Diagnostic>,
}

impl Diagnostics {
    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.items.push(diagnostic);
    }

    pub fn has_errors(&self) -> bool {
        self.items.iter().any(Diagnostic::is_error)
    }

    /// Sorted by file, then position, so that output is stable.
    pub fn sorted(mut self) -> Vec<Diagnostic> {
        self.items.sort_by(|a, b| {
            (&a.path, a.location(), &a.message).cmp(&(&b.path, b.location(), &b.message))
        });
        self.items
    }
}

/// The error a run ends with when any diagnostic is an error.
#[derive(Debug)]
pub struct Failed {
    pub diagnostics: Vec<Diagnostic>,
}

impl fmt::Display for Failed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.diagnostics {
            writeln!(f, "{d}\n")?;
        }
        let errors = self.diagnostics.iter().filter(|d| d.is_error()).count();
        write!(f, "{errors} error{}", if errors == 1 { "" } else { "s" })
    }
}

impl std::error::Error for Failed {}

/// A TOML error with the location toml reports.
/// serde names the Rust type it wanted (`expected f64`); the message says
/// what to write instead.
pub fn toml_diagnostic(path: &Path, source: &str, err: &toml::de::Error) -> Diagnostic {
    let mut message = err.message().trim_end().to_string();
    for (rust, written) in [
        ("expected f64", "expected a number"),
        ("expected i64", "expected a whole number"),
        ("expected u32", "expected a whole number"),
        ("expected u64", "expected a whole number"),
    ] {
        message = message.replace(rust, written);
    }
    let diagnostic = Diagnostic::error(path, message);
    match err.span() {
        Some(span) => diagnostic.at(source, span.start, span.end),
        None => diagnostic,
    }
}

impl Diagnostic {
    /// Points at the first occurrence of `needle` in `source` (a value the
    /// deserializer no longer has a position for), or at the file when it is
    /// not found.
    pub fn at_text(self, source: &str, needle: &str) -> Diagnostic {
        match source.find(needle) {
            Some(start) if !needle.is_empty() => self.at(source, start, start + needle.len()),
            _ => self,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_become_lines_and_character_columns() {
        let src = "a = 1\nпривет = { $x\n";
        assert_eq!(
            Location::from_offset(src, 0),
            Location { line: 1, column: 1 }
        );
        let brace = src.find('{').unwrap();
        assert_eq!(
            Location::from_offset(src, brace),
            Location {
                line: 2,
                column: 10
            }
        );
        assert_eq!(Location::from_offset(src, 10_000).line, 3);
        // Inside the two bytes of 'п': clamped to its start.
        assert_eq!(
            Location::from_offset(src, 7),
            Location { line: 2, column: 1 }
        );
    }

    #[test]
    fn the_line_index_agrees_with_from_offset_everywhere() {
        for src in ["a = 1\r\nпривет = { $x\n\n  last\r\n", "a\rb\r", "", "\n"] {
            let index = LineIndex::new(src);
            for offset in 0..=src.len() + 2 {
                assert_eq!(
                    index.location(src, offset),
                    Location::from_offset(src, offset),
                    "offset {offset}"
                );
                let by_index = Diagnostic::error(Path::new("x"), "m").at_indexed(
                    src,
                    &index,
                    offset,
                    offset + 3,
                );
                let by_scan = Diagnostic::error(Path::new("x"), "m").at(src, offset, offset + 3);
                assert_eq!(by_index, by_scan, "offset {offset}");
            }
        }
    }

    #[test]
    fn renders_like_a_compiler() {
        let src = "title = Hi\nbad = { $\n";
        let d = Diagnostic::error(Path::new("locales/en/x.ftl"), "expected a variable name")
            .at(src, 17, 18)
            .with_hint("write `{ $name }`");
        let text = d.to_string();
        assert_eq!(
            text,
            "error: expected a variable name\n --> locales/en/x.ftl:2:7\n  |\n2 | bad = { $\n  |       ^\n  |\n  = help: write `{ $name }`"
        );
    }

    #[test]
    fn nothing_from_a_file_drives_the_terminal() {
        let d = Diagnostic::error(
            Path::new("locales/de/x\u{1b}]0;PWNED\u{7}.ftl"),
            "bad \u{9b}31m",
        )
        .with_hint("a\u{202e}b");
        let shown = d.render(false);
        assert!(
            !shown.chars().any(|c| c.is_control() && c != '\n'),
            "{shown:?}"
        );
        assert!(shown.contains("x␛]0;PWNED␇.ftl"), "{shown}");
        assert!(!shown.contains('\u{202e}'), "{shown}");
    }
}
