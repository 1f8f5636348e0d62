//! The contract of the distribution export: the calculator's contract
//! (`super`) extended with decorrelated jitter, the attempt timeline's
//! inputs and errors, and the layout of the distribution buffer, by JSON key
//! as `src/report` writes them; and the figures `backoff-site schedule
//! --percentiles` prints (with `--timeout` and `--deadline` when those
//! slots are given), bit for bit: [`grid`] for the independent kinds and
//! [`monte_carlo`] for decorrelated jitter, the exports of the two method
//! modules, and [`distribution`], the two as the script runs them.
//!
//! The figures are the core's (`crate::dist`) with the site's grid of
//! [`CELLS`] cells and, for decorrelated jitter, the site's seeded Monte
//! Carlo run: generator [`GENERATOR`] (xoshiro256** seeded by SplitMix64,
//! `crate::rng`), seed [`SEED`], [`samples_for`]`(retries)` paths, the same
//! as the command line's.
//!
//! Each table here is its namesake in `super` extended (built from it at
//! compile time), so a code or slot means the same in both.
//! The export is only in the method modules, one of which the calculator
//! fetches on the reader's first edit: both methods together are nearly
//! twice the 6 KiB budget of a module, each alone within it once it leaves
//! to the base module what that module already does (`wasm/src/lib.rs`
//! says how they are built). Like `super`, this module never formats
//! anything.
//! Over 500 lines only with its unit tests at the end (the code is about 400).

use crate::dist::monte_carlo::{self, MonteCarlo, Row};
use crate::dist::{DeadlineFit, Delay, DistError, Limits, Summary};
use crate::{Jitter, MAX_RETRIES, Method};

use super::{ROW, Refused, SCHEDULE_LEN, TOTALS as SCHEDULE_TOTALS, given};

pub use crate::dist::monte_carlo::{DEFAULT_SEED as SEED, samples_for};
pub use crate::dist::sum::CELLS;
pub use crate::rng::GENERATOR;

/// The jitter kinds: every kind of the core, by its code.
pub const JITTERS: [&str; Jitter::KINDS.len()] = Jitter::NAMES;

const _: () = assert!(super::names_kinds_in_order(&JITTERS));

/// The inputs: the calculator's, then the per-attempt `timeout` and the
/// overall `deadline` (NaN when not given).
pub const INPUTS: [&str; 8] = extend(&super::INPUTS, &["timeout", "deadline"]);

/// The message key of each error code, code `c` at index `c - 1`: the
/// calculator's, then the timeline's (`timeout` negative or not finite;
/// `deadline` not a finite number above 0;
/// `deadline_before_first_attempt`, shorter than the first attempt's
/// timeout). An attempt's start beyond the largest number is
/// `total_overflow`.
pub const ERRORS: [&str; 11] = extend(
    &super::ERRORS,
    &["timeout", "deadline", "deadline_before_first_attempt"],
);

/// The input each error code is about, code `c` at index `c - 1`.
pub const ERROR_INPUTS: [&str; 11] =
    extend(&super::ERROR_INPUTS, &["timeout", "deadline", "deadline"]);

/// Each method module's own exports; besides them it has only `memory`
/// and the accessors `input_buffer`, `error_retry` and `schedule_buffer` of
/// [`super::EXPORTS`], none of the base module's functions.
pub const EXPORTS: [&str; 2] = ["distribution", "distribution_buffer"];

/// `base` followed by `more`: each table here is its namesake in `super`
/// with this module's entries after it, so a code or slot means the same in
/// both. A length `N` other than the sum stops the compile.
const fn extend<const N: usize>(base: &[&'static str], more: &[&'static str]) -> [&'static str; N] {
    assert!(
        base.len() + more.len() == N,
        "the table's length is not the sum of its parts"
    );
    let mut table = [""; N];
    let mut i = 0;
    while i < N {
        table[i] = if i < base.len() {
            base[i]
        } else {
            more[i - base.len()]
        };
        i += 1;
    }
    table
}

const TIMEOUT: usize = 6;
const DEADLINE: usize = 7;
const _: () = assert!(super::str_eq(INPUTS[TIMEOUT], "timeout"));
const _: () = assert!(super::str_eq(INPUTS[DEADLINE], "deadline"));

/// The percentiles of one retry's cumulative wait in the distribution
/// buffer, retry 1 first, by their JSON key in `distribution.cumulative`
/// (its min, mean and max are the schedule row's `cumulative_*`).
pub const CUMULATIVE: [&str; 3] = ["p50", "p90", "p99"];

/// Where the total's figures start in the distribution buffer: after the
/// last possible retry's.
pub const TOTALS: usize = CUMULATIVE.len() * MAX_RETRIES as usize;

/// The total wait's figures, by their JSON key in `distribution.total`.
pub const TOTAL: [&str; 6] = ["min", "mean", "max", "p50", "p90", "p99"];

/// Where the method's figures start in the distribution buffer.
pub const METHODS: usize = TOTALS + TOTAL.len();

/// How the figures were computed, by their JSON key in `distribution`:
/// `grid_step` for the kinds convolved on a grid (0 for decorrelated
/// jitter); the rest for decorrelated jitter's Monte Carlo run (0 for the
/// other kinds).
pub const METHOD: [&str; 6] = [
    "grid_step",
    "samples",
    "exact_mean_retries",
    "mean_error",
    "total_p99_low",
    "total_p99_high",
];

/// Where the attempts start in the distribution buffer.
pub const ATTEMPTS: usize = METHODS + METHOD.len();

/// The figures of one attempt's start, attempt 1 first, by their JSON key
/// in `timeline.attempts`; written only when a timeout or a deadline is
/// given.
pub const ATTEMPT: [&str; 4] = ["attempt", "min", "p50", "max"];

/// Where the deadline fit starts in the distribution buffer: after the
/// last possible attempt's.
pub const FITS: usize = ATTEMPTS + ATTEMPT.len() * (MAX_RETRIES as usize + 1);

/// The fit to the deadline, by its JSON key in `timeline.deadline_fit`;
/// written only when a deadline is given.
pub const FIT: [&str; 4] = [
    "retries_worst",
    "retries_p50",
    "retries_best",
    "last_retry_probability",
];

/// Where the total wait's curve starts in the distribution buffer: its
/// [`CURVE_POINTS`] quantiles at `p = i / 100` (`curve.total` of `schedule
/// --curve`), after the fit.
pub const CURVE: usize = FITS + FIT.len();

pub use crate::dist::CURVE_POINTS;

/// The distribution buffer's length in f64 values.
pub const LEN: usize = CURVE + CURVE_POINTS;

/// The length of [`Work::grid`]: the site's grid of [`CELLS`] cells.
pub const GRID_LEN: usize = crate::dist::sum::work_len(CELLS);
/// The length of [`Work::paths`]: the most paths [`samples_for`] gives.
pub const PATHS_LEN: usize = monte_carlo::work_len(monte_carlo::MOST_SITE_SAMPLES);

/// The caller's work buffers for [`distribution`]: [`GridWork`]'s and
/// [`MonteCarloWork`]'s together, the core's buffers of both methods.
pub use crate::dist::Work;

/// The work buffers of [`grid`] (the grid module keeps them static):
/// `delays` and `sums` of [`MAX_RETRIES`] each, `grid` of [`GRID_LEN`].
/// Shorter ones are refused with the code of `jitter` (no caller of the
/// contract's lengths sees it).
pub struct GridWork<'a> {
    pub delays: &'a mut [Delay],
    pub grid: &'a mut [f64],
    pub sums: &'a mut [Summary],
}

/// The work buffers of [`monte_carlo`] (the Monte Carlo module keeps them
/// static): `paths` of [`PATHS_LEN`], `rows` of [`MAX_RETRIES`]. Shorter
/// ones are refused with the code of `jitter`.
pub struct MonteCarloWork<'a> {
    pub paths: &'a mut [f64],
    pub rows: &'a mut [Row],
}

/// The code of a refusal of `crate::dist`: its policy errors are the core's,
/// its limits' are the timeline's codes, and the work buffers' cannot happen
/// with the lengths [`GridWork`] and [`MonteCarloWork`] state.
pub(super) fn refused(err: DistError) -> Refused {
    let code = match err {
        DistError::Base => 1,
        DistError::Multiplier => 2,
        DistError::MaxDelay => 3,
        DistError::Retries => 4,
        DistError::DelayOverflow { .. } => 5,
        DistError::TotalOverflow { .. } => 6,
        DistError::Factor => 8,
        DistError::Timeout => 9,
        DistError::Deadline => 10,
        DistError::DeadlineBeforeFirstAttempt => 11,
        _ => super::JITTER_ERROR,
    };
    Refused {
        code,
        retry: err.retry(),
    }
}

/// Computes the figures `backoff-site schedule --percentiles` prints for the
/// input slots (with `--timeout` and `--deadline` when those slots are
/// given) as the calculator's script does with its modules: for the
/// independent kinds, the schedule into `schedule` by [`super::run`] (the
/// base module's `schedule`), then [`grid`] on it (the grid module); for
/// decorrelated jitter, [`monte_carlo`] (the Monte Carlo module, which
/// writes the schedule itself). The percentiles, the method's figures and,
/// when a timeout or a deadline is given, the attempt timeline go into
/// `out`, laid out as [`CUMULATIVE`], [`TOTAL`], [`METHOD`], [`ATTEMPT`],
/// [`FIT`] and [`CURVE`] say. On refusal both buffers are left as they were (the
/// script restores the base module's schedule buffer when the grid module
/// refuses).
pub fn distribution(
    inputs: &[f64; INPUTS.len()],
    schedule: &mut [f64; SCHEDULE_LEN],
    out: &mut [f64; LEN],
    work: Work<'_>,
) -> Result<(), Refused> {
    if super::policy_of(&JITTERS, inputs)?.jitter.method() == Method::MonteCarlo {
        let work = MonteCarloWork {
            paths: work.paths,
            rows: work.rows,
        };
        return monte_carlo(inputs, schedule, out, work);
    }
    // The base module's buffer keeps what the walk does not reach.
    let mut rows = *schedule;
    super::run(&core::array::from_fn(|i| inputs[i]), &mut rows)?;
    let work = GridWork {
        delays: work.delays,
        grid: work.grid,
        sums: work.sums,
    };
    grid(inputs, &rows, out, work)?;
    *schedule = rows;
    Ok(())
}

/// The grid module's figures: the distribution of the independent kinds'
/// delays, each uniform between its row's `min` and `max` in `schedule`, a
/// schedule buffer that [`super::run`] filled for the same inputs (the base
/// module's, which the script copies in), for the inputs' retries and
/// limits (the jitter slot is not read: the rows carry the kind). Into
/// `out` as [`distribution`] says; `schedule` is only read, and its totals
/// stay the schedule's. On refusal `out` is left as it was.
///
/// The base module's `schedule` has checked the policy, with its located
/// errors, before the script asks: this export does not check it again.
/// It still refuses what it cannot compute (a retry count the rows cannot
/// hold, a row that is no delay, limits broken, a sum beyond the largest
/// number), so whatever the buffers hold no figure is NaN or infinite.
pub fn grid(
    inputs: &[f64; INPUTS.len()],
    schedule: &[f64; SCHEDULE_LEN],
    out: &mut [f64; LEN],
    work: GridWork<'_>,
) -> Result<(), Refused> {
    let limits = limits(inputs);
    // `as` saturates and sends NaN to 0, which `independent` refuses.
    let n = inputs[super::RETRIES] as usize;
    let delays = delays_of(schedule, n, work.delays).map_err(refused)?;
    let mut curve = [0.0; CURVE_POINTS];
    let r = crate::dist::independent_with_curve(delays, limits, work.grid, work.sums, &mut curve)
        .map_err(refused)?;
    out[CURVE..].copy_from_slice(&curve);
    out[METHODS..ATTEMPTS].fill(0.0);
    out[METHODS] = r.grid_step;
    write_figures(out, &work.sums[..n], r.total, r.deadline, limits);
    Ok(())
}

/// The Monte Carlo module's figures: decorrelated jitter's seeded run for
/// the input slots (a jitter code other than decorrelated's is refused),
/// into `out` as [`distribution`] says, and its schedule into `schedule`,
/// laid out as [`super::run`] lays it out, with the run's mean delays and
/// totals (as the JSON's `retries` and `total`). On refusal both buffers
/// are left as they were.
///
/// The rows come from the run's own rows (the kind's exact bounds,
/// [`crate::dist::correlated`]), not from a walk of the
/// [`crate::Schedule`]; for decorrelated jitter they are the same products
/// in the same order (the tests compare them).
pub fn monte_carlo(
    inputs: &[f64; INPUTS.len()],
    schedule: &mut [f64; SCHEDULE_LEN],
    out: &mut [f64; LEN],
    work: MonteCarloWork<'_>,
) -> Result<(), Refused> {
    let policy = super::policy_of(&JITTERS, inputs)?;
    if policy.jitter.method() != Method::MonteCarlo {
        return Err(refused(DistError::Jitter));
    }
    let limits = limits(inputs);
    let n = policy.retries as usize;
    let mc = MonteCarlo::for_retries(policy.retries);
    let r = monte_carlo::run(&policy, mc, limits, work.paths, work.rows).map_err(refused)?;
    monte_carlo::curve(work.paths, r.samples, &r.total, &mut out[CURVE..]);
    out[METHODS] = 0.0;
    out[METHODS + 1] = f64::from(r.samples);
    out[METHODS + 2] = f64::from(r.exact_mean_retries);
    out[METHODS + 3] = r.mean_error;
    out[METHODS + 4] = r.total_p99_low;
    out[METHODS + 5] = r.total_p99_high;
    let rows = work.rows[..n]
        .iter()
        .zip(schedule[..SCHEDULE_TOTALS].chunks_exact_mut(ROW.len()));
    for ((row, at), k) in rows.zip(1u32..) {
        let sum = &row.cumulative;
        at.copy_from_slice(&[
            f64::from(k),
            row.delay_max,
            f64::from(u8::from(row.capped)),
            row.delay_min,
            row.delay_mean,
            row.delay_max,
            sum.min,
            sum.mean,
            sum.max,
        ]);
    }
    let total = r.total;
    schedule[SCHEDULE_TOTALS] = total.min;
    schedule[SCHEDULE_TOTALS + 1] = total.mean;
    schedule[SCHEDULE_TOTALS + 2] = total.max;
    let sums = work.rows[..n].iter().map(|row| &row.cumulative);
    write_figures(out, sums, total, r.deadline, limits);
    Ok(())
}

/// What both methods write alike into `out`: each retry's percentiles from
/// its cumulative wait (`sums`, retry 1 first), the total's figures, and,
/// when a timeout or a deadline is given, the attempt starts and the fit.
fn write_figures<'s>(
    out: &mut [f64; LEN],
    sums: impl IntoIterator<Item = &'s Summary>,
    total: Summary,
    fit: Option<DeadlineFit>,
    limits: Limits,
) {
    let timeout = limits.timeout_or_zero();
    let timeline = limits.timeout.is_some() || limits.deadline.is_some();
    // Attempt 1 starts at 0; attempt `k + 1` (retry `k`) as
    // `dist::attempt_starts` says.
    if timeline {
        out[ATTEMPTS..ATTEMPTS + ATTEMPT.len()].copy_from_slice(&[1.0, 0.0, 0.0, 0.0]);
    }
    for (k, sum) in sums.into_iter().enumerate() {
        let at = k * CUMULATIVE.len();
        out[at] = sum.p50;
        out[at + 1] = sum.p90;
        out[at + 2] = sum.p99;
        if timeline {
            let a = crate::dist::timeline::attempt_start(k as u32 + 1, sum, timeout);
            let at = ATTEMPTS + (k + 1) * ATTEMPT.len();
            out[at] = f64::from(a.attempt);
            out[at + 1] = a.min;
            out[at + 2] = a.p50;
            out[at + 3] = a.max;
        }
    }
    let figures = [
        total.min, total.mean, total.max, total.p50, total.p90, total.p99,
    ];
    out[TOTALS..METHODS].copy_from_slice(&figures);
    if let Some(f) = fit {
        out[FITS] = f64::from(f.retries_worst);
        out[FITS + 1] = f64::from(f.retries_p50);
        out[FITS + 2] = f64::from(f.retries_best);
        out[FITS + 3] = f.last_retry_probability;
    }
}

/// The first `n` retries' delays in a schedule buffer of the independent
/// kinds, into `out`: uniform between each row's `min` and `max`. These
/// are the delays `dist::delays` gives with the core's order of cap and
/// jitter ([`crate::dist::CapOrder::BeforeJitter`]): the same walk, the
/// same products (the tests compare them); reading them from the rows the
/// base module has written keeps the walk out of the grid module. More
/// retries than `out` or the buffer holds are refused.
fn delays_of<'o>(
    schedule: &[f64; SCHEDULE_LEN],
    n: usize,
    out: &'o mut [Delay],
) -> Result<&'o [Delay], DistError> {
    let out = out.get_mut(..n).ok_or(DistError::Retries)?;
    for (slot, row) in out
        .iter_mut()
        .zip(schedule[..SCHEDULE_TOTALS].chunks_exact(ROW.len()))
    {
        *slot = Delay::uniform(row[ROW_MIN], row[ROW_MAX]);
    }
    Ok(out)
}

/// Where a row holds its delay's range.
const ROW_MIN: usize = super::row("min");
const ROW_MAX: usize = super::row("max");

/// The timeout and deadline of the input slots (NaN for not given); the
/// core validates them.
pub fn limits(inputs: &[f64; INPUTS.len()]) -> Limits {
    Limits {
        timeout: given(inputs[TIMEOUT]),
        deadline: given(inputs[DEADLINE]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::format;
    use std::vec;
    use std::vec::Vec;

    /// Runs [`distribution`] on fresh buffers filled with 7.
    fn answer(slots: &[f64; INPUTS.len()]) -> (Result<(), Refused>, Vec<f64>, Vec<f64>) {
        let n = MAX_RETRIES as usize;
        let (mut schedule, mut out) = (vec![7.0; SCHEDULE_LEN], vec![7.0; LEN]);
        let work = Work {
            delays: &mut vec![Delay::fixed(0.0); n],
            grid: &mut vec![0.0; GRID_LEN],
            sums: &mut vec![Summary::default(); n],
            paths: &mut vec![0.0; PATHS_LEN],
            rows: &mut vec![Row::default(); n],
        };
        let result = distribution(
            slots,
            (&mut schedule[..]).try_into().unwrap(),
            (&mut out[..]).try_into().unwrap(),
            work,
        );
        (result, schedule, out)
    }

    fn slots(jitter: f64, timeout: f64, deadline: f64) -> [f64; INPUTS.len()] {
        [100.0, 2.0, 1000.0, 5.0, jitter, f64::NAN, timeout, deadline]
    }

    #[test]
    fn the_timelines_refusals_have_their_codes_and_leave_the_buffers() {
        let nan = f64::NAN;
        for (timeout, deadline, key) in [
            (-1.0, nan, "timeout"),
            (f64::INFINITY, nan, "timeout"),
            (nan, 0.0, "deadline"),
            (50.0, 40.0, "deadline_before_first_attempt"),
        ] {
            for jitter in [1.0, 4.0] {
                let (result, schedule, out) = answer(&slots(jitter, timeout, deadline));
                let code = result.unwrap_err().code as usize;
                assert_eq!(ERRORS[code - 1], key, "{timeout} {deadline} {jitter}");
                assert!(schedule.iter().chain(&out).all(|x| *x == 7.0));
            }
        }
        // A code past the offered kinds is the jitter's error.
        let (result, ..) = answer(&slots(JITTERS.len() as f64, nan, nan));
        assert_eq!(result.unwrap_err().code, super::super::JITTER_ERROR);
    }

    /// Broken twice (a schedule that overflows and a limit out of range),
    /// every kind names the schedule's error first, as the command line
    /// does: the Monte Carlo module, which walks no schedule of its own,
    /// checks the limits after its walk. Found by the fuzz target.
    #[test]
    fn an_overflow_is_named_before_a_broken_limit_in_every_kind() {
        let (none, decorrelated) = (0.0, 4.0);
        for jitter in [none, 1.0, 2.0, 3.0, decorrelated] {
            for (timeout, deadline) in [(4.7e-312, 0.0), (-1.0, f64::NAN), (50.0, 40.0)] {
                let slots = [
                    4.9e300,
                    2.0,
                    f64::NAN,
                    100.0,
                    jitter,
                    0.5,
                    timeout,
                    deadline,
                ];
                let (result, schedule, out) = answer(&slots);
                let code = result.unwrap_err().code as usize;
                let what = format!("jitter {jitter}, timeout {timeout:e}, deadline {deadline}");
                let key = ERRORS[code - 1];
                assert!(
                    key == "delay_overflow" || key == "total_overflow",
                    "{what}: {key}"
                );
                assert!(schedule.iter().chain(&out).all(|x| *x == 7.0), "{what}");
            }
        }
    }

    #[test]
    fn the_rows_give_the_delays_of_the_core_order_of_cap_and_jitter() {
        use crate::Policy;
        use crate::dist::CapOrder;
        let n = MAX_RETRIES as usize;
        let (mut from_rows, mut walked) = (vec![Delay::fixed(0.0); n], vec![Delay::fixed(0.0); n]);
        let mut rows = vec![0.0; SCHEDULE_LEN];
        let rows: &mut [f64; SCHEDULE_LEN] = (&mut rows[..]).try_into().unwrap();
        let mut compared = 0;
        for jitter in [
            Jitter::None,
            Jitter::Full,
            Jitter::Equal,
            Jitter::Proportional { factor: 0.2 },
            Jitter::Proportional { factor: 1.0 },
        ] {
            for (base, multiplier, max_delay, retries) in [
                (100.0, 2.0, Some(30_000.0), 1000),
                (0.1, 1.7, Some(0.1), 12),
                (7.0, 1.0, Some(3.0), 5),
                (1.0, 3.0, Some(1e300), 700),
                (1.0, f64::MAX, Some(1e299), 4),
                (250.0, 1.5, None, 60),
                (1e-300, 10.0, None, 300),
            ] {
                let policy = Policy {
                    base,
                    multiplier,
                    max_delay,
                    retries,
                    jitter,
                };
                super::super::run(&super::super::inputs(&policy).unwrap(), rows).unwrap();
                let got = delays_of(rows, retries as usize, &mut from_rows).unwrap();
                let want = crate::dist::delays(&policy, CapOrder::BeforeJitter, &mut walked);
                assert_eq!(Ok(got), want, "{policy:?}");
                compared += got.len();
            }
        }
        assert!(compared > 5 * 2000);
        // More retries than the buffer holds are refused, not cut.
        let short = &mut [Delay::fixed(0.0); 2];
        assert_eq!(delays_of(rows, 3, short), Err(DistError::Retries));
    }

    #[test]
    fn the_monte_carlo_rows_are_the_schedules_but_for_the_means() {
        let mut compared = 0;
        for (base, max_delay, retries) in [
            (100.0, Some(30_000.0), 1000),
            (100.0, Some(900.0), 12),
            (100.0, Some(300.0), 12),
            (100.0, Some(299.0), 12),
            (5.0, Some(5.0), 4),
            (5.0, Some(1.0), 4),
            (1.0, None, 600),
            (1e-300, Some(1e300), 900),
            (1e300, Some(f64::MAX), 3),
        ] {
            let mut s = slots(4.0, f64::NAN, f64::NAN);
            s[super::super::BASE] = base;
            s[super::super::MAX_DELAY] = max_delay.unwrap_or(f64::NAN);
            s[super::super::RETRIES] = f64::from(retries);
            let (result, schedule, _) = answer(&s);
            result.unwrap();
            let policy = super::super::policy_of(&JITTERS, &s).unwrap();
            let walked = crate::Schedule::new(policy).unwrap();
            for (row, at) in walked.rows().zip(schedule.chunks_exact(ROW.len())) {
                let want = [
                    f64::from(row.retry),
                    row.delay,
                    f64::from(u8::from(row.capped)),
                    row.min,
                    row.max,
                    row.cumulative_min,
                    row.cumulative_max,
                ];
                let got = [at[0], at[1], at[2], at[3], at[5], at[6], at[8]];
                assert_eq!(
                    got.map(f64::to_bits),
                    want.map(f64::to_bits),
                    "{s:?} {row:?}"
                );
                compared += 1;
            }
        }
        assert!(compared > 2500);
    }

    #[test]
    fn each_method_refuses_the_other_kinds() {
        let n = MAX_RETRIES as usize;
        let (mut schedule, mut out) = ([7.0; SCHEDULE_LEN], [7.0; LEN]);
        let work = MonteCarloWork {
            paths: &mut vec![0.0; PATHS_LEN],
            rows: &mut vec![Row::default(); n],
        };
        let refused = monte_carlo(
            &slots(1.0, f64::NAN, f64::NAN),
            &mut schedule,
            &mut out,
            work,
        );
        assert_eq!(refused.unwrap_err().code, super::super::JITTER_ERROR);
        // The grid reads rows: a buffer that holds no schedule of the
        // independent kinds is refused, never computed into NaN.
        for (rows, retries) in [
            (f64::NAN, 5.0),
            (-1.0, 5.0),
            (7.0, 0.0),
            (7.0, 1001.0),
            (7.0, f64::NAN),
        ] {
            let schedule = [rows; SCHEDULE_LEN];
            let mut s = slots(1.0, f64::NAN, f64::NAN);
            s[super::super::RETRIES] = retries;
            let work = GridWork {
                delays: &mut vec![Delay::fixed(0.0); n],
                grid: &mut vec![0.0; GRID_LEN],
                sums: &mut vec![Summary::default(); n],
            };
            assert!(
                grid(&s, &schedule, &mut out, work).is_err(),
                "{rows} {retries}"
            );
            assert!(out.iter().all(|x| *x == 7.0));
        }
    }

    #[test]
    fn the_timeline_is_written_only_when_asked_for() {
        let (result, _, out) = answer(&slots(4.0, f64::NAN, f64::NAN));
        result.unwrap();
        assert!(out[ATTEMPTS..CURVE].iter().all(|x| *x == 7.0));
        let (result, _, out) = answer(&slots(2.0, 10.0, 1e9));
        result.unwrap();
        // Attempt 2 starts after one timeout and the first delay (equal
        // jitter: 50 to 100).
        assert_eq!(out[ATTEMPTS + 4..ATTEMPTS + 8], [2.0, 60.0, 85.0, 110.0]);
        // Every retry starts before so long a deadline.
        assert_eq!(out[FITS..CURVE], [5.0, 5.0, 5.0, 1.0]);
    }
}
