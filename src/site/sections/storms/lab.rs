//! The retry-storm lab: a form of every input of the storm contract
//! (`core::contract::storm::INPUTS`, by its keys; an empty field is an
//! input not given), its start values from the page's `lab` scenario in the
//! page's notation, and the island its
//! script (`static/calculator/lab.js`) reads: the contract's keys, errors
//! and figures, the words it fills, the notation and the module's address.
//! The script runs the core's storm module; without it the form stays
//! hidden and a notice points at the build's charts above.
//! `templates/_storm_lab.html` lays it out.

use std::collections::BTreeMap;

use fluent_bundle::FluentArgs;
use serde::Serialize;

use crate::backoff::Jitter;
use crate::backoff::contract::storm::{self as contract, ERRORS, FIGURES, GUARDS, INPUTS};
use crate::presets::{Group, Preset};
use crate::site::format::intl::Intl;
use crate::site::format::intl::notation::NumberSymbols;
use crate::site::format::json::script_json;
use crate::site::format::markdown::{block, inline};
use crate::site::format::texts::Texts;
use crate::site::load::content::storms::{LAB, Storms};
use crate::site::sections::calculator::presets::GroupView;
use crate::site::sections::charts;
use crate::site::sections::contention::LegendEntry;
use crate::site::sections::defaults::preset_label;

use super::TRACED;

/// The inputs in the form's groups, each group's legend message last but
/// named first: (group, keys).
const GROUPS: [(&str, &[&str]); 4] = [
    (
        "workload",
        &[
            "workload", "rate", "peak", "at", "length", "slope", "duration", "until", "system",
            "clients",
        ],
    ),
    (
        "server",
        &[
            "server_time",
            "server_slope",
            "limit",
            "queue",
            "server_failure_rate",
            "network",
        ],
    ),
    (
        "client",
        &[
            "timeout",
            "retries",
            "backoff_base",
            "backoff_multiplier",
            "backoff_max",
            "backoff_jitter",
            "backoff_jitter_factor",
            "guard",
            "guard_a",
            "guard_b",
            "layers",
        ],
    ),
    ("runs", &["runs", "seed"]),
];

/// The most runs the lab averages: each is a slice of the reader's time.
pub const MAX_LAB_RUNS: u32 = 20;

/// A field of the form.
pub struct LabField {
    /// The contract's key (`runs` is the lab's own).
    pub key: &'static str,
    pub label: String,
    /// A text field's value in the page's notation, or a select's options
    /// as (code, name, selected).
    pub value: String,
    pub options: Vec<(String, String, bool)>,
}

pub struct LabGroup {
    pub id: &'static str,
    pub legend: String,
    pub fields: Vec<LabField>,
}

/// The preset selector: its label, the first option (the reader's own
/// policy) and the presets by group, as the calculator's selector groups
/// them.
pub struct LabPresets {
    pub label: String,
    pub own: String,
    pub groups: Vec<GroupView>,
}

/// The lab section's view.
pub struct LabView {
    pub heading_html: String,
    pub body_html: String,
    pub notice_html: String,
    pub presets: Option<LabPresets>,
    pub groups: Vec<LabGroup>,
    pub chart_label: String,
    pub legend: Vec<LegendEntry>,
    pub data_json: String,
    pub script_src: String,
}

/// The island: what the script reads off the page.
#[derive(Serialize)]
struct Island<'a> {
    inputs: &'static [&'static str],
    figures: &'static [&'static str],
    /// The figures the chart draws, with their names and looks' classes.
    traced: Vec<Traced>,
    /// The message of each error code, code `c` at `c - 1`, and the field
    /// it is shown at.
    errors: Vec<String>,
    error_fields: &'static [&'static str],
    /// Each field's key → its label, for the errors that name it.
    labels: BTreeMap<&'static str, String>,
    text: BTreeMap<&'static str, String>,
    number: &'a NumberSymbols,
    /// The names of each select's codes, for the address.
    choices: BTreeMap<&'static str, &'static [&'static str]>,
    max_runs: u32,
    max_seconds: usize,
    max_seed: u64,
    wasm: String,
    /// Each preset's policy and budget as the contract's inputs (times in
    /// seconds; `null` for an input it leaves empty).
    presets: BTreeMap<String, BTreeMap<&'static str, serde_json::Value>>,
}

/// `preset`'s policy and retry budget as the storm contract's inputs: its
/// delays in seconds, its jitter and budget by their codes.
fn preset_inputs(preset: &Preset) -> BTreeMap<&'static str, serde_json::Value> {
    let p = preset.policy;
    let value = |x: Option<f64>| x.map_or(serde_json::Value::Null, Into::into);
    let jitter = Jitter::NAMES.iter().position(|n| *n == p.jitter.name());
    let guard = preset
        .budget
        .and_then(|name| GUARDS.iter().position(|g| *g == name));
    BTreeMap::from([
        ("backoff_base", value(Some(p.base / 1000.0))),
        ("backoff_multiplier", value(Some(p.multiplier))),
        ("backoff_max", value(p.max_delay.map(|m| m / 1000.0))),
        ("backoff_jitter", value(jitter.map(|c| c as f64))),
        ("backoff_jitter_factor", value(p.jitter.factor())),
        ("retries", value(Some(f64::from(p.retries)))),
        ("guard", value(guard.map(|c| c as f64))),
    ])
}

#[derive(Serialize)]
struct Traced {
    figure: &'static str,
    name: String,
    colour: &'static str,
    dashes: Option<&'static str>,
}

/// The message id of a field's label.
fn label_id(key: &str) -> String {
    format!("lab-field-{}", key.replace('_', "-"))
}

/// The message id of an error code's key.
fn error_id(key: &str) -> String {
    format!("lab-error-{}", key.replace('_', "-"))
}

/// The error codes' limits, which their messages state (`$max`), by the
/// errors' keys.
fn limit(key: &str) -> Option<f64> {
    use crate::backoff::storm::model::{MAX_RATE, MAX_TIME};
    Some(match key {
        "duration" => contract::MAX_SECONDS as f64,
        "rate" | "peak" | "slope" => MAX_RATE,
        "at" | "length" | "until" | "server" | "network" | "timeout" => MAX_TIME,
        "clients" => contract::MODULE_CLIENTS as f64,
        "layers" => f64::from(crate::backoff::cost::MAX_LAYERS),
        "retry" => f64::from(crate::backoff::MAX_RETRIES),
        "requests" => contract::MODULE_REQUESTS as f64,
        "events" => contract::MODULE_EVENTS as f64,
        "seed" => crate::backoff::contract::sample::MAX_SEED as f64,
        _ => return None,
    })
}

/// The lab's messages the script fills, with their holes (`{name}`).
pub const FILLED: &[(&str, &[&str])] = &[
    ("lab-verdict-recovered", &["runs", "before", "after"]),
    ("lab-verdict-collapsed", &["runs", "before", "after"]),
    (
        "lab-verdict-mixed",
        &["recovered", "runs", "before", "after"],
    ),
    ("lab-verdict-steady", &["runs", "success", "amplification"]),
    ("lab-summary", &["amplification", "success", "goodput"]),
    ("lab-runs-error", &["max"]),
];

/// The guards' names that hold the proposal's or the switch's name.
const NAMED_GUARDS: &[(&str, &[&str])] = &[
    ("lab-guard-grpc-throttling-example", &["spec"]),
    ("lab-guard-aws-retry-quota-2026", &["switch"]),
];

/// The variables of lab message `id`, if it receives any.
pub fn variables(id: &str) -> Option<&'static [&'static str]> {
    if let Some(key) = id.strip_prefix("lab-error-") {
        let key = key.replace('-', "_");
        return (ERRORS.contains(&key.as_str()) && limit(&key).is_some()).then_some(&["max"]);
    }
    FILLED
        .iter()
        .chain(NAMED_GUARDS)
        .find(|(m, _)| *m == id)
        .map(|(_, v)| *v)
}

/// The message `id` with each of its variables as its hole, `{name}`.
fn with_holes(texts: &Texts, id: &str) -> String {
    let mut args = FluentArgs::new();
    for name in variables(id).unwrap_or_default() {
        args.set(*name, format!("{{{name}}}"));
    }
    texts.get(id, Some(&args))
}

/// The name of option `code` of select `key`.
fn option_name(texts: &Texts, key: &str, code: usize) -> String {
    match key {
        "workload" => texts.get(&format!("lab-workload-{}", contract::WORKLOADS[code]), None),
        "system" => texts.get(&format!("lab-system-{}", contract::SYSTEMS[code]), None),
        "backoff_jitter" => texts.get(&format!("jitter-{}", Jitter::NAMES[code]), None),
        _ => {
            // The proposal's and the switch's names, as the calculator's.
            let mut args = FluentArgs::new();
            for (name, value) in crate::site::sections::calculator::cost::NAMES {
                args.set(name, value);
            }
            texts.get(&format!("lab-guard-{}", GUARDS[code]), Some(&args))
        }
    }
}

/// The options of select `key`, as many as its names.
fn option_count(key: &str) -> Option<usize> {
    match key {
        "workload" => Some(contract::WORKLOADS.len()),
        "system" => Some(contract::SYSTEMS.len()),
        "backoff_jitter" => Some(Jitter::NAMES.len()),
        "guard" => Some(GUARDS.len()),
        _ => None,
    }
}

/// The lab's view: its form starting from the page's `lab` scenario.
pub fn view(
    texts: &Texts,
    intl: &Intl,
    storms: &Storms,
    library_presets: &[Preset],
    wasm: &str,
    script: &str,
    root: &str,
) -> LabView {
    let start = &storms.scenario(LAB).inputs;
    let mut groups = Vec::new();
    let mut labels = BTreeMap::new();
    for (group, keys) in GROUPS {
        let mut fields = Vec::new();
        for &key in keys {
            let label = texts.get(&label_id(key), None);
            labels.insert(key, label.clone());
            let x = if key == "runs" {
                f64::from(storms.runs.min(MAX_LAB_RUNS))
            } else {
                start[contract::input(key)]
            };
            let (value, options) = match option_count(key) {
                Some(n) => {
                    // The guard's NaN is "none", its first option.
                    let selected = if x.is_nan() { None } else { Some(x as usize) };
                    let mut options: Vec<(String, String, bool)> = (0..n)
                        .map(|c| {
                            (
                                c.to_string(),
                                option_name(texts, key, c),
                                selected == Some(c),
                            )
                        })
                        .collect();
                    if key == "guard" {
                        let none = texts.get("lab-guard-none", None);
                        options.insert(0, (String::new(), none, selected.is_none()));
                    }
                    (String::new(), options)
                }
                None if x.is_nan() => (String::new(), Vec::new()),
                // A seed is a name, written without grouping.
                None if key == "seed" => ((x as u64).to_string(), Vec::new()),
                None => (intl.number(x), Vec::new()),
            };
            fields.push(LabField {
                key,
                label,
                value,
                options,
            });
        }
        groups.push(LabGroup {
            id: group,
            legend: texts.get(&format!("lab-group-{group}"), None),
            fields,
        });
    }
    let traced = TRACED
        .iter()
        .map(|(figure, look)| Traced {
            figure,
            name: texts.get(&format!("figure-{figure}"), None),
            colour: look.colour.name(),
            dashes: look.dashes,
        })
        .collect::<Vec<_>>();
    let legend = TRACED
        .iter()
        .zip(&traced)
        .map(|((_, look), t)| LegendEntry {
            swatch_html: charts::swatch(*look),
            name: t.name.clone(),
        })
        .collect();
    let mut text = BTreeMap::new();
    for (id, _) in FILLED {
        text.insert(*id, with_holes(texts, id));
    }
    for id in [
        "lab-running",
        "lab-stale",
        "lab-axis-seconds",
        "lab-axis-count",
        "lab-chart-label",
        "lab-failed",
    ] {
        text.insert(id, texts.get(id, None));
    }
    let mut example = FluentArgs::new();
    example.set("example", "{example}");
    text.insert(
        "error-notation",
        texts.get("error-notation", Some(&example)),
    );
    let mut max = FluentArgs::new();
    max.set("max", "{max}");
    text.insert("error-too-large", texts.get("error-too-large", Some(&max)));
    text.insert("error-not-a-number", texts.get("error-not-a-number", None));
    let island = Island {
        inputs: &INPUTS,
        figures: &FIGURES,
        traced,
        errors: ERRORS
            .iter()
            .map(|key| {
                let mut args = FluentArgs::new();
                if let Some(max) = limit(key) {
                    // A seed is a name, written without grouping.
                    let max = if *key == "seed" {
                        format!("{max}")
                    } else {
                        intl.number(max)
                    };
                    args.set("max", max);
                }
                texts.get(&error_id(key), Some(&args))
            })
            .collect(),
        error_fields: &contract::ERROR_INPUTS,
        labels,
        text,
        number: intl.number_symbols(),
        choices: [
            ("workload", &contract::WORKLOADS[..]),
            ("system", &contract::SYSTEMS[..]),
            ("backoff_jitter", &Jitter::NAMES[..]),
            ("guard", &GUARDS[..]),
        ]
        .into_iter()
        .collect(),
        max_runs: MAX_LAB_RUNS,
        max_seconds: contract::MAX_SECONDS,
        max_seed: crate::backoff::contract::sample::MAX_SEED,
        presets: library_presets
            .iter()
            .map(|p| (p.id.clone(), preset_inputs(p)))
            .collect(),
        wasm: format!("{root}{wasm}"),
    };
    let presets = (!library_presets.is_empty()).then(|| LabPresets {
        label: texts.get("calc-preset-label", None),
        own: texts.get("calc-preset-own", None),
        groups: Group::ALL
            .into_iter()
            .filter_map(|group| {
                let members: Vec<(String, String)> = library_presets
                    .iter()
                    .filter(|p| p.group == group)
                    .map(|p| (p.id.clone(), preset_label(p, texts)))
                    .collect();
                (!members.is_empty()).then(|| GroupView {
                    label: texts.get(&format!("calc-preset-group-{}", group.name()), None),
                    presets: members,
                })
            })
            .collect(),
    });
    LabView {
        heading_html: inline(texts, "lab-heading", texts.get("lab-heading", None)),
        body_html: block(texts, "lab", texts.get("lab", None)),
        notice_html: inline(texts, "lab-notice", texts.get("lab-notice", None)),
        presets,
        groups,
        chart_label: texts.get("lab-chart-label", None),
        legend,
        data_json: script_json(&island),
        script_src: format!("{root}{script}"),
    }
}
