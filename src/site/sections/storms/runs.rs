//! The retry-storm scenarios of a page, run once for every language: each
//! trace ([`SPIKE`], [`LAYERS`]) for the page's runs, its per-second means,
//! totals and verdict; each swept scenario at every failure rate for the
//! sweep's runs, its totals. Every run is the storm command's
//! (`crate::storm::Storm`), so the page, the command and the lab compute
//! alike; the results of a table are kept for the life of the process, so
//! that `serve`'s rebuilds reuse them.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::backoff::contract::storm::{self as contract, FIGURES};
use crate::site::load::content::storms::{LAYERS, SPIKE, StormScenario, Storms};
use crate::storm::{Report, RunsRecovery, RunsSummary, Storm};

/// A trace: one scenario's per-second means over the runs, in the
/// contract's [`FIGURES`] order, its totals and, after a spike, its verdict.
#[derive(Clone, Debug)]
pub struct Trace {
    pub id: &'static str,
    pub seconds: Vec<[f64; FIGURES.len()]>,
    pub summary: RunsSummary,
    pub recovery: Option<RunsRecovery>,
}

/// A swept scenario at one failure rate: the runs' totals, and the
/// attempts a second that reached the server while requests were arriving
/// (from the second second, the first being a partial one, to the last
/// arrival's).
#[derive(Clone, Copy, Debug)]
pub struct Case {
    pub failure_rate: f64,
    pub summary: RunsSummary,
    pub offered_per_second: f64,
}

/// A swept scenario: its cases, in the order of the page's failure rates.
#[derive(Clone, Debug)]
pub struct Sweep {
    pub id: &'static str,
    pub cases: Vec<Case>,
}

/// The page's scenarios, run.
#[derive(Clone, Debug)]
pub struct StormResults {
    pub storms: Storms,
    pub traces: Vec<Trace>,
    pub sweeps: Vec<Sweep>,
    /// The time the runs took (zero when kept from an earlier build).
    pub elapsed: Duration,
}

impl StormResults {
    pub fn trace(&self, id: &str) -> &Trace {
        self.traces
            .iter()
            .find(|t| t.id == id)
            .expect("every trace is run")
    }

    pub fn sweep(&self, id: &str) -> &Sweep {
        self.sweeps
            .iter()
            .find(|s| s.id == id)
            .expect("every swept scenario is run")
    }
}

/// The results of the tables run in this process, newest last (a site has
/// one such page); the table is the whole key, the core being the one
/// compiled into this process.
static CACHE: Mutex<Vec<StormResults>> = Mutex::new(Vec::new());
const CACHED: usize = 2;

/// Runs the page's scenarios, or returns the same table's results from
/// earlier in this process; the error is a sentence naming the scenario.
pub fn run_cached(storms: &Storms) -> Result<StormResults, String> {
    let cache = || CACHE.lock().unwrap_or_else(|poison| poison.into_inner());
    if let Some(hit) = cache().iter().find(|r| r.storms == *storms) {
        return Ok(StormResults {
            elapsed: Duration::ZERO,
            ..hit.clone()
        });
    }
    let results = run(storms)?;
    let mut kept = cache();
    if kept.len() == CACHED {
        kept.remove(0);
    }
    kept.push(results.clone());
    Ok(results)
}

/// Runs `runs` runs of `scenario` with its failure rate set to `rate`
/// (when given).
fn runs_of(
    scenario: &StormScenario,
    runs: u32,
    seed: u64,
    rate: Option<f64>,
) -> Result<(Storm, Report), String> {
    let mut inputs = scenario.inputs;
    if let Some(rate) = rate {
        inputs[contract::input("server_failure_rate")] = rate;
    }
    let refused = |message: String| format!("scenario `{}`: {message}", scenario.id);
    let (model, _) = contract::scenario(&inputs).map_err(|code| {
        refused(format!(
            "the model refuses its `{}`",
            contract::ERRORS[code as usize - 1]
        ))
    })?;
    let storm = Storm::of(model, runs, seed);
    storm
        .validate()
        .map_err(|r| refused(format!("{}: {}", r.flag, r.message)))?;
    let report = storm
        .run()
        .map_err(|r| refused(format!("{}: {}", r.flag, r.message)))?;
    Ok((storm, report))
}

/// Runs every trace and every case of the sweep, in parallel.
pub fn run(storms: &Storms) -> Result<StormResults, String> {
    let started = Instant::now();
    let traces = SPIKE
        .iter()
        .chain([&LAYERS])
        .copied()
        .collect::<Vec<_>>()
        .into_par_iter()
        .map(|id| {
            let (storm, report) = runs_of(storms.scenario(id), storms.runs, storms.seed, None)?;
            let (summary, recovery) = storm.totals(&report);
            Ok(Trace {
                id,
                seconds: report.means(),
                summary,
                recovery,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let cases: Vec<(&'static str, f64)> = Storms::swept()
        .into_iter()
        .flat_map(|id| storms.failure_rates.iter().map(move |&p| (id, p)))
        .collect();
    let offered = contract::figure("offered");
    let cases = cases
        .into_par_iter()
        .map(|(id, p)| {
            let scenario = storms.scenario(id);
            let (storm, report) = runs_of(scenario, storms.sweep_runs, storms.seed, Some(p))?;
            let (summary, _) = storm.totals(&report);
            let until = storm.scenario.arrivals.until.min(storm.scenario.duration);
            // Whole seconds from the second to the last that ends by
            // `until`; every second of a run shorter than two.
            let means = report.means();
            let last = (until.floor() as usize).min(means.len());
            let window = if last > 1 {
                &means[1..last]
            } else {
                &means[..]
            };
            let offered_per_second =
                window.iter().map(|s| s[offered]).sum::<f64>() / window.len().max(1) as f64;
            Ok((
                id,
                Case {
                    failure_rate: p,
                    summary,
                    offered_per_second,
                },
            ))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let sweeps = Storms::swept()
        .into_iter()
        .map(|id| Sweep {
            id,
            cases: cases
                .iter()
                .filter(|(i, _)| *i == id)
                .map(|(_, c)| *c)
                .collect(),
        })
        .collect();
    Ok(StormResults {
        storms: storms.clone(),
        traces,
        sweeps,
        elapsed: started.elapsed(),
    })
}
