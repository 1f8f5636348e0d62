//! The retry-storm model as a command's work and document: the scenario a
//! `storm` command line asks for (every time in seconds, a retry policy
//! taken as `schedule` takes it, presets included, with the preset's retry
//! budget), its runs, and the JSON and table it prints.
//!
//! The model is the core's (`backoff::storm`); this module only builds the
//! scenario, sizes the buffers, runs it and writes the results. It never
//! prints and never exits: `main.rs` does. Run `i` draws from seed
//! `seed + i`, so any one run is reproduced alone with `--seed` and
//! `--runs 1`. Field names are stable and documented in README.md.
//! Over 500 lines: the command's work and its two documents read the same
//! per-second sums, which stay private to this one module.

use serde::Serialize;

use crate::backoff::budget::{Budget, NAMED};
use crate::backoff::dist::Delay;
use crate::backoff::rng::GENERATOR;
use crate::backoff::storm::{
    self, Buffers, ClientState, Event, Guard, Rate, Request, Retry, Scenario, Second, StormError,
    System,
};
use crate::report::write_json;

/// The most runs a command may ask for.
pub const MAX_RUNS: u32 = 1000;

/// The most requests one run may start (the request slots a run needs):
/// the workload's highest rate times the time it sends, plus a request a
/// client at the start.
pub const MAX_REQUESTS: f64 = 2_000_000.0;

/// The most pending events a run may hold before it stops (4 GiB would
/// not do: 2^24 events of 32 bytes, 512 MiB).
pub const MAX_EVENTS: usize = 1 << 24;

/// The most request slots a run may use, the layers' calls below the top
/// included (2^22 slots of 48 bytes, 192 MiB).
pub const MAX_REQUEST_SLOTS: usize = 1 << 22;

/// A command's work: the scenario, how many runs, and the first seed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Storm {
    pub scenario: Scenario,
    pub runs: u32,
    pub seed: u64,
    /// The trigger, for the verdict: from, to, and the time after it the
    /// run has to recover in (a spike's, with 25 s).
    pub trigger: Option<(f64, f64, f64)>,
    /// The budget's or guard's name, for the document.
    pub guard_name: &'static str,
}

/// The time after a spike that a run has to come back in (the core's).
pub use crate::backoff::storm::RECOVERY_TIME;

/// Why a command was refused, by the flag behind it, or why a run stopped.
#[derive(Clone, Debug, PartialEq)]
pub struct Refused {
    pub flag: &'static str,
    pub message: String,
}

impl Storm {
    /// The work of `runs` runs of `scenario` from `seed`: the verdict
    /// after a spike's end (none for another workload), the guard named as
    /// `--budget` names it.
    pub fn of(scenario: Scenario, runs: u32, seed: u64) -> Storm {
        let trigger = scenario
            .trigger()
            .map(|(start, end)| (start, end, RECOVERY_TIME));
        let guard_name = match scenario.client.guard {
            Guard::None => "none",
            Guard::Breaker { .. } => "breaker",
            Guard::Bucket { .. } => "bucket",
            Guard::Budget(budget) => NAMED
                .iter()
                .find(|(_, b)| *b == budget)
                .map_or("budget", |(name, _)| name),
        };
        Storm {
            scenario,
            runs,
            seed,
            trigger,
            guard_name,
        }
    }

    /// Checks the scenario and the bounds of the work, naming the flag.
    pub fn validate(&self) -> Result<(), Refused> {
        let refuse = |flag, message: String| Err(Refused { flag, message });
        if !(1..=MAX_RUNS).contains(&self.runs) {
            return refuse(
                "--runs",
                format!("{} runs: give from 1 to {MAX_RUNS}", self.runs),
            );
        }
        if let Err(err) = self.scenario.validate() {
            // The guard's flag is the one given.
            let flag = match (err, self.scenario.client.guard) {
                (StormError::Guard, Guard::Breaker { .. }) => "--breaker",
                (StormError::Guard, Guard::Bucket { .. }) => "--bucket",
                _ => flag_of(err),
            };
            return refuse(flag, message_of(err));
        }
        if self.requests() > MAX_REQUESTS {
            return refuse(
                "--rate",
                format!(
                    "the workload could start {:.0} requests in a run, more than {MAX_REQUESTS:.0}; \
                     lower the rates, --until or --clients",
                    self.requests()
                ),
            );
        }
        Ok(())
    }

    /// The most requests a run can start, with a margin for chance: the
    /// highest rate over the time it sends, six standard deviations more,
    /// and the clients' first ones.
    pub fn requests(&self) -> f64 {
        let a = self.scenario.arrivals;
        let peak = match a.rate {
            Rate::Constant { rate } => rate,
            Rate::Ramp { peak, .. } => peak,
            Rate::Spike { base, peak, .. } => base.max(peak),
        };
        let mean = peak * a.until.min(self.scenario.duration);
        mean + 6.0 * mean.sqrt() + f64::from(a.clients) + 16.0
    }

    /// Runs every run, each from its own seed.
    pub fn run(&self) -> Result<Report, Refused> {
        let scenario = &self.scenario;
        let rows = scenario.seconds();
        // Bounded by MAX_REQUESTS (validated).
        let mut requests = vec![Request::EMPTY; self.requests() as usize];
        let mut clients = vec![ClientState::EMPTY; scenario.arrivals.clients as usize];
        let queue = scenario.server.limit.map_or(0, |_| scenario.server.queue);
        let mut waiting = vec![(0, 0); queue as usize];
        let mut delays = vec![Delay::fixed(0.0); scenario.client.retry.retries() as usize];
        let mut events = vec![Event::EMPTY; 1 << 16];
        let mut sums = vec![Sums::default(); rows];
        let mut runs = Vec::with_capacity(self.runs as usize);
        let mut seconds = vec![Second::default(); rows];
        for i in 0..self.runs {
            let seed = self.seed.wrapping_add(u64::from(i));
            // A run that needs more pending events or request slots (the
            // layers' calls) runs again with twice as many, up to
            // MAX_EVENTS and MAX_REQUEST_SLOTS.
            loop {
                let buffers = Buffers {
                    events: &mut events,
                    requests: &mut requests,
                    clients: &mut clients,
                    waiting: &mut waiting,
                    delays: &mut delays,
                    seconds: &mut seconds,
                };
                match storm::run(scenario, seed, buffers) {
                    Ok(_) => break,
                    Err(StormError::Events) if events.len() < MAX_EVENTS => {
                        events = vec![Event::EMPTY; events.len() * 2];
                    }
                    Err(StormError::Requests) if requests.len() < MAX_REQUEST_SLOTS => {
                        requests = vec![Request::EMPTY; requests.len() * 2];
                    }
                    Err(err) => {
                        return Err(Refused {
                            flag: flag_of(err),
                            message: format!("run {} (seed {seed}): {}", i + 1, message_of(err)),
                        });
                    }
                }
            }
            for (sum, s) in sums.iter_mut().zip(&seconds) {
                sum.add(s);
            }
            let recovery = self
                .trigger
                .and_then(|(from, to, within)| storm::recovery(&seconds, from, to, within));
            runs.push((storm::summarize(&seconds), recovery));
        }
        Ok(Report { sums, runs })
    }
}

/// The flag behind a refused scenario.
fn flag_of(err: StormError) -> &'static str {
    match err {
        StormError::Duration | StormError::Output => "--duration",
        StormError::Arrivals | StormError::Rate => "--rate",
        StormError::Peak => "--peak",
        StormError::At => "--at",
        StormError::Length => "--length",
        StormError::Slope => "--slope",
        StormError::Until => "--until",
        StormError::Server => "--server-time",
        StormError::FailureRate => "--server-failure-rate",
        StormError::Queue => "--queue",
        StormError::Network => "--network",
        StormError::Timeout => "--timeout",
        StormError::Retry => "--retries",
        StormError::Guard => "--budget",
        StormError::Layers => "--layers",
        StormError::Clients => "--clients",
        StormError::Requests => "--layers",
        StormError::Events => "--duration",
    }
}

/// The sentence of a refused scenario.
fn message_of(err: StormError) -> String {
    use crate::backoff::storm::model::{MAX_CLIENTS, MAX_DURATION, MAX_RATE, MAX_TIME};
    match err {
        StormError::Duration | StormError::Output => {
            format!("the duration must be greater than 0 and at most {MAX_DURATION} s")
        }
        StormError::Arrivals => "the workload is none of the model's".into(),
        StormError::Rate => {
            format!("the rate must be above 0 and at most {MAX_RATE} requests a second")
        }
        StormError::Peak => {
            format!("the peak must be at most {MAX_RATE} requests a second (a spike's above 0)")
        }
        StormError::At => format!("the time must be from 0 to {MAX_TIME} s"),
        StormError::Length => format!("the spike's length must be from 0 to {MAX_TIME} s"),
        StormError::Slope => {
            format!("the slope must be from 0 to {MAX_RATE} requests a second, each second")
        }
        StormError::Until => format!("the last arrival's time must be from 0 to {MAX_TIME} s"),
        StormError::Server => {
            format!("the server's times must be from 0 to {MAX_TIME} s and its limit above 0")
        }
        StormError::FailureRate => "the server's failure rate must be from 0 to 1".into(),
        StormError::Queue => "the queue needs a limit".into(),
        StormError::Network => format!("the network delay must be from 0 to {MAX_TIME} s"),
        StormError::Timeout => {
            format!("the timeout must be greater than 0 and at most {MAX_TIME} s")
        }
        StormError::Retry => "the retry policy is refused: check it with `schedule`".into(),
        StormError::Guard => "the budget's or breaker's figures are out of range".into(),
        StormError::Layers => format!(
            "the layers must be a whole number from 1 to {}",
            crate::backoff::cost::MAX_LAYERS
        ),
        StormError::Clients => format!("clients must be from 1 to {MAX_CLIENTS}"),
        StormError::Requests => format!(
            "the run needed more than {MAX_REQUEST_SLOTS} requests, its layers' included; \
             lower the rate, the retries or the layers"
        ),
        StormError::Events => format!(
            "more than {MAX_EVENTS} events were pending at once; shorten the timeout or the run"
        ),
    }
}

/// A named guard of the command line: a library's budget by its name in
/// the core, Brooker's breaker or adaptive bucket, or none.
pub fn guard_by_name(name: &str) -> Option<Guard> {
    match name {
        "none" => Some(Guard::None),
        _ => NAMED
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, budget): &(&str, Budget)| Guard::Budget(budget)),
    }
}

/// The guard names `--budget` takes.
pub fn guard_names() -> impl Iterator<Item = &'static str> {
    std::iter::once("none").chain(NAMED.iter().map(|(n, _)| *n))
}

/// Sums of each figure of a second over the runs (whole counts, exact in
/// an `f64`, and the guards' balance, NaN without one).
#[derive(Clone, Copy, Debug, Default)]
struct Sums([f64; 11]);

impl Sums {
    fn add(&mut self, s: &Second) {
        for (sum, x) in self.0.iter_mut().zip(s.figures()) {
            *sum += x;
        }
    }
}

/// What the runs came to.
#[derive(Clone, Debug)]
pub struct Report {
    sums: Vec<Sums>,
    runs: Vec<(storm::Summary, Option<storm::Recovery>)>,
}

impl Report {
    /// Each second's figures in [`FIGURES`]' order, the mean over the runs
    /// (a guard's balance NaN without one).
    pub fn means(&self) -> Vec<[f64; FIGURES.len()]> {
        let n = self.runs.len().max(1) as f64;
        self.sums
            .iter()
            .map(|sums| sums.0.map(|sum| sum / n))
            .collect()
    }
}

/// The per-second figures' names, in `Sums`' order, as the JSON and the
/// table name them: the storm contract's.
pub use crate::backoff::contract::storm::FIGURES;

#[derive(Serialize)]
struct Document {
    generator: &'static str,
    seed: u64,
    runs: u32,
    scenario: ScenarioJson,
    seconds: Vec<serde_json::Map<String, serde_json::Value>>,
    summary: RunsSummary,
    recovery: Option<RunsRecovery>,
}

#[derive(Serialize)]
struct ScenarioJson {
    duration: f64,
    system: &'static str,
    clients: u32,
    workload: serde_json::Value,
    until: f64,
    server_time: f64,
    server_slope: f64,
    limit: Option<u32>,
    queue: u32,
    server_failure_rate: f64,
    network: f64,
    timeout: f64,
    retries: u32,
    backoff: Option<serde_json::Value>,
    budget: &'static str,
    layers: u32,
}

/// The runs' totals: means a run, and ratios of the totals.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct RunsSummary {
    pub starts: f64,
    pub attempts: f64,
    pub successes: f64,
    pub amplification: f64,
    pub success_share: f64,
    pub goodput: f64,
}

/// The runs' verdicts after the trigger: how many recovered, and the
/// share of requests answered before and after it (means over the runs).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct RunsRecovery {
    pub from: f64,
    pub to: f64,
    pub within: f64,
    pub recovered_runs: u32,
    pub collapsed_runs: u32,
    pub before: f64,
    pub after: f64,
}

impl Storm {
    /// The document `storm` prints.
    pub fn to_json(&self, report: &Report) -> String {
        let n = f64::from(self.runs);
        let seconds = report
            .sums
            .iter()
            .enumerate()
            .map(|(t, sums)| {
                let mut row = serde_json::Map::new();
                row.insert("t".into(), t.into());
                for (name, sum) in FIGURES.iter().zip(sums.0) {
                    // A NaN balance (no guard has one) is null.
                    let mean = sum / n;
                    let value = if mean.is_nan() {
                        serde_json::Value::Null
                    } else {
                        mean.into()
                    };
                    row.insert((*name).into(), value);
                }
                row
            })
            .collect();
        let (summary, recovery) = self.totals(report);
        let s = &self.scenario;
        let workload = match s.arrivals.rate {
            Rate::Constant { rate } => serde_json::json!({ "kind": "constant", "rate": rate }),
            Rate::Ramp { peak, slope, at } => {
                serde_json::json!({ "kind": "ramp", "peak": peak, "slope": slope, "at": at })
            }
            Rate::Spike {
                base,
                peak,
                start,
                width,
            } => serde_json::json!({
                "kind": "spike", "rate": base, "peak": peak, "at": start, "length": width
            }),
        };
        let backoff = match s.client.retry {
            Retry::Immediately { .. } => None,
            Retry::Backoff(p) => Some(serde_json::json!({
                "base": p.base,
                "multiplier": p.multiplier,
                "max": p.max_delay,
                "jitter": p.jitter.name(),
                "jitter_factor": p.jitter.factor(),
            })),
        };
        write_json(&Document {
            generator: GENERATOR,
            seed: self.seed,
            runs: self.runs,
            scenario: ScenarioJson {
                duration: s.duration,
                system: match s.arrivals.system {
                    System::Open => "open",
                    System::Closed => "closed",
                },
                clients: s.arrivals.clients,
                workload,
                until: s.arrivals.until,
                server_time: s.server.base,
                server_slope: s.server.slope,
                limit: s.server.limit,
                queue: s.server.queue,
                server_failure_rate: s.server.failure_rate,
                network: s.network,
                timeout: s.client.timeout,
                retries: s.client.retry.retries(),
                backoff,
                budget: self.guard_name,
                layers: s.client.layers,
            },
            seconds,
            summary,
            recovery,
        })
    }

    /// The runs' summary (means a run, ratios of the totals) and verdicts.
    pub fn totals(&self, report: &Report) -> (RunsSummary, Option<RunsRecovery>) {
        let n = f64::from(self.runs);
        let total = |f: fn(&storm::Summary) -> u64| {
            report.runs.iter().map(|(s, _)| f(s) as f64).sum::<f64>()
        };
        let (starts, attempts, successes) = (
            total(|s| s.starts),
            total(|s| s.attempts),
            total(|s| s.successes),
        );
        let per_start = |x: f64| if starts > 0.0 { x / starts } else { 0.0 };
        let summary = RunsSummary {
            starts: starts / n,
            attempts: attempts / n,
            successes: successes / n,
            amplification: per_start(attempts),
            success_share: per_start(successes),
            goodput: successes / n / report.sums.len().max(1) as f64,
        };
        let recovery = self.trigger.map(|(from, to, within)| {
            let verdicts: Vec<storm::Recovery> = report.runs.iter().filter_map(|r| r.1).collect();
            let recovered = verdicts.iter().filter(|r| r.recovered).count() as u32;
            let mean = |f: fn(&storm::Recovery) -> f64| {
                verdicts.iter().map(f).sum::<f64>() / verdicts.len().max(1) as f64
            };
            RunsRecovery {
                from,
                to,
                within,
                recovered_runs: recovered,
                collapsed_runs: verdicts.len() as u32 - recovered,
                before: mean(|r| r.before),
                after: mean(|r| r.after),
            }
        });
        (summary, recovery)
    }

    /// The per-second means as a table, then the summary and the verdict.
    pub fn to_table(&self, report: &Report) -> String {
        let n = self.runs as f64;
        let mut out = format!("{:>5}", "t");
        for name in FIGURES {
            out.push_str(&format!(" {name:>11}"));
        }
        out.push('\n');
        for (t, sums) in report.sums.iter().enumerate() {
            out.push_str(&format!("{t:>5}"));
            for sum in sums.0 {
                let mean = sum / n;
                if mean.is_nan() {
                    out.push_str(&format!(" {:>11}", "-"));
                } else {
                    out.push_str(&format!(" {mean:>11.1}"));
                }
            }
            out.push('\n');
        }
        let (s, recovery) = self.totals(report);
        out.push_str(&format!(
            "\n{} run(s): {:.3} attempts a request, {:.1} % of requests answered, {:.2} answers a second\n",
            self.runs,
            s.amplification,
            100.0 * s.success_share,
            s.goodput,
        ));
        if let Some(r) = recovery {
            out.push_str(&format!(
                "after the spike ({} s to {} s, {} s to recover): recovered in {} run(s), collapsed in {}\n",
                r.from, r.to, r.within, r.recovered_runs, r.collapsed_runs
            ));
        }
        out
    }
}
