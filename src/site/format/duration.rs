//! Durations as a page writes them: a figure with its unit, and a duration
//! in words by the core's rounding rule and the language's `duration-*`
//! messages.

use fluent_bundle::FluentArgs;

use crate::backoff::{DurationTier, duration_parts};
use crate::report::Unit;
use crate::site::format::texts::Texts;

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
