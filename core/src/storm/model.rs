//! The retry-storm model's vocabulary: a scenario's parts (arrivals,
//! server, network, client), each parameter's rule and bound, and why a run
//! is refused. It runs nothing ([`super::sim`] does).
//!
//! Times are in seconds, rates in requests a second. A retry policy's
//! delays ([`crate::Policy`]) are read in seconds too.

use super::guard::Guard;
use crate::Policy;

/// The longest scenario, in seconds: the per-second output has one row a
/// second.
pub const MAX_DURATION: f64 = 3600.0;

/// The highest arrival rate, in requests a second.
pub const MAX_RATE: f64 = 10_000.0;

/// The longest time a parameter may name (a timeout, a server time, a
/// network delay, a time of the workload), in seconds.
pub const MAX_TIME: f64 = 3600.0;

/// The most retries a request may make.
pub const MAX_RETRIES: u32 = crate::MAX_RETRIES;

/// The most clients.
pub const MAX_CLIENTS: u32 = 100_000;

/// How new requests arrive: from `clients` clients, each with `1 /
/// clients` of the rate `rate`, every gap exponential and drawn with the
/// rate at the start before it (as Brooker's simulators draw it), until
/// `until` (no start after it: the run then drains, as Brooker's
/// `retry_sim` does).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arrivals {
    pub system: System,
    pub rate: Rate,
    pub first: f64,
    pub until: f64,
    pub clients: u32,
}

/// Whether clients wait for their requests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum System {
    /// Each client starts a request at `first`, then one a gap after each
    /// start, whatever happens to the earlier ones: new requests keep
    /// coming however slow the server is.
    Open,
    /// Each client starts a request a gap after `first`, then each next
    /// one a gap after the start before it but never before that request
    /// has ended: one request in flight a client, so a slow server slows
    /// its clients down (Brooker's `SerialClient`).
    Closed,
}

/// The arrival rate over time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rate {
    /// `rate` throughout.
    Constant { rate: f64 },
    /// `peak − slope × |t − at|`: up to `peak` at time `at`, then down;
    /// arrivals stop for good once it is not positive (Brooker's
    /// `RampUpDownLoadGenerator`).
    Ramp { peak: f64, slope: f64, at: f64 },
    /// `base`, and `peak` from `start` to `start + width` (Brooker's
    /// `SpikeLoadGenerator`).
    Spike {
        base: f64,
        peak: f64,
        start: f64,
        width: f64,
    },
}

impl Rate {
    /// The rate at time `t`; not positive once a ramp has ended.
    pub fn at(self, t: f64) -> f64 {
        match self {
            Rate::Constant { rate } => rate,
            Rate::Ramp { peak, slope, at } => {
                let d = if t > at { t - at } else { at - t };
                peak - slope * d
            }
            // The spike's own test: `t < start or t > start + width`.
            Rate::Spike {
                base,
                peak,
                start,
                width,
            } => {
                if t < start || t > start + width {
                    base
                } else {
                    peak
                }
            }
        }
    }
}

/// The server: each attempt it takes is answered `base + slope × c` after
/// it starts, `c` the attempts in progress with it; an attempt that comes
/// when `limit` are in progress waits in a queue of `queue` places, and
/// one that finds the queue full is refused at once. A share `failure_rate`
/// of the attempts it takes fail at once, without load.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Server {
    pub base: f64,
    pub slope: f64,
    /// The most attempts in progress at once; `None` for no limit.
    pub limit: Option<u32>,
    /// The queue's places, with a limit.
    pub queue: u32,
    pub failure_rate: f64,
}

/// How a request's attempts are retried.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Retry {
    /// Up to `retries` retries, each sent the moment its attempt failed.
    Immediately { retries: u32 },
    /// The policy's retries, each after the policy's delay, drawn as the
    /// core draws a sample run (every jitter kind; in seconds).
    Backoff(Policy),
}

impl Retry {
    /// The most retries a request makes.
    pub const fn retries(self) -> u32 {
        match self {
            Retry::Immediately { retries } => retries,
            Retry::Backoff(policy) => policy.retries,
        }
    }
}

/// What every client does: it gives up on an attempt after `timeout`
/// (ignoring its answer if it comes later, as most clients do) and retries
/// a timed-out or failed attempt per `retry`, while its own `guard` lets it.
/// With `layers` above 1, each attempt reaches a service that calls the
/// one below it the same way (the same timeout and retries, no guard of its
/// own), down to the server: `layers` services in all.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Client {
    pub timeout: f64,
    pub retry: Retry,
    pub guard: Guard,
    /// From 1 to [`crate::cost::MAX_LAYERS`].
    pub layers: u32,
}

/// A scenario of the model: who sends, what serves, what lies between.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scenario {
    /// The simulated time, from 0, in seconds.
    pub duration: f64,
    pub arrivals: Arrivals,
    pub server: Server,
    /// The mean of the exponential network delay, each way.
    pub network: f64,
    pub client: Client,
}

/// Why a scenario was refused or a run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StormError {
    /// The duration is not in `(0, MAX_DURATION]`.
    Duration,
    /// The system or the workload is none of the model's, or the first
    /// arrival's time is out of range.
    Arrivals,
    /// A constant rate, or a spike's rate outside it, is not above 0 and at
    /// most `MAX_RATE`.
    Rate,
    /// A spike's rate or a ramp's peak is out of range (a spike's must be
    /// above 0).
    Peak,
    /// The time of a spike's start or of a ramp's peak is not from 0 to
    /// `MAX_TIME`.
    At,
    /// A spike's length is not from 0 to `MAX_TIME`.
    Length,
    /// A ramp's slope is not from 0 to `MAX_RATE`.
    Slope,
    /// The last arrival's time is not from 0 to `MAX_TIME`.
    Until,
    /// A server time or the limit is out of range.
    Server,
    /// The server's failure rate is not from 0 to 1.
    FailureRate,
    /// The network delay is out of range.
    Network,
    /// The timeout is out of range.
    Timeout,
    /// The retry policy is refused by the core, or its retries are beyond
    /// `MAX_RETRIES`.
    Retry,
    /// The guard's figures are out of range.
    Guard,
    /// The layers are not from 1 to `crate::cost::MAX_LAYERS`.
    Layers,
    /// The clients are not from 1 to `MAX_CLIENTS`, or the caller's client
    /// slots are fewer.
    Clients,
    /// The per-second output has fewer rows than the duration's seconds.
    Output,
    /// More requests arrived than the caller's request slots hold.
    Requests,
    /// More events were pending than the caller's event slots hold.
    Events,
    /// The caller's queue slots are fewer than the server's queue places.
    Queue,
}

/// A time parameter's rule: finite and within `[0, MAX_TIME]`.
fn time(x: f64) -> bool {
    (0.0..=MAX_TIME).contains(&x)
}

fn rate(x: f64) -> bool {
    (0.0..=MAX_RATE).contains(&x)
}

impl Scenario {
    /// The trigger a run is judged after ([`crate::storm::recovery`]): a
    /// spike's start and end; none for another workload.
    pub fn trigger(&self) -> Option<(f64, f64)> {
        match self.arrivals.rate {
            Rate::Spike { start, width, .. } => Some((start, start + width)),
            _ => None,
        }
    }

    /// Checks every parameter against its rule.
    pub fn validate(&self) -> Result<(), StormError> {
        if !(self.duration > 0.0 && self.duration <= MAX_DURATION) {
            return Err(StormError::Duration);
        }
        let Arrivals {
            rate: r,
            first,
            until,
            clients,
            ..
        } = self.arrivals;
        // Each figure of the workload against its rule, in its own error.
        let positive = |x: f64| rate(x) && x > 0.0;
        let checks: [(bool, StormError); 4] = match r {
            Rate::Constant { rate: x } => [
                (positive(x), StormError::Rate),
                (true, StormError::Peak),
                (true, StormError::At),
                (true, StormError::Length),
            ],
            Rate::Ramp { peak, slope, at } => [
                (rate(slope), StormError::Slope),
                (rate(peak), StormError::Peak),
                (time(at), StormError::At),
                (true, StormError::Length),
            ],
            Rate::Spike {
                base,
                peak,
                start,
                width,
            } => [
                (positive(base), StormError::Rate),
                (positive(peak), StormError::Peak),
                (time(start), StormError::At),
                (time(width), StormError::Length),
            ],
        };
        if let Some(&(_, err)) = checks.iter().find(|(ok, _)| !ok) {
            return Err(err);
        }
        if !time(first) {
            return Err(StormError::Arrivals);
        }
        if !time(until) {
            return Err(StormError::Until);
        }
        if !(1..=MAX_CLIENTS).contains(&clients) {
            return Err(StormError::Clients);
        }
        let s = self.server;
        if !(time(s.base) && time(s.slope) && s.limit.is_none_or(|l| l > 0)) {
            return Err(StormError::Server);
        }
        if !(0.0..=1.0).contains(&s.failure_rate) {
            return Err(StormError::FailureRate);
        }
        if !time(self.network) {
            return Err(StormError::Network);
        }
        let c = self.client;
        if !(time(c.timeout) && c.timeout > 0.0) {
            return Err(StormError::Timeout);
        }
        match c.retry {
            Retry::Immediately { retries } if retries <= MAX_RETRIES => {}
            Retry::Backoff(policy) if policy.validate().is_ok() => {}
            _ => return Err(StormError::Retry),
        }
        if !c.guard.valid() {
            return Err(StormError::Guard);
        }
        if !(1..=crate::cost::MAX_LAYERS).contains(&c.layers) {
            return Err(StormError::Layers);
        }
        Ok(())
    }

    /// The rows of the per-second output: one for each second begun.
    pub fn seconds(&self) -> usize {
        // At most MAX_DURATION: `as` is exact here.
        let whole = self.duration as usize;
        if (whole as f64) < self.duration {
            whole + 1
        } else {
            whole
        }
    }
}
