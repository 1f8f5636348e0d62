//! One seeded sample run, as the calculator words it: the button that
//! draws a run (the method modules' `sample` export,
//! `backoff_core::contract::sample`, the same run as `schedule --sample
//! SEED`), its words in the chart's legend and summary, and its table.
//! The build draws no run (its defaults give no seed) and writes only the
//! part's place: the script writes the button, the summary and the table;
//! this module words them for the island, and formats no figure.

/// The island's words of the run, by key (the table's column heads are the
/// schedule table's); `sample_summary` has the holes `{seed}` and `{total}`
/// where the script puts the seed and the run's total wait.
pub const TEXT: [(&str, &str); 7] = [
    ("sample_draw", "calc-sample-draw"),
    ("sample_another", "calc-sample-another"),
    ("sample_legend", "calc-sample-legend"),
    ("sample_summary", "calc-sample-summary"),
    ("sample_table", "calc-sample-table"),
    ("sample_retry", "table-retry"),
    ("sample_delay", "table-delay"),
];

/// The messages that receive variables, and their names.
pub const VARIABLES: &[(&str, &[&str])] = &[("calc-sample-summary", &["seed", "total"])];

/// The variables the run passes to message `id`, if it is one of its own.
pub fn variables(id: &str) -> Option<&'static [&'static str]> {
    VARIABLES.iter().find(|(m, _)| *m == id).map(|(_, v)| *v)
}
