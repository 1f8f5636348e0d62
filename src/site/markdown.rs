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
//! Over 500 lines (about 670 of code, 270 of tests), not split yet: the
//! formula half (`mathml`, its checks and the MathML re-serialization,
//! about 380 lines) is the next module of its own.

use std::ops::Range;

use crate::site::texts::Texts;

use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd};
use pulldown_latex::config::DisplayMode;
use pulldown_latex::event::Content;
use pulldown_latex::{RenderConfig, Storage};

/// How deep Markdown (block quotes, lists and their items, emphasis, links:
/// each counts) and formulas (braces, `\left…\right`, environments) may
/// nest.
pub const MAX_NESTING: usize = 32;

/// How many commands (`\name`) one formula may use. pulldown-latex parses a
/// command given as a bare argument of another (`\sqrt\sqrt x`,
/// `\frac 1 \frac 1 2`) by recursion, so this bounds its stack depth.
pub const MAX_FORMULA_COMMANDS: usize = 500;

/// The stack of the thread a formula is converted on: room for
/// [`MAX_FORMULA_COMMANDS`] nested recursions in an unoptimized build
/// (about 16 KiB each), four times over.
const FORMULA_STACK_BYTES: usize = 32 << 20;

/// Formulas with at most this many commands recurse at most this deep,
/// which any thread's stack holds (2 MiB by default): they are converted in
/// place, as starting a thread with a large stack costs more than most
/// conversions.
const IN_PLACE_COMMANDS: usize = 32;

/// What went wrong in a message's Markdown or math.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkupError {
    pub message: String,
}

impl MarkupError {
    fn new(message: impl Into<String>) -> MarkupError {
        MarkupError {
            message: message.into(),
        }
    }
}

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

fn render(markdown: &str, inline: bool) -> Result<String, Vec<MarkupError>> {
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

/// LaTeX to MathML, or the first problem.
pub fn mathml(latex: &str, mode: DisplayMode) -> Result<String, MarkupError> {
    let commands = check_formula(latex)?;
    // A panic of the converter (pulldown-latex has internal assertions)
    // becomes an error of the formula, not a crash of the build.
    let failed = || {
        MarkupError::new(format!(
            "the formula `{}` makes the converter fail; simplify it",
            shown(latex)
        ))
    };
    if commands <= IN_PLACE_COMMANDS {
        return std::panic::catch_unwind(|| convert(latex, mode)).unwrap_or_else(|_| Err(failed()));
    }
    // A longer formula is converted on a thread whose stack holds the
    // deepest recursion the limits allow, whatever the caller's stack.
    let converted = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("formula".into())
            .stack_size(FORMULA_STACK_BYTES)
            .spawn_scoped(scope, || convert(latex, mode))
            .map(|thread| thread.join())
    });
    match converted {
        Ok(Ok(result)) => result,
        Ok(Err(_)) => Err(failed()),
        Err(err) => Err(MarkupError::new(format!(
            "cannot start converting the formula `{}`: {err}",
            shown(latex)
        ))),
    }
}

/// A formula as error messages quote it: its start, if it is long.
fn shown(latex: &str) -> String {
    const SHOWN: usize = 60;
    match latex.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{}…", &latex[..cut]),
        None => latex.to_string(),
    }
}

/// The limits of a formula, checked on its text in one pass before the
/// converter sees it: nesting, the number of commands, no definitions.
/// Returns the number of commands.
fn check_formula(latex: &str) -> Result<usize, MarkupError> {
    let too_deep = || {
        MarkupError::new(format!(
            "the formula `{}` is nested too deeply: more than {MAX_NESTING} levels of braces, `\\left…\\right` or environments",
            shown(latex)
        ))
    };
    if let Some(c) = latex.chars().find(|c| PLACEHOLDERS.contains(c)) {
        return Err(MarkupError::new(format!(
            "the formula `{}` contains the character U+{:04X}, which is not text",
            shown(latex),
            u32::from(c)
        )));
    }
    let bytes = latex.as_bytes();
    let (mut depth, mut commands, mut i) = (0usize, 0usize, 0usize);
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => {
                let name_len = bytes[i + 1..]
                    .iter()
                    .take_while(|b| b.is_ascii_alphabetic())
                    .count();
                let name = &latex[i + 1..i + 1 + name_len];
                commands += 1;
                if commands > MAX_FORMULA_COMMANDS {
                    return Err(MarkupError::new(format!(
                        "the formula `{}` is nested too deeply or too long: more than {MAX_FORMULA_COMMANDS} commands",
                        shown(latex)
                    )));
                }
                match name {
                    "left" | "begin" | "begingroup" => depth += 1,
                    "right" | "end" | "endgroup" => depth = depth.saturating_sub(1),
                    "def" | "let" | "futurelet" | "newcommand" | "renewcommand" => {
                        return Err(MarkupError::new(format!(
                            "the formula `{}` defines a command (`\\{name}`), which formulas may not",
                            shown(latex)
                        )));
                    }
                    _ => {}
                }
                // A one-character command (`\{`, `\\`) is skipped whole, so
                // that an escaped brace does not count as a group.
                i += 1 + name_len.max(1);
            }
            b'{' => {
                depth += 1;
                i += 1;
            }
            b'}' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            _ => i += 1,
        }
        if depth > MAX_NESTING {
            return Err(too_deep());
        }
    }
    Ok(commands)
}

/// Stand-ins, during rendering, for the characters pulldown-latex copies
/// unescaped from some commands' arguments: `<`, `>`, `&`, `"`. They are
/// noncharacters (never text), refused in formulas, and replaced by their
/// entities once the MathML is written.
const PLACEHOLDERS: [char; 4] = ['\u{FDD0}', '\u{FDD1}', '\u{FDD2}', '\u{FDD3}'];
const ESCAPES: [(char, &str); 4] = [
    ('<', "&lt;"),
    ('>', "&gt;"),
    ('&', "&amp;"),
    ('"', "&quot;"),
];

fn placeholder(c: char) -> char {
    ESCAPES
        .iter()
        .position(|(special, _)| *special == c)
        .map_or(c, |i| PLACEHOLDERS[i])
}

fn convert(latex: &str, mode: DisplayMode) -> Result<String, MarkupError> {
    let storage = Storage::new();
    let mut events = Vec::new();
    for event in pulldown_latex::Parser::new(latex, &storage) {
        match event {
            Ok(event) => events.push(event),
            Err(err) => {
                // The error's first line says what is wrong; the rest is a
                // drawing of the context, which our own diagnostic gives.
                let err = err.to_string();
                let reason = err.lines().next().unwrap_or_default();
                return Err(MarkupError::new(format!(
                    "the formula `{}` does not convert: {reason}",
                    shown(latex)
                )));
            }
        }
    }
    // Strings and characters of the formula, with the characters HTML
    // treats specially replaced by placeholders (owned here, borrowed by the
    // events below).
    let replaced: Vec<String> = events
        .iter()
        .filter_map(|event| match event {
            pulldown_latex::Event::Content(
                Content::Text(s) | Content::Number(s) | Content::Function(s),
            ) if s.contains(['<', '>', '&', '"']) => Some(s.chars().map(placeholder).collect()),
            _ => None,
        })
        .collect();
    let mut replaced = replaced.iter();
    let events = events.into_iter().map(|event| {
        use pulldown_latex::Event::Content as E;
        let event = match event {
            E(Content::Text(s)) if s.contains(['<', '>', '&', '"']) => {
                E(Content::Text(replaced.next().expect("counted above")))
            }
            E(Content::Number(s)) if s.contains(['<', '>', '&', '"']) => {
                E(Content::Number(replaced.next().expect("counted above")))
            }
            E(Content::Function(s)) if s.contains(['<', '>', '&', '"']) => {
                E(Content::Function(replaced.next().expect("counted above")))
            }
            E(Content::Ordinary { content, stretchy }) => E(Content::Ordinary {
                content: placeholder(content),
                stretchy,
            }),
            E(Content::BinaryOp { content, small }) => E(Content::BinaryOp {
                content: placeholder(content),
                small,
            }),
            E(Content::LargeOp { content, small }) => E(Content::LargeOp {
                content: placeholder(content),
                small,
            }),
            E(Content::Delimiter { content, size, ty }) => E(Content::Delimiter {
                content: placeholder(content),
                size,
                ty,
            }),
            E(Content::Punctuation(c)) => E(Content::Punctuation(placeholder(c))),
            // Relations cannot be rebuilt from outside pulldown-latex; theirs
            // are single characters (`<`), which the re-serializer escapes.
            other => other,
        };
        Ok::<_, pulldown_latex::ParserError>(event)
    });
    let config = RenderConfig {
        display_mode: mode,
        ..RenderConfig::default()
    };
    let mut written = String::new();
    pulldown_latex::push_mathml(&mut written, events, config).map_err(|e| {
        MarkupError::new(format!(
            "the formula `{}` does not convert: {e}",
            shown(latex)
        ))
    })?;
    let mut out = reserialize(&written)
        .map_err(|problem| MarkupError::new(format!("the formula `{}` {problem}", shown(latex))))?;
    if out.contains(PLACEHOLDERS) {
        for (placeholder, (_, entity)) in PLACEHOLDERS.iter().zip(ESCAPES) {
            out = out.replace(*placeholder, entity);
        }
    }
    Ok(out)
}

/// The MathML elements pulldown-latex writes: nothing else leaves this module.
pub const MATHML_ELEMENTS: &[&str] = &[
    "math",
    "merror",
    "mfrac",
    "mi",
    "mn",
    "mo",
    "mover",
    "mroot",
    "mrow",
    "mspace",
    "msqrt",
    "msub",
    "msubsup",
    "msup",
    "mtable",
    "mtd",
    "mtext",
    "mtr",
    "munder",
    "munderover",
];

/// The attributes pulldown-latex writes on them (`style` excepted: the
/// pages' security policy blocks inline styles).
pub const MATHML_ATTRIBUTES: &[&str] = &[
    "class",
    "depth",
    "display",
    "displaystyle",
    "height",
    "largeop",
    "linethickness",
    "mathvariant",
    "maxsize",
    "minsize",
    "movablelimits",
    "scriptlevel",
    "stretchy",
    "symmetric",
    "width",
];

/// Reads pulldown-latex's MathML as tokens and writes it anew: only known
/// elements and attributes, balanced, every text and attribute value
/// escaped. An `Err` says what the MathML holds that the site does not
/// write (completing "the formula `…` ").
fn reserialize(mathml: &str) -> Result<String, String> {
    let mut out = String::with_capacity(mathml.len());
    let mut open: Vec<&str> = Vec::new();
    let mut rest = mathml;
    while let Some(c) = rest.chars().next() {
        let after = &rest[c.len_utf8()..];
        let starts_tag = c == '<'
            && after
                .trim_start_matches('/')
                .starts_with(|c: char| c.is_ascii_alphabetic());
        if !starts_tag {
            if open.is_empty() {
                return Err("produces text outside its `<math>` element".into());
            }
            rest = escape_text_char(&mut out, rest);
            continue;
        }
        let end = after
            .find('>')
            .ok_or("produces an unterminated tag".to_string())?;
        let tag = &after[..end];
        rest = &after[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            match open.pop() {
                Some(opened) if opened == name => {}
                _ => return Err(format!("produces an unbalanced `</{name}>`")),
            }
            out.push_str("</");
            out.push_str(name);
            out.push('>');
            continue;
        }
        let (tag, self_closing) = match tag.strip_suffix('/') {
            Some(tag) => (tag, true),
            None => (tag, false),
        };
        let name_len = tag
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(tag.len());
        let name = &tag[..name_len];
        if !MATHML_ELEMENTS.contains(&name) {
            return Err(format!(
                "produces the element `<{name}>`, which is not MathML the site writes"
            ));
        }
        if open.is_empty() != (name == "math") {
            return Err(format!("produces `<{name}>` in the wrong place"));
        }
        out.push('<');
        out.push_str(name);
        let mut attributes = tag[name_len..].trim_start();
        while !attributes.is_empty() {
            let (attribute, value, remaining) = split_attribute(attributes)
                .ok_or_else(|| format!("produces a malformed tag `<{tag}>`"))?;
            if attribute == "style" {
                return Err(
                    "needs inline styles, which the pages' security policy blocks; simplify its spacing or colours"
                        .into(),
                );
            }
            if !MATHML_ATTRIBUTES.contains(&attribute) {
                return Err(format!(
                    "produces the attribute `{attribute}`, which is not MathML the site writes"
                ));
            }
            out.push(' ');
            out.push_str(attribute);
            out.push_str("=\"");
            let mut value = value;
            while !value.is_empty() {
                value = escape_text_char(&mut out, value);
            }
            out.push('"');
            attributes = remaining.trim_start();
        }
        if self_closing {
            out.push_str(" />");
        } else {
            out.push('>');
            open.push(name);
        }
    }
    if !open.is_empty() {
        return Err(format!("leaves `<{}>` unclosed", open[open.len() - 1]));
    }
    Ok(out)
}

/// `name="value"` at the start of `s`: the name, the value and the rest.
fn split_attribute(s: &str) -> Option<(&str, &str, &str)> {
    let (name, rest) = s.split_once("=\"")?;
    let (value, rest) = rest.split_once('"')?;
    let name_ok = !name.is_empty() && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-');
    name_ok.then_some((name, value, rest))
}

/// Copies the first character of `s` into `out` as text, escaped: an
/// entity pulldown-latex wrote stays as it is; a bare `&`, `<`, `>` or `"`
/// becomes an entity. Returns the rest of `s`.
fn escape_text_char<'s>(out: &mut String, s: &'s str) -> &'s str {
    const ENTITIES: &[&str] = &["&amp;", "&lt;", "&gt;", "&quot;", "&nbsp;"];
    if let Some(entity) = ENTITIES.iter().find(|e| s.starts_with(*e)) {
        out.push_str(entity);
        return &s[entity.len()..];
    }
    let c = s.chars().next().expect("not empty");
    match ESCAPES.iter().find(|(special, _)| *special == c) {
        Some((_, entity)) => out.push_str(entity),
        None => out.push(c),
    }
    &s[c.len_utf8()..]
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

/// The text a reader sees in rendered HTML: tags dropped (block elements
/// part words, inline ones do not), the entities the renderers write
/// decoded, white space collapsed.
pub fn html_to_text(html: &str) -> String {
    const BLOCKS: &[&str] = &[
        "p",
        "li",
        "ul",
        "ol",
        "div",
        "br",
        "h2",
        "h3",
        "pre",
        "blockquote",
    ];
    let mut text = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        text.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('>') else {
            break;
        };
        let tag = &rest[open + 1..open + close];
        let name = tag
            .trim_start_matches('/')
            .split([' ', '/'])
            .next()
            .unwrap_or_default();
        if BLOCKS.contains(&name) {
            text.push(' ');
        }
        rest = &rest[open + close + 1..];
    }
    text.push_str(rest);
    let text = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_of_html_is_what_a_reader_sees() {
        assert_eq!(
            html_to_text(
                "<p>Use <em>care</em>: <code>a&lt;b</code></p>\n<ul><li>one</li><li>two</li></ul>"
            ),
            "Use care: a<b one two"
        );
        assert_eq!(
            html_to_text("<math><mi>n</mi><mo>−</mo><mn>1</mn></math>"),
            "n−1"
        );
    }

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

    /// The issue's repro: `\operatorname` copied its argument unescaped.
    #[test]
    fn operator_names_are_escaped() {
        for command in ["\\operatorname", "\\mathop"] {
            let latex = format!(
                "{command}{{</math><meta http-equiv=\"refresh\" content=\"0;url=/en/?x\">}}"
            );
            let math = mathml(&latex, DisplayMode::Inline).unwrap();
            assert!(!math.contains("<meta"), "{math}");
            assert!(
                math.contains("&lt;/math&gt;&lt;meta http-equiv=&quot;refresh&quot;"),
                "{math}"
            );
        }
        let math = mathml("a < b \\char60 \\char38", DisplayMode::Inline).unwrap();
        assert_eq!(
            math,
            "<math display=\"inline\"><mi>a</mi><mo>&lt;</mo><mi>b</mi><mi>&lt;</mi><mi>&amp;</mi></math>"
        );
    }

    #[test]
    fn reserializing_keeps_known_mathml_and_refuses_the_rest() {
        let known = "<math display=\"block\"><mi mathvariant=\"normal\">x</mi><mspace width=\"0.1667em\" /><mtext>&nbsp;a&amp;b</mtext></math>";
        assert_eq!(reserialize(known).unwrap(), known);
        for bad in [
            "<math><mi></math><meta http-equiv=\"refresh\"></mi></math>",
            "<math><script>x</script></math>",
            "<math><mi onclick=\"x\">a</mi></math>",
            "<math><mi style=\"color: red\">a</mi></math>",
            "<math><mi>a</math>",
            "<math><mi>a</mi></math><b>",
            "x<math></math>",
        ] {
            assert!(reserialize(bad).is_err(), "{bad}");
        }
        // A bare `&` or `>` in text becomes an entity; attributes are
        // written apart even when pulldown-latex runs them together.
        assert_eq!(
            reserialize("<math><mo stretchy=\"true\"minsize=\"1.2em\">&></mo></math>").unwrap(),
            "<math><mo stretchy=\"true\" minsize=\"1.2em\">&amp;&gt;</mo></math>"
        );
    }

    fn nested(open: &str, close: &str, n: usize) -> String {
        format!("{}x{}", open.repeat(n), close.repeat(n))
    }

    #[test]
    fn formula_nesting_is_limited() {
        let deep = [
            nested("{", "}", 40_000),
            nested("\\sqrt{", "}", 1_900),
            nested("\\left(", "\\right)", 100),
            nested("\\begin{matrix}", "\\end{matrix}", 100),
            nested("x^{", "}", 100),
        ];
        for latex in deep {
            let started = std::time::Instant::now();
            let err = mathml(&latex, DisplayMode::Block).unwrap_err();
            assert!(err.message.contains("nested too deeply"), "{}", err.message);
            assert!(started.elapsed().as_secs() < 2, "{:?}", started.elapsed());
        }
        // At the limit, the formula converts.
        for latex in [
            nested("{", "}", MAX_NESTING),
            nested("\\sqrt{", "}", MAX_NESTING),
            nested("\\left(", "\\right)", MAX_NESTING / 2),
        ] {
            mathml(&latex, DisplayMode::Block).unwrap();
        }
        // An escaped brace is not a group.
        mathml(&"\\{".repeat(100), DisplayMode::Block).unwrap();
    }

    #[test]
    fn commands_as_bare_arguments_are_limited_and_safe_up_to_the_limit() {
        for (chain, n) in [("\\sqrt ", 1_900), ("\\frac 1 ", 5_000)] {
            let latex = format!("{}1", chain.repeat(n));
            let err = mathml(&latex, DisplayMode::Block).unwrap_err();
            assert!(
                err.message.contains("more than 500 commands"),
                "{}",
                err.message
            );
            // The message quotes only the formula's start.
            assert!(err.message.len() < 300, "{}", err.message);
        }
        // At the limit, recursion stays within the converter's own stack,
        // even on this test's small thread stack and unoptimized.
        for chain in ["\\sqrt ", "\\frac 1 "] {
            let latex = format!("{}1", chain.repeat(MAX_FORMULA_COMMANDS));
            mathml(&latex, DisplayMode::Block).unwrap();
        }
        // Converted in place, on this test's 2 MiB stack, unoptimized.
        for latex in [
            format!("{}1", "\\sqrt ".repeat(IN_PLACE_COMMANDS)),
            format!("{}1", "\\frac 1 ".repeat(IN_PLACE_COMMANDS)),
            nested("\\sqrt[", "]{y}", IN_PLACE_COMMANDS),
            nested("\\sqrt{\\left(", "\\right)}", IN_PLACE_COMMANDS / 3),
        ] {
            mathml(&latex, DisplayMode::Block).unwrap();
        }
        // Optional arguments (`\sqrt[n]`) nest without braces.
        let roots = nested("\\sqrt[", "]{y}", MAX_FORMULA_COMMANDS);
        let started = std::time::Instant::now();
        mathml(&roots, DisplayMode::Block).unwrap();
        assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
    }

    #[test]
    fn formulas_may_not_define_commands_or_carry_placeholders() {
        for latex in ["\\def\\a{x}\\a", "\\newcommand{\\a}{x}\\a", "\\let\\a=x"] {
            let err = mathml(latex, DisplayMode::Inline).unwrap_err();
            assert!(err.message.contains("defines a command"), "{}", err.message);
        }
        assert!(mathml("\\text{\u{FDD0}}", DisplayMode::Inline).is_err());
    }

    #[test]
    fn long_flat_formulas_convert_in_linear_time() {
        let latex = "{x+y}".repeat(20_000);
        let started = std::time::Instant::now();
        mathml(&latex, DisplayMode::Block).unwrap();
        assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
    }

    #[test]
    fn inline_styles_are_refused() {
        let err = mathml("\\color{red} x", DisplayMode::Inline).unwrap_err();
        assert!(err.message.contains("security policy"), "{}", err.message);
    }
}
