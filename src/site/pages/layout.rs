//! The frame every page shares (`templates/_layout.html`): head metadata,
//! navigation, language switcher and footer. This module declares
//! [`Layout`] and is the only one that fills it, from a page's [`Frame`].

use crate::site::format::intl;
use crate::site::format::markdown;
use crate::site::format::texts::Texts;
use crate::site::pages::context::{AssetNames, Renderer};
use crate::site::pages::hosting::CSP;
use crate::site::urls::{Alternate, Link, Place};
use fluent_bundle::FluentArgs;

/// The variables of the `page-title` message: the page's own title and the
/// site's name.
pub const TITLE_VARIABLES: &[&str] = &["title", "site"];

/// What a page states about itself; the rest of its layout (links,
/// switcher, footer) follows from where it sits.
pub struct Frame<'p> {
    pub language: usize,
    pub place: Place<'p>,
    pub title: String,
    pub description: String,
    /// Served at any URL (404): absolute links, and no address of its own.
    pub absolute: bool,
    /// Whether the page shows a schedule (its calculator), whose JSON the
    /// footer then points to.
    pub schedule: bool,
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

/// The layout of the page `frame` describes, its words from `texts`.
pub fn layout(r: &Renderer, frame: Frame, texts: &Texts) -> Layout {
    let Frame {
        language,
        place,
        title,
        description,
        absolute,
        schedule,
    } = frame;
    let urls = &r.urls;
    let lang = r.languages[language].lang;
    let path = urls.path_of(language, place);
    let root = urls.root(language, place, absolute);
    let names: Vec<String> = r.languages.iter().map(|l| l.name.clone()).collect();
    let mut footer = markdown::block(texts, "footer-privacy", texts.get("footer-privacy", None));
    if schedule {
        footer.push('\n');
        footer.push_str(&markdown::block(
            texts,
            "footer-json",
            texts.get("footer-json", None),
        ));
    }
    let site_name = texts.get("site-name", None);
    let full_title = if title == site_name {
        title
    } else {
        // The separator is the language's own (a spaced em dash in English
        // and Russian, a spaced en dash in German).
        let mut args = FluentArgs::new();
        args.set(TITLE_VARIABLES[0], title);
        args.set(TITLE_VARIABLES[1], site_name.clone());
        texts.get("page-title", Some(&args))
    };
    Layout {
        lang: lang.to_string(),
        csp: CSP,
        title: full_title,
        description,
        canonical: (!absolute).then(|| urls.url(&path)),
        // A 404 page is no address of its own: no canonical URL, no
        // alternates for search engines.
        alternates: if absolute {
            Vec::new()
        } else {
            urls.alternates(place)
        },
        og_locale: intl::og_locale(lang),
        og_alternates: r
            .languages
            .iter()
            .filter(|l| l.lang != lang)
            .map(|l| intl::og_locale(l.lang))
            .collect(),
        json_ld: None,
        nav: urls.nav(language, place, &root, absolute),
        switcher: urls.switcher(language, place, &root, &names),
        home_href: format!("{root}{}", urls.path_of(language, Place::Home)),
        root,
        assets: r.assets.clone(),
        skip_label: texts.get("skip-to-content", None),
        site_name,
        switcher_label: texts.get("language-switcher-label", None),
        footer_html: footer,
    }
}
