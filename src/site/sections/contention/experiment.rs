//! The contention experiment of a page: its `[contention]` table (checked
//! while loading, `load/content/contention.rs`) run once for all of the
//! page's languages, and its results as the Fluent arguments the page's
//! messages place.
//!
//! The simulation is the core's (`backoff::contention`), its cases chosen
//! and run in parallel by `crate::simulation`, as `simulate` runs them: the
//! page shows the very figures `backoff-site simulate` prints for the same
//! clients, runs and seed. The model is the post's ([`Model::AWS`]). Its
//! results are kept for the life of the process and on disk between
//! builds (`stored.rs`), so that a build or `serve`'s rebuild reruns it
//! only when its table or the core changes. This
//! module formats nothing (the page's `intl` does, through Fluent) and never
//! renders HTML (`pages/contention.rs` and `charts.rs` do).

use std::time::{Duration, Instant};

use fluent_bundle::FluentArgs;
use rayon::prelude::*;

use crate::backoff::contention::{Herd, Simulator, Slot, Strategy, Summary};
use crate::simulation::ExperimentError;
use crate::site::load::content::contention::Contention;

/// One run of a strategy with the herd's clients: writes per bucket.
#[derive(Clone, Debug, PartialEq)]
pub struct HerdRun {
    pub strategy: Strategy,
    /// Writes that reached the row in each bucket of the window.
    pub buckets: Vec<u32>,
    /// Writes after the window.
    pub beyond: u32,
    /// When that run's last client learnt it succeeded, ms.
    pub completion_ms: f64,
}

/// A page's experiment, run.
#[derive(Clone, Debug)]
pub struct Results {
    pub contention: Contention,
    /// Strategy by strategy ([`Strategy::ALL`]), client counts in the
    /// page's order.
    pub summaries: Vec<Summary>,
    /// One per strategy, in the order of [`Strategy::ALL`].
    pub herds: Vec<HerdRun>,
    /// How long the simulation took (for the build's summary line).
    pub elapsed: Duration,
}

impl Results {
    /// The summary of `strategy` with `clients` (one of the page's counts).
    pub fn summary(&self, strategy: Strategy, clients: u32) -> &Summary {
        self.summaries
            .iter()
            .find(|s| s.strategy == strategy && s.clients == clients)
            .expect("every strategy runs with every client count")
    }

    /// The largest and smallest client counts: the text compares them.
    pub fn clients_range(&self) -> (u32, u32) {
        let clients = &self.contention.experiment.clients;
        let min = clients.iter().copied().min().unwrap_or(0);
        let max = clients.iter().copied().max().unwrap_or(0);
        (min, max)
    }
}

/// Runs the experiment (its cases in parallel) and the herd's runs (in
/// parallel with the cases, one strategy each). The herd run of a strategy
/// is run 0 of its stream: with a client count of the experiment, the first
/// of the runs averaged there. When both fail, the experiment's error is
/// the one reported.
pub fn run(contention: &Contention) -> Result<Results, ExperimentError> {
    let started = Instant::now();
    let experiment = &contention.experiment;
    let (summaries, herds) = rayon::join(|| experiment.run(), || herd_runs(contention));
    Ok(Results {
        contention: contention.clone(),
        summaries: summaries?,
        herds: herds?,
        elapsed: started.elapsed(),
    })
}

/// One herd run per strategy, in the order of [`Strategy::ALL`]; the first
/// failure in that order is the error.
fn herd_runs(contention: &Contention) -> Result<Vec<HerdRun>, ExperimentError> {
    let experiment = &contention.experiment;
    let simulator = Simulator::new(experiment.model).map_err(|error| ExperimentError::Model {
        field: "model",
        message: error.to_string(),
    })?;
    let runs: Vec<Result<HerdRun, ExperimentError>> = Strategy::ALL
        .par_iter()
        .map(|&strategy| {
            let case = |error| ExperimentError::Case {
                strategy,
                clients: contention.herd_clients,
                error,
            };
            let mut slots = vec![Slot::EMPTY; contention.herd_clients as usize];
            let mut buckets = vec![0; contention.herd_buckets];
            let mut herd = Herd::new(&mut buckets, contention.herd_bucket_ms).map_err(case)?;
            let run = simulator
                .run(
                    strategy,
                    contention.herd_clients,
                    experiment.seed,
                    0,
                    &mut slots,
                    Some(&mut herd),
                )
                .map_err(case)?;
            Ok(HerdRun {
                strategy,
                beyond: herd.beyond,
                buckets: herd.buckets.to_vec(),
                completion_ms: run.completion_ms,
            })
        })
        .collect();
    runs.into_iter().collect()
}

/// `x` rounded to `digits` fraction digits, for the text (tables show more).
fn round(x: f64, digits: i32) -> f64 {
    let scale = 10f64.powi(digits);
    (x * scale).round() / scale
}

/// The arguments every message of the experiment's sections receives (the
/// list is [`ARGUMENTS`], and in TRANSLATING.md). Figures of one client count
/// are those of the largest of the page's counts. Means of calls are rounded
/// to whole writes and times to a tenth of a second: the text compares; the
/// tables give the detail.
pub fn arguments(results: &Results) -> FluentArgs<'static> {
    let contention = &results.contention;
    let experiment = &contention.experiment;
    let model = experiment.model;
    let (min, max) = results.clients_range();
    let mut args = FluentArgs::new();
    // A name of the random streams, not a quantity: written without grouping.
    args.set("seed", experiment.seed.to_string());
    args.set("runs", experiment.runs);
    args.set("clients-min", min);
    args.set("clients-max", max);
    args.set("base", model.base_ms);
    args.set("cap-seconds", model.cap_ms / 1000.0);
    args.set("multiplier", model.multiplier);
    args.set("factor", model.decorrelated_factor);
    args.set("latency-mean", model.latency_mean_ms);
    args.set("latency-sd", model.latency_sd_ms);
    args.set("herd-clients", contention.herd_clients);
    args.set("herd-bucket", contention.herd_bucket_ms);
    args.set(
        "herd-window-seconds",
        contention.herd_bucket_ms * contention.herd_buckets as f64 / 1000.0,
    );
    for strategy in Strategy::ALL {
        let s = results.summary(strategy, max);
        let name = strategy.name();
        args.set(format!("{name}-calls"), s.mean_calls.round());
        args.set(
            format!("{name}-seconds"),
            round(s.mean_completion_ms / 1000.0, 1),
        );
    }
    args.set("herd-after", contention.herd_after_ms);
    // The first bucket that starts at or after `herd_after_ms`.
    let first_late = (contention.herd_after_ms / contention.herd_bucket_ms).ceil() as usize;
    for herd in &results.herds {
        let late = herd.buckets.get(first_late..).unwrap_or_default();
        let peak = late.iter().copied().max().unwrap_or(0);
        args.set(format!("{}-peak", herd.strategy.name()), peak);
    }
    if let Some(herd) = results
        .herds
        .iter()
        .find(|h| h.strategy == Strategy::Exponential)
    {
        args.set("exponential-beyond", herd.beyond);
        args.set(
            "exponential-herd-seconds",
            round(herd.completion_ms / 1000.0, 1),
        );
    }
    let calls = |strategy, clients| results.summary(strategy, clients).mean_calls;
    let seconds = |strategy| results.summary(strategy, max).mean_completion_ms;
    let percent = |part: f64, whole: f64| (100.0 * part / whole).round();
    args.set(
        "full-percent-of-none",
        percent(calls(Strategy::Full, max), calls(Strategy::None, max)),
    );
    args.set(
        "full-percent-of-exponential",
        percent(
            calls(Strategy::Full, max),
            calls(Strategy::Exponential, max),
        ),
    );
    args.set(
        "exponential-times-full",
        round(seconds(Strategy::Exponential) / seconds(Strategy::Full), 0),
    );
    args.set("clients-growth", round(f64::from(max) / f64::from(min), 1));
    args.set(
        "none-growth",
        round(calls(Strategy::None, max) / calls(Strategy::None, min), 1),
    );
    args.set(
        "full-growth",
        round(calls(Strategy::Full, max) / calls(Strategy::Full, min), 1),
    );
    args
}

/// The names of the arguments [`arguments`] provides, for `check`.
pub const ARGUMENTS: &[&str] = &[
    "seed",
    "runs",
    "clients-min",
    "clients-max",
    "base",
    "cap-seconds",
    "multiplier",
    "factor",
    "latency-mean",
    "latency-sd",
    "herd-clients",
    "herd-bucket",
    "herd-window-seconds",
    "herd-after",
    "none-calls",
    "none-seconds",
    "exponential-calls",
    "exponential-seconds",
    "equal-calls",
    "equal-seconds",
    "full-calls",
    "full-seconds",
    "decorrelated-calls",
    "decorrelated-seconds",
    "none-peak",
    "exponential-peak",
    "equal-peak",
    "full-peak",
    "decorrelated-peak",
    "exponential-beyond",
    "exponential-herd-seconds",
    "full-percent-of-none",
    "full-percent-of-exponential",
    "exponential-times-full",
    "clients-growth",
    "none-growth",
    "full-growth",
];

/// Whether message `id` is one of the experiment's: the text of one of its
/// sections or charts, which receive [`ARGUMENTS`].
/// The variables a contention message receives: all of [`ARGUMENTS`].
pub fn variables(id: &str) -> Option<&'static [&'static str]> {
    receives_arguments(id).then_some(ARGUMENTS)
}

pub fn receives_arguments(id: &str) -> bool {
    const PREFIXES: [&str; 5] = ["model", "calls", "completion", "herd", "findings"];
    PREFIXES
        .iter()
        .any(|p| id == *p || id.strip_prefix(p).is_some_and(|rest| rest.starts_with('-')))
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::backoff::contention::Model;
    use crate::simulation::Experiment;

    pub(in crate::site::sections::contention) fn small() -> Contention {
        Contention {
            experiment: Experiment {
                clients: vec![3, 6],
                runs: 4,
                ..Experiment::post()
            },
            herd_clients: 6,
            herd_bucket_ms: 10.0,
            herd_buckets: 20,
            herd_after_ms: 50.0,
        }
    }

    #[test]
    fn every_argument_is_listed_and_every_listed_one_is_given() {
        let results = run(&small()).unwrap();
        let args = arguments(&results);
        let mut given: Vec<&str> = args.iter().map(|(name, _)| name).collect();
        let mut listed = ARGUMENTS.to_vec();
        given.sort_unstable();
        listed.sort_unstable();
        assert_eq!(given, listed);
    }

    #[test]
    fn the_herd_counts_every_write_of_its_run() {
        let contention = small();
        let results = run(&contention).unwrap();
        let simulator = Simulator::new(Model::AWS).unwrap();
        for herd in &results.herds {
            let mut slots = vec![Slot::EMPTY; 6];
            let alone = simulator
                .run(
                    herd.strategy,
                    6,
                    contention.experiment.seed,
                    0,
                    &mut slots,
                    None,
                )
                .unwrap();
            let counted: u64 =
                herd.buckets.iter().map(|&b| u64::from(b)).sum::<u64>() + u64::from(herd.beyond);
            assert_eq!(counted, alone.calls, "{:?}", herd.strategy);
            assert_eq!(herd.completion_ms, alone.completion_ms);
        }
    }

    #[test]
    fn messages_of_the_experiments_sections_receive_the_arguments() {
        for id in [
            "model",
            "calls",
            "calls-chart-summary",
            "herd-heading",
            "findings",
        ] {
            assert!(receives_arguments(id), "{id}");
        }
        for id in ["intro", "callsign", "faq-model", "example-growth"] {
            assert!(!receives_arguments(id), "{id}");
        }
    }
}
