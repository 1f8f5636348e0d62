//! The calculator's data: everything the script needs to know about a
//! page, in two halves. The page's own (its island: language, modules,
//! default policy, units, limits) is a `<script type="application/json">`
//! block the browser never executes, so the page's Content-Security-Policy
//! needs no exception. The half that is the same on every page of a
//! language with the same rule for a maximum of 0 ([`Shared`]: contract,
//! notation, words) is an asset the island names and the script fetches
//! at start beside the base module, which a reader's browser then keeps
//! for every other page of the language. The presets' data is an asset of
//! its own (`presets.rs`), fetched only when the reader goes to the
//! selector or an address names a preset.
//!
//! The script (`static/calculator/`) has no text of its own: every label,
//! error, unit, plural pattern and number separator reaches it through the
//! island, with `{name}` where the script puts each figure. Its fields,
//! rules, jitter kinds, error codes and buffer offsets come from the
//! contract ([`contract`] and `backoff_core::contract`); this module adds
//! none of its own. It also words the charts' labels (`chart_words`), which
//! the static charts and the island share.

use std::collections::BTreeMap;

use fluent_bundle::FluentArgs;
use serde::Serialize;
use unic_langid::LanguageIdentifier;

use crate::backoff::contract as core_contract;
use crate::site::format::duration;
use crate::site::format::intl::{
    Intl, LARGEST_INPUT, MAX_FRACTION_DIGITS, NumberSymbols, SMALLEST_INPUT,
};
use crate::site::format::texts::Texts;
use crate::site::load::content::CalculatorProfile;
use crate::site::sections::calculator::schedule;
use crate::site::sections::calculator::schedule::Headers;
use crate::site::sections::calculator::{
    contract, cost, curve, distribution, fit, form::limit_fields, herd, sample,
};

/// The island: what the script needs to know of this page alone.
#[derive(Serialize)]
pub struct Island {
    lang: String,
    wasm: String,
    /// The [`Shared`] data's asset, by its path from the page.
    shared: String,
    /// The method module of each jitter kind, by the kind's name: the grid
    /// module for the base module's kinds, the Monte Carlo module for
    /// decorrelated jitter. The script fetches the one of the reader's kind
    /// when the reader first changes an input (and the other when the
    /// reader switches to a kind of it).
    wasm_methods: BTreeMap<&'static str, String>,
    /// The default policy, keyed as the JSON document's `policy`.
    defaults: serde_json::Map<String, serde_json::Value>,
    units: BTreeMap<&'static str, String>,
    /// The default timeout and deadline, `null` when not given.
    limits: BTreeMap<&'static str, Option<f64>>,
}

/// What the script needs to know that every page of a language (with the
/// same rule for a maximum of 0) shares.
#[derive(Serialize)]
pub struct Shared {
    /// Both halves of the contract: fields and their rules, inputs, jitter
    /// kinds, error codes, buffer offsets.
    contract: contract::Island,
    number: NumberSymbols,
    /// The notations of the site's other languages that differ from
    /// `number`: a figure valid here that one of them reads otherwise
    /// ("30.000": 30 in English, 30,000 in German) is said beside its
    /// field as it was read (`read_as`).
    other_numbers: Vec<NumberSymbols>,
    max_fraction_digits: i16,
    /// Larger inputs are refused as too large.
    largest_input: f64,
    /// Smaller non-zero delays are refused as too small.
    smallest_input: f64,
    /// Humanized-duration patterns with `{days}`, `{hours}`, `{minutes}`,
    /// `{seconds}` where the figures go.
    duration: BTreeMap<&'static str, String>,
    /// The table caption per CLDR plural category, `{n}` for the count.
    caption: BTreeMap<&'static str, String>,
    /// Labels and messages; `{retry}` marks where a retry number goes.
    text: BTreeMap<String, String>,
    /// The timeout and deadline fields the contract does not list itself;
    /// each is optional (empty: not given).
    limit_fields: Vec<OptionalField>,
    /// The failure rate and layers fields (`cost::fields`); each is
    /// optional.
    cost_fields: Vec<OptionalField>,
    /// The label of the attempts at the bottom of the layers per CLDR
    /// plural category, `{layers}` for the count.
    cost_bottom: BTreeMap<&'static str, String>,
    /// The retries a budget lets through from full, per CLDR plural
    /// category of the calls that get all theirs: `{calls}` and
    /// `{retries}` for the counts.
    budget_figure: BTreeMap<&'static str, String>,
    /// The percentiles of the total wait the page shows, in its order, by
    /// the names of the core's figures.
    percentiles: Vec<&'static str>,
    /// The many-clients view's summary per CLDR plural category of its peak.
    herd: BTreeMap<&'static str, String>,
}

/// The notations of `others` whose marks differ from `own`'s, each once.
fn distinct_notations(own: &NumberSymbols, others: &[&NumberSymbols]) -> Vec<NumberSymbols> {
    let marks = |n: &NumberSymbols| (n.decimal.clone(), n.group_accepted.clone(), n.grouping);
    let mut distinct: Vec<NumberSymbols> = Vec::new();
    for other in others {
        if marks(other) != marks(own) && !distinct.iter().any(|d| marks(d) == marks(other)) {
            distinct.push((*other).clone());
        }
    }
    distinct
}

/// A field that may be left empty.
#[derive(Serialize)]
struct OptionalField {
    #[serde(flatten)]
    field: contract::Field,
    optional: bool,
}

/// The bounds a field's error may name (`$min`, and `$max` when the rule
/// has one), each `shift` above the rule's, in the page's notation.
fn rule_bounds(intl: &Intl, rule: &contract::Rule, shift: f64) -> Vec<(&'static str, String)> {
    let mut bounds = vec![("min", intl.number(rule.min + shift))];
    bounds.extend(rule.max.map(|max| ("max", intl.number(max + shift))));
    bounds
}

/// `fields`, each optional.
fn optional(fields: impl IntoIterator<Item = contract::Field>) -> Vec<OptionalField> {
    fields
        .into_iter()
        .map(|field| OptionalField {
            field,
            optional: true,
        })
        .collect()
}

/// The figure the notation error writes as an example of the page's
/// notation: digit groups and a fraction.
const NOTATION_EXAMPLE: f64 = 12_345.5;
/// The island's words of the percentiles and the timeline; the verdicts
/// with `{name}` where the script puts each figure.
fn distribution_text(texts: &Texts, fields: &[contract::Field]) -> Vec<(String, String)> {
    let words = distribution::ChartWords::new(texts);
    let mut text: Vec<(String, String)> = distribution::PERCENTILES
        .iter()
        .map(|(name, p)| {
            (
                format!("total_{name}"),
                distribution::percentile_label(texts, *p),
            )
        })
        .collect();
    for (key, value) in [
        ("timeline_caption", texts.get("calc-timeline-caption", None)),
        ("timeline_attempt", words.attempt),
        (
            "timeline_earliest",
            texts.get("calc-timeline-earliest", None),
        ),
        ("timeline_median", words.median),
        ("timeline_latest", texts.get("calc-timeline-latest", None)),
        ("timeline_chart", words.label),
        ("timeline_chart_first", words.label_first),
        ("timeline_range", words.range),
        ("timeline_deadline", words.deadline),
    ] {
        text.push((key.into(), value));
    }
    text.extend(distribution::island_text(texts));
    // The fields' errors, which the contract's errors do not list yet.
    for field in fields {
        let id = format!("error-{}", field.error);
        text.push((format!("error_{}", field.error), texts.get(&id, None)));
    }
    text
}

/// The chart's words, with `{first}`, `{last}` and `{retry}` where the
/// summary's figures go.
pub fn chart_words(texts: &Texts) -> schedule::ChartWords {
    schedule::ChartWords {
        label: texts.get("calc-chart-label", None),
        retry: texts.get("table-retry", None),
        delay: texts.get("table-delay", None),
        band: texts.get("calc-chart-band", None),
        mean: texts.get("calc-chart-mean", None),
        cap: texts.get("calc-max-label", None),
        log: texts.get("calc-chart-log", None),
        summary: message(texts, "calc-chart-summary", &[]),
        summary_capped: message(texts, "calc-chart-summary-capped", &[]),
        summary_constant: message(texts, "calc-chart-summary-constant", &[]),
    }
}

/// Message `id` with the build's `figures`, and `{name}` where the script
/// puts each other variable the contract lists for it.
fn message(texts: &Texts, id: &str, figures: &[(&str, String)]) -> String {
    let mut args = FluentArgs::new();
    let listed = contract::variables(id)
        .or_else(|| cost::variables(id))
        .or_else(|| fit::variables(id))
        .or_else(|| sample::variables(id))
        .or_else(|| curve::variables(id));
    for &name in listed.unwrap_or_default() {
        match figures.iter().find(|(n, _)| *n == name) {
            Some((_, figure)) => args.set(name, figure.clone()),
            None => args.set(name, format!("{{{name}}}")),
        }
    }
    texts.get(id, Some(&args))
}

/// The shared half of the data of `profile`'s pages, with the words of
/// `texts`.
pub fn shared(
    profile: &CalculatorProfile,
    texts: &Texts,
    intl: &Intl,
    other_numbers: &[&NumberSymbols],
    headers: &Headers,
) -> Shared {
    let duration = duration::SHAPES
        .iter()
        .map(|(key, _)| (*key, message(texts, &duration::message_id(key), &[])))
        .collect();
    let chart = chart_words(texts);
    let mut text: BTreeMap<String, String> = [
        ("retry", headers.retry.clone()),
        ("delay", headers.delay.clone()),
        ("range", headers.range.clone()),
        ("mean", headers.mean.clone()),
        ("capped", headers.capped.clone()),
        ("cumulative", headers.cumulative.clone()),
        ("yes", headers.yes.clone()),
        ("no", headers.no.clone()),
        ("copied", texts.get("calc-copied", None)),
        ("read_as", message(texts, "calc-read-as", &[])),
        ("stale", texts.get("calc-stale", None)),
        ("stale_loading", texts.get("calc-stale-loading", None)),
        (
            "stale_load_failed",
            texts.get("calc-stale-load-failed", None),
        ),
        ("chart", texts.get("calc-chart-label", None)),
        ("chart_band", chart.band),
        ("chart_mean", chart.mean),
        ("chart_cap", chart.cap),
        ("chart_log", chart.log),
        ("chart_summary", chart.summary),
        ("chart_summary_capped", chart.summary_capped),
        ("chart_summary_constant", chart.summary_constant),
        ("error_not_a_number", texts.get("error-not-a-number", None)),
        (
            "error_notation",
            // The notation of the page, shown by example: grouped, with a
            // fraction.
            message(
                texts,
                "error-notation",
                &[("example", intl.number(NOTATION_EXAMPLE))],
            ),
        ),
        (
            "error_too_large",
            message(
                texts,
                "error-too-large",
                &[("max", intl.number(LARGEST_INPUT))],
            ),
        ),
        (
            "error_too_small",
            message(
                texts,
                "error-too-small",
                &[("min", intl.number(SMALLEST_INPUT))],
            ),
        ),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    // One message per error code; a field's rule gives the bounds its
    // error may name.
    let fields = contract::fields(profile.zero_max);
    for key in core_contract::ERRORS {
        let Some(id) = contract::error_message(key, profile.zero_max) else {
            continue;
        };
        let bounds = fields
            .iter()
            .find(|f| f.error == key)
            .map(|f| rule_bounds(intl, &f.rule, 0.0))
            .unwrap_or_default();
        text.insert(format!("error_{key}"), message(texts, &id, &bounds));
    }
    let limit_fields = limit_fields(profile.zero_max);
    for (key, value) in distribution_text(texts, &limit_fields) {
        text.entry(key).or_insert(value);
    }
    let clients = contract::clients_field();
    let clients_bounds = rule_bounds(intl, &clients.rule, 0.0);
    text.insert(
        "error_clients".into(),
        message(texts, "error-clients", &clients_bounds),
    );
    text.insert("herd".into(), texts.get("calc-herd-label", None));
    text.insert("herd_time".into(), texts.get("calc-herd-time", None));
    let cost_fields = cost::fields();
    for field in &cost_fields {
        let bounds = rule_bounds(intl, &field.rule, 0.0);
        let id = format!("error-{}", field.error.replace('_', "-"));
        text.insert(
            format!("error_{}", field.error),
            message(texts, &id, &bounds),
        );
    }
    for (key, id) in [
        ("retries_label", "calc-retries-label"),
        ("retries_hint", "calc-retries-hint"),
        ("attempts_label", "calc-attempts-label"),
        ("attempts_hint", "calc-attempts-hint"),
    ] {
        text.insert(key.into(), texts.get(id, None));
    }
    // Attempts are one more than retries: the retries' bounds, shifted.
    let attempts_bounds = fields
        .iter()
        .find(|f| f.input == "retries")
        .map(|f| rule_bounds(intl, &f.rule, 1.0))
        .unwrap_or_default();
    text.insert(
        "error_attempts".into(),
        message(texts, "error-attempts", &attempts_bounds),
    );
    for (key, id) in cost::TEXT {
        text.insert(key.into(), message(texts, id, &[]));
    }
    let percentile = [("percentile", intl.number(f64::from(fit::PERCENTILE)))];
    for (key, id) in fit::TEXT {
        text.insert(key.into(), message(texts, id, &percentile));
    }
    for (key, id) in sample::TEXT.iter().chain(&curve::TEXT) {
        text.insert((*key).into(), message(texts, id, &[]));
    }
    let names = cost::NAMES.map(|(name, value)| (name, value.to_string()));
    for (key, id) in cost::budget_names() {
        text.insert(key, message(texts, &id, &names));
    }
    Shared {
        contract: contract::island(profile.zero_max),
        number: intl.number_symbols().clone(),
        other_numbers: distinct_notations(intl.number_symbols(), other_numbers),
        max_fraction_digits: MAX_FRACTION_DIGITS,
        largest_input: LARGEST_INPUT,
        smallest_input: SMALLEST_INPUT,
        duration,
        caption: caption_patterns(texts, intl),
        text,
        limit_fields: optional(limit_fields),
        cost_fields: optional(cost_fields),
        cost_bottom: plural_patterns(texts, intl, "calc-cost-bottom", "layers"),
        budget_figure: plural_patterns(texts, intl, "calc-budget-from-full-figure", "calls"),
        percentiles: distribution::PERCENTILES.map(|(name, _)| name).to_vec(),
        herd: herd::summary_patterns(texts, intl),
    }
}

/// The page's island of `profile`, naming its modules and its shared data
/// (`shared`) by their paths from the page.
pub fn island(
    profile: &CalculatorProfile,
    texts: &Texts,
    lang: &LanguageIdentifier,
    [wasm, grid, monte_carlo]: [String; 3],
    shared: String,
) -> Island {
    let fields = contract::fields(profile.zero_max);
    let slots = core_contract::inputs(&profile.defaults).expect("an offered jitter kind");
    let jitter = profile.defaults.jitter.name();
    // The inputs of fields of another jitter kind are not in the policy.
    let applies = |key: &str| {
        fields
            .iter()
            .all(|f| f.input != key || f.only_with.is_none_or(|kind| kind == jitter))
    };
    let mut defaults: serde_json::Map<_, _> = core_contract::INPUTS
        .into_iter()
        .zip(slots)
        .filter(|(key, _)| applies(key))
        .map(|(key, x)| {
            let value = match key {
                "jitter" => profile.defaults.jitter.name().into(),
                // Not given: null, as the JSON document writes it.
                _ if x.is_nan() => serde_json::Value::Null,
                _ => x.into(),
            };
            (key.to_string(), value)
        })
        .collect();
    defaults.insert("unit".into(), profile.unit.name().into());
    Island {
        lang: lang.to_string(),
        wasm,
        shared,
        wasm_methods: core_contract::distribution::JITTERS
            .into_iter()
            .map(|kind| {
                let module = if core_contract::JITTERS.contains(&kind) {
                    &grid
                } else {
                    &monte_carlo
                };
                (kind, module.clone())
            })
            .collect(),
        defaults,
        units: profile
            .units
            .iter()
            .map(|u| (u.name(), duration::unit_label(*u, texts)))
            .collect(),
        limits: [
            ("timeout", profile.limits.timeout),
            ("deadline", profile.limits.deadline),
        ]
        .into(),
    }
}

/// The table caption for each plural category of the language, with `{n}`
/// where the count goes; the script picks one with `Intl.PluralRules`.
fn caption_patterns(texts: &Texts, intl: &Intl) -> BTreeMap<&'static str, String> {
    plural_patterns(texts, intl, "table-caption", "retries")
        .into_iter()
        .map(|(category, text)| (category, text.replace("{retries}", "{n}")))
        .collect()
}

/// Message `id` for each CLDR plural category of the language, with
/// `{variable}` where the script puts the count.
fn plural_patterns(
    texts: &Texts,
    intl: &Intl,
    id: &str,
    variable: &str,
) -> BTreeMap<&'static str, String> {
    intl.count_samples()
        .iter()
        .map(|&(category, n)| {
            let mut args = FluentArgs::new();
            // The message's other variables are the script's to fill.
            for &name in cost::variables(id).unwrap_or_default() {
                args.set(name, format!("{{{name}}}"));
            }
            args.set(variable, n);
            let text = texts.get(id, Some(&args));
            let hole = format!("{{{variable}}}");
            (category, text.replacen(&intl.number(n as f64), &hole, 1))
        })
        .collect()
}
