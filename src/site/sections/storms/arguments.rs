//! The Fluent arguments of the retry-storm sections: every figure their
//! messages may name ([`ARGUMENTS`], which `check` holds them to), from the
//! page's runs (`runs.rs`) and, for the libraries' budgets, from the
//! core's `budget` as their sources state them; and the small roundings
//! the charts' tables share.

use fluent_bundle::FluentArgs;

use crate::backoff::budget::{self, Budget};
use crate::backoff::contract::storm as contract;
use crate::site::load::content::storms::{LAYERS, LIBRARIES, SPIKE, STRATEGIES, SYSTEMS_SWEPT};

use super::runs::{self, StormResults, Sweep};

/// The variables every storm message receives ([`arguments`]' names).
pub const ARGUMENTS: &[&str] = &[
    "runs",
    "sweep-runs",
    "seed",
    "layers",
    "layer-attempts",
    "bottom-attempts",
    "spike-rate",
    "spike-peak",
    "spike-at",
    "spike-length",
    "spike-within",
    "spike-duration",
    "server-time",
    "server-slope",
    "server-most",
    "network",
    "timeout",
    "attempts",
    "backoff-base",
    "recovered",
    "recovered-backoff",
    "share-before",
    "share-after",
    "share-after-backoff",
    "amplification",
    "amplification-backoff",
    "clients",
    "rate",
    "retries",
    "failure-low",
    "failure-high",
    "open",
    "open-backoff",
    "closed",
    "closed-backoff",
    "healthy",
    "load-no-retries",
    "load-three-retries",
    "load-bucket",
    "load-breaker",
    "success-no-retries",
    "success-three-retries",
    "success-bucket",
    "success-breaker",
    "success-three-retries-low",
    "success-breaker-low",
    "bucket-fill",
    "bucket-size",
    "breaker-ratio",
    "load-grpc",
    "load-aws",
    "load-envoy",
    "load-finagle",
    "grpc-tokens",
    "grpc-ratio",
    "grpc-from-full",
    "grpc-edge",
    "aws-capacity",
    "aws-cost",
    "aws-timeout-cost",
    "aws-cost-2026",
    "aws-switch",
    "grpc-spec",
    "published-share-after",
    "published-difference",
    "aws-from-full",
    "envoy-percent",
    "envoy-min",
    "finagle-percent",
    "finagle-floor",
    "finagle-ttl",
];

/// The sections whose messages (`<id>`, `<id>-…`) receive [`ARGUMENTS`].
const SECTIONS: [&str; 5] = ["layers", "collapse", "systems", "budgets", "libraries"];

/// The variables of the messages that join a scenario's name and a
/// figure's: `panel-title`, `table-column`.
const JOINED: &[&str] = &["scenario", "figure"];

/// The variables message `id` receives, if it is a storm section's.
pub fn variables(id: &str) -> Option<&'static [&'static str]> {
    if id == "panel-title" || id == "table-column" {
        return Some(JOINED);
    }
    SECTIONS
        .iter()
        .any(|p| id == *p || id.strip_prefix(p).is_some_and(|rest| rest.starts_with('-')))
        .then_some(ARGUMENTS)
}

/// `x` rounded to `digits` fraction digits.
pub(super) fn round(x: f64, digits: i32) -> f64 {
    let scale = 10f64.powi(digits);
    (x * scale).round() / scale
}

/// A share as a whole percentage.
pub(super) fn percent(share: f64) -> f64 {
    (100.0 * share).round()
}

/// Input `key` of scenario `id`.
pub(super) fn input(results: &StormResults, id: &str, key: &str) -> f64 {
    results.storms.scenario(id).inputs[contract::input(key)]
}

/// The case of `sweep` at the page's highest failure rate, or at its
/// lowest above zero.
fn at_rate(sweep: &Sweep, high: bool) -> &runs::Case {
    let mut cases = sweep.cases.iter().filter(|c| c.failure_rate > 0.0);
    // `next_back`: the highest rate, the page's rates being in order.
    let case = if high {
        cases.next_back()
    } else {
        cases.next()
    };
    case.or(sweep.cases.last()).expect("a sweep has a case")
}

/// The Fluent arguments of every storm message.
pub fn arguments(results: &StormResults) -> FluentArgs<'static> {
    let storms = &results.storms;
    let mut args = FluentArgs::new();
    // A name of the random streams, not a quantity: written without grouping.
    args.set("seed", storms.seed.to_string());
    args.set("runs", storms.runs);
    args.set("sweep-runs", storms.sweep_runs);
    // Layers: every attempt fails, so each layer makes all its attempts.
    let layers = results.trace(LAYERS);
    args.set("layers", input(results, LAYERS, "layers"));
    args.set("layer-attempts", input(results, LAYERS, "retries") + 1.0);
    let offered: f64 = layers
        .seconds
        .iter()
        .map(|s| s[contract::figure("offered")])
        .sum();
    args.set(
        "bottom-attempts",
        round(offered / layers.summary.starts.max(1.0), 2),
    );
    // The spike, without and with backoff.
    let [plain, backoff] = SPIKE;
    args.set("spike-rate", input(results, plain, "rate"));
    args.set("spike-peak", input(results, plain, "peak"));
    args.set("spike-at", input(results, plain, "at"));
    args.set("spike-length", input(results, plain, "length"));
    args.set("spike-duration", input(results, plain, "duration"));
    args.set("server-time", input(results, plain, "server_time"));
    args.set("server-slope", input(results, plain, "server_slope"));
    // Little's law: the latency 1 / (1 − slope × rate) grows without bound
    // as the rate nears 1 / slope.
    args.set(
        "server-most",
        round(1.0 / input(results, plain, "server_slope"), 0),
    );
    args.set("network", input(results, plain, "network"));
    args.set("timeout", input(results, plain, "timeout"));
    args.set("attempts", input(results, plain, "retries") + 1.0);
    args.set("backoff-base", input(results, backoff, "backoff_base"));
    for (id, suffix) in [(plain, ""), (backoff, "-backoff")] {
        let trace = results.trace(id);
        if let Some(r) = trace.recovery {
            args.set(format!("recovered{suffix}"), r.recovered_runs);
            args.set("spike-within", r.within);
            if suffix.is_empty() {
                args.set("share-before", percent(r.before));
            }
            args.set(format!("share-after{suffix}"), percent(r.after));
        }
        args.set(
            format!("amplification{suffix}"),
            round(trace.summary.amplification, 2),
        );
    }
    // The sweeps.
    let first = STRATEGIES[1];
    args.set("clients", input(results, first, "clients"));
    args.set("rate", input(results, first, "rate"));
    args.set("retries", input(results, first, "retries"));
    let rates = &storms.failure_rates;
    let low = rates.iter().copied().find(|&p| p > 0.0).unwrap_or(rates[0]);
    args.set("failure-low", percent(low));
    args.set("failure-high", percent(rates[rates.len() - 1]));
    for id in SYSTEMS_SWEPT {
        let case = at_rate(results.sweep(id), true);
        args.set(id, case.offered_per_second.round());
    }
    args.set(
        "healthy",
        results.sweep("open").cases[0].offered_per_second.round(),
    );
    for id in STRATEGIES.iter().chain(&LIBRARIES) {
        let case = at_rate(results.sweep(id), true);
        args.set(format!("load-{id}"), round(case.summary.amplification, 2));
    }
    for id in STRATEGIES {
        let case = at_rate(results.sweep(id), true);
        args.set(format!("success-{id}"), percent(case.summary.success_share));
    }
    for id in ["three-retries", "breaker"] {
        let case = at_rate(results.sweep(id), false);
        args.set(
            format!("success-{id}-low"),
            percent(case.summary.success_share),
        );
    }
    // The agreement with the published simulators' own output.
    let published = &storms.published;
    args.set(
        "published-share-after",
        percent(published.spike_share_after),
    );
    let difference = published
        .loads
        .iter()
        .flat_map(|(id, loads)| {
            let sweep = results.sweep(id);
            sweep
                .cases
                .iter()
                .zip(loads)
                .map(|(case, theirs)| (case.summary.amplification - theirs).abs())
        })
        .fold(0.0, f64::max);
    args.set("published-difference", round(difference, 2));
    args.set("bucket-fill", input(results, "bucket", "guard_a"));
    args.set("bucket-size", input(results, "bucket", "guard_b"));
    args.set("breaker-ratio", input(results, "breaker", "guard_a"));
    budget_arguments(&mut args, input(results, first, "retries") as u32);
    args
}

/// The libraries' budgets as their sources state them, and what each lets
/// through from full when every attempt fails (`budget::effect`).
fn budget_arguments(args: &mut FluentArgs<'static>, retries: u32) {
    // The proposal's and the switch's names, as the calculator names them.
    for (name, value) in crate::site::sections::calculator::cost::NAMES {
        let id = if name == "spec" {
            "grpc-spec"
        } else {
            "aws-switch"
        };
        args.set(id, value);
    }
    let from_full = |b: Budget| {
        budget::effect(b, retries, 1.0)
            .ok()
            .and_then(|e| e.retries_from_full)
            .unwrap_or(0)
    };
    if let Budget::Throttling {
        max_tokens,
        token_ratio,
    } = budget::GRPC_A6_EXAMPLE
    {
        args.set("grpc-tokens", max_tokens);
        args.set("grpc-ratio", token_ratio);
        args.set("grpc-from-full", from_full(budget::GRPC_A6_EXAMPLE));
        args.set(
            "grpc-edge",
            round(100.0 * token_ratio / (1.0 + token_ratio), 1),
        );
    }
    if let Budget::Quota {
        capacity,
        retry_cost,
        timeout_cost,
    } = budget::AWS_STANDARD
    {
        args.set("aws-capacity", capacity);
        args.set("aws-cost", retry_cost);
        args.set("aws-timeout-cost", timeout_cost);
        args.set("aws-from-full", from_full(budget::AWS_STANDARD));
    }
    if let Budget::Quota { retry_cost, .. } = budget::AWS_2026 {
        args.set("aws-cost-2026", retry_cost);
    }
    if let Budget::Concurrency { budget_percent } = budget::ENVOY_RETRY_BUDGET {
        args.set("envoy-percent", budget_percent);
        args.set("envoy-min", budget::ENVOY_MIN_RETRY_CONCURRENCY);
    }
    if let Budget::Window {
        percent_can_retry,
        min_retries_per_sec,
        ttl_secs,
    } = budget::FINAGLE_DEFAULT
    {
        args.set("finagle-percent", percent(percent_can_retry));
        args.set("finagle-floor", min_retries_per_sec);
        args.set("finagle-ttl", ttl_secs);
    }
}
