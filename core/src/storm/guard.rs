//! What may stop a retry besides the policy's count: a retry budget or a
//! circuit breaker, kept by each client on its own, as each library keeps
//! it per client (a gRPC channel, an SDK client, an Envoy, a Finagle
//! client).
//!
//! The rules, as [`crate::budget`] states and cites the libraries' (that
//! module gives their closed forms), and Brooker's two strategies of
//! mbrooker/simulator_example@bbfe3946 `retry_sim/retry_strategy.py`:
//!
//! - [`Guard::Bucket`] (`AdaptiveRetryStrategy`): `size` tokens at start;
//!   each new request adds `fill` (at most `size`); a retry is made only
//!   while more than 1 is left, and takes 1.
//! - [`Guard::Breaker`] (`CircuitBreakerRetryStrategy`): the client counts
//!   its requests and its failed attempts since it started; a failed
//!   attempt is retried only while failures / requests ≤ `ratio`.
//! - gRPC's throttling: every failed attempt takes a token (not below 0),
//!   every success adds `token_ratio` (not above the maximum), and a retry
//!   is made only while the tokens are above half the maximum.
//! - The AWS SDKs' quota: a retry takes its cost (a timeout's
//!   `timeout_cost`) if that much is left; a success gives back 1 without
//!   retries, else the last retry's cost.
//! - Envoy's budget: a retry is made only while the client's retries in
//!   flight are fewer than `max(⌊budget_percent / 100 × attempts in
//!   flight⌋, 3)` (`min_retry_concurrency`'s default,
//!   [`crate::budget::ENVOY_MIN_RETRY_CONCURRENCY`]); an attempt is in
//!   flight from its decision to its end (its answer or its timeout), a
//!   retry's wait included.
//! - Finagle's budget: each new request deposits 1,000 tokens, a retry
//!   withdraws `⌊1000 / percent_can_retry⌋` if the balance holds it, and
//!   the balance is the sum over a window of `ttl` in 10 slices (util's
//!   `WindowedAdder`, ported below on a clock of whole milliseconds) plus
//!   the reserve `min_retries_per_sec × ttl × withdrawal`.

use crate::budget::{Budget, ENVOY_MIN_RETRY_CONCURRENCY, FINAGLE_DEPOSIT};
use crate::floor;

/// What may stop a retry besides the policy's count.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Guard {
    /// Nothing.
    None,
    /// Brooker's adaptive token bucket.
    Bucket { fill: f64, size: f64 },
    /// Brooker's circuit breaker.
    Breaker { ratio: f64 },
    /// A library's retry budget, by its rule.
    Budget(Budget),
}

impl Guard {
    /// Whether the guard's figures are in range (a budget's as
    /// [`crate::budget::effect`] checks them).
    pub fn valid(self) -> bool {
        match self {
            Guard::None => true,
            Guard::Bucket { fill, size } => {
                (0.0..=1000.0).contains(&fill) && (0.0..=1_000_000.0).contains(&size)
            }
            Guard::Breaker { ratio } => (0.0..=1.0).contains(&ratio),
            Guard::Budget(budget) => crate::budget::effect(budget, 1, 0.5).is_ok(),
        }
    }
}

/// Finagle's window: util's `WindowedAdder(ttl, 10 slices)`, its `now` in
/// whole milliseconds.
#[derive(Clone, Copy, Debug)]
struct Window {
    /// The 9 finished slices.
    slices: [i64; 9],
    /// The current slice.
    writer: i64,
    i: usize,
    old: i64,
}

impl Window {
    const EMPTY: Window = Window {
        slices: [0; 9],
        writer: 0,
        i: 0,
        old: 0,
    };

    /// `expired()` when the current slice is `width` ms old or more.
    fn roll(&mut self, now: i64, width: i64) {
        if now - self.old < width {
            return;
        }
        let n = self.slices.len();
        self.slices[self.i] = self.writer;
        self.writer = 0;
        self.i = (self.i + 1) % n;
        // Whole slices skipped beyond the one just closed, at most n.
        let skipped = ((now - self.old) / width - 1).min(n as i64);
        if skipped > 0 {
            let skipped = skipped as usize;
            let r = skipped.min(n - self.i);
            self.slices[self.i..self.i + r].fill(0);
            self.slices[..skipped - r].fill(0);
            self.i = (self.i + skipped) % n;
        }
        self.old = now;
    }

    fn add(&mut self, x: i64, now: i64, width: i64) {
        self.roll(now, width);
        self.writer += x;
    }

    fn sum(&mut self, now: i64, width: i64) -> i64 {
        self.roll(now, width);
        self.writer + self.slices.iter().sum::<i64>()
    }
}

/// One client's state: its guard's, and when it last started a request
/// (for a closed system). Callers only allocate them, as
/// `[ClientState::EMPTY; N]`; a run sets them up.
#[derive(Clone, Copy, Debug)]
pub struct ClientState {
    pub(super) last_start: f64,
    /// Brooker's bucket, gRPC's tokens, the AWS quota's capacity left.
    tokens: f64,
    /// The breaker's requests and failed attempts.
    calls: f64,
    failures: f64,
    /// Envoy's attempts and retries in flight.
    in_flight: u32,
    retries_in_flight: u32,
    window: Window,
}

impl ClientState {
    pub const EMPTY: ClientState = ClientState {
        last_start: 0.0,
        tokens: 0.0,
        calls: 0.0,
        failures: 0.0,
        in_flight: 0,
        retries_in_flight: 0,
        window: Window::EMPTY,
    };

    /// A client's state at the start of a run.
    pub(super) fn new(guard: Guard) -> ClientState {
        let tokens = match guard {
            Guard::Bucket { size, .. } => size,
            Guard::Budget(Budget::Throttling { max_tokens, .. }) => max_tokens,
            Guard::Budget(Budget::Quota { capacity, .. }) => capacity,
            _ => 0.0,
        };
        ClientState {
            tokens,
            ..ClientState::EMPTY
        }
    }
}

/// Finagle's figures in tokens: the withdrawal, the reserve, and the
/// window's slice in milliseconds.
fn finagle(percent_can_retry: f64, min_retries_per_sec: u32, ttl_secs: u32) -> (i64, i64, i64) {
    // In range (checked with the guard): whole numbers far below 2^53.
    let withdrawal = floor(FINAGLE_DEPOSIT / percent_can_retry) as i64;
    let reserve = i64::from(min_retries_per_sec) * i64::from(ttl_secs) * withdrawal;
    (withdrawal, reserve, i64::from(ttl_secs) * 100)
}

/// The clock of Finagle's window: whole milliseconds of `t` seconds.
fn millis(t: f64) -> i64 {
    floor(t * 1000.0) as i64
}

impl Guard {
    /// A client starts a new request at `t`.
    pub(super) fn request(self, c: &mut ClientState, t: f64) {
        match self {
            Guard::Bucket { fill, size } => c.tokens = (c.tokens + fill).min(size),
            Guard::Breaker { .. } => c.calls += 1.0,
            Guard::Budget(Budget::Window { ttl_secs, .. }) => {
                let width = i64::from(ttl_secs) * 100;
                c.window.add(FINAGLE_DEPOSIT as i64, millis(t), width);
            }
            _ => {}
        }
    }

    /// An attempt of the client's was sent (its retry decided).
    pub(super) fn sent(self, c: &mut ClientState, retry: bool) {
        if let Guard::Budget(Budget::Concurrency { .. }) = self {
            c.in_flight += 1;
            c.retries_in_flight += u32::from(retry);
        }
    }

    /// The client's current attempt ended (answered or timed out).
    pub(super) fn ended(self, c: &mut ClientState, retry: bool) {
        if let Guard::Budget(Budget::Concurrency { .. }) = self {
            c.in_flight -= 1;
            c.retries_in_flight -= u32::from(retry);
        }
    }

    /// The client's attempt failed (a timeout when `timeout`), whether or
    /// not a retry may follow.
    pub(super) fn failed(self, c: &mut ClientState) {
        match self {
            Guard::Breaker { .. } => c.failures += 1.0,
            Guard::Budget(Budget::Throttling { .. }) => c.tokens = (c.tokens - 1.0).max(0.0),
            _ => {}
        }
    }

    /// Whether the client may retry a failed attempt at `t` (the policy
    /// allowing one more); if so, takes what the retry costs, and returns
    /// the quota's amount acquired (0 for the others).
    pub(super) fn allow(self, c: &mut ClientState, t: f64, timeout: bool) -> Option<f64> {
        match self {
            Guard::None => Some(0.0),
            Guard::Bucket { .. } => (c.tokens > 1.0).then(|| {
                c.tokens -= 1.0;
                0.0
            }),
            Guard::Breaker { ratio } => (c.failures / c.calls <= ratio).then_some(0.0),
            Guard::Budget(Budget::Throttling { max_tokens, .. }) => {
                (c.tokens > max_tokens / 2.0).then_some(0.0)
            }
            Guard::Budget(Budget::Quota {
                retry_cost,
                timeout_cost,
                ..
            }) => {
                let cost = if timeout { timeout_cost } else { retry_cost };
                (cost <= c.tokens).then(|| {
                    c.tokens -= cost;
                    cost
                })
            }
            Guard::Budget(Budget::Concurrency { budget_percent }) => {
                let share = floor(budget_percent / 100.0 * f64::from(c.in_flight));
                let limit = share.max(f64::from(ENVOY_MIN_RETRY_CONCURRENCY));
                (f64::from(c.retries_in_flight) < limit).then_some(0.0)
            }
            Guard::Budget(Budget::Window {
                percent_can_retry,
                min_retries_per_sec,
                ttl_secs,
            }) => {
                let (withdrawal, reserve, width) =
                    finagle(percent_can_retry, min_retries_per_sec, ttl_secs);
                let now = millis(t);
                (c.window.sum(now, width) + reserve >= withdrawal).then(|| {
                    c.window.add(-withdrawal, now, width);
                    0.0
                })
            }
        }
    }

    /// The client's balance at `t` as its library states it: gRPC's
    /// tokens, the AWS quota's capacity left, Brooker's bucket, Finagle's
    /// `balance` (the retries its tokens pay for); `None` for the others.
    pub(super) fn balance(self, c: &ClientState, t: f64) -> Option<f64> {
        match self {
            Guard::Bucket { .. }
            | Guard::Budget(Budget::Throttling { .. })
            | Guard::Budget(Budget::Quota { .. }) => Some(c.tokens),
            Guard::Budget(Budget::Window {
                percent_can_retry,
                min_retries_per_sec,
                ttl_secs,
            }) => {
                let (withdrawal, reserve, width) =
                    finagle(percent_can_retry, min_retries_per_sec, ttl_secs);
                // On a copy: looking does not move the window's slices.
                let mut window = c.window;
                let count = window.sum(millis(t), width) + reserve;
                // `tokenBucket.count / withdrawalAmount`, in whole retries.
                Some((count / withdrawal) as f64)
            }
            Guard::None | Guard::Breaker { .. } | Guard::Budget(Budget::Concurrency { .. }) => None,
        }
    }

    /// The client's request succeeded; `acquired` is the quota's amount of
    /// its last retry (0 without one).
    pub(super) fn succeeded(self, c: &mut ClientState, acquired: f64) {
        match self {
            Guard::Budget(Budget::Throttling {
                max_tokens,
                token_ratio,
            }) => c.tokens = (c.tokens + token_ratio).min(max_tokens),
            Guard::Budget(Budget::Quota { capacity, .. }) => {
                let back = if acquired > 0.0 { acquired } else { 1.0 };
                c.tokens = (c.tokens + back).min(capacity);
            }
            _ => {}
        }
    }
}
