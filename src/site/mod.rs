//! The site pipeline, and only its sequence: load → check → render →
//! output.
//!
//! [`load`] (`load.rs`) reads `site.toml`, `content/`, the site-wide Fluent
//! files and `static/`, reporting every problem as a diagnostic, and runs
//! the site-wide lints of `check`; [`render()`] (`render.rs`) takes the
//! pages one at a time (each page's Fluent files in every language, read,
//! compared and linted by `unit`, rendered by `pages/`, in parallel) and
//! hands every file to an `output::Sink`; [`build`] renders into a staging
//! folder and swaps it into the output folder only when nothing failed;
//! [`check()`] renders into nothing, for the problems alone. This module
//! decides nothing about a page.

pub mod check;
pub mod format;
pub mod load;
pub mod output;
pub mod pages;
pub mod render;
pub mod sections;
pub mod urls;

pub use load::{Site, load};
pub use pages::context::Mode;
pub use render::render;

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::diagnostics::{Diagnostic, Diagnostics, Failed};

/// Options of `build`.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    pub root: PathBuf,
    pub out: PathBuf,
    /// Fall back to the reference language for missing messages.
    pub allow_missing: bool,
    /// Replaces `base_url` of `site.toml` (the preview server's own address).
    pub base_url: Option<String>,
    /// Render every page, keeping none from the last output.
    pub clean: bool,
}

/// What a successful build reports.
#[derive(Debug)]
pub struct BuildSummary {
    pub pages: usize,
    /// Of `pages`, those kept unchanged from the last output.
    pub kept: usize,
    pub files: usize,
    pub bytes: u64,
    pub millis: u128,
    /// The time the contention experiments took, within `millis`.
    pub simulation_millis: Option<u128>,
    pub warnings: Vec<Diagnostic>,
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
    // hold only the build's files) before anything is written: from here on
    // the output changes only by this build's hand, so a failure can say it
    // is unchanged. The sources are read meanwhile (reading changes nothing,
    // and a large output takes a while to check); when the claim is
    // refused, what loading found is dropped unreported.
    let (claim, (site, loaded)) = rayon::join(
        || {
            output::resolve_output(&options.root, &options.out)
                .and_then(|_| output::Claim::take(&options.out))
        },
        || {
            let mut loaded = Diagnostics::default();
            let site = load_and_check(&options.root, options.allow_missing, &mut loaded);
            (site, loaded)
        },
    );
    let claim = match claim {
        Ok(claim) => claim,
        Err(refusal) => {
            diagnostics.push(refusal_diagnostic(&options.out, refusal));
            return Err(fail(diagnostics));
        }
    };
    diagnostics.items.extend(loaded.items);
    let mut site = site;
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
    let rendered = render(&site, mode, &staging, options.clean, &mut diagnostics);
    if diagnostics.has_errors() {
        // Dropping the staging folder removes it; the output stays as it was.
        return Err(fail(diagnostics));
    }
    let (bytes, files) = staging.written();
    if let Err(err) = staging.commit(&rendered.record) {
        diagnostics.push(Diagnostic::error(
            &options.out,
            format!("cannot write the output: {err}"),
        ));
        return Err(fail(diagnostics));
    }
    Ok(BuildSummary {
        pages: rendered.pages,
        kept: rendered.kept,
        simulation_millis: rendered.simulation.map(|d| d.as_millis()),
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

/// The load stage, then the check stage's lints of the site-wide Fluent
/// files (a page's own files are linted as the page is rendered).
fn load_and_check(root: &Path, allow_missing: bool, diagnostics: &mut Diagnostics) -> Option<Site> {
    let site = load(root, allow_missing, diagnostics)?;
    let provided = |id: &str| pages::message_variables(id, &[]);
    check::site_files(&site, &provided, diagnostics);
    Some(site)
}

/// Everything `build` checks, without writing anything: loading, the lints
/// of `check`, and a full render in memory (which reports Markdown, LaTeX
/// and formatting problems).
pub fn check(root: &Path) -> Vec<Diagnostic> {
    let mut diagnostics = Diagnostics::default();
    if let Some(site) = load_and_check(root, false, &mut diagnostics) {
        let mode = Mode {
            allow_missing: false,
            checking: true,
        };
        render(&site, mode, &output::Discard, true, &mut diagnostics);
    }
    diagnostics.sorted()
}
