//! The contract of the distribution export: the calculator's contract
//! (`super`) extended with decorrelated jitter, the attempt timeline's
//! inputs and errors, and the layout of the distribution buffer, by JSON key
//! as `src/report` writes them; and [`distribution`], which computes the
//! figures `backoff-site schedule --percentiles` prints (with `--timeout`
//! and `--deadline` when those slots are given), bit for bit.
//!
//! The figures are the core's (`crate::dist`) with the site's grid of
//! [`CELLS`] cells and, for decorrelated jitter, the site's seeded Monte
//! Carlo run: generator [`GENERATOR`] (xoshiro256** seeded by SplitMix64,
//! `crate::rng`), seed [`SEED`], [`samples_for`]`(retries)` paths, the same
//! as the command line's.
//!
//! Each table here is its namesake in `super` extended (built from it at
//! compile time), so a code or slot means the same in both.
//! The export is only in the distribution module, which the calculator
//! fetches on the reader's first edit: it is nearly twice the 6 KiB budget
//! of the base module (`wasm/src/lib.rs` says how both are built). Like
//! `super`, this module never formats anything.

use crate::dist::decorrelated::{self, MonteCarlo, Row};
use crate::dist::{Delay, DistError, Limits, Summary};
use crate::{Jitter, MAX_RETRIES, Schedule};

use super::{ROW, Refused, SCHEDULE_LEN, TOTALS as SCHEDULE_TOTALS, given};

pub use crate::dist::decorrelated::{DEFAULT_SEED as SEED, samples_for};
pub use crate::dist::sum::CELLS;
pub use crate::rng::GENERATOR;

/// The jitter kinds: the calculator's, then decorrelated jitter.
pub const JITTERS: [&str; 5] = extend(&super::JITTERS, &["decorrelated"]);

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

/// The distribution module's own exports; besides them it has only
/// `memory` and the accessors `input_buffer`, `error_retry` and
/// `schedule_buffer` of [`super::EXPORTS`], none of the base module's
/// functions.
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

/// The distribution buffer's length in f64 values.
pub const LEN: usize = FITS + FIT.len();

/// The length of [`Work::grid`]: the site's grid of [`CELLS`] cells.
pub const GRID_LEN: usize = crate::dist::sum::work_len(CELLS);
/// The length of [`Work::paths`]: the most paths [`samples_for`] gives.
pub const PATHS_LEN: usize = decorrelated::work_len(decorrelated::MOST_SITE_SAMPLES);

/// The caller's work buffers for [`distribution`] (the module keeps them
/// static): `delays`, `sums` and `rows` of [`MAX_RETRIES`] each, `grid` of
/// [`GRID_LEN`], `paths` of [`PATHS_LEN`]. Shorter ones are refused with
/// the code of `jitter` (no caller of the contract's lengths sees it).
pub struct Work<'a> {
    pub delays: &'a mut [Delay],
    pub grid: &'a mut [f64],
    pub sums: &'a mut [Summary],
    pub paths: &'a mut [f64],
    pub rows: &'a mut [Row],
}

/// The code of a refusal of `crate::dist`: its policy errors are the core's
/// (already refused by [`Schedule::new`] before `dist` runs), its limits'
/// are the timeline's codes, and the work buffers' cannot happen with the
/// lengths [`Work`] states.
fn refused(err: DistError) -> Refused {
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
/// given): the schedule into `schedule`, laid out as [`super::run`] lays it out but
/// with the distribution's totals and, for decorrelated jitter, the seeded
/// run's mean delays (as the JSON's `retries` and `total`); the
/// percentiles, the method's figures and, when a timeout or a deadline is
/// given, the attempt timeline into `out`, laid out as [`CUMULATIVE`],
/// [`TOTAL`], [`METHOD`], [`ATTEMPT`] and [`FIT`] say. On refusal both
/// buffers are left as they were.
pub fn distribution(
    inputs: &[f64; INPUTS.len()],
    schedule: &mut [f64; SCHEDULE_LEN],
    out: &mut [f64; LEN],
    work: Work<'_>,
) -> Result<(), Refused> {
    let checked = Schedule::new(super::policy_of(&JITTERS, inputs)?)?;
    let policy = checked.policy();
    let limits = limits(inputs);
    let n = policy.retries as usize;
    let decorrelated = policy.jitter == Jitter::Decorrelated;
    // Everything is computed before either buffer is written. (Plain
    // stores below, not arrays copied into slices: the module's size
    // budget counts every temporary.)
    let (total, fit) = if decorrelated {
        let mc = MonteCarlo::for_retries(policy.retries);
        let r = decorrelated::decorrelated(&policy, mc, limits, work.paths, work.rows)
            .map_err(refused)?;
        out[METHODS] = 0.0;
        out[METHODS + 1] = f64::from(r.samples);
        out[METHODS + 2] = f64::from(r.exact_mean_retries);
        out[METHODS + 3] = r.mean_error;
        out[METHODS + 4] = r.total_p99_low;
        out[METHODS + 5] = r.total_p99_high;
        (r.total, r.deadline)
    } else {
        let delays = delays_of(&checked, work.delays).map_err(refused)?;
        let r = crate::dist::independent(delays, limits, work.grid, work.sums).map_err(refused)?;
        out[METHODS..ATTEMPTS].fill(0.0);
        out[METHODS] = r.grid_step;
        (r.total, r.deadline)
    };
    super::write_rows(&checked, schedule);
    schedule[SCHEDULE_TOTALS] = total.min;
    schedule[SCHEDULE_TOTALS + 1] = total.mean;
    schedule[SCHEDULE_TOTALS + 2] = total.max;
    let timeout = limits.timeout_or_zero();
    let timeline = limits.timeout.is_some() || limits.deadline.is_some();
    // Attempt 1 starts at 0; attempt `k + 1` (retry `k`) as
    // `dist::attempt_starts` says.
    if timeline {
        out[ATTEMPTS..ATTEMPTS + ATTEMPT.len()].copy_from_slice(&[1.0, 0.0, 0.0, 0.0]);
    }
    for k in 0..n {
        let sum = if decorrelated {
            &work.rows[k].cumulative
        } else {
            &work.sums[k]
        };
        let at = k * CUMULATIVE.len();
        out[at] = sum.p50;
        out[at + 1] = sum.p90;
        out[at + 2] = sum.p99;
        if decorrelated {
            let at = k * ROW.len();
            schedule[at + MEAN] = work.rows[k].delay_mean;
            schedule[at + CUMULATIVE_MEAN] = sum.mean;
        }
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
    Ok(())
}

/// Each retry's delay under `schedule`'s policy, not decorrelated, into
/// `out`: uniform between its row's `min` and `max`. These are the delays
/// `dist::delays` gives with the core's order of cap and jitter
/// ([`crate::dist::CapOrder::BeforeJitter`]): the same walk, the same products (the tests
/// compare them); reading them from the rows the schedule buffer needs
/// anyway keeps a second walk out of the distribution module.
fn delays_of<'o>(schedule: &Schedule, out: &'o mut [Delay]) -> Result<&'o [Delay], DistError> {
    let n = schedule.policy().retries as usize;
    let out = out.get_mut(..n).ok_or(DistError::Output)?;
    for (slot, row) in out.iter_mut().zip(schedule.rows()) {
        *slot = Delay::uniform(row.min, row.max);
    }
    Ok(out)
}

/// Where a row's `mean` and `cumulative_mean` lie in it.
const MEAN: usize = super::row("mean");
const CUMULATIVE_MEAN: usize = super::row("cumulative_mean");

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

    #[test]
    fn the_rows_give_the_delays_of_the_core_order_of_cap_and_jitter() {
        use crate::Policy;
        use crate::dist::CapOrder;
        let n = MAX_RETRIES as usize;
        let (mut from_rows, mut walked) = (vec![Delay::fixed(0.0); n], vec![Delay::fixed(0.0); n]);
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
                let schedule = Schedule::new(policy).unwrap();
                let got = delays_of(&schedule, &mut from_rows).unwrap();
                let want = crate::dist::delays(&policy, CapOrder::BeforeJitter, &mut walked);
                assert_eq!(Ok(got), want, "{policy:?}");
                compared += got.len();
            }
        }
        assert!(compared > 5 * 2000);
        // A buffer shorter than the retries is refused, not cut.
        let schedule = Schedule::new(Policy {
            base: 1.0,
            multiplier: 2.0,
            max_delay: None,
            retries: 3,
            jitter: Jitter::Full,
        })
        .unwrap();
        let short = &mut [Delay::fixed(0.0); 2];
        assert_eq!(delays_of(&schedule, short), Err(DistError::Output));
    }

    #[test]
    fn the_timeline_is_written_only_when_asked_for() {
        let (result, _, out) = answer(&slots(4.0, f64::NAN, f64::NAN));
        result.unwrap();
        assert!(out[ATTEMPTS..].iter().all(|x| *x == 7.0));
        let (result, _, out) = answer(&slots(2.0, 10.0, 1e9));
        result.unwrap();
        // Attempt 2 starts after one timeout and the first delay (equal
        // jitter: 50 to 100).
        assert_eq!(out[ATTEMPTS + 4..ATTEMPTS + 8], [2.0, 60.0, 85.0, 110.0]);
        // Every retry starts before so long a deadline.
        assert_eq!(out[FITS..], [5.0, 5.0, 5.0, 1.0]);
    }
}
