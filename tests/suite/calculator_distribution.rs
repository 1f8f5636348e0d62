//! The calculator's distribution figures as a reader without JavaScript gets
//! them, in every language: the percentiles beside the totals are those
//! `schedule --percentiles` prints for the built inputs, in the page's
//! notation; the schedule page's timeline table and verdict are the
//! command's timeline, and what fits its deadline the closed forms; the
//! timeout and deadline fields are in every form;
//! the explainer's percentiles example states the core's figures. The page
//! rounds percentiles to the power of ten at or below the method's error
//! (one grid step, or the width of the P99's 99 % interval), and a verdict
//! that holds on every run says "always", not "in 100 % of cases".
//! Over 500 lines: one reading of the built pages per figure, side by side.

use crate::common;

use backoff_site::backoff::dist::DeadlineFit;
use backoff_site::backoff::dist::Limits;
use backoff_site::backoff::rng::SplitMix64;
use backoff_site::backoff::{Jitter, Policy, Schedule};
use backoff_site::report::Distribution;
use backoff_site::site::format::intl::Intl;
use backoff_site::site::sections::calculator::distribution::{
    late, odds, precision, round_within, shown_percentiles,
};
use common::cli::json_of;
use common::pages::{between, real_page, text_of, text_of_cells};
use serde_json::Value;

const PAGES: [&str; 2] = ["calculator", "schedule"];
const NBSP: char = '\u{a0}';

fn intl(lang: &str) -> Intl {
    Intl::new(&lang.parse().unwrap()).unwrap()
}

/// The page's JSON island.
fn island(path: &str) -> Value {
    common::pages::calculator_data(path)
}

/// `schedule --percentiles` for the island's built inputs.
fn cli(data: &Value) -> Value {
    let d = &data["defaults"];
    // Numbers as the command reads them: `5`, not JSON's `5.0`.
    let text = |v: &Value| match v.as_f64() {
        Some(x) => backoff_site::report::js_number(x),
        None => v.as_str().unwrap().to_string(),
    };
    let mut args: Vec<String> = vec![
        "--base".into(),
        text(&d["base"]),
        "--multiplier".into(),
        text(&d["multiplier"]),
        "--retries".into(),
        text(&d["retries"]),
        "--jitter".into(),
        text(&d["jitter"]),
        "--unit".into(),
        text(&d["unit"]),
        "--percentiles".into(),
    ];
    if !d["max_delay"].is_null() {
        args.extend(["--max".into(), text(&d["max_delay"])]);
    }
    for key in ["timeout", "deadline"] {
        if !data["limits"][key].is_null() {
            args.extend([format!("--{key}"), text(&data["limits"][key])]);
        }
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    json_of("schedule", &args)
}

/// A figure of the page: the page's notation and its unit.
fn with_unit(intl: &Intl, data: &Value, x: f64) -> String {
    let unit = data["defaults"]["unit"].as_str().unwrap();
    let figure = intl.number(x);
    match unit {
        "units" => figure,
        _ => format!("{figure}{NBSP}{}", data["units"][unit].as_str().unwrap()),
    }
}

/// The step the page rounds the percentiles of the command's
/// `distribution` object to, stated here on its own: the power of ten at
/// or below the grid step, or below the width of the 99 % interval of the
/// P99; `None` when that error is 0.
fn place_of(dist: &Value) -> Option<f64> {
    let error = match dist["method"].as_str().unwrap() {
        "grid" => dist["grid_step"].as_f64().unwrap(),
        _ => dist["total_p99_high"].as_f64().unwrap() - dist["total_p99_low"].as_f64().unwrap(),
    };
    (error > 0.0).then(|| 10f64.powf(error.log10().floor()))
}

fn rounded(x: f64, place: Option<f64>) -> f64 {
    place.map_or(x, |q| (x / q).round() * q)
}

#[test]
fn static_percentiles_are_the_commands_in_the_pages_notation() {
    for lang in common::languages() {
        let intl = intl(lang);
        for page in PAGES {
            let html = real_page(&format!("{lang}/{page}/index.html"));
            let data = island(&format!("{lang}/{page}/index.html"));
            let doc = cli(&data);
            // Hidden where the total is certain (min = max), shown otherwise.
            let total = &doc["distribution"]["total"];
            let certain = total["min"] == total["max"];
            let opening = if certain {
                r#"id="calc-percentiles" hidden>"#
            } else {
                r#"id="calc-percentiles">"#
            };
            let block = between(&html, opening, "</dl>");
            let figures: Vec<String> = block
                .split("<dd>")
                .skip(1)
                .map(|dd| {
                    text_of(
                        dd.split(" <span")
                            .next()
                            .unwrap()
                            .split("</dd>")
                            .next()
                            .unwrap(),
                    )
                })
                .collect();
            let place = place_of(&doc["distribution"]);
            let want: Vec<String> = ["p50", "p90", "p99"]
                .iter()
                .map(|p| {
                    let x = doc["distribution"]["total"][p].as_f64().unwrap();
                    with_unit(&intl, &data, rounded(x, place))
                })
                .collect();
            assert_eq!(figures, want, "{lang}/{page}");
        }
    }
}

#[test]
fn the_schedule_pages_timeline_and_verdict_are_the_commands() {
    for lang in common::languages() {
        let intl = intl(lang);
        let html = real_page(&format!("{lang}/schedule/index.html"));
        let data = island(&format!("{lang}/schedule/index.html"));
        let doc = cli(&data);
        let attempts = doc["timeline"]["attempts"].as_array().unwrap();
        let table = between(&html, r#"id="calc-timeline-table">"#, "</table>");
        let body = between(table, "<tbody>", "</tbody>");
        assert_eq!(body.matches("<tr>").count(), attempts.len(), "{lang}");
        for (row, a) in body.split("<tr>").skip(1).zip(attempts) {
            let want: Vec<String> = std::iter::once(intl.number(a["attempt"].as_f64().unwrap()))
                .chain(
                    ["min", "p50", "max"].map(|k| with_unit(&intl, &data, a[k].as_f64().unwrap())),
                )
                .collect();
            // Cells apart by plain spaces; a figure grouped with a no-break
            // space stays one.
            let got: Vec<String> = text_of_cells(row)
                .split([' ', '\n'])
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect();
            assert_eq!(got, want, "{lang}: {row}");
        }
        // The chart names the deadline and marks each attempt's median start.
        let chart = between(&html, r#"id="calc-timeline-chart">"#, "</figure>");
        assert_eq!(
            chart.matches(r#"class="timeline-p50""#).count(),
            attempts.len()
        );
        assert_eq!(chart.matches(r#"class="timeline-deadline""#).count(), 1);
    }
    // The verdict, word for word: 5,750 of waits fit the deadline of 8,000,
    // but with a timeout of 1,000 per attempt the last of 5 retries starts
    // at 5 × 1,000 + 5,750, on every run. Without jitter the total is
    // certain: no percentile, no "by" or "always", and no percentile rows.
    let verdicts = [
        (
            "en",
            "Total wait 5,750; with a 1,000 timeout per attempt, the last retry starts at 10,750, after your 8,000 deadline.",
        ),
        (
            "ru",
            "Общее ожидание\u{a0}— 5\u{a0}750, а с тайм-аутом 1\u{a0}000 на попытку последний повтор начинается в 10\u{a0}750, после общего срока 8\u{a0}000.",
        ),
        (
            "de",
            "Gesamtwartezeit: 5.750. Mit einem Timeout von 1.000 je Versuch beginnt die letzte Wiederholung bei 10.750 – also nach Ihrer Deadline von 8.000.",
        ),
    ];
    for (lang, want) in verdicts {
        let html = real_page(&format!("{lang}/schedule/index.html"));
        let verdict = text_of(between(&html, r#"id="calc-verdict">"#, "</p>"));
        assert_eq!(verdict, want, "{lang}");
        assert!(
            html.contains(r#"<dl class="totals percentiles" id="calc-percentiles" hidden>"#),
            "{lang}: percentiles shown for a certain total"
        );
    }
}

/// The schedule page's defaults give a deadline, so its static page shows
/// what fits it, as the script words it, checked against the closed forms:
/// delays 250, 500, 1,000, 2,000, 2,000 with a timeout of 1,000 start
/// retry k at k × 1,000 + 250 (2^k − 1) (capped at 2,000), so 4 retries
/// start before 8,000 (7,750) and the fifth does not (10,750); retry 5
/// starts in time for a first delay b below 3,000 / 31 (5,000 + 31 b, the
/// cap unreached) and a maximum delay c below 750 (5,000 + 750 + 3 c).
/// Both shown rounded down to the page's three places.
#[test]
fn the_schedule_pages_fit_is_the_closed_forms_rounded_down() {
    let floor3 = |x: f64| (x * 1000.0).floor() / 1000.0;
    let (base, cap) = (floor3(3000.0 / 31.0), floor3(750.0 - 750.0 * 1e-9));
    for lang in common::languages() {
        let intl = intl(lang);
        let html = real_page(&format!("{lang}/schedule/index.html"));
        let block = between(&html, r#"<div class="calc-fit" id="calc-fit">"#, "</dl>");
        let data = island(&format!("{lang}/schedule/index.html"));
        let t = &data["text"];
        let most = t["fit_most_figure"]
            .as_str()
            .unwrap()
            .replace("{worst}", "4")
            .replace("{p99}", "4")
            .replace("{p50}", "4");
        // Words apart by plain spaces; a figure grouped with a no-break
        // space stays one.
        let words = |text: &str| {
            text.split([' ', '\n'])
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let rows: Vec<String> = block
            .split("<div>")
            .skip(1)
            .map(|row| words(&text_of_cells(row)))
            .collect();
        let want = [
            format!("{} {most}", t["fit_most_retries"].as_str().unwrap()),
            format!("{} {}", t["fit_base"].as_str().unwrap(), intl.number(base)),
            format!(
                "{} {}",
                t["fit_max_delay"].as_str().unwrap(),
                intl.number(cap)
            ),
        ]
        .map(|row| words(&row));
        assert_eq!(rows, want, "{lang}");
    }
}

#[test]
fn the_timeout_and_deadline_fields_are_in_every_form_with_their_unit() {
    let labels = [
        ("en", "Timeout per attempt", "Deadline"),
        ("ru", "Тайм-аут попытки", "Общий срок"),
        ("de", "Timeout je Versuch", "Deadline"),
    ];
    for (lang, timeout, deadline) in labels {
        for page in PAGES {
            let html = real_page(&format!("{lang}/{page}/index.html"));
            for (name, label) in [("timeout", timeout), ("deadline", deadline)] {
                let field = between(&html, &format!(r#"<label for="calc-{name}">"#), "</div>");
                assert!(field.starts_with(label), "{lang}/{page}: {field}");
                assert!(
                    field.contains("calc-unit-tag"),
                    "{lang}/{page}: {name} names its unit"
                );
                assert!(
                    field.contains(r#"inputmode="decimal""#),
                    "{lang}/{page}: {name}"
                );
                assert!(
                    html.contains(&format!(r#"id="calc-{name}-error""#)),
                    "{lang}/{page}: {name} has its error's place"
                );
            }
            let data = island(&format!("{lang}/{page}/index.html"));
            for key in ["error_timeout", "error_deadline"] {
                assert!(
                    data["text"][key].as_str().is_some_and(|t| !t.is_empty()),
                    "{lang}/{page}: {key}"
                );
            }
        }
    }
}

/// The explainer's percentiles example: full jitter on the page's first
/// example, its P50, P90 and P99 as the core computes them, rounded to the
/// power of ten at or below the grid's step (the method's error), so that
/// the prose states no digit the method cannot vouch for.
#[test]
fn the_explainers_percentiles_are_the_cores() {
    let examples = [
        ("calculator", 0.5, 30.0, 8, Some("s")),
        ("schedule", 250.0, 2000.0, 5, None),
    ];
    for (page, base, max, retries, unit) in examples {
        let policy = Policy {
            base,
            multiplier: 2.0,
            max_delay: Some(max),
            retries,
            jitter: Jitter::Full,
        };
        let dist = Distribution::new(&Schedule::new(policy).unwrap(), Default::default()).unwrap();
        exact_within_the_grid_step(&policy, &dist);
        let backoff_site::report::Method::Grid { step } = dist.method else {
            panic!("full jitter is computed on the grid");
        };
        let place = 10f64.powi(step.log10().floor() as i32);
        let shown = |x: f64| (x / place).round() * place;
        for lang in common::languages() {
            let intl = intl(lang);
            let html = real_page(&format!("{lang}/{page}/index.html"));
            let text = text_of(between(&html, r#"<section id="example""#, "</section>"));
            for (name, x) in [
                ("50", dist.total.p50),
                ("90", dist.total.p90),
                ("99", dist.total.p99),
            ] {
                let x = shown(x);
                let figure = match unit {
                    Some(_) if lang == "ru" => format!("{}{NBSP}с", intl.number(x)),
                    Some(u) => format!("{}{NBSP}{u}", intl.number(x)),
                    None => intl.number(x),
                };
                assert!(
                    text.contains(&figure),
                    "{lang}/{page}: P{name} {figure} in {text}"
                );
                assert!(
                    text.contains(&format!("P{name}")),
                    "{lang}/{page}: P{name} named"
                );
            }
        }
    }
}

/// The percentiles a page states are within one grid step (the method's
/// error) of the exact ones: full jitter's delays are independent uniforms
/// on `[0, min(cap, base·2^k)]`, whose sum's CDF the exact oracle of
/// `backoff_core_testing` gives by inclusion–exclusion, owing nothing to
/// the grid.
fn exact_within_the_grid_step(policy: &Policy, dist: &Distribution) {
    assert_eq!(policy.jitter, Jitter::Full);
    let delays: Vec<(f64, f64, f64)> = backoff_core_testing::expected_rows(policy)
        .into_iter()
        .map(|(delay, _)| (0.0, delay, f64::INFINITY))
        .collect();
    let total: f64 = delays.iter().map(|d| d.1).sum();
    let backoff_site::report::Method::Grid { step } = dist.method else {
        panic!("full jitter is computed on the grid");
    };
    for (p, shown) in [
        (0.5, dist.total.p50),
        (0.9, dist.total.p90),
        (0.99, dist.total.p99),
    ] {
        let cdf = |x: f64| backoff_core_testing::exact::capped_sum_cdf(&delays, x);
        let exact = backoff_core_testing::exact::quantile(cdf, p, 0.0, total);
        assert!(
            (shown - exact).abs() <= step,
            "{policy:?}: P{} {shown} against the exact {exact} (step {step})",
            p * 100.0
        );
    }
}

/// A timeout or deadline the core refuses is an error at its value in the
/// content file.
#[test]
fn a_refused_timeout_or_deadline_is_reported_at_its_value() {
    use backoff_site::site::load::content;
    let path = std::path::Path::new("content/schedule.toml");
    let source = std::fs::read_to_string(common::project_root().join(path)).unwrap();
    assert!(content::parse(path, &source).is_ok());
    for (from, to, want) in [
        (
            "deadline = 8000",
            "deadline = 500",
            "not be shorter than the timeout",
        ),
        (
            "deadline = 8000",
            "deadline = 0",
            "deadline must be a finite number greater than 0",
        ),
        (
            "timeout = 1000",
            "timeout = -1",
            "timeout per attempt must be a finite number",
        ),
    ] {
        assert!(source.contains(from));
        let problems = content::parse(path, &source.replace(from, to)).unwrap_err();
        let shown: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
        assert!(
            shown.iter().any(|p| p.contains(want) && p.contains(to)),
            "{to}: {shown:?}"
        );
    }
}

fn policy(jitter: Jitter) -> Policy {
    Policy {
        base: 100.0,
        multiplier: 2.0,
        max_delay: Some(1000.0),
        retries: 5,
        jitter,
    }
}

fn fit(jitter: Jitter, timeout: f64, deadline: f64) -> DeadlineFit {
    let limits = Limits {
        timeout: Some(timeout),
        deadline: Some(deadline),
    };
    let dist = Distribution::new(&Schedule::new(policy(jitter)).unwrap(), limits).unwrap();
    dist.deadline.unwrap()
}

#[test]
fn a_verdict_says_always_or_never_only_where_the_earliest_and_latest_starts_prove_it() {
    // 100 + 200 + 400 + 800 + 1,000 = 2,500 of waits, then 5 timeouts of 50.
    assert_eq!(odds(&fit(Jitter::None, 50.0, 2000.0), 5), "always");
    assert_eq!(odds(&fit(Jitter::None, 50.0, 3000.0), 5), "never");
    // Full jitter: the last retry starts before 2,000 on some runs only.
    let some = fit(Jitter::Full, 50.0, 2000.0);
    assert!(some.last_retry_probability > 0.0 && some.last_retry_probability < 1.0);
    assert_eq!(odds(&some, 5), "some");
    // Decorrelated jitter, a deadline just before the latest start (every
    // delay longest: 300 + 900 + 1,000 × 3, plus 5 timeouts of 50, is
    // 4,450): no sampled run reaches it, so the estimate is 1, but the
    // latest start does.
    let near = fit(Jitter::Decorrelated, 50.0, 4449.0);
    assert_eq!(near.last_retry_probability, 1.0);
    assert!(near.retries_worst < 5 && near.retries_best == 5);
    assert_eq!(odds(&near, 5), "some");
    // Neither is then shown as 0 % late: the share is stated as under a tenth.
    let en = intl("en");
    assert_eq!(late(&en, near.last_retry_probability), "<\u{a0}0.1");
    assert_eq!(late(&en, 0.0), ">\u{a0}99.9");
    assert_eq!(late(&en, 0.997), "0.3");
    assert_eq!(late(&en, 0.004), "99.6");
    assert_eq!(late(&en, 0.5), "50");
    assert_eq!(late(&intl("de"), 0.997), "0,3");
}

#[test]
fn figures_rounded_within_their_range_stay_in_it_and_in_order() {
    // The case of "P50: 0 ms" beside a shortest total of 103.19 ms: a place of
    // a thousand would round 140 to 0.
    assert_eq!(round_within(140.26, Some(3), 103.19, 5000.0), 140.0);
    assert_eq!(round_within(104.0, Some(3), 103.19, 5000.0), 104.0);
    // Any figure, any place: within [min, max], and the order of figures kept.
    let mut rng = SplitMix64::new(28);
    let mut uniform = || (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    for _ in 0..20_000 {
        let min = uniform() * 1000.0;
        let max = min + uniform() * 10f64.powi((uniform() * 6.0) as i32);
        let k = (uniform() * 8.0) as i32 - 2;
        let place = Some(k);
        let (a, b) = (min + uniform() * (max - min), min + uniform() * (max - min));
        let (a, b) = (a.min(b), a.max(b));
        let (ra, rb) = (
            round_within(a, place, min, max),
            round_within(b, place, min, max),
        );
        assert!(
            (min..=max).contains(&ra) && (min..=max).contains(&rb),
            "{a} {b} in [{min}, {max}] at {place:?}"
        );
        assert!(
            ra <= rb,
            "{a} → {ra}, {b} → {rb} at {place:?} in [{min}, {max}]"
        );
        // Never further from the figure than half a step of the place asked.
        assert!(
            (ra - a).abs() <= 0.5 * 10f64.powi(k) * (1.0 + 1e-9),
            "{a} → {ra}"
        );
    }
}

#[test]
fn shown_percentiles_carry_no_digit_finer_than_the_methods_error() {
    for jitter in [Jitter::None, Jitter::Full, Jitter::Decorrelated] {
        let dist =
            Distribution::new(&Schedule::new(policy(jitter)).unwrap(), Limits::default()).unwrap();
        let place = place_of(&serde_json::to_value(dist.method).unwrap());
        let raw = [dist.total.p50, dist.total.p90, dist.total.p99];
        let shown = shown_percentiles(&dist);
        assert_eq!(
            precision(&dist.method).is_some(),
            place.is_some(),
            "{jitter:?}"
        );
        match place {
            // Without jitter every run waits the same: nothing to round.
            None => assert_eq!(shown, raw, "{jitter:?}"),
            Some(q) => {
                for (s, r) in shown.iter().zip(raw) {
                    assert_eq!(*s, rounded(r, Some(q)), "{jitter:?}");
                    assert!((s / q).fract() == 0.0 && (s - r).abs() <= q / 2.0);
                }
                // The raw figures are no multiples of the step.
                assert_ne!(shown, raw, "{jitter:?}");
            }
        }
    }
}
