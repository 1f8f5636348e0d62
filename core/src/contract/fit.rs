//! The contract of the fit export, what fits a deadline: each method
//! module's `fit`, over the distribution's inputs (`super::distribution`),
//! and the layout of its buffer, by JSON key as `backoff-site schedule
//! --fit-deadline` writes them. The figures are the core's
//! ([`crate::dist::fit`]) by the runs of the module's one method, so that
//! each module links only its own method's code.
//!
//! The deadline slot is the deadline fitted (NaN: the `deadline` error);
//! the timeout slot the per-attempt timeout (NaN: attempts take no time).
//! A bound of a field is a number in the buffer: the largest value that
//! fits, [`ANY`] (every value fits) or [`NONE`] (no value fits). Like
//! `super`, this module never formats anything.

use crate::dist::DistError;
use crate::dist::fit::{self, Bound, Runs};

use super::distribution::{INPUTS, JITTERS, limits, refused};
use super::{Refused, policy_of};

/// The export's functions in each method module, besides
/// `super::distribution::EXPORTS`.
pub const EXPORTS: [&str; 2] = ["fit", "fit_buffer"];

/// The fit's answers in the fit buffer, by their JSON key in `fit`
/// (`most_retries.worst`, `.p99`, `.p50`, then the two bounds' `value`).
pub const ANSWERS: [&str; 5] = [
    "most_retries_worst",
    "most_retries_p99",
    "most_retries_p50",
    "largest_base_p99",
    "largest_max_delay_p99",
];

/// The fit buffer's length in f64 values.
pub const LEN: usize = ANSWERS.len();

/// A bound that every value meets (`{"fits": "any"}`).
pub const ANY: f64 = f64::INFINITY;

/// A bound that no value meets (`{"fits": "none"}`): the only value of the
/// buffer that is not a number, so that it reads as none of the others.
pub const NONE: f64 = f64::NAN;

/// The relative width of the searches (`fit.precision`).
pub const PRECISION: f64 = fit::PRECISION;

/// What fits the deadline of the input slots for their policy, by `runs`,
/// which must be of the policy's kind's method (else the `jitter` error),
/// into `out` as [`ANSWERS`] lays it out. On refusal `out` is left as it
/// was.
pub fn fit(
    inputs: &[f64; INPUTS.len()],
    out: &mut [f64; LEN],
    runs: &mut impl Runs,
) -> Result<(), Refused> {
    let policy = policy_of(&JITTERS, inputs)?;
    let limits = limits(inputs);
    let deadline = limits.deadline.ok_or(refused(DistError::Deadline))?;
    let f = fit::fit_with(&policy, limits.timeout, deadline, runs).map_err(refused)?;
    *out = [
        f64::from(f.most_retries_worst),
        f64::from(f.most_retries_p99),
        f64::from(f.most_retries_p50),
        number(f.largest_base_p99),
        number(f.largest_max_delay_p99),
    ];
    Ok(())
}

/// A bound as the buffer holds it.
pub fn number(bound: Bound) -> f64 {
    match bound {
        Bound::Any => ANY,
        Bound::UpTo(value) => value,
        Bound::None => NONE,
    }
}
