//! The attempt timeline: when each attempt starts once every failed attempt
//! runs for its full timeout `T`, and how many retries start before an
//! overall deadline `D`.
//!
//! Attempt 1 starts at 0; attempt `k + 1` (retry `k`) starts at
//! `k·T + S_k`, where `S_k` is the cumulative wait up to retry `k`. Starts
//! grow with `k` on every run, so "retries that start before `D`" is a
//! prefix of the retries, and the chance that at least `k` do is
//! `P(k·T + S_k < D)`.

use super::error::DistError;
use super::sum::Summary;

/// The optional per-attempt timeout and overall deadline, in the unit of the
/// delays.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Limits {
    /// How long an attempt runs before it counts as failed: finite, at
    /// least 0. `None` counts attempts as instantaneous.
    pub timeout: Option<f64>,
    /// The overall deadline from the start of attempt 1: finite, greater
    /// than 0 and not shorter than the timeout.
    pub deadline: Option<f64>,
}

impl Limits {
    pub fn validate(&self) -> Result<(), DistError> {
        if let Some(t) = self.timeout
            && !(t.is_finite() && t >= 0.0)
        {
            return Err(DistError::Timeout);
        }
        if let Some(d) = self.deadline {
            if !(d.is_finite() && d > 0.0) {
                return Err(DistError::Deadline);
            }
            if d < self.timeout.unwrap_or(0.0) {
                return Err(DistError::DeadlineBeforeFirstAttempt);
            }
        }
        Ok(())
    }

    /// The timeout, zero when none is set.
    pub fn timeout_or_zero(&self) -> f64 {
        self.timeout.unwrap_or(0.0)
    }
}

/// When one attempt starts: earliest, median, latest.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct AttemptStart {
    /// The attempt's number: 1 is the original request, `k + 1` is retry `k`.
    pub attempt: u32,
    pub min: f64,
    pub p50: f64,
    pub max: f64,
}

/// How the retries fit an overall deadline.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct DeadlineFit {
    /// Retries that start before the deadline when every delay is longest.
    pub retries_worst: u32,
    /// Retries whose median start is before the deadline: the median of
    /// the number of retries that start before it.
    pub retries_p50: u32,
    /// Retries that start before the deadline when every delay is shortest.
    pub retries_best: u32,
    /// The probability that the last retry starts before the deadline.
    pub last_retry_probability: f64,
}

/// Every attempt's start, attempt 1 first, from the cumulative waits of the
/// retries (retry 1 first).
pub fn attempt_starts(
    cumulative: impl IntoIterator<Item = Summary>,
    timeout: f64,
) -> impl Iterator<Item = AttemptStart> {
    let first = AttemptStart {
        attempt: 1,
        ..AttemptStart::default()
    };
    let rest = cumulative
        .into_iter()
        .zip(1u32..)
        .map(move |(s, k)| attempt_start(k, &s, timeout));
    core::iter::once(first).chain(rest)
}

/// The start of attempt `k + 1` (retry `k`, from 1), from the cumulative
/// wait `s` up to retry `k`.
pub fn attempt_start(k: u32, s: &Summary, timeout: f64) -> AttemptStart {
    let before = k as f64 * timeout;
    AttemptStart {
        attempt: k + 1,
        min: before + s.min,
        p50: before + s.p50,
        max: before + s.max,
    }
}

/// Checks that the latest start of every attempt is finite; `retries` is
/// the number of retries, `total_max` the largest total wait.
pub(crate) fn check_finite(retries: u32, timeout: f64, total_max: f64) -> Result<(), DistError> {
    let latest = retries as f64 * timeout + total_max;
    if latest.is_finite() {
        Ok(())
    } else {
        Err(DistError::TotalOverflow { retry: retries })
    }
}

impl DeadlineFit {
    /// Counts retry `k` (from 1), whose cumulative wait is `s`, in the
    /// retries that start before `deadline` when every delay is longest, at
    /// the median and when every delay is shortest. Each method calls it as
    /// it makes a retry's figures: one copy of the code serves both (the
    /// WebAssembly module's size budget counts every copy).
    pub(crate) fn count(&mut self, k: u32, s: &Summary, timeout: f64, deadline: f64) {
        let before = k as f64 * timeout;
        if before + s.max < deadline {
            self.retries_worst += 1;
        }
        if before + s.p50 < deadline {
            self.retries_p50 += 1;
        }
        if before + s.min < deadline {
            self.retries_best += 1;
        }
    }

    /// The counts with the probability that the last retry starts before
    /// the deadline, which the caller computes from the whole distribution.
    pub(crate) fn with_last_retry(self, probability: f64) -> DeadlineFit {
        DeadlineFit {
            last_retry_probability: probability.clamp(0.0, 1.0),
            ..self
        }
    }
}
