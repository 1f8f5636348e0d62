//! The kinds of page, one module each: what a page says, from Fluent text
//! and the core's figures, fed to its askama template (`templates/`, which
//! decides the markup).
//!
//! Every kind goes through [`render_page`]: its [`Frame`] gives the shared
//! [`Layout`], the kind builds its view, askama renders it into a buffer,
//! and the text problems are recorded. No page module computes a path (see
//! `urls`) or writes a file (the render stage does).

pub mod chooser;
pub mod context;
pub mod explainer;
pub mod home;
pub mod hosting;
pub mod layout;
pub mod not_found;
pub mod simulations;
pub mod unit;

use std::path::Path;

use crate::diagnostics::{Diagnostic, Diagnostics};
pub use crate::site::format::json::script_json;
use crate::site::format::texts::Texts;
use crate::site::load::content::Section;
use crate::site::pages::context::Renderer;
use crate::site::urls::Place;
use askama::Template;
use layout::{Frame, Layout};

/// The variables the build passes to message `id` of a page whose own
/// arguments (formulas, figures and listings, `content::Page::argument_names`)
/// are `page_arguments`: the sections that take them get all of them (and
/// the `formula` message), the page title its own, every other message what
/// its section states (`sections::variables`). What `check` holds each
/// message to.
pub fn message_variables(id: &str, page_arguments: &[String]) -> Vec<String> {
    if id == "formula" || Section::from_id(id).is_some_and(Section::takes_page_arguments) {
        return page_arguments.to_vec();
    }
    let names = match id {
        "page-title" => layout::TITLE_VARIABLES,
        _ => crate::site::sections::variables(id).unwrap_or_default(),
    };
    names.iter().map(|name| name.to_string()).collect()
}

/// Lays out a page, builds its view with `view`, renders the view into
/// `buffer` and records the text problems: the steps every kind of page
/// shares. Returns whether the page rendered (a template error is recorded
/// against `template_error_at`).
pub fn render_page<'t, V: Template>(
    r: &Renderer,
    frame: Frame,
    texts: Texts<'t>,
    template_error_at: &Path,
    buffer: &mut String,
    diagnostics: &mut Diagnostics,
    view: impl FnOnce(&Texts<'t>, Layout) -> V,
) -> bool {
    let layout = layout::layout(r, frame, &texts);
    let view = view(&texts, layout);
    buffer.clear();
    let rendered = view.render_into(buffer);
    diagnostics.items.extend(texts.into_problems());
    match rendered {
        Ok(()) => true,
        Err(e) => {
            diagnostics.push(Diagnostic::error(
                template_error_at,
                format!("template error: {e}"),
            ));
            false
        }
    }
}

/// A page of the site-wide messages (home, 404, chooser) in `language`:
/// titled by the message `title_id`, described by `home-description`.
pub struct SitePage<'p> {
    pub language: usize,
    pub place: Place<'p>,
    pub title_id: &'p str,
    /// Served at any URL (404): see [`Frame::absolute`].
    pub absolute: bool,
    /// The template, where a template error is reported.
    pub template: &'p str,
}

/// [`render_page`] for a page of the site-wide messages; `view` also gets
/// the page's title.
pub fn render_site_page<V: Template>(
    r: &Renderer,
    page: SitePage,
    buffer: &mut String,
    diagnostics: &mut Diagnostics,
    view: impl FnOnce(&Texts, Layout, String) -> V,
) -> bool {
    let texts = r.site_texts(page.language);
    let title = texts.get(page.title_id, None);
    let frame = Frame {
        language: page.language,
        place: page.place,
        title: title.clone(),
        description: texts.get("home-description", None),
        absolute: page.absolute,
        schedule: false,
    };
    let template = Path::new(page.template);
    render_page(
        r,
        frame,
        texts,
        template,
        buffer,
        diagnostics,
        |texts, layout| view(texts, layout, title),
    )
}
