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
//! - Polly's jitter, Polly v8's `DelayBackoffType.Exponential` with
//!   `UseJitter = true` (its "decorrelated jitter backoff V2", by George
//!   Polevoy; not AWS's decorrelated jitter). Before retry `k` (from 1) a
//!   path draws `t = k − 1 + U` and waits `(f(t) − f(t'))/1.4 · base`, with
//!   `f(t) = 2^t · tanh(√(4t))` and `t'` the previous draw (`f(t')` is 0
//!   before retry 1); the cap then takes `min(cap, ·)` and leaves `t'` as it
//!   was. Uncapped the waits telescope: the wait up to retry `k` is
//!   `f(t_k)/1.4 · base`, in `[f(k − 1), f(k)]/1.4 · base`. Exact: per-retry
//!   bounds 0 and `(f(k) − f(k − 2))/1.4 · base` (cut at the cap; `f` is 0
//!   below 0), and the mean while the cap cannot bind,
//!   `(F(k) − F(k − 1))/1.4 · base` with `F(k)` the integral of `f` over
//!   `[k − 1, k]` (by quadrature; `F(0)` = 0). Polly's exponent base is 2;
//!   the multiplier plays no part.
//!
//! `core/METHOD.md` states each formula with its source.

#[cfg(doc)]
use crate::Method;
use crate::math::{exp2, sqrt, tanh};
use crate::{Jitter, Policy};

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
    jitter: Jitter,
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
    /// Polly's jitter: `f(k − 2)` and `f(k − 1)` before retry `k`, the last
    /// `F(k − 1)`, and the sum of the greatest delays so far.
    formula: (f64, f64),
    area: f64,
    sum_hi: f64,
}

impl Walk {
    /// The walk of `policy`, whose kind is of [`Method::MonteCarlo`] and
    /// whose fields the caller has validated.
    pub const fn new(policy: &Policy) -> Walk {
        Walk {
            jitter: policy.jitter,
            base: policy.base,
            cap: policy.max_delay,
            retry: 1,
            exact: true,
            mean: policy.base,
            mean_bound: policy.base,
            top: policy.base,
            cumulative_lo: 0.0,
            cumulative_hi: 0.0,
            formula: (0.0, 0.0),
            area: 0.0,
            sum_hi: 0.0,
        }
    }

    /// The next retry's figures.
    pub fn step(&mut self) -> Result<Exact, Overflow> {
        let retry = self.retry;
        self.retry += 1;
        match self.jitter {
            Jitter::Polly => self.polly(retry),
            _ => self.decorrelated(retry),
        }
    }

    fn polly(&mut self, retry: u32) -> Result<Exact, Overflow> {
        let scale = |x: f64| (x * POLLY_SCALE) * self.base;
        let (before_last, last) = self.formula;
        let now = polly_formula(f64::from(retry));
        let area = polly_area(retry);
        let greatest = scale(now - before_last);
        let (hi, capped) = match self.cap {
            Some(cap) if greatest > cap => (cap, true),
            _ => (greatest, false),
        };
        if !hi.is_finite() {
            return Err(Overflow::Delay { retry });
        }
        self.sum_hi += hi;
        if !self.sum_hi.is_finite() {
            return Err(Overflow::Total { retry });
        }
        // The cap cannot bind while no delay can pass it.
        self.exact = self.exact && !capped;
        let uncapped_mean = scale(area - self.area);
        let mean = self.exact.then_some(uncapped_mean);
        // `E[min(cap, d)] <= min(cap, E[d])`: the minimum is concave.
        let mean_bound = uncapped_mean.clamp(0.0, hi);
        // Uncapped, the cumulative wait is `f(t_k)` scaled; with a cap it is
        // at least `min(cap, that)` (one capped delay reaches the cap) and
        // at most the sum of the greatest delays.
        let floor = scale(last);
        let mut lo = match self.cap {
            Some(cap) if floor > cap => cap,
            _ => floor,
        };
        let ceiling = scale(now);
        let cumulative_hi = if ceiling < self.sum_hi {
            ceiling
        } else {
            self.sum_hi
        };
        if lo > cumulative_hi {
            lo = cumulative_hi;
        }
        self.formula = (last, now);
        self.area = area;
        self.mean = mean.unwrap_or(self.mean);
        Ok(Exact {
            lo: 0.0,
            hi,
            capped,
            mean,
            mean_bound,
            cumulative_lo: lo,
            cumulative_hi,
        })
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

/// One path's state before retry 1: decorrelated jitter's last sleep
/// (`base`), Polly's `f(t')` (0).
pub const fn start(policy: &Policy) -> f64 {
    match policy.jitter {
        Jitter::Polly => 0.0,
        _ => policy.base,
    }
}

/// One path's delay before the retry after `earlier` retries, from its
/// `state` (which it advances) and a uniform draw `u` on `[0, 1)`, cut at
/// `ceiling` (the cap, or the largest finite number without one). The
/// policy's kind is of [`Method::MonteCarlo`], checked by the caller.
#[inline(always)]
pub fn draw(policy: &Policy, earlier: f64, state: &mut f64, u: f64, ceiling: f64) -> f64 {
    let base = policy.base;
    match policy.jitter {
        Jitter::Polly => {
            // Polly's own order: `t = attempt + U`, then
            // `(next − prev) · RpScalingFactor · ticks`.
            let now = polly_formula(earlier + u);
            let drawn = ((now - *state) * POLLY_SCALE) * base;
            *state = now;
            // The formula grows with `t`; the floor keeps a rounding below
            // zero out.
            let drawn = if drawn > 0.0 { drawn } else { 0.0 };
            if drawn > ceiling { ceiling } else { drawn }
        }
        _ => {
            let drawn = base + u * (3.0 * *state - base);
            let next = if drawn > ceiling { ceiling } else { drawn };
            *state = next;
            next
        }
    }
}

/// Polly's `RpScalingFactor`, `1 / 1.4`: it puts the median delays near
/// `base · 2^(k−1)`.
const POLLY_SCALE: f64 = 1.0 / 1.4;

/// Polly's `f(t) = 2^t · tanh(√(PFactor · t))`, `PFactor = 4`; 0 for
/// `t <= 0`.
#[inline(never)]
pub fn polly_formula(t: f64) -> f64 {
    exp2(t) * tanh(sqrt(4.0 * t))
}

/// `F(k)`, the integral of [`polly_formula`] over `[k − 1, k]`: the mean of
/// `f(k − 1 + U)`. Composite three-point Gauss–Legendre, exact for
/// polynomials of degree five on each piece: 32 pieces on the first two
/// intervals, where `tanh(√(4t))` still bends, 8 after; on `[0, 1]` after
/// `t = v²`, which takes away the kink of `√t` at 0. Within 10^-12 of the
/// integral (`core/tests/suite/polly.rs` compares it with Simpson's rule on
/// 20,000 intervals). `F(0)` is 0.
pub fn polly_area(k: u32) -> f64 {
    if k == 0 {
        return 0.0;
    }
    let start = f64::from(k - 1);
    let pieces = if k <= 2 { 32 } else { 8 };
    let half = 0.5 / f64::from(pieces);
    let offset = sqrt(0.6) * half;
    let integrand = |x: f64| {
        if k == 1 {
            2.0 * x * polly_formula(x * x)
        } else {
            polly_formula(start + x)
        }
    };
    let mut sum = 0.0;
    for piece in 0..pieces {
        let mid = (2 * piece + 1) as f64 * half;
        sum += 5.0 * integrand(mid - offset) + 8.0 * integrand(mid) + 5.0 * integrand(mid + offset);
    }
    sum * half / 9.0
}
