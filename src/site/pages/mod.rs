//! The kinds of page, one module each: what a page says, from Fluent text
//! and the core's figures, fed to its askama template (`templates/`, which
//! decides the markup).
//!
//! Every kind goes through [`render_page`]: its [`Frame`] gives the shared
//! [`Layout`], the kind builds its view, askama renders it into a buffer,
//! and the text problems are recorded. No page module computes a path (see
//! `urls`) or writes a file (the render stage does).

pub mod chooser;
pub mod explainer;
pub mod home;
pub mod layout;
pub mod not_found;

use std::path::Path;

use askama::Template;
use serde::Serialize;

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::site::context::Renderer;
use crate::site::locales::Texts;
use layout::{Frame, Layout};

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

/// JSON that cannot end the `<script>` element it sits in.
pub fn script_json(value: &impl Serialize) -> String {
    serde_json::to_string(value)
        .expect("the values the site writes hold only strings and numbers")
        .replace('<', "\\u003c")
}
