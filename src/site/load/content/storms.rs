//! A page's `[storms]` table: the retry-storm scenarios its sections show,
//! each written with the keys of the storm contract's inputs
//! (`core::contract::storm::INPUTS`, the lab's and the module's one list),
//! checked while loading through the contract's own reading of them, every
//! problem reported at its value in the content file. Which scenario a
//! section shows is stated here, once ([`SPIKE`], [`LAYERS`], …); running
//! them is the storm sections' (`sections/storms/runs.rs`).

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::backoff::Jitter;
use crate::backoff::contract::storm::{self as contract, GUARDS, INPUTS, SYSTEMS, WORKLOADS};
use crate::diagnostics::Diagnostic;
use crate::identifier::is_identifier;
use crate::storm::MAX_RUNS;

use super::published::{self, Published, RawPublished};

/// The spike of Brooker's congestive-collapse simulator, without and with
/// backoff: the `collapse` section's traces.
pub const SPIKE: [&str; 2] = ["spike", "spike-backoff"];
/// The scenario the lab starts from.
pub const LAB: &str = "lab";
/// Services in layers, every attempt failing: the `layers` section.
pub const LAYERS: &str = "layers";
/// Open and closed clients, each without and with backoff, over the
/// failure rates: the `systems` section.
pub const SYSTEMS_SWEPT: [&str; 4] = ["open", "open-backoff", "closed", "closed-backoff"];
/// Brooker's retry strategies over the failure rates: the `budgets` section.
pub const STRATEGIES: [&str; 4] = ["no-retries", "three-retries", "bucket", "breaker"];
/// The libraries' retry budgets over the failure rates, beside three
/// retries alone: the `libraries` section.
pub const LIBRARIES: [&str; 5] = ["three-retries", "grpc", "aws", "envoy", "finagle"];

/// The most failure rates of the sweep: each is a row of two tables.
pub const MAX_FAILURE_RATES: usize = 21;

/// The most requests a page's scenarios may start in all, over every run
/// and failure rate: the build must stay fast (about a second of one core
/// in a release build); `storm` allows far more.
pub const MAX_PAGE_REQUESTS: f64 = 4_000_000.0;

/// `[storms]` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawStorms {
    runs: Spanned<u32>,
    sweep_runs: Spanned<u32>,
    seed: Spanned<u64>,
    failure_rates: Spanned<Vec<f64>>,
    scenarios: BTreeMap<Spanned<String>, Spanned<RawScenario>>,
    published: Spanned<RawPublished>,
}

/// A scenario as written: each key with its value, both located.
type RawScenario = BTreeMap<Spanned<String>, Spanned<toml::Value>>;

/// A scenario of the page: its id and the contract's input slots (the
/// seed's slot is the page's seed; each run adds its index).
#[derive(Clone, Debug, PartialEq)]
pub struct StormScenario {
    pub id: String,
    pub inputs: [f64; INPUTS.len()],
}

/// A page's storms, checked: runs of each trace and of each case of the
/// sweep, the first seed, the sweep's failure rates and the scenarios.
#[derive(Clone, Debug, PartialEq)]
pub struct Storms {
    pub runs: u32,
    pub sweep_runs: u32,
    pub seed: u64,
    pub failure_rates: Vec<f64>,
    pub scenarios: Vec<StormScenario>,
    pub published: Published,
}

impl Storms {
    /// The scenario `id` (every id the sections name is present once loaded).
    pub fn scenario(&self, id: &str) -> &StormScenario {
        self.scenarios
            .iter()
            .find(|s| s.id == id)
            .expect("the sections' scenarios are checked when loaded")
    }

    /// The ids of the scenarios run over the failure rates, each once.
    pub fn swept() -> Vec<&'static str> {
        let mut ids: Vec<&str> = Vec::new();
        for id in SYSTEMS_SWEPT.iter().chain(&STRATEGIES).chain(&LIBRARIES) {
            if !ids.contains(id) {
                ids.push(id);
            }
        }
        ids
    }
}

/// A page's storms from its `[storms]` table: `None` without one, which is
/// an error when the page lists a storm section (`needed_by`, its id).
pub fn from_table(
    path: &Path,
    source: &str,
    table: Option<&Spanned<RawStorms>>,
    needed_by: Option<&str>,
) -> Result<Option<Storms>, Vec<Diagnostic>> {
    match (table, needed_by) {
        (Some(table), _) => parse(path, source, table).map(Some),
        (None, Some(section)) => Err(vec![
            Diagnostic::error(
                path,
                format!("the page lists the `{section}` section but has no `[storms]` table"),
            )
            .with_hint("add a `[storms]` table: runs, seed, failure rates and the scenarios"),
        ]),
        (None, None) => Ok(None),
    }
}

/// The value of input `key` written as `value`: a number, or for the
/// inputs that take one, the name of a system, workload, jitter or guard.
fn slot(key: &str, value: &toml::Value) -> Result<f64, String> {
    let names: &[&str] = match key {
        "system" => &SYSTEMS,
        "workload" => &WORKLOADS,
        "backoff_jitter" => &Jitter::NAMES,
        "guard" => &GUARDS,
        _ => &[],
    };
    match value {
        toml::Value::Integer(n) if names.is_empty() => Ok(*n as f64),
        toml::Value::Float(x) if names.is_empty() => Ok(*x),
        toml::Value::String(name) if !names.is_empty() => names
            .iter()
            .position(|n| n == name)
            .map(|code| code as f64)
            .ok_or_else(|| format!("`{key}` must be one of {}", names.join(", "))),
        _ if names.is_empty() => Err(format!("`{key}` must be a number")),
        _ => Err(format!("`{key}` must be one of {}", names.join(", "))),
    }
}

/// The inputs a scenario starts from before its own keys: no limit, no
/// backoff, no guard, one layer (NaN, as the contract reads an input not
/// given), an open system of one client with no queue and no failures.
fn blank() -> [f64; INPUTS.len()] {
    let mut inputs = [f64::NAN; INPUTS.len()];
    inputs[contract::input("system")] = 0.0;
    inputs[contract::input("clients")] = 1.0;
    inputs[contract::input("queue")] = 0.0;
    inputs[contract::input("server_failure_rate")] = 0.0;
    inputs
}

/// Checks `[storms]`, reporting each problem at its value.
pub fn parse(
    path: &Path,
    source: &str,
    table: &Spanned<RawStorms>,
) -> Result<Storms, Vec<Diagnostic>> {
    let raw = table.get_ref();
    let at = |message: String, span: Range<usize>| {
        Diagnostic::error(path, format!("`storms`: {message}")).at(source, span.start, span.end)
    };
    let mut problems = Vec::new();
    for runs in [&raw.runs, &raw.sweep_runs] {
        if !(1..=MAX_RUNS).contains(runs.get_ref()) {
            problems.push(at(
                format!("runs must be from 1 to {MAX_RUNS}"),
                runs.span(),
            ));
        }
    }
    let seed = *raw.seed.get_ref();
    let max_seed = crate::backoff::contract::sample::MAX_SEED;
    // Run i draws from seed + i: the last run's seed must be one too.
    let most_runs = u64::from(*raw.runs.get_ref().max(raw.sweep_runs.get_ref()));
    if seed.saturating_add(most_runs.saturating_sub(1)) > max_seed {
        problems.push(at(
            format!("the seed plus the runs must stay at most {max_seed}"),
            raw.seed.span(),
        ));
    }
    let rates = raw.failure_rates.get_ref();
    if rates.first() != Some(&0.0)
        || rates.len() > MAX_FAILURE_RATES
        || !rates.iter().all(|p| (0.0..=1.0).contains(p))
        || !rates.windows(2).all(|w| w[0] < w[1])
    {
        problems.push(at(
            format!(
                "`failure_rates` must be from 1 to {MAX_FAILURE_RATES} rates from 0 to 1, \
                 the first 0 (the healthy server the text compares with), each above the \
                 one before"
            ),
            raw.failure_rates.span(),
        ));
    }
    // Each scenario's inputs: its `like`'s (one level: a scenario named by
    // `like` has no `like` of its own), then its own keys; each problem at
    // the key or value it is about, and where each input was written.
    let own = |table: &RawScenario,
               inputs: &mut [f64; INPUTS.len()],
               written: &mut BTreeMap<&'static str, Range<usize>>,
               problems: &mut Vec<Diagnostic>,
               name: &str| {
        for (key, value) in table {
            let key_name = key.get_ref().as_str();
            if key_name == "like" {
                continue;
            }
            match INPUTS.iter().position(|k| *k == key_name) {
                Some(i) if key_name != "seed" => match slot(key_name, value.get_ref()) {
                    Ok(x) => {
                        inputs[i] = x;
                        written.insert(INPUTS[i], value.span());
                    }
                    Err(message) => {
                        problems.push(at(format!("scenario `{name}`: {message}"), value.span()))
                    }
                },
                _ => problems.push(at(
                    format!(
                        "scenario `{name}`: `{key_name}` is not an input of a scenario (the \
                         inputs: {})",
                        INPUTS[..INPUTS.len() - 1].join(", ")
                    ),
                    key.span(),
                )),
            }
        }
    };
    let like_of = |table: &RawScenario| {
        table
            .iter()
            .find(|(k, _)| k.get_ref() == "like")
            .map(|(_, v)| v.clone())
    };
    let mut scenarios = Vec::new();
    // Scenarios with a problem of their own, which the sections' checks
    // below pass over (one problem, said once).
    let mut broken = Vec::new();
    for (id, table) in &raw.scenarios {
        let name = id.get_ref();
        if !is_identifier(name) {
            problems.push(at(format!("`{name}` cannot be a scenario id"), id.span()));
            continue;
        }
        let before = problems.len();
        let mut base_broken = false;
        let mut inputs = blank();
        let mut written = BTreeMap::new();
        if let Some(like) = like_of(table.get_ref()) {
            let base = like
                .get_ref()
                .as_str()
                .and_then(|like| raw.scenarios.iter().find(|(k, _)| k.get_ref() == like));
            match base {
                Some((_, base)) if like_of(base.get_ref()).is_none() => {
                    // The base's own problems are reported at the base; a
                    // scenario built on a broken one is not judged again.
                    let mut elsewhere = Vec::new();
                    own(
                        base.get_ref(),
                        &mut inputs,
                        &mut written,
                        &mut elsewhere,
                        name,
                    );
                    base_broken = !elsewhere.is_empty();
                }
                _ => problems.push(at(
                    format!(
                        "scenario `{name}`: `like` must name another scenario of the page, \
                         one without a `like`"
                    ),
                    like.span(),
                )),
            }
        }
        own(
            table.get_ref(),
            &mut inputs,
            &mut written,
            &mut problems,
            name,
        );
        inputs[contract::input("seed")] = seed.min(max_seed) as f64;
        let judged = problems.len() == before && !base_broken;
        if let (true, Err(code)) = (judged, contract::scenario(&inputs)) {
            let key = contract::ERRORS[code as usize - 1];
            let input = contract::ERROR_INPUTS[code as usize - 1];
            // At the value that set the input, else at the scenario's table.
            let span = written.get(input).cloned().unwrap_or_else(|| table.span());
            problems.push(at(
                format!("scenario `{name}`: the model refuses its `{key}`"),
                span,
            ));
        }
        if problems.len() > before || base_broken {
            broken.push(name.clone());
        }
        scenarios.push(StormScenario {
            id: name.clone(),
            inputs,
        });
    }
    let sound: Vec<StormScenario> = scenarios
        .iter()
        .filter(|s| !broken.contains(&s.id))
        .cloned()
        .collect();
    shapes(&raw.scenarios, &sound, &at, &mut problems);
    let named = SPIKE
        .iter()
        .chain([&LAYERS, &LAB])
        .chain(&Storms::swept())
        .copied()
        .collect::<Vec<_>>();
    let published =
        published::published(&raw.published, &STRATEGIES, rates.len(), &at, &mut problems);
    let missing: Vec<String> = named
        .iter()
        .filter(|id| !scenarios.iter().any(|s| s.id == **id))
        .map(|id| format!("`{id}`"))
        .collect();
    if !missing.is_empty() {
        problems.push(
            Diagnostic::error(
                path,
                format!("`storms`: the page has no scenario {}", missing.join(", ")),
            )
            .at(source, table.span().start, table.span().end)
            .with_hint("the storm sections show these scenarios by their ids"),
        );
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let storms = Storms {
        runs: *raw.runs.get_ref(),
        sweep_runs: *raw.sweep_runs.get_ref(),
        seed,
        failure_rates: rates.clone(),
        scenarios,
        published,
    };
    let requests = requests(&storms);
    if requests > MAX_PAGE_REQUESTS {
        return Err(vec![
            at(
                format!(
                    "the scenarios could start {requests:.0} requests in all, more than a \
                     page's limit of {MAX_PAGE_REQUESTS:.0}"
                ),
                raw.runs.span(),
            )
            .with_hint(
                "use fewer runs, failure rates or shorter scenarios: the build must stay fast",
            ),
        ]);
    }
    Ok(storms)
}

/// What the sections need of their scenarios beyond the model's own
/// rules, each at its scenario's table: the spikes are spikes of one
/// length whose server slows with its load (the text names the rate it
/// cannot reach, 1 / slope), and the lab's scenario fits the browser's
/// module (its seconds and clients).
fn shapes(
    raw: &BTreeMap<Spanned<String>, Spanned<RawScenario>>,
    scenarios: &[StormScenario],
    at: &dyn Fn(String, Range<usize>) -> Diagnostic,
    problems: &mut Vec<Diagnostic>,
) {
    let find = |id: &str| {
        let span = raw.iter().find(|(k, _)| k.get_ref() == id)?.1.span();
        let inputs = scenarios.iter().find(|s| s.id == id)?.inputs;
        Some((span, inputs))
    };
    let value = |inputs: &[f64; INPUTS.len()], key: &str| inputs[contract::input(key)];
    let spike = WORKLOADS
        .iter()
        .position(|w| *w == "spike")
        .map(|c| c as f64);
    let mut durations = Vec::new();
    for (span, inputs) in SPIKE.iter().filter_map(|id| find(id)) {
        let slows = value(&inputs, "server_slope") > 0.0;
        if Some(value(&inputs, "workload")) != spike || !slows {
            problems.push(at(
                "a spike scenario must have the `spike` workload and a `server_slope` above 0"
                    .into(),
                span,
            ));
        }
        durations.push(value(&inputs, "duration"));
    }
    if let (true, Some((span, _))) = (durations.windows(2).any(|w| w[0] != w[1]), find(SPIKE[1])) {
        problems.push(at(
            format!(
                "`{}` must last as long as `{}`: the chart sets them side by side",
                SPIKE[1], SPIKE[0]
            ),
            span,
        ));
    }
    if let Some((span, inputs)) = find(LAB) {
        let seconds = value(&inputs, "duration");
        let clients = value(&inputs, "clients");
        if !(seconds <= contract::MAX_SECONDS as f64 && clients <= contract::MODULE_CLIENTS as f64)
        {
            problems.push(at(
                format!(
                    "the lab's scenario must fit the browser's module: at most {} s and {} clients",
                    contract::MAX_SECONDS,
                    contract::MODULE_CLIENTS
                ),
                span,
            ));
        }
    }
}

/// The requests the page's scenarios may start in all, by the storm
/// command's own bound of a run (`crate::storm::Storm::requests`).
fn requests(storms: &Storms) -> f64 {
    let one = |id: &str| {
        let (scenario, _) = contract::scenario(&storms.scenario(id).inputs)
            .expect("every scenario is checked first");
        crate::storm::Storm::of(scenario, 1, 0).requests()
    };
    let traces: f64 = SPIKE.iter().chain([&LAYERS]).map(|id| one(id)).sum();
    let sweeps: f64 = Storms::swept().iter().map(|id| one(id)).sum();
    traces * f64::from(storms.runs)
        + sweeps * f64::from(storms.sweep_runs) * storms.failure_rates.len() as f64
}
