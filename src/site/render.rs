//! The render stage: every page of every language, the root pages, the
//! assets and the hosting files, each handed to a [`Sink`] as soon as it is
//! ready.
//!
//! This module only sequences the stage: it builds the `Renderer` every
//! page shares (`context`), reads the pages in the navigation first, renders
//! the explainers in parallel, then the home, 404 and chooser pages and the
//! hosting files. What a page says is in `pages/`, where it lives in `urls`,
//! how its files are read in `unit`. It never writes a file itself: the
//! sink does.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use rayon::prelude::*;

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::site::context::{AssetNames, Language, Mode, PAGE_BUFFER, Renderer};
use crate::site::intl::Intl;
use crate::site::locales;
use crate::site::output::{self, Sink};
use crate::site::texts::Texts;
use crate::site::unit::{PageMeta, Unit};
use crate::site::urls::Urls;
use crate::site::{Site, bundle, check, hosting, pages};

/// What a render did: the HTML pages it wrote, and the time its pages'
/// contention experiments took (`None` when no page has one).
#[derive(Clone, Copy, Debug, Default)]
pub struct Rendered {
    pub pages: usize,
    pub simulation: Option<Duration>,
}

/// Renders every page of every language, plus the root pages, assets and
/// hosting files, handing each file to `sink` as soon as it is ready.
/// Explainer pages are read, checked and rendered page by page, in
/// parallel (a page's contention experiment runs in its unit, alongside the
/// others); their bytes do not depend on the order.
pub fn render(site: &Site, mode: Mode, sink: &dyn Sink, diagnostics: &mut Diagnostics) -> Rendered {
    let put = |path: &str, bytes: &[u8], diagnostics: &mut Diagnostics| {
        if let Err(err) = sink.put(path, bytes) {
            diagnostics.push(Diagnostic::error(
                Path::new(path),
                format!("cannot write the file: {err}"),
            ));
        }
    };
    let mut problems = Vec::new();
    let assets = assets(site, &mut problems, |path, bytes| {
        put(path, bytes, diagnostics)
    });
    for problem in problems {
        diagnostics.push(problem);
    }
    let Some(languages) = languages(site, diagnostics) else {
        return Rendered::default();
    };
    let reference = languages
        .iter()
        .position(|l| *l.lang == site.config.reference);
    let mut renderer = Renderer {
        site,
        assets,
        languages: &languages,
        fallback: if mode.fallback() { reference } else { None },
        reference: reference.unwrap_or(0),
        mode,
        categories: check::categories(&site.config),
        urls: Urls::new(
            &site.config.base_url,
            languages.iter().map(|l| l.lang).collect(),
        ),
        simulation: Mutex::new(None),
        calculator: Default::default(),
    };

    // The pages in the navigation appear on every page: read them first and
    // keep them, so that every page can link to them by name.
    let mut nav_units = Vec::new();
    for i in (0..site.pages.len()).filter(|&i| site.pages[i].in_nav) {
        let unit = Unit::load(&renderer, i, diagnostics);
        // Bundle problems are reported when the page itself renders.
        let meta = unit.meta(
            &renderer,
            i,
            &unit.bundles(&renderer, &mut Diagnostics::default()),
        );
        renderer.urls.add_to_nav(i, meta.slugs, meta.nav_labels);
        nav_units.push((i, unit));
    }

    // The bulk of the work: every page in every language, in parallel.
    let results: Vec<(PageMeta, usize, Vec<Diagnostic>)> = (0..site.pages.len())
        .into_par_iter()
        .map(|i| {
            let mut found = Diagnostics::default();
            let loaded;
            let unit = match nav_units.iter().find(|(n, _)| *n == i) {
                Some((_, unit)) => unit,
                None => {
                    loaded = Unit::load(&renderer, i, &mut found);
                    &loaded
                }
            };
            let (meta, written) =
                pages::explainer::render_unit(&renderer, i, unit, sink, &mut found);
            (meta, written, found.items)
        })
        .collect();
    let mut pages = 0;
    let mut metas = Vec::with_capacity(results.len());
    for (meta, written, found) in results {
        pages += written;
        diagnostics.items.extend(found);
        metas.push(meta);
    }
    unique_slugs(site, &languages, &metas, diagnostics);

    // The root pages and every language's home and 404 pages.
    PAGE_BUFFER.with_borrow_mut(|buffer| {
        let mut emit = |path: Option<String>, html: &str, diagnostics: &mut Diagnostics| {
            if let Some(path) = path {
                put(&path, html.as_bytes(), diagnostics);
                pages += 1;
            }
        };
        for language in 0..languages.len() {
            let home = pages::home::render(&renderer, language, &metas, buffer, diagnostics);
            emit(home, buffer, diagnostics);
            let not_found =
                pages::not_found::render(&renderer, Some(language), buffer, diagnostics);
            emit(not_found, buffer, diagnostics);
        }
        let chooser = pages::chooser::render(&renderer, buffer, diagnostics);
        emit(chooser, buffer, diagnostics);
        let not_found = pages::not_found::render(&renderer, None, buffer, diagnostics);
        emit(not_found, buffer, diagnostics);
    });
    hosting_files(&renderer, &metas, |path, text| {
        put(path, text.as_bytes(), diagnostics)
    });
    let simulation = *renderer
        .simulation
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    Rendered { pages, simulation }
}

/// Each configured language's formatters and site-wide messages; `None`
/// (with the problem recorded) when a language cannot be formatted.
fn languages<'s>(site: &'s Site, diagnostics: &mut Diagnostics) -> Option<Vec<Language<'s>>> {
    let mut languages = Vec::new();
    for lang in &site.config.languages {
        let intl = match Intl::new(lang) {
            Ok(intl) => intl,
            Err(message) => {
                diagnostics.push(Diagnostic::error(Path::new("site.toml"), message));
                return None;
            }
        };
        let site_file = site.locales.get(lang, locales::SITE_FILE);
        let site_bundle = locales::bundle(
            lang,
            &site_file.into_iter().collect::<Vec<_>>(),
            diagnostics,
        );
        // The name stands alone (no fallback): it is the one word of each
        // language every page shows.
        let name = Texts::new(vec![&site_bundle], site_file.into_iter().collect())
            .get("language-name", None);
        languages.push(Language {
            lang,
            intl,
            site_file,
            site_bundle,
            name,
        });
    }
    Some(languages)
}

/// Two pages may not share a URL segment in one language.
fn unique_slugs(
    site: &Site,
    languages: &[Language],
    metas: &[PageMeta],
    diagnostics: &mut Diagnostics,
) {
    for (l, language) in languages.iter().enumerate() {
        let mut taken: HashMap<&str, &str> = HashMap::new();
        for (page, meta) in site.pages.iter().zip(metas) {
            let Some(slug) = meta.slugs.get(l) else {
                continue;
            };
            if let Some(other) = taken.insert(slug, &page.slug) {
                diagnostics.push(Diagnostic::error(
                    &locales::file_path(language.lang, &page.slug),
                    format!(
                        "pages `{other}` and `{}` both use the slug `{slug}` in `{}`",
                        page.slug, language.lang
                    ),
                ));
            }
        }
    }
}

/// Writes the static files, the calculator's script (its modules bundled
/// and minified) and its two WebAssembly modules (the base one and the
/// distribution one) under content-hashed names, through `put`.
fn assets(
    site: &Site,
    problems: &mut Vec<Diagnostic>,
    mut put: impl FnMut(&str, &[u8]),
) -> AssetNames {
    let mut add = |name: &str, bytes: &[u8]| {
        let hashed = format!("assets/{}", output::hashed_name(name, bytes));
        put(&hashed, bytes);
        hashed
    };
    let mut names = AssetNames {
        css: String::new(),
        script: String::new(),
        wasm: add("backoff.wasm", crate::wasm_module::CALCULATOR_WASM),
        wasm_distribution: add(
            "backoff-distribution.wasm",
            crate::wasm_module::DISTRIBUTION_WASM,
        ),
        favicon: String::new(),
    };
    match bundle::script(&site.root) {
        Ok(Some(script)) => names.script = add("calculator.js", &script),
        Ok(None) => {}
        Err(found) => problems.extend(found),
    }
    for (name, bytes) in &site.static_files {
        if name == "calculator.js" {
            problems.push(bundle::stray_script());
            continue;
        }
        let hashed = add(name, bytes);
        match name.as_str() {
            "style.css" => names.css = hashed,
            "favicon.svg" => names.favicon = hashed,
            _ => {}
        }
    }
    names
}

/// The sitemap files, `robots.txt` and `_headers`, each handed to `put`.
fn hosting_files(r: &Renderer, metas: &[PageMeta], mut put: impl FnMut(&str, &str)) {
    let base_url = &r.site.config.base_url;
    let slugs = metas.iter().map(|meta| meta.slugs.as_slice());
    hosting::sitemaps(base_url, &r.urls.sitemap_sets(slugs), &mut put);
    let languages: Vec<String> = r.languages.iter().map(|l| l.lang.to_string()).collect();
    put("robots.txt", &hosting::robots(base_url));
    put("_headers", &hosting::headers(&languages));
}
