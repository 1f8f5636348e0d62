//! The site pipeline: load → check → render → write.
//!
//! [`load`] reads `site.toml`, `content/`, the site-wide Fluent files and
//! `static/`, and reports every problem it finds as a diagnostic;
//! [`render()`] then takes the pages one at a time (each page's Fluent files in
//! every language, read, compared, linted and rendered, in parallel) and
//! hands every file to a [`Sink`]; [`build`] renders into a staging folder
//! and swaps it into the output folder only when nothing failed; [`check()`]
//! renders into nothing, for the problems alone.

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

use std::collections::HashMap;
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
        let known = intl::plural_rules(lang).is_ok();
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
    let locales = locales::load_site_files(root, &config, diagnostics);
    // Names of content files, loaded or not, so that a broken definition
    // does not also make its Fluent files look unused.
    let content_names = content_names(root);
    let names: std::collections::BTreeSet<&str> =
        content_names.iter().map(String::as_str).collect();
    locales::compare_site_files(root, &locales, &config, &names, allow_missing, diagnostics);
    let site = Site {
        root: root.to_path_buf(),
        config,
        pages,
        locales,
        static_files,
    };
    let categories = check::categories(&site);
    for file in &site.locales.files {
        let reference = site
            .locales
            .get(&site.config.reference, &file.name)
            .filter(|r| r.lang != file.lang);
        check::lint_file(file, reference, &[], &categories, diagnostics);
    }
    Some(site)
}

/// The names of the files in `content/`, whether they parse or not.
fn content_names(root: &Path) -> Vec<String> {
    std::fs::read_dir(root.join("content"))
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "toml"))
                .filter_map(|p| p.file_stem().and_then(|s| s.to_str()).map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
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
    // Refused from the paths alone, then claimed (locked and checked to
    // hold only the build's files) before any work: from here on the output
    // changes only by this build's hand, so a failure can say it is unchanged.
    let claim = match output::resolve_output(&options.root, &options.out)
        .and_then(|_| output::Claim::take(&options.out))
    {
        Ok(claim) => claim,
        Err(refusal) => {
            diagnostics.push(refusal_diagnostic(&options.out, refusal));
            return Err(fail(diagnostics));
        }
    };
    let mut site = load(&options.root, options.allow_missing, &mut diagnostics);
    if let (Some(site), Some(base_url)) = (&mut site, &options.base_url) {
        site.config.base_url = base_url.clone();
    }
    let Some(site) = site.filter(|_| !diagnostics.has_errors()) else {
        return Err(fail(diagnostics));
    };
    // Holds the output's lock until it is committed or dropped.
    let staging = match output::Staging::in_claim(claim) {
        Ok(staging) => staging,
        Err(refusal) => {
            diagnostics.push(refusal_diagnostic(&options.out, refusal));
            return Err(fail(diagnostics));
        }
    };
    let mode = Mode {
        allow_missing: options.allow_missing,
        checking: false,
    };
    let pages = render(&site, mode, &staging, &mut diagnostics);
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

/// An output folder refused, as a diagnostic about that folder.
fn refusal_diagnostic(out: &Path, refusal: output::Refusal) -> Diagnostic {
    let diagnostic = Diagnostic::error(out, refusal.message);
    match refusal.hint {
        Some(hint) => diagnostic.with_hint(hint),
        None => diagnostic,
    }
}

/// Everything `build` checks, without writing anything: loading, the lints
/// of `check`, and a full render in memory (which reports Markdown, LaTeX
/// and formatting problems).
pub fn check(root: &Path) -> Vec<Diagnostic> {
    let mut diagnostics = Diagnostics::default();
    if let Some(site) = load(root, false, &mut diagnostics) {
        let mode = Mode {
            allow_missing: false,
            checking: true,
        };
        render(&site, mode, &output::Discard, &mut diagnostics);
    }
    diagnostics.sorted()
}

thread_local! {
    /// Each rendering thread's page buffer, reused from page to page.
    static PAGE_BUFFER: std::cell::RefCell<String> = std::cell::RefCell::new(String::with_capacity(64 * 1024));
}

/// How a render treats missing text and broken pages.
#[derive(Clone, Copy, Debug)]
pub struct Mode {
    /// Missing messages are warnings, and the reference text stands in.
    pub allow_missing: bool,
    /// Rendering only to find problems (`check`): every page is rendered,
    /// even one whose files have errors, with the reference text to fall
    /// back on, so that one problem does not hide the next.
    pub checking: bool,
}

impl Mode {
    fn fallback(self) -> bool {
        self.allow_missing || self.checking
    }
}

/// One language's formatters and site-wide messages.
struct Language<'a> {
    lang: &'a LanguageIdentifier,
    intl: Intl,
    site_file: Option<&'a LocaleFile>,
    site_bundle: Bundle<'a>,
}

/// One page's Fluent files, one per language (in `config.languages` order),
/// read when the page is rendered and dropped after: a large site is never
/// in memory as a whole, and each file is parsed once.
struct Unit {
    files: Vec<Option<LocaleFile>>,
    /// Whether reading and linting the files found no error.
    sound: bool,
}

/// What the rest of the site needs of a page once it is rendered, per
/// language: its URL segment, title and description (the home pages list
/// them) and navigation label.
#[derive(Clone, Debug, Default)]
struct PageMeta {
    slugs: Vec<String>,
    titles: Vec<String>,
    descriptions: Vec<String>,
    nav_labels: Vec<String>,
}

/// Where a page sits in the site; an explainer carries its index and its
/// URL segment in every language.
#[derive(Clone, Copy)]
enum Place<'p> {
    Root,
    Home,
    Page(usize, &'p [String]),
}

/// Renders every page of every language, plus the root pages, assets and
/// hosting files, handing each file to `sink` as soon as it is ready.
/// Explainer pages are read, checked and rendered page by page, in
/// parallel; their bytes do not depend on the order. Returns the number of
/// HTML pages.
pub fn render(site: &Site, mode: Mode, sink: &dyn Sink, diagnostics: &mut Diagnostics) -> usize {
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
                return 0;
            }
        };
        let site_file = site.locales.get(lang, locales::SITE_FILE);
        let site_bundle = locales::bundle(
            lang,
            &site_file.into_iter().collect::<Vec<_>>(),
            diagnostics,
        );
        languages.push(Language {
            lang,
            intl,
            site_file,
            site_bundle,
        });
    }
    let reference = languages
        .iter()
        .position(|l| *l.lang == site.config.reference);
    let mut renderer = Renderer {
        site,
        assets,
        languages: &languages,
        reference: if mode.fallback() { reference } else { None },
        reference_index: reference.unwrap_or(0),
        mode,
        categories: check::categories(site),
        nav: Vec::new(),
    };

    // The pages in the navigation appear on every page: read them first and
    // keep them, so that every page can link to them by name.
    let mut nav_units = Vec::new();
    for i in (0..site.pages.len()).filter(|&i| site.pages[i].in_nav) {
        let unit = renderer.load_unit(i, diagnostics);
        // Bundle problems are reported when the page itself renders.
        let meta = renderer.meta(
            i,
            &unit,
            &renderer.bundles(&unit, &mut Diagnostics::default()),
        );
        renderer.nav.push((i, meta));
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
                    loaded = renderer.load_unit(i, &mut found);
                    &loaded
                }
            };
            let (meta, written) = renderer.render_unit(i, unit, sink, &mut found);
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

    let mut emit = |(path, rendered): (String, Option<String>), diagnostics: &mut Diagnostics| {
        if let Some(html) = rendered {
            put(&path, html.as_bytes(), diagnostics);
            pages += 1;
        }
    };
    for language in 0..languages.len() {
        let home = renderer.home(language, &metas, diagnostics);
        emit(home, diagnostics);
        let not_found = renderer.not_found(Some(language), diagnostics);
        emit(not_found, diagnostics);
    }
    let chooser = renderer.chooser(diagnostics);
    emit(chooser, diagnostics);
    let not_found = renderer.not_found(None, diagnostics);
    emit(not_found, diagnostics);
    renderer.hosting_files(&metas, |path, text| put(path, text.as_bytes(), diagnostics));
    pages
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
                    &Path::new("locales")
                        .join(language.lang.to_string())
                        .join(format!("{}.ftl", page.slug)),
                    format!(
                        "pages `{other}` and `{}` both use the slug `{slug}` in `{}`",
                        page.slug, language.lang
                    ),
                ));
            }
        }
    }
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
    /// The language to fall back to for missing text, if any.
    reference: Option<usize>,
    /// The reference language, which every other is compared with.
    reference_index: usize,
    mode: Mode,
    categories: check::Categories,
    /// The pages in the navigation, in order.
    nav: Vec<(usize, PageMeta)>,
}

impl<'a> Renderer<'a> {
    /// Reads page `i`'s files in every language, compares them with the
    /// reference language and lints them.
    fn load_unit(&self, i: usize, diagnostics: &mut Diagnostics) -> Unit {
        let page = &self.site.pages[i];
        let config = &self.site.config;
        let mut found = Diagnostics::default();
        let files =
            locales::load_page_files(&self.site.root, &config.languages, &page.slug, &mut found);
        let formulas: Vec<String> = page.formulas.iter().map(|(name, _)| name.clone()).collect();
        let reference_path = Path::new("locales")
            .join(config.reference.to_string())
            .join(format!("{}.ftl", page.slug));
        match &files[self.reference_index] {
            // The folder is missing, or the file is there but was refused:
            // reported while loading.
            None if self.site.locales.unreadable.contains(&config.reference)
                || std::fs::symlink_metadata(self.site.root.join(&reference_path)).is_ok() => {}
            None => found.push(
                Diagnostic::error(
                    &page.path,
                    format!(
                        "the page has no text: locales/{}/{}.ftl is missing",
                        config.reference, page.slug
                    ),
                )
                .with_hint("every content file needs a Fluent file of the same name"),
            ),
            Some(reference) => {
                for (l, lang) in config.languages.iter().enumerate() {
                    if l == self.reference_index || self.site.locales.unreadable.contains(lang) {
                        continue;
                    }
                    let translation = files[l].as_ref();
                    locales::compare_file(
                        &self.site.root,
                        config,
                        reference,
                        lang,
                        translation,
                        self.mode.allow_missing,
                        &mut found,
                    );
                }
            }
        }
        for (l, file) in files.iter().enumerate() {
            let Some(file) = file else { continue };
            let reference = files[self.reference_index]
                .as_ref()
                .filter(|_| l != self.reference_index);
            check::lint_file(file, reference, &formulas, &self.categories, &mut found);
            if let Err(bad_slug) = check::translated_slug(file) {
                found.push(bad_slug);
            }
        }
        let sound = !found.has_errors();
        diagnostics.items.extend(found.items);
        Unit { files, sound }
    }

    /// One bundle per language for a page: the site-wide file and the page's.
    fn bundles<'u>(&self, unit: &'u Unit, diagnostics: &mut Diagnostics) -> Vec<Bundle<'u>>
    where
        'a: 'u,
    {
        self.languages
            .iter()
            .zip(&unit.files)
            .map(|(language, file)| {
                let files: Vec<&LocaleFile> = language
                    .site_file
                    .into_iter()
                    .chain(file.as_ref())
                    .collect();
                locales::bundle(language.lang, &files, diagnostics)
            })
            .collect()
    }

    /// Message lookup for a page in one language, falling back to the
    /// reference language when the mode allows.
    fn page_texts<'u>(
        &self,
        language: usize,
        unit: &'u Unit,
        bundles: &'u [Bundle<'u>],
    ) -> Texts<'u>
    where
        'a: 'u,
    {
        let mut chain = vec![&bundles[language]];
        if let Some(reference) = self.reference.filter(|r| *r != language) {
            chain.push(&bundles[reference]);
        }
        let files = self.languages[language]
            .site_file
            .into_iter()
            .chain(unit.files[language].as_ref())
            .collect();
        let texts = Texts::new(chain, files);
        if unit.files[language].is_none() {
            texts.page_file_absent()
        } else {
            texts
        }
    }

    /// Message lookup for the site-wide messages of one language.
    fn site_texts(&self, language: usize) -> Texts<'a> {
        let mut chain = vec![&self.languages[language].site_bundle];
        if let Some(reference) = self.reference.filter(|r| *r != language) {
            chain.push(&self.languages[reference].site_bundle);
        }
        Texts::new(
            chain,
            self.languages[language].site_file.into_iter().collect(),
        )
    }

    /// A page's URL segments, titles, descriptions and navigation labels.
    /// Problems of these messages are reported when the page renders.
    fn meta<'u>(&self, i: usize, unit: &'u Unit, bundles: &'u [Bundle<'u>]) -> PageMeta
    where
        'a: 'u,
    {
        let mut meta = PageMeta::default();
        for language in 0..self.languages.len() {
            let slug = unit.files[language]
                .as_ref()
                .and_then(|file| check::translated_slug(file).ok().flatten())
                .unwrap_or_else(|| self.site.pages[i].slug.clone());
            let texts = self.page_texts(language, unit, bundles);
            meta.slugs.push(slug);
            meta.titles.push(texts.get("title", None));
            meta.descriptions.push(texts.get("description", None));
            meta.nav_labels.push(texts.get("nav-label", None));
        }
        meta
    }

    /// Renders page `i` in every language into `sink`; returns what the
    /// site needs to know of it and how many files were written.
    fn render_unit(
        &self,
        i: usize,
        unit: &Unit,
        sink: &dyn Sink,
        diagnostics: &mut Diagnostics,
    ) -> (PageMeta, usize) {
        let bundles = self.bundles(unit, diagnostics);
        let meta = self.meta(i, unit, &bundles);
        // A page whose files have errors would only add confusion; the build
        // fails on those errors anyway. `check` renders it regardless, for
        // the problems rendering finds.
        if !unit.sound && !self.mode.checking {
            return (meta, 0);
        }
        let mut written = 0;
        PAGE_BUFFER.with_borrow_mut(|buffer| {
            for language in 0..self.languages.len() {
                let texts = self.page_texts(language, unit, &bundles);
                let Some(path) = self.explainer(language, i, &meta, texts, buffer, diagnostics)
                else {
                    continue;
                };
                match sink.put(&path, buffer.as_bytes()) {
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

    /// The sitemap files, `robots.txt` and `_headers`, each handed to `put`.
    fn hosting_files(&self, metas: &[PageMeta], mut put: impl FnMut(&str, &str)) {
        let base_url = &self.site.config.base_url;
        let places: Vec<Place> = std::iter::once(Place::Home)
            .chain(
                metas
                    .iter()
                    .enumerate()
                    .map(|(i, meta)| Place::Page(i, &meta.slugs)),
            )
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
        hosting::sitemaps(base_url, &sets, &mut put);
        let languages: Vec<String> = self.languages.iter().map(|l| l.lang.to_string()).collect();
        put("robots.txt", &hosting::robots(base_url));
        put("_headers", &hosting::headers(&languages));
    }

    /// The path of a place in `language`, relative to the site's root.
    fn path_of(&self, language: usize, place: Place) -> String {
        let lang = self.languages[language].lang;
        match place {
            Place::Root => String::new(),
            Place::Home => format!("{lang}/"),
            Place::Page(_, slugs) => format!("{lang}/{}/", slugs[language]),
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
        let current = match place {
            Place::Page(i, _) if !absolute => Some(i),
            _ => None,
        };
        let nav = self
            .nav
            .iter()
            .map(|(i, meta)| Link {
                href: format!(
                    "{root}{}",
                    self.path_of(language, Place::Page(*i, &meta.slugs))
                ),
                label: meta.nav_labels[language].clone(),
                hreflang: lang.to_string(),
                current: current == Some(*i),
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
        let switcher = if matches!(place, Place::Root) {
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

    /// The rendered page, once its text problems are recorded; `None` when
    /// the template failed.
    fn finish<T>(
        &self,
        rendered: Result<T, Diagnostic>,
        texts: Texts,
        diagnostics: &mut Diagnostics,
    ) -> Option<T> {
        for problem in texts.into_problems() {
            diagnostics.push(problem);
        }
        rendered.map_err(|d| diagnostics.push(d)).ok()
    }

    /// Renders an explainer page into `buffer`; returns its file path, or
    /// `None` (with the problem recorded) when the template failed.
    fn explainer(
        &self,
        language: usize,
        i: usize,
        meta: &PageMeta,
        texts: Texts,
        buffer: &mut String,
        diagnostics: &mut Diagnostics,
    ) -> Option<String> {
        let page = &self.site.pages[i];
        let lang = self.languages[language].lang;
        let place = Place::Page(i, &meta.slugs);
        let path = self.path_of(language, place);
        let title = texts.get("title", None);
        let layout = self.layout(
            language,
            place,
            &texts,
            title.clone(),
            texts.get("description", None),
            false,
        );
        let home_title = self.site_texts(language).get("home-title", None);
        let input = render::ExplainerInput {
            breadcrumb: vec![
                (home_title, self.url(&self.path_of(language, Place::Home))),
                (title.clone(), self.url(&path)),
            ],
            page,
            texts: &texts,
            intl: &self.languages[language].intl,
            lang,
            assets: &self.assets,
        };
        buffer.clear();
        let rendered = render::explainer(&input, layout, title, buffer);
        self.finish(rendered, texts, diagnostics)
            .map(|()| format!("{path}index.html"))
    }

    /// A language's home page: its file path and HTML.
    fn home(
        &self,
        language: usize,
        metas: &[PageMeta],
        diagnostics: &mut Diagnostics,
    ) -> (String, Option<String>) {
        let texts = self.site_texts(language);
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
        let pages = metas
            .iter()
            .map(|meta| render::PageLink {
                href: format!("{}/", meta.slugs[language]),
                label: meta.titles[language].clone(),
                description: meta.descriptions[language].clone(),
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
        let reference = self.reference_index;
        let texts = self.site_texts(reference);
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
                let own = self.site_texts(i);
                render::Choice {
                    lang: self.languages[i].lang.to_string(),
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
        let index = language.unwrap_or(self.reference_index);
        let lang = self.languages[index].lang;
        let texts = self.site_texts(index);
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
            .map(|i| Link {
                href: format!("{}{}", self.base_path(), self.path_of(i, Place::Home)),
                label: self.site_texts(i).get("home-title", None),
                hreflang: self.languages[i].lang.to_string(),
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
