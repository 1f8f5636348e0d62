//! The calculator's costliest parts, built once per key and shared by every
//! page with that key: the data island's JSON (and its shared half's
//! asset), the schedule chart, the
//! many-clients chart and the "as code" part. On a large site most pages
//! share a handful of calculator profiles, and these parts were a quarter
//! of a page's rendering.
//!
//! The parts depend on the language, the page's calculator profile, the way
//! to the site's root (the island names the modules by path) and the words
//! of the calculator's messages. A page's own file can define no message
//! the site-wide file defines (the site-wide file's wins, and the page's is
//! an error: `locales::bundle`), so parts built from the site-wide messages
//! alone are the page's parts exactly, provided that the site-wide file
//! gave every message they read without a problem. They are built so, with
//! the language's site-wide bundle only (no fallback), and kept only when
//! that found no problem; otherwise the key is marked, and each page with
//! it builds its parts from its own messages, so that each reports its own
//! problems against its own files as before. The "as code" data depends
//! on the words alone, not on the profile: it is made once per language,
//! by the first sound build of that language's parts. It and the data's
//! shared half (`island::Shared`) are no part of the page but assets the
//! script fetches, under content-hashed names, so that a reader's browser
//! fetches each once for every page of a language, and pages whose halves
//! are equal name one file. The cache keeps every such asset made in the
//! render, by name, for the render stage to write ([`Cache::assets`]).
//!
//! It decides nothing about the parts themselves (`island.rs`, `figures`,
//! `herd.rs`, `as_code.rs`, `presets.rs` do) and never writes a file.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, Mutex};

use unic_langid::LanguageIdentifier;

use crate::backoff::Schedule;
use crate::presets::Preset;
use crate::site::format::duration;
use crate::site::format::intl::{Intl, NumberSymbols};
use crate::site::format::json::script_json;
use crate::site::format::texts::{Language, Texts};
use crate::site::load::content::CalculatorProfile;
use crate::site::sections::calculator::as_code::{self, AsCodeView};
use crate::site::sections::calculator::presets::{self, PresetsView};
use crate::site::sections::calculator::schedule::{self, Headers};
use crate::site::sections::calculator::{herd, island};

/// At most this many keys are kept: a site whose pages all have profiles
/// of their own gains nothing from the cache, and must not keep every
/// page's parts in memory (some 40 KB each).
const MAX_KEYS: usize = 1024;

/// The shared parts of one key.
pub struct Parts {
    /// The island's JSON, safe to place inside `<script>`.
    pub data_json: String,
    /// The name of the island's shared half's asset, from the site's root.
    pub shared_asset: String,
    pub chart_html: String,
    pub herd_html: String,
    pub as_code: AsCodeView,
    pub presets: Option<PresetsView>,
}

/// The parts built so far in one render, by key; `None` marks a key whose
/// site-wide messages had a problem, whose pages build their own parts.
/// The "as code" island depends on the language's words alone, so it is
/// kept once per language (by index), from the first sound build.
#[derive(Default)]
pub struct Cache {
    entries: Mutex<HashMap<String, Option<Arc<Parts>>>>,
    /// Each language's sound "as code" data, as its asset's name.
    code_islands: Mutex<HashMap<usize, String>>,
    /// Every data asset made, by its name: the sound ones and those of
    /// pages with problems of their own.
    assets: Mutex<BTreeMap<String, Arc<str>>>,
    /// The assets each page's parts name, by page index.
    named: Mutex<HashMap<usize, BTreeSet<String>>>,
}

impl Cache {
    /// `json` as an asset named after `file` (`calc-code.json`): its
    /// content-hashed name, relative to the site's root, kept for the
    /// render stage to write.
    fn asset(&self, file: &str, json: String) -> String {
        let name = format!(
            "assets/{}",
            crate::site::urls::hashed_name(file, json.as_bytes())
        );
        self.assets
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(name.clone())
            .or_insert_with(|| Arc::from(json));
        name
    }

    /// The data assets the parts of page `page` name, in name order.
    pub fn assets_of(&self, page: usize) -> Vec<String> {
        self.named
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&page)
            .map(|names| names.iter().cloned().collect())
            .unwrap_or_default()
    }

    /// Every data asset the render made, by name, in name order.
    pub fn assets(&self) -> BTreeMap<String, Arc<str>> {
        self.assets
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

/// What one page's calculator is built with: the render's cache and the
/// language's site-wide messages.
pub struct Source<'a> {
    pub cache: &'a Cache,
    /// The page's index, under which the assets its parts name are noted.
    pub page: usize,
    pub language: usize,
    pub site: &'a Language<'a>,
    /// The notations of the site's other languages.
    pub other_numbers: Vec<&'a NumberSymbols>,
    /// The address of the retry-storms page from this one, when the site
    /// has one in its navigation: the cost's note links it.
    pub storms_href: Option<String>,
}

/// What the parts are computed from, besides the messages.
pub struct Inputs<'a> {
    pub profile: &'a CalculatorProfile,
    pub intl: &'a Intl,
    pub lang: &'a LanguageIdentifier,
    /// The site's presets, the same for every page of a render.
    pub library_presets: &'a [Preset],
    /// The island's modules, by their paths from the page.
    pub modules: [String; 3],
    /// The way from the page to the site's root, for the island to name
    /// the shared data's asset.
    pub root: &'a str,
}

/// Builds the parts of `inputs` with the messages of `texts`; `code_island`
/// is the name of the "as code" data asset already made with the same
/// messages, if any; a new one is added to `cache`.
fn build(
    texts: &Texts,
    inputs: &Inputs,
    other_numbers: &[&NumberSymbols],
    code_island: Option<&str>,
    cache: &Cache,
) -> Parts {
    let Inputs {
        profile,
        intl,
        lang,
        ..
    } = *inputs;
    let defaults = &profile.defaults;
    let schedule = Schedule::new(*defaults).expect("validated when loaded");
    let unit_label = duration::unit_label(profile.unit, texts);
    let headers = Headers::new(texts);
    let presets = presets::view(inputs.library_presets, profile.zero_max, texts, |island| {
        cache.asset("calc-presets.json", script_json(island))
    });
    let shared = island::shared(profile, texts, intl, other_numbers, &headers);
    let shared_asset = cache.asset("calc-shared.json", script_json(&shared));
    let island = island::island(
        profile,
        texts,
        lang,
        inputs.modules.clone(),
        format!("{}{shared_asset}", inputs.root),
    );
    Parts {
        data_json: script_json(&island),
        shared_asset,
        chart_html: schedule::chart_html(
            &schedule,
            intl,
            &unit_label,
            profile.unit,
            &island::chart_words(texts),
        ),
        herd_html: herd::html(defaults, intl, profile.unit, &unit_label, texts),
        as_code: {
            let comments = as_code::CommentTexts::new(texts);
            let island = match code_island {
                Some(name) => name.to_string(),
                None => cache.asset("calc-code.json", as_code::island_json(texts, &comments)),
            };
            as_code::view(defaults, profile.unit, texts, intl, &comments, island)
        },
        presets,
    }
}

impl Source<'_> {
    /// The parts for `inputs`, from the cache, or built with the site-wide
    /// messages (and kept), or, where those had a problem, built with the
    /// page's own `texts`.
    pub fn parts(&self, inputs: &Inputs, texts: &Texts) -> Arc<Parts> {
        let parts = self.find_or_build(inputs, texts);
        self.cache
            .named
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(self.page)
            .or_default()
            .extend(
                [&parts.shared_asset, &parts.as_code.data_asset]
                    .into_iter()
                    .chain(parts.presets.as_ref().map(|p| &p.data_asset))
                    .cloned(),
            );
        parts
    }

    fn find_or_build(&self, inputs: &Inputs, texts: &Texts) -> Arc<Parts> {
        // The profile's `Debug` form names every field, and writes each
        // double so that it reads back to the same bits.
        let key = format!(
            "{}\u{0}{}\u{0}{}\u{0}{:?}",
            self.language,
            inputs.root,
            inputs.modules.join("\u{0}"),
            inputs.profile
        );
        let known = self.lock().get(&key).cloned();
        match known {
            Some(Some(parts)) => parts,
            Some(None) => Arc::new(build(texts, inputs, &self.other_numbers, None, self.cache)),
            None => {
                let site = Texts::new(
                    vec![&self.site.site_bundle],
                    self.site.site_file.into_iter().collect(),
                );
                let island = self.islands().get(&self.language).cloned();
                let parts = build(
                    &site,
                    inputs,
                    &self.other_numbers,
                    island.as_deref(),
                    self.cache,
                );
                let sound = site.into_problems().is_empty();
                if sound && island.is_none() {
                    self.islands()
                        .insert(self.language, parts.as_code.data_asset.clone());
                }
                let kept = sound.then(|| Arc::new(parts));
                let mut entries = self.lock();
                if entries.len() < MAX_KEYS {
                    entries.insert(key, kept.clone());
                }
                drop(entries);
                kept.unwrap_or_else(|| {
                    Arc::new(build(texts, inputs, &self.other_numbers, None, self.cache))
                })
            }
        }
    }

    fn islands(&self) -> std::sync::MutexGuard<'_, HashMap<usize, String>> {
        self.cache
            .code_islands
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Option<Arc<Parts>>>> {
        self.cache.entries.lock().unwrap_or_else(|e| e.into_inner())
    }
}
