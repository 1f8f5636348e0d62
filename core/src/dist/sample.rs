//! One seeded sample run of a policy: the actual delay before each retry,
//! drawn from the core's generator ([`crate::rng`], xoshiro256** seeded by
//! SplitMix64), so that a seed names one run, the same in the command line
//! and in the browser.
//!
//! Each retry's delay is drawn as the kind defines it, one uniform number
//! `u` on `[0, 1)` per retry, in retry order: for the independent kinds
//! `min(lo + u·(hi − lo), cap)` of the retry's [`Delay`] (the grid method's
//! own delays, capped before the jitter as the core's schedules are); for
//! the kinds whose delays depend on earlier ones, one path of the Monte
//! Carlo run's draw ([`correlated::draw`]). So every delay lies within its
//! row's bounds, and over many seeds the runs have the distribution the
//! percentiles describe (`core/tests/suite/dist_sample.rs` tests both).

use super::{CapOrder, Delay, DistError, correlated, delays};
use crate::rng::Xoshiro256;
use crate::{Method, Policy};

/// One run's delays into `out` (retry 1 first; the first `retries` slots),
/// from `seed`; returns the total wait. `work` holds the independent
/// kinds' delays (`retries` of them; unused otherwise).
pub fn sample(
    policy: &Policy,
    seed: u64,
    work: &mut [Delay],
    out: &mut [f64],
) -> Result<f64, DistError> {
    match policy.jitter.method() {
        Method::Grid => independent(policy, seed, work, out),
        Method::MonteCarlo => correlated(policy, seed, out),
    }
}

/// [`sample`] for the kinds of [`Method::Grid`] alone (another is refused
/// with [`DistError::Jitter`]), for a caller that holds only that method's
/// code.
pub fn independent(
    policy: &Policy,
    seed: u64,
    work: &mut [Delay],
    out: &mut [f64],
) -> Result<f64, DistError> {
    let out = checked(policy, Method::Grid, out)?;
    let mut rng = Xoshiro256::new(seed);
    let mut total = 0.0;
    let delays = delays(policy, CapOrder::BeforeJitter, work)?;
    for (slot, d) in out.iter_mut().zip(delays) {
        let drawn = rng.between(d.lo, d.hi);
        *slot = if drawn > d.cap { d.cap } else { drawn };
        total += *slot;
    }
    finite(policy, total)
}

/// [`sample`] for the kinds of [`Method::MonteCarlo`] alone (another is
/// refused with [`DistError::Jitter`]).
pub fn correlated(policy: &Policy, seed: u64, out: &mut [f64]) -> Result<f64, DistError> {
    let out = checked(policy, Method::MonteCarlo, out)?;
    let mut rng = Xoshiro256::new(seed);
    let mut total = 0.0;
    let ceiling = policy.max_delay.unwrap_or(f64::MAX);
    let mut state = correlated::start(policy);
    for (k, slot) in out.iter_mut().enumerate() {
        let u = rng.next_unit();
        *slot = correlated::draw(policy, k as f64, &mut state, u, ceiling);
        total += *slot;
    }
    finite(policy, total)
}

/// The policy checked, of `method`, and the slots of its retries.
fn checked<'o>(
    policy: &Policy,
    method: Method,
    out: &'o mut [f64],
) -> Result<&'o mut [f64], DistError> {
    policy.validate()?;
    if policy.jitter.method() != method {
        return Err(DistError::Jitter);
    }
    out.get_mut(..policy.retries as usize)
        .ok_or(DistError::Output)
}

fn finite(policy: &Policy, total: f64) -> Result<f64, DistError> {
    if total.is_finite() {
        Ok(total)
    } else {
        Err(DistError::TotalOverflow {
            retry: policy.retries,
        })
    }
}
