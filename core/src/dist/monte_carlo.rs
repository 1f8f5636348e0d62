//! The Monte Carlo run of the kinds of jitter whose delays depend on
//! earlier ones ([`Method::MonteCarlo`]; their formulas are
//! [`super::correlated`]'s).
//!
//! `samples` paths are drawn from four xoshiro256** streams ([`crate::rng`])
//! seeded from `seed`, advanced in lock step, retry by retry. Only
//! IEEE-exact operations touch the draws, so every platform gives the same
//! bits. What is exact comes from the kind ([`Exact`]): each retry's bounds,
//! and its mean while the cap cannot bind; from the first retry where it
//! can, the mean is the sample mean, with its 99 % confidence half-width.
//!
//! [`Method::MonteCarlo`]: crate::Method::MonteCarlo

use super::correlated::{self, Exact, Overflow, Walk};
use super::error::DistError;
use super::order::{rank_index, sample_percentiles, select};
use super::sum::Summary;
use super::timeline::{self, DeadlineFit, Limits};
use crate::math::sqrt;
use crate::rng::{GENERATOR, Xoshiro256};
use crate::{Method, Policy};

/// The fewest and the most Monte Carlo paths accepted (declared beside the
/// error that names them).
pub use super::error::{MAX_SAMPLES, MIN_SAMPLES};
/// The site's sample count for the longest schedules (see [`samples_for`]).
pub const DEFAULT_SAMPLES: u32 = 512;
/// The most samples the site uses, for short schedules.
pub const MOST_SITE_SAMPLES: u32 = 16_384;
/// The path steps (retries × samples) one site update may take.
const SITE_BUDGET: u32 = 1 << 19;
/// The site's seed: any fixed value would do; it is recorded with every
/// result so that anyone can repeat the run.
pub const DEFAULT_SEED: u64 = 0x2015_0304;
/// The two-sided 99 % point of the standard normal distribution.
const Z99: f64 = 2.575_829_303_548_901;

/// The number of generator streams; path `i` draws from stream `i mod 4`.
const STREAMS: usize = 4;

/// The seed of stream `j`: stream 0 takes the run's seed itself, the others
/// the seed mixed with `j` times the golden-ratio constant, which
/// SplitMix64 then spreads over unrelated states.
fn stream_seed(seed: u64, j: u64) -> u64 {
    seed ^ j.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The length of work buffer `samples` paths need.
pub const fn work_len(samples: u32) -> usize {
    4 * samples as usize
}

/// The generator's seed and number of paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MonteCarlo {
    pub seed: u64,
    pub samples: u32,
}

/// The site's sample count for a schedule of `retries`: the largest power
/// of two within `2^19 / retries`, kept in
/// `DEFAULT_SAMPLES..=MOST_SITE_SAMPLES`. Short schedules get more paths, and
/// so tighter figures, for the same work as the 1,000-retry case.
pub const fn samples_for(retries: u32) -> u32 {
    let retries = if retries == 0 { 1 } else { retries };
    let mut samples = MOST_SITE_SAMPLES;
    while samples > DEFAULT_SAMPLES && samples as u64 * retries as u64 > SITE_BUDGET as u64 {
        samples /= 2;
    }
    samples
}

impl MonteCarlo {
    /// The site's seed with [`samples_for`]`(retries)` paths.
    pub const fn for_retries(retries: u32) -> MonteCarlo {
        MonteCarlo {
            seed: DEFAULT_SEED,
            samples: samples_for(retries),
        }
    }
}

impl Default for MonteCarlo {
    fn default() -> MonteCarlo {
        MonteCarlo {
            seed: DEFAULT_SEED,
            samples: DEFAULT_SAMPLES,
        }
    }
}

/// One retry's figures.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Row {
    /// The delay before this retry: exact min and max, and the mean.
    pub delay_min: f64,
    pub delay_mean: f64,
    pub delay_max: f64,
    /// Whether `delay_mean` is exact rather than a sample mean.
    pub mean_exact: bool,
    /// Whether the cap limited `delay_max`.
    pub capped: bool,
    /// The cumulative wait up to this retry.
    pub cumulative: Summary,
}

impl Row {
    /// Every figure 0: `Default` as a constant, for static work buffers.
    pub const ZERO: Row = Row {
        delay_min: 0.0,
        delay_mean: 0.0,
        delay_max: 0.0,
        mean_exact: false,
        capped: false,
        cumulative: Summary::ZERO,
    };
}

/// The totals and the record of how they were computed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Report {
    pub total: Summary,
    /// The generator's name, seed and number of paths, for the JSON.
    pub generator: &'static str,
    pub seed: u64,
    pub samples: u32,
    /// The retries, from the first, whose mean is exact.
    pub exact_mean_retries: u32,
    /// 99 % confidence half-width of `total.mean` (0 when exact).
    pub mean_error: f64,
    /// 99 % confidence interval of the total's P99 from order statistics:
    /// the sample values at ranks `N·p'` for the ends `p'` of
    /// [`rank_interval`]`(0.99, N)`.
    pub total_p99_low: f64,
    pub total_p99_high: f64,
    pub deadline: Option<DeadlineFit>,
}

/// The total wait's curve of a run ([`super::CURVE_POINTS`] numbers into
/// `out`): its sample quantiles at each point's probability, by the rank
/// rule of the run's percentiles and kept within the total's exact bounds,
/// so that points 50, 90 and 99 are the run's P50, P90 and P99; the
/// shortest and longest totals at the ends. `work` is the buffer [`run`]
/// has just filled for `samples` paths of a policy whose totals are
/// `total`; its scratch part is reordered. A buffer of another length is
/// left alone.
pub fn curve(work: &mut [f64], samples: u32, total: &Summary, out: &mut [f64]) {
    let n = samples as usize;
    if out.len() != super::curve::CURVE_POINTS || work.len() < work_len(samples) {
        return;
    }
    let (_, rest) = work.split_at_mut(n);
    let (cum, rest) = rest.split_at_mut(n);
    let scratch = &mut rest[n..2 * n];
    scratch.copy_from_slice(cum);
    // Each rank is at least the one before: select within what lies after it.
    let mut from = 0;
    for (i, point) in out.iter_mut().enumerate() {
        *point = match i {
            0 => total.min,
            _ if i == super::curve::CURVE_POINTS - 1 => total.max,
            _ => {
                let rank = rank_index(n as f64 * super::curve::curve_probability(i), n);
                let x = select(&mut scratch[from..], rank - from);
                from = rank;
                x.clamp(total.min, total.max)
            }
        };
    }
}

/// With 99 % confidence, a sample `p`-quantile of `samples` paths is a true
/// `p'`-quantile with `p'` in this interval: the Wilson score interval of the
/// share of paths below it, which, unlike `p ± z·sqrt(p(1 − p)/N)`, stays
/// honest in the tail where few paths lie beyond (about 10 of 1,024 beyond
/// a P99).
pub fn rank_interval(p: f64, samples: u32) -> (f64, f64) {
    let n = samples.max(1) as f64;
    let z2 = Z99 * Z99;
    let scale = 1.0 / (1.0 + z2 / n);
    let center = (p + z2 / (2.0 * n)) * scale;
    let half = Z99 * scale * sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n));
    ((center - half).max(0.0), (center + half).min(1.0))
}

/// Computes every retry's figures into `out` and returns the totals. A
/// policy's errors come first, then an overflow of the walk, then the
/// limits', as the command line reports them.
///
/// `work` must hold [`work_len`]`(mc.samples)` numbers; the run takes
/// `O(retries × samples)` steps.
pub fn run(
    policy: &Policy,
    mc: MonteCarlo,
    limits: Limits,
    work: &mut [f64],
    out: &mut [Row],
) -> Result<Report, DistError> {
    policy.validate()?;
    if policy.jitter.method() != Method::MonteCarlo {
        return Err(DistError::Jitter);
    }
    if !(MIN_SAMPLES..=MAX_SAMPLES).contains(&mc.samples) {
        return Err(DistError::Samples);
    }
    let n = policy.retries as usize;
    let samples = mc.samples as usize;
    if work.len() < work_len(mc.samples) {
        return Err(DistError::Workspace);
    }
    if out.len() < n {
        return Err(DistError::Output);
    }
    let (state, rest) = work.split_at_mut(samples);
    let (cum, rest) = rest.split_at_mut(samples);
    let (split, rest) = rest.split_at_mut(samples);
    let scratch = &mut rest[..samples];
    // The cap as a number for the draw loop; without one, no draw reaches
    // the largest finite number before the overflow checks stop the run.
    let ceiling = policy.max_delay.unwrap_or(f64::MAX);
    state.fill(correlated::start(policy));
    cum.fill(0.0);
    split.fill(0.0);

    // Four independent streams, path `i` drawing from stream `i mod 4`:
    // one generator's state chain would be the bottleneck, four interleave.
    let mut rngs = [
        Xoshiro256::new(stream_seed(mc.seed, 0)),
        Xoshiro256::new(stream_seed(mc.seed, 1)),
        Xoshiro256::new(stream_seed(mc.seed, 2)),
        Xoshiro256::new(stream_seed(mc.seed, 3)),
    ];
    let mut walk = Walk::new(policy);
    // The exact mean of the cumulative wait up to the last retry with an
    // exact mean, and the sample mean of what the paths added since.
    let mut exact_cum_mean = 0.0;
    let mut exact_mean_retries = 0u32;
    let mut sampled_cum_mean = 0.0;
    let timeout = limits.timeout_or_zero();
    // The counts matter only when a deadline is given.
    let (mut fit, deadline) = (DeadlineFit::default(), limits.deadline.unwrap_or(0.0));
    for (k, row) in out[..n].iter_mut().enumerate() {
        let retry = k as u32 + 1;
        let exact: Exact = walk.step().map_err(|overflow| match overflow {
            Overflow::Delay { retry } => DistError::DelayOverflow { retry },
            Overflow::Total { retry } => DistError::TotalOverflow { retry },
        })?;
        let earlier = k as f64;
        // One lane of partial sums per stream, added in a fixed order. Path
        // `i` draws from stream `i mod 4` and adds to lane `i mod 4`: one
        // plain loop (an unrolled one computes the same bits in more code
        // than the WebAssembly module can afford).
        let mut lane_sums = [0.0f64; STREAMS];
        for (i, ((s, c), o)) in state
            .iter_mut()
            .zip(cum.iter_mut())
            .zip(scratch.iter_mut())
            .enumerate()
        {
            let lane = i % STREAMS;
            let u = rngs[lane].next_unit();
            let next = correlated::draw(policy, earlier, s, u, ceiling);
            *c += next;
            *o = *c;
            lane_sums[lane] += next;
        }
        let sleep_sum = (lane_sums[0] + lane_sums[1]) + (lane_sums[2] + lane_sums[3]);
        let delay_mean = match exact.mean {
            Some(mean) => {
                exact_cum_mean += mean;
                exact_mean_retries += 1;
                split.copy_from_slice(cum);
                mean
            }
            None => {
                let mean = sleep_sum / samples as f64;
                sampled_cum_mean += mean;
                mean
            }
        };
        // Exact part plus the sample mean of what the paths added since.
        let cum_mean = exact_cum_mean + sampled_cum_mean;
        let (p50, p90, p99) = sample_percentiles(scratch);
        let (lo, hi) = (exact.cumulative_lo, exact.cumulative_hi);
        let clamp = |x: f64| x.clamp(lo, hi);
        *row = Row {
            delay_min: exact.lo,
            delay_mean: delay_mean.clamp(exact.lo, exact.hi),
            delay_max: exact.hi,
            mean_exact: exact.mean.is_some(),
            capped: exact.capped,
            cumulative: Summary {
                min: lo,
                mean: clamp(cum_mean),
                max: hi,
                p50: clamp(p50),
                p90: clamp(p90),
                p99: clamp(p99),
            },
        };
        fit.count(retry, &row.cumulative, timeout, deadline);
    }
    // The limits are checked after the walk, whose overflow the schedule
    // reports first (`Schedule::new`, before any figure of the
    // distribution): the command line's order of errors, for a module
    // that has no schedule of its own. Until then they only fed the counts.
    limits.validate()?;
    let total = out[n - 1].cumulative;
    // The 99 % half-width of the sampled part of the total mean: from the
    // sample variance of what each path added after the exact retries.
    let mean_error = if exact_mean_retries < policy.retries {
        // In units of the largest total, so that no square overflows.
        let unit = if total.max > 0.0 { total.max } else { 1.0 };
        let (mut sum, mut sum_sq) = (0.0, 0.0);
        for (c, s) in cum.iter().zip(split.iter()) {
            let d = (c - s) / unit;
            sum += d;
            sum_sq += d * d;
        }
        let count = samples as f64;
        let m = sum / count;
        let var = (sum_sq / count - m * m).max(0.0) * count / (count - 1.0);
        Z99 * sqrt(var / count) * unit
    } else {
        0.0
    };
    timeline::check_finite(policy.retries, timeout, total.max)?;
    // The 99 % interval of the total's P99 by order statistics.
    scratch.copy_from_slice(cum);
    let (low_share, high_share) = rank_interval(0.99, mc.samples);
    let low_rank = rank_index(samples as f64 * low_share, samples);
    let high_rank = rank_index(samples as f64 * high_share, samples);
    let total_p99_high = select(scratch, high_rank);
    // With at least MIN_SAMPLES paths the low rank lies below the high one.
    let total_p99_low = if low_rank < high_rank {
        select(&mut scratch[..high_rank], low_rank)
    } else {
        total_p99_high
    };
    let deadline = limits.deadline.map(|d| {
        let room = d - policy.retries as f64 * timeout;
        let below = cum.iter().filter(|&&c| c < room).count();
        fit.with_last_retry(below as f64 / samples as f64)
    });
    Ok(Report {
        total,
        generator: GENERATOR,
        seed: mc.seed,
        samples: mc.samples,
        exact_mean_retries,
        mean_error,
        total_p99_low: total_p99_low.clamp(total.min, total.max),
        total_p99_high: total_p99_high.clamp(total.min, total.max),
        deadline,
    })
}
