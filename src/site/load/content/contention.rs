//! A page's `[contention]` table: the contention experiment it asks for,
//! checked while loading against the bounds that keep a build fast, every
//! problem reported at its value in the content file. Running it is the
//! contention section's (`sections/contention/experiment.rs`).

use std::ops::Range;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::backoff::contention::{Model, Strategy};
use crate::diagnostics::Diagnostic;
use crate::simulation::{Experiment, ExperimentError};

/// The most work a page's experiment may ask for, in the units of
/// [`crate::simulation::MAX_WORK`] (runs × clients², summed over the cases): about
/// four times the post's experiment (2,750,000), a tenth of a second or so on
/// one core. The build must stay fast; `simulate` allows far more.
pub const MAX_PAGE_WORK: u64 = 10_000_000;
/// The most clients of the herd's runs (one run per strategy).
pub const MAX_HERD_CLIENTS: u32 = 1_000;
/// The most buckets of the herd chart: each is a row of its table.
pub const MAX_HERD_BUCKETS: usize = 1_000;

/// `[contention]` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawContention {
    clients: Spanned<Vec<u32>>,
    runs: Spanned<u32>,
    seed: Spanned<u64>,
    herd_clients: Spanned<u32>,
    herd_bucket_ms: Spanned<f64>,
    herd_window_ms: Spanned<f64>,
    herd_after_ms: Spanned<f64>,
}

/// A page's experiment, checked: the post's model and all five strategies,
/// with the page's client counts, runs and seed, and the herd: one run of
/// each strategy with `herd_clients`, its writes counted per bucket.
#[derive(Clone, Debug, PartialEq)]
pub struct Contention {
    pub experiment: Experiment,
    pub herd_clients: u32,
    pub herd_bucket_ms: f64,
    pub herd_buckets: usize,
    /// The herd's peaks are counted from this time on: the first rounds,
    /// whose sleeps are shorter than the network's delays, look alike
    /// whatever the strategy.
    pub herd_after_ms: f64,
}

/// A page's experiment from its `[contention]` table: `None` without one,
/// which is an error when the page lists a contention section
/// (`needed_by`, that section's id).
pub fn from_table(
    path: &Path,
    source: &str,
    table: Option<&Spanned<RawContention>>,
    needed_by: Option<&str>,
) -> Result<Option<Contention>, Vec<Diagnostic>> {
    match (table, needed_by) {
        (Some(table), _) => parse(path, source, table).map(Some),
        (None, Some(section)) => Err(vec![
            Diagnostic::error(
                path,
                format!("the page lists the `{section}` section but has no `[contention]` table"),
            )
            .with_hint("add a `[contention]` table: clients, runs, seed and the herd's"),
        ]),
        (None, None) => Ok(None),
    }
}

/// Checks `[contention]`, reporting each broken bound at its value.
pub fn parse(
    path: &Path,
    source: &str,
    table: &Spanned<RawContention>,
) -> Result<Contention, Vec<Diagnostic>> {
    let raw = table.get_ref();
    let at = |message: String, span: Range<usize>| {
        Diagnostic::error(path, format!("`contention`: {message}")).at(source, span.start, span.end)
    };
    let mut problems = Vec::new();
    let experiment = Experiment {
        model: Model::AWS,
        strategies: Strategy::ALL.to_vec(),
        clients: raw.clients.get_ref().clone(),
        runs: *raw.runs.get_ref(),
        seed: *raw.seed.get_ref(),
    };
    match experiment.validate() {
        Ok(()) if experiment.work() > u128::from(MAX_PAGE_WORK) => problems.push(
            at(
                format!(
                    "the experiment would cost {} units (runs × clients², summed over the five \
                     strategies and the client counts), more than a page's limit of {MAX_PAGE_WORK}",
                    experiment.work()
                ),
                raw.clients.span(),
            )
            .with_hint("use fewer runs or smaller client counts: the build must stay fast"),
        ),
        Ok(()) => {}
        Err(error) => {
            let span = match error {
                ExperimentError::Runs { .. } => raw.runs.span(),
                _ => raw.clients.span(),
            };
            problems.push(at(error.to_string(), span));
        }
    }
    let herd_clients = *raw.herd_clients.get_ref();
    if !(1..=MAX_HERD_CLIENTS).contains(&herd_clients) {
        problems.push(at(
            format!("`herd_clients` must be from 1 to {MAX_HERD_CLIENTS}"),
            raw.herd_clients.span(),
        ));
    }
    let bucket = *raw.herd_bucket_ms.get_ref();
    let window = *raw.herd_window_ms.get_ref();
    let mut herd_buckets = 0;
    if !(bucket.is_finite() && bucket > 0.0) {
        problems.push(at(
            "`herd_bucket_ms` must be a finite number greater than 0".into(),
            raw.herd_bucket_ms.span(),
        ));
    } else {
        let buckets = window / bucket;
        // Whole buckets only: the last bar of the chart is as wide as the others.
        if !(buckets >= 1.0 && buckets <= MAX_HERD_BUCKETS as f64 && buckets.fract() == 0.0) {
            problems.push(at(
                format!(
                    "`herd_window_ms` must be a whole number of buckets of `herd_bucket_ms`, \
                     from 1 to {MAX_HERD_BUCKETS}"
                ),
                raw.herd_window_ms.span(),
            ));
        } else {
            herd_buckets = buckets as usize;
        }
    }
    let after = *raw.herd_after_ms.get_ref();
    if !(after >= 0.0 && after < window) {
        problems.push(at(
            "`herd_after_ms` must be at least 0 and less than `herd_window_ms`".into(),
            raw.herd_after_ms.span(),
        ));
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Contention {
        experiment,
        herd_clients,
        herd_bucket_ms: bucket,
        herd_buckets,
        herd_after_ms: after,
    })
}
