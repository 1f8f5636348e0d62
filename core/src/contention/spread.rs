//! The calculator's "many clients" view: `C` clients fail together at time 0
//! and follow the same retry policy; how many retries start in each time
//! bucket? Without jitter they all start together (the thundering herd);
//! jitter spreads them.
//!
//! Each retry's delay is uniform on its interval `[min, max]` (a fixed delay
//! is `min == max`): the calculator passes the `min` and `max` of the core's
//! schedule rows. Retry `k` of a client starts at the sum of its first `k`
//! delays; every retry is assumed to happen (every attempt fails), which is
//! the herd's worst case. Counts come from seeded sampling, one draw per
//! client and retry (the sum of many uniforms of different widths has no
//! short closed form); the calculator's `1,000 × 20` take well under a
//! millisecond. The work is bounded by [`MAX_DRAWS`]: beyond it, fewer
//! clients are sampled and each stands for several (their counts are
//! weighted so that the total stays exactly `clients × retries`), which
//! keeps `10,000 × 1,000` to about a twentieth of its full cost (some 25 ms
//! natively, `core/tests/suite/contention_spread.rs` prints it). When no delay
//! is jittered, one client is walked and stands for all.
//!
//! The buckets start at 0 and have one round width (1, 2 or 5 × 10^k, so that
//! a reader can name it: "in the same 100 ms"), the least for which the
//! caller's slice covers `[0, Σ max]`, the latest any retry can start; the
//! buckets past that span stay 0 ([`Spread::buckets`] says how many are
//! used: from two fifths of the slice up to all of it).

use crate::rng::Xoshiro256;

/// The most clients the view accepts.
pub const MAX_CLIENTS: u32 = 10_000;
/// The most retries (as the core's `MAX_RETRIES`).
pub const MAX_RETRIES: usize = 1000;

/// The most random draws one call makes: `clients × retries` up to this are
/// sampled in full (every case up to `10,000 × 52` or `1,000 × 524`).
pub const MAX_DRAWS: u32 = 1 << 19;

/// The range of one retry's delay, in any unit (the core's schedules need
/// none; the results come in the same unit).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Delay {
    pub min: f64,
    pub max: f64,
}

/// Where the retries started.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    /// How many buckets, from the first, cover the span.
    pub buckets: usize,
    /// The width of each bucket, in the delays' unit: 1, 2 or 5 × 10^k.
    pub bucket_width: f64,
    /// The most retries that started in one bucket…
    pub peak: u32,
    /// …and the first bucket with that many.
    pub peak_bucket: usize,
    /// How many clients were walked: all of them unless `clients ×
    /// retries` exceeds [`MAX_DRAWS`], or one when no delay is jittered;
    /// each stands for `clients / sampled` clients, rounded up for the
    /// first few.
    pub sampled: u32,
}

/// Why the view could not be computed; retries are numbered from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpreadError {
    /// Clients not in `1..=MAX_CLIENTS`.
    Clients { clients: u32 },
    /// No retries, or more than `MAX_RETRIES`.
    Retries { retries: usize },
    /// This retry's range is not `0 <= min <= max`, finite.
    Delay { retry: usize },
    /// The delays add up to zero or to more than the largest finite number.
    Span,
    /// No buckets.
    Buckets,
}

impl core::fmt::Display for SpreadError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            SpreadError::Clients { clients } => write!(
                f,
                "{clients} clients: the number of clients must be from 1 to {MAX_CLIENTS}"
            ),
            SpreadError::Retries { retries } => write!(
                f,
                "{retries} retries: the number of retries must be from 1 to {MAX_RETRIES}"
            ),
            SpreadError::Delay { retry } => write!(
                f,
                "the delay range of retry {retry} must be finite with 0 <= min <= max"
            ),
            SpreadError::Span => {
                f.write_str("the delays must add up to a finite time greater than 0")
            }
            SpreadError::Buckets => f.write_str("the view needs at least one bucket"),
        }
    }
}

/// Counts into `buckets` the retries of `clients` clients that start in each
/// bucket. The same `seed` gives the same counts on every platform.
pub fn retry_starts(
    delays: &[Delay],
    clients: u32,
    seed: u64,
    buckets: &mut [u32],
) -> Result<Spread, SpreadError> {
    let none = Delay { min: 0.0, max: 0.0 };
    retry_starts_by(
        delays.len(),
        |i| delays.get(i).copied().unwrap_or(none),
        clients,
        seed,
        buckets,
    )
}

/// [`retry_starts`] of the `retries` delays `delay(0)`, `delay(1)`, …: for
/// callers that hold the delays in another shape (the calculator's module
/// reads them from its schedule buffer, with no copy).
pub fn retry_starts_by(
    retries: usize,
    delay: impl Fn(usize) -> Delay,
    clients: u32,
    seed: u64,
    buckets: &mut [u32],
) -> Result<Spread, SpreadError> {
    if !(1..=MAX_CLIENTS).contains(&clients) {
        return Err(SpreadError::Clients { clients });
    }
    if retries == 0 || retries > MAX_RETRIES {
        return Err(SpreadError::Retries { retries });
    }
    if buckets.is_empty() {
        return Err(SpreadError::Buckets);
    }
    let (mut span, mut jittered) = (0.0, false);
    for i in 0..retries {
        let d = delay(i);
        // NaN fails every comparison; a finite `max` bounds `min`.
        if !(0.0 <= d.min && d.min <= d.max && d.max.is_finite()) {
            return Err(SpreadError::Delay { retry: i + 1 });
        }
        span += d.max;
        jittered |= d.min < d.max;
    }
    if !(span.is_finite() && span > 0.0) {
        return Err(SpreadError::Span);
    }
    buckets.fill(0);
    let width = round_width(span / buckets.len() as f64);
    // `width` is at least `span / len`; the clamp only guards rounding.
    let whole = span / width;
    let used =
        (whole as usize + usize::from((whole as usize as f64) < whole)).clamp(1, buckets.len());
    let last = used - 1;
    // A start at `span` itself (every delay at its max), or a hair past it
    // from rounding, belongs to the last bucket.
    let bucket = |t: f64| ((t / width) as usize).min(last);

    // Fixed delays start every client together: one client walked, standing
    // for all, gives the counts (its draws `min + 0 × u` are `min` exactly).
    // `retries` is at most MAX_RETRIES, so this is at least 524.
    let sampled = if jittered {
        clients.min(MAX_DRAWS / retries as u32)
    } else {
        1
    };
    let mut rng = Xoshiro256::new(seed);
    let (share, extra) = (clients / sampled, clients % sampled);
    for i in 0..sampled {
        let weight = share + u32::from(i < extra);
        let mut t = 0.0;
        for i in 0..retries {
            let d = delay(i);
            t += rng.between(d.min, d.max);
            buckets[bucket(t)] += weight;
        }
    }

    let (mut peak, mut peak_bucket) = (0, 0);
    for (i, &count) in buckets.iter().enumerate() {
        if count > peak {
            (peak, peak_bucket) = (count, i);
        }
    }
    Ok(Spread {
        buckets: used,
        bucket_width: width,
        peak,
        peak_bucket,
        sampled,
    })
}

/// The least of 1, 2 and 5 × 10^k at or above `raw` (finite, > 0): powers
/// of ten by repeated steps, so every platform finds the same double. Below about 1e-300 the
/// steps stop, and the width is the power of ten they reached.
fn round_width(raw: f64) -> f64 {
    let mut p = 1.0;
    while p > raw && p > 1e-300 {
        p /= 10.0;
    }
    while p * 10.0 <= raw {
        p *= 10.0;
    }
    if p >= raw {
        p
    } else if 2.0 * p >= raw {
        2.0 * p
    } else if 5.0 * p >= raw {
        5.0 * p
    } else {
        // Finite even for a `raw` near the largest double.
        (10.0 * p).min(f64::MAX)
    }
}
