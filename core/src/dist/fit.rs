//! The inverse questions of a deadline ("what fits?"): the most retries
//! whose attempt starts before an overall deadline `D` (when every delay is
//! longest, at P99 and at P50), and, for the policy's own retries, the
//! largest first delay and the largest maximum delay with which its last
//! retry still starts before `D` at P99.
//!
//! Every answer is found by a search over this module's own figures (the
//! grid's [`independent`](super::independent) or the seeded Monte Carlo
//! run, as the policy's kind is computed everywhere else), never by a
//! formula of its own, so it is exactly as exact as the figures the
//! calculator shows for the policy it names: the grid's error
//! (`core/METHOD.md`) or the Monte Carlo run's interval.
//!
//! - The most retries: retry `k` starts at `k·T + S_k` ([`super::timeline`]),
//!   and the delay before retry `k` does not depend on how many follow it,
//!   so one run of the policy extended to [`MAX_RETRIES`] retries (cut at
//!   the first retry whose shortest start reaches `D`, and before the
//!   delays overflow, beyond every finite deadline) counts them all at
//!   once, by the rule of [`DeadlineFit`]: a retry counts when its start at
//!   that figure is before `D`. The Monte Carlo kinds' run keeps the
//!   policy's own number of paths, so its first retries are the very
//!   figures of the policy's own run.
//! - The largest first delay and maximum delay: a policy's P99 start of its
//!   last retry grows with either (every delay is a non-decreasing function
//!   of both), so a search brackets the boundary (from the policy's own
//!   value, in steps that grow by squaring) and bisects it to a relative
//!   width of [`PRECISION`]; the answer is the largest value found that
//!   fits.
//!
//! No allocation: the caller passes the work buffers, as for the figures,
//! either both methods' ([`fit`], which picks the policy's) or one
//! method's runs ([`fit_with`] and [`Runs`], for a caller that holds only
//! that method's code, as each of the calculator's method modules does).

use super::monte_carlo::{self, MonteCarlo, Row};
use super::{DeadlineFit, Delay, DistError, Limits, Summary, Work};
use crate::math::sqrt;
use crate::{MAX_RETRIES, MIN_DELAY, Method, Policy};

/// The relative width at which a search stops: the answer is within this
/// fraction of the boundary the figures draw.
pub const PRECISION: f64 = 1e-9;

/// The most halvings of each phase of a search: a bracket from the least
/// delay to the largest number (a ratio of about 2^2046) is a factor of 2
/// after 11 halvings in ratio, and within [`PRECISION`] after 30 in width.
const MOST_BISECTIONS: u32 = 64;

/// How a bound of a field fits the deadline at P99.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bound {
    /// Every value fits (a first delay beyond the maximum delay changes
    /// nothing; a policy that fits without a maximum delay needs none).
    Any,
    /// The values up to this one fit, within [`PRECISION`].
    UpTo(f64),
    /// No value fits: the timeouts alone, or the other fields, reach the
    /// deadline.
    None,
}

/// The answers to the inverse questions of one deadline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    /// The most retries whose start is before the deadline when every delay
    /// is longest, at P99 and at P50 (of the policy extended to
    /// [`MAX_RETRIES`]).
    pub most_retries_worst: u32,
    pub most_retries_p99: u32,
    pub most_retries_p50: u32,
    /// The largest first delay with which the policy's last retry starts
    /// before the deadline at P99 (its other fields as they are).
    pub largest_base_p99: Bound,
    /// The largest maximum delay with which it does.
    pub largest_max_delay_p99: Bound,
}

/// One method's runs of a policy, as a search needs them: [`fit_with`]
/// takes either, so that a caller holding one method (a WebAssembly module
/// of one method) links only its code.
pub trait Runs {
    /// The total wait of `policy` (the Monte Carlo method with `samples`
    /// paths from the site's seed), each retry's cumulative wait kept for
    /// [`Runs::cumulative`]. A kind of the other method is refused
    /// ([`DistError::Jitter`]).
    fn total(&mut self, policy: &Policy, samples: u32) -> Result<Summary, DistError>;

    /// The cumulative wait up to retry `k + 1` of the last run.
    fn cumulative(&self, k: usize) -> Summary;
}

/// The grid method's runs: the independent kinds.
pub struct GridRuns<'a> {
    pub delays: &'a mut [Delay],
    pub grid: &'a mut [f64],
    pub sums: &'a mut [Summary],
}

impl Runs for GridRuns<'_> {
    fn total(&mut self, policy: &Policy, _samples: u32) -> Result<Summary, DistError> {
        let delays = super::delays(policy, super::CapOrder::BeforeJitter, self.delays)?;
        Ok(super::independent(delays, Limits::default(), self.grid, self.sums)?.total)
    }

    fn cumulative(&self, k: usize) -> Summary {
        self.sums[k]
    }
}

/// The Monte Carlo method's runs: the kinds whose delays depend on earlier
/// ones.
pub struct MonteCarloRuns<'a> {
    pub paths: &'a mut [f64],
    pub rows: &'a mut [Row],
}

impl Runs for MonteCarloRuns<'_> {
    fn total(&mut self, policy: &Policy, samples: u32) -> Result<Summary, DistError> {
        let mc = MonteCarlo {
            samples,
            ..MonteCarlo::for_retries(policy.retries)
        };
        Ok(monte_carlo::run(policy, mc, Limits::default(), self.paths, self.rows)?.total)
    }

    fn cumulative(&self, k: usize) -> Summary {
        self.rows[k].cumulative
    }
}

/// The answers for `policy` under `timeout` (`None`: attempts take no
/// time) and `deadline`, which [`Limits::validate`] checks, by the
/// method of the policy's kind.
pub fn fit(
    policy: &Policy,
    timeout: Option<f64>,
    deadline: f64,
    work: Work<'_>,
) -> Result<Fit, DistError> {
    match policy.jitter.method() {
        Method::Grid => {
            let mut runs = GridRuns {
                delays: work.delays,
                grid: work.grid,
                sums: work.sums,
            };
            fit_with(policy, timeout, deadline, &mut runs)
        }
        Method::MonteCarlo => {
            let mut runs = MonteCarloRuns {
                paths: work.paths,
                rows: work.rows,
            };
            fit_with(policy, timeout, deadline, &mut runs)
        }
    }
}

/// [`fit`] by the runs of one method, which must be the policy's kind's.
pub fn fit_with(
    policy: &Policy,
    timeout: Option<f64>,
    deadline: f64,
    runs: &mut impl Runs,
) -> Result<Fit, DistError> {
    Limits {
        timeout,
        deadline: Some(deadline),
    }
    .validate()?;
    policy.validate()?;
    let timeout = timeout.unwrap_or(0.0);
    let most = most_retries(policy, timeout, deadline, runs)?;
    let last = f64::from(policy.retries) * timeout;
    // A policy fits when its last retry starts before the deadline at P99,
    // and its latest start is a finite number (as the timeline requires).
    let samples = monte_carlo::samples_for(policy.retries);
    let fits = |p: &Policy, runs: &mut dyn Runs| -> Result<bool, DistError> {
        Ok(last_total(p, samples, runs)?
            .is_some_and(|s| (last + s.max).is_finite() && last + s.p99 < deadline))
    };
    // Without the time the timeouts take, no delay fits.
    let (base, max_delay) = if last >= deadline {
        (Bound::None, Bound::None)
    } else {
        let base = largest(policy.base, runs, |b, w| {
            fits(&Policy { base: b, ..*policy }, w)
        })?;
        let uncapped = Policy {
            max_delay: None,
            ..*policy
        };
        let max_delay = if fits(&uncapped, runs)? {
            Bound::Any
        } else {
            let start = policy.max_delay.unwrap_or(policy.base);
            largest(start, runs, |cap, w| {
                fits(
                    &Policy {
                        max_delay: Some(cap),
                        ..*policy
                    },
                    w,
                )
            })?
        };
        (base, max_delay)
    };
    Ok(Fit {
        most_retries_worst: most.retries_worst,
        most_retries_p99: most.p99,
        most_retries_p50: most.retries_p50,
        largest_base_p99: base,
        largest_max_delay_p99: max_delay,
    })
}

/// The counts of [`Fit`]'s most retries.
struct Most {
    retries_worst: u32,
    retries_p50: u32,
    p99: u32,
}

/// The most retries that start before `deadline`, from one run of the
/// policy extended as far as any retry can start before it, with the
/// policy's own samples for the Monte Carlo kinds (so that its first
/// retries are the very figures of the policy's own run).
fn most_retries(
    policy: &Policy,
    timeout: f64,
    deadline: f64,
    runs: &mut dyn Runs,
) -> Result<Most, DistError> {
    let samples = monte_carlo::samples_for(policy.retries);
    let mut n = reach(policy, timeout, deadline)?;
    // The run leaves each retry's cumulative wait in `runs`; a delay or
    // total that overflows ends the extension before it.
    loop {
        let extended = Policy {
            retries: n,
            ..*policy
        };
        match runs.total(&extended, samples) {
            Ok(_) => break,
            Err(DistError::DelayOverflow { retry } | DistError::TotalOverflow { retry })
                if retry > 1 && retry <= n =>
            {
                n = retry - 1;
            }
            Err(err) => return Err(err),
        }
    }
    let n = n as usize;
    let mut fit = DeadlineFit::default();
    let mut p99 = 0;
    for (i, k) in (0..n).zip(1u32..) {
        let s = &runs.cumulative(i);
        fit.count(k, s, timeout, deadline);
        if k as f64 * timeout + s.p99 < deadline {
            p99 += 1;
        }
    }
    Ok(Most {
        retries_worst: fit.retries_worst,
        retries_p50: fit.retries_p50,
        p99,
    })
}

/// How far the extended run goes: up to [`MAX_RETRIES`], cut at the first
/// retry whose shortest start (`k·T` plus the least cumulative wait the
/// schedule's rows allow) reaches the deadline, since no later one starts
/// before it in any case, and before the first whose delay or total the
/// schedule refuses as an overflow (beyond every finite deadline). At
/// least 1.
fn reach(policy: &Policy, timeout: f64, deadline: f64) -> Result<u32, DistError> {
    let mut n = MAX_RETRIES;
    let schedule = loop {
        match crate::Schedule::new(Policy {
            retries: n,
            ..*policy
        }) {
            Ok(schedule) => break schedule,
            Err(
                crate::PolicyError::DelayOverflow { retry }
                | crate::PolicyError::TotalOverflow { retry },
            ) if retry > 1 && retry <= n => n = retry - 1,
            Err(err) => return Err(err.into()),
        }
    };
    for row in schedule.rows() {
        if f64::from(row.retry) * timeout + row.cumulative_min >= deadline {
            return Ok(row.retry);
        }
    }
    Ok(n)
}

/// The total wait of `policy`; `None` when its delays or total overflow
/// (beyond every finite deadline).
fn last_total(
    policy: &Policy,
    samples: u32,
    runs: &mut dyn Runs,
) -> Result<Option<Summary>, DistError> {
    match runs.total(policy, samples) {
        Ok(total) => Ok(Some(total)),
        Err(DistError::DelayOverflow { .. } | DistError::TotalOverflow { .. }) => Ok(None),
        Err(err) => Err(err),
    }
}

/// The largest value that fits when the values that fit are those up to a
/// boundary: bracketed from `start` by steps that grow by squaring (×2,
/// ×4, ×16, …, or the same down, to [`MIN_DELAY`] at the least), then
/// halved in ratio while the bracket spans more than a factor of 2, then in
/// width to [`PRECISION`]. [`Bound::Any`] when even the largest number
/// fits; [`Bound::None`] when not even [`MIN_DELAY`] does.
fn largest(
    start: f64,
    work: &mut dyn Runs,
    mut fits: impl FnMut(f64, &mut dyn Runs) -> Result<bool, DistError>,
) -> Result<Bound, DistError> {
    let mut step = |x: f64, work: &mut dyn Runs| -> Result<bool, DistError> { fits(x, work) };
    let start = start.clamp(MIN_DELAY, f64::MAX);
    let (mut lo, mut hi) = if step(start, work)? {
        let (mut lo, mut factor) = (start, 2.0f64);
        loop {
            let next = if lo <= f64::MAX / factor {
                lo * factor
            } else {
                f64::MAX
            };
            if !step(next, work)? {
                break (lo, next);
            }
            if next == f64::MAX {
                return Ok(Bound::Any);
            }
            lo = next;
            factor = (factor * factor).min(f64::MAX);
        }
    } else {
        let (mut hi, mut factor) = (start, 2.0f64);
        loop {
            let next = (hi / factor).max(MIN_DELAY);
            if step(next, work)? {
                break (next, hi);
            }
            if next == MIN_DELAY {
                return Ok(Bound::None);
            }
            hi = next;
            factor = (factor * factor).min(f64::MAX);
        }
    };
    // In ratio: the geometric mean, without overflow.
    for _ in 0..MOST_BISECTIONS {
        if hi / lo <= 2.0 {
            break;
        }
        let mid = lo * sqrt(hi / lo);
        if step(mid, work)? {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    for _ in 0..MOST_BISECTIONS {
        if hi - lo <= lo * PRECISION {
            break;
        }
        let mid = lo + (hi - lo) * 0.5;
        if mid <= lo || mid >= hi {
            break;
        }
        if step(mid, work)? {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Ok(Bound::UpTo(lo))
}
