//! Markdown inside messages, rendered to HTML, with math as MathML.
//!
//! Messages may use emphasis, lists, links and inline code (pulldown-cmark),
//! and formulas as `$…$` (inline) and `$$…$$` (display), which pulldown-latex
//! turns into MathML at build time: the pages need no math script.
//!
//! Raw HTML in a message is never passed through: it is an error. So is a
//! formula that does not convert, Markdown that would not render as meant
//! (an unclosed `*`, a link without a usable target), and so is MathML that would
//! carry a `style` attribute, which the pages' Content-Security-Policy
//! (`style-src 'self'`) would block.

use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd};
use pulldown_latex::config::DisplayMode;
use pulldown_latex::{RenderConfig, Storage};

/// What went wrong in a message's Markdown or math.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkupError {
    pub message: String,
}

fn options() -> Options {
    Options::ENABLE_MATH | Options::ENABLE_STRIKETHROUGH
}

/// Renders a message as block HTML (paragraphs, lists, display math).
pub fn render_block(markdown: &str) -> Result<String, MarkupError> {
    render(markdown, false)
}

/// Renders a message as inline HTML, for headings, table cells and other
/// places where a paragraph would not belong.
pub fn render_inline(markdown: &str) -> Result<String, MarkupError> {
    render(markdown, true)
}

fn render(markdown: &str, inline: bool) -> Result<String, MarkupError> {
    let mut events = Vec::new();
    for event in Parser::new_ext(markdown, options()) {
        let event = match event {
            // Translators write Markdown; markup of their own could break the
            // page or its security policy, so it is refused, never passed on.
            Event::Html(html) | Event::InlineHtml(html) => {
                return Err(MarkupError {
                    message: format!("raw HTML is not allowed in messages: `{}`", html.trim()),
                });
            }
            Event::InlineMath(latex) => {
                Event::InlineHtml(CowStr::from(mathml(&latex, DisplayMode::Inline)?))
            }
            Event::DisplayMath(latex) => {
                Event::InlineHtml(CowStr::from(mathml(&latex, DisplayMode::Block)?))
            }
            Event::Start(Tag::Paragraph) | Event::End(TagEnd::Paragraph) if inline => continue,
            Event::Start(Tag::Link { ref dest_url, .. }) if !is_link_target(dest_url) => {
                return Err(MarkupError {
                    message: format!(
                        "the link target `{dest_url}` is not a URL, a path or a fragment"
                    ),
                });
            }
            // Markers pulldown-cmark could not pair stay in the text.
            Event::Text(ref text) if text.contains('*') => {
                return Err(MarkupError {
                    message: "an emphasis marker `*` is not closed".into(),
                });
            }
            other => other,
        };
        events.push(event);
    }
    let mut html = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, events.into_iter());
    // What pulldown-cmark could not parse stays in the text: a formula whose
    // braces do not balance, a link whose target has spaces.
    if html.contains("$$") {
        return Err(MarkupError {
            message: "a display formula `$$…$$` is not closed, or its braces do not balance".into(),
        });
    }
    if html.contains("](") {
        return Err(MarkupError {
            message: "a link is broken: write `[text](https://…)`, with no space in the target"
                .into(),
        });
    }
    Ok(html.trim_end().to_string())
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

/// LaTeX to MathML, or the first parse error.
pub fn mathml(latex: &str, mode: DisplayMode) -> Result<String, MarkupError> {
    let storage = Storage::new();
    let mut events = Vec::new();
    for event in pulldown_latex::Parser::new(latex, &storage) {
        match event {
            Ok(event) => events.push(Ok::<_, pulldown_latex::ParserError>(event)),
            Err(err) => {
                // The error's first line says what is wrong; the rest is a
                // drawing of the context, which our own diagnostic gives.
                let err = err.to_string();
                let reason = err.lines().next().unwrap_or_default();
                return Err(MarkupError {
                    message: format!("the formula `{latex}` does not convert: {reason}"),
                });
            }
        }
    }
    let config = RenderConfig {
        display_mode: mode,
        ..RenderConfig::default()
    };
    let mut out = String::new();
    pulldown_latex::push_mathml(&mut out, events.into_iter(), config).map_err(|e| MarkupError {
        message: format!("the formula `{latex}` does not convert: {e}"),
    })?;
    if out.contains(" style=\"") {
        return Err(MarkupError {
            message: format!(
                "the formula `{latex}` needs inline styles, which the pages' security policy blocks; simplify its spacing"
            ),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn raw_html_is_refused_and_plain_brackets_are_text() {
        let err = render_block("a <script>alert(1)</script> b").unwrap_err();
        assert!(err.message.contains("`<script>`"), "{}", err.message);
        assert!(render_block("<div>block</div>").is_err());
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
        assert!(render_block("[docs](not a url)").is_err());
        assert!(render_block("[docs](ftp//x)").is_err());
        assert!(render_block("[docs]( )").is_err());
        assert!(render_block("see [docs](#faq) and [home](../)").is_ok());
    }

    #[test]
    fn inline_rendering_drops_the_paragraph() {
        assert_eq!(
            render_inline("Why *jitter*?").unwrap(),
            "Why <em>jitter</em>?"
        );
    }
}
