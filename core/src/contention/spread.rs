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
//! keeps `10,000 × 1,000` to about a fifth of its full cost. When no delay
//! is jittered, one client is walked and its counts multiplied.
//!
//! The buckets span `[0, Σ max]`, the latest any retry can start, in equal
//! widths; the caller's slice sets how many (100 to 200 suit a chart).

use crate::rng::Xoshiro256;

/// The most clients the view accepts.
pub const MAX_CLIENTS: u32 = 10_000;
/// The most retries (as the core's `MAX_RETRIES`).
pub const MAX_RETRIES: usize = 1000;

/// The most random draws one call makes: `clients × retries` up to this are
/// sampled in full (every calculator case up to `10,000 × 209` retries).
pub const MAX_DRAWS: u32 = 1 << 21;

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
    /// The width of each bucket, in the delays' unit.
    pub bucket_width: f64,
    /// The most retries that started in one bucket…
    pub peak: u32,
    /// …and the first bucket with that many.
    pub peak_bucket: usize,
    /// How many clients were sampled: all of them unless `clients ×
    /// retries` exceeds [`MAX_DRAWS`]; each then stands for
    /// `clients / sampled` clients, rounded up for the first few.
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
    if !(1..=MAX_CLIENTS).contains(&clients) {
        return Err(SpreadError::Clients { clients });
    }
    if delays.is_empty() || delays.len() > MAX_RETRIES {
        return Err(SpreadError::Retries {
            retries: delays.len(),
        });
    }
    if buckets.is_empty() {
        return Err(SpreadError::Buckets);
    }
    let mut span = 0.0;
    for (i, d) in delays.iter().enumerate() {
        if !(d.min.is_finite() && d.max.is_finite() && 0.0 <= d.min && d.min <= d.max) {
            return Err(SpreadError::Delay { retry: i + 1 });
        }
        span += d.max;
    }
    if !(span.is_finite() && span > 0.0) {
        return Err(SpreadError::Span);
    }
    buckets.fill(0);
    let last = buckets.len() - 1;
    let per_ms = buckets.len() as f64 / span;
    // A start at `span` itself (every delay at its max), or a hair past it
    // from rounding, belongs to the last bucket.
    let bucket = |t: f64| ((t * per_ms) as usize).min(last);

    let jittered = delays.iter().any(|d| d.min < d.max);
    // `delays.len()` is at most MAX_RETRIES, so this is at least 2097.
    let mut sampled = clients.min(MAX_DRAWS / delays.len() as u32);
    if jittered {
        let mut rng = Xoshiro256::for_stream(seed, &[u64::from(clients), delays.len() as u64]);
        let (share, extra) = (clients / sampled, clients % sampled);
        for i in 0..sampled {
            let weight = share + u32::from(i < extra);
            let mut t = 0.0;
            for d in delays {
                t += rng.between(d.min, d.max);
                buckets[bucket(t)] += weight;
            }
        }
    } else {
        sampled = clients;
        let mut t = 0.0;
        for d in delays {
            t += d.min;
            buckets[bucket(t)] += clients;
        }
    }

    let (mut peak, mut peak_bucket) = (0, 0);
    for (i, &count) in buckets.iter().enumerate() {
        if count > peak {
            (peak, peak_bucket) = (count, i);
        }
    }
    Ok(Spread {
        bucket_width: span / buckets.len() as f64,
        peak,
        peak_bucket,
        sampled,
    })
}
