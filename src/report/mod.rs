//! The schedule as a document: the JSON that `schedule` prints and the
//! calculator copies (`json.rs`), and the plain-text tables of `schedule
//! --format table` (`table.rs`). This module holds what both share: the
//! unit label, ECMAScript's number notation ([`js_number`]) and the
//! distribution figures ([`Distribution`]) the core computes for a schedule.
//!
//! Field names are stable and documented in README.md. The figures come
//! from the core (`Schedule` and `backoff::dist`); these modules only lay
//! them out and never compute a figure of their own.

mod figures;
mod json;
mod table;

pub use json::{to_json, to_json_with, write as write_json};
pub use table::to_table;

pub use figures::{
    CostFigures, Count, Distribution, FitAnswers, MAX_SAMPLE_SEED, Method, SampleRun, Unit,
    js_number,
};
