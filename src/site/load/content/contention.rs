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
/// The herd chart's narrowest and widest bucket, in milliseconds: from the
/// shortest delay the calculator takes (`intl::SMALLEST_INPUT`, a
/// microsecond) to an hour. Outside, the chart would count every write in
/// one bucket or in none of the ones it draws.
pub const HERD_BUCKET_MS: std::ops::RangeInclusive<f64> =
    crate::site::format::intl::SMALLEST_INPUT..=3_600_000.0;

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
    if !HERD_BUCKET_MS.contains(&bucket) {
        problems.push(at(
            format!(
                "`herd_bucket_ms` must be from {} to {} (a microsecond to an hour)",
                HERD_BUCKET_MS.start(),
                HERD_BUCKET_MS.end()
            ),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn herd_bucket(ms: &str) -> Result<Contention, Vec<Diagnostic>> {
        let source = format!(
            "[contention]\nclients = [10]\nruns = 1\nseed = 1\nherd_clients = 5\n\
             herd_bucket_ms = {ms}\nherd_window_ms = 2000\nherd_after_ms = 0\n"
        );
        #[derive(Deserialize)]
        struct File {
            contention: Spanned<RawContention>,
        }
        let file: File = toml::from_str(&source).unwrap();
        parse(Path::new("content/p.toml"), &source, &file.contention)
    }

    /// A bucket too narrow to mean anything (it drew a chart of zeros), or
    /// wider than an hour, is refused at its value.
    #[test]
    fn the_herd_bucket_is_refused_outside_its_range() {
        assert!(herd_bucket("10").is_ok());
        for refused in ["1e-300", "0.0001", "0", "-5", "nan", "inf", "3600001"] {
            let problems = herd_bucket(refused).unwrap_err();
            assert_eq!(problems.len(), 1, "{refused}: {problems:?}");
            assert!(
                problems[0]
                    .message
                    .contains("`herd_bucket_ms` must be from 0.001 to 3600000"),
                "{refused}: {}",
                problems[0].message
            );
            assert_eq!(problems[0].location().unwrap().line, 6);
        }
    }
}
