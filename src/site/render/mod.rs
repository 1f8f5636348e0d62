//! The render stage: every page of every language, the root pages, the
//! assets and the hosting files, each handed to a [`Sink`] as soon as it is
//! ready.
//!
//! This module only sequences the stage: it starts the pages' contention
//! experiments and the assets on threads of their own, builds the
//! `Renderer` every page shares (`context`), reads the pages in the
//! navigation first, renders the explainers in parallel (those with an
//! experiment last), then the home, 404 and chooser pages and the hosting
//! files. What a page says is in `pages/`, where it lives in `urls`,
//! how its files are read in `unit`, whether it may be kept from the last
//! output as it is in `unchanged`. It never writes a file itself: the
//! sink does.

mod assets;
pub mod bundle;
pub mod stylesheet;
pub mod unchanged;

use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use rayon::prelude::*;

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::site::format::intl::Intl;
use crate::site::format::texts::{Language, Texts};
use crate::site::load::Site;
use crate::site::load::locales;
use crate::site::output::Sink;
use crate::site::pages::context::{AssetNames, Mode, PAGE_BUFFER, Renderer};
use crate::site::pages::hosting;
use crate::site::pages::simulations::PageRuns;
use crate::site::pages::unit::{PageMeta, Unit};
use crate::site::sections::contention::stored;
use crate::site::sections::storms;
use crate::site::urls::Urls;
use crate::site::{check, pages};
use assets::write_problem;

/// What a render did: the HTML pages it wrote (or kept), how many of them
/// it kept unchanged from the last output, the time its pages' contention
/// experiments took (`None` when no page ran one), and the record of what
/// its pages were built from, for the sink to keep with the output.
#[derive(Clone, Debug, Default)]
pub struct Rendered {
    pub pages: usize,
    pub kept: usize,
    pub simulation: Option<Duration>,
    pub record: Vec<u8>,
}

/// Renders every page of every language, plus the root pages, assets and
/// hosting files, handing each file to `sink` as soon as it is ready.
/// Explainer pages are read, checked and rendered page by page, in
/// parallel; their bytes do not depend on the order.
///
/// Two pieces of work need nothing from the pages and are the longest of a
/// small site, so each starts at once on a thread of its own: the pages'
/// contention experiments (their cases in parallel too), which the pages
/// with one wait for after every other page has rendered, and the assets
/// (the script's bundling and minification above all), whose names the
/// pages need only once the navigation is read.
///
/// An explainer page whose key and files are as the sink's record says is
/// kept as it is (`unchanged`), unless `clean`.
pub fn render(
    site: &Site,
    mode: Mode,
    sink: &dyn Sink,
    clean: bool,
    diagnostics: &mut Diagnostics,
) -> Rendered {
    std::thread::scope(|scope| {
        let experiments = scope.spawn(|| run_experiments(site));
        // The script's parser and minifier recurse as deeply as its code
        // nests (bounded by `bundle`'s nesting limit), more than a thread's
        // default stack holds in an unoptimized build.
        let assets = std::thread::Builder::new()
            .name("assets".into())
            .stack_size(ASSETS_STACK_BYTES)
            .spawn_scoped(scope, || assets::assets(site, sink))
            .expect("a thread for the assets");
        render_with(site, mode, sink, clean, diagnostics, experiments, assets)
    })
}

/// The stack of the thread that bundles the script (virtual memory: only
/// what the recursion touches is used).
const ASSETS_STACK_BYTES: usize = 256 << 20;

/// Each page's simulations, by page index.
type Experiments = Vec<(usize, PageRuns)>;

/// Whether page `i` runs a simulation: a `[contention]` or `[storms]` table.
fn simulates(site: &Site, i: usize) -> bool {
    site.pages[i].contention.is_some() || site.pages[i].storms.is_some()
}

/// The simulations of each page that has a `[contention]` or `[storms]`
/// table, by page index: run, or the same table's results from earlier in
/// this process or from the project's cache (`crate::cache`,
/// `target/.backoff-site-cache/`).
fn run_experiments(site: &Site) -> Experiments {
    let store = crate::cache::Store::of_project(&site.root);
    (0..site.pages.len())
        .into_par_iter()
        .filter(|&i| simulates(site, i))
        .map(|i| {
            let page = &site.pages[i];
            let runs = PageRuns {
                contention: page
                    .contention
                    .as_ref()
                    .map(|c| stored::run_cached(c, store.as_ref())),
                storms: page
                    .storms
                    .as_ref()
                    .map(|s| storms::runs::run_cached(s, store.as_ref())),
            };
            (i, runs)
        })
        .collect()
}

/// [`render`] once its two threads are started.
fn render_with<'scope>(
    site: &Site,
    mode: Mode,
    sink: &dyn Sink,
    clean: bool,
    diagnostics: &mut Diagnostics,
    experiments: std::thread::ScopedJoinHandle<'scope, Experiments>,
    assets: std::thread::ScopedJoinHandle<'scope, (AssetNames, Vec<Diagnostic>)>,
) -> Rendered {
    let put = |path: &str, bytes: &[u8], diagnostics: &mut Diagnostics| {
        if let Err(err) = sink.put(path, bytes) {
            diagnostics.push(write_problem(path, err));
        }
    };
    let Some(languages) = languages(site, diagnostics) else {
        // Nothing renders; the assets' problems are still reported.
        let (_, problems) = join(assets);
        diagnostics.items.extend(problems);
        return Rendered::default();
    };
    let reference = languages
        .iter()
        .position(|l| *l.lang == site.config.reference);
    let mut renderer = Renderer {
        site,
        // Filled in below, before any page renders: reading the files of
        // the navigation's pages needs no asset.
        assets: AssetNames::default(),
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
    let nav: Vec<usize> = (0..site.pages.len())
        .filter(|&i| site.pages[i].in_nav)
        .collect();
    let loaded: Vec<(usize, Unit, PageMeta, Vec<Diagnostic>)> = nav
        .par_iter()
        .map(|&i| {
            let mut found = Diagnostics::default();
            let unit = Unit::load(&renderer, i, &mut found);
            // Bundle problems are reported when the page itself renders.
            let meta = unit.meta(
                &renderer,
                i,
                &unit.bundles(&renderer, &mut Diagnostics::default()),
            );
            (i, unit, meta, found.items)
        })
        .collect();
    let nav_metas: Vec<(usize, &PageMeta)> =
        loaded.iter().map(|(i, _, meta, _)| (*i, meta)).collect();
    let unchanged = unchanged::Unchanged::new(site, mode, &nav_metas, sink, clean);
    let mut nav_units = Vec::with_capacity(loaded.len());
    for (i, unit, meta, found) in loaded {
        diagnostics.items.extend(found);
        renderer.urls.add_to_nav(i, meta.slugs, meta.nav_labels);
        nav_units.push((i, unit));
    }
    let (names, problems) = join(assets);
    renderer.assets = names;
    diagnostics.items.extend(problems);

    // The bulk of the work: every page in every language, in parallel; the
    // pages with an experiment last, once it has run. A page kept from the
    // last output is neither rendered nor written.
    let render_page = |i: usize, runs: Option<&PageRuns>| {
        let key = unchanged.key(site, i);
        if let Some((meta, written)) = key
            .as_deref()
            .and_then(|key| unchanged.keep(site, i, key, sink))
        {
            return Page {
                i,
                written,
                kept: true,
                found: Vec::new(),
                record: Some(unchanged::Recorded::Kept),
                meta,
            };
        }
        let mut found = Diagnostics::default();
        let loaded;
        let unit = match nav_units.iter().find(|(n, _)| *n == i) {
            Some((_, unit)) => unit,
            None => {
                loaded = Unit::load(&renderer, i, &mut found);
                &loaded
            }
        };
        let files = Mutex::new(Vec::new());
        let (meta, written) = pages::explainer::render_unit(
            &renderer,
            i,
            unit,
            runs,
            &|path, bytes| {
                files
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(path.to_owned());
                sink.put(path, bytes)
            },
            &mut found,
        );
        // Only a page that rendered in every language with no problem at
        // all may be kept next time.
        let files = files.into_inner().unwrap_or_else(|e| e.into_inner());
        let whole = found.items.is_empty() && written == languages.len();
        Page {
            i,
            written,
            kept: false,
            found: found.items,
            record: key
                .filter(|_| whole)
                .map(|key| unchanged::Recorded::Rendered {
                    key,
                    files,
                    assets: renderer.calculator.assets_of(i),
                }),
            meta,
        }
    };
    let mut results: Vec<Page> = (0..site.pages.len())
        .into_par_iter()
        .filter(|&i| !simulates(site, i))
        .map(|i| render_page(i, None))
        .collect();
    let experiments = join(experiments);
    results.par_extend(
        experiments
            .par_iter()
            .map(|(i, runs)| render_page(*i, Some(runs))),
    );
    results.sort_by_key(|page| page.i);
    let (mut pages, mut kept) = (0, 0);
    let mut metas = Vec::with_capacity(results.len());
    let mut recorded = Vec::with_capacity(results.len());
    for page in results {
        pages += page.written;
        if page.kept {
            kept += page.written;
        }
        diagnostics.items.extend(page.found);
        recorded.push((page.i, page.record));
        metas.push(page.meta);
    }
    unique_slugs(site, &languages, &metas, diagnostics);
    for (name, json) in renderer.calculator.assets() {
        put(&name, json.as_bytes(), diagnostics);
    }

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
    // Stamped now that every file, the calculator's data assets included,
    // is staged.
    let record = unchanged.record(
        recorded
            .iter()
            .zip(&metas)
            .filter_map(|((i, recorded), meta)| {
                Some((site.pages[*i].slug.as_str(), meta, recorded.as_ref()?))
            }),
        sink,
    );
    Rendered {
        pages,
        kept,
        simulation,
        record,
    }
}

/// What rendering (or keeping) one explainer page gave.
struct Page {
    i: usize,
    meta: PageMeta,
    /// Its HTML files written or kept.
    written: usize,
    kept: bool,
    found: Vec<Diagnostic>,
    /// What the record says of it, when it may be recorded.
    record: Option<unchanged::Recorded>,
}

/// The result of a thread of [`render`]; its panic goes on in this thread.
fn join<T>(handle: std::thread::ScopedJoinHandle<'_, T>) -> T {
    handle
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
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
                // The slug at fault is a translated one (the pages' own
                // names differ): this page's if it translates its slug,
                // else the other's.
                let at_fault = if *slug != page.slug {
                    &page.slug
                } else {
                    other
                };
                let path = locales::file_path(language.lang, at_fault);
                let diagnostic = Diagnostic::error(
                    &path,
                    format!(
                        "pages `{other}` and `{}` both use the slug `{slug}` in `{}`",
                        page.slug, language.lang
                    ),
                )
                .with_hint("give each page of a language its own slug");
                diagnostics.push(at_slug(site, &path, diagnostic));
            }
        }
    }
}

/// `diagnostic` at the `slug` message of the translation file `path`, read
/// again (once, for the error) through the guarded reader.
fn at_slug(site: &Site, path: &Path, diagnostic: Diagnostic) -> Diagnostic {
    let inputs = crate::input::Root::new(&site.root);
    let Ok(Some(source)) =
        crate::input::read_text(&inputs, &site.root, path, crate::input::Kind::Translation)
    else {
        return diagnostic;
    };
    let line_start = |at: usize| at == 0 || source.as_bytes()[at - 1] == b'\n';
    match source
        .match_indices("slug")
        .map(|(at, _)| at)
        .find(|&at| line_start(at))
    {
        Some(at) => diagnostic.at(&source, at, at + "slug".len()),
        None => diagnostic,
    }
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
