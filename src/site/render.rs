//! Page rendering: one askama template per kind of page, fed with text from
//! Fluent and figures from the core.
//!
//! This module decides what each page says and where it links; the
//! templates in `templates/` decide its markup. It never writes files:
//! every page comes back as bytes for `output` to write.

use askama::Template;
use fluent_bundle::FluentArgs;

use unic_langid::LanguageIdentifier;

use crate::backoff::Schedule;
use crate::diagnostics::Diagnostic;
use crate::site::calculator;
use crate::site::content::{Page, Section};
use crate::site::figures;
use crate::site::intl::Intl;
use crate::site::locales::Texts;
use crate::site::markdown;

/// The Content-Security-Policy every page carries (as a meta tag here, and
/// as a header in `_headers`).
pub const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'";

/// The content-hashed file names of the site's assets, relative to the root.
#[derive(Clone, Debug)]
pub struct AssetNames {
    pub css: String,
    pub script: String,
    pub wasm: String,
    pub favicon: String,
}

/// A link in a navigation list.
#[derive(Clone, Debug)]
pub struct Link {
    pub href: String,
    pub label: String,
    pub hreflang: String,
    pub current: bool,
}

/// A `<link rel="alternate">` of a page.
#[derive(Clone, Debug)]
pub struct Alternate {
    pub hreflang: String,
    pub url: String,
}

/// What `_layout.html` needs.
pub struct Layout {
    pub lang: String,
    pub csp: &'static str,
    pub title: String,
    pub description: String,
    /// `None` for pages that are no address of their own (404).
    pub canonical: Option<String>,
    pub alternates: Vec<Alternate>,
    /// Open Graph's `language_TERRITORY` of this page and its other versions.
    pub og_locale: String,
    pub og_alternates: Vec<String>,
    /// Structured data (JSON-LD), safe inside `<script>`.
    pub json_ld: Option<String>,
    /// The way from this page to the site's root: `../../` for a page, or
    /// the absolute base URL for pages served at any path (404).
    pub root: String,
    pub assets: AssetNames,
    pub skip_label: String,
    pub site_name: String,
    pub home_href: String,
    pub nav: Vec<Link>,
    pub switcher_label: String,
    pub switcher: Vec<Link>,
    pub footer_html: String,
}

pub struct TocEntry {
    pub id: &'static str,
    pub label_html: String,
}

pub struct FaqView {
    pub id: String,
    pub question_html: String,
    pub answer_html: String,
}

pub enum SectionView {
    Prose {
        id: &'static str,
        heading_html: Option<String>,
        body_html: String,
    },
    Examples {
        heading_html: String,
        examples_html: Vec<String>,
    },
    Faq {
        heading_html: String,
        entries: Vec<FaqView>,
    },
    Calculator(Box<calculator::CalculatorView>),
}

#[derive(Template)]
#[template(path = "explainer.html")]
pub struct ExplainerPage {
    pub layout: Layout,
    pub title: String,
    pub toc_label: String,
    pub toc: Vec<TocEntry>,
    pub sections: Vec<SectionView>,
}

pub struct PageLink {
    pub href: String,
    pub label: String,
    pub description: String,
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
}

#[derive(Template)]
#[template(path = "home.html")]
pub struct HomePage {
    pub layout: Layout,
    pub title: String,
    pub intro_html: String,
    pub pages_heading: String,
    pub pages: Vec<PageLink>,
}

pub struct Choice {
    pub lang: String,
    pub href: String,
    pub name: String,
    pub prompt: String,
}

#[derive(Template)]
#[template(path = "chooser.html")]
pub struct ChooserPage {
    pub layout: Layout,
    pub choices: Vec<Choice>,
}

#[derive(Template)]
#[template(path = "not_found.html")]
pub struct NotFoundPage {
    pub layout: Layout,
    pub title: String,
    pub text_html: String,
    pub links: Vec<Link>,
}

/// Markdown of a message, rendered; a problem is recorded against the
/// message and its raw text is shown instead, so rendering can go on and
/// report everything at once.
pub fn block(texts: &Texts, id: &str, markdown_source: String) -> String {
    markdown::render_block(&markdown_source).unwrap_or_else(|errors| {
        for err in errors {
            texts.problem(format!("message `{id}`: {}", err.message));
        }
        String::new()
    })
}

pub fn inline(texts: &Texts, id: &str, markdown_source: String) -> String {
    markdown::render_inline(&markdown_source).unwrap_or_else(|errors| {
        for err in errors {
            texts.problem(format!("message `{id}`: {}", err.message));
        }
        String::new()
    })
}

/// Everything an explainer page needs besides its layout.
pub struct ExplainerInput<'a> {
    /// Name and absolute URL of each step from the home page to this page.
    pub breadcrumb: Vec<(String, String)>,
    pub page: &'a Page,
    pub texts: &'a Texts<'a>,
    pub intl: &'a Intl,
    pub lang: &'a LanguageIdentifier,
    pub assets: &'a AssetNames,
}

/// Renders an explainer page into `buffer` (which the caller reuses from
/// page to page, so that a large page costs no fresh allocation).
pub fn explainer(
    input: &ExplainerInput,
    layout: Layout,
    title: String,
    buffer: &mut String,
) -> Result<(), Diagnostic> {
    let ExplainerInput {
        page,
        texts,
        intl,
        lang,
        assets,
        ..
    } = *input;
    let mut toc = Vec::new();
    let mut sections = Vec::new();
    for section in &page.sections {
        let id = section.id();
        let view = match section {
            Section::Intro => SectionView::Prose {
                id,
                heading_html: None,
                body_html: block(texts, id, texts.get(id, None)),
            },
            Section::HowTo | Section::Tips => SectionView::Prose {
                id,
                heading_html: Some(heading(texts, id)),
                body_html: block(texts, id, texts.get(id, None)),
            },
            Section::Formula => {
                let mut args = FluentArgs::new();
                for (name, latex) in &page.formulas {
                    args.set(name.as_str(), format!("$${}$$", fill_formula(texts, latex)));
                }
                SectionView::Prose {
                    id,
                    heading_html: Some(heading(texts, id)),
                    body_html: block(texts, id, texts.get(id, Some(&args))),
                }
            }
            Section::Example => SectionView::Examples {
                heading_html: heading(texts, id),
                examples_html: page
                    .examples
                    .iter()
                    .map(|example| {
                        let message = format!("example-{}", example.id);
                        let schedule =
                            Schedule::new(example.policy).expect("validated when loaded");
                        let args = figures::example_args(&schedule, example.unit, intl, texts);
                        block(texts, &message, texts.get(&message, Some(&args)))
                    })
                    .collect(),
            },
            Section::Faq => SectionView::Faq {
                heading_html: heading(texts, id),
                entries: page
                    .faq
                    .iter()
                    .map(|faq| {
                        let message = format!("faq-{faq}");
                        FaqView {
                            id: faq.clone(),
                            question_html: inline(texts, &message, texts.get(&message, None)),
                            answer_html: block(
                                texts,
                                &message,
                                texts.attribute(&message, "answer", None),
                            ),
                        }
                    })
                    .collect(),
            },
            Section::Calculator => SectionView::Calculator(Box::new(calculator::view(
                page,
                texts,
                intl,
                lang,
                &layout.root,
                &assets.wasm,
                &assets.script,
            ))),
        };
        if *section != Section::Intro {
            let label_html = match &view {
                SectionView::Prose {
                    heading_html: Some(h),
                    ..
                } => h.clone(),
                SectionView::Examples { heading_html, .. }
                | SectionView::Faq { heading_html, .. } => heading_html.clone(),
                SectionView::Calculator(calc) => {
                    askama::filters::escape(&calc.heading, askama::filters::Html)
                        .map(|s| s.to_string())
                        .unwrap_or_default()
                }
                SectionView::Prose { .. } => String::new(),
            };
            toc.push(TocEntry { id, label_html });
        }
        sections.push(view);
    }
    let mut layout = layout;
    layout.json_ld = Some(explainer_json_ld(&layout, &sections, &input.breadcrumb));
    let page_view = ExplainerPage {
        layout,
        title,
        toc_label: texts.get("section-contents", None),
        toc,
        sections,
    };
    page_view
        .render_into(buffer)
        .map_err(|e| Diagnostic::error(&page.path, format!("template error: {e}")))
}

/// An explainer's structured data: the FAQ (the very text readers see), the
/// calculator as a free web application, and the breadcrumb trail.
fn explainer_json_ld(
    layout: &Layout,
    sections: &[SectionView],
    breadcrumb: &[(String, String)],
) -> String {
    let mut graph = vec![breadcrumb_json_ld(breadcrumb)];
    for section in sections {
        match section {
            SectionView::Faq { entries, .. } => graph.push(serde_json::json!({
                "@type": "FAQPage",
                "inLanguage": layout.lang,
                "mainEntity": entries.iter().map(|entry| serde_json::json!({
                    "@type": "Question",
                    "name": html_to_text(&entry.question_html),
                    "acceptedAnswer": { "@type": "Answer", "text": html_to_text(&entry.answer_html) },
                })).collect::<Vec<_>>(),
            })),
            SectionView::Calculator(_) => graph.push(serde_json::json!({
                "@type": "WebApplication",
                "name": layout.title,
                "description": layout.description,
                "url": layout.canonical,
                "inLanguage": layout.lang,
                "applicationCategory": "DeveloperApplication",
                "operatingSystem": "Any",
                "browserRequirements": "Requires JavaScript and WebAssembly",
                "offers": { "@type": "Offer", "price": "0", "priceCurrency": "USD" },
            })),
            _ => {}
        }
    }
    script_json(&serde_json::json!({ "@context": "https://schema.org", "@graph": graph }))
}

/// A BreadcrumbList of (name, URL) steps.
pub fn breadcrumb_json_ld(steps: &[(String, String)]) -> serde_json::Value {
    serde_json::json!({
        "@type": "BreadcrumbList",
        "itemListElement": steps.iter().enumerate().map(|(i, (name, url))| serde_json::json!({
            "@type": "ListItem",
            "position": i + 1,
            "name": name,
            "item": url,
        })).collect::<Vec<_>>(),
    })
}

/// JSON that cannot end the `<script>` element it sits in.
pub fn script_json(value: &serde_json::Value) -> String {
    serde_json::to_string(value)
        .expect("JSON values always serialize")
        .replace('<', "\\u003c")
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

fn heading(texts: &Texts, section: &str) -> String {
    let id = format!("{section}-heading");
    inline(texts, &id, texts.get(&id, None))
}

/// A formula's LaTeX with each `@message-id` replaced by that message's
/// text, which goes inside `\text{…}`. pulldown-latex copies the content of
/// `\text{…}` as it is (and escapes it in the MathML): a backslash escape
/// would show, so a word is used verbatim, and a word it cannot hold is
/// reported against its message.
pub fn fill_formula(texts: &Texts, latex: &str) -> String {
    crate::site::content::fill_words(latex, |id| {
        let word = texts.get(id, None);
        match unusable_in_formula(&word) {
            None => word,
            Some(what) => {
                texts.problem(format!(
                    "message `{id}`: a word of a formula cannot contain {what}"
                ));
                String::new()
            }
        }
    })
}

/// What in `word` would break the `\text{…}` it goes into: a brace or a
/// backslash (the group's end), `%` (a comment to the end of the line), or
/// `$$` (the end of the display formula in Markdown).
fn unusable_in_formula(word: &str) -> Option<&'static str> {
    if let Some(c) = word.chars().find(|c| matches!(c, '{' | '}' | '\\' | '%')) {
        return Some(match c {
            '{' => "`{`",
            '}' => "`}`",
            '%' => "`%`",
            _ => "`\\`",
        });
    }
    word.contains("$$").then_some("`$$`")
}
