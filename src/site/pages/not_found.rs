//! The 404 pages: one per language (`<lang>/404.html`), and the root one
//! (`/404.html`, in the reference language, linking every language's home
//! page). Hosts serve them at any URL, so their links are absolute.

use askama::Template;

use crate::diagnostics::Diagnostics;
use crate::site::format::markdown;
use crate::site::pages::context::Renderer;
use crate::site::pages::layout::Layout;
use crate::site::pages::{SitePage, render_site_page};
use crate::site::urls::{Link, Place};

#[derive(Template)]
#[template(path = "not_found.html")]
pub struct NotFoundPage {
    pub layout: Layout,
    pub title: String,
    pub text_html: String,
    pub links: Vec<Link>,
}

/// Renders a language's 404 page, or with `None` the root one, into
/// `buffer`; returns its file path, or `None` when the template failed.
pub fn render(
    r: &Renderer,
    language: Option<usize>,
    buffer: &mut String,
    diagnostics: &mut Diagnostics,
) -> Option<String> {
    let index = language.unwrap_or(r.reference);
    let page = SitePage {
        language: index,
        place: Place::Home,
        title_id: "not-found-title",
        absolute: true,
        template: "templates/not_found.html",
    };
    let rendered = render_site_page(r, page, buffer, diagnostics, |texts, layout, title| {
        let links = (0..r.languages.len())
            .filter(|i| language.is_none() || *i == index)
            .map(|i| Link {
                href: format!("{}{}", r.urls.base_path(), r.urls.path_of(i, Place::Home)),
                label: r.site_texts(i).get("home-title", None),
                hreflang: r.languages[i].lang.to_string(),
                current: false,
            })
            .collect();
        NotFoundPage {
            layout,
            title,
            text_html: markdown::block(texts, "not-found-text", texts.get("not-found-text", None)),
            links,
        }
    });
    rendered.then(|| r.urls.not_found_file(language))
}
