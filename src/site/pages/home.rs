//! A language's home page: the site's introduction and a list of every
//! explainer page with its description.

use askama::Template;

use crate::diagnostics::Diagnostics;
use crate::site::format::markdown;
use crate::site::pages::context::Renderer;
use crate::site::pages::layout::Layout;
use crate::site::pages::unit::PageMeta;
use crate::site::pages::{SitePage, render_site_page};
use crate::site::urls::Place;

pub struct PageLink {
    pub href: String,
    pub label: String,
    pub description: String,
}

#[derive(Template)]
#[template(path = "home.html")]
pub struct HomePage {
    pub layout: Layout,
    pub title: String,
    pub intro_html: String,
    pub pages_heading: String,
    /// The language's dash between a page's name and its description.
    pub dash: String,
    pub pages: Vec<PageLink>,
}

/// Renders the home page of `language` into `buffer`, listing the pages
/// `metas` describes; returns its file path, or `None` when the template
/// failed.
pub fn render(
    r: &Renderer,
    language: usize,
    metas: &[PageMeta],
    buffer: &mut String,
    diagnostics: &mut Diagnostics,
) -> Option<String> {
    let page = SitePage {
        language,
        place: Place::Home,
        title_id: "home-title",
        absolute: false,
        template: "templates/home.html",
    };
    let rendered = render_site_page(r, page, buffer, diagnostics, |texts, layout, title| {
        HomePage {
            layout,
            title,
            intro_html: markdown::block(texts, "home-intro", texts.get("home-intro", None)),
            pages_heading: texts.get("home-pages-heading", None),
            dash: texts.get("list-dash", None),
            pages: metas
                .iter()
                .map(|meta| PageLink {
                    href: r.urls.from_home(language, &meta.slugs),
                    label: meta.titles[language].clone(),
                    description: meta.descriptions[language].clone(),
                })
                .collect(),
        }
    });
    rendered.then(|| r.urls.file_of(language, Place::Home))
}
