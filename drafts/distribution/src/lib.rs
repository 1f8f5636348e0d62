//! Percentiles and the attempt timeline of retry schedules.
//!
//! This crate owns the *distribution* of a schedule's waits: for the total
//! wait and each retry's cumulative wait, the exact min, mean and max and
//! the P50, P90 and P99; and the timeline of attempts under a per-attempt
//! timeout and an overall deadline. It is a draft of a module of the
//! backoff core and keeps the core's rules: `no_std`, no allocation (the
//! caller passes every buffer), no dependencies, never NaN or infinity,
//! never a panic, every loop bounded by the retry count, the grid size or
//! the sample count, and a typed [`DistError`] naming the field for every
//! bad input. `METHOD.md` states the methods and their errors.
//!
//! - [`independent`]: no, full, equal and proportional jitter (delays that
//!   are independent `min(U[lo, hi], cap)`), by exact convolution of
//!   piecewise-linear CDFs on a grid ([`sum`]).
//! - [`decorrelated::decorrelated`]: AWS's decorrelated jitter, by a seeded
//!   Monte Carlo run.
//! - [`timeline`]: attempt starts and the fit to a deadline.
#![no_std]

#[cfg(test)]
extern crate std;

pub mod decorrelated;
pub mod delay;
mod error;
mod math;
mod order;
pub mod rng;
pub mod sum;
pub mod timeline;

pub use delay::{CapOrder, Delay, Jitter, Policy, delays};
pub use error::DistError;
pub use sum::{SumDistribution, Summary};
pub use timeline::{AttemptStart, DeadlineFit, Limits, attempt_starts};

/// The fewest retries a policy may ask for.
pub const MIN_RETRIES: u32 = 1;
/// The most retries a policy may ask for; it bounds the outer loops.
pub const MAX_RETRIES: u32 = 1000;

/// The totals of [`independent`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Report {
    pub total: Summary,
    /// The largest grid step used for any retry: with the site's grid, no
    /// percentile is further than this from the exact one (`METHOD.md`).
    pub grid_step: f64,
    pub deadline: Option<DeadlineFit>,
}

/// The figures of independent delays: each retry's cumulative wait into
/// `out` (retry 1 first), the totals and the deadline fit returned.
///
/// `work` is the grid: [`sum::work_len`]`(cells)` numbers for `cells` grid
/// cells (the site uses [`sum::CELLS`]). The run takes
/// `O(retries × cells)` steps.
pub fn independent(
    delays: &[Delay],
    limits: Limits,
    work: &mut [f64],
    out: &mut [Summary],
) -> Result<Report, DistError> {
    limits.validate()?;
    let n = delays.len();
    if !(MIN_RETRIES as usize..=MAX_RETRIES as usize).contains(&n) {
        return Err(DistError::Retries);
    }
    if out.len() < n {
        return Err(DistError::Output);
    }
    let mut sum = SumDistribution::new(work)?;
    let mut grid_step = 0.0f64;
    for ((delay, row), retry) in delays.iter().zip(out.iter_mut()).zip(1u32..) {
        sum.add(*delay, retry)?;
        grid_step = grid_step.max(sum.step());
        *row = sum.summary();
    }
    let total = sum.summary();
    let timeout = limits.timeout_or_zero();
    timeline::check_finite(n as u32, timeout, total.max)?;
    let deadline = limits.deadline.map(|d| {
        let last = sum.probability_below(d - n as f64 * timeout);
        timeline::fit(out[..n].iter().copied(), timeout, d, last)
    });
    Ok(Report {
        total,
        grid_step,
        deadline,
    })
}
