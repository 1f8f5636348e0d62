//! The site pipeline: load → check → render → write.
//!
//! [`load`] reads `site.toml`, `content/` and `locales/` and reports every
//! problem it finds as a diagnostic; [`render`] turns a loaded site into
//! output files in memory; [`build`] does both and swaps the files into the
//! output folder only when nothing failed.

pub mod calculator;
pub mod check;
pub mod config;
pub mod content;
pub mod figures;
pub mod hosting;
pub mod intl;
pub mod locales;
pub mod markdown;
pub mod output;
pub mod render;
pub mod status;

use std::path::{Path, PathBuf};
use std::time::Instant;

use unic_langid::LanguageIdentifier;

use crate::diagnostics::{Diagnostic, Diagnostics, Failed};
use config::Config;
use content::Page;
use intl::Intl;
use locales::{Bundle, LocaleFile, Locales, Texts};
use output::Sink;
use rayon::prelude::*;
use render::{AssetNames, Layout, Link};

/// Everything the build reads, loaded and parsed.
pub struct Site {
    pub root: PathBuf,
    pub config: Config,
    /// Sorted by `order`, then slug.
    pub pages: Vec<Page>,
    pub locales: Locales,
    pub static_files: Vec<(String, Vec<u8>)>,
}

/// Options of `build`.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    pub root: PathBuf,
    pub out: PathBuf,
    /// Fall back to the reference language for missing messages.
    pub allow_missing: bool,
    /// Replaces `base_url` of `site.toml` (the preview server's own address).
    pub base_url: Option<String>,
}

/// What a successful build reports.
#[derive(Debug)]
pub struct BuildSummary {
    pub pages: usize,
    pub files: usize,
    pub bytes: u64,
    pub millis: u128,
    pub warnings: Vec<Diagnostic>,
}

/// Reads every source of the site. Diagnostics go to `diagnostics`; `None`
/// when the sources are too broken to go on.
pub fn load(root: &Path, allow_missing: bool, diagnostics: &mut Diagnostics) -> Option<Site> {
    let config_path = Path::new("site.toml");
    let config = match std::fs::read_to_string(root.join(config_path)) {
        Ok(source) => match config::parse(config_path, &source) {
            Ok(config) => Some(config),
            Err(problems) => {
                problems.into_iter().for_each(|d| diagnostics.push(d));
                None
            }
        },
        Err(err) => {
            diagnostics.push(Diagnostic::error(
                config_path,
                format!("cannot read the site configuration: {err}"),
            ));
            None
        }
    };
    let pages = load_pages(root, diagnostics);
    let static_files = load_static(root, diagnostics);
    let mut config = config?;
    // CLDR's plural rules know every language we can format for; a code they
    // do not know is a typo or a language without data. Such a language is
    // reported once and left out of the checks that follow.
    config.languages.retain(|lang| {
        let known = intl_pluralrules::PluralRules::create(
            lang.clone(),
            intl_pluralrules::PluralRuleType::CARDINAL,
        )
        .is_ok();
        if !known {
            let source = std::fs::read_to_string(root.join(config_path)).unwrap_or_default();
            diagnostics.push(
                Diagnostic::error(
                    config_path,
                    format!("`{lang}` is not a language CLDR has data for"),
                )
                .at_text(&source, &format!("\"{lang}\""))
                .with_hint("use a language code such as `fr`, `pt-BR` or `uk`"),
            );
        }
        known
    });
    let locales = locales::load(root, &config, diagnostics);
    locales::compare_with_reference(root, &locales, &config, allow_missing, diagnostics);
    for page in &pages {
        if locales.get(&config.reference, &page.slug).is_none() {
            diagnostics.push(
                Diagnostic::error(
                    &page.path,
                    format!(
                        "the page has no text: locales/{}/{}.ftl is missing",
                        config.reference, page.slug
                    ),
                )
                .with_hint("every content file needs a Fluent file of the same name"),
            );
        }
    }
    Some(Site {
        root: root.to_path_buf(),
        config,
        pages,
        locales,
        static_files,
    })
}

fn load_pages(root: &Path, diagnostics: &mut Diagnostics) -> Vec<Page> {
    let mut pages = Vec::new();
    let dir = root.join("content");
    let entries = match std::fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(err) => {
            diagnostics.push(Diagnostic::error(
                Path::new("content"),
                format!("cannot read the content folder: {err}"),
            ));
            return pages;
        }
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    paths.sort();
    for path in paths {
        let shown = Path::new("content").join(path.file_name().unwrap_or_default());
        match std::fs::read_to_string(&path) {
            Ok(source) => match content::parse(&shown, &source) {
                Ok(page) => pages.push(page),
                Err(problems) => problems.into_iter().for_each(|d| diagnostics.push(d)),
            },
            Err(err) => diagnostics.push(Diagnostic::error(
                &shown,
                format!("cannot read the file: {err}"),
            )),
        }
    }
    pages.sort_by(|a, b| (a.order, &a.slug).cmp(&(b.order, &b.slug)));
    pages
}

/// The files of `static/` (not recursive: the site has few assets).
fn load_static(root: &Path, diagnostics: &mut Diagnostics) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for walked in walkdir::WalkDir::new(root.join("static"))
        .max_depth(1)
        .sort_by_file_name()
    {
        match walked {
            Ok(entry) if entry.file_type().is_file() => {
                let name = entry.file_name().to_string_lossy().into_owned();
                match std::fs::read(entry.path()) {
                    Ok(bytes) => files.push((name, bytes)),
                    Err(err) => diagnostics.push(Diagnostic::error(
                        &Path::new("static").join(&name),
                        format!("cannot read the file: {err}"),
                    )),
                }
            }
            Ok(_) => {}
            Err(err) => diagnostics.push(Diagnostic::error(
                Path::new("static"),
                format!("cannot read the folder: {err}"),
            )),
        }
    }
    files
}

/// Loads, renders and writes the site. On any error the output folder is
/// left exactly as it was.
pub fn build(options: &BuildOptions) -> Result<BuildSummary, Failed> {
    let started = Instant::now();
    let fail = |diagnostics: Diagnostics| Failed {
        diagnostics: diagnostics.sorted(),
    };
    let mut diagnostics = Diagnostics::default();
    if let Some(file) = output::blocking_file(&options.out) {
        diagnostics.push(Diagnostic::error(
            &options.out,
            format!(
                "`{}` is a file, so the output folder cannot be created",
                file.display()
            ),
        ));
        return Err(fail(diagnostics));
    }
    match output::refuse_output(&options.root, &options.out) {
        Ok(None) => {}
        Ok(Some(reason)) => {
            diagnostics.push(Diagnostic::error(&options.out, reason));
            return Err(fail(diagnostics));
        }
        Err(err) => {
            diagnostics.push(Diagnostic::error(
                &options.out,
                format!("cannot resolve the output folder: {err}"),
            ));
            return Err(fail(diagnostics));
        }
    }
    let mut site = load(&options.root, options.allow_missing, &mut diagnostics);
    if let (Some(site), Some(base_url)) = (&mut site, &options.base_url) {
        site.config.base_url = base_url.clone();
    }
    if let Some(site) = &site {
        check::lint(site, &mut diagnostics);
    }
    let Some(site) = site.filter(|_| !diagnostics.has_errors()) else {
        return Err(fail(diagnostics));
    };
    let staging = match output::Staging::create(&options.out) {
        Ok(staging) => staging,
        Err(err) => {
            diagnostics.push(Diagnostic::error(
                &options.out,
                format!("cannot create the output folder: {err}"),
            ));
            return Err(fail(diagnostics));
        }
    };
    let pages = render(&site, options.allow_missing, &staging, &mut diagnostics);
    if diagnostics.has_errors() {
        // Dropping the staging folder removes it; the output stays as it was.
        return Err(fail(diagnostics));
    }
    let (bytes, files) = staging.written();
    if let Err(err) = staging.commit() {
        diagnostics.push(Diagnostic::error(
            &options.out,
            format!("cannot write the output: {err}"),
        ));
        return Err(fail(diagnostics));
    }
    Ok(BuildSummary {
        pages,
        files,
        bytes,
        millis: started.elapsed().as_millis(),
        warnings: diagnostics.sorted(),
    })
}

/// Everything `build` checks, without writing anything: loading, the lints
/// of `check`, and a full render in memory (which reports Markdown, LaTeX
/// and formatting problems).
pub fn check(root: &Path) -> Vec<Diagnostic> {
    let mut diagnostics = Diagnostics::default();
    if let Some(site) = load(root, false, &mut diagnostics) {
        check::lint(&site, &mut diagnostics);
        // Rendered with the reference language to fall back on, so that a
        // missing message (reported above) does not hide the problems of
        // the messages around it.
        render(&site, true, &output::Discard, &mut diagnostics);
    }
    diagnostics.sorted()
}

/// One language's bundles and formatters.
struct Language<'a> {
    lang: &'a LanguageIdentifier,
    intl: Intl,
    site_file: Option<&'a LocaleFile>,
    /// The site-wide bundle, for pages that are not explainers.
    site_bundle: Bundle<'a>,
    /// Per page, in `Site::pages` order.
    page_bundles: Vec<Bundle<'a>>,
    /// Per page: its URL segment in this language (the translated `slug`
    /// message, or the content file's name).
    slugs: Vec<String>,
    /// The pages in the navigation, with their labels in this language.
    nav_labels: Vec<(usize, String)>,
}

/// Where a page sits in the site.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Root,
    Home,
    Page(usize),
}

/// Renders every page of every language, plus the root pages, assets and
/// hosting files, handing each file to `sink` as soon as it is ready.
/// Explainer pages render in parallel; their bytes do not depend on the
/// order. Returns the number of HTML pages.
pub fn render(
    site: &Site,
    allow_missing: bool,
    sink: &dyn Sink,
    diagnostics: &mut Diagnostics,
) -> usize {
    let put = |path: &str, bytes: &[u8], diagnostics: &mut Diagnostics| {
        if let Err(err) = sink.put(path, bytes) {
            diagnostics.push(Diagnostic::error(
                Path::new(path),
                format!("cannot write the file: {err}"),
            ));
        }
    };
    let assets = assets(site, |path, bytes| put(path, bytes, diagnostics));
    let mut languages = Vec::new();
    for lang in &site.config.languages {
        let intl = match Intl::new(lang) {
            Ok(intl) => intl,
            Err(message) => {
                diagnostics.push(Diagnostic::error(Path::new("site.toml"), message));
                continue;
            }
        };
        let site_file = site.locales.get(lang, locales::SITE_FILE);
        let site_bundle = locales::bundle(
            lang,
            &site_file.into_iter().collect::<Vec<_>>(),
            diagnostics,
        );
        let page_bundles: Vec<Bundle> = site
            .pages
            .iter()
            .map(|page| {
                let files: Vec<&LocaleFile> = site_file
                    .into_iter()
                    .chain(site.locales.get(lang, &page.slug))
                    .collect();
                locales::bundle(lang, &files, diagnostics)
            })
            .collect();
        let slugs = site
            .pages
            .iter()
            .zip(&page_bundles)
            .map(|(page, bundle)| translated_slug(bundle, page, diagnostics))
            .collect();
        languages.push(Language {
            lang,
            intl,
            site_file,
            site_bundle,
            page_bundles,
            slugs,
            nav_labels: Vec::new(),
        });
    }
    let reference = languages
        .iter()
        .position(|l| *l.lang == site.config.reference);
    let reference = if allow_missing { reference } else { None };
    // Navigation labels are the same on every page of a language: format
    // them once.
    let nav_labels: Vec<Vec<(usize, String)>> = (0..languages.len())
        .map(|l| {
            site.pages
                .iter()
                .enumerate()
                .filter(|(_, page)| page.in_nav)
                .map(|(i, _)| {
                    (
                        i,
                        texts_for(site, &languages, reference, l, Some(i)).get("nav-label", None),
                    )
                })
                .collect()
        })
        .collect();
    for (language, labels) in languages.iter_mut().zip(nav_labels) {
        language.nav_labels = labels;
    }
    let renderer = Renderer {
        site,
        assets,
        languages: &languages,
        reference,
    };
    // The bulk of the work: every explainer in every language, in parallel.
    let tasks: Vec<(usize, usize)> = (0..languages.len())
        .flat_map(|l| (0..site.pages.len()).map(move |p| (l, p)))
        .collect();
    let results: Vec<(bool, Vec<Diagnostic>)> = tasks
        .par_iter()
        .map(|&(language, page)| {
            let mut found = Diagnostics::default();
            let (path, rendered) = renderer.explainer(language, page, &mut found);
            let written = match rendered {
                Some(html) => match sink.put(&path, html.as_bytes()) {
                    Ok(()) => true,
                    Err(err) => {
                        found.push(Diagnostic::error(
                            Path::new(&path),
                            format!("cannot write the file: {err}"),
                        ));
                        false
                    }
                },
                None => false,
            };
            (written, found.items)
        })
        .collect();
    let mut pages = 0;
    for (written, found) in results {
        pages += usize::from(written);
        diagnostics.items.extend(found);
    }
    let mut emit = |(path, rendered): (String, Option<String>), diagnostics: &mut Diagnostics| {
        if let Some(html) = rendered {
            put(&path, html.as_bytes(), diagnostics);
            pages += 1;
        }
    };
    for language in 0..languages.len() {
        let home = renderer.home(language, diagnostics);
        emit(home, diagnostics);
        let not_found = renderer.not_found(Some(language), diagnostics);
        emit(not_found, diagnostics);
    }
    let chooser = renderer.chooser(diagnostics);
    emit(chooser, diagnostics);
    let not_found = renderer.not_found(None, diagnostics);
    emit(not_found, diagnostics);
    for (path, text) in renderer.hosting_files() {
        put(path, text.as_bytes(), diagnostics);
    }
    pages
}

/// Message lookup for a page (or, with `None`, the site-wide messages) in
/// one language, falling back to `reference` when given.
fn texts_for<'a>(
    site: &'a Site,
    languages: &'a [Language<'a>],
    reference: Option<usize>,
    language: usize,
    page: Option<usize>,
) -> Texts<'a> {
    let pick = |l: &'a Language<'a>| match page {
        Some(p) => &l.page_bundles[p],
        None => &l.site_bundle,
    };
    let mut chain = vec![pick(&languages[language])];
    if let Some(reference) = reference.filter(|r| *r != language) {
        chain.push(pick(&languages[reference]));
    }
    let lang = languages[language].lang;
    let mut files: Vec<&LocaleFile> = languages[language].site_file.into_iter().collect();
    if let Some(p) = page {
        files.extend(site.locales.get(lang, &site.pages[p].slug));
    }
    Texts::new(chain, files)
}

/// A page's URL segment in a bundle's language: the optional `slug` message
/// of its Fluent file, which must be URL-safe, or the content file's name.
fn translated_slug(bundle: &Bundle, page: &Page, diagnostics: &mut Diagnostics) -> String {
    let Some(pattern) = bundle.get_message("slug").and_then(|m| m.value()) else {
        return page.slug.clone();
    };
    let mut errors = Vec::new();
    let slug = bundle
        .format_pattern(pattern, None, &mut errors)
        .into_owned();
    if errors.is_empty() && content::is_identifier(&slug) {
        return slug;
    }
    // `check` reports the bad slug at its line; here it only must not leak
    // into a path.
    diagnostics.push(Diagnostic::error(
        &page.path,
        format!(
            "the translated slug `{slug}` of page `{}` is not URL-safe",
            page.slug
        ),
    ));
    page.slug.clone()
}

/// Writes the static files and the calculator's WebAssembly module under
/// content-hashed names, through `put`.
fn assets(site: &Site, mut put: impl FnMut(&str, &[u8])) -> AssetNames {
    let mut add = |name: &str, bytes: &[u8]| {
        let hashed = format!("assets/{}", output::hashed_name(name, bytes));
        put(&hashed, bytes);
        hashed
    };
    let mut names = AssetNames {
        css: String::new(),
        script: String::new(),
        wasm: add("backoff.wasm", crate::wasm_module::CALCULATOR_WASM),
        favicon: String::new(),
    };
    for (name, bytes) in &site.static_files {
        let hashed = add(name, bytes);
        match name.as_str() {
            "style.css" => names.css = hashed,
            "calculator.js" => names.script = hashed,
            "favicon.svg" => names.favicon = hashed,
            _ => {}
        }
    }
    names
}

struct Renderer<'a> {
    site: &'a Site,
    assets: AssetNames,
    languages: &'a [Language<'a>],
    /// The language to fall back to, with `--allow-missing`.
    reference: Option<usize>,
}

impl<'a> Renderer<'a> {
    fn texts(&self, language: usize, page: Option<usize>) -> Texts<'a> {
        texts_for(self.site, self.languages, self.reference, language, page)
    }

    /// The path part of the base URL (`/`, or `/repo/` for a site served
    /// below a path): pages served at any URL (404) link from it, staying on
    /// whatever host serves them.
    fn base_path(&self) -> String {
        let base_url = &self.site.config.base_url;
        let after_scheme = base_url
            .split_once("://")
            .map_or(base_url.as_str(), |(_, rest)| rest);
        after_scheme
            .find('/')
            .map_or("/".to_string(), |i| after_scheme[i..].to_string())
    }

    fn url(&self, path: &str) -> String {
        format!("{}{}", self.site.config.base_url, path)
    }

    /// `sitemap.xml`, `robots.txt` and `_headers`.
    fn hosting_files(&self) -> [(&'static str, String); 3] {
        let base_url = &self.site.config.base_url;
        let places: Vec<Place> = std::iter::once(Place::Home)
            .chain((0..self.site.pages.len()).map(Place::Page))
            .collect();
        let sets: Vec<hosting::AlternateSet> = places
            .iter()
            .map(|place| {
                (0..self.languages.len())
                    .map(|l| {
                        (
                            self.languages[l].lang.to_string(),
                            self.url(&self.path_of(l, *place)),
                        )
                    })
                    .collect()
            })
            .collect();
        let mut html_paths = vec!["/".to_string(), "/404.html".to_string()];
        for l in 0..self.languages.len() {
            html_paths.extend(
                places
                    .iter()
                    .map(|place| format!("/{}", self.path_of(l, *place))),
            );
            html_paths.push(format!("/{}/404.html", self.languages[l].lang));
        }
        html_paths.sort();
        [
            ("sitemap.xml", hosting::sitemap(base_url, &sets)),
            ("robots.txt", hosting::robots(base_url)),
            ("_headers", hosting::headers(&html_paths)),
        ]
    }

    /// The path of a place in `language`, relative to the site's root.
    fn path_of(&self, language: usize, place: Place) -> String {
        let lang = self.languages[language].lang;
        match place {
            Place::Root => String::new(),
            Place::Home => format!("{lang}/"),
            Place::Page(i) => format!("{lang}/{}/", self.languages[language].slugs[i]),
        }
    }

    /// The layout of the page at `place` in `language`; `absolute` for pages
    /// served at any URL (404), whose links cannot be relative.
    fn layout(
        &self,
        language: usize,
        place: Place,
        texts: &Texts,
        title: String,
        description: String,
        absolute: bool,
    ) -> Layout {
        let lang = self.languages[language].lang;
        let path = self.path_of(language, place);
        let root = if absolute {
            self.base_path()
        } else {
            "../".repeat(path.matches('/').count())
        };
        let nav = self.languages[language]
            .nav_labels
            .iter()
            .map(|(i, label)| Link {
                href: format!("{root}{}", self.path_of(language, Place::Page(*i))),
                label: label.clone(),
                hreflang: lang.to_string(),
                current: place == Place::Page(*i) && !absolute,
            })
            .collect();
        // A 404 page is no address of its own: no canonical URL, no
        // alternates for search engines.
        let mut alternates: Vec<render::Alternate> = Vec::new();
        if !absolute {
            alternates = (0..self.languages.len())
                .map(|l| render::Alternate {
                    hreflang: self.languages[l].lang.to_string(),
                    url: self.url(&self.path_of(l, place)),
                })
                .collect();
            alternates.push(render::Alternate {
                hreflang: "x-default".into(),
                url: self.url(""),
            });
        }
        let switcher = if place == Place::Root {
            Vec::new()
        } else {
            (0..self.languages.len())
                .map(|l| {
                    let other = &self.languages[l];
                    Link {
                        href: format!("{root}{}", self.path_of(l, place)),
                        label: Texts::new(
                            vec![&other.site_bundle],
                            other.site_file.into_iter().collect(),
                        )
                        .get("language-name", None),
                        hreflang: other.lang.to_string(),
                        current: other.lang == lang,
                    }
                })
                .collect()
        };
        let footer = format!(
            "{}\n{}",
            render::block(texts, "footer-privacy", texts.get("footer-privacy", None)),
            render::block(texts, "footer-json", texts.get("footer-json", None))
        );
        let site_name = texts.get("site-name", None);
        let full_title = if title == site_name {
            title
        } else {
            format!("{title} — {site_name}")
        };
        Layout {
            lang: lang.to_string(),
            csp: render::CSP,
            title: full_title,
            description,
            canonical: (!absolute).then(|| self.url(&path)),
            alternates,
            og_locale: intl::og_locale(lang),
            og_alternates: self
                .languages
                .iter()
                .filter(|l| l.lang != lang)
                .map(|l| intl::og_locale(l.lang))
                .collect(),
            json_ld: None,
            root: root.clone(),
            assets: self.assets.clone(),
            skip_label: texts.get("skip-to-content", None),
            site_name,
            home_href: format!("{root}{}", self.path_of(language, Place::Home)),
            nav,
            switcher_label: texts.get("language-switcher-label", None),
            switcher,
            footer_html: footer,
        }
    }

    /// The page's HTML, once its text problems are recorded; `None` when
    /// the template failed.
    fn finish(
        &self,
        rendered: Result<String, Diagnostic>,
        texts: Texts,
        diagnostics: &mut Diagnostics,
    ) -> Option<String> {
        for problem in texts.into_problems() {
            diagnostics.push(problem);
        }
        rendered.map_err(|d| diagnostics.push(d)).ok()
    }

    /// An explainer page: its file path and HTML.
    fn explainer(
        &self,
        language: usize,
        page_index: usize,
        diagnostics: &mut Diagnostics,
    ) -> (String, Option<String>) {
        let page = &self.site.pages[page_index];
        let lang = self.languages[language].lang;
        let texts = self.texts(language, Some(page_index));
        let path = self.path_of(language, Place::Page(page_index));
        let title = texts.get("title", None);
        let layout = self.layout(
            language,
            Place::Page(page_index),
            &texts,
            title.clone(),
            texts.get("description", None),
            false,
        );
        let home_texts = self.texts(language, None);
        let input = render::ExplainerInput {
            breadcrumb: vec![
                (
                    home_texts.get("home-title", None),
                    self.url(&self.path_of(language, Place::Home)),
                ),
                (title.clone(), self.url(&path)),
            ],
            page,
            texts: &texts,
            intl: &self.languages[language].intl,
            lang,
            assets: &self.assets,
        };
        let rendered = render::explainer(&input, layout, title);
        (
            format!("{path}index.html"),
            self.finish(rendered, texts, diagnostics),
        )
    }

    /// A language's home page: its file path and HTML.
    fn home(&self, language: usize, diagnostics: &mut Diagnostics) -> (String, Option<String>) {
        let texts = self.texts(language, None);
        let path = self.path_of(language, Place::Home);
        let title = texts.get("home-title", None);
        let layout = self.layout(
            language,
            Place::Home,
            &texts,
            title.clone(),
            texts.get("home-description", None),
            false,
        );
        let pages = (0..self.site.pages.len())
            .map(|i| {
                let page_texts = self.texts(language, Some(i));
                render::PageLink {
                    href: format!("{}/", self.languages[language].slugs[i]),
                    label: page_texts.get("title", None),
                    description: page_texts.get("description", None),
                }
            })
            .collect();
        let view = render::HomePage {
            layout,
            title,
            intro_html: render::block(&texts, "home-intro", texts.get("home-intro", None)),
            pages_heading: texts.get("home-pages-heading", None),
            pages,
        };
        let rendered = askama::Template::render(&view)
            .map_err(|e| Diagnostic::error(Path::new("templates/home.html"), e.to_string()));
        (
            format!("{path}index.html"),
            self.finish(rendered, texts, diagnostics),
        )
    }

    /// The root language chooser: its file path and HTML.
    fn chooser(&self, diagnostics: &mut Diagnostics) -> (String, Option<String>) {
        let Some(reference) = self
            .languages
            .iter()
            .position(|l| *l.lang == self.site.config.reference)
        else {
            return (String::new(), None);
        };
        let texts = self.texts(reference, None);
        let layout = self.layout(
            reference,
            Place::Root,
            &texts,
            texts.get("site-name", None),
            texts.get("home-description", None),
            false,
        );
        let choices = (0..self.languages.len())
            .map(|i| {
                let l = &self.languages[i];
                let own = Texts::new(vec![&l.site_bundle], l.site_file.into_iter().collect());
                render::Choice {
                    lang: l.lang.to_string(),
                    href: self.path_of(i, Place::Home),
                    name: own.get("language-name", None),
                    prompt: own.get("home-description", None),
                }
            })
            .collect();
        let view = render::ChooserPage { layout, choices };
        let rendered = askama::Template::render(&view)
            .map_err(|e| Diagnostic::error(Path::new("templates/chooser.html"), e.to_string()));
        (
            "index.html".into(),
            self.finish(rendered, texts, diagnostics),
        )
    }

    /// A language's 404 page, or with `None` the root one (in the reference
    /// language, linking every language's home page).
    fn not_found(
        &self,
        language: Option<usize>,
        diagnostics: &mut Diagnostics,
    ) -> (String, Option<String>) {
        let Some(index) = language.or_else(|| {
            self.languages
                .iter()
                .position(|l| *l.lang == self.site.config.reference)
        }) else {
            return (String::new(), None);
        };
        let lang = self.languages[index].lang;
        let texts = self.texts(index, None);
        let path = match language {
            Some(_) => format!("{lang}/404.html"),
            None => "404.html".to_string(),
        };
        let title = texts.get("not-found-title", None);
        let layout = self.layout(
            index,
            Place::Home,
            &texts,
            title.clone(),
            texts.get("home-description", None),
            true,
        );
        let links = (0..self.languages.len())
            .filter(|i| language.is_none() || *i == index)
            .map(|i| (i, &self.languages[i]))
            .map(|(i, l)| Link {
                href: format!("{}{}", self.base_path(), self.path_of(i, Place::Home)),
                label: Texts::new(vec![&l.site_bundle], l.site_file.into_iter().collect())
                    .get("home-title", None),
                hreflang: l.lang.to_string(),
                current: false,
            })
            .collect();
        let view = render::NotFoundPage {
            layout,
            title,
            text_html: render::block(&texts, "not-found-text", texts.get("not-found-text", None)),
            links,
        };
        let rendered = askama::Template::render(&view)
            .map_err(|e| Diagnostic::error(Path::new("templates/not_found.html"), e.to_string()));
        let html = self.finish(rendered, texts, diagnostics);
        (path, html)
    }
}
