//! An explainer page: one page of `content/` in one language, its sections
//! (prose, formulas, worked examples, FAQ, calculator, prose with the
//! page's figures and code listings, the contention experiment's text
//! and charts) filled from its Fluent messages and the
//! core's figures, with its structured data.

use std::path::Path;

use askama::Template;
use fluent_bundle::FluentArgs;

use crate::backoff::Schedule;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::site::format::markdown::{block, inline};
use crate::site::format::texts::Texts;
use crate::site::load::content::{Page, Section};
use crate::site::pages::context::{PAGE_BUFFER, Renderer};
use crate::site::pages::layout::{Frame, Layout};
use crate::site::pages::simulations::{PageRuns, Ran, contention_parts, storm_parts};
use crate::site::pages::unit::{PageMeta, Unit};
use crate::site::pages::{render_page, script_json};
use crate::site::sections::calculator;
use crate::site::sections::contention;
use crate::site::sections::contention::experiment;
use crate::site::sections::defaults;
use crate::site::sections::examples;
use crate::site::sections::storms;
use crate::site::urls::Place;

pub struct TocEntry {
    pub id: String,
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
    /// A chart of the contention experiment (`pages/contention.rs`).
    Chart(Box<contention::ChartSection>),
    Presets(Box<defaults::PresetsView>),
    Lab(Box<storms::lab::LabView>),
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

/// Renders page `i` in every language, handing each file to `put` (the
/// render stage's, which writes it) as soon as it is rendered, so that one
/// page's bytes are held at a time; returns what the site needs to know of
/// it and how many files were written. `runs` are the page's simulations,
/// already run (`render.rs` starts them first, so that they run while
/// other pages render), or `None` for a page without any.
pub fn render_unit(
    r: &Renderer,
    i: usize,
    unit: &Unit,
    runs: Option<&PageRuns>,
    put: &dyn Fn(&str, &[u8]) -> std::io::Result<()>,
    diagnostics: &mut Diagnostics,
) -> (PageMeta, usize) {
    let bundles = unit.bundles(r, diagnostics);
    let meta = unit.meta(r, i, &bundles);
    // A page whose files have errors would only add confusion; the build
    // fails on those errors anyway. `check` renders it regardless, for the
    // problems rendering finds.
    if !unit.sound && !r.mode.checking {
        return (meta, 0);
    }
    let page = &r.site.pages[i];
    let Some(ran) = Ran::of(r, &page.path, runs, diagnostics) else {
        return (meta, 0);
    };
    let mut written = 0;
    PAGE_BUFFER.with_borrow_mut(|buffer| {
        for language in 0..r.languages.len() {
            let texts = unit.texts(r, language, &bundles);
            let rendered = render(r, language, i, &meta, texts, ran, buffer, diagnostics);
            let Some(path) = rendered else {
                continue;
            };
            match put(&path, buffer.as_bytes()) {
                Ok(()) => written += 1,
                Err(err) => diagnostics.push(Diagnostic::error(
                    Path::new(&path),
                    format!("cannot write the file: {err}"),
                )),
            }
        }
    });
    (meta, written)
}

/// Renders page `i` in `language` into `buffer`; returns its file path, or
/// `None` (with the problem recorded) when the template failed. `ran` are
/// the page's simulations, run once for every language.
#[allow(clippy::too_many_arguments)]
fn render(
    r: &Renderer,
    language: usize,
    i: usize,
    meta: &PageMeta,
    texts: Texts,
    ran: Ran,
    buffer: &mut String,
    diagnostics: &mut Diagnostics,
) -> Option<String> {
    let page = &r.site.pages[i];
    let place = Place::Page(i, &meta.slugs);
    let path = r.urls.path_of(language, place);
    let title = texts.get("title", None);
    let frame = Frame {
        language,
        place,
        title: title.clone(),
        description: texts.get("description", None),
        absolute: false,
        schedule: page.sections.contains(&Section::Calculator),
    };
    let home_title = r.site_texts(language).get("home-title", None);
    let breadcrumb = [
        (
            home_title,
            r.urls.url(&r.urls.path_of(language, Place::Home)),
        ),
        (title.clone(), r.urls.url(&path)),
    ];
    let rendered = render_page(
        r,
        frame,
        texts,
        &page.path,
        buffer,
        diagnostics,
        |texts, layout| view(r, language, i, texts, ran, layout, title, &breadcrumb),
    );
    rendered.then(|| r.urls.file_of(language, place))
}

/// The view of an explainer page: its sections, table of contents and
/// structured data. `ran` are the page's simulations, run.
#[allow(clippy::too_many_arguments)]
fn view(
    r: &Renderer,
    language: usize,
    i: usize,
    texts: &Texts,
    ran: Ran,
    layout: Layout,
    title: String,
    breadcrumb: &[(String, String)],
) -> ExplainerPage {
    let page = &r.site.pages[i];
    let intl = &r.languages[language].intl;
    let lang = r.languages[language].lang;
    let assets = &r.assets;
    let mut toc = Vec::new();
    let mut sections = Vec::new();
    // Built once, so that a problem of a listing's comment is reported once.
    let page_args = page
        .sections
        .iter()
        .any(|s| s.takes_page_arguments())
        .then(|| page_arguments(page, texts));
    let results = ran.contention;
    let contention_args = results.map(experiment::arguments);
    let storm_args = ran.storms.map(storms::arguments);
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
            Section::Formula
            | Section::RetryAfter
            | Section::Retryable
            | Section::Amplification
            | Section::Attempts
            | Section::Code => SectionView::Prose {
                id,
                heading_html: Some(heading(texts, id)),
                body_html: block(texts, id, texts.get(id, page_args.as_ref())),
            },
            Section::Example => SectionView::Examples {
                heading_html: heading(texts, id),
                examples_html: page
                    .examples
                    .iter()
                    .map(|example| {
                        let message = format!("example-{}", example.id);
                        let schedule =
                            Schedule::new(example.policy).expect("validated when loaded");
                        let args = examples::example_args(&schedule, example.unit, intl, texts);
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
            Section::Model | Section::Findings => {
                let (args, _) = contention_parts(results, &contention_args);
                let (heading_html, body_html) = contention::prose(texts, *section, args);
                SectionView::Prose {
                    id,
                    heading_html: Some(heading_html),
                    body_html,
                }
            }
            Section::Calls | Section::Completion | Section::Herd => {
                let (args, results) = contention_parts(results, &contention_args);
                SectionView::Chart(Box::new(contention::chart(
                    texts, intl, *section, results, args,
                )))
            }
            Section::Calculator => SectionView::Calculator(Box::new(calculator::view(
                page,
                &r.site.presets,
                texts,
                intl,
                lang,
                &layout.root,
                &assets.wasm,
                [&assets.wasm_grid, &assets.wasm_monte_carlo],
                &assets.script,
                &calculator::shared::Source {
                    cache: &r.calculator,
                    page: i,
                    language,
                    site: &r.languages[language],
                    other_numbers: r
                        .languages
                        .iter()
                        .enumerate()
                        .filter(|(j, _)| *j != language)
                        .map(|(_, l)| l.intl.number_symbols())
                        .collect(),
                    storms_href: r
                        .site
                        .pages
                        .iter()
                        .position(|p| p.storms.is_some())
                        .and_then(|j| r.urls.nav_path(language, j))
                        .map(|path| format!("{}{path}", layout.root)),
                },
            ))),
            Section::Presets => {
                SectionView::Presets(Box::new(defaults::view(&r.site.presets, intl, texts)))
            }
            Section::Sources => SectionView::Prose {
                id,
                heading_html: Some(heading(texts, id)),
                body_html: block(texts, id, texts.get(id, None)),
            },
            Section::Layers => {
                let (args, _) = storm_parts(ran.storms, &storm_args);
                let (heading_html, body_html) = storms::prose(texts, *section, args);
                SectionView::Prose {
                    id,
                    heading_html: Some(heading_html),
                    body_html,
                }
            }
            Section::Lab => {
                let (_, results) = storm_parts(ran.storms, &storm_args);
                SectionView::Lab(Box::new(storms::lab::view(
                    texts,
                    intl,
                    &results.storms,
                    &r.site.presets,
                    &assets.wasm_storm,
                    &assets.lab_script,
                    &layout.root,
                )))
            }
            Section::Collapse | Section::Systems | Section::Budgets | Section::Libraries => {
                let (args, results) = storm_parts(ran.storms, &storm_args);
                SectionView::Chart(Box::new(storms::chart(
                    texts, intl, *section, results, args,
                )))
            }
        };
        if *section != Section::Intro {
            let label_html = match &view {
                SectionView::Prose {
                    heading_html: Some(h),
                    ..
                } => h.clone(),
                SectionView::Examples { heading_html, .. }
                | SectionView::Faq { heading_html, .. } => heading_html.clone(),
                SectionView::Chart(chart) => chart.heading_html.clone(),
                SectionView::Calculator(calc) => {
                    askama::filters::escape(&calc.heading, askama::filters::Html)
                        .map(|s| s.to_string())
                        .unwrap_or_default()
                }
                SectionView::Presets(view) => view.heading_html.clone(),
                SectionView::Lab(lab) => lab.heading_html.clone(),
                SectionView::Prose { .. } => String::new(),
            };
            toc.push(TocEntry {
                id: id.to_string(),
                label_html,
            });
            // Each family of the presets section is a section of its own.
            if let SectionView::Presets(view) = &view {
                toc.extend(view.families.iter().map(|f| TocEntry {
                    id: f.id.clone(),
                    label_html: f.heading_html.clone(),
                }));
            }
        }
        sections.push(view);
    }
    let mut layout = layout;
    let requirements = texts.get("calculator-requirements", None);
    layout.json_ld = Some(explainer_json_ld(
        &layout,
        &title,
        &requirements,
        &sections,
        breadcrumb,
    ));
    ExplainerPage {
        layout,
        title,
        toc_label: texts.get("section-contents", None),
        toc,
        sections,
    }
}
/// An explainer's structured data: the calculator as a free web
/// application, and the breadcrumb trail. No FAQPage: Google shows FAQ rich
/// results only for well-known government and health sites
/// (developers.google.com/search/docs/appearance/structured-data/faqpage,
/// "Feature availability"), and the answers again in JSON would cost every
/// reader some 0.5 KB of gzip on a page with a FAQ.
fn explainer_json_ld(
    layout: &Layout,
    title: &str,
    requirements: &str,
    sections: &[SectionView],
    breadcrumb: &[(String, String)],
) -> String {
    let mut graph = vec![breadcrumb_json_ld(breadcrumb)];
    for section in sections {
        if let SectionView::Calculator(_) = section {
            graph.push(serde_json::json!({
                "@type": "WebApplication",
                // The page's own title: the application is not the site.
                "name": title,
                "description": layout.description,
                "url": layout.canonical,
                "inLanguage": layout.lang,
                "applicationCategory": "DeveloperApplication",
                "operatingSystem": "Any",
                "browserRequirements": requirements,
                "offers": { "@type": "Offer", "price": "0", "priceCurrency": "USD" },
            }));
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

/// The arguments of the sections that take the page's arguments
/// (`Section::takes_page_arguments`): each formula as display math, each
/// figure as a number, each listing as a fenced code block.
fn page_arguments<'a>(page: &'a Page, texts: &Texts) -> FluentArgs<'a> {
    let mut args = FluentArgs::new();
    for (name, latex) in &page.formulas {
        args.set(name.as_str(), format!("$${}$$", fill_formula(texts, latex)));
    }
    page.values.add_arguments(texts, &mut args);
    args
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
    crate::site::load::content::words::fill_words(latex, |id| {
        let word = texts.get(id, None);
        match unusable_in_formula(&word) {
            None => word,
            Some(what) => {
                texts.problem(
                    id,
                    None,
                    &format!("a word of a formula cannot contain {what}"),
                );
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
