//! The calculator's section of a page: the static schedule of its default
//! inputs (what readers without JavaScript see), the form the script brings
//! to life, and the data island the script reads its words and its
//! contract from.
//!
//! Each part is a module of its own: `view.rs` (what the template
//! receives, and the static table, totals and percentiles), `form.rs` (the
//! fields and selectors), `island.rs` (the data island), `herd.rs` and
//! `distribution.rs` (the many-clients chart; the percentiles and the
//! timeline), `cost.rs` (what the retries cost the server), `curve.rs` (the chart of the total wait's distribution), `fit.rs` (what fits a deadline), `sample.rs` (one seeded sample run), `presets.rs` (the preset selector), `as_code.rs` (the policy
//! as code), `shared.rs` (the parts built once for every page of one
//! profile) and `contract.rs` (the site's half of the contract with the
//! script). This file only names them.

pub mod as_code;
pub mod contract;
pub mod cost;
pub mod curve;
pub mod distribution;
pub mod fit;
pub mod form;
pub mod herd;
pub mod island;
pub mod presets;
pub mod sample;
pub mod schedule;
pub mod shared;
pub mod view;

#[cfg(test)]
mod number_cases;

pub use form::{Choice, Field};
pub use schedule::Headers;

/// The variables each calculator message receives, from the part that
/// formats it: the preset selector, "as code", the verdicts of the
/// distribution, and the contract for the rest.
pub fn variables(id: &str) -> Option<&'static [&'static str]> {
    presets::variables(id)
        .or_else(|| as_code::variables(id))
        .or_else(|| distribution::variables(id))
        .or_else(|| cost::variables(id))
        .or_else(|| fit::variables(id))
        .or_else(|| curve::variables(id))
        .or_else(|| sample::variables(id))
        .or_else(|| contract::variables(id))
}
pub use view::{CalculatorView, TotalView, view};
