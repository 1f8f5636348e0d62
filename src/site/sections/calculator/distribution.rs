//! The calculator's distribution figures as the static page shows them: the
//! percentiles of the total wait beside the totals, the timeout and deadline
//! fields, and the attempt timeline (table, chart and a verdict in words)
//! of the page's default inputs. The script (`static/calculator/distribution.js`) writes
//! the same markup from the WebAssembly module's figures.
//!
//! Every figure comes from `crate::report::Distribution`, the command
//! line's own computation (`schedule --percentiles`); this module lays
//! figures out and words them, and never computes a distribution itself.
//! The only arithmetic here is the verdict's last start at P99, the
//! retries' timeouts added to the total's P99 (a shift, which moves every
//! percentile alike), and the rounding of every percentile shown to the
//! precision its method supports ([`precision`]); the command line's JSON
//! keeps the full figures.
//! Over 500 lines only with its unit tests at the end (the code is under 460).

use fluent_bundle::FluentArgs;

use crate::backoff::Schedule;
use crate::backoff::dist::{DeadlineFit, Limits};
use crate::report::{Distribution, Method, Unit, js_number};
use crate::site::format::duration::with_unit;
use crate::site::format::intl::Intl;
use crate::site::format::svg::{Frame, decade, escape, fix, nice_step, pow10};
use crate::site::format::texts::Texts;
use crate::site::sections::calculator::contract::{Field, Rule};

/// The optional fields of the attempt timeline, in the form's order: both
/// durations in the page's unit, empty when not given.
pub fn limit_fields() -> [Field; 2] {
    let at_least_zero = Rule {
        min: 0.0,
        above: false,
        max: None,
        whole: false,
        zero_is_none: false,
    };
    [
        Field {
            name: "timeout",
            input: "timeout",
            label: "calc-timeout-label",
            hint: "calc-timeout-hint",
            error: "timeout",
            delay: true,
            rule: at_least_zero,
            only_with: None,
            unused_with: &[],
            unset: f64::NAN,
        },
        Field {
            name: "deadline",
            input: "deadline",
            label: "calc-deadline-label",
            hint: "calc-deadline-hint",
            error: "deadline",
            delay: true,
            rule: Rule {
                above: true,
                ..at_least_zero
            },
            only_with: None,
            unused_with: &[],
            unset: f64::NAN,
        },
    ]
}

/// The percentiles of the total wait the page shows: the name of the
/// core's `Summary` field and the percentile, which the label
/// `calc-total-percentile` receives as `$percentile`.
pub const PERCENTILES: [(&str, u8); 3] = [("p50", 50), ("p90", 90), ("p99", 99)];

/// The percentile the verdicts name (`$percentile`).
pub const VERDICT_PERCENTILE: u8 = 99;

/// The messages of the verdicts.
pub const VERDICTS: [&str; 3] = [
    "calc-verdict-timeout",
    "calc-verdict-deadline",
    "calc-verdict-deadline-untimed",
];

/// The label of one percentile of the total wait.
pub fn percentile_label(texts: &Texts, percentile: u8) -> String {
    let mut args = FluentArgs::new();
    args.set("percentile", percentile);
    texts.get("calc-total-percentile", Some(&args))
}

/// The messages of this module that receive variables, and their names,
/// for `check`; the island gets them with `{name}` placeholders.
pub const VARIABLES: &[(&str, &[&str])] = &[
    ("calc-total-percentile", &["percentile"]),
    (
        "calc-verdict-timeout",
        &["percentile", "p99", "timeout", "last", "spread"],
    ),
    (
        "calc-verdict-deadline",
        &[
            "percentile",
            "p99",
            "timeout",
            "last",
            "deadline",
            "late",
            "odds",
            "spread",
        ],
    ),
    (
        "calc-verdict-deadline-untimed",
        &[
            "percentile",
            "p99",
            "last",
            "deadline",
            "late",
            "odds",
            "spread",
        ],
    ),
    (
        "calc-percentiles-method",
        &["method", "percentile", "error", "place"],
    ),
    ("calc-timeline-chart-label-first", &["drawn", "attempts"]),
];

/// Whether the total wait of `dist` is certain (a schedule without
/// jitter): its shortest and longest are one, its percentiles are all the
/// total then, so the page shows none and the verdicts say "total wait"
/// (`$spread` = `certain`). The script's `renderDistribution` applies the
/// same rule to the schedule's totals.
pub fn certain(dist: &Distribution) -> bool {
    dist.total.min == dist.total.max
}

/// The verdicts' `$spread`: `certain` or `random`, as [`certain`] says.
pub fn spread(certain: bool) -> &'static str {
    if certain { "certain" } else { "random" }
}

/// The verdict's `$odds`: whether the last retry starts after the deadline
/// on every run (`always`: even its earliest start is not before it), on
/// none (`never`: even its latest start is before it) or on some (`some`).
/// Only the shortest and longest starts prove `always` and `never`; the
/// probability, a computed estimate, never does. (A schedule without jitter
/// is one or the other.) The script's `renderTimeline` applies the same rule.
pub fn odds(fit: &DeadlineFit, retries: u32) -> &'static str {
    if fit.retries_best < retries {
        "always"
    } else if fit.retries_worst == retries {
        "never"
    } else {
        "some"
    }
}

/// The verdict's `$late` when the odds are `some`: the percentage of runs
/// whose last retry starts after the deadline, whole, or to a tenth where
/// a whole number would read 0 or 100, or "< 0.1" and "> 99.9" (in the
/// page's notation) beyond that, so that an outcome that is not certain is
/// never shown as 0 % or 100 %. The script's `late` writes the same.
pub fn late(intl: &Intl, last_retry_probability: f64) -> String {
    let percent = (1.0 - last_retry_probability) * 100.0;
    let whole = percent.round();
    let tenth = (percent * 10.0).round() / 10.0;
    if (1.0..=99.0).contains(&whole) {
        intl.number(whole)
    } else if (0.1..=99.9).contains(&tenth) {
        intl.number(tenth)
    } else if tenth < 0.1 {
        format!("<\u{a0}{}", intl.number(0.1))
    } else {
        format!(">\u{a0}{}", intl.number(99.9))
    }
}

/// The decimal place (an exponent of ten) the page rounds the percentiles
/// of `method` to, `None` when they carry no error to round away. The
/// grid's stated error is one grid step (`core/METHOD.md`, "Error"), the
/// Monte Carlo run's P99 is known within its 99 % interval: the place is
/// the power of ten at or below that error, so no digit finer than the
/// error is shown. `static/calculator/distribution.js` computes the same.
pub fn precision(method: &Method) -> Option<i32> {
    let error = method_error(method);
    (error > 0.0 && error.is_finite()).then(|| decade(error))
}

/// The error [`precision`] rounds to: the grid step, or the width of the
/// 99 % interval of the total's P99.
fn method_error(method: &Method) -> f64 {
    match *method {
        Method::Grid { step } => step,
        Method::MonteCarlo {
            total_p99_low,
            total_p99_high,
            ..
        } => total_p99_high - total_p99_low,
    }
}

/// The error the method note states: the grid's step as it is (an exact
/// figure the note names), and a Monte Carlo run's interval width, itself
/// an estimate, rounded up to two significant digits (183,292.078 →
/// 190,000), so the note claims no more than is known and prints no noise.
/// `static/calculator/distribution.js` computes the same.
fn stated_error(method: &Method) -> f64 {
    let error = method_error(method);
    if matches!(method, Method::Grid { .. }) || !(error > 0.0 && error.is_finite()) {
        return error;
    }
    let k = decade(error) - 1;
    // Less a billionth, so that a quotient a rounding error above a whole
    // number (75.00000000000001) is not raised a whole digit.
    (error / pow10(k) - 1e-9).ceil() * pow10(k)
}

/// `x` rounded to the multiple of 10^`place` nearest it (half away from
/// zero), as the script rounds it; `x` itself when `place` is `None`.
pub fn round_to(x: f64, place: Option<i32>) -> f64 {
    place.map_or(x, |k| (x / pow10(k)).round() * pow10(k))
}

/// How many decades finer than its method's place a figure may be shown
/// to stay within its range; past that it is shown as computed.
const FINER_PLACES: i32 = 32;

/// `x`, a figure known to lie in `[min, max]`, rounded as [`round_to`] does
/// to `place` or, where that rounding would leave `[min, max]`, to the
/// first finer place whose rounding does not: a P50 of 104 beside a shortest
/// total of 103.19 shows as 104, not as 0 or 100. A figure is never shown
/// below the least or above the most it can be, and the order of figures
/// rounded so is kept. `static/calculator/distribution.js` computes the same.
pub fn round_within(x: f64, place: Option<i32>, min: f64, max: f64) -> f64 {
    let Some(place) = place else { return x };
    (0..FINER_PLACES)
        .map(|finer| round_to(x, Some(place - finer)))
        .find(|r| (min..=max).contains(r))
        .unwrap_or(x.clamp(min, max))
}

/// The total wait's percentiles as the page shows them, in
/// [`PERCENTILES`]' order, rounded to [`precision`] within the total's
/// range ([`round_within`]).
pub fn shown_percentiles(dist: &Distribution) -> [f64; 3] {
    let place = precision(&dist.method);
    let (min, max) = (dist.total.min, dist.total.max);
    [dist.total.p50, dist.total.p90, dist.total.p99].map(|x| round_within(x, place, min, max))
}

/// The method's statement under the percentiles: how they were computed
/// and what they are rounded to (`$method`: `grid`, `sample`, or `exact`
/// when nothing is rounded).
pub fn method_note(dist: &Distribution, texts: &Texts, figure: &Figure) -> String {
    let place = precision(&dist.method);
    let mut args = FluentArgs::new();
    args.set("method", method_kind(&dist.method, place));
    args.set("percentile", VERDICT_PERCENTILE);
    args.set("error", figure.of(stated_error(&dist.method)));
    args.set("place", figure.of(place.map_or(0.0, pow10)));
    texts.get("calc-percentiles-method", Some(&args))
}

/// `$method` of `calc-percentiles-method`.
fn method_kind(method: &Method, place: Option<i32>) -> &'static str {
    match (method, place) {
        (_, None) => "exact",
        (Method::Grid { .. }, _) => "grid",
        (Method::MonteCarlo { .. }, _) => "sample",
    }
}

/// The island's words of this module that the script picks among, with
/// `{name}` where it puts each figure: the method's statement per
/// `$method`, each verdict per `$spread` (`_certain` for a certain total)
/// and, for the deadline's, per `$odds` (`_always`, `_never`, none for
/// `some`), and the error of a deadline shorter than the first attempt's
/// timeout (the deadline's).
pub fn island_text(texts: &Texts) -> Vec<(String, String)> {
    let mut text = Vec::new();
    for method in ["grid", "sample", "exact"] {
        let mut args = FluentArgs::new();
        args.set("method", method);
        args.set("percentile", VERDICT_PERCENTILE);
        for name in ["error", "place"] {
            args.set(name, format!("{{{name}}}"));
        }
        text.push((
            format!("method_{method}"),
            texts.get("calc-percentiles-method", Some(&args)),
        ));
    }
    for id in VERDICTS {
        let odds: &[&str] = if id == VERDICTS[0] {
            &["some"]
        } else {
            &["some", "always", "never"]
        };
        for certain in [false, true] {
            // A certain total starts its last retry after the deadline on
            // every run or on none: never on `some`.
            for odds in odds
                .iter()
                .filter(|o| !(certain && **o == "some" && id != VERDICTS[0]))
            {
                let mut args = FluentArgs::new();
                for name in variables(id).unwrap_or_default() {
                    args.set(*name, format!("{{{name}}}"));
                }
                args.set("percentile", VERDICT_PERCENTILE);
                args.set("odds", *odds);
                args.set("spread", spread(certain));
                let odds_key = if *odds == "some" {
                    String::new()
                } else {
                    format!("_{odds}")
                };
                let spread_key = if certain { "_certain" } else { "" };
                text.push((
                    format!("{}{odds_key}{spread_key}", id.replace('-', "_")),
                    texts.get(id, Some(&args)),
                ));
            }
        }
    }
    text.push((
        "error_deadline_before_first_attempt".into(),
        texts.get("error-deadline", None),
    ));
    text
}

/// The variables this module passes to message `id`.
pub fn variables(id: &str) -> Option<&'static [&'static str]> {
    VARIABLES.iter().find(|(m, _)| *m == id).map(|(_, v)| *v)
}

/// The figures of `schedule` under `limits`, as `schedule --percentiles
/// --curve` prints them (the curve from the method's same run).
pub fn compute(schedule: &Schedule, limits: Limits) -> Distribution {
    Distribution::new_with_curve(schedule, limits)
        .expect("the defaults and limits are checked when loaded")
}

/// A figure with the page's unit.
pub struct Figure<'a> {
    pub intl: &'a Intl,
    pub unit: Unit,
    pub unit_label: &'a str,
}

impl Figure<'_> {
    pub fn of(&self, x: f64) -> String {
        with_unit(&self.intl.number(x), self.unit, self.unit_label)
    }
}

/// The attempt timeline of the page's defaults, every cell formatted.
pub struct TimelineView {
    pub caption: String,
    pub attempt: String,
    pub earliest: String,
    pub median: String,
    pub latest: String,
    /// Attempt, earliest, median and latest start.
    pub rows: Vec<[String; 4]>,
    pub chart_label: String,
    pub chart_html: String,
    pub verdict: String,
}

/// The timeline of `dist`, or `None` when neither a timeout nor a deadline
/// is given.
pub fn timeline(
    dist: &Distribution,
    retries: u32,
    texts: &Texts,
    figure: &Figure,
) -> Option<TimelineView> {
    let attempts = dist.attempts.as_ref()?;
    let place = precision(&dist.method);
    let rows = attempts
        .iter()
        .map(|a| {
            [
                figure.intl.number(f64::from(a.attempt)),
                figure.of(a.min),
                figure.of(round_within(a.p50, place, a.min, a.max)),
                figure.of(a.max),
            ]
        })
        .collect();
    let words = ChartWords::new(texts);
    let chart_label = words.label_of(attempts.len(), figure.intl);
    Some(TimelineView {
        caption: texts.get("calc-timeline-caption", None),
        attempt: texts.get("calc-timeline-attempt", None),
        earliest: texts.get("calc-timeline-earliest", None),
        median: texts.get("calc-timeline-median", None),
        latest: texts.get("calc-timeline-latest", None),
        rows,
        chart_html: chart_html(
            attempts.iter().map(|a| (a.min, a.p50, a.max)),
            dist.limits.deadline,
            figure,
            &words,
            &chart_label,
        ),
        chart_label,
        verdict: verdict(dist, retries, texts, figure),
    })
}

/// The verdict in words: the P99 of the total wait, when the last retry
/// starts at that percentile once the timeouts are counted, and how often
/// that is after the deadline.
pub fn verdict(dist: &Distribution, retries: u32, texts: &Texts, figure: &Figure) -> String {
    let limits = dist.limits;
    let place = precision(&dist.method);
    let total = &dist.total;
    // Every retry's timeout moves the last retry's start, and its range.
    let shift = f64::from(retries) * limits.timeout_or_zero();
    let last = round_within(
        shift + total.p99,
        place,
        shift + total.min,
        shift + total.max,
    );
    let p99 = round_within(total.p99, place, total.min, total.max);
    let mut args = FluentArgs::new();
    args.set("percentile", VERDICT_PERCENTILE);
    args.set("spread", spread(certain(dist)));
    args.set("p99", figure.of(p99));
    args.set("last", figure.of(last));
    if let Some(t) = limits.timeout {
        args.set("timeout", figure.of(t));
    }
    let id = match (dist.deadline, limits.deadline) {
        (Some(fit), Some(d)) => {
            args.set("deadline", figure.of(d));
            args.set("late", late(figure.intl, fit.last_retry_probability));
            args.set("odds", odds(&fit, retries));
            if limits.timeout.is_some() {
                "calc-verdict-deadline"
            } else {
                "calc-verdict-deadline-untimed"
            }
        }
        _ => "calc-verdict-timeout",
    };
    texts.get(id, Some(&args))
}

/// The chart's words.
pub struct ChartWords {
    /// The chart's name when it draws every attempt.
    pub label: String,
    /// Its name when it draws the first [`MAX_ROWS`] only, with `{drawn}`
    /// and `{attempts}` where the counts go.
    pub label_first: String,
    pub attempt: String,
    pub range: String,
    pub median: String,
    pub deadline: String,
}

impl ChartWords {
    pub fn new(texts: &Texts) -> ChartWords {
        let mut counts = FluentArgs::new();
        counts.set("drawn", "{drawn}");
        counts.set("attempts", "{attempts}");
        ChartWords {
            label: texts.get("calc-timeline-chart-label", None),
            label_first: texts.get("calc-timeline-chart-label-first", Some(&counts)),
            attempt: texts.get("calc-timeline-attempt", None),
            range: texts.get("calc-timeline-range", None),
            median: texts.get("calc-timeline-median", None),
            deadline: texts.get("calc-timeline-deadline", None),
        }
    }

    /// The chart's name for a timeline of `attempts` rows: it says so when
    /// the chart draws only the first [`MAX_ROWS`]. The script's
    /// `renderTimeline` picks the same.
    pub fn label_of(&self, attempts: usize, intl: &Intl) -> String {
        if attempts <= MAX_ROWS {
            return self.label.clone();
        }
        self.label_first
            .replace("{drawn}", &intl.number(MAX_ROWS as f64))
            .replace("{attempts}", &intl.number(attempts as f64))
    }
}

/// The timeline's drawing and margins; its height follows its rows.
const FRAME: Frame = Frame {
    width: 640.0,
    height: 0.0,
    left: 48.0,
    right: 44.0,
    top: 24.0,
    bottom: 32.0,
};
/// The frame's figures under the short names the drawing below uses.
const W: f64 = FRAME.width;
const L: f64 = FRAME.left;
const T: f64 = FRAME.top;
/// The height of one attempt's row.
const ROW: f64 = 18.0;
/// At most this many rows are drawn; the last rows of a longer timeline
/// are left out of the chart (the table lists them all), so that it stays
/// readable.
pub const MAX_ROWS: usize = 40;

/// The timeline chart: one row per attempt on a time axis, the range from
/// its earliest to its latest start, its median start marked, and the
/// deadline drawn and named. `static/calculator/distribution.js` writes the same markup.
pub fn chart_html(
    attempts: impl Iterator<Item = (f64, f64, f64)>,
    deadline: Option<f64>,
    figure: &Figure,
    words: &ChartWords,
    label: &str,
) -> String {
    let rows: Vec<_> = attempts.take(MAX_ROWS).collect();
    let top = rows.iter().map(|r| r.2).chain(deadline).fold(0.0, f64::max);
    let step = nice_step(top.max(f64::MIN_POSITIVE) / 4.0);
    let end = (top / step).ceil().max(1.0) * step;
    let frame = Frame {
        height: T + rows.len() as f64 * ROW + FRAME.bottom,
        ..FRAME
    };
    let (h, bottom) = (frame.height, frame.plot_bottom());
    let x = |v: f64| fix(L + v / end * frame.plot_width());
    let y = |i: usize| fix(T + (i as f64 + 0.5) * ROW);
    let mut svg = String::new();
    let mut k = 0.0;
    while k * step <= end {
        let v = k * step;
        svg.push_str(&format!(
            r#"<path d="M{} {}V{}" class="chart-grid"></path><text x="{}" y="{}" text-anchor="middle" class="chart-tick">{}</text>"#,
            x(v),
            js_number(T),
            js_number(bottom),
            x(v),
            js_number(bottom + 18.0),
            escape(&figure.of(v)),
        ));
        k += 1.0;
    }
    for (i, &(min, p50, max)) in rows.iter().enumerate() {
        svg.push_str(&format!(
            r#"<text x="{}" y="{}" text-anchor="end" class="chart-tick">{}</text><path d="M{} {}H{}" class="timeline-range"></path><path d="M{} {}v12" class="timeline-p50"></path>"#,
            js_number(L - 8.0),
            fix(T + (i as f64 + 0.5) * ROW + 4.0),
            escape(&figure.intl.number((i + 1) as f64)),
            x(min),
            y(i),
            x(max),
            x(p50),
            fix(T + (i as f64 + 0.5) * ROW - 6.0),
        ));
    }
    if let Some(d) = deadline {
        // The label runs away from the nearer edge, so that it is never cut.
        let anchor = if L + d / end * frame.plot_width() < W / 2.0 {
            "start"
        } else {
            "end"
        };
        svg.push_str(&format!(
            r#"<path d="M{} {}V{}" class="timeline-deadline"></path><text x="{}" y="{}" text-anchor="{anchor}" class="chart-title">{}</text>"#,
            x(d),
            js_number(T - 14.0),
            js_number(bottom),
            x(d),
            js_number(T - 16.0 + 12.0),
            escape(&format!("{}: {}", words.deadline, figure.of(d))),
        ));
    }
    let label = escape(label);
    format!(
        concat!(
            r#"<div class="chart-scroll" role="region" aria-label="{label}" tabindex="0">"#,
            r#"<svg viewBox="0 0 {w} {h}" role="img" aria-label="{label}">{svg}</svg></div>"#,
            r#"<ul class="chart-legend"><li><span class="swatch swatch-range"></span>{range}</li>"#,
            r#"<li><span class="swatch swatch-p50"></span>{median}</li></ul>"#
        ),
        label = label,
        w = js_number(W),
        h = js_number(h),
        svg = svg,
        range = escape(&words.range),
        median = escape(&words.median),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_keep_no_digit_finer_than_the_methods_error() {
        // A grid step of 15.625 leaves the tens: 4,795.407 shows as 4,800.
        let grid = Method::Grid { step: 15.625 };
        assert_eq!(precision(&grid), Some(1));
        assert_eq!(round_to(4795.407, precision(&grid)), 4800.0);
        // A step under one keeps decimals down to its own decade.
        let fine = Method::Grid { step: 0.75 };
        assert_eq!(precision(&fine), Some(-1));
        assert_eq!(
            format!("{:.3}", round_to(12.3456, precision(&fine))),
            "12.300"
        );
        // No error, nothing rounded: a schedule without jitter.
        assert_eq!(precision(&Method::Grid { step: 0.0 }), None);
        assert_eq!(round_to(4795.407, None), 4795.407);
        // A Monte Carlo run: the width of the P99's 99 % interval.
        let sampled = Method::MonteCarlo {
            generator: "xoshiro256**",
            seed: 1,
            samples: 512,
            exact_mean_retries: 0,
            mean_error: 1.0,
            total_p99_low: 3975.56,
            total_p99_high: 4020.18,
        };
        assert_eq!(precision(&sampled), Some(1));
        // The note names the grid's step as it is, and the sampled
        // interval's width (44.62) rounded up to two digits.
        assert_eq!(stated_error(&grid), 15.625);
        assert_eq!(stated_error(&sampled), 45.0);
        let wide = Method::MonteCarlo {
            generator: "xoshiro256**",
            seed: 1,
            samples: 512,
            exact_mean_retries: 0,
            mean_error: 1.0,
            total_p99_low: 0.0,
            total_p99_high: 183_292.078,
        };
        assert_eq!(stated_error(&wide), 190_000.0);
    }

    #[test]
    fn limit_fields_follow_the_cores_rule() {
        // The core refuses a negative timeout and a deadline of 0 (the
        // rules `Limits::validate` states); the fields' rules must agree.
        let [timeout, deadline] = limit_fields();
        let ok = |t: Option<f64>, d: Option<f64>| {
            Limits {
                timeout: t,
                deadline: d,
            }
            .validate()
            .is_ok()
        };
        assert!(ok(Some(timeout.rule.min), None) && !timeout.rule.above);
        assert!(!ok(Some(timeout.rule.min - 1.0), None));
        assert!(!ok(None, Some(deadline.rule.min)) && deadline.rule.above);
        assert!(ok(None, Some(deadline.rule.min + 1.0)));
    }
}
