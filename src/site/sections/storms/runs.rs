//! The retry-storm scenarios of a page, run once for every language: each
//! trace ([`SPIKE`], [`LAYERS`]) for the page's runs, its per-second means,
//! totals and verdict; each swept scenario at every failure rate for the
//! sweep's runs, its totals. Every run is the storm command's
//! (`crate::storm::Storm`), so the page, the command and the lab compute
//! alike. The results of a table are kept for the life of the process (so
//! that `serve`'s rebuilds after an edit of a text reuse them) and between
//! builds in the build's cache (`crate::cache`), under a key of the checked
//! table, each double as its 64 bits so that results read back are the
//! ones computed, bit for bit.

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
/// one such page), by their key: the table is the whole key, the core
/// being the one compiled into this process.
static CACHE: Mutex<Vec<(String, StormResults)>> = Mutex::new(Vec::new());
const CACHED: usize = 2;

/// The kind of the entries, in the store's file names.
pub const KIND: &str = "storms";

/// The key of `storms`' results: every field of the checked table (its
/// `Debug` form names each and writes each double, NaN included, so that
/// it reads back to the same bits; the inputs' NaN are not equal to
/// themselves, so the table's `==` cannot serve).
pub fn key(storms: &Storms) -> String {
    format!("{RESULTS_VERSION} {storms:?}")
}

/// The version of how the figures are made from the core's runs (this
/// module's windows, the storm command's sums and seeds per run): the
/// store's key covers the core's sources, not these, so a change here
/// bumps it and earlier entries are no longer taken.
const RESULTS_VERSION: &str = "storm-results-1";

/// Runs the page's scenarios, or returns the same table's results from
/// earlier in this process or kept in `store` by an earlier build, then
/// with an `elapsed` of zero; the error is a sentence naming the scenario.
pub fn run_cached(
    storms: &Storms,
    store: Option<&crate::cache::Store>,
) -> Result<StormResults, String> {
    let key = key(storms);
    let cache = || CACHE.lock().unwrap_or_else(|poison| poison.into_inner());
    if let Some((_, hit)) = cache().iter().find(|(k, _)| *k == key) {
        return Ok(StormResults {
            elapsed: Duration::ZERO,
            ..hit.clone()
        });
    }
    let kept = store
        .and_then(|store| store.get(KIND, &key))
        .and_then(|figures| decode(storms, &figures));
    let results = match kept {
        Some(results) => results,
        None => {
            let results = run(storms)?;
            if let Some(store) = store {
                store.put(KIND, &key, &encode(&results));
            }
            results
        }
    };
    let mut kept = cache();
    if kept.len() == CACHED {
        kept.remove(0);
    }
    kept.push((key, results.clone()));
    Ok(results)
}

/// The bits of a summary's figures, in its fields' order.
fn summary_bits(s: &RunsSummary) -> [u64; 6] {
    [
        s.starts,
        s.attempts,
        s.successes,
        s.amplification,
        s.success_share,
        s.goodput,
    ]
    .map(f64::to_bits)
}

fn summary_of(bits: &[u64]) -> Option<RunsSummary> {
    let x = |i: usize| bits.get(i).copied().map(f64::from_bits);
    Some(RunsSummary {
        starts: x(0)?,
        attempts: x(1)?,
        successes: x(2)?,
        amplification: x(3)?,
        success_share: x(4)?,
        goodput: x(5)?,
    })
}

/// The figures of `results`, without the table (the key holds it).
pub fn encode(results: &StormResults) -> String {
    let traces: Vec<serde_json::Value> = results
        .traces
        .iter()
        .map(|t| {
            let seconds: Vec<u64> = t.seconds.iter().flatten().map(|x| x.to_bits()).collect();
            let recovery = t.recovery.map(|r| {
                let whole = [r.from, r.to, r.within].map(f64::to_bits);
                let shares = [r.before, r.after].map(f64::to_bits);
                serde_json::json!([whole, r.recovered_runs, r.collapsed_runs, shares])
            });
            serde_json::json!([t.id, seconds, summary_bits(&t.summary), recovery])
        })
        .collect();
    let sweeps: Vec<serde_json::Value> = results
        .sweeps
        .iter()
        .map(|s| {
            let cases: Vec<serde_json::Value> = s
                .cases
                .iter()
                .map(|c| {
                    let rate = c.failure_rate.to_bits();
                    let offered = c.offered_per_second.to_bits();
                    serde_json::json!([rate, summary_bits(&c.summary), offered])
                })
                .collect();
            serde_json::json!([s.id, cases])
        })
        .collect();
    serde_json::json!({ "traces": traces, "sweeps": sweeps }).to_string()
}

/// The results of `storms` from `figures`, if they fit its scenarios and
/// failure rates; their `elapsed` is zero (nothing ran).
pub fn decode(storms: &Storms, figures: &str) -> Option<StormResults> {
    use serde_json::Value;
    let value: Value = serde_json::from_str(figures).ok()?;
    let bits =
        |v: &Value| -> Option<Vec<u64>> { v.as_array()?.iter().map(Value::as_u64).collect() };
    let double = |v: &Value| v.as_u64().map(f64::from_bits);
    let traced: Vec<&'static str> = SPIKE.iter().chain([&LAYERS]).copied().collect();
    let traces = value["traces"].as_array()?;
    if traces.len() != traced.len() {
        return None;
    }
    let mut out_traces = Vec::new();
    for (t, id) in traces.iter().zip(traced) {
        if t[0].as_str()? != id {
            return None;
        }
        let flat = bits(&t[1])?;
        // As many seconds as the scenario has, each with every figure.
        let (scenario, _) = contract::scenario(&storms.scenario(id).inputs).ok()?;
        if flat.len() != scenario.seconds() * FIGURES.len() {
            return None;
        }
        let seconds = flat
            .chunks_exact(FIGURES.len())
            .map(|row| std::array::from_fn(|i| f64::from_bits(row[i])))
            .collect();
        let recovery = match &t[3] {
            // A spike is judged; nothing else is.
            Value::Null if scenario.trigger().is_none() => None,
            Value::Null => return None,
            _ if scenario.trigger().is_none() => return None,
            r => {
                let whole = bits(&r[0])?;
                let shares = bits(&r[3])?;
                Some(RunsRecovery {
                    from: f64::from_bits(*whole.first()?),
                    to: f64::from_bits(*whole.get(1)?),
                    within: f64::from_bits(*whole.get(2)?),
                    recovered_runs: u32::try_from(r[1].as_u64()?).ok()?,
                    collapsed_runs: u32::try_from(r[2].as_u64()?).ok()?,
                    before: f64::from_bits(*shares.first()?),
                    after: f64::from_bits(*shares.get(1)?),
                })
            }
        };
        out_traces.push(Trace {
            id,
            seconds,
            summary: summary_of(&bits(&t[2])?)?,
            recovery,
        });
    }
    let swept = Storms::swept();
    let sweeps = value["sweeps"].as_array()?;
    if sweeps.len() != swept.len() {
        return None;
    }
    let mut out_sweeps = Vec::new();
    for (s, id) in sweeps.iter().zip(swept) {
        if s[0].as_str()? != id {
            return None;
        }
        let cases = s[1]
            .as_array()?
            .iter()
            .map(|c| {
                Some(Case {
                    failure_rate: double(&c[0])?,
                    summary: summary_of(&bits(&c[1])?)?,
                    offered_per_second: double(&c[2])?,
                })
            })
            .collect::<Option<Vec<Case>>>()?;
        let rates: Vec<f64> = cases.iter().map(|c| c.failure_rate).collect();
        if rates != storms.failure_rates {
            return None;
        }
        out_sweeps.push(Sweep { id, cases });
    }
    Some(StormResults {
        storms: storms.clone(),
        traces: out_traces,
        sweeps: out_sweeps,
        elapsed: Duration::ZERO,
    })
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
