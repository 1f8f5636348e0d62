//! What fits the deadline, as the calculator words it: the labels and
//! words of the answers the script shows under the timeline once a
//! deadline is given (the method modules' `fit` export,
//! `backoff_core::contract::fit`, the same search as `schedule
//! --fit-deadline D`), run off the page's thread since it runs the method
//! up to about a hundred times.
//!
//! Where the page's defaults give a deadline (the schedule page's do), the
//! build shows the answers for them, worded and rounded as the script
//! words and rounds them, so that the page reads the same without
//! JavaScript; elsewhere the block starts hidden and empty.

use fluent_bundle::FluentArgs;

use crate::backoff::dist::fit::Bound;
use crate::report::Distribution;
use crate::site::format::duration::with_unit;
use crate::site::format::intl::MAX_FRACTION_DIGITS;
use crate::site::format::texts::Texts;
use crate::site::sections::calculator::distribution::Figure;

/// The island's words of the fit, by key, with [`PERCENTILE`] in them;
/// `fit_most_figure` has the holes `{worst}`, `{p99}` and `{p50}` where the
/// script puts the counts.
pub const TEXT: [(&str, &str); 10] = [
    ("fit_most_retries", "calc-fit-most-retries"),
    ("fit_most_attempts", "calc-fit-most-attempts"),
    ("fit_most_figure", "calc-fit-most-figure"),
    ("fit_base", "calc-fit-base"),
    ("fit_max_delay", "calc-fit-max-delay"),
    ("fit_any", "calc-fit-any"),
    ("fit_any_max_delay", "calc-fit-any-max-delay"),
    ("fit_none", "calc-fit-none"),
    ("fit_working", "calc-fit-working"),
    ("fit_failed", "calc-fit-failed"),
];

/// The percentile the answers are at, which the messages receive as
/// `$percentile`: the core's search fits the P99 start
/// (`backoff_core::dist::fit`).
pub const PERCENTILE: u8 = 99;

/// The messages that receive variables, and their names.
pub const VARIABLES: &[(&str, &[&str])] = &[
    (
        "calc-fit-most-figure",
        &["worst", "p99", "p50", "percentile"],
    ),
    ("calc-fit-base", &["percentile"]),
    ("calc-fit-max-delay", &["percentile"]),
];

/// The variables the fit passes to message `id`, if it is one of its own.
pub fn variables(id: &str) -> Option<&'static [&'static str]> {
    VARIABLES.iter().find(|(m, _)| *m == id).map(|(_, v)| *v)
}

/// The answers of `dist` (computed with its fit) for a policy of `retries`
/// retries, as `static/calculator/fit.js` shows them with the count switch
/// on retries: each row's label and figure.
pub fn rows(dist: &Distribution, retries: u32, texts: &Texts, figure: &Figure) -> Vec<[String; 2]> {
    let Some(fit) = &dist.fit else {
        return Vec::new();
    };
    let f = &fit.answers;
    let mut args = FluentArgs::new();
    args.set("percentile", PERCENTILE);
    args.set("worst", figure.intl.number(f64::from(f.most_retries_worst)));
    args.set("p99", figure.intl.number(f64::from(f.most_retries_p99)));
    args.set("p50", figure.intl.number(f64::from(f.most_retries_p50)));
    let mut rows = vec![[
        texts.get("calc-fit-most-retries", None),
        texts.get("calc-fit-most-figure", Some(&args)),
    ]];
    // Without a retry there is no last retry to fit.
    if retries > 0 {
        let mut args = FluentArgs::new();
        args.set("percentile", PERCENTILE);
        rows.push([
            texts.get("calc-fit-base", Some(&args)),
            bound(f.largest_base_p99, "calc-fit-any", texts, figure),
        ]);
        rows.push([
            texts.get("calc-fit-max-delay", Some(&args)),
            bound(
                f.largest_max_delay_p99,
                "calc-fit-any-max-delay",
                texts,
                figure,
            ),
        ]);
    }
    rows
}

/// A bound in words: the largest value rounded down to the page's places,
/// so that the figure shown fits too (below the first place, said so).
fn bound(bound: Bound, any: &str, texts: &Texts, figure: &Figure) -> String {
    match bound {
        Bound::None => texts.get("calc-fit-none", None),
        Bound::Any => texts.get(any, None),
        Bound::UpTo(x) => {
            let places = 10f64.powi(i32::from(MAX_FRACTION_DIGITS));
            let down = (x * places).floor() / places;
            let shown = if down > 0.0 {
                figure.intl.number(down)
            } else {
                format!("<\u{a0}{}", figure.intl.number(1.0 / places))
            };
            with_unit(&shown, figure.unit, figure.unit_label)
        }
    }
}
