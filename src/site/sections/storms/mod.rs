//! The retry-storm sections of an explainer page: retries through layers
//! (words and figures), and four charts with their words, text alternatives
//! and data tables: the spike that a system without backoff does not
//! recover from (`collapse`), open and closed clients over failure rates
//! (`systems`), Brooker's retry strategies (`budgets`) and the libraries'
//! retry budgets (`libraries`) over failure rates.
//!
//! Every figure comes from the page's [`StormResults`], run once for all
//! languages (`runs.rs`) or, for the libraries' budgets' own rules, from
//! the core's `budget::effect`: the text receives them as Fluent arguments
//! ([`arguments`]), the charts and tables through the page's `intl`. It
//! draws through `sections/charts.rs` and lays out as the contention
//! charts do (`templates/_contention_chart.html`).

pub mod lab;
pub mod runs;

use fluent_bundle::FluentArgs;

use crate::backoff::budget::{self, Budget};
use crate::backoff::contract::storm as contract;
use crate::site::format::intl::Intl;
use crate::site::format::markdown::inline;
use crate::site::format::texts::Texts;
use crate::site::load::content::Section;
use crate::site::load::content::storms::{LAYERS, LIBRARIES, SPIKE, STRATEGIES, SYSTEMS_SWEPT};
use crate::site::sections::charts::{self, Colour, Line, Look, Marker, ValueAxis, XAxis};
use crate::site::sections::contention::{ChartSection, DataTable, LegendEntry};
use runs::{StormResults, Sweep};

/// The per-second figures the collapse chart draws, by the contract's
/// names, and each one's look.
pub(crate) const TRACED: [(&str, Look); 4] = [
    ("starts", look(Colour::Blue, Some("14 4 3 4"), None)),
    ("successes", look(Colour::Green, None, None)),
    ("retries", look(Colour::Red, Some("6 3"), None)),
    ("timeouts", look(Colour::Orange, Some("2 4"), None)),
];

const fn look(colour: Colour, dashes: Option<&'static str>, marker: Option<Marker>) -> Look {
    Look {
        colour,
        dashes,
        marker,
    }
}

/// A swept scenario's look: unique within each chart, and the same in
/// both charts that show three retries.
fn scenario_look(id: &str) -> Look {
    let (colour, dashes, marker) = match id {
        "open" | "no-retries" | "finagle" => (Colour::Red, None, Marker::Circle),
        "open-backoff" | "three-retries" => (Colour::Orange, Some("10 5"), Marker::Square),
        "closed" | "grpc" => (Colour::Purple, Some("2 4"), Marker::Up),
        "bucket" | "aws" => (Colour::Blue, Some("14 4 3 4"), Marker::Diamond),
        _ => (Colour::Green, Some("6 3"), Marker::Down),
    };
    look(colour, dashes, Some(marker))
}

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
    if let Some(found) = lab::variables(id) {
        return Some(found);
    }
    SECTIONS
        .iter()
        .any(|p| id == *p || id.strip_prefix(p).is_some_and(|rest| rest.starts_with('-')))
        .then_some(ARGUMENTS)
}

/// `x` rounded to `digits` fraction digits.
fn round(x: f64, digits: i32) -> f64 {
    let scale = 10f64.powi(digits);
    (x * scale).round() / scale
}

/// A share as a whole percentage.
fn percent(share: f64) -> f64 {
    (100.0 * share).round()
}

/// Input `key` of scenario `id`.
fn input(results: &StormResults, id: &str, key: &str) -> f64 {
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
    args.set("bucket-fill", input(results, "bucket", "guard_a"));
    args.set("bucket-size", input(results, "bucket", "guard_b"));
    args.set("breaker-ratio", input(results, "breaker", "guard_a"));
    budget_arguments(&mut args, input(results, first, "retries") as u32);
    args
}

/// The libraries' budgets as their sources state them, and what each lets
/// through from full when every attempt fails (`budget::effect`).
fn budget_arguments(args: &mut FluentArgs<'static>, retries: u32) {
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

/// The text of a storm section without a chart (`layers`): heading and body.
pub fn prose(texts: &Texts, section: Section, args: &FluentArgs) -> (String, String) {
    crate::site::sections::contention::prose(texts, section, args)
}

/// A chart section: `collapse`, `systems`, `budgets` or `libraries`.
pub fn chart(
    texts: &Texts,
    intl: &Intl,
    section: Section,
    results: &StormResults,
    args: &FluentArgs,
) -> ChartSection {
    let id = section.id();
    let (heading_html, body_html) = prose(texts, section, args);
    let message = |suffix: &str| texts.get(&format!("{id}-{suffix}"), Some(args));
    let label = message("chart-label");
    let number = |v: f64| intl.number(v);
    let (svgs, legend, headers, rows) = if section == Section::Collapse {
        collapse(texts, intl, results, &message("axis"))
    } else {
        let ids: &[&str] = match section {
            Section::Systems => &SYSTEMS_SWEPT,
            Section::Budgets => &STRATEGIES,
            _ => &LIBRARIES,
        };
        // Attempts a second at the server, or attempts per request.
        let value = |case: &runs::Case| {
            if section == Section::Systems {
                case.offered_per_second.round()
            } else {
                round(case.summary.amplification, 2)
            }
        };
        let names: Vec<String> = ids
            .iter()
            .map(|id| texts.get(&format!("scenario-{id}"), None))
            .collect();
        let lines: Vec<Line> = ids
            .iter()
            .zip(&names)
            .map(|(id, name)| Line {
                look: scenario_look(id),
                name,
                points: results
                    .sweep(id)
                    .cases
                    .iter()
                    .map(|c| (percent(c.failure_rate), value(c)))
                    .collect(),
            })
            .collect();
        let rates = &results.storms.failure_rates;
        let x_title = texts.get("axis-failure-rate", None);
        let svg = charts::line_chart(
            &lines,
            &XAxis {
                title: &x_title,
                ticks: rates.iter().map(|&p| percent(p)).collect(),
                band: None,
            },
            &ValueAxis {
                title: &message("axis"),
                log: false,
            },
            &label,
            &number,
        );
        let legend = ids
            .iter()
            .zip(&names)
            .map(|(id, name)| LegendEntry {
                swatch_html: charts::swatch(scenario_look(id)),
                name: name.clone(),
            })
            .collect();
        let mut headers = vec![x_title.clone()];
        headers.extend(names.iter().cloned());
        let digits = if section == Section::Systems { 0 } else { 2 };
        let rows = rates
            .iter()
            .enumerate()
            .map(|(i, &p)| {
                let mut row = vec![number(percent(p))];
                row.extend(
                    ids.iter()
                        .map(|id| intl.fixed(value(&results.sweep(id).cases[i]), digits)),
                );
                row
            })
            .collect();
        (vec![svg], legend, headers, rows)
    };
    let summary_id = format!("{id}-chart-summary");
    let caption_id = format!("{id}-table-caption");
    ChartSection {
        id,
        heading_html,
        body_html,
        label,
        svgs,
        legend,
        summary_html: inline(texts, &summary_id, texts.get(&summary_id, Some(args))),
        data_label: texts.get("table-show", None),
        table: DataTable {
            caption: texts.get(&caption_id, Some(args)),
            headers,
            rows,
        },
    }
}

/// The collapse chart's parts: a panel a spike scenario (the figures per
/// second, the spike shaded), the figures' legend, and a table of every
/// second with each scenario's figures.
fn collapse(
    texts: &Texts,
    intl: &Intl,
    results: &StormResults,
    y_title: &str,
) -> (Vec<String>, Vec<LegendEntry>, Vec<String>, Vec<Vec<String>>) {
    let number = |v: f64| intl.number(v);
    let figure_names: Vec<String> = TRACED
        .iter()
        .map(|(f, _)| texts.get(&format!("figure-{f}"), None))
        .collect();
    let x_title = texts.get("axis-seconds", None);
    let mut svgs = Vec::new();
    let mut headers = vec![x_title.clone()];
    for id in SPIKE {
        let trace = results.trace(id);
        let scenario = texts.get(&format!("scenario-{id}"), None);
        let lines: Vec<Line> = TRACED
            .iter()
            .zip(&figure_names)
            .map(|(&(figure, look), name)| Line {
                look,
                name,
                points: trace
                    .seconds
                    .iter()
                    .enumerate()
                    .map(|(t, s)| (t as f64, s[contract::figure(figure)]))
                    .collect(),
            })
            .collect();
        let at = input(results, id, "at");
        let duration = trace.seconds.len() as f64;
        let step = crate::site::format::svg::nice_step(duration / 6.0);
        let ticks = (0..)
            .map(|k| f64::from(k) * step)
            .take_while(|&t| t <= duration)
            .collect();
        let panel_title = texts.get(
            "panel-title",
            Some(&{
                let mut a = FluentArgs::new();
                a.set("scenario", scenario.clone());
                a.set("figure", y_title.to_string());
                a
            }),
        );
        svgs.push(charts::line_chart(
            &lines,
            &XAxis {
                title: &x_title,
                ticks,
                band: Some((at, at + input(results, id, "length"))),
            },
            &ValueAxis {
                title: &panel_title,
                log: false,
            },
            &scenario,
            &number,
        ));
        for name in &figure_names {
            let mut a = FluentArgs::new();
            a.set("scenario", scenario.clone());
            a.set("figure", name.clone());
            headers.push(texts.get("table-column", Some(&a)));
        }
    }
    let legend = TRACED
        .iter()
        .zip(&figure_names)
        .map(|(&(_, look), name)| LegendEntry {
            swatch_html: charts::swatch(look),
            name: name.clone(),
        })
        .collect();
    let seconds = results.trace(SPIKE[0]).seconds.len();
    let rows = (0..seconds)
        .map(|t| {
            let mut row = vec![number(t as f64)];
            for id in SPIKE {
                let s = &results.trace(id).seconds[t];
                row.extend(
                    TRACED
                        .iter()
                        .map(|(f, _)| intl.fixed(s[contract::figure(f)], 1)),
                );
            }
            row
        })
        .collect();
    (svgs, legend, headers, rows)
}
