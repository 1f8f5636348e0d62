//! The calculator's contract with its WebAssembly module: which jitter kinds
//! it offers and their codes, which inputs it reads and where, the codes of
//! its errors, and where each figure lies in its buffers.
//!
//! These tables are the one statement of the module's interface. The module
//! (`wasm/src/lib.rs`) is a few exports over [`run`]; the site hands the
//! tables to the calculator's script in the page's JSON island
//! (`src/site/sections/calculator/contract.rs`), so the script reads its offsets,
//! kinds and codes from them and holds no copy; `tests/suite/wasm_parity.rs`
//! checks them against the compiled module. This module never formats
//! anything and knows nothing of fields' labels or messages (the site's
//! half of the contract does).
//!
//! The jitter kinds are the core's ([`Jitter::KINDS`]): the base module
//! offers those of [`crate::Method::Grid`], [`distribution`] every one. An input is
//! added by adding its key to [`INPUTS`] and reading it in [`policy`].
//!
//! The percentiles, decorrelated jitter and the attempt timeline have a
//! contract of their own, [`distribution`]: the same tables extended, for
//! an export that is not in the base module (its code is beyond the
//! module's size budget; the method modules have it, see that module's
//! header). What the retries cost the server at a failure rate is the base
//! module's [`cost`] export, with a contract of its own; what fits a
//! deadline is the method modules' [`fit`] export, and one seeded run their
//! [`sample`] export, both over the distribution's inputs.

use crate::contention::spread;
use crate::{Jitter, MAX_RETRIES, Policy, PolicyError, Schedule};

pub mod cost;
pub mod distribution;
pub mod fit;
pub mod sample;
pub mod storm;

/// The jitter kinds the base module computes, by [`Jitter::name`]: those of
/// [`crate::Method::Grid`], which come first in [`Jitter::KINDS`], so that a kind's
/// code across the WebAssembly boundary is its code there.
pub const JITTERS: [&str; Jitter::GRID_KINDS] = {
    let mut names = [""; Jitter::GRID_KINDS];
    let mut i = 0;
    while i < Jitter::GRID_KINDS {
        names[i] = Jitter::NAMES[i];
        i += 1;
    }
    names
};

/// The inputs, by the policy's JSON key: the module reads input `i` from
/// slot `i` of its input buffer. An optional input not given is NaN there
/// (a given one is always finite, so NaN is never a value); `jitter` is a
/// code of [`JITTERS`]; `jitter_factor` is read for proportional jitter
/// only.
pub const INPUTS: [&str; 6] = [
    "base",
    "multiplier",
    "max_delay",
    "retries",
    "jitter",
    "jitter_factor",
];

/// The code `schedule` returns for a jitter code outside [`JITTERS`]: the
/// core's own code for a kind a computation does not take.
pub const JITTER_ERROR: u32 = PolicyError::Jitter.code();

/// The message key of each error code, code `c` at index `c - 1`: the
/// core's [`PolicyError::code`]s and [`JITTER_ERROR`].
pub const ERRORS: [&str; 8] = [
    "base",
    "multiplier",
    "max_delay",
    "retries",
    "delay_overflow",
    "total_overflow",
    "jitter",
    "jitter_factor",
];

/// The input each error code is about, code `c` at index `c - 1`: an
/// overflow is the maximum delay's to fix ([`PolicyError::field`]).
pub const ERROR_INPUTS: [&str; 8] = [
    "base",
    "multiplier",
    "max_delay",
    "retries",
    "max_delay",
    "max_delay",
    "jitter",
    "jitter_factor",
];

/// The figures of one row of the schedule buffer, by their JSON key (as
/// `src/report.rs` writes them); `capped` is 0 or 1.
pub const ROW: [&str; 9] = [
    "retry",
    "delay",
    "capped",
    "min",
    "mean",
    "max",
    "cumulative_min",
    "cumulative_mean",
    "cumulative_max",
];

/// Where the totals start in the schedule buffer: after the last possible
/// row, so that a longer schedule never moves them.
pub const TOTALS: usize = ROW.len() * MAX_RETRIES as usize;

/// The figures of the totals, by their JSON key.
pub const TOTAL: [&str; 3] = ["min", "mean", "max"];

/// The schedule buffer's length in f64 values.
pub const SCHEDULE_LEN: usize = TOTALS + TOTAL.len();

/// The parts `duration_parts` writes, in order.
pub const PARTS: [&str; 5] = ["days", "hours", "minutes", "seconds", "milliseconds"];

/// The module's exports: `memory`, and the functions `wasm/src/lib.rs`
/// documents.
pub const EXPORTS: [&str; 6] = [
    "memory",
    "input_buffer",
    "schedule",
    "error_retry",
    "schedule_buffer",
    "duration_parts",
];

/// The input slot of the input keyed `key`. Only for keys of [`INPUTS`],
/// which is checked at compile time where it is used in a constant.
pub const fn input(key: &str) -> usize {
    index_of(&INPUTS, key)
}

/// Where `key` stands in `keys`; a key not there is a compile-time error
/// where the index is used in a constant.
pub(crate) const fn index_of(keys: &[&str], key: &str) -> usize {
    let mut i = 0;
    while i < keys.len() {
        if str_eq(keys[i], key) {
            return i;
        }
        i += 1;
    }
    panic!("not a key of the contract's list")
}

pub(crate) const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const BASE: usize = input("base");
const MULTIPLIER: usize = input("multiplier");
const MAX_DELAY: usize = input("max_delay");
const RETRIES: usize = input("retries");
const JITTER: usize = input("jitter");
const FACTOR: usize = input("jitter_factor");

/// Why [`run`] refused: the code (index + 1 in [`ERRORS`]) and, for an
/// overflow, the retry where it happens (else 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused {
    pub code: u32,
    pub retry: u32,
}

impl From<PolicyError> for Refused {
    fn from(err: PolicyError) -> Refused {
        Refused {
            code: err.code(),
            retry: err.retry(),
        }
    }
}

/// The jitter kind of `code` (with `factor` for proportional jitter), or
/// `None` for a code outside [`JITTERS`].
pub fn jitter(code: f64, factor: f64) -> Option<Jitter> {
    jitter_of(&JITTERS, code, factor)
}

/// The jitter kind of `code` among `kinds`, a prefix of [`Jitter::NAMES`]
/// (checked at compile time), so the code picks the kind by position: no
/// name is compared at run time, which keeps string comparison out of the
/// WebAssembly modules.
fn jitter_of(kinds: &[&str], code: f64, factor: f64) -> Option<Jitter> {
    // `as` saturates and sends NaN to 0; the round trip keeps only whole
    // codes, and the length only offered ones.
    let index = code as usize;
    if index as f64 != code || index >= kinds.len() {
        return None;
    }
    Some(Jitter::at_code(index, factor))
}

/// Whether `kinds` is a prefix of [`Jitter::NAMES`]: what [`jitter_of`]
/// relies on.
const fn names_kinds_in_order(kinds: &[&str]) -> bool {
    let mut i = 0;
    while i < kinds.len() {
        if i >= Jitter::NAMES.len() || !str_eq(kinds[i], Jitter::NAMES[i]) {
            return false;
        }
        i += 1;
    }
    true
}

const _: () = assert!(names_kinds_in_order(&JITTERS));

/// The policy the input slots describe. The core validates it; here only
/// what the slots cannot say is refused: a jitter code outside [`JITTERS`]
/// and a retry count that is not a whole number a `u32` holds.
pub fn policy(inputs: &[f64; INPUTS.len()]) -> Result<Policy, Refused> {
    policy_of(&JITTERS, inputs)
}

/// [`policy`] with the jitter kinds `kinds`, from the first [`INPUTS`]`.len()`
/// slots of `inputs`.
fn policy_of(kinds: &[&str], inputs: &[f64]) -> Result<Policy, Refused> {
    let jitter = jitter_of(kinds, inputs[JITTER], inputs[FACTOR]).ok_or(Refused {
        code: JITTER_ERROR,
        retry: 0,
    })?;
    let retries = inputs[RETRIES];
    // `as` saturates and sends NaN to 0; the round trip keeps only whole
    // numbers in range (0 itself is the core's to refuse).
    let whole = retries as u32;
    if f64::from(whole) != retries {
        return Err(PolicyError::Retries.into());
    }
    Ok(Policy {
        base: inputs[BASE],
        multiplier: inputs[MULTIPLIER],
        max_delay: given(inputs[MAX_DELAY]),
        retries: whole,
        jitter,
    })
}

/// The input slots of `policy`, as [`policy`] reads them back; `None` if
/// its jitter kind is not offered.
pub fn inputs(policy: &Policy) -> Option<[f64; INPUTS.len()]> {
    let code = Some(policy.jitter.code()).filter(|code| *code < JITTERS.len())?;
    let mut slots = [0.0; INPUTS.len()];
    slots[BASE] = policy.base;
    slots[MULTIPLIER] = policy.multiplier;
    slots[MAX_DELAY] = policy.max_delay.unwrap_or(f64::NAN);
    slots[RETRIES] = f64::from(policy.retries);
    slots[JITTER] = code as f64;
    slots[FACTOR] = policy.jitter.factor().unwrap_or(f64::NAN);
    Some(slots)
}

/// The optional input in `slot`: NaN is "not given".
fn given(x: f64) -> Option<f64> {
    if x.is_nan() { None } else { Some(x) }
}

/// Computes the schedule of the input slots into `out`, laid out as [`ROW`],
/// [`TOTALS`] and [`TOTAL`] say: the rows and totals of `backoff-site
/// schedule`'s JSON without the distribution (for decorrelated jitter the
/// mean column is the core's bound, [`crate::Retry::mean`]; [`distribution::distribution`]
/// gives the figures of the seeded run). On refusal `out` is left as it was.
pub fn run(inputs: &[f64; INPUTS.len()], out: &mut [f64; SCHEDULE_LEN]) -> Result<(), Refused> {
    let schedule = Schedule::of_grid_kind(policy(inputs)?)?;
    write_rows(&schedule, out);
    let totals = schedule.totals();
    out[TOTALS..].copy_from_slice(&[totals.min, totals.mean, totals.max]);
    Ok(())
}

/// Writes the rows of `schedule` where [`ROW`] says.
fn write_rows(schedule: &Schedule<false>, out: &mut [f64; SCHEDULE_LEN]) {
    // `zip` bounds the walk by the buffer's rows whatever the core does.
    for (row, at) in schedule
        .rows()
        .zip(out[..TOTALS].chunks_exact_mut(ROW.len()))
    {
        at.copy_from_slice(&[
            f64::from(row.retry),
            row.delay,
            f64::from(u8::from(row.capped)),
            row.min,
            row.mean,
            row.max,
            row.cumulative_min,
            row.cumulative_mean,
            row.cumulative_max,
        ]);
    }
}

/// Where the figure keyed `key` lies in a row of the schedule buffer.
const fn row(key: &str) -> usize {
    let mut i = 0;
    while i < ROW.len() {
        if str_eq(ROW[i], key) {
            return i;
        }
        i += 1;
    }
    panic!("not a figure of a row")
}

// The many-clients view: when the retries of clients that fail together
// start, for the schedule of the input slots (`contention::spread`).

/// The clients the view shows by default, and the most it takes.
pub const CLIENTS_DEFAULT: u32 = 100;
pub const CLIENTS_MAX: u32 = spread::MAX_CLIENTS;

/// The most buckets of the view; it uses as many, from the first, as its
/// round width needs to cover the latest start (`Spread::buckets`).
pub const SPREAD_BUCKETS: usize = 120;

/// The seed of the view's draws: the build and every browser draw the same
/// herd for the same inputs.
pub const SPREAD_SEED: u64 = 2015;

/// The figures of the spread buffer: the `buckets` used, their
/// `bucket_width` in the schedule's unit, the `peak` count, the first
/// `peak_bucket` with it, the clients `sampled` (`Spread`'s fields). The
/// counts of the [`SPREAD_BUCKETS`] buckets, 0 past the used ones, are the
/// `u32`s of the counts buffer.
pub const SPREAD: [&str; 5] = ["buckets", "bucket_width", "peak", "peak_bucket", "sampled"];

/// The spread buffer's length in f64 values.
pub const SPREAD_LEN: usize = SPREAD.len();

/// The code `spread` returns for a client count that is not a whole number
/// from 1 to [`CLIENTS_MAX`]; after [`ERRORS`]' codes, which it returns for
/// the policy. The form checks the count by its rule before it asks.
pub const CLIENTS_ERROR: u32 = ERRORS.len() as u32 + 1;

/// The code for delays whose latest start the view cannot bucket (a span
/// of zero or beyond the largest double; no schedule the core accepts has
/// one).
pub const SPAN_ERROR: u32 = CLIENTS_ERROR + 1;

/// The view's exports, besides [`EXPORTS`].
pub const SPREAD_EXPORTS: [&str; 3] = ["spread", "spread_buffer", "spread_counts"];

/// Buckets the retry starts of `clients` clients under `schedule`, a
/// schedule buffer [`run`] filled from `inputs` (the view reads its rows'
/// `min` and `max`, as many as the inputs' retries), into `out`, laid out as
/// [`SPREAD`] says, and the counts into `counts`. On refusal `out` is left
/// as it was (`counts` is not).
pub fn spread(
    inputs: &[f64; INPUTS.len()],
    schedule: &[f64; SCHEDULE_LEN],
    clients: f64,
    out: &mut [f64; SPREAD_LEN],
    counts: &mut [u32; SPREAD_BUCKETS],
) -> Result<(), Refused> {
    // `run` has checked the count: a saturating `as` is enough here.
    let retries = inputs[RETRIES] as usize;
    // As the retry count: only whole numbers in range survive the trip.
    let whole = clients as u32;
    let refused = |code| Refused { code, retry: 0 };
    if f64::from(whole) != clients {
        return Err(refused(CLIENTS_ERROR));
    }
    let at = |i: usize, k: usize| schedule.get(i * ROW.len() + k).copied().unwrap_or(0.0);
    let delay = |i| spread::Delay {
        min: at(i, ROW_MIN),
        max: at(i, ROW_MAX),
    };
    // More rows than the buffer holds are refused by `retry_starts_by`.
    let found =
        spread::retry_starts_by(retries, delay, whole, SPREAD_SEED, counts).map_err(|err| {
            refused(match err {
                spread::SpreadError::Clients { .. } => CLIENTS_ERROR,
                spread::SpreadError::Retries { .. } => PolicyError::Retries.code(),
                _ => SPAN_ERROR,
            })
        })?;
    *out = [
        found.buckets as f64,
        found.bucket_width,
        f64::from(found.peak),
        found.peak_bucket as f64,
        f64::from(found.sampled),
    ];
    Ok(())
}

/// Where a row of the schedule buffer holds its delay's range.
const ROW_MIN: usize = row("min");
const ROW_MAX: usize = row("max");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_core_error_has_its_code_key_and_input() {
        let errors = [
            (PolicyError::Base, "base"),
            (PolicyError::Multiplier, "multiplier"),
            (PolicyError::MaxDelay, "max_delay"),
            (PolicyError::Retries, "retries"),
            (PolicyError::DelayOverflow { retry: 3 }, "delay_overflow"),
            (PolicyError::TotalOverflow { retry: 3 }, "total_overflow"),
            (PolicyError::JitterFactor, "jitter_factor"),
            (PolicyError::Jitter, "jitter"),
        ];
        for (err, key) in errors {
            let i = err.code() as usize - 1;
            assert_eq!(ERRORS[i], key, "{err:?}");
            assert_eq!(ERROR_INPUTS[i], err.field(), "{err:?}");
        }
        assert_eq!(ERRORS[JITTER_ERROR as usize - 1], "jitter");
    }

    #[test]
    fn every_offered_kind_is_a_core_kind_at_its_code() {
        for (code, name) in JITTERS.iter().enumerate() {
            assert_eq!(jitter(code as f64, 0.5).map(Jitter::name), Some(*name));
        }
        for code in [-1.0, 0.5, JITTERS.len() as f64, f64::NAN] {
            assert_eq!(jitter(code, 0.5), None, "{code}");
        }
    }

    fn inputs(retries: f64, max_delay: f64) -> [f64; INPUTS.len()] {
        let mut slots = [f64::NAN; INPUTS.len()];
        slots[input("base")] = 1.0;
        slots[input("multiplier")] = 2.0;
        slots[input("max_delay")] = max_delay;
        slots[input("retries")] = retries;
        slots[input("jitter")] = 0.0;
        slots
    }

    #[test]
    fn slots_become_the_policy_and_nan_means_not_given() {
        let p = policy(&inputs(3.0, f64::NAN)).unwrap();
        assert_eq!(
            (p.base, p.multiplier, p.max_delay, p.retries),
            (1.0, 2.0, None, 3)
        );
        let back = super::inputs(&p).unwrap();
        assert_eq!(
            back.map(f64::to_bits),
            inputs(3.0, f64::NAN).map(f64::to_bits)
        );
        assert_eq!(policy(&inputs(3.0, 5.0)).unwrap().max_delay, Some(5.0));
        for retries in [2.5, -1.0, f64::NAN, 1e10] {
            assert_eq!(
                policy(&inputs(retries, 5.0)),
                Err(Refused::from(PolicyError::Retries)),
                "{retries}"
            );
        }
        let mut bad = inputs(3.0, 5.0);
        bad[input("jitter")] = JITTERS.len() as f64;
        assert_eq!(policy(&bad).unwrap_err().code, JITTER_ERROR);
    }

    #[test]
    fn run_lays_out_rows_and_totals_and_leaves_the_buffer_on_refusal() {
        let mut out = [7.0; SCHEDULE_LEN];
        run(&inputs(3.0, f64::NAN), &mut out).unwrap();
        let at = |row: usize, key: &str| {
            out[row * ROW.len() + ROW.iter().position(|k| *k == key).unwrap()]
        };
        assert_eq!(
            (at(2, "retry"), at(2, "delay"), at(2, "cumulative_max")),
            (3.0, 4.0, 7.0)
        );
        assert_eq!(out[TOTALS..], [7.0, 7.0, 7.0]);
        let before = out;
        assert_eq!(run(&inputs(0.0, 5.0), &mut out).unwrap_err().code, 4);
        assert_eq!(out, before);
    }
}
