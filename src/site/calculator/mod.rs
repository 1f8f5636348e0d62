//! The calculator's section of a page: the static schedule of its default
//! inputs (what readers without JavaScript see), the form the script brings
//! to life, and the data island the script reads its words and its
//! contract from.
//!
//! The script (`static/calculator.js`) has no text of its own: every label,
//! error, unit, plural pattern and number separator reaches it through the
//! island, a `<script type="application/json">` block the browser never
//! executes, so the page's Content-Security-Policy needs no exception. Its
//! fields, rules, jitter kinds, error codes and buffer offsets come from
//! the contract ([`contract`] and `backoff_core::contract`), which this
//! module turns into the form and the island; it adds none of its own.
//!
//! Over 500 lines with its tests: the tests of the number notation the
//! island hands the script live here, beside the island.

pub mod as_code;
pub mod contract;
pub mod distribution;
pub mod herd;
pub mod presets;

use std::collections::BTreeMap;

use fluent_bundle::FluentArgs;
use serde::Serialize;
use unic_langid::LanguageIdentifier;

use crate::backoff::contract as core_contract;
use crate::backoff::{Jitter, Schedule};
use crate::report::Unit;
use crate::site::content::Page;
use crate::site::figures::{self, TableRow};
use crate::site::intl::{Intl, LARGEST_INPUT, MAX_FRACTION_DIGITS, NumberSymbols, SMALLEST_INPUT};
use crate::site::json::script_json;
use crate::site::markdown;
use crate::site::texts::Texts;

pub struct Headers {
    pub retry: String,
    pub delay: String,
    pub range: String,
    pub mean: String,
    pub capped: String,
    pub cumulative: String,
    pub yes: String,
    pub no: String,
}

pub struct TotalView {
    pub label: String,
    pub figure: String,
    pub human: Option<String>,
}

/// A text input of the form.
pub struct Field {
    pub name: &'static str,
    pub label: String,
    /// Whether the label carries the unit (`First delay (ms)`).
    pub has_unit: bool,
    /// `numeric` opens a whole-number keypad on phones, `decimal` one with
    /// the decimal separator.
    pub inputmode: &'static str,
    pub hint: String,
    pub value: String,
    /// Whether the field applies to the default jitter kind; the others
    /// are hidden until their kind is chosen.
    pub applies: bool,
    /// A field of one jitter kind, placed after the jitter selector.
    pub of_jitter: bool,
}

/// An option of a `<select>`.
pub struct Choice {
    pub value: &'static str,
    pub label: String,
    pub selected: bool,
}

/// What `_calculator.html` needs.
pub struct CalculatorView {
    pub heading: String,
    pub max_delay_rule_html: String,
    pub needs_js: String,
    pub fields: Vec<Field>,
    pub jitter_label: String,
    pub jitters: Vec<Choice>,
    pub unit_label: String,
    /// The unit the delay fields' labels carry; empty for plain numbers.
    pub unit_shown: String,
    /// The name of the table's scrolling region.
    pub table_label: String,
    /// Empty when the page offers one unit only.
    pub units: Vec<Choice>,
    pub stale: String,
    pub copy_json: String,
    pub download_json: String,
    pub chart_label: String,
    /// The chart of the default inputs, as the script draws it.
    pub chart_html: String,
    /// The many-clients view: its field, its caption and the chart of the
    /// default inputs (`herd.rs`).
    pub clients: Field,
    pub herd_label: String,
    pub herd_html: String,
    pub caption: String,
    pub headers: Headers,
    pub jittered: bool,
    pub rows: Vec<TableRow>,
    pub totals: Vec<TotalView>,
    /// P50, P90 and P99 of the total wait.
    pub percentiles: Vec<TotalView>,
    /// How the percentiles were computed and what they are rounded to.
    pub percentiles_method: String,
    /// The timeout and deadline fields (`distribution::limit_fields`).
    pub limit_fields: Vec<Field>,
    /// The legend of the optional fields' group (timeout, deadline, clients).
    pub optional_legend: String,
    /// The attempt timeline of the defaults, when they give a timeout or a
    /// deadline.
    pub timeline: Option<distribution::TimelineView>,
    /// The island's JSON, safe to place inside `<script>`.
    pub data_json: String,
    /// The script's path from this page.
    pub script_src: String,
    /// The preset selector; `None` for a site without presets.
    pub presets: Option<presets::PresetsView>,
    /// The default policy as code for each library.
    pub as_code: as_code::AsCodeView,
}

/// The island: everything the script needs to know about this page.
#[derive(Serialize)]
struct Island {
    lang: String,
    wasm: String,
    /// The distribution module (the distribution export alone), which the
    /// script fetches when the reader first changes an input.
    wasm_distribution: String,
    /// Both halves of the contract: fields and their rules, inputs, jitter
    /// kinds, error codes, buffer offsets.
    contract: contract::Island,
    /// The default policy, keyed as the JSON document's `policy`.
    defaults: serde_json::Map<String, serde_json::Value>,
    units: BTreeMap<&'static str, String>,
    number: NumberSymbols,
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
    /// The default timeout and deadline, `null` when not given.
    limits: BTreeMap<&'static str, Option<f64>>,
    /// The percentiles of the total wait the page shows, in its order, by
    /// the names of the core's figures.
    percentiles: Vec<&'static str>,
    /// The many-clients view's summary per CLDR plural category of its peak.
    herd: BTreeMap<&'static str, String>,
}

/// A field that may be left empty.
#[derive(Serialize)]
struct OptionalField {
    #[serde(flatten)]
    field: contract::Field,
    optional: bool,
}

/// The figure the notation error writes as an example of the page's
/// notation: digit groups and a fraction.
const NOTATION_EXAMPLE: f64 = 12_345.5;

/// Builds the calculator's section for `page` in one language. `root` is the
/// way from the page to the site's root; `wasm`, `wasm_distribution` (the
/// distribution module) and `script` the assets' paths from the root.
#[allow(clippy::too_many_arguments)]
pub fn view(
    page: &Page,
    library_presets: &[crate::presets::Preset],
    texts: &Texts,
    intl: &Intl,
    lang: &LanguageIdentifier,
    root: &str,
    wasm: &str,
    wasm_distribution: &str,
    script: &str,
) -> CalculatorView {
    let profile = page
        .calculator
        .as_ref()
        .expect("a page with the calculator section has a profile (checked when loaded)");
    let defaults = profile.defaults;
    let schedule = Schedule::new(defaults).expect("validated when loaded");
    let unit_label = figures::unit_label(profile.unit, texts);
    let mut caption_args = FluentArgs::new();
    caption_args.set("retries", defaults.retries);
    let totals = schedule.totals();
    let total_view = |id: &str, value: f64| TotalView {
        label: texts.get(id, None),
        figure: figures::with_unit(&intl.number(value), profile.unit, &unit_label),
        human: figures::humanize_total(value, profile.unit, texts),
    };
    // The form shows figures as a reader would type them: the same notation
    // as the page, which the script's parser accepts.
    let input = |x: f64| intl.number(x).replace(&intl.number_symbols().group, "");
    let slots =
        core_contract::inputs(&defaults).expect("an offered jitter kind, checked when loaded");
    let fields = contract::fields(profile.zero_max)
        .into_iter()
        .map(|f| {
            let x = slots[core_contract::input(f.input)];
            Field {
                name: f.name,
                has_unit: f.delay,
                inputmode: if f.rule.whole { "numeric" } else { "decimal" },
                label: texts.get(f.label, None),
                hint: texts.get(f.hint, None),
                value: input(if x.is_nan() { f.unset } else { x }),
                applies: f
                    .only_with
                    .is_none_or(|kind| kind == defaults.jitter.name()),
                of_jitter: f.only_with.is_some(),
            }
        })
        .collect();
    let limit_fields = limit_fields(profile.zero_max)
        .into_iter()
        .map(|f| {
            let given = match f.input {
                "timeout" => profile.limits.timeout,
                _ => profile.limits.deadline,
            };
            Field {
                name: f.name,
                has_unit: f.delay,
                inputmode: "decimal",
                label: texts.get(f.label, None),
                hint: texts.get(f.hint, None),
                value: given.map(input).unwrap_or_default(),
                applies: true,
                of_jitter: false,
            }
        })
        .collect();
    let dist = distribution::compute(&schedule, profile.limits);
    let figure = distribution::Figure {
        intl,
        unit: profile.unit,
        unit_label: &unit_label,
    };
    let percentiles = distribution::PERCENTILES
        .into_iter()
        .zip(distribution::shown_percentiles(&dist))
        .map(|((_, percentile), x)| TotalView {
            label: distribution::percentile_label(texts, percentile),
            ..total_view("calc-total-max", x)
        })
        .collect();
    let timeline = distribution::timeline(&dist, defaults.retries, texts, &figure);
    let jitters = core_contract::distribution::JITTERS
        .into_iter()
        .map(|name| Choice {
            value: name,
            label: texts.get(&contract::jitter_message(name), None),
            selected: name == defaults.jitter.name(),
        })
        .collect();
    let units = if profile.units.len() > 1 {
        profile
            .units
            .iter()
            .map(|u| Choice {
                value: u.name(),
                label: texts.get(&format!("unit-{}-name", u.name()), None),
                selected: *u == profile.unit,
            })
            .collect()
    } else {
        Vec::new()
    };
    let headers = Headers {
        retry: texts.get("table-retry", None),
        delay: texts.get("table-delay", None),
        range: texts.get("table-range", None),
        mean: texts.get("table-mean", None),
        capped: texts.get("table-capped", None),
        cumulative: texts.get("table-cumulative", None),
        yes: texts.get("capped-yes", None),
        no: texts.get("capped-no", None),
    };
    let modules = [
        format!("{root}{wasm}"),
        format!("{root}{wasm_distribution}"),
    ];
    let island = island(page, texts, intl, lang, &headers, modules);
    CalculatorView {
        heading: texts.get("calculator-heading", None),
        max_delay_rule_html: markdown::inline(
            texts,
            "max-delay-rule",
            texts.get("max-delay-rule", None),
        ),
        needs_js: texts.get("calculator-needs-js", None),
        fields,
        jitter_label: texts.get("calc-jitter-label", None),
        jitters,
        unit_label: texts.get("calc-unit-label", None),
        unit_shown: match profile.unit {
            Unit::Units => String::new(),
            _ => unit_label.clone(),
        },
        table_label: texts.get("calc-table-label", None),
        units,
        stale: texts.get("calc-stale", None),
        copy_json: texts.get("calc-copy-json", None),
        download_json: texts.get("calc-download-json", None),
        chart_label: texts.get("calc-chart-label", None),
        chart_html: figures::chart_html(
            &schedule,
            intl,
            &unit_label,
            profile.unit,
            &chart_words(texts),
        ),
        clients: {
            let f = contract::clients_field();
            Field {
                name: f.name,
                label: texts.get(f.label, None),
                has_unit: false,
                inputmode: "numeric",
                hint: texts.get(f.hint, None),
                value: input(f.unset),
                applies: true,
                of_jitter: false,
            }
        },
        herd_label: texts.get("calc-herd-label", None),
        optional_legend: texts.get("calc-optional-legend", None),
        herd_html: herd::html(&defaults, intl, profile.unit, &unit_label, texts),
        caption: texts.get("table-caption", Some(&caption_args)),
        headers,
        jittered: defaults.jitter != Jitter::None,
        rows: figures::table_rows(&schedule, intl, &unit_label, profile.unit),
        totals: vec![
            total_view("calc-total-min", totals.min),
            total_view("calc-total-mean", totals.mean),
            total_view("calc-total-max", totals.max),
        ],
        percentiles,
        percentiles_method: distribution::method_note(&dist, texts, &figure),
        limit_fields,
        timeline,
        data_json: script_json(&island),
        script_src: format!("{root}{script}"),
        presets: presets::view(library_presets, profile.zero_max, texts),
        as_code: as_code::view(&defaults, profile.unit, texts, intl),
    }
}

/// The timeout and deadline fields the contract does not list: once it
/// lists a field of the same input, the contract's field is the one.
fn limit_fields(zero_max: crate::site::content::ZeroMax) -> Vec<contract::Field> {
    let listed = contract::fields(zero_max);
    distribution::limit_fields()
        .into_iter()
        .filter(|f| listed.iter().all(|l| l.input != f.input))
        .collect()
}

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
        ("timeline_range", words.range),
        ("timeline_deadline", words.deadline),
    ] {
        text.push((key.into(), value));
    }
    for id in distribution::VERDICTS {
        let mut args = FluentArgs::new();
        for name in distribution::variables(id).unwrap_or_default() {
            args.set(*name, format!("{{{name}}}"));
        }
        args.set("percentile", distribution::VERDICT_PERCENTILE);
        text.push((id.replace('-', "_"), texts.get(id, Some(&args))));
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
fn chart_words(texts: &Texts) -> figures::ChartWords {
    figures::ChartWords {
        label: texts.get("calc-chart-label", None),
        retry: texts.get("table-retry", None),
        delay: texts.get("table-delay", None),
        band: texts.get("calc-chart-band", None),
        mean: texts.get("calc-chart-mean", None),
        cap: texts.get("calc-max-label", None),
        log: texts.get("calc-chart-log", None),
        summary: message(texts, "calc-chart-summary", &[]),
        summary_capped: message(texts, "calc-chart-summary-capped", &[]),
    }
}

/// Message `id` with the build's `figures`, and `{name}` where the script
/// puts each other variable the contract lists for it.
fn message(texts: &Texts, id: &str, figures: &[(&str, String)]) -> String {
    let mut args = FluentArgs::new();
    for &name in contract::variables(id).unwrap_or_default() {
        match figures.iter().find(|(n, _)| *n == name) {
            Some((_, figure)) => args.set(name, figure.clone()),
            None => args.set(name, format!("{{{name}}}")),
        }
    }
    texts.get(id, Some(&args))
}

fn island(
    page: &Page,
    texts: &Texts,
    intl: &Intl,
    lang: &LanguageIdentifier,
    headers: &Headers,
    [wasm, wasm_distribution]: [String; 2],
) -> Island {
    let profile = page
        .calculator
        .as_ref()
        .expect("a page with the calculator section has a profile (checked when loaded)");
    let duration = [
        ("seconds", "duration-seconds"),
        ("minutes_seconds", "duration-minutes-seconds"),
        ("hours_minutes", "duration-hours-minutes"),
        ("years_days", "duration-years-days"),
        ("years", "duration-years"),
        ("days_hours_minutes", "duration-days-hours-minutes"),
    ]
    .into_iter()
    .map(|(key, id)| (key, message(texts, id, &[])))
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
        ("chart", texts.get("calc-chart-label", None)),
        ("chart_band", chart.band),
        ("chart_mean", chart.mean),
        ("chart_cap", chart.cap),
        ("chart_log", chart.log),
        ("chart_summary", chart.summary),
        ("chart_summary_capped", chart.summary_capped),
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
        let mut bounds = Vec::new();
        if let Some(field) = fields.iter().find(|f| f.error == key) {
            bounds.push(("min", intl.number(field.rule.min)));
            bounds.extend(field.rule.max.map(|max| ("max", intl.number(max))));
        }
        text.insert(format!("error_{key}"), message(texts, &id, &bounds));
    }
    let limit_fields = limit_fields(profile.zero_max);
    for (key, value) in distribution_text(texts, &limit_fields) {
        text.entry(key).or_insert(value);
    }
    let clients = contract::clients_field();
    let clients_bounds = [
        ("min", intl.number(clients.rule.min)),
        ("max", intl.number(clients.rule.max.unwrap_or_default())),
    ];
    text.insert(
        "error_clients".into(),
        message(texts, "error-clients", &clients_bounds),
    );
    text.insert("herd".into(), texts.get("calc-herd-label", None));
    text.insert("herd_time".into(), texts.get("calc-herd-time", None));
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
        wasm_distribution,
        contract: contract::island(profile.zero_max),
        defaults,
        units: profile
            .units
            .iter()
            .map(|u| (u.name(), figures::unit_label(*u, texts)))
            .collect(),
        number: intl.number_symbols().clone(),
        max_fraction_digits: MAX_FRACTION_DIGITS,
        largest_input: LARGEST_INPUT,
        smallest_input: SMALLEST_INPUT,
        duration,
        caption: caption_patterns(texts, intl),
        text,
        limit_fields: limit_fields
            .into_iter()
            .map(|field| OptionalField {
                field,
                optional: true,
            })
            .collect(),
        limits: [
            ("timeout", profile.limits.timeout),
            ("deadline", profile.limits.deadline),
        ]
        .into(),
        percentiles: distribution::PERCENTILES.map(|(name, _)| name).to_vec(),
        herd: herd::summary_patterns(texts, intl),
    }
}

/// The table caption for each plural category of the language, with `{n}`
/// where the count goes; the script picks one with `Intl.PluralRules`.
fn caption_patterns(texts: &Texts, intl: &Intl) -> BTreeMap<&'static str, String> {
    intl.count_samples()
        .iter()
        .map(|&(category, n)| {
            let mut args = FluentArgs::new();
            args.set("retries", n);
            let caption = texts.get("table-caption", Some(&args));
            (category, caption.replacen(&intl.number(n as f64), "{n}", 1))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::js_number;

    /// The cases the browser tests hold `static/calculator.js`'s number rule
    /// and reader to (`tests/e2e/number.test.js`). These tests check the same
    /// cases against the Rust side: every expected figure against
    /// [`Intl::number`], and every reading of typed text against the notation
    /// data the island gives the script, so the script is never compared with
    /// hand-made expectations alone. `UPDATE_NUMBER_CASES=1 cargo test`
    /// writes the figures Rust gives for the inputs of `format`.
    const NUMBER_CASES: &str = "tests/e2e/number-cases.json";

    #[derive(serde::Deserialize, serde::Serialize)]
    struct NumberCases {
        /// Each language's notation data as the island gives it to the
        /// script, for the languages of `format` that no page of the site
        /// is in (the browser tests check it against the islands of the
        /// others).
        notation: BTreeMap<String, serde_json::Value>,
        format: Vec<FormatCase>,
        parse: Vec<ParseCase>,
    }

    #[derive(serde::Deserialize, serde::Serialize)]
    struct FormatCase {
        lang: String,
        /// The input as ECMAScript's `String(x)` writes it, so that both
        /// sides parse the very same double.
        x: String,
        want: String,
    }

    /// Typed text and what the script reads: a number, or the key of the
    /// error (`notation`, `too_large`, `not_a_number`).
    #[derive(serde::Deserialize, serde::Serialize)]
    struct ParseCase {
        lang: String,
        text: String,
        want: serde_json::Value,
    }

    fn cases() -> (std::path::PathBuf, NumberCases) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(NUMBER_CASES);
        let text = std::fs::read_to_string(&path).expect("the number cases");
        (path, serde_json::from_str(&text).expect("valid cases"))
    }

    fn intl(lang: &str) -> Intl {
        Intl::new(&lang.parse().expect("a language")).expect("ICU4X data")
    }

    #[test]
    fn number_cases_for_the_script_match_intl_number() {
        let (path, mut cases) = cases();
        let update = std::env::var_os("UPDATE_NUMBER_CASES").is_some();
        for case in &mut cases.format {
            let x: f64 = case.x.parse().expect("a number");
            assert_eq!(js_number(x), case.x, "inputs are written as String(x)");
            let got = intl(&case.lang).number(x);
            if update {
                case.want = got;
            } else {
                assert_eq!(got, case.want, "{} in {}", case.x, case.lang);
            }
        }
        let langs: std::collections::BTreeSet<&str> =
            cases.format.iter().map(|c| c.lang.as_str()).collect();
        for lang in langs {
            let symbols = serde_json::to_value(intl(lang).number_symbols()).expect("plain data");
            if update {
                cases.notation.insert(lang.to_string(), symbols);
            } else {
                assert_eq!(
                    cases.notation.get(lang),
                    Some(&symbols),
                    "notation of {lang}"
                );
            }
        }
        if update {
            let json = serde_json::to_string_pretty(&cases).expect("serializable");
            std::fs::write(&path, json + "\n").expect("writable cases");
        }
    }

    /// `text` with every group separator a reader may type written as the
    /// one the page prints.
    fn as_printed(text: &str, symbols: &NumberSymbols) -> String {
        symbols
            .group_accepted
            .iter()
            .fold(text.to_string(), |t, g| {
                t.replace(g.as_str(), &symbols.group)
            })
    }

    /// What the page itself writes for `x`: grouped, and as the form shows
    /// it, without groups.
    fn page_forms(intl: &Intl, x: f64) -> [String; 2] {
        let printed = intl.number(x);
        let plain = printed.replace(&intl.number_symbols().group, "");
        [printed, plain]
    }

    #[test]
    fn typed_numbers_read_as_the_pages_own_notation() {
        let (_, cases) = cases();
        let langs: BTreeMap<&str, Intl> = ["en", "ru", "de"].map(|l| (l, intl(l))).into();
        for lang in langs.keys() {
            assert!(
                cases.parse.iter().filter(|c| c.lang == *lang).count() >= 30,
                "every language has its cases: {lang}"
            );
        }
        for case in &cases.parse {
            let intl = &langs[case.lang.as_str()];
            let symbols = intl.number_symbols();
            let at = format!("{:?} in {}", case.text, case.lang);
            // The text with the page's separators made plain for Rust's parser.
            let plain = as_printed(case.text.trim(), symbols)
                .replace(&symbols.group, "")
                .replace(&symbols.decimal, ".")
                .replace('\u{2212}', "-");
            match &case.want {
                serde_json::Value::Number(want) => {
                    let want = want.as_f64().expect("a double");
                    let read: f64 = plain.parse().unwrap_or_else(|_| panic!("{at}: unreadable"));
                    assert_eq!(read, want, "{at}");
                    assert!(read.abs() <= LARGEST_INPUT, "{at}: within the limit");
                    // Without sign, exponent or a bare separator, the text is
                    // what the page writes for that number.
                    let bare = case.text.trim();
                    if bare.chars().next().is_some_and(|c| c.is_ascii_digit())
                        && !bare.contains(['e', 'E'])
                        && !bare.ends_with(symbols.decimal.as_str())
                    {
                        // Trailing zeros of a fraction change nothing.
                        let mut bare = as_printed(bare, symbols);
                        if bare.contains(symbols.decimal.as_str()) {
                            bare = bare.trim_end_matches('0').to_string();
                            bare = bare.trim_end_matches(symbols.decimal.as_str()).to_string();
                        }
                        let forms = page_forms(intl, want);
                        assert!(forms.contains(&bare), "{at}: {forms:?}");
                    }
                }
                serde_json::Value::String(key) if key == "too_large" => {
                    let read: f64 = plain
                        .replace('∞', "inf")
                        .parse()
                        .unwrap_or_else(|_| panic!("{at}: unreadable"));
                    assert!(read.abs() > LARGEST_INPUT, "{at}: beyond the limit");
                }
                serde_json::Value::String(key) if key == "notation" => {
                    // Read either way, with the point or the comma as the
                    // decimal mark or as a group, the text is never a form
                    // the page writes: the notation data does not accept it.
                    let digits = |decimal: char| -> f64 {
                        let mut seen = false;
                        let kept: String = case
                            .text
                            .chars()
                            .rev()
                            .filter_map(|c| match c {
                                d if d.is_ascii_digit() => Some(d),
                                c if c == decimal && !seen => {
                                    seen = true;
                                    Some('.')
                                }
                                _ => None,
                            })
                            .collect();
                        kept.chars()
                            .rev()
                            .collect::<String>()
                            .parse()
                            .unwrap_or(0.0)
                    };
                    for reading in [digits('.'), digits(','), digits('#')] {
                        let forms = page_forms(intl, reading);
                        assert!(
                            !forms.contains(&as_printed(case.text.trim(), symbols)),
                            "{at}: the page writes {reading} so"
                        );
                    }
                }
                serde_json::Value::String(key) if key == "not_a_number" => {
                    assert!(
                        plain.parse::<f64>().is_err() || plain.contains("NaN"),
                        "{at}"
                    );
                    assert!(
                        case.text.trim().is_empty()
                            || case.text.chars().any(|c| !c.is_ascii_digit()),
                        "{at}"
                    );
                }
                other => panic!("{at}: unknown expectation {other}"),
            }
        }
    }
}
