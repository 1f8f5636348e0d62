//! One seeded sample run, as the calculator words it: the button that
//! draws a run (the method modules' `sample` export,
//! `backoff_core::contract::sample`, the same run as `schedule --sample
//! SEED`), its words in the chart's legend and summary, and its table.
//! The build draws no run (its defaults give no seed): the part starts
//! hidden and the script shows it; this module words it for the template
//! and the island, and formats no figure.

use crate::site::format::texts::Texts;

/// The island's words of the run, by key; `sample_summary` has the holes
/// `{seed}` and `{total}` where the script puts the seed and the run's
/// total wait.
pub const TEXT: [(&str, &str); 4] = [
    ("sample_draw", "calc-sample-draw"),
    ("sample_another", "calc-sample-another"),
    ("sample_legend", "calc-sample-legend"),
    ("sample_summary", "calc-sample-summary"),
];

/// The messages that receive variables, and their names.
pub const VARIABLES: &[(&str, &[&str])] = &[("calc-sample-summary", &["seed", "total"])];

/// The variables the run passes to message `id`, if it is one of its own.
pub fn variables(id: &str) -> Option<&'static [&'static str]> {
    VARIABLES.iter().find(|(m, _)| *m == id).map(|(_, v)| *v)
}

/// What the template writes of the run: the button's first words, the
/// table's caption (its region's name too) and column heads, the schedule
/// table's own.
pub struct SampleView {
    pub draw: String,
    pub caption: String,
    pub retry: String,
    pub delay: String,
}

pub fn view(texts: &Texts) -> SampleView {
    SampleView {
        draw: texts.get("calc-sample-draw", None),
        caption: texts.get("calc-sample-table", None),
        retry: texts.get("table-retry", None),
        delay: texts.get("table-delay", None),
    }
}
