//! One page unit: a page's Fluent files, one per language, read when the
//! page is rendered and dropped after (a large site is never in memory as a
//! whole, and each file is parsed once). This module reads them, compares
//! each translation with the reference language, lints them, and gives the
//! message lookup ([`Texts`]) of the page in each language.
//!
//! It never renders HTML and never decides a URL.

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::site::check;
use crate::site::format::texts::Texts;
use crate::site::load::locales::{self, Bundle, LocaleFile};
use crate::site::pages::context::Renderer;

/// One page's Fluent files, one per language (in `config.languages` order).
pub struct Unit {
    pub files: Vec<Option<LocaleFile>>,
    /// Whether reading and linting the files found no error.
    pub sound: bool,
}

/// What the rest of the site needs of a page once it is rendered, per
/// language: its URL segment, title and description (the home pages list
/// them) and navigation label.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct PageMeta {
    pub slugs: Vec<String>,
    pub titles: Vec<String>,
    pub descriptions: Vec<String>,
    pub nav_labels: Vec<String>,
}

impl Unit {
    /// Reads page `i`'s files in every language, compares them with the
    /// reference language and lints them.
    pub fn load(r: &Renderer, i: usize, diagnostics: &mut Diagnostics) -> Unit {
        let page = &r.site.pages[i];
        let config = &r.site.config;
        let mut found = Diagnostics::default();
        let files =
            locales::load_page_files(&r.site.root, &config.languages, &page.slug, &mut found);
        let formulas = page.argument_names();
        let reference_path = locales::file_path(&config.reference, &page.slug);
        match &files[r.reference] {
            // The folder is missing, or the file is there but was refused:
            // reported while loading.
            None if r.site.locales.unreadable.contains(&config.reference)
                || std::fs::symlink_metadata(r.site.root.join(&reference_path)).is_ok() => {}
            None => found.push(
                Diagnostic::error(
                    &page.path,
                    format!(
                        "the page has no text: {} is missing",
                        reference_path.display()
                    ),
                )
                .with_hint("every content file needs a Fluent file of the same name"),
            ),
            Some(reference) => {
                for (l, lang) in config.languages.iter().enumerate() {
                    if l == r.reference || r.site.locales.unreadable.contains(lang) {
                        continue;
                    }
                    let translation = files[l].as_ref();
                    locales::compare_file(
                        &r.site.root,
                        config,
                        reference,
                        lang,
                        translation,
                        r.mode.allow_missing,
                        &mut found,
                    );
                }
            }
        }
        for (l, file) in files.iter().enumerate() {
            let Some(file) = file else { continue };
            let reference = files[r.reference].as_ref().filter(|_| l != r.reference);
            let provided = |id: &str| crate::site::pages::message_variables(id, &formulas);
            check::lint_file(file, reference, &provided, &r.categories, &mut found);
            check::lint_text(
                file,
                reference,
                &r.site.typography,
                &r.site.glossaries,
                &mut found,
            );
            if let Err(bad_slug) = check::translated_slug(file) {
                found.push(bad_slug);
            }
        }
        let sound = !found.has_errors();
        diagnostics.items.extend(found.items);
        Unit { files, sound }
    }

    /// One bundle per language: the site-wide file and the page's.
    pub fn bundles<'u>(
        &'u self,
        r: &Renderer<'u>,
        diagnostics: &mut Diagnostics,
    ) -> Vec<Bundle<'u>> {
        r.languages
            .iter()
            .zip(&self.files)
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

    /// Message lookup for the page in one language, falling back to the
    /// fallback language when the mode allows.
    pub fn texts<'u>(
        &'u self,
        r: &Renderer<'u>,
        language: usize,
        bundles: &'u [Bundle<'u>],
    ) -> Texts<'u> {
        let mut chain = vec![&bundles[language]];
        if let Some(fallback) = r.fallback.filter(|f| *f != language) {
            chain.push(&bundles[fallback]);
        }
        let files = r.languages[language]
            .site_file
            .into_iter()
            .chain(self.files[language].as_ref())
            .collect();
        let texts = Texts::new(chain, files);
        if self.files[language].is_none() {
            texts.page_file_absent()
        } else {
            texts
        }
    }

    /// Page `i`'s URL segments, titles, descriptions and navigation labels.
    /// Problems of these messages are reported when the page renders.
    pub fn meta<'u>(&'u self, r: &Renderer<'u>, i: usize, bundles: &'u [Bundle<'u>]) -> PageMeta {
        let mut meta = PageMeta::default();
        for language in 0..r.languages.len() {
            let slug = self.files[language]
                .as_ref()
                .and_then(|file| check::translated_slug(file).ok().flatten())
                .unwrap_or_else(|| r.site.pages[i].slug.clone());
            let texts = self.texts(r, language, bundles);
            meta.slugs.push(slug);
            meta.titles.push(texts.get("title", None));
            meta.descriptions.push(texts.get("description", None));
            meta.nav_labels.push(texts.get("nav-label", None));
        }
        meta
    }
}
