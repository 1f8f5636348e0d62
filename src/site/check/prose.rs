//! A message as prose: the text a reader sees, with every place in it
//! mapped back to its byte in the `.ftl` file, for the checks that read
//! words and punctuation (`typography`, `glossary`).
//!
//! A pattern becomes one or more [`Flat`] texts: the value or an attribute
//! with each select expression replaced by its default variant, and each
//! other variant as a text of its own, so that every character of the file
//! is read exactly once and a finding is reported once. A variable placeable
//! becomes [`FIGURE`]; any other placeable [`OTHER`]. Inline code, math
//! (`$…$`, `$$…$$`) and link targets are masked: what a reader sees there
//! is code or a formula, not prose.
//!
//! It reads the parsed resource only; it never judges the text.

use fluent_syntax::ast::{self, Expression, InlineExpression, Pattern, PatternElement};

use crate::site::load::locales::LocaleFile;

/// What a variable placeable (a figure, a list of figures, a word the build
/// fills in) reads as in a [`Flat`] text.
pub const FIGURE: char = '\u{FFFC}';
/// What any other placeable (a select that is not expanded, a literal, a
/// reference) reads as.
pub const OTHER: char = '\u{FFFD}';

/// One stretch of prose with its place in the source.
pub struct Flat {
    /// The message id and, for an attribute, `.name`: what a diagnostic names.
    pub name: String,
    /// Which pattern of the message this is: `None` for the value, the
    /// attribute's name otherwise (the glossary compares like with like).
    pub attribute: Option<String>,
    /// The text, placeables as [`FIGURE`] or [`OTHER`].
    pub text: String,
    /// Whether each byte of `text` is masked (code, math, link target).
    masked: Vec<bool>,
    /// (start in `text`, start in the source, length in `text`) of each piece.
    pieces: Vec<(usize, usize, usize)>,
}

impl Flat {
    /// The source offset of byte `at` of the text.
    pub fn source_offset(&self, at: usize) -> usize {
        let i = self.pieces.partition_point(|&(start, _, _)| start <= at);
        match i.checked_sub(1).map(|i| self.pieces[i]) {
            Some((start, source, len)) if at < start + len => source + (at - start),
            Some((_, source, _)) => source,
            None => 0,
        }
    }

    /// Whether byte `at` of the text is inside code, math or a link target.
    pub fn is_masked(&self, at: usize) -> bool {
        self.masked.get(at).copied().unwrap_or(false)
    }
}

/// Every stretch of prose of every message of `file`, in file order.
pub fn flats(file: &LocaleFile) -> Vec<Flat> {
    let mut out = Vec::new();
    for entry in file.resource.entries() {
        let ast::Entry::Message(message) = entry else {
            continue;
        };
        let id = message.id.name;
        if let Some(value) = &message.value {
            flatten_pattern(file, id.to_string(), None, value, &mut out);
        }
        for attribute in &message.attributes {
            let name = format!("{id}.{}", attribute.id.name);
            let key = Some(attribute.id.name.to_string());
            flatten_pattern(file, name, key, &attribute.value, &mut out);
        }
    }
    out
}

fn flatten_pattern(
    file: &LocaleFile,
    name: String,
    attribute: Option<String>,
    pattern: &Pattern<&str>,
    out: &mut Vec<Flat>,
) {
    let mut flat = Flat {
        name,
        attribute,
        text: String::new(),
        masked: Vec::new(),
        pieces: Vec::new(),
    };
    let mut others = Vec::new();
    push_pattern(file, pattern, &mut flat, &mut others);
    flat.masked = mask(&flat.text);
    let (name, attribute) = (flat.name.clone(), flat.attribute.clone());
    out.push(flat);
    // Non-default variants, each read on its own (and their own selects).
    while let Some(variant) = others.pop() {
        flatten_pattern(file, name.clone(), attribute.clone(), variant, out);
    }
}

fn push_pattern<'p, 's>(
    file: &LocaleFile,
    pattern: &'p Pattern<&'s str>,
    flat: &mut Flat,
    others: &mut Vec<&'p Pattern<&'s str>>,
) {
    for element in &pattern.elements {
        match element {
            PatternElement::TextElement { value } => {
                let source = file.offset_of(value).unwrap_or(0);
                flat.pieces.push((flat.text.len(), source, value.len()));
                flat.text.push_str(value);
            }
            PatternElement::Placeable { expression } => {
                push_expression(file, expression, flat, others)
            }
        }
    }
}

fn push_expression<'p, 's>(
    file: &LocaleFile,
    expression: &'p Expression<&'s str>,
    flat: &mut Flat,
    others: &mut Vec<&'p Pattern<&'s str>>,
) {
    match expression {
        Expression::Select { variants, .. } => {
            for variant in variants {
                if variant.default {
                    push_pattern(file, &variant.value, flat, others);
                } else {
                    others.push(&variant.value);
                }
            }
        }
        Expression::Inline(InlineExpression::Placeable { expression }) => {
            push_expression(file, expression, flat, others)
        }
        Expression::Inline(inline) => {
            let (marker, name) = match inline {
                InlineExpression::VariableReference { id } => (FIGURE, Some(id.name)),
                // NUMBER($x) and the like show a figure too.
                InlineExpression::FunctionReference { arguments, .. } => {
                    match arguments.positional.first() {
                        Some(InlineExpression::VariableReference { id }) => (FIGURE, Some(id.name)),
                        _ => (OTHER, None),
                    }
                }
                _ => (OTHER, None),
            };
            let source = name.and_then(|n| file.offset_of(n)).unwrap_or(0);
            flat.pieces.push((flat.text.len(), source, 0));
            flat.text.push(marker);
        }
    }
}

/// Which bytes of `text` are code (`` `…` ``), math (`$…$`, `$$…$$`) or a
/// link target (`](…)`), delimiters included. An unclosed span masks
/// nothing: the Markdown check reports it.
fn mask(text: &str) -> Vec<bool> {
    let mut masked = vec![false; text.len()];
    let bytes = text.as_bytes();
    // Where a search for a closing delimiter found none from there to the
    // end: a later search from further on cannot find one either, so that
    // a text of many unclosed openers is read in linear time.
    let mut none_after: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut find = |from: usize, closing: &'static str| -> Option<usize> {
        if none_after.get(closing).is_some_and(|&p| p <= from) {
            return None;
        }
        let found = text[from..].find(closing).map(|at| from + at);
        if found.is_none() {
            none_after.insert(closing, from);
        }
        found
    };
    let mut i = 0;
    while i < bytes.len() {
        let close = match bytes[i] {
            b'`' => {
                let run = bytes[i..].iter().take_while(|&&b| b == b'`').count();
                // A fence of one to three backticks is what messages use;
                // a longer one is searched for as it is.
                let fence: &'static str =
                    ["`", "``", "```"].get(run - 1).copied().unwrap_or("````");
                if run <= 3 {
                    find(i + run, fence).map(|end| end + run)
                } else {
                    text[i + run..]
                        .find(&text[i..i + run])
                        .map(|end| i + run + end + run)
                }
            }
            b'$' if bytes.get(i + 1) == Some(&b'$') => find(i + 2, "$$").map(|end| end + 2),
            b'$' => find(i + 1, "$").map(|end| end + 1),
            b']' if bytes.get(i + 1) == Some(&b'(') => find(i + 2, ")").map(|end| end + 1),
            b'\\' => {
                // An escaped character is the character itself, never a delimiter.
                i += 1 + text[i + 1..].chars().next().map_or(0, char::len_utf8);
                continue;
            }
            _ => None,
        };
        match close {
            Some(end) => {
                masked[i..end].fill(true);
                i = end;
            }
            None => i += 1,
        }
    }
    masked
}

/// A parsed `locales/<lang>/p.ftl` holding `source`, for the tests of the
/// modules that read prose.
#[cfg(test)]
pub fn test_file(lang: &str, source: &str) -> LocaleFile {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("locales").join(lang)).unwrap();
    std::fs::write(dir.path().join("locales").join(lang).join("p.ftl"), source).unwrap();
    let mut diagnostics = crate::diagnostics::Diagnostics::default();
    let files = crate::site::load::locales::load_page_files(
        dir.path(),
        &[lang.parse().unwrap()],
        "p",
        &mut diagnostics,
    );
    assert!(diagnostics.items.is_empty(), "{:?}", diagnostics.items);
    files.into_iter().next().flatten().unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(source: &str) -> LocaleFile {
        test_file("en", source)
    }

    #[test]
    fn every_place_maps_back_to_its_byte_and_each_variant_is_read_once() {
        let source = "a = One `x  y` { $n } s.\n    Two { $k ->\n        [one] dog\n       *[other] dogs\n    } $a  b$.\n    .t = Attr  text\n";
        let f = file(source);
        let flats = flats(&f);
        let texts: Vec<&str> = flats.iter().map(|f| f.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "One `x  y` \u{FFFC} s.\nTwo dogs $a  b$.",
                "dog",
                "Attr  text"
            ]
        );
        let value = &flats[0];
        for needle in [" s.", "Two", "dogs", "$a"] {
            let at = value.text.find(needle).unwrap();
            let offset = value.source_offset(at);
            assert_eq!(&source[offset..offset + needle.len()], needle);
        }
        let figure = value.text.find(FIGURE).unwrap();
        assert_eq!(&source[value.source_offset(figure)..][..1], "n");
        // Code and math are masked, prose is not.
        assert!(value.is_masked(value.text.find("x  y").unwrap()));
        assert!(value.is_masked(value.text.find("a  b").unwrap()));
        assert!(!value.is_masked(value.text.find("Two").unwrap()));
        assert_eq!(flats[2].name, "a.t");
    }
}
