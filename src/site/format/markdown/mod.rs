//! Markdown inside messages, rendered to HTML, with math as MathML.
//!
//! Messages may use emphasis, lists, links and inline code (pulldown-cmark),
//! and formulas as `$…$` (inline) and `$$…$$` (display), which pulldown-latex
//! turns into MathML at build time: the pages need no math script.
//!
//! Nothing a translator writes reaches a page as markup of its own:
//! - raw HTML in a message is an error, and so are images (the pages load
//!   nothing from another origin);
//! - the MathML of every formula is re-serialized here from its tokens, with
//!   only the elements and attributes pulldown-latex is known to write and
//!   every text escaped, whatever the command; strings pulldown-latex would
//!   copy unescaped (`\operatorname{…}`, `\mathop{…}`) are escaped before it
//!   sees them. MathML that would carry a `style` attribute is refused, as
//!   the pages' Content-Security-Policy (`style-src 'self'`) would block it.
//!
//! Markdown that would not render as meant is an error too, judged on
//! pulldown-cmark's events and their offsets (so code spans and escapes are
//! never mistaken for markers): an unclosed `*`, a link without a usable
//! target, an unclosed `$$`.
//!
//! Limits, so that no input can exhaust the stack or take quadratic time:
//! Markdown nests at most [`MAX_NESTING`] elements; a formula nests braces,
//! `\left…\right` and environments at most [`MAX_NESTING`] levels, uses at
//! most [`MAX_FORMULA_COMMANDS`] commands and defines none.
//!
//!
//! This module holds the Markdown half and the message helpers pages use
//! (`block`, `inline`); formulas are `formula.rs` (their
//! checks and the conversion to MathML) and `mathml.rs` (the
//! re-serialization of the MathML, with the elements and attributes it
//! lets through).

mod error;
pub use error::{MAX_NESTING, MarkupError};
mod formula;
mod mathml;

pub use formula::{MAX_FORMULA_COMMANDS, mathml};
pub use mathml::{MATHML_ATTRIBUTES, MATHML_ELEMENTS};

use std::ops::Range;

use crate::site::format::texts::Texts;

use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd};
use pulldown_latex::config::DisplayMode;

fn options() -> Options {
    Options::ENABLE_MATH | Options::ENABLE_STRIKETHROUGH
}

/// Renders a message as block HTML (paragraphs, lists, display math); every
/// problem of the message is returned.
pub fn render_block(markdown: &str) -> Result<String, Vec<MarkupError>> {
    render(markdown, false)
}

/// Renders a message as inline HTML, for headings, table cells and other
/// places where a paragraph would not belong.
pub fn render_inline(markdown: &str) -> Result<String, Vec<MarkupError>> {
    render(markdown, true)
}

/// The most columns of white space a line of a message may start with:
/// more than [`MAX_NESTING`] lists can need (each nests its items by the
/// width of its marker, at most that of `999999999. `, and an indented code
/// block four more). The parser reads every line's containers before it
/// gives the first event, and a thousand levels of indentation would take
/// it half a minute, so a deeper line is refused before it is parsed.
const MAX_INDENT: usize = MAX_NESTING * 11 + 4;

/// The columns of white space `line` starts with (a tab to the next
/// multiple of four, as CommonMark reads it).
fn indent(line: &str) -> usize {
    let mut columns = 0;
    for c in line.chars() {
        match c {
            ' ' => columns += 1,
            '\t' => columns += 4 - columns % 4,
            _ => break,
        }
    }
    columns
}

fn render(markdown: &str, inline: bool) -> Result<String, Vec<MarkupError>> {
    if markdown.lines().any(|line| indent(line) > MAX_INDENT) {
        return Err(vec![MarkupError::new(format!(
            "the Markdown is nested too deeply: a line is indented by more than {MAX_INDENT} columns, deeper than {MAX_NESTING} lists could need"
        ))]);
    }
    let mut problems = Vec::new();
    let mut events = Vec::new();
    let mut depth = 0usize;
    let mut raw_html_seen = false;
    // Text in a code block is code: its `*` and `$$` are not markers.
    let mut in_code_block = false;
    for (event, range) in Parser::new_ext(markdown, options()).into_offset_iter() {
        let event = match event {
            // Translators write Markdown; markup of their own could break the
            // page or its security policy, so it is refused, never passed on.
            // The first tag is named; its closing tag would only repeat it.
            Event::Html(html) | Event::InlineHtml(html) => {
                if !raw_html_seen {
                    raw_html_seen = true;
                    problems.push(MarkupError::new(format!(
                        "raw HTML is not allowed in messages: `{}`",
                        html.trim()
                    )));
                }
                continue;
            }
            Event::InlineMath(latex) => match mathml(&latex, DisplayMode::Inline) {
                Ok(math) => Event::InlineHtml(CowStr::from(math)),
                Err(err) => {
                    problems.push(err);
                    continue;
                }
            },
            Event::DisplayMath(latex) => match mathml(&latex, DisplayMode::Block) {
                Ok(math) => Event::InlineHtml(CowStr::from(math)),
                Err(err) => {
                    problems.push(err);
                    continue;
                }
            },
            Event::Start(Tag::Paragraph) | Event::End(TagEnd::Paragraph) if inline => continue,
            Event::Start(Tag::Image { .. }) => {
                problems.push(MarkupError::new(
                    "images are not allowed in messages: the pages load nothing from elsewhere",
                ));
                continue;
            }
            Event::Start(Tag::Link { ref dest_url, .. }) if !is_link_target(dest_url) => {
                problems.push(MarkupError::new(format!(
                    "the link target `{dest_url}` is not a URL, a path or a fragment"
                )));
                event
            }
            Event::Start(Tag::CodeBlock(_)) => {
                in_code_block = true;
                event
            }
            Event::End(TagEnd::CodeBlock) => {
                in_code_block = false;
                event
            }
            Event::Text(_) if !in_code_block => {
                stray_markers(markdown, range, &mut problems);
                event
            }
            other => other,
        };
        match &event {
            Event::Start(_) => depth += 1,
            Event::End(_) => depth = depth.saturating_sub(1),
            _ => {}
        }
        if depth > MAX_NESTING {
            problems.push(MarkupError::new(format!(
                "the Markdown is nested too deeply: more than {MAX_NESTING} elements (block quotes, lists and their items, emphasis, links)"
            )));
            break;
        }
        events.push(event);
    }
    if !problems.is_empty() {
        // The same mistake made twice in a message is reported once.
        let mut seen = std::collections::HashSet::new();
        problems.retain(|p| seen.insert(p.message.clone()));
        return Err(problems);
    }
    let mut html = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, events.into_iter());
    Ok(html.trim_end().to_string())
}

/// Markers pulldown-cmark could not pair stay in the text. Judged on the
/// source of a text event, so that an escaped marker (`\*`) or a marker
/// inside a code span is never taken for one.
fn stray_markers(source: &str, range: Range<usize>, problems: &mut Vec<MarkupError>) {
    let bytes = source.as_bytes();
    for i in range {
        // The marker first: counting backslashes back from every byte would
        // be quadratic in a long run of them.
        if !matches!(bytes[i], b'*' | b'$' | b']') || is_escaped(bytes, i) {
            continue;
        }
        let problem = match bytes[i] {
            // A `*` with space on both sides (`a * b`) is a literal star for
            // CommonMark too; one touching a word was meant as emphasis.
            b'*' if touches_text(source, i) => {
                "an emphasis marker `*` is not closed (write `\\*` for a star)"
            }
            b'$' if bytes.get(i + 1) == Some(&b'$') => {
                "a display formula `$$…$$` is not closed, or its braces do not balance"
            }
            b']' if bytes.get(i + 1) == Some(&b'(') => {
                "a link is broken: write `[text](https://…)`, with no space in the target"
            }
            _ => continue,
        };
        problems.push(MarkupError::new(problem));
    }
}

/// Whether the byte at `i` follows an odd number of backslashes.
fn is_escaped(bytes: &[u8], i: usize) -> bool {
    bytes[..i].iter().rev().take_while(|&&b| b == b'\\').count() % 2 == 1
}

/// Whether the character at `i` has a non-space character on either side.
fn touches_text(source: &str, i: usize) -> bool {
    let before = source[..i].chars().next_back();
    let after = source[i + 1..].chars().next();
    [before, after]
        .into_iter()
        .any(|c| c.is_some_and(|c| !c.is_whitespace()))
}

/// Whether a link goes somewhere: a web or mail address, a path or a
/// fragment. Anything else is a typo the reader would click in vain.
fn is_link_target(target: &str) -> bool {
    let target = target.trim();
    !target.is_empty()
        && !target.contains(char::is_whitespace)
        && ["https://", "http://", "mailto:", "/", "./", "../", "#"]
            .iter()
            .any(|p| target.starts_with(p))
}

// The messages' Markdown as the pages use it.

/// Markdown of a message, rendered; a problem is recorded against the
/// message and the message is left out, so rendering can go on and report
/// everything at once.
pub fn block(texts: &Texts, id: &str, markdown_source: String) -> String {
    render_block(&markdown_source).unwrap_or_else(|errors| {
        for err in errors {
            texts.problem(id, None, &err.message);
        }
        String::new()
    })
}

/// Inline Markdown of a message (a heading, a label), rendered; problems
/// as with [`block`].
pub fn inline(texts: &Texts, id: &str, markdown_source: String) -> String {
    render_inline(&markdown_source).unwrap_or_else(|errors| {
        for err in errors {
            texts.problem(id, None, &err.message);
        }
        String::new()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(markdown: &str) -> Vec<String> {
        render_block(markdown)
            .unwrap_err()
            .into_iter()
            .map(|e| e.message)
            .collect()
    }

    #[test]
    fn emphasis_lists_links_and_code() {
        let html =
            render_block("Use *care*:\n\n- `Retry-After`\n- [docs](https://example.org)").unwrap();
        assert!(html.contains("<em>care</em>"), "{html}");
        assert!(html.contains("<li><code>Retry-After</code></li>"), "{html}");
        assert!(
            html.contains("<a href=\"https://example.org\">docs</a>"),
            "{html}"
        );
    }

    #[test]
    fn raw_html_and_images_are_refused_and_plain_brackets_are_text() {
        let err = problems("a <script>alert(1)</script> b");
        assert!(err[0].contains("`<script>`"), "{err:?}");
        assert!(render_block("<div>block</div>").is_err());
        assert!(problems("![x](https://example.org/x.png)")[0].contains("images"));
        assert_eq!(
            render_block("a < b and c > d").unwrap(),
            "<p>a &lt; b and c &gt; d</p>"
        );
    }

    #[test]
    fn math_becomes_mathml() {
        let html = render_block(
            "inline $[0, d(n)]$ and\n\n$$d(n) = \\min\\left(c, b \\times m^{n-1}\\right)$$",
        )
        .unwrap();
        assert!(html.contains("<math"), "{html}");
        assert!(html.contains("display=\"block\""), "{html}");
        assert!(!html.contains('$'), "{html}");
    }

    #[test]
    fn bad_latex_is_an_error() {
        assert!(render_block("$$\\frac{1$$").is_err());
        assert!(render_block("$\\nosuchcommand x$").is_err());
    }

    #[test]
    fn markup_that_would_not_render_as_meant_is_an_error() {
        assert!(render_block("an *unclosed emphasis").is_err());
        assert!(render_block("2*3").is_err());
        assert!(render_block("[docs](not a url)").is_err());
        assert!(render_block("[docs](ftp//x)").is_err());
        assert!(render_block("[docs]( )").is_err());
        assert!(render_block("$$x").is_err());
        assert!(render_block("see [docs](#faq) and [home](../)").is_ok());
    }

    #[test]
    fn every_problem_of_a_message_is_reported() {
        let found = problems("An *unclosed emphasis and a [link](no target).");
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[0].contains('*'), "{found:?}");
        assert!(found[1].contains("link"), "{found:?}");
        // The same mistake twice, apart, is one problem.
        assert_eq!(problems("a *b, then [c](d e) and *f").len(), 2);
    }

    #[test]
    fn escapes_code_spans_and_spaced_stars_are_not_markers() {
        assert_eq!(render_block("2 \\* 3").unwrap(), "<p>2 * 3</p>");
        assert_eq!(render_block("a * b").unwrap(), "<p>a * b</p>");
        assert_eq!(
            render_block("`$$x$$`").unwrap(),
            "<p><code>$$x$$</code></p>"
        );
        assert_eq!(
            render_block("`[a](b)`").unwrap(),
            "<p><code>[a](b)</code></p>"
        );
        assert_eq!(render_block("x \\$\\$ y").unwrap(), "<p>x $$ y</p>");
        assert_eq!(render_block("\\[a\\](b)").unwrap(), "<p>[a](b)</p>");
        assert!(render_block("```\na *b $$ [a](b)\n```").is_ok());
        // An escaped backslash does not escape the star after it.
        assert!(render_block("a \\\\*b").is_err());
    }

    #[test]
    fn long_runs_of_backslashes_are_checked_in_linear_time() {
        let text = format!("{}\\*x", "\\\\".repeat(100_000));
        let started = std::time::Instant::now();
        assert!(render_block(&text).is_ok());
        assert!(started.elapsed().as_secs() < 2, "{:?}", started.elapsed());
    }

    #[test]
    fn inline_rendering_drops_the_paragraph() {
        assert_eq!(
            render_inline("Why *jitter*?").unwrap(),
            "Why <em>jitter</em>?"
        );
    }

    #[test]
    fn markdown_nesting_is_limited() {
        let quotes = |n: usize| format!("{}x", "> ".repeat(n));
        assert!(render_block(&quotes(10)).is_ok());
        let found = problems(&quotes(10_000));
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].contains("nested too deeply"), "{found:?}");
        let lists = format!("{}x", "- ".repeat(10_000));
        assert!(problems(&lists)[0].contains("nested too deeply"));
    }
}
