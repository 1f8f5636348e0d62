//! Reading one `.ftl` file: through `crate::input` (a regular file inside
//! the project, at most a translation's size), refused before parsing when it holds control
//! characters or nests deeper than [`MAX_NESTING`]; every syntax error
//! reported at its position with a hint; the offsets of its messages from
//! the parsed names. It never compares languages or builds bundles
//! (`mod.rs`, `compare.rs`).
//! Over 500 lines only with its unit tests at the end (the code is about 420).

use std::collections::HashMap;
use std::path::Path;

use fluent_bundle::FluentResource;
use fluent_syntax::ast;
use unic_langid::LanguageIdentifier;

use super::file::{LocaleFile, MAX_NESTING, MessageEntry, offset_in};
use crate::diagnostics::{Diagnostic, Diagnostics, LineIndex};
use crate::input;

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

/// Reads and checks one `.ftl` file of `lang` (`name` is its page or
/// `site`), through `crate::input`; `None` when there is none or it is
/// refused, which is reported.
pub(super) fn read_file(
    root: &input::Root,
    project: &Path,
    shown: &Path,
    lang: &LanguageIdentifier,
    name: String,
    diagnostics: &mut Diagnostics,
) -> Option<LocaleFile> {
    let bytes = match input::read(root, project, shown, input::Kind::Translation) {
        Ok(Some(bytes)) => bytes,
        // Looked for only where something of that name is.
        Ok(None) => return None,
        Err(refused) => {
            diagnostics.push(refused);
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

/// The first character that Fluent would accept but no page should carry,
/// with its offset: a control character other than tab and line endings
/// (HTML forbids them, and they are invisible in an editor), or a carriage
/// return not followed by a line feed (Fluent takes it for text, so the
/// next line silently joins the message).
fn control_character(source: &str) -> Option<(usize, char)> {
    let bytes = source.as_bytes();
    // Bytes, not characters: every file of every page passes through here.
    // C0 and DEL are single bytes; C1 (U+0080–U+009F) is 0xC2 then 0x80–0x9F.
    let refused = |i: usize| match bytes[i] {
        b'\t' | b'\n' => false,
        b'\r' => bytes.get(i + 1) != Some(&b'\n'),
        0..0x20 | 0x7f => true,
        0xc2 => bytes
            .get(i + 1)
            .is_some_and(|next| (0x80..0xa0).contains(next)),
        _ => false,
    };
    // Almost every byte is plain text. A chunk holding none of the bytes
    // above is passed over whole (a test without branches, which the
    // compiler turns into vector instructions); only the others are looked
    // at byte by byte.
    let plain = |b: u8| (b >= 0x20 || b == b'\t' || b == b'\n') && b != 0x7f && b != 0xc2;
    let at = bytes
        .chunks(32)
        .enumerate()
        .filter(|(_, chunk)| !chunk.iter().fold(true, |all, &b| all & plain(b)))
        .find_map(|(n, chunk)| (n * 32..n * 32 + chunk.len()).find(|&i| refused(i)))?;
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

pub(super) fn is_identifier_like(name: &str) -> bool {
    crate::identifier::is_identifier(name)
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
        // Anywhere in a longer file, a pair split across the chunks the
        // scan passes over included.
        for at in [0, 30, 31, 32, 33, 63, 64, 100] {
            let text = |c: &str| format!("{}{c}{}", "a".repeat(at), "b".repeat(70));
            assert_eq!(control_character(&text("\r\n")), None, "{at}");
            assert_eq!(control_character(&text("\u{a0}")), None, "{at}");
            assert_eq!(control_character(&text("\r")), Some((at, '\r')), "{at}");
            assert_eq!(
                control_character(&text("\u{7}")),
                Some((at, '\u{7}')),
                "{at}"
            );
            assert_eq!(
                control_character(&text("\u{85}")),
                Some((at, '\u{85}')),
                "{at}"
            );
        }
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
