//! The figures a report lays out: the unit that labels them, ECMAScript's
//! number notation, and the distribution of a schedule's waits (its
//! percentiles and attempt timeline, by the method the core chose).

use crate::backoff::dist::{
    self, AttemptStart, CapOrder, DeadlineFit, Delay, DistError, Limits, Summary, monte_carlo,
};
use crate::backoff::{Retry, Schedule};

/// The unit a schedule is expressed in. The core never sees it; it only
/// labels the figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    /// Milliseconds.
    Ms,
    /// Seconds.
    S,
    /// No unit: plain numbers.
    Units,
}

/// How a policy's number of retries is counted, as its library counts
/// it: the retries after the original request, or the attempts with it
/// (one more). The core always takes retries; this only says how the
/// reader gave them, and the JSON keeps it (`policy.count`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Count {
    Retries,
    Attempts,
}

impl Count {
    /// Whether this is the default, which the JSON leaves unsaid.
    pub fn is_retries(&self) -> bool {
        *self == Count::Retries
    }
}

impl Unit {
    /// The stable name used on the command line, in JSON and in content files.
    pub const fn name(self) -> &'static str {
        match self {
            Unit::Ms => "ms",
            Unit::S => "s",
            Unit::Units => "units",
        }
    }

    /// How many milliseconds one unit is, for humanized durations; `None` for
    /// plain numbers, which have no duration to humanize.
    pub const fn milliseconds(self) -> Option<f64> {
        match self {
            Unit::Ms => Some(1.0),
            Unit::S => Some(1000.0),
            Unit::Units => None,
        }
    }
}

/// Writes `x` exactly as ECMAScript's `Number.prototype.toString()` does.
///
/// Rust's `{:e}` gives the shortest digits that round-trip, as ECMAScript
/// requires, but for one case ([`even_at_a_tie`]); the layout differs, and
/// that is rebuilt here.
pub fn js_number(x: f64) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    if x == 0.0 {
        return "0".into();
    }
    let sign = if x < 0.0 { "-" } else { "" };
    let scientific = format!("{:e}", x.abs());
    let (mantissa, exponent) = scientific
        .split_once('e')
        .expect("`{:e}` always writes an exponent");
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let exponent: i32 = exponent.parse().expect("`{:e}` writes an integer exponent");
    let digits = even_at_a_tie(x.abs(), &digits, exponent).unwrap_or(digits);
    // In ECMAScript's terms: value = digits × 10^(n − k).
    let k = digits.len() as i32;
    let n = exponent + 1;
    let body = if k <= n && n <= 21 {
        format!("{digits}{}", "0".repeat((n - k) as usize))
    } else if 0 < n && n <= 21 {
        format!("{}.{}", &digits[..n as usize], &digits[n as usize..])
    } else if -6 < n && n <= 0 {
        format!("0.{}{digits}", "0".repeat((-n) as usize))
    } else {
        let e = n - 1;
        let e_sign = if e < 0 { '-' } else { '+' };
        if k == 1 {
            format!("{digits}e{e_sign}{}", e.abs())
        } else {
            format!("{}.{}e{e_sign}{}", &digits[..1], &digits[1..], e.abs())
        }
    };
    format!("{sign}{body}")
}

/// The shortest digits ECMAScript writes for `x` (positive, finite) where
/// they differ from Rust's `digits` (`x` is the digits with the point after
/// the first, times 10^`exponent`): when `x` lies exactly halfway between two numbers of as many
/// digits that both read back as `x`, ECMAScript takes the even one
/// (ECMA-262, `Number::toString`, step 5: "if there are two such possible
/// values of n, choose the one that is even") and Rust the upper one:
/// 145.214630126953125 is written 145.21463012695312 by ECMAScript and
/// 145.21463012695313 by Rust. Only digits of 16 or more can tie so (two
/// neighbours of fewer digits are further apart than a double's spacing).
fn even_at_a_tie(x: f64, digits: &str, exponent: i32) -> Option<String> {
    let k = digits.len();
    if k < 16 {
        return None;
    }
    // A tie's k + 1 digits are exact and end in 5, which their correctly
    // rounded writing shows at little cost; only then is the whole
    // expansion written, to tell a tie from a number near one.
    let near = format!("{x:.k$e}");
    if !near.split_once('e').is_some_and(|(m, _)| m.ends_with('5')) {
        return None;
    }
    // x = m·2^q with a whole m, so its decimal expansion ends −q places
    // after the point (a whole number's, at the point): with the
    // exponent's places before it, that many write it exactly.
    let biased = ((x.to_bits() >> 52) & 0x7ff) as i32;
    let q = if biased == 0 { -1074 } else { biased - 1075 };
    let places = usize::try_from(exponent + (-q).max(0))
        .unwrap_or(0)
        .max(k + 1);
    let exact = format!("{x:.places$e}");
    let (mantissa, exact_exponent) = exact.split_once('e')?;
    if exact_exponent.parse::<i32>().ok()? != exponent {
        return None;
    }
    let exact: String = mantissa.chars().filter(|c| *c != '.').collect();
    let exact = exact.trim_end_matches('0');
    // A tie: the exact expansion is the k digits below and a final 5.
    if exact.len() != k + 1 || !exact.ends_with('5') {
        return None;
    }
    let lower = &exact[..k];
    let last = lower.as_bytes()[k - 1];
    // The upper neighbour of a lower one ending in 9 ends in 0, which would
    // make a shorter number, and Rust would have written that.
    if last == b'9' {
        return None;
    }
    let even = if (last - b'0').is_multiple_of(2) {
        lower.to_string()
    } else {
        format!("{}{}", &lower[..k - 1], char::from(last + 1))
    };
    let reads_back = format!("{even}e{}", exponent - (k as i32 - 1)).parse::<f64>() == Ok(x);
    (even != digits && reads_back).then_some(even)
}

/// How the percentiles were computed; in the JSON, `method` and the
/// fields that go with it.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "method", rename_all = "snake_case")]
pub enum Method {
    /// Independent delays, convolved on a grid: no percentile is further
    /// than `step` from the exact one (`core/METHOD.md`).
    Grid {
        #[serde(rename = "grid_step")]
        step: f64,
    },
    /// Decorrelated jitter, by a seeded Monte Carlo run.
    MonteCarlo {
        generator: &'static str,
        seed: u64,
        samples: u32,
        /// Retries, from the first, whose mean is exact.
        exact_mean_retries: u32,
        /// The 99 % confidence half-width of the total mean.
        mean_error: f64,
        /// The 99 % confidence interval of the total's P99.
        total_p99_low: f64,
        total_p99_high: f64,
    },
}

/// The distribution figures of a schedule and its attempt timeline, as the
/// core computes them with the site's grid and sample count.
#[derive(Clone, Debug, PartialEq)]
pub struct Distribution {
    pub method: Method,
    /// Each retry's cumulative wait, retry 1 first.
    pub cumulative: Vec<Summary>,
    pub total: Summary,
    /// Decorrelated jitter only: each retry's mean delay (exact while the
    /// cap cannot bind, then the sample mean), which replaces the schedule's
    /// upper bound in the rows.
    pub delay_means: Option<Vec<f64>>,
    pub limits: Limits,
    /// Attempt 1 first; present when a timeout or a deadline is given.
    pub attempts: Option<Vec<AttemptStart>>,
    pub deadline: Option<DeadlineFit>,
    /// What fits a deadline (`schedule --fit-deadline`), when asked.
    pub fit: Option<FitAnswers>,
    /// What the retries cost the server (`schedule --failure-rate`), when
    /// asked.
    pub cost: Option<CostFigures>,
    /// One seeded sample run (`schedule --sample`), when asked.
    pub sample: Option<SampleRun>,
    /// The total wait's curve (`schedule --curve`), when asked: its
    /// quantiles at `p = i / 100`, `dist::CURVE_POINTS` of them.
    pub curve: Option<Vec<f64>>,
}

/// One seeded run's actual delays, as the core draws them
/// (`dist::sample`).
#[derive(Clone, Debug, PartialEq)]
pub struct SampleRun {
    pub seed: u64,
    /// Retry 1 first.
    pub delays: Vec<f64>,
    pub total: f64,
}

/// The largest seed a sample run takes (the contract's: the largest integer
/// a JavaScript number holds exactly).
pub const MAX_SAMPLE_SEED: u64 = crate::backoff::contract::sample::MAX_SEED;

/// What the retries cost the server, as the core computes it
/// (`backoff::cost`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CostFigures {
    pub failure_rate: f64,
    pub layers: u32,
    pub cost: crate::backoff::cost::Cost,
    /// What the preset's retry budget does to the retries at that rate,
    /// by the budget's name (`presets::BudgetKind::name`).
    pub budget: Option<(&'static str, crate::backoff::budget::Effect)>,
}

/// What fits a deadline, as the core's search finds it (`dist::fit`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitAnswers {
    pub deadline: f64,
    pub timeout: Option<f64>,
    pub answers: dist::fit::Fit,
}

impl Distribution {
    /// Computes the figures of `schedule` under `limits`.
    pub fn new(schedule: &Schedule, limits: Limits) -> Result<Distribution, DistError> {
        Distribution::compute(schedule, limits, false)
    }

    /// As [`Distribution::new`], with the total wait's curve from the same
    /// run of the method.
    pub fn new_with_curve(schedule: &Schedule, limits: Limits) -> Result<Distribution, DistError> {
        Distribution::compute(schedule, limits, true)
    }

    fn compute(
        schedule: &Schedule,
        limits: Limits,
        with_curve: bool,
    ) -> Result<Distribution, DistError> {
        limits.validate()?;
        // The curve's points, or none (the methods leave an empty one alone).
        let mut curve = vec![0.0; if with_curve { dist::CURVE_POINTS } else { 0 }];
        let policy = schedule.policy();
        let n = policy.retries as usize;
        let (method, cumulative, total, delay_means, deadline) = match policy.jitter.method() {
            crate::backoff::Method::MonteCarlo => {
                let mc = monte_carlo::MonteCarlo::for_retries(policy.retries);
                let mut work = vec![0.0; monte_carlo::work_len(mc.samples)];
                let mut rows = vec![monte_carlo::Row::default(); n];
                let report = monte_carlo::run(&policy, mc, limits, &mut work, &mut rows)?;
                if with_curve {
                    monte_carlo::curve(&mut work, report.samples, &report.total, &mut curve);
                }
                let method = Method::MonteCarlo {
                    generator: report.generator,
                    seed: report.seed,
                    samples: report.samples,
                    exact_mean_retries: report.exact_mean_retries,
                    mean_error: report.mean_error,
                    total_p99_low: report.total_p99_low,
                    total_p99_high: report.total_p99_high,
                };
                let cumulative = rows.iter().map(|r| r.cumulative).collect();
                let means = rows.iter().map(|r| r.delay_mean).collect();
                (
                    method,
                    cumulative,
                    report.total,
                    Some(means),
                    report.deadline,
                )
            }
            _ => {
                // The core's schedules cap proportional jitter before it.
                let mut delays = vec![Delay::fixed(0.0); n];
                let delays = dist::delays(&policy, CapOrder::BeforeJitter, &mut delays)?;
                let mut work = vec![0.0; dist::sum::work_len(dist::sum::CELLS)];
                let mut out = vec![Summary::default(); n];
                let report =
                    dist::independent_with_curve(delays, limits, &mut work, &mut out, &mut curve)?;
                let method = Method::Grid {
                    step: report.grid_step,
                };
                (method, out, report.total, None, report.deadline)
            }
        };
        let attempts = (limits.timeout.is_some() || limits.deadline.is_some()).then(|| {
            dist::attempt_starts(cumulative.iter().copied(), limits.timeout_or_zero()).collect()
        });
        Ok(Distribution {
            method,
            cumulative,
            total,
            delay_means,
            limits,
            attempts,
            deadline,
            fit: None,
            cost: None,
            sample: None,
            curve: with_curve.then_some(curve),
        })
    }

    /// These figures with the run of `schedule` that `seed` draws.
    pub fn with_sample(self, schedule: &Schedule, seed: u64) -> Result<Distribution, DistError> {
        let policy = schedule.policy();
        let n = policy.retries as usize;
        let mut work = vec![Delay::fixed(0.0); n];
        let mut delays = vec![0.0; n];
        let total = dist::sample::sample(&policy, seed, &mut work, &mut delays)?;
        Ok(Distribution {
            sample: Some(SampleRun {
                seed,
                delays,
                total,
            }),
            ..self
        })
    }

    /// These figures with what the schedule's retries cost the server when
    /// each attempt fails with probability `failure_rate`, the policy
    /// running at each of `layers` layers; with a library's retry `budget`
    /// (its name and the core's rule), what the budget does to them.
    pub fn with_cost(
        self,
        schedule: &Schedule,
        failure_rate: f64,
        layers: u32,
        budget: Option<(&'static str, crate::backoff::budget::Budget)>,
    ) -> Result<Distribution, crate::backoff::cost::CostError> {
        let retries = schedule.policy().retries;
        let cost = crate::backoff::cost::cost(retries, failure_rate, layers)?;
        // The cost has checked the rate and the retries; the budgets are the
        // core's own constants.
        let budget = budget.and_then(|(name, b)| {
            crate::backoff::budget::effect(b, retries, failure_rate)
                .ok()
                .map(|effect| (name, effect))
        });
        Ok(Distribution {
            cost: Some(CostFigures {
                failure_rate,
                layers,
                cost,
                budget,
            }),
            ..self
        })
    }

    /// These figures with what fits `deadline` under `timeout` (the
    /// timeline's, or none): the core's search with the site's grid and
    /// samples.
    pub fn with_fit(
        self,
        schedule: &Schedule,
        timeout: Option<f64>,
        deadline: f64,
    ) -> Result<Distribution, DistError> {
        let n = dist::MAX_RETRIES as usize;
        let mut delays = vec![Delay::fixed(0.0); n];
        let mut grid = vec![0.0; dist::sum::work_len(dist::sum::CELLS)];
        let mut sums = vec![Summary::default(); n];
        let mut paths = vec![0.0; monte_carlo::work_len(monte_carlo::MOST_SITE_SAMPLES)];
        let mut rows = vec![monte_carlo::Row::default(); n];
        let work = dist::Work {
            delays: &mut delays,
            grid: &mut grid,
            sums: &mut sums,
            paths: &mut paths,
            rows: &mut rows,
        };
        let answers = dist::fit::fit(&schedule.policy(), timeout, deadline, work)?;
        Ok(Distribution {
            fit: Some(FitAnswers {
                deadline,
                timeout,
                answers,
            }),
            ..self
        })
    }

    /// The schedule's rows, with decorrelated jitter's mean delays and
    /// cumulative means taken from the distribution.
    pub fn rows(&self, schedule: &Schedule) -> Vec<Retry> {
        let mut rows: Vec<Retry> = schedule.rows().collect();
        if let Some(means) = &self.delay_means {
            for ((row, mean), cumulative) in rows.iter_mut().zip(means).zip(&self.cumulative) {
                row.mean = *mean;
                row.cumulative_mean = cumulative.mean;
            }
        }
        rows
    }

    /// The total wait, shortest / mean / longest, agreeing with the rows.
    pub(super) fn totals(&self) -> (f64, f64, f64) {
        (self.total.min, self.total.mean, self.total.max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Exactly 145.214630126953125 (the literal is the exact value, which
    /// is the point: the sum of base 0.5, ×1.5 and equal jitter's means).
    #[allow(clippy::excessive_precision)]
    const TIE: f64 = 145.214_630_126_953_125;

    #[test]
    fn numbers_are_written_as_ecmascript_writes_them() {
        // Expected values are what `String(x)` gives in a browser console.
        let cases = [
            (250.0, "250"),
            (0.5, "0.5"),
            (45.75, "45.75"),
            (0.1 + 0.2, "0.30000000000000004"),
            (1e21, "1e+21"),
            (1e20, "100000000000000000000"),
            (123456789012345680000.0, "123456789012345680000"),
            (1e300, "1e+300"),
            (1.5e300, "1.5e+300"),
            (0.000001, "0.000001"),
            (0.0000001, "1e-7"),
            (1.25e-7, "1.25e-7"),
            (5e-324, "5e-324"),
            (f64::MAX, "1.7976931348623157e+308"),
            (0.0, "0"),
            (-2.5, "-2.5"),
            // Exactly halfway between two shortest candidates: the even one.
            (TIE, "145.21463012695312"),
            (TIE + 0.75, "145.96463012695312"),
        ];
        for (x, want) in cases {
            assert_eq!(js_number(x), want, "{x:e}");
        }
    }
}
