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

/// The shapes a duration in words takes, by the parts it names, largest
/// first: each key is a pattern of the calculator's island and, as
/// [`message_id`], a message of every language's `site.ftl`, whose
/// variables are the parts. A part that is zero is left out, but for the
/// first: "2 min", not "2 min 0 s" (the script's `humanize` follows the same
/// rule).
pub const SHAPES: [(&str, &[&str]); 11] = [
    ("seconds", &["seconds"]),
    ("minutes", &["minutes"]),
    ("minutes_seconds", &["minutes", "seconds"]),
    ("hours", &["hours"]),
    ("hours_minutes", &["hours", "minutes"]),
    ("days", &["days"]),
    ("days_hours", &["days", "hours"]),
    ("days_minutes", &["days", "minutes"]),
    ("days_hours_minutes", &["days", "hours", "minutes"]),
    ("years", &["years"]),
    ("years_days", &["years", "days"]),
];

/// The message of shape `key`: `duration-` and the key with hyphens.
pub fn message_id(key: &str) -> String {
    format!("duration-{}", key.replace('_', "-"))
}

/// The variables of message `id` when it is a shape's.
pub fn variables(id: &str) -> Option<&'static [&'static str]> {
    SHAPES
        .iter()
        .find(|(key, _)| message_id(key) == id)
        .map(|(_, parts)| *parts)
}

/// A duration in words, by the core's rounding rule and the language's
/// `duration-*` messages ([`SHAPES`]). `None` for unitless figures.
pub fn humanize(value: f64, unit: Unit, texts: &Texts) -> Option<String> {
    let ms = value * unit.milliseconds()?;
    let parts = duration_parts(ms);
    let named: Vec<(&str, f64)> = match parts.tier() {
        DurationTier::Seconds => vec![(
            "seconds",
            parts.seconds as f64 + parts.milliseconds as f64 / 1000.0,
        )],
        DurationTier::MinutesAndSeconds => vec![
            ("minutes", f64::from(parts.minutes)),
            ("seconds", f64::from(parts.seconds)),
        ],
        // From a year (365 days) on, years and days; from a thousand years
        // on, hours and days are noise beside the years.
        DurationTier::HoursAndMinutes if parts.days >= DAYS_PER_YEAR => {
            let years = (parts.days / DAYS_PER_YEAR).floor();
            if years >= YEARS_ALONE {
                vec![("years", years)]
            } else {
                vec![
                    ("years", years),
                    ("days", parts.days - years * DAYS_PER_YEAR),
                ]
            }
        }
        DurationTier::HoursAndMinutes if parts.days > 0.0 => vec![
            ("days", parts.days),
            ("hours", f64::from(parts.hours)),
            ("minutes", f64::from(parts.minutes)),
        ],
        DurationTier::HoursAndMinutes => vec![
            ("hours", f64::from(parts.hours)),
            ("minutes", f64::from(parts.minutes)),
        ],
    };
    let shown: Vec<(&str, f64)> = named
        .iter()
        .enumerate()
        .filter(|(i, (_, value))| *i == 0 || *value != 0.0)
        .map(|(_, part)| *part)
        .collect();
    let key: Vec<&str> = shown.iter().map(|(name, _)| *name).collect();
    let mut args = FluentArgs::new();
    for (name, value) in shown {
        args.set(name, value);
    }
    Some(texts.get(&message_id(&key.join("_")), Some(&args)))
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
