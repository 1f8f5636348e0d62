//! Polly's jitter as Polly writes it, the oracle for the core's `polly` kind.
//!
//! [`delays_ticks`] ports `DecorrelatedJitterBackoffV2` of App-vNext/Polly
//! 8.7.0 (commit a824c6b9258daa2879b8fa2ea768bf06bd5e6cf0,
//! `src/Polly.Core/Retry/RetryHelper.cs`, lines 75–111) line by line, with
//! std's `powf`, `tanh` and `sqrt` for .NET's `Math` and whole ticks (100 ns)
//! as `TimeSpan.FromTicks` keeps them, and the cap as `GetRetryDelay`
//! applies it after (lines 24–45); `RetryResilienceStrategy.cs` starts the
//! state at 0 and the attempt at 0 (lines 48–50). The file
//! `core/tests/data/polly-v2.txt` holds what Polly's own function returned
//! for fixed draws, against which the port is checked
//! (`core/tests/suite/polly.rs`).
//!
//! [`Figures`] are the exact bounds and means of each retry, from the
//! formula alone: no state of the core's walk, the means by Simpson's rule
//! on a fine grid rather than the core's Gauss–Legendre pieces.

/// Ticks (100 ns) per millisecond.
pub const TICKS_PER_MS: f64 = 10_000.0;
/// `(double)TimeSpan.MaxValue.Ticks - 1_000`.
const MAX_TIME_SPAN_TICKS: f64 = i64::MAX as f64 - 1_000.0;
/// `PFactor` and `RpScalingFactor`.
const P_FACTOR: f64 = 4.0;
const RP_SCALING_FACTOR: f64 = 1.0 / 1.4;

/// `Math.Pow(2, t) * Math.Tanh(Math.Sqrt(PFactor * t))`.
pub fn formula(t: f64) -> f64 {
    2f64.powf(t) * (P_FACTOR * t).sqrt().tanh()
}

/// `formulaIntrinsicValue` of each draw: `next − prev`, with `prev` the
/// previous draw's `next` (0 before the first), `None` where `next` is
/// infinite (Polly then returns its largest delay).
fn intrinsic_values(draws: &[f64]) -> impl Iterator<Item = Option<f64>> + '_ {
    let mut prev = 0.0f64;
    draws.iter().enumerate().map(move |(attempt, &u)| {
        let t = attempt as f64 + u;
        let next = formula(t);
        let value = (!next.is_infinite()).then_some(next - prev);
        prev = next;
        value
    })
}

/// Polly's delays in ticks for the draws `u` (one per retry, in `[0, 1)`),
/// with `Delay` and `MaxDelay` in ticks.
pub fn delays_ticks(base_ticks: i64, cap_ticks: Option<i64>, draws: &[f64]) -> Vec<i64> {
    intrinsic_values(draws)
        .map(|value| {
            let ticks = match value {
                None => MAX_TIME_SPAN_TICKS as i64,
                Some(formula_intrinsic_value) => {
                    (formula_intrinsic_value * RP_SCALING_FACTOR * base_ticks as f64)
                        .min(MAX_TIME_SPAN_TICKS) as i64
                }
            };
            match cap_ticks {
                Some(cap) if ticks > cap => cap,
                _ => ticks,
            }
        })
        .collect()
}

/// The delays of one path in the policy's own unit, without Polly's ticks:
/// the formula as [`delays_ticks`] has it, for comparing with the core
/// (whose retries never reach an infinite `next`).
pub fn delays(base: f64, cap: Option<f64>, draws: &[f64]) -> Vec<f64> {
    intrinsic_values(draws)
        .map(|value| {
            let delay = value.unwrap_or(f64::INFINITY) * RP_SCALING_FACTOR * base;
            cap.map_or(delay, |cap| delay.min(cap))
        })
        .collect()
}

/// What the formula says of retry `k` of a policy: the greatest delay and
/// whether the cap limited it (the least is 0), the uncapped mean delay, and
/// the bounds of the cumulative wait.
#[derive(Clone, Copy, Debug)]
pub struct Figures {
    pub hi: f64,
    pub capped: bool,
    pub uncapped_mean: f64,
    pub cumulative_lo: f64,
    pub cumulative_hi: f64,
}

/// `f` below 0 is 0 (no earlier draw).
fn at(k: i64) -> f64 {
    if k <= 0 { 0.0 } else { formula(k as f64) }
}

/// The mean of `f(k − 1 + U)`: Simpson's rule on 20,000 intervals, on
/// `[0, 1]` after `t = v²` (the integrand `2v·f(v²)` is smooth where `f`
/// has `√t`'s kink).
pub fn area(k: u32) -> f64 {
    const N: u32 = 20_000;
    let g = |x: f64| {
        if k == 1 {
            2.0 * x * formula(x * x)
        } else {
            formula(f64::from(k - 1) + x)
        }
    };
    let h = 1.0 / f64::from(N);
    let inner: f64 = (1..N)
        .map(|i| {
            let weight = if i % 2 == 1 { 4.0 } else { 2.0 };
            weight * g(f64::from(i) * h)
        })
        .sum();
    (g(0.0) + inner + g(1.0)) * h / 3.0
}

/// Each retry's [`Figures`], retry 1 first.
pub fn figures(base: f64, cap: Option<f64>, retries: u32) -> Vec<Figures> {
    let scale = |x: f64| x * RP_SCALING_FACTOR * base;
    let mut sum_hi = 0.0;
    (1..=retries)
        .map(|k| {
            let k64 = i64::from(k);
            // t_k lies in [k − 1, k), t_{k−1} in [k − 2, k − 1).
            let greatest = scale(at(k64) - at(k64 - 2));
            let capped = cap.is_some_and(|c| greatest > c);
            let hi = cap.map_or(greatest, |c| greatest.min(c));
            sum_hi += hi;
            let uncapped_lo = scale(at(k64 - 1));
            Figures {
                hi,
                capped,
                uncapped_mean: scale(area(k) - if k > 1 { area(k - 1) } else { 0.0 }),
                cumulative_lo: cap.map_or(uncapped_lo, |c| uncapped_lo.min(c)),
                cumulative_hi: scale(at(k64)).min(sum_hi),
            }
        })
        .collect()
}
