//! Percentiles and the attempt timeline of retry schedules.
//!
//! This module owns the *distribution* of a schedule's waits: for the total
//! wait and each retry's cumulative wait, the exact min, mean and max and
//! the P50, P90 and P99; and the timeline of attempts under a per-attempt
//! timeout and an overall deadline. It never formats or prints anything, and
//! it keeps the core's rules: `no_std`, no allocation (the
//! caller passes every buffer), no dependencies, never NaN or infinity,
//! never a panic, every loop bounded by the retry count, the grid size or
//! the sample count, and a typed [`DistError`] naming the field for every
//! bad input. `core/METHOD.md` states the methods and their errors.
//!
//! - [`independent`]: no, full, equal and proportional jitter (delays that
//!   are independent `min(U[lo, hi], cap)`), by exact convolution of
//!   piecewise-linear CDFs on a grid ([`sum`]).
//! - [`monte_carlo::run`]: the kinds whose delays depend on earlier ones
//!   ([`correlated`]: AWS's decorrelated jitter), by a seeded Monte Carlo
//!   run.
//! - [`timeline`]: attempt starts and the fit to a deadline.
//! - [`fit`]: what fits a deadline (the most retries, the largest first
//!   and maximum delays), by searches over the figures above.
//! - [`sample`]: one seeded run's actual delays.
//! - The total wait's curve ([`CURVE_POINTS`] quantiles), by either
//!   method: [`independent_with_curve`], [`monte_carlo::curve`].
pub mod correlated;
mod curve;
pub mod delay;
mod error;
pub mod fit;
pub mod monte_carlo;
mod order;
pub mod sample;
pub mod sum;
pub mod timeline;

pub use curve::{CURVE_POINTS, curve_probability};
pub use delay::{CapOrder, Delay, delays};
pub use error::DistError;
pub use sum::{SumDistribution, Summary};
pub use timeline::{AttemptStart, DeadlineFit, Limits, attempt_starts};

// The policy and its rules are the core's: this module adds no field.
pub use crate::{Jitter, MAX_RETRIES, MIN_RETRIES, Policy};

/// The work buffers of both methods, for a caller that computes either
/// (the calculator's contract, [`fit::fit`]): the grid's (`delays` and
/// `sums` of [`MAX_RETRIES`] each, `grid` of `sum::work_len(sum::CELLS)`)
/// and the Monte Carlo run's (`paths` of `monte_carlo::work_len` of the
/// most site samples, `rows` of [`MAX_RETRIES`]).
pub struct Work<'a> {
    pub delays: &'a mut [Delay],
    pub grid: &'a mut [f64],
    pub sums: &'a mut [Summary],
    pub paths: &'a mut [f64],
    pub rows: &'a mut [monte_carlo::Row],
}

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
    independent_with_curve(delays, limits, work, out, &mut [])
}

/// [`independent`], with the total wait's curve into `curve` when it holds
/// [`CURVE_POINTS`] numbers (each [`SumDistribution::quantile`] of the
/// total, its min and max at the ends); any other length is left alone.
pub fn independent_with_curve(
    delays: &[Delay],
    limits: Limits,
    work: &mut [f64],
    out: &mut [Summary],
    curve: &mut [f64],
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
    let timeout = limits.timeout_or_zero();
    // The counts matter only when a deadline is given.
    let (mut fit, deadline) = (DeadlineFit::default(), limits.deadline.unwrap_or(0.0));
    for ((delay, row), retry) in delays.iter().zip(out.iter_mut()).zip(1u32..) {
        sum.add(*delay, retry)?;
        grid_step = grid_step.max(sum.step());
        *row = sum.summary();
        fit.count(retry, row, timeout, deadline);
    }
    // The total is the last retry's cumulative wait.
    let total = out[n - 1];
    timeline::check_finite(n as u32, timeout, total.max)?;
    let deadline = limits
        .deadline
        .map(|d| fit.with_last_retry(sum.probability_below(d - n as f64 * timeout)));
    if curve.len() == CURVE_POINTS {
        for (i, point) in curve.iter_mut().enumerate() {
            *point = match i {
                0 => total.min,
                _ if i == CURVE_POINTS - 1 => total.max,
                _ => sum.quantile(curve_probability(i)),
            };
        }
    }
    Ok(Report {
        total,
        grid_step,
        deadline,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_core_rules_and_the_core_order_of_cap_and_jitter() {
        let core = crate::Policy {
            base: 1.0,
            multiplier: 2.0,
            max_delay: Some(4.0),
            retries: 4,
            jitter: crate::Jitter::Proportional { factor: 0.5 },
        };
        let mut buf = [Delay::fixed(0.0); 4];
        let got = delays(&core, CapOrder::BeforeJitter, &mut buf).unwrap();
        // Capped before the jitter: the last delay runs up to 1.5 × the cap.
        assert_eq!(got[3], Delay::uniform(2.0, 6.0));
        // The same bounds as the schedule's rows.
        let schedule = crate::Schedule::new(core).unwrap();
        for (row, d) in schedule.rows().zip(got) {
            assert_eq!((row.min, row.mean, row.max), (d.min(), d.mean(), d.max()));
        }
        // A policy the core refuses is refused here with the same field.
        for bad in [
            crate::Policy {
                multiplier: 0.5,
                ..core
            },
            crate::Policy {
                jitter: crate::Jitter::Proportional { factor: 2.0 },
                ..core
            },
        ] {
            let core_error = bad.validate().unwrap_err();
            let here = delays(&bad, CapOrder::BeforeJitter, &mut buf).unwrap_err();
            assert_eq!(here.field(), core_error.field());
        }
    }
}
