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
//! - [`decorrelated::decorrelated`]: AWS's decorrelated jitter, by a seeded
//!   Monte Carlo run.
//! - [`timeline`]: attempt starts and the fit to a deadline.
pub mod decorrelated;
pub mod delay;
mod error;
mod order;
pub mod sum;
pub mod timeline;

pub use delay::{CapOrder, Delay, Jitter, Policy, delays};
pub use error::DistError;
pub use sum::{SumDistribution, Summary};
pub use timeline::{AttemptStart, DeadlineFit, Limits, attempt_starts};

pub use crate::{MAX_RETRIES, MIN_RETRIES};

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

/// A core policy in the form this module computes it from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Input {
    /// None, full, equal or proportional jitter: independent delays, for
    /// [`delays`] and then [`independent`].
    Independent(Policy),
    /// Decorrelated jitter, for [`decorrelated::decorrelated`].
    Decorrelated(decorrelated::Policy),
}

impl Input {
    /// The input for a core policy. The core's proportional jitter caps the
    /// nominal delay before the jitter ([`CapOrder::BeforeJitter`]); the
    /// multiplier plays no part in decorrelated jitter.
    pub fn from_policy(policy: &crate::Policy) -> Input {
        let jitter = match policy.jitter {
            crate::Jitter::None => Jitter::None,
            crate::Jitter::Full => Jitter::Full,
            crate::Jitter::Equal => Jitter::Equal,
            crate::Jitter::Proportional { factor } => Jitter::Proportional {
                factor,
                order: CapOrder::BeforeJitter,
            },
            crate::Jitter::Decorrelated => {
                return Input::Decorrelated(decorrelated::Policy {
                    base: policy.base,
                    max_delay: policy.max_delay,
                    retries: policy.retries,
                });
            }
        };
        Input::Independent(Policy {
            base: policy.base,
            multiplier: policy.multiplier,
            max_delay: policy.max_delay,
            retries: policy.retries,
            jitter,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn core_kinds_map_to_their_delays() {
        let core = crate::Policy {
            base: 1.0,
            multiplier: 2.0,
            max_delay: Some(4.0),
            retries: 4,
            jitter: crate::Jitter::Proportional { factor: 0.5 },
        };
        let Input::Independent(p) = Input::from_policy(&core) else {
            panic!("proportional jitter has independent delays");
        };
        let mut buf = [Delay::fixed(0.0); 4];
        let got = delays(&p, &mut buf).unwrap();
        // Capped before the jitter: the last delay runs up to 1.5 × the cap.
        assert_eq!(got[3], Delay::uniform(2.0, 6.0));
        // The same bounds as the schedule's rows.
        let schedule = crate::Schedule::new(core).unwrap();
        for (row, d) in schedule.rows().zip(got) {
            assert_eq!((row.min, row.mean, row.max), (d.min(), d.mean(), d.max()));
        }
        let dec = crate::Policy {
            jitter: crate::Jitter::Decorrelated,
            ..core
        };
        assert_eq!(
            Input::from_policy(&dec),
            Input::Decorrelated(decorrelated::Policy {
                base: 1.0,
                max_delay: Some(4.0),
                retries: 4
            })
        );
    }
}
