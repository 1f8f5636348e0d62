//! The calculator's section of a page: the static schedule of its default
//! inputs (what readers without JavaScript see), the form the script brings
//! to life, and the data island the script reads its words from.
//!
//! The script (`static/calculator.js`) has no text of its own: every label,
//! error, unit, plural pattern and number separator reaches it through the
//! island, a `<script type="application/json">` block the browser never
//! executes, so the page's Content-Security-Policy needs no exception.

use std::collections::BTreeMap;

use fluent_bundle::FluentArgs;
use serde::Serialize;
use unic_langid::LanguageIdentifier;

use crate::backoff::{Jitter, MAX_RETRIES, MIN_RETRIES, Schedule};
use crate::site::content::{Page, ZeroMax};
use crate::site::figures::{self, TableRow};
use crate::site::intl::{Intl, MAX_FRACTION_DIGITS, NumberSymbols};
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
    pub hint: String,
    pub value: String,
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
    /// Empty when the page offers one unit only.
    pub units: Vec<Choice>,
    pub stale: String,
    pub copy_json: String,
    pub download_json: String,
    pub chart_label: String,
    pub caption: String,
    pub headers: Headers,
    pub jittered: bool,
    pub rows: Vec<TableRow>,
    pub totals: Vec<TotalView>,
    /// The island's JSON, safe to place inside `<script>`.
    pub data_json: String,
    /// The script's path from this page.
    pub script_src: String,
}

/// The island: everything the script needs to know about this page.
#[derive(Serialize)]
struct Island {
    lang: String,
    wasm: String,
    zero_max: &'static str,
    defaults: Defaults,
    units: BTreeMap<&'static str, String>,
    number: NumberSymbols,
    max_fraction_digits: i16,
    min_retries: u32,
    max_retries: u32,
    /// Humanized-duration patterns with `{days}`, `{hours}`, `{minutes}`,
    /// `{seconds}` where the figures go.
    duration: BTreeMap<&'static str, String>,
    /// The table caption per CLDR plural category, `{n}` for the count.
    caption: BTreeMap<&'static str, String>,
    /// Labels and messages; `{retry}` marks where a retry number goes.
    text: BTreeMap<&'static str, String>,
}

#[derive(Serialize)]
struct Defaults {
    base: f64,
    multiplier: f64,
    /// 0 stands for "no limit" on pages where that is the rule.
    max_delay: f64,
    retries: u32,
    jitter: &'static str,
    unit: &'static str,
}

/// Builds the calculator's section for `page` in one language. `root` is the
/// way from the page to the site's root; `wasm` and `script` the assets'
/// paths from the root.
pub fn view(
    page: &Page,
    texts: &Texts,
    intl: &Intl,
    lang: &LanguageIdentifier,
    root: &str,
    wasm: &str,
    script: &str,
) -> CalculatorView {
    let profile = &page.calculator;
    let defaults = profile.defaults;
    let schedule = Schedule::new(defaults).expect("validated when loaded");
    let unit_label = figures::unit_label(profile.unit, texts);
    let mut caption_args = FluentArgs::new();
    caption_args.set("retries", defaults.retries);
    let totals = schedule.totals();
    let total_view = |id: &str, value: f64| TotalView {
        label: texts.get(id, None),
        figure: figures::with_unit(&intl.number(value), profile.unit, &unit_label),
        human: figures::humanize(value, profile.unit, texts),
    };
    let max_hint = match profile.zero_max {
        ZeroMax::Unlimited => "calc-max-hint-unlimited",
        ZeroMax::Refused => "calc-max-hint-positive",
    };
    // The form shows figures as a reader would type them: the same notation
    // as the page, which the script's parser accepts.
    let input = |x: f64| intl.number(x).replace(&intl.number_symbols().group, "");
    let fields = vec![
        Field {
            name: "base",
            label: texts.get("calc-base-label", None),
            hint: texts.get("calc-base-hint", None),
            value: input(defaults.base),
        },
        Field {
            name: "multiplier",
            label: texts.get("calc-multiplier-label", None),
            hint: texts.get("calc-multiplier-hint", None),
            value: input(defaults.multiplier),
        },
        Field {
            name: "max",
            label: texts.get("calc-max-label", None),
            hint: texts.get(max_hint, None),
            value: input(defaults.max_delay.unwrap_or(0.0)),
        },
        Field {
            name: "retries",
            label: texts.get("calc-retries-label", None),
            hint: texts.get("calc-retries-hint", None),
            value: defaults.retries.to_string(),
        },
    ];
    let jitters = [Jitter::None, Jitter::Full, Jitter::Equal]
        .into_iter()
        .map(|j| Choice {
            value: j.name(),
            label: texts.get(&format!("jitter-{}", j.name()), None),
            selected: j == defaults.jitter,
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
    let island = island(page, texts, intl, lang, &headers, format!("{root}{wasm}"));
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
        units,
        stale: texts.get("calc-stale", None),
        copy_json: texts.get("calc-copy-json", None),
        download_json: texts.get("calc-download-json", None),
        chart_label: texts.get("calc-chart-label", None),
        caption: texts.get("table-caption", Some(&caption_args)),
        headers,
        jittered: defaults.jitter != Jitter::None,
        rows: figures::table_rows(&schedule, intl, &unit_label, profile.unit),
        totals: vec![
            total_view("calc-total-min", totals.min),
            total_view("calc-total-mean", totals.mean),
            total_view("calc-total-max", totals.max),
        ],
        data_json: island_json(&island),
        script_src: format!("{root}{script}"),
    }
}

fn island(
    page: &Page,
    texts: &Texts,
    intl: &Intl,
    lang: &LanguageIdentifier,
    headers: &Headers,
    wasm: String,
) -> Island {
    let profile = &page.calculator;
    let defaults = profile.defaults;
    let placeholder = |names: &[&'static str]| {
        let mut args = FluentArgs::new();
        for name in names {
            args.set(*name, format!("{{{name}}}"));
        }
        args
    };
    let duration = BTreeMap::from([
        (
            "seconds",
            texts.get("duration-seconds", Some(&placeholder(&["seconds"]))),
        ),
        (
            "minutes_seconds",
            texts.get(
                "duration-minutes-seconds",
                Some(&placeholder(&["minutes", "seconds"])),
            ),
        ),
        (
            "hours_minutes",
            texts.get(
                "duration-hours-minutes",
                Some(&placeholder(&["hours", "minutes"])),
            ),
        ),
        (
            "days_hours_minutes",
            texts.get(
                "duration-days-hours-minutes",
                Some(&placeholder(&["days", "hours", "minutes"])),
            ),
        ),
    ]);
    let mut retries_args = FluentArgs::new();
    retries_args.set("min", intl.number(MIN_RETRIES as f64));
    retries_args.set("max", intl.number(MAX_RETRIES as f64));
    let text = BTreeMap::from([
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
        ("error_not_a_number", texts.get("error-not-a-number", None)),
        ("error_base", texts.get("error-base", None)),
        ("error_multiplier", texts.get("error-multiplier", None)),
        (
            "error_max_delay",
            texts.get(
                match profile.zero_max {
                    ZeroMax::Unlimited => "error-max-delay-unlimited",
                    ZeroMax::Refused => "error-max-delay",
                },
                None,
            ),
        ),
        (
            "error_retries",
            texts.get("error-retries", Some(&retries_args)),
        ),
        (
            "error_delay_overflow",
            texts.get("error-delay-overflow", Some(&placeholder(&["retry"]))),
        ),
        (
            "error_total_overflow",
            texts.get("error-total-overflow", Some(&placeholder(&["retry"]))),
        ),
    ]);
    Island {
        lang: lang.to_string(),
        wasm,
        zero_max: match profile.zero_max {
            ZeroMax::Unlimited => "unlimited",
            ZeroMax::Refused => "refused",
        },
        defaults: Defaults {
            base: defaults.base,
            multiplier: defaults.multiplier,
            max_delay: defaults.max_delay.unwrap_or(0.0),
            retries: defaults.retries,
            jitter: defaults.jitter.name(),
            unit: profile.unit.name(),
        },
        units: profile
            .units
            .iter()
            .map(|u| (u.name(), figures::unit_label(*u, texts)))
            .collect(),
        number: intl.number_symbols().clone(),
        max_fraction_digits: MAX_FRACTION_DIGITS,
        min_retries: MIN_RETRIES,
        max_retries: MAX_RETRIES,
        duration,
        caption: caption_patterns(texts, intl),
        text,
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

/// JSON that cannot end the `<script>` element it sits in.
fn island_json(island: &Island) -> String {
    serde_json::to_string(island)
        .expect("the island holds only strings and numbers")
        .replace('<', "\\u003c")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::js_number;

    /// The cases the browser tests use to hold `static/calculator.js`'s
    /// number rule to [`Intl::number`]: this test checks every expected
    /// figure against the Rust side, so the JavaScript side is never compared
    /// with hand-made expectations. `UPDATE_NUMBER_CASES=1 cargo test` writes
    /// the figures Rust gives for the inputs listed in the file.
    const NUMBER_CASES: &str = "tests/e2e/number-cases.json";

    #[derive(serde::Deserialize, serde::Serialize)]
    struct NumberCase {
        lang: String,
        /// The input as ECMAScript's `String(x)` writes it, so that both
        /// sides parse the very same double.
        x: String,
        want: String,
    }

    #[test]
    fn number_cases_for_the_script_match_intl_number() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(NUMBER_CASES);
        let text = std::fs::read_to_string(&path).expect("the number cases");
        let mut cases: Vec<NumberCase> = serde_json::from_str(&text).expect("valid cases");
        let update = std::env::var_os("UPDATE_NUMBER_CASES").is_some();
        for case in &mut cases {
            let x: f64 = case.x.parse().expect("a number");
            assert_eq!(js_number(x), case.x, "inputs are written as String(x)");
            let lang: LanguageIdentifier = case.lang.parse().expect("a language");
            let got = Intl::new(&lang).expect("ICU4X data").number(x);
            if update {
                case.want = got;
            } else {
                assert_eq!(got, case.want, "{} in {}", case.x, case.lang);
            }
        }
        if update {
            let json = serde_json::to_string_pretty(&cases).expect("serializable");
            std::fs::write(&path, json + "\n").expect("writable cases");
        }
    }
}
