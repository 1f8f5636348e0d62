//! The core's results as the figures a page shows: worked-example arguments
//! for Fluent, humanized durations, and the rows of the schedule table.
//!
//! Nothing here computes a delay: it asks the core, then formats what the
//! core returns through `intl`. Translators never type these figures.

use fluent_bundle::FluentArgs;

use crate::backoff::{DurationTier, Jitter, Policy, Schedule, duration_parts};
use crate::report::Unit;
use crate::site::intl::Intl;
use crate::site::texts::Texts;

/// No-break space: between a figure and its unit.
const NBSP: char = '\u{a0}';

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
    args
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
