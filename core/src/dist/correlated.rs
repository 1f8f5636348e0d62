//! The kinds of jitter whose delays depend on earlier ones
//! ([`Method::MonteCarlo`]): for each, one path's next delay from a uniform
//! draw, and what is exact of each retry's delay (its bounds and, while the
//! cap cannot bind, its mean). The Monte Carlo run ([`super::monte_carlo`])
//! is the same for all of them and reads their formulas here, so a new
//! correlated kind is a section of this file, not a new run.
//!
//! - Decorrelated jitter, as the AWS Architecture Blog's "Exponential
//!   Backoff And Jitter" (2015) defines it: `sleep = min(cap,
//!   random_between(base, sleep × 3))`, with `sleep` starting at `base`. The
//!   page's "first delay" is this `base`: the first actual delay is uniform
//!   on `[base, 3·base]` (cut at the cap). Exact: per-retry min `base` and
//!   max `min(cap, base·3^k)`, and the mean while the cap cannot bind
//!   (`base·3^k <= cap`): there `E[sleep_k] = (base + 3·E[sleep_{k−1}]) / 2`.
//!   The multiplier plays no part.
//!
//! `core/METHOD.md` states each formula with its source.

use crate::Policy;
#[cfg(doc)]
use crate::{Jitter, Method};

/// What is exact of one retry's delay and of the cumulative wait up to it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Exact {
    /// The least and the greatest delay before this retry (bounds that a
    /// delay may approach but not reach where the kind's draw is open).
    pub lo: f64,
    pub hi: f64,
    /// Whether the cap limited the greatest delay.
    pub capped: bool,
    /// The exact mean delay, while every retry up to this one has one (the
    /// cap cannot bind yet); `None` from the first retry where it can.
    pub mean: Option<f64>,
    /// An upper bound of the mean delay, in `[lo, hi]`, for the schedule's
    /// walk: as `mean` while there is one, up to rounding.
    pub mean_bound: f64,
    /// Bounds of the cumulative wait up to this retry.
    pub cumulative_lo: f64,
    pub cumulative_hi: f64,
}

/// Why a correlated kind's walk stopped: the retry at which the greatest
/// delay, or the greatest cumulative wait, passes the largest finite number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overflow {
    Delay { retry: u32 },
    Total { retry: u32 },
}

/// The walk over a correlated kind's retries, retry 1 first: the exact
/// figures of each ([`Exact`]).
#[derive(Clone, Copy, Debug)]
pub struct Walk {
    base: f64,
    cap: Option<f64>,
    /// The number of the next retry.
    retry: u32,
    /// Whether every retry so far had an exact mean.
    exact: bool,
    /// The exact mean of the last delay.
    mean: f64,
    /// The last delay's [`Exact::mean_bound`].
    mean_bound: f64,
    /// Decorrelated jitter: the greatest delay so far, `min(cap, base·3^k)`
    /// (`base` before retry 1).
    top: f64,
    cumulative_lo: f64,
    cumulative_hi: f64,
}

impl Walk {
    /// The walk of `policy`, whose kind is of [`Method::MonteCarlo`] and
    /// whose fields the caller has validated.
    pub const fn new(policy: &Policy) -> Walk {
        Walk {
            base: policy.base,
            cap: policy.max_delay,
            retry: 1,
            exact: true,
            mean: policy.base,
            mean_bound: policy.base,
            top: policy.base,
            cumulative_lo: 0.0,
            cumulative_hi: 0.0,
        }
    }

    /// The next retry's figures.
    pub fn step(&mut self) -> Result<Exact, Overflow> {
        let retry = self.retry;
        self.retry += 1;
        self.decorrelated(retry)
    }

    fn decorrelated(&mut self, retry: u32) -> Result<Exact, Overflow> {
        let base = self.base;
        let capped = self.cap.is_some_and(|cap| 3.0 * self.top > cap);
        // With a cap at or below base the sleep is the cap on every retry:
        // `random_between(base, 3·cap)` never lies below it.
        let (lo, hi) = match self.cap {
            Some(c) if c <= base => (c, c),
            _ => {
                let grown = 3.0 * self.top;
                let hi = match self.cap {
                    Some(c) if grown > c => c,
                    _ => grown,
                };
                (base, hi)
            }
        };
        if !hi.is_finite() {
            return Err(Overflow::Delay { retry });
        }
        // Exact while `3·top <= cap`: no draw can reach the cap.
        self.exact = self.exact && hi == 3.0 * self.top || lo == hi;
        self.top = hi;
        self.cumulative_lo += lo;
        self.cumulative_hi += hi;
        if !self.cumulative_hi.is_finite() {
            return Err(Overflow::Total { retry });
        }
        let mean = if !self.exact {
            None
        } else if lo == hi {
            Some(lo)
        } else {
            Some(0.5 * (base + 3.0 * self.mean))
        };
        if let Some(mean) = mean {
            self.mean = mean;
        }
        // `E[sleep_k] = E[min(cap, U[base, 3·sleep_{k−1}])] <= min(cap,
        // (base + 3·E[sleep_{k−1}]) / 2)`, the minimum being concave: the
        // recurrence bounds the mean once the cap can bind. (The previous
        // bound is finite; should `1.5 ×` it overflow, the clamp brings the
        // infinity back to the finite `hi`.)
        self.mean_bound = (base * 0.5 + self.mean_bound * 1.5).clamp(lo, hi);
        Ok(Exact {
            lo,
            hi,
            capped,
            mean,
            mean_bound: self.mean_bound,
            cumulative_lo: self.cumulative_lo,
            cumulative_hi: self.cumulative_hi,
        })
    }
}

/// One path's state before retry 1.
pub const fn start(policy: &Policy) -> f64 {
    policy.base
}

/// One path's delay before the retry after `earlier` retries, from its
/// `state` (which it advances) and a uniform draw `u` on `[0, 1)`, cut at
/// `ceiling` (the cap, or the largest finite number without one). The
/// policy's kind is of [`Method::MonteCarlo`], checked by the caller.
#[inline(always)]
pub fn draw(policy: &Policy, _earlier: f64, state: &mut f64, u: f64, ceiling: f64) -> f64 {
    let base = policy.base;
    let drawn = base + u * (3.0 * *state - base);
    let next = if drawn > ceiling { ceiling } else { drawn };
    *state = next;
    next
}
