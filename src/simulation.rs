//! The contention experiment as a command's work and document: which cases
//! to run (strategies × client counts, with the bounds that keep the work
//! finite), running them on every core, and the JSON and table that
//! `simulate` prints.
//!
//! The simulation itself is the core's (`backoff::contention`); this module
//! only chooses the cases, checks the bounds, and writes the results. It
//! never prints and never exits: `main.rs` does, and maps each
//! [`ExperimentError`] to the flag behind it.
//!
//! Every case has its own random stream (named by seed, strategy, client
//! count and run), so running the cases in parallel, or only some of them,
//! changes no bit of any result.
//!
//! The JSON is written by the schedule's writer ([`crate::report::write_json`]:
//! serde_json with ECMAScript's numbers), so numbers read the same as in the
//! calculator (`5`, not `5.0`). Field names are stable and documented in
//! README.md.
//! Over 500 lines only with its unit tests at the end (the model's code is
//! under 400): the conservation laws are checked next to the loop they hold.

use std::fmt;

use rayon::prelude::*;
use serde::Serialize;

use crate::backoff::contention::{Model, SimError, Simulator, Slot, Strategy, Summary};
use crate::backoff::rng::GENERATOR;
use crate::report::{js_number, write_json};

/// The most clients one case may have (as the calculator's view).
pub const MAX_CLIENTS: u32 = 10_000;
/// The most runs per case.
pub const MAX_RUNS: u32 = 10_000;
/// The most work one experiment may ask for, counted as the sum over its
/// cases of `runs × clients²`: the writes of a run grow about as the square
/// of its clients (with no backoff, 50 clients make about 690 writes; see
/// README.md). The post's experiment is 2,750,000 of these units; the limit
/// is about 360 times that, some seconds of work.
pub const MAX_WORK: u64 = 1_000_000_000;

/// The seed of the published figures (the post's year).
pub const DEFAULT_SEED: u64 = 2015;
/// The post's client counts (its charts go on to 190; the page stops at 50).
pub const DEFAULT_CLIENTS: [u32; 5] = [10, 20, 30, 40, 50];
/// The post's simulator averages 100 runs per case.
pub const DEFAULT_RUNS: u32 = 100;

/// One experiment: every strategy with every client count, `runs` runs each.
#[derive(Clone, Debug, PartialEq)]
pub struct Experiment {
    pub model: Model,
    /// In the order the results list them (strategy first).
    pub strategies: Vec<Strategy>,
    /// In the order given.
    pub clients: Vec<u32>,
    pub runs: u32,
    pub seed: u64,
}

/// Why an experiment was refused, or stopped.
#[derive(Clone, Debug, PartialEq)]
pub enum ExperimentError {
    /// No strategy, or one named twice.
    Strategies { repeated: Option<Strategy> },
    /// No client count, one out of `1..=MAX_CLIENTS`, or one given twice.
    Clients { problem: String },
    /// Runs out of `1..=MAX_RUNS`.
    Runs { runs: u32 },
    /// More than [`MAX_WORK`].
    Work { work: u128 },
    /// A model field, by the core's name, out of its range.
    Model {
        field: &'static str,
        message: String,
    },
    /// A case stopped (a client made the model's most writes, or time left
    /// the finite range).
    Case {
        strategy: Strategy,
        clients: u32,
        error: SimError,
    },
}

impl fmt::Display for ExperimentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExperimentError::Strategies { repeated: None } => {
                f.write_str("at least one strategy is needed")
            }
            ExperimentError::Strategies {
                repeated: Some(strategy),
            } => write!(f, "`{}` is named twice", strategy.name()),
            ExperimentError::Clients { problem } => f.write_str(problem),
            ExperimentError::Runs { runs } => {
                write!(f, "{runs} runs: give from 1 to {MAX_RUNS} runs per case")
            }
            ExperimentError::Work { work } => write!(
                f,
                "the experiment would cost {work} units (runs × clients², summed over \
                 strategies and client counts), more than the limit of {MAX_WORK}; \
                 use fewer runs, clients or strategies"
            ),
            ExperimentError::Model { message, .. } => f.write_str(message),
            ExperimentError::Case {
                strategy,
                clients,
                error,
            } => write!(f, "{} with {clients} clients: {error}", strategy.name()),
        }
    }
}

impl Experiment {
    /// The post's experiment: its model, all five strategies, 10 to 50
    /// clients, 100 runs, seed 2015.
    pub fn post() -> Experiment {
        Experiment {
            model: Model::AWS,
            strategies: Strategy::ALL.to_vec(),
            clients: DEFAULT_CLIENTS.to_vec(),
            runs: DEFAULT_RUNS,
            seed: DEFAULT_SEED,
        }
    }

    /// Checks every bound, in the order strategies, clients, runs, model,
    /// work; the first broken one is the error.
    pub fn validate(&self) -> Result<(), ExperimentError> {
        if self.strategies.is_empty() {
            return Err(ExperimentError::Strategies { repeated: None });
        }
        for (i, strategy) in self.strategies.iter().enumerate() {
            if self.strategies[..i].contains(strategy) {
                return Err(ExperimentError::Strategies {
                    repeated: Some(*strategy),
                });
            }
        }
        if self.clients.is_empty() {
            return Err(ExperimentError::Clients {
                problem: "at least one client count is needed".into(),
            });
        }
        for (i, &clients) in self.clients.iter().enumerate() {
            if !(1..=MAX_CLIENTS).contains(&clients) {
                return Err(ExperimentError::Clients {
                    problem: format!("{clients} clients: give from 1 to {MAX_CLIENTS}"),
                });
            }
            if self.clients[..i].contains(&clients) {
                return Err(ExperimentError::Clients {
                    problem: format!("{clients} clients are given twice"),
                });
            }
        }
        if !(1..=MAX_RUNS).contains(&self.runs) {
            return Err(ExperimentError::Runs { runs: self.runs });
        }
        if let Err(error) = self.model.validate() {
            let field = match error {
                SimError::Model { field } => field,
                _ => "model",
            };
            return Err(ExperimentError::Model {
                field,
                message: error.to_string(),
            });
        }
        let work = self.work();
        if work > u128::from(MAX_WORK) {
            return Err(ExperimentError::Work { work });
        }
        Ok(())
    }

    /// The experiment's cost in the units of [`MAX_WORK`]. At most 5 × 10,000
    /// × 10,000 × 10⁸ before validation: a u128 holds it.
    pub fn work(&self) -> u128 {
        let squares: u128 = self
            .clients
            .iter()
            .map(|&c| u128::from(c) * u128::from(c))
            .sum();
        squares * u128::from(self.runs) * self.strategies.len() as u128
    }

    /// Validates and runs every case, strategy by strategy and client count
    /// by client count, the cases in parallel. When cases fail, the first in
    /// that order is the error, whatever finished first.
    pub fn run(&self) -> Result<Vec<Summary>, ExperimentError> {
        self.validate()?;
        let simulator = Simulator::new(self.model).map_err(|error| ExperimentError::Model {
            field: "model",
            message: error.to_string(),
        })?;
        let cases: Vec<(Strategy, u32)> = self
            .strategies
            .iter()
            .flat_map(|&s| self.clients.iter().map(move |&c| (s, c)))
            .collect();
        let results: Vec<Result<Summary, ExperimentError>> = cases
            .par_iter()
            .map(|&(strategy, clients)| {
                let mut slots = vec![Slot::EMPTY; clients as usize];
                let mut scratch = vec![0.0; 2 * self.runs as usize];
                simulator
                    .experiment(
                        strategy,
                        clients,
                        self.runs,
                        self.seed,
                        &mut slots,
                        &mut scratch,
                    )
                    .map_err(|error| ExperimentError::Case {
                        strategy,
                        clients,
                        error,
                    })
            })
            .collect();
        results.into_iter().collect()
    }
}

/// The experiment and its results as pretty-printed JSON, two spaces per
/// level, ending without a newline.
pub fn to_json(experiment: &Experiment, results: &[Summary]) -> String {
    let m = &experiment.model;
    write_json(&Document {
        generator: GENERATOR,
        seed: experiment.seed,
        model: ModelJson {
            base_ms: m.base_ms,
            cap_ms: m.cap_ms,
            multiplier: m.multiplier,
            decorrelated_factor: m.decorrelated_factor,
            latency_mean_ms: m.latency_mean_ms,
            latency_sd_ms: m.latency_sd_ms,
            max_attempts: m.max_attempts,
        },
        results: results.iter().map(ResultJson::from).collect(),
    })
}

/// The document `simulate` prints, in the order of its fields.
#[derive(Serialize)]
struct Document {
    generator: &'static str,
    seed: u64,
    model: ModelJson,
    results: Vec<ResultJson>,
}

/// The core's [`Model`], field for field.
#[derive(Serialize)]
struct ModelJson {
    base_ms: f64,
    cap_ms: f64,
    multiplier: f64,
    decorrelated_factor: f64,
    latency_mean_ms: f64,
    latency_sd_ms: f64,
    max_attempts: u32,
}

/// One case: the core's [`Summary`], its percentiles flattened.
#[derive(Serialize)]
struct ResultJson {
    strategy: &'static str,
    clients: u32,
    runs: u32,
    mean_calls: f64,
    calls_p50: f64,
    calls_p90: f64,
    calls_p99: f64,
    mean_completion_ms: f64,
    completion_ms_p50: f64,
    completion_ms_p90: f64,
    completion_ms_p99: f64,
}

impl From<&Summary> for ResultJson {
    fn from(s: &Summary) -> ResultJson {
        ResultJson {
            strategy: s.strategy.name(),
            clients: s.clients,
            runs: s.runs,
            mean_calls: s.mean_calls,
            calls_p50: s.calls.p50,
            calls_p90: s.calls.p90,
            calls_p99: s.calls.p99,
            mean_completion_ms: s.mean_completion_ms,
            completion_ms_p50: s.completion_ms.p50,
            completion_ms_p90: s.completion_ms.p90,
            completion_ms_p99: s.completion_ms.p99,
        }
    }
}

/// The results as a plain-text table for a terminal: a line with the model,
/// generator and seed, then one row per case with right-aligned columns.
/// Means and completion times are rounded to 0.1 (the JSON has every digit).
pub fn to_table(experiment: &Experiment, results: &[Summary]) -> String {
    let m = &experiment.model;
    let mut out = format!(
        "base {} ms, cap {} ms, multiplier {}, decorrelated factor {}, messages |Normal({} ms, {} ms)|; {} seed {}\n",
        js_number(m.base_ms),
        js_number(m.cap_ms),
        js_number(m.multiplier),
        js_number(m.decorrelated_factor),
        js_number(m.latency_mean_ms),
        js_number(m.latency_sd_ms),
        GENERATOR,
        experiment.seed,
    );
    let header = [
        "strategy",
        "clients",
        "runs",
        "mean calls",
        "p50",
        "p90",
        "p99",
        "mean completion ms",
        "p50",
        "p90",
        "p99",
    ];
    let tenths = |x: f64| format!("{x:.1}");
    let mut rows: Vec<Vec<String>> = vec![header.iter().map(|h| h.to_string()).collect()];
    for s in results {
        rows.push(vec![
            s.strategy.name().to_string(),
            s.clients.to_string(),
            s.runs.to_string(),
            tenths(s.mean_calls),
            js_number(s.calls.p50),
            js_number(s.calls.p90),
            js_number(s.calls.p99),
            tenths(s.mean_completion_ms),
            tenths(s.completion_ms.p50),
            tenths(s.completion_ms.p90),
            tenths(s.completion_ms.p99),
        ]);
    }
    let widths: Vec<usize> = (0..header.len())
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    for row in &rows {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            // The strategy's name reads best left-aligned, numbers right.
            .map(|(c, (cell, width))| {
                if c == 0 {
                    format!("{cell:<width$}")
                } else {
                    format!("{cell:>width$}")
                }
            })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> Experiment {
        Experiment {
            strategies: vec![Strategy::Full, Strategy::None],
            clients: vec![5, 3],
            runs: 4,
            ..Experiment::post()
        }
    }

    #[test]
    fn results_come_strategy_by_strategy_in_the_order_given() {
        let results = small().run().unwrap();
        let order: Vec<(&str, u32)> = results
            .iter()
            .map(|s| (s.strategy.name(), s.clients))
            .collect();
        assert_eq!(order, [("full", 5), ("full", 3), ("none", 5), ("none", 3)]);
        assert!(results.iter().all(|s| s.runs == 4));
    }

    #[test]
    fn a_case_gives_the_same_bits_alone_or_with_others() {
        let together = small().run().unwrap();
        let alone = Experiment {
            strategies: vec![Strategy::None],
            clients: vec![3],
            ..small()
        }
        .run()
        .unwrap();
        assert_eq!(alone[0], together[3]);
    }

    #[test]
    fn the_post_costs_what_the_limit_is_measured_against() {
        assert_eq!(Experiment::post().work(), 2_750_000);
        assert_eq!(Experiment::post().validate(), Ok(()));
    }

    #[test]
    fn each_bound_has_its_error() {
        let with = |f: &dyn Fn(&mut Experiment)| {
            let mut e = Experiment::post();
            f(&mut e);
            e.validate().unwrap_err()
        };
        assert_eq!(
            with(&|e| e.strategies.clear()),
            ExperimentError::Strategies { repeated: None }
        );
        assert_eq!(
            with(&|e| e.strategies.push(Strategy::Full)),
            ExperimentError::Strategies {
                repeated: Some(Strategy::Full)
            }
        );
        assert!(matches!(
            with(&|e| e.clients = vec![0]),
            ExperimentError::Clients { .. }
        ));
        assert!(matches!(
            with(&|e| e.clients = vec![MAX_CLIENTS + 1]),
            ExperimentError::Clients { .. }
        ));
        assert!(matches!(
            with(&|e| e.clients = vec![10, 10]),
            ExperimentError::Clients { .. }
        ));
        assert!(matches!(
            with(&|e| e.clients.clear()),
            ExperimentError::Clients { .. }
        ));
        assert_eq!(with(&|e| e.runs = 0), ExperimentError::Runs { runs: 0 });
        assert_eq!(
            with(&|e| e.runs = MAX_RUNS + 1),
            ExperimentError::Runs { runs: MAX_RUNS + 1 }
        );
        assert!(matches!(
            with(&|e| e.model.cap_ms = f64::INFINITY),
            ExperimentError::Model {
                field: "cap_ms",
                ..
            }
        ));
        // 10,000 clients once, all five strategies: 5 × 10⁸ is within the
        // limit; 3 runs of it are not.
        let mut big = Experiment {
            clients: vec![MAX_CLIENTS],
            runs: 2,
            ..Experiment::post()
        };
        assert_eq!(big.validate(), Ok(()));
        big.runs = 3;
        assert_eq!(
            big.validate(),
            Err(ExperimentError::Work {
                work: 1_500_000_000
            })
        );
    }

    #[test]
    fn a_stopped_case_is_the_error_first_in_order() {
        // One write per client: with several clients some write fails, and
        // every case stops; the first case's error is reported.
        let e = Experiment {
            model: Model {
                max_attempts: 1,
                ..Model::AWS
            },
            ..small()
        };
        match e.run() {
            Err(ExperimentError::Case {
                strategy: Strategy::Full,
                clients: 5,
                error: SimError::TooManyAttempts { attempts: 1, .. },
            }) => {}
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn json_holds_every_documented_field() {
        let e = small();
        let results = e.run().unwrap();
        let json = to_json(&e, &results);
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value["generator"], "xoshiro256**");
        assert_eq!(value["seed"], 2015);
        assert_eq!(value["model"]["base_ms"], 5);
        assert_eq!(value["model"]["cap_ms"], 2000);
        assert_eq!(value["model"]["latency_sd_ms"], 2);
        let first = &value["results"][0];
        assert_eq!(first["strategy"], "full");
        assert_eq!(first["clients"], 5);
        assert_eq!(first["runs"], 4);
        assert_eq!(first["mean_calls"].as_f64(), Some(results[0].mean_calls));
        assert_eq!(
            first["completion_ms_p99"].as_f64(),
            Some(results[0].completion_ms.p99)
        );
        assert_eq!(value["results"].as_array().unwrap().len(), 4);
    }
}
