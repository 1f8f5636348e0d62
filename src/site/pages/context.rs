//! What every page of one render shares: the [`Renderer`] (the site, its
//! languages with their formatters and site-wide messages, the fallback
//! rule, the asset names, the [`Urls`]), the render [`Mode`], and each
//! rendering thread's page buffer.
//!
//! It holds data and the site-wide message lookup, and decides nothing
//! about a page: `unit` reads a page's files, `pages/` renders them, the
//! render stage (`render.rs`) builds a `Renderer` and sequences the pages.

use std::cell::RefCell;
use std::sync::Mutex;
use std::time::Duration;

use crate::site::check;
use crate::site::format::texts::{Language, Texts};
use crate::site::load::Site;
use crate::site::urls::Urls;

thread_local! {
    /// Each rendering thread's page buffer, reused from page to page, so
    /// that a large page costs no fresh allocation.
    pub static PAGE_BUFFER: RefCell<String> = RefCell::new(String::with_capacity(64 * 1024));
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
    pub fn fallback(self) -> bool {
        self.allow_missing || self.checking
    }
}

/// The content-hashed file names of the site's assets, relative to the root.
#[derive(Clone, Debug, Default)]
pub struct AssetNames {
    pub css: String,
    pub script: String,
    /// The retry-storm lab's script and module (empty without a storm page).
    pub lab_script: String,
    pub wasm_storm: String,
    pub wasm: String,
    /// The method modules (a distribution export alone each: the grid's, for
    /// the independent jitter kinds, and the Monte Carlo run's, for
    /// decorrelated jitter), one fetched on the first edit.
    pub wasm_grid: String,
    pub wasm_monte_carlo: String,
    pub favicon: String,
}

/// What every page of one render shares. A `language` index anywhere in
/// the render stage is a position in `languages` (`config.languages`
/// order).
pub struct Renderer<'a> {
    pub site: &'a Site,
    pub assets: AssetNames,
    pub languages: &'a [Language<'a>],
    /// The language whose text stands in for missing text, when the mode
    /// allows falling back (it is the reference language).
    pub fallback: Option<usize>,
    /// The reference language, which every other is compared with, and
    /// the language of the root pages.
    pub reference: usize,
    pub mode: Mode,
    pub categories: check::Categories,
    pub urls: Urls<'a>,
    /// The time pages spent running their contention experiments, summed
    /// (pages render in parallel): the build's summary line states it.
    pub simulation: Mutex<Option<Duration>>,
    /// The calculator's parts that pages with one profile share.
    pub calculator: crate::site::sections::calculator::shared::Cache,
}

impl<'a> Renderer<'a> {
    /// Message lookup for the site-wide messages of one language.
    pub fn site_texts(&self, language: usize) -> Texts<'a> {
        let mut chain = vec![&self.languages[language].site_bundle];
        if let Some(fallback) = self.fallback.filter(|f| *f != language) {
            chain.push(&self.languages[fallback].site_bundle);
        }
        Texts::new(
            chain,
            self.languages[language].site_file.into_iter().collect(),
        )
    }
}
