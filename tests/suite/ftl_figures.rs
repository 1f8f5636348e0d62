//! Translators write words; the core writes numbers. This test fails when a
//! figure is typed into an `.ftl` file instead of coming from the core as a
//! variable: outside inline code (command lines) and math (`n − 1`), the
//! only digits a message may contain are HTTP status codes.

use crate::common;

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

/// Status codes the text may name: they are facts of HTTP, not figures.
fn is_http_status(digits: &str) -> bool {
    digits.len() == 3 && (digits.starts_with('4') || digits.starts_with('5'))
}

/// The digit runs of a message's text that are not allowed.
fn typed_figures(text: &str) -> Vec<String> {
    let prose = strip_link_targets(&strip_spans(&strip_spans(text, '`'), '$'));
    let mut found = Vec::new();
    let mut run = String::new();
    for c in prose.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            run.push(c);
        } else if !run.is_empty() {
            if !is_http_status(&run) {
                found.push(run.clone());
            }
            run.clear();
        }
    }
    found
}

/// `text` without the targets of Markdown links (`](…)`): an address, with
/// its digits, is not a figure.
fn strip_link_targets(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("](") {
        out.push_str(&rest[..=start]);
        rest = &rest[start + 2..];
        rest = rest.find(')').map_or("", |end| &rest[end + 1..]);
    }
    out.push_str(rest);
    out
}

/// `text` without the spans between pairs of `delimiter`.
fn strip_spans(text: &str, delimiter: char) -> String {
    text.split(delimiter)
        .step_by(2)
        .collect::<Vec<_>>()
        .join(" ")
}

fn pattern_text(pattern: &Pattern<&str>, out: &mut String) {
    for element in &pattern.elements {
        match element {
            PatternElement::TextElement { value } => out.push_str(value),
            PatternElement::Placeable { expression } => expression_text(expression, out),
        }
    }
}

fn expression_text(expression: &Expression<&str>, out: &mut String) {
    match expression {
        Expression::Select { variants, .. } => {
            for variant in variants {
                pattern_text(&variant.value, out);
                out.push(' ');
            }
        }
        Expression::Inline(inline) => match inline {
            InlineExpression::StringLiteral { value } => out.push_str(value),
            InlineExpression::NumberLiteral { value } => out.push_str(value),
            InlineExpression::Placeable { expression } => expression_text(expression, out),
            _ => out.push(' '),
        },
    }
}

#[test]
fn no_figure_is_typed_into_a_translation() {
    let mut offences = Vec::new();
    let mut files = 0;
    for entry in walkdir::WalkDir::new(common::project_root().join("locales")).sort_by_file_name() {
        let entry = entry.unwrap();
        if entry.path().extension().is_none_or(|e| e != "ftl") {
            continue;
        }
        files += 1;
        let source = std::fs::read_to_string(entry.path()).unwrap();
        let resource = fluent_syntax::parser::parse(source.as_str())
            .unwrap_or_else(|(_, errors)| panic!("{errors:?}"));
        for entry_ast in &resource.body {
            let (id, value, attributes) = match entry_ast {
                Entry::Message(m) => (m.id.name, m.value.as_ref(), &m.attributes),
                Entry::Term(t) => (t.id.name, Some(&t.value), &t.attributes),
                _ => continue,
            };
            let mut text = String::new();
            if let Some(value) = value {
                pattern_text(value, &mut text);
            }
            for attribute in attributes {
                text.push(' ');
                pattern_text(&attribute.value, &mut text);
            }
            for figure in typed_figures(&text) {
                offences.push(format!(
                    "{}: `{id}` contains the figure {figure}",
                    entry.path().display()
                ));
            }
        }
    }
    assert!(files >= 9, "found only {files} .ftl files");
    assert!(
        offences.is_empty(),
        "figures typed by hand:\n{}",
        offences.join("\n")
    );
}

#[test]
fn the_rule_catches_typed_figures_and_spares_the_rest() {
    assert_eq!(typed_figures("total 91,5 s"), ["91", "5"]);
    assert_eq!(typed_figures("max 2.000 und { $total }"), ["2", "000"]);
    assert!(typed_figures("HTTP 429 or 503").is_empty());
    assert!(typed_figures("run `schedule --base 250` now").is_empty());
    assert!(typed_figures("the exponent $n - 1$").is_empty());
    assert!(typed_figures("[HTTP Semantics](https://www.rfc-editor.org/rfc/rfc9110)").is_empty());
    assert_eq!(typed_figures("[RFC 9110](https://x.org/9110)"), ["9110"]);
}
