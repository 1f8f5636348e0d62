//! The core's reference model and invariant checkers, for tests only: the
//! property tests (`core/tests/suite/props.rs`) and the fuzz target (`fuzz/`)
//! check the core with these very functions, and the WebAssembly parity test
//! draws on the same edge values and jitter kinds (`pick_jitter`). The
//! contention bench and the published-results test run the post's
//! experiment through `post_experiment`; `work.rs` owns the distribution's
//! work buffers that tests lend the core.
//!
//! The reference model states each documented rule in the plainest way, on
//! purpose differently from the code it checks: the field rules as the
//! intervals a field must lie in, the schedule as a formula per retry (no
//! state carried from row to row). A checker returns `Err` with a message
//! that names the policy or the input and the invariant it breaks, so that
//! proptest can shrink on it and the fuzz target can panic with it. A crate
//! of its own, so that the core stays `no_std` and a change here never
//! touches the sources the calculator's module is compiled from. Over 500
//! lines: the schedule's and the distribution's checkers share the rules.

pub mod contention_reference;
pub mod exact;
pub mod polly;
pub mod tools;
pub mod work;

use backoff_core::contention::{self, Model, Simulator, Slot, Strategy};
use backoff_core::dist::monte_carlo::{self, MonteCarlo};
use backoff_core::dist::{self, AttemptStart, CapOrder, Delay, DistError, Limits, Summary};
use backoff_core::{DurationParts, DurationTier, Jitter, Policy, PolicyError, Retry, Schedule};

/// Values at which floating point arithmetic changes behaviour.
pub const EDGES: &[f64] = &[
    0.0,
    -0.0,
    5e-324,                                // the smallest subnormal
    f64::from_bits(0x000f_ffff_ffff_ffff), // the largest subnormal
    f64::MIN_POSITIVE,
    1e-300,
    0.5,
    1.0 - f64::EPSILON / 2.0,
    1.0,
    1.0 + f64::EPSILON,
    1.5,
    2.0,
    10.0,
    1e10,
    1e300,
    f64::MAX / 2.0,
    f64::MAX,
    -1.0,
    -1e-300,
    f64::MIN,
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
];

/// The published experiment ("Exponential Backoff And Jitter", AWS
/// Architecture Blog, 2015) on the core's simulator: its model, every
/// strategy with each of `clients`, `runs` runs each, strategy by strategy.
/// The loop the contention bench times and the published-results test
/// checks.
pub fn post_experiment(seed: u64, clients: &[u32], runs: u32) -> Vec<contention::Summary> {
    let simulator = Simulator::new(Model::AWS).expect("the post's model is valid");
    let most = clients.iter().copied().max().unwrap_or(0) as usize;
    let mut slots = vec![Slot::EMPTY; most];
    let mut scratch = vec![0.0; 2 * runs as usize];
    let mut out = Vec::new();
    for strategy in Strategy::ALL {
        for &c in clients {
            out.push(
                simulator
                    .experiment(strategy, c, runs, seed, &mut slots, &mut scratch)
                    .unwrap_or_else(|e| panic!("{} with {c} clients: {e}", strategy.name())),
            );
        }
    }
    out
}

/// The results of [`post_experiment`] as a Markdown table, a line per case
/// (means to 0.1 call and to 1 ms), for the bench and the test to print.
pub fn results_table(summaries: &[contention::Summary]) -> String {
    let mut out = String::from(
        "| strategy | clients | mean calls | calls P50 / P90 / P99 | mean completion (ms) | completion P50 / P90 / P99 (ms) |\n| --- | ---: | ---: | ---: | ---: | ---: |\n",
    );
    for s in summaries {
        out.push_str(&format!(
            "| {} | {} | {:.1} | {} / {} / {} | {:.0} | {:.0} / {:.0} / {:.0} |\n",
            s.strategy.name(),
            s.clients,
            s.mean_calls,
            s.calls.p50,
            s.calls.p90,
            s.calls.p99,
            s.mean_completion_ms,
            s.completion_ms.p50,
            s.completion_ms.p90,
            s.completion_ms.p99
        ));
    }
    out
}

/// The jitter kind a generator picked: `names[pick % names.len()]` (the
/// core's `Jitter::NAMES`, or the kinds a caller offers), with `factor` for
/// the kinds that take one. Shared by the fuzz target and the WebAssembly
/// parity test, so that a new kind in the list is drawn by both without a
/// change to either.
pub fn pick_jitter(names: &[&str], pick: u64, factor: f64) -> Jitter {
    let name = names[(pick % names.len() as u64) as usize];
    Jitter::from_name(name, Some(factor))
        .unwrap_or_else(|| panic!("`{name}` is not a kind of the core"))
}

/// The first field rule a policy breaks, in field order, if any. Each rule
/// is the interval its field must lie in (NaN lies in none): the base and the
/// cap in (0, largest finite], the multiplier in [1, largest finite], the
/// retries in 1..=1000.
pub fn first_broken_rule(p: &Policy) -> Option<PolicyError> {
    // A delay is finite and normal: at least 2^-1022, the smallest normal
    // double (below it precision is lost).
    let delay = |x: f64| (2.2250738585072014e-308..=f64::MAX).contains(&x);
    let rules = [
        (PolicyError::Base, delay(p.base)),
        (
            PolicyError::Multiplier,
            (1.0..=f64::MAX).contains(&p.multiplier),
        ),
        (PolicyError::MaxDelay, p.max_delay.is_none_or(delay)),
        (PolicyError::Retries, (1..=1000).contains(&p.retries)),
        (
            PolicyError::JitterFactor,
            p.jitter.factor().is_none_or(|f| f > 0.0 && f <= 1.0),
        ),
    ];
    rules
        .into_iter()
        .find(|&(_, holds)| !holds)
        .map(|(error, _)| error)
}

/// The nominal delay and capped flag of each retry, by the documented rule
/// stated as a formula: retry `n`'s uncapped delay is `base × multiplier^(n −
/// 1)`, grown by one multiplication per retry as the core documents (here it
/// may reach infinity, which the core reports as an overflow); its delay is
/// the smaller of that and the cap; it is capped when the uncapped delay
/// exceeds the cap. With a multiplier above one the uncapped delay grows for
/// good, so every retry after the one that reached the cap is capped, even
/// where floating point can no longer hold the growth (an infinite
/// uncapped delay under a cap).
///
/// Decorrelated jitter's nominal delay is its longest, `base × 3^n`, capped
/// by the same rule; Polly's is its longest, from its formula ([`polly`]).
pub fn expected_rows(p: &Policy) -> Vec<(f64, bool)> {
    if p.jitter == Jitter::Polly {
        return polly::figures(p.base, p.max_delay, p.retries)
            .iter()
            .map(|f| (f.hi, f.capped))
            .collect();
    }
    let (first, growth) = match p.jitter {
        Jitter::Decorrelated => (p.base * 3.0, 3.0),
        _ => (p.base, p.multiplier),
    };
    let uncapped: Vec<f64> = core::iter::successors(Some(first), |d| Some(d * growth))
        .take(p.retries as usize)
        .collect();
    let Some(cap) = p.max_delay else {
        return uncapped.into_iter().map(|d| (d, false)).collect();
    };
    let reached = uncapped.iter().position(|&d| d >= cap);
    uncapped
        .iter()
        .enumerate()
        .map(|(i, &d)| {
            let grown_past = growth > 1.0 && reached.is_some_and(|r| r < i);
            (d.min(cap), d > cap || grown_past)
        })
        .collect()
}

/// The milliseconds a duration's parts add up to.
pub fn rebuilt_ms(parts: &DurationParts) -> f64 {
    parts.days * 86_400_000.0
        + f64::from(parts.hours) * 3_600_000.0
        + f64::from(parts.minutes) * 60_000.0
        + f64::from(parts.seconds) * 1000.0
        + f64::from(parts.milliseconds)
}

/// Half the unit a tier rounds to, in milliseconds: the most its parts may
/// differ from the input.
pub fn half_unit_ms(tier: DurationTier) -> f64 {
    match tier {
        DurationTier::Seconds => 0.5,
        DurationTier::MinutesAndSeconds => 500.0,
        DurationTier::HoursAndMinutes => 30_000.0,
    }
}

/// Returns `Err` with the formatted message when the condition fails.
macro_rules! ensure {
    ($condition:expr, $($message:tt)+) => {
        let holds: bool = $condition;
        if !holds {
            return Err(format!($($message)+));
        }
    };
}

/// Checks the core's answer for any policy: a sound schedule when no field
/// rule is broken (or a genuine overflow), else the first broken rule.
pub fn check_policy(p: &Policy) -> Result<(), String> {
    match (Schedule::new(*p), first_broken_rule(p)) {
        (Ok(schedule), None) => check_schedule(p, &schedule),
        (Ok(_), Some(rule)) => Err(format!("accepted {p:?}, which breaks {rule:?}")),
        (Err(err), Some(rule)) => {
            ensure!(
                err == rule,
                "{err:?} for {p:?}, which breaks {rule:?} first"
            );
            ensure!(err.retry() == 0, "{err:?} names a retry for {p:?}");
            Ok(())
        }
        (Err(err), None) => check_overflow(p, err),
    }
}

/// Checks every invariant of an accepted schedule against the reference
/// model.
pub fn check_schedule(p: &Policy, schedule: &Schedule) -> Result<(), String> {
    ensure!(schedule.policy() == *p, "{schedule:?} is not of {p:?}");
    if p.jitter == Jitter::Polly {
        return check_polly_schedule(p, schedule);
    }
    let rows: Vec<Retry> = schedule.rows().collect();
    ensure!(
        rows.len() == p.retries as usize,
        "{} rows for {p:?}",
        rows.len()
    );
    let expected = expected_rows(p);
    let (mut sum_min, mut sum_mean, mut sum_max) = (0.0f64, 0.0f64, 0.0f64);
    let mut previous_delay = 0.0f64;
    for (i, row) in rows.iter().enumerate() {
        ensure!(row.retry as usize == i + 1, "{row:?} at index {i} of {p:?}");
        let values = [
            row.delay,
            row.min,
            row.mean,
            row.max,
            row.cumulative_min,
            row.cumulative_mean,
            row.cumulative_max,
        ];
        ensure!(
            values.iter().all(|v| v.is_finite() && *v >= 0.0),
            "{row:?} of {p:?} has a value that is not finite and non-negative"
        );
        ensure!(row.delay > 0.0, "{row:?} of {p:?} has no delay");
        ensure!(
            row.delay >= previous_delay,
            "delays decrease at {row:?} of {p:?}"
        );
        previous_delay = row.delay;
        if let Some(cap) = p.max_delay {
            ensure!(row.delay <= cap, "{row:?} of {p:?} is above the cap");
        } else {
            ensure!(!row.capped, "{row:?} of {p:?} is capped without a cap");
        }
        let (want_min, want_mean, want_max) = want_spread(p, row.delay);
        // Decorrelated jitter's mean is a bound from a recurrence: it only
        // has to lie between the extremes (checked below for every kind).
        let want_mean = want_mean.unwrap_or(row.mean);
        ensure!(
            [row.min, row.mean, row.max].map(f64::to_bits)
                == [want_min, want_mean, want_max].map(f64::to_bits),
            "{row:?} of {p:?}: spread should be {want_min:e} / {want_mean:e} / {want_max:e}"
        );
        ensure!(
            row.min <= row.mean && row.mean <= row.max,
            "{row:?} of {p:?}: min, mean and max out of order"
        );
        // The core sums in order, so the running sums agree exactly.
        sum_min += row.min;
        sum_mean += row.mean;
        sum_max += row.max;
        ensure!(
            [row.cumulative_min, row.cumulative_mean, row.cumulative_max].map(f64::to_bits)
                == [sum_min, sum_mean, sum_max].map(f64::to_bits),
            "{row:?} of {p:?}: running sums should be {sum_min:e} / {sum_mean:e} / {sum_max:e}"
        );
        let (want_delay, want_capped) = expected[i];
        ensure!(
            row.delay.to_bits() == want_delay.to_bits(),
            "{row:?} of {p:?}: the delay should be {want_delay:e}"
        );
        ensure!(
            row.capped == want_capped,
            "{row:?} of {p:?}: capped should be {want_capped}"
        );
    }
    let totals = schedule.totals();
    let Some(last) = rows.last() else {
        return Err(format!("no rows for {p:?}"));
    };
    ensure!(
        [totals.min, totals.mean, totals.max].map(f64::to_bits)
            == [
                last.cumulative_min,
                last.cumulative_mean,
                last.cumulative_max
            ]
            .map(f64::to_bits),
        "{totals:?} of {p:?} are not the last row's running sums"
    );
    ensure!(
        totals.min <= totals.mean && totals.mean <= totals.max,
        "{totals:?} of {p:?} are out of order"
    );
    // A second walk gives the same rows: `rows` is a pure function.
    ensure!(
        schedule.rows().eq(rows.iter().copied()),
        "a second walk over {p:?} differs"
    );
    Ok(())
}

/// Polly's schedule against its formula ([`polly::figures`]): the core
/// computes `2^t` and `tanh` with its own functions, so the figures agree
/// to a few ulp, not to the bit (the means to the quadrature's error).
fn check_polly_schedule(p: &Policy, schedule: &Schedule) -> Result<(), String> {
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(b.abs());
    let rows: Vec<Retry> = schedule.rows().collect();
    ensure!(
        rows.len() == p.retries as usize,
        "{} rows for {p:?}",
        rows.len()
    );
    // The means only while no cap can bind; the quadrature needs no more.
    let want = polly::figures(p.base, p.max_delay, p.retries.min(60));
    for (row, w) in rows.iter().zip(&want) {
        ensure!(
            row.min == 0.0 && close(row.max, w.hi) && row.delay == row.max,
            "{row:?} of {p:?}: the greatest delay should be {:e}",
            w.hi
        );
        ensure!(
            close(row.cumulative_min, w.cumulative_lo)
                && close(row.cumulative_max, w.cumulative_hi),
            "{row:?} of {p:?}: the cumulative bounds should be {:e} / {:e}",
            w.cumulative_lo,
            w.cumulative_hi
        );
    }
    for (row, previous) in rows.iter().skip(1).zip(&rows) {
        ensure!(
            row.delay >= previous.delay,
            "delays decrease at {row:?} of {p:?}"
        );
    }
    for row in &rows {
        ensure!(
            row.min <= row.mean
                && row.mean <= row.max
                && row.cumulative_min <= row.cumulative_mean
                && row.cumulative_mean <= row.cumulative_max
                && row.cumulative_max.is_finite(),
            "{row:?} of {p:?} is out of order"
        );
        if let Some(cap) = p.max_delay {
            ensure!(row.max <= cap, "{row:?} of {p:?} is above the cap");
        }
    }
    let (totals, last) = (schedule.totals(), rows[rows.len() - 1]);
    ensure!(
        [totals.min, totals.mean, totals.max]
            == [
                last.cumulative_min,
                last.cumulative_mean,
                last.cumulative_max
            ],
        "{totals:?} of {p:?} are not the last row's"
    );
    Ok(())
}

/// The spread of each jitter kind around the nominal delay `d`, as
/// documented: none is exactly `d`, full is uniform on `[0, d]`, equal on
/// `[d/2, d]`, proportional on `[d(1 − f), d(1 + f)]`; decorrelated runs
/// from `min(base, cap)` to `d` (its longest delay), its mean not stated
/// (`None`).
pub fn want_spread(p: &Policy, d: f64) -> (f64, Option<f64>, f64) {
    match p.jitter {
        Jitter::None => (d, Some(d), d),
        Jitter::Full => (0.0, Some(d * 0.5), d),
        Jitter::Equal => (d * 0.5, Some(d * 0.75), d),
        Jitter::Proportional { factor } => (d - d * factor, Some(d), d + d * factor),
        Jitter::Decorrelated => (p.base.min(d), None, d),
        Jitter::Polly => (0.0, None, d),
    }
}

/// Checks that an overflow error is genuine and names the right retry: the
/// retries before it are accepted, and at it the reference model's delay is
/// infinite (no cap) or the total max wait would be.
pub fn check_overflow(p: &Policy, err: PolicyError) -> Result<(), String> {
    let retry = err.retry();
    // Retry 1 may overflow only through jitter that stretches the base
    // (proportional's `base(1 + f)`, decorrelated's `3·base`).
    ensure!(
        (1..=p.retries).contains(&retry),
        "{err:?} names no retry of {p:?}"
    );
    let total_before = if retry == 1 {
        0.0
    } else {
        Schedule::new(Policy {
            retries: retry - 1,
            ..*p
        })
        .map_err(|e| format!("{e:?} before the overflow {err:?} of {p:?}"))?
        .totals()
        .max
    };
    let exact = Policy {
        retries: retry,
        ..*p
    };
    ensure!(
        Schedule::new(exact) == Err(err),
        "{exact:?} does not stop with {err:?}"
    );
    let (delay, _) = expected_rows(&exact)[retry as usize - 1];
    match err {
        PolicyError::DelayOverflow { .. } => {
            // The nominal delay overflows without a cap, or proportional
            // jitter's longest delay `d(1 + f)` does.
            let longest = want_spread(p, delay).2;
            ensure!(
                (p.max_delay.is_none() && delay.is_infinite())
                    || (delay.is_finite() && longest.is_infinite()),
                "{err:?} for {p:?}, whose delay there is {delay:e}"
            );
        }
        PolicyError::TotalOverflow { .. } => {
            let total = total_before;
            let longest = want_spread(p, delay).2;
            ensure!(
                longest.is_finite() && (total + longest).is_infinite(),
                "{err:?} for {p:?}: {total:e} + {delay:e} is finite"
            );
        }
        _ => return Err(format!("{err:?} is not an overflow ({p:?})")),
    }
    Ok(())
}

/// Checks the parts of any duration: in range, in the shape of their tier,
/// zero for nothing, and (for inputs up to 10^12 ms) adding up to the input
/// within half the unit of their tier, ties rounding up below a minute.
pub fn check_duration(ms: f64) -> Result<(), String> {
    let parts = backoff_core::duration_parts(ms);
    ensure!(
        parts.days.is_finite() && parts.days >= 0.0 && parts.days == parts.days.trunc(),
        "{ms:e}: {parts:?} has bad days"
    );
    ensure!(
        parts.hours < 24 && parts.minutes < 60 && parts.seconds < 60 && parts.milliseconds < 1000,
        "{ms:e}: {parts:?} is out of range"
    );
    let shape_holds = match parts.tier() {
        DurationTier::Seconds => (parts.days, parts.hours, parts.minutes) == (0.0, 0, 0),
        DurationTier::MinutesAndSeconds => {
            (parts.days, parts.hours, parts.milliseconds) == (0.0, 0, 0)
        }
        DurationTier::HoursAndMinutes => (parts.seconds, parts.milliseconds) == (0, 0),
    };
    ensure!(shape_holds, "{ms:e}: {parts:?} mixes tiers");
    if ms.is_nan() || ms <= 0.0 {
        ensure!(
            parts == backoff_core::duration_parts(0.0),
            "{ms:e}: {parts:?} is not zero"
        );
    }
    if (0.0..=1e12).contains(&ms) {
        let rebuilt = rebuilt_ms(&parts);
        // The division by the unit may round by one ulp of the input.
        let slack = ms * f64::EPSILON * 4.0;
        ensure!(
            (rebuilt - ms).abs() <= half_unit_ms(parts.tier()) + slack,
            "{ms:e} ms gives {parts:?} = {rebuilt:e} ms"
        );
        // Below a minute the rounding is to the nearest millisecond, half
        // up: a tie goes to the larger value (`rebuilt - ms` is exact here).
        if parts.tier() == DurationTier::Seconds {
            ensure!(
                rebuilt - ms > -0.5 && rebuilt - ms <= 0.5,
                "{ms:e} ms gives {parts:?}: not the nearest millisecond, half up"
            );
        }
    }
    Ok(())
}

/// Whether limits keep the documented rules: a timeout finite and at least
/// 0, a deadline finite, above 0 and not below the timeout.
pub fn limits_hold(limits: &Limits) -> bool {
    let timeout = limits.timeout.unwrap_or(0.0);
    let timeout_ok = (0.0..=f64::MAX).contains(&timeout);
    let deadline_ok = limits
        .deadline
        .is_none_or(|d| d > 0.0 && d <= f64::MAX && d >= timeout);
    timeout_ok && deadline_ok
}

/// The Monte Carlo paths the checker draws: few, so that a fuzz run stays
/// fast; the figures' invariants hold for any count.
pub const CHECK_SAMPLES: u32 = 128;

/// Checks the distribution figures of any accepted policy under any limits:
/// refused exactly when a limit breaks its rule (or the latest attempt start
/// would overflow); otherwise every figure finite, each summary ordered
/// `min <= P50 <= P90 <= P99 <= max` and `min <= mean <= max`, the extremes
/// the schedule's running sums (to rounding), cumulative waits growing, the
/// attempt starts growing, the deadline fit ordered with a probability
/// in `[0, 1]`, and the total's curve never falling, from its min through
/// its P50, P90 and P99 to its max.
pub fn check_distribution(p: &Policy, limits: Limits) -> Result<(), String> {
    let Ok(schedule) = Schedule::new(*p) else {
        return Ok(());
    };
    let rows: Vec<Retry> = schedule.rows().collect();
    let n = rows.len();
    let mut curve = vec![0.0; dist::CURVE_POINTS];
    let result = if p.jitter.method() == backoff_core::Method::Grid {
        let mut delays = vec![Delay::fixed(0.0); n];
        let mut work = vec![0.0; dist::sum::work_len(dist::sum::CELLS)];
        let mut out = vec![Summary::default(); n];
        dist::delays(p, CapOrder::BeforeJitter, &mut delays)
            .and_then(|ds| {
                dist::independent_with_curve(ds, limits, &mut work, &mut out, &mut curve)
            })
            .map(|r| (out, r.total, r.deadline))
    } else {
        let mc = MonteCarlo {
            seed: monte_carlo::DEFAULT_SEED,
            samples: CHECK_SAMPLES,
        };
        let mut work = vec![0.0; monte_carlo::work_len(mc.samples)];
        let mut out = vec![monte_carlo::Row::default(); n];
        monte_carlo::run(p, mc, limits, &mut work, &mut out).map(|r| {
            monte_carlo::curve(&mut work, r.samples, &r.total, &mut curve);
            (
                out.iter().map(|row| row.cumulative).collect(),
                r.total,
                r.deadline,
            )
        })
    };
    let holds = limits_hold(&limits);
    let (cumulative, total, fit) = match result {
        Err(DistError::TotalOverflow { .. }) if holds => {
            let latest = n as f64 * limits.timeout.unwrap_or(0.0) + schedule.totals().max;
            ensure!(
                !latest.is_finite(),
                "overflow for {p:?} under {limits:?}, whose latest start {latest:e} is finite"
            );
            return Ok(());
        }
        Err(err) => {
            ensure!(
                !holds,
                "{err:?} for {p:?} under {limits:?}, which keep the rules"
            );
            ensure!(
                ["timeout", "deadline"].contains(&err.field()),
                "{err:?} for {p:?} under {limits:?} names no limit"
            );
            return Ok(());
        }
        Ok(figures) => figures,
    };
    ensure!(holds, "accepted {limits:?}, which break a rule ({p:?})");
    // The total's curve: from its shortest to its longest, never falling,
    // through its percentiles.
    ensure!(
        curve.windows(2).all(|w| w[0] <= w[1]) && curve.iter().all(|x| x.is_finite()),
        "the curve of {p:?} falls or is not finite: {curve:?}"
    );
    let ends = [curve[0], curve[50], curve[90], curve[99], curve[100]];
    ensure!(
        ends == [total.min, total.p50, total.p90, total.p99, total.max],
        "the curve of {p:?} misses its totals {total:?}: {ends:?}"
    );
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(b.abs()) + f64::MIN_POSITIVE;
    let mut previous = Summary::default();
    for (k, (s, row)) in cumulative.iter().zip(&rows).enumerate() {
        let values = [s.min, s.mean, s.max, s.p50, s.p90, s.p99];
        ensure!(
            values.iter().all(|v| v.is_finite() && *v >= 0.0),
            "retry {} of {p:?}: {s:?} not finite",
            k + 1
        );
        ensure!(
            s.min <= s.p50 && s.p50 <= s.p90 && s.p90 <= s.p99 && s.p99 <= s.max,
            "retry {} of {p:?}: percentiles out of order in {s:?}",
            k + 1
        );
        ensure!(
            s.min <= s.mean && s.mean <= s.max,
            "retry {} of {p:?}: mean outside the extremes in {s:?}",
            k + 1
        );
        ensure!(
            close(s.min, row.cumulative_min) && close(s.max, row.cumulative_max),
            "retry {} of {p:?}: extremes {s:?} are not the schedule's {row:?}",
            k + 1
        );
        ensure!(
            s.min >= previous.min && s.max >= previous.max,
            "retry {} of {p:?}: the cumulative wait shrinks",
            k + 1
        );
        previous = *s;
    }
    ensure!(
        cumulative.last() == Some(&total),
        "{p:?}: the total {total:?} is not the last retry's cumulative wait"
    );
    let timeout = limits.timeout.unwrap_or(0.0);
    let starts: Vec<AttemptStart> =
        dist::attempt_starts(cumulative.iter().copied(), timeout).collect();
    ensure!(
        starts.len() == n + 1,
        "{p:?}: {} attempt starts",
        starts.len()
    );
    for pair in starts.windows(2) {
        ensure!(
            pair[1].min >= pair[0].min && pair[1].max >= pair[0].max && pair[1].max.is_finite(),
            "{p:?} under {limits:?}: attempt starts {pair:?} do not grow"
        );
    }
    match (limits.deadline, fit) {
        (None, None) => {}
        (Some(_), Some(f)) => {
            ensure!(
                f.retries_worst <= f.retries_p50
                    && f.retries_p50 <= f.retries_best
                    && f.retries_best as usize <= n,
                "{p:?} under {limits:?}: {f:?} out of order"
            );
            ensure!(
                (0.0..=1.0).contains(&f.last_retry_probability),
                "{p:?} under {limits:?}: {f:?} has no probability"
            );
            // All retries start in time in the worst case: surely the last.
            if f.retries_worst as usize == n {
                ensure!(
                    f.last_retry_probability == 1.0,
                    "{p:?} under {limits:?}: {f:?}"
                );
            }
            if (f.retries_best as usize) < n {
                ensure!(
                    f.last_retry_probability == 0.0,
                    "{p:?} under {limits:?}: {f:?}"
                );
            }
        }
        (d, f) => return Err(format!("deadline {d:?} but fit {f:?} for {p:?}")),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pick_wraps_over_the_list_and_only_proportional_takes_the_factor() {
        for (pick, name) in (0..).zip(Jitter::NAMES.iter().chain(&Jitter::NAMES)) {
            let kind = pick_jitter(&Jitter::NAMES, pick, 0.25);
            assert_eq!(kind.name(), *name);
            let want = (*name == "proportional").then_some(0.25);
            assert_eq!(kind.factor(), want, "{name}");
        }
    }
}
