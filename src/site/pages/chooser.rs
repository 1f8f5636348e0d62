//! The root language chooser (`/index.html`): every language's name and
//! prompt, each in that language, linking its home page. Its frame is in
//! the reference language.

use askama::Template;

use crate::diagnostics::Diagnostics;
use crate::site::pages::context::Renderer;
use crate::site::pages::layout::Layout;
use crate::site::pages::{SitePage, render_site_page};
use crate::site::urls::Place;

pub struct Choice {
    pub lang: String,
    pub href: String,
    pub name: String,
    /// The language's dash between its name and its prompt.
    pub dash: String,
    pub prompt: String,
}

#[derive(Template)]
#[template(path = "chooser.html")]
pub struct ChooserPage {
    pub layout: Layout,
    pub choices: Vec<Choice>,
}

/// Renders the chooser into `buffer`; returns its file path, or `None` when
/// the template failed.
pub fn render(r: &Renderer, buffer: &mut String, diagnostics: &mut Diagnostics) -> Option<String> {
    let page = SitePage {
        language: r.reference,
        place: Place::Root,
        title_id: "site-name",
        absolute: false,
        template: "templates/chooser.html",
    };
    let rendered = render_site_page(r, page, buffer, diagnostics, |_, layout, _| {
        let choices = (0..r.languages.len())
            .map(|i| {
                let own = r.site_texts(i);
                Choice {
                    lang: r.languages[i].lang.to_string(),
                    href: r.urls.path_of(i, Place::Home),
                    name: own.get("language-name", None),
                    dash: own.get("list-dash", None),
                    prompt: own.get("home-description", None),
                }
            })
            .collect();
        ChooserPage { layout, choices }
    });
    rendered.then(|| r.urls.file_of(r.reference, Place::Root))
}
