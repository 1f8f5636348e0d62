//! The core's results as the figures a page shows: worked-example arguments
//! for Fluent, humanized durations, and the rows of the schedule table.
//!
//! Nothing here computes a delay: it asks the core, then formats what the
//! core returns through `intl`. Translators never type these figures.

use std::collections::HashMap;
use std::sync::Mutex;

use fluent_bundle::FluentArgs;

use crate::backoff::{DurationTier, Jitter, Policy, Schedule, duration_parts};
use crate::report::Unit;
use crate::site::axis::{Frame, element, escape, fix, linear_ticks, log_decades, nice_step, pow10};
use crate::site::intl::Intl;
use crate::site::texts::Texts;

/// No-break space: between a figure and its unit.
const NBSP: char = '\u{a0}';

/// The days of a year in humanized durations: a calendar year, not leap.
const DAYS_PER_YEAR: f64 = 365.0;

/// From this many years, a duration shows years alone.
const YEARS_ALONE: f64 = 1000.0;

/// A duration in words, by the core's rounding rule and the language's
/// `duration-*` messages. `None` for unitless figures.
pub fn humanize(value: f64, unit: Unit, texts: &Texts) -> Option<String> {
    let ms = value * unit.milliseconds()?;
    let parts = duration_parts(ms);
    let mut args = FluentArgs::new();
    let id = match parts.tier() {
        DurationTier::Seconds => {
            args.set(
                "seconds",
                parts.seconds as f64 + parts.milliseconds as f64 / 1000.0,
            );
            "duration-seconds"
        }
        DurationTier::MinutesAndSeconds => {
            args.set("minutes", parts.minutes);
            args.set("seconds", parts.seconds);
            "duration-minutes-seconds"
        }
        // From a year (365 days) on, years and days; from a thousand years
        // on, hours and days are noise beside the years.
        DurationTier::HoursAndMinutes if parts.days >= DAYS_PER_YEAR => {
            let years = (parts.days / DAYS_PER_YEAR).floor();
            args.set("years", years);
            if years >= YEARS_ALONE {
                "duration-years"
            } else {
                args.set("days", parts.days - years * DAYS_PER_YEAR);
                "duration-years-days"
            }
        }
        DurationTier::HoursAndMinutes if parts.days > 0.0 => {
            args.set("days", parts.days);
            args.set("hours", parts.hours);
            args.set("minutes", parts.minutes);
            "duration-days-hours-minutes"
        }
        DurationTier::HoursAndMinutes => {
            args.set("hours", parts.hours);
            args.set("minutes", parts.minutes);
            "duration-hours-minutes"
        }
    };
    Some(texts.get(id, Some(&args)))
}

/// A total of the calculator in words: as [`humanize`], but none under a
/// second, where the words would only repeat the figure (`500 ms (0.5 s)`).
pub fn humanize_total(value: f64, unit: Unit, texts: &Texts) -> Option<String> {
    let ms = value * unit.milliseconds()?;
    if ms < 1000.0 {
        return None;
    }
    humanize(value, unit, texts)
}

/// The unit's abbreviation in the page's language (`мс`, `s`, …).
pub fn unit_label(unit: Unit, texts: &Texts) -> String {
    texts.get(&format!("unit-{}", unit.name()), None)
}

/// A figure followed by its unit, joined by a no-break space; unitless
/// figures stand alone.
pub fn with_unit(figure: &str, unit: Unit, unit_label: &str) -> String {
    match unit {
        Unit::Units => figure.to_string(),
        _ => format!("{figure}{NBSP}{unit_label}"),
    }
}

/// The arguments every worked-example message receives (the list is in
/// TRANSLATING.md). `schedule` must be the schedule of `policy`.
pub fn example_args(
    schedule: &Schedule,
    unit: Unit,
    intl: &Intl,
    texts: &Texts,
) -> FluentArgs<'static> {
    let policy: Policy = schedule.policy();
    let rows: Vec<_> = schedule.rows().collect();
    let figures =
        |xs: &mut dyn Iterator<Item = f64>| xs.map(|x| intl.number(x)).collect::<Vec<String>>();
    let delays = figures(&mut rows.iter().map(|r| r.delay));
    let uncapped = figures(&mut rows.iter().filter(|r| !r.capped).map(|r| r.delay));
    let capped_retries = figures(&mut rows.iter().filter(|r| r.capped).map(|r| r.retry as f64));

    let mut args = FluentArgs::new();
    args.set("base", policy.base);
    args.set("multiplier", policy.multiplier);
    if let Some(max) = policy.max_delay {
        args.set("max", max);
    }
    args.set("retries", policy.retries);
    args.set("delays", intl.and_list(&delays));
    args.set("uncapped-delays", intl.and_list(&uncapped));
    args.set("uncapped-count", uncapped.len());
    args.set("capped-retries", intl.and_list(&capped_retries));
    args.set("capped-count", capped_retries.len());
    if let Some(first) = rows.iter().find(|r| r.capped) {
        args.set("first-capped-retry", first.retry);
    }
    args.set("sum", delays.join(" + "));
    let total = schedule.totals().max;
    args.set("total", total);
    if let Some(human) = humanize(total, unit, texts) {
        args.set("total-human", human);
    }
    for (name, jitter) in [
        ("mean-total-full", Jitter::Full),
        ("mean-total-equal", Jitter::Equal),
    ] {
        let jittered = Schedule::new(Policy { jitter, ..policy })
            .expect("jitter changes no rule the policy already passed");
        args.set(name, jittered.totals().mean);
    }
    if let Some(last) = rows.last() {
        args.set("last-delay", last.delay);
    }
    add_percentile_args(schedule, &mut args);
    args
}

/// The percentiles of the example's total wait under its own jitter, as
/// `schedule --percentiles` computes them (`total-p50`, …), and the
/// percentiles' numbers themselves (`p50` is 50), so that no message types
/// them.
fn add_percentile_args(schedule: &Schedule, args: &mut FluentArgs<'static>) {
    let [p50, p90, p99] = total_percentiles(schedule);
    for (name, percentile, x) in [("p50", 50, p50), ("p90", 90, p90), ("p99", 99, p99)] {
        args.set(name, percentile);
        args.set(format!("total-{name}"), x);
    }
}

/// P50, P90 and P99 of `schedule`'s total wait, computed once per policy in
/// this process: every language of a page, and often many pages, show the
/// same example, and the distribution is the costliest part of its
/// arguments. The figures depend on the policy alone (and on the core
/// compiled into this process); the key is the policy's `Debug` form, which
/// writes every field and each double so that it reads back to the same
/// bits.
fn total_percentiles(schedule: &Schedule) -> [f64; 3] {
    /// Policies kept at most: a site with more distinct examples computes
    /// the others each time.
    const KEPT: usize = 1024;
    static KNOWN: Mutex<Option<HashMap<String, [f64; 3]>>> = Mutex::new(None);
    let lock = || KNOWN.lock().unwrap_or_else(|e| e.into_inner());
    let key = format!("{:?}", schedule.policy());
    if let Some(known) = lock().as_ref().and_then(|m| m.get(&key)) {
        return *known;
    }
    let dist = crate::report::Distribution::new(schedule, Default::default())
        .expect("an example's policy passed the core's rules when loaded");
    let found = [dist.total.p50, dist.total.p90, dist.total.p99];
    let mut known = lock();
    let known = known.get_or_insert_with(HashMap::new);
    if known.len() < KEPT {
        known.insert(key, found);
    }
    found
}

/// The names of the arguments [`example_args`] provides, for `check`.
pub const EXAMPLE_ARGUMENTS: &[&str] = &[
    "base",
    "multiplier",
    "max",
    "retries",
    "delays",
    "uncapped-delays",
    "uncapped-count",
    "capped-retries",
    "capped-count",
    "first-capped-retry",
    "sum",
    "total",
    "total-human",
    "mean-total-full",
    "mean-total-equal",
    "last-delay",
    "p50",
    "p90",
    "p99",
    "total-p50",
    "total-p90",
    "total-p99",
];

/// One row of the schedule table, every cell already formatted.
#[derive(Clone, Debug, serde::Serialize)]
pub struct TableRow {
    pub retry: String,
    /// The delay, or its `min–max` range under jitter.
    pub delay: String,
    /// The mean delay; only shown under jitter.
    pub mean: String,
    pub capped: bool,
    /// The cumulative wait, or its range under jitter.
    pub cumulative: String,
}

/// The rows of the schedule table. The calculator's script writes the very
/// same cells, so the two must change together.
pub fn table_rows(schedule: &Schedule, intl: &Intl, unit_label: &str, unit: Unit) -> Vec<TableRow> {
    let jitter = schedule.policy().jitter;
    let cell = |x: f64| with_unit(&intl.number(x), unit, unit_label);
    let range = |lo: f64, hi: f64| {
        with_unit(
            &format!("{}–{}", intl.number(lo), intl.number(hi)),
            unit,
            unit_label,
        )
    };
    schedule
        .rows()
        .map(|row| TableRow {
            retry: intl.number(row.retry as f64),
            delay: if jitter == Jitter::None {
                cell(row.delay)
            } else {
                range(row.min, row.max)
            },
            mean: cell(row.mean),
            capped: row.capped,
            cumulative: if jitter == Jitter::None {
                cell(row.cumulative_max)
            } else {
                range(row.cumulative_min, row.cumulative_max)
            },
        })
        .collect()
}

/// The words of the chart, in the page's language. `summary` and
/// `summary_capped` hold `{first}`, `{last}` and `{retry}` where the figures
/// go, as the script receives them.
pub struct ChartWords {
    pub label: String,
    pub retry: String,
    pub delay: String,
    pub band: String,
    pub mean: String,
    pub cap: String,
    pub log: String,
    pub summary: String,
    pub summary_capped: String,
}

/// The chart's drawing and its margins around the plot.
const FRAME: Frame = Frame {
    width: 640.0,
    height: 320.0,
    left: 100.0,
    right: 16.0,
    top: 16.0,
    bottom: 56.0,
};

/// The chart of each retry's delay: in a scroll region, an SVG with value
/// ticks in the page's notation (a log scale once the delays span more than
/// two decades), retry numbers, the band from the shortest to the longest
/// delay under jitter, the mean (or the delay) as a line and the cap; then an
/// HTML legend and a summary in words. Attributes only, as the CSP allows no
/// inline style; CSS classes give the colours. `static/calculator/chart.js`'s
/// `renderChart` draws the very same markup, so the two must change together
/// (the browser tests compare them for the default inputs).
pub fn chart_html(
    schedule: &Schedule,
    intl: &Intl,
    unit_label: &str,
    unit: Unit,
    words: &ChartWords,
) -> String {
    let rows: Vec<_> = schedule.rows().collect();
    let n = rows.len();
    let top = rows.iter().map(|r| r.max).fold(0.0, f64::max);
    let low = rows.iter().map(|r| r.delay).fold(f64::INFINITY, f64::min);
    let log = top / low > 100.0;
    let figure = |v: f64| with_unit(&intl.number(v), unit, unit_label);
    let x = |i: usize| {
        if n == 1 {
            fix(FRAME.centre_x())
        } else {
            fix(FRAME.left + (i as f64 * FRAME.plot_width()) / (n - 1) as f64)
        }
    };
    let bottom = FRAME.plot_bottom();
    let mut ticks = Vec::new();
    let y: Box<dyn Fn(f64) -> f64> = if log {
        let (lo, hi) = log_decades(low, top);
        let span = (hi - lo).max(1);
        let every = (span + 4) / 5;
        let mut k = lo;
        while k <= hi {
            ticks.push(pow10(k));
            k += every;
        }
        Box::new(move |v: f64| {
            bottom - ((v.max(pow10(lo)).log10() - lo as f64) / span as f64) * (bottom - FRAME.top)
        })
    } else {
        let ceiling;
        (ceiling, ticks) = linear_ticks(top);
        Box::new(move |v: f64| FRAME.linear_y(v, ceiling))
    };
    let mut svg = String::new();
    let mut add = |tag: &str, attrs: &[(&str, String)], text: Option<String>| {
        element(&mut svg, tag, attrs, &text.unwrap_or_default());
    };
    let num = crate::report::js_number;
    for &v in &ticks {
        add(
            "path",
            &[("d", FRAME.grid_line(y(v))), ("class", "chart-grid".into())],
            None,
        );
        add(
            "text",
            &[
                ("x", num(FRAME.left - 6.0)),
                ("y", fix(y(v) + 5.0)),
                ("text-anchor", "end".into()),
                ("class", "chart-tick".into()),
            ],
            Some(figure(v)),
        );
    }
    let x_step = if n <= 6 {
        1
    } else {
        nice_step(n as f64 / 6.0) as usize
    };
    let mut r = 1;
    while r <= n {
        add(
            "text",
            &[
                ("x", x(r - 1)),
                ("y", num(bottom + 22.0)),
                ("text-anchor", "middle".into()),
                ("class", "chart-tick".into()),
            ],
            Some(intl.number(r as f64)),
        );
        r = if r == 1 && x_step > 1 {
            x_step
        } else {
            r + x_step
        };
    }
    add(
        "text",
        &[
            ("x", fix(FRAME.centre_x())),
            ("y", num(FRAME.height - 8.0)),
            ("text-anchor", "middle".into()),
            ("class", "chart-title".into()),
        ],
        Some(words.retry.clone()),
    );
    let line = |value: &dyn Fn(usize) -> f64, order: &mut dyn Iterator<Item = usize>| {
        order
            .map(|i| format!("{},{}", x(i), fix(y(value(i)))))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let jittered = schedule.policy().jitter != Jitter::None;
    if jittered {
        let band = format!(
            "{} {}",
            line(&|i| rows[i].max, &mut (0..n)),
            line(&|i| rows[i].min, &mut (0..n).rev())
        );
        add(
            "polygon",
            &[("points", band), ("class", "chart-band".into())],
            None,
        );
    }
    add(
        "polyline",
        &[
            ("points", line(&|i| rows[i].mean, &mut (0..n))),
            ("class", "chart-mean".into()),
        ],
        None,
    );
    let first_capped = rows.iter().find(|r| r.capped);
    if let Some(row) = first_capped {
        add(
            "path",
            &[
                ("d", FRAME.grid_line(y(row.delay))),
                ("class", "chart-cap".into()),
            ],
            None,
        );
    }
    add(
        "path",
        &[("d", FRAME.axes()), ("class", "chart-axis".into())],
        None,
    );
    let mut legend = String::new();
    let mut item = |kind: &str, text: &str| {
        legend.push_str(&format!(
            r#"<li><span class="swatch swatch-{kind}"></span>{}</li>"#,
            escape(text)
        ));
    };
    if jittered {
        item("band", &words.band);
    }
    item("mean", if jittered { &words.mean } else { &words.delay });
    if let Some(row) = first_capped {
        item("cap", &format!("{}: {}", words.cap, figure(row.delay)));
    }
    let pattern = if first_capped.is_some() {
        &words.summary_capped
    } else {
        &words.summary
    };
    let mut summary = pattern
        .replace("{first}", &figure(rows[0].delay))
        .replace("{last}", &figure(rows[n - 1].delay))
        .replace(
            "{retry}",
            &intl.number(first_capped.map_or(0, |r| r.retry) as f64),
        );
    if log {
        summary.push(' ');
        summary.push_str(&words.log);
    }
    let label = escape(&words.label);
    format!(
        concat!(
            r#"<div class="chart-body" id="calc-chart-body">"#,
            r#"<div class="chart-scroll" role="region" aria-label="{label}" tabindex="0">"#,
            r#"<svg viewBox="0 0 {w} {h}" role="img" aria-label="{label}">{svg}</svg></div>"#,
            r#"<ul class="chart-legend">{legend}</ul>"#,
            r#"<p class="chart-summary">{summary}</p></div>"#
        ),
        label = label,
        w = num(FRAME.width),
        h = num(FRAME.height),
        svg = svg,
        legend = legend,
        summary = escape(&summary),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Remembered percentiles are those of the very policy asked for: two
    /// policies that differ in one field alone, asked in turn, each read
    /// back as computed afresh.
    #[test]
    fn remembered_percentiles_are_those_of_the_policy() {
        let full = Policy {
            base: 0.25,
            multiplier: 3.0,
            max_delay: Some(20.0),
            retries: 6,
            jitter: Jitter::Full,
        };
        let equal = Policy {
            jitter: Jitter::Equal,
            ..full
        };
        for _ in 0..2 {
            for policy in [full, equal] {
                let schedule = Schedule::new(policy).unwrap();
                let fresh = crate::report::Distribution::new(&schedule, Default::default())
                    .unwrap()
                    .total;
                assert_eq!(
                    total_percentiles(&schedule),
                    [fresh.p50, fresh.p90, fresh.p99]
                );
            }
        }
        let a = total_percentiles(&Schedule::new(full).unwrap());
        let b = total_percentiles(&Schedule::new(equal).unwrap());
        assert_ne!(a, b);
    }
}
