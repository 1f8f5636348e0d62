//! The backoff core: every number the site shows is computed here.
//!
//! This crate owns the arithmetic of a retry schedule and the rounding rule
//! for human-readable durations. It is pure: no I/O, no allocation, no
//! dependencies and nothing from `std`, so the very same crate compiles into
//! the site tool and, for `wasm32-unknown-unknown`, into the calculator's
//! WebAssembly module (`wasm/`, a thin crate of exports over this one). Build
//! time and browser therefore agree to the last bit.
//!
//! It never panics, never loops without bound and never returns an infinite
//! or NaN value: every bad input is a [`PolicyError`] naming the field.
//! The distribution of the waits (percentiles, the attempt timeline) lives
//! in [`dist`]. Over 500 lines with its unit tests: the schedule's walk and
//! the tests of each of its rules belong together.

#![no_std]

// The unit tests collect rows into vectors; the crate itself never allocates.
#[cfg(test)]
extern crate std;

pub mod budget;
pub mod contention;
pub mod contract;
pub mod cost;
pub mod dist;
pub mod math;
pub mod rng;
pub mod storm;

/// How the actual delay before a retry is spread around the nominal delay `d`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Jitter {
    /// The delay is exactly `d`.
    None,
    /// The delay is uniform on `[0, d]`.
    Full,
    /// The delay is uniform on `[d/2, d]`.
    Equal,
    /// The delay is uniform on `[d(1 − factor), d(1 + factor)]`, with
    /// `0 < factor <= 1`. The nominal delay is capped *before* the jitter,
    /// as in gRPC's connection backoff (factor 0.2) and cenkalti/backoff
    /// (0.5), so a delay may exceed the cap by the factor (`core/METHOD.md`
    /// cites both).
    Proportional { factor: f64 },
    /// AWS's decorrelated jitter: `sleep = min(cap, U[base, 3·sleep])`, with
    /// `sleep` starting at `base`. The multiplier plays no part; the policy's
    /// `base` (the "first delay") is the formula's `base`, the least delay,
    /// so the first actual delay is uniform on `[base, 3·base]` (cut at the
    /// cap). Each delay depends on the previous one: see [`Retry::mean`].
    Decorrelated,
    /// Polly's jitter (Polly v8's exponential backoff with `UseJitter`):
    /// the delay before retry `k` is `(f(t) − f(t'))/1.4 · base` with
    /// `t = k − 1 + U`, `f(t) = 2^t · tanh(√(4t))` and `t'` the previous
    /// draw, then cut at the cap ([`dist::correlated`]). The multiplier
    /// plays no part.
    Polly,
}

/// How the distribution of a kind's waits is computed (`core/METHOD.md`),
/// and so which of the calculator's WebAssembly modules computes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Each retry's delay is independent of the others: the exact
    /// convolution on a grid ([`dist::sum`]). The base module writes the
    /// schedule, the grid module the distribution.
    Grid,
    /// Each delay depends on earlier ones: a seeded Monte Carlo run
    /// ([`dist::monte_carlo`]). The Monte Carlo module writes both.
    MonteCarlo,
}

/// What every part of the site knows of a jitter kind, declared once, in
/// [`Jitter::KINDS`]: the command line's list, the calculator's codes and
/// modules, the checks of presets and snippets, the `.ftl` labels
/// (`jitter-<name>`) and the tests derive from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind {
    /// The stable name: on the command line, in JSON and URLs, in message
    /// ids.
    pub name: &'static str,
    /// Whether the kind has a factor (`jitter_factor`), which it requires.
    pub takes_factor: bool,
    /// Whether the policy's multiplier plays a part in its delays (it does
    /// not in decorrelated jitter's and Polly's formulas, which grow the
    /// delay their own way).
    pub takes_multiplier: bool,
    /// How the distribution of its waits is computed.
    pub method: Method,
    /// One of the three kinds the site first offered (none, full, equal),
    /// on which two rules still rest: `schedule`'s JSON ends after `total`
    /// for them unless asked for percentiles (for every other kind it
    /// carries the `distribution` object), and a page definition's own
    /// policies are of these kinds only.
    pub first_offered: bool,
}

impl Kind {
    const fn new(name: &'static str, takes_factor: bool, method: Method) -> Kind {
        Kind {
            name,
            takes_factor,
            takes_multiplier: true,
            method,
            first_offered: false,
        }
    }

    /// A kind whose delays grow by a formula of its own, not by the
    /// policy's multiplier.
    const fn without_multiplier(self) -> Kind {
        Kind {
            takes_multiplier: false,
            ..self
        }
    }

    const fn first_offered(name: &'static str) -> Kind {
        Kind {
            first_offered: true,
            ..Kind::new(name, false, Method::Grid)
        }
    }
}

impl Jitter {
    /// Every kind, in the order of their codes: a kind's code (across the
    /// WebAssembly boundary, in the calculator's URL and form) is its index
    /// here. The kinds of [`Method::Grid`] come first, so that the base
    /// module's codes are theirs (checked at compile time below).
    pub const KINDS: [Kind; 6] = [
        Kind::first_offered("none"),
        Kind::first_offered("full"),
        Kind::first_offered("equal"),
        Kind::new("proportional", true, Method::Grid),
        Kind::new("decorrelated", false, Method::MonteCarlo).without_multiplier(),
        Kind::new("polly", false, Method::MonteCarlo).without_multiplier(),
    ];

    /// Every kind's [`Jitter::name`], in the order of their codes.
    pub const NAMES: [&'static str; Jitter::KINDS.len()] = {
        let mut names = [""; Jitter::KINDS.len()];
        let mut i = 0;
        while i < names.len() {
            names[i] = Jitter::KINDS[i].name;
            i += 1;
        }
        names
    };

    /// The kind's code: its index in [`Jitter::KINDS`].
    pub const fn code(self) -> usize {
        match self {
            Jitter::None => 0,
            Jitter::Full => 1,
            Jitter::Equal => 2,
            Jitter::Proportional { .. } => 3,
            Jitter::Decorrelated => 4,
            Jitter::Polly => 5,
        }
    }

    /// The kind of `code`, with `factor` if it takes one; `None` past the
    /// last kind. No name is compared, which keeps string comparison out of
    /// the WebAssembly modules.
    pub const fn from_code(code: usize, factor: f64) -> Option<Jitter> {
        if code < Jitter::KINDS.len() {
            Some(Jitter::at_code(code, factor))
        } else {
            None
        }
    }

    /// The kind of `code`, which the caller has checked to be below
    /// `KINDS.len()` (past it, the last kind): the one match from code to
    /// kind, checked at compile time against [`Jitter::code`] for every
    /// code, so that a kind added to one and not the other does not build.
    /// Without an `Option` to unwrap, it keeps the WebAssembly modules
    /// small.
    pub const fn at_code(code: usize, factor: f64) -> Jitter {
        match code {
            0 => Jitter::None,
            1 => Jitter::Full,
            2 => Jitter::Equal,
            3 => Jitter::Proportional { factor },
            4 => Jitter::Decorrelated,
            _ => Jitter::Polly,
        }
    }

    /// What the site knows of the kind.
    pub const fn kind(self) -> Kind {
        Jitter::KINDS[self.code()]
    }

    /// How the distribution of the kind's waits is computed: its
    /// [`Kind::method`], matched rather than looked up, so that the
    /// WebAssembly modules carry no table of kinds (checked against
    /// [`Jitter::KINDS`] at compile time).
    pub const fn method(self) -> Method {
        match self {
            Jitter::Decorrelated | Jitter::Polly => Method::MonteCarlo,
            _ => Method::Grid,
        }
    }

    /// How many kinds, the first in [`Jitter::KINDS`], are of
    /// [`Method::Grid`].
    pub const GRID_KINDS: usize = {
        let mut n = 0;
        while n < Jitter::KINDS.len() && matches!(Jitter::KINDS[n].method, Method::Grid) {
            n += 1;
        }
        n
    };

    /// The stable name used on the command line, in JSON and in URLs.
    pub const fn name(self) -> &'static str {
        self.kind().name
    }

    /// The jitter factor of a kind that takes one, `None` for the others.
    pub const fn factor(self) -> Option<f64> {
        match self {
            Jitter::Proportional { factor } => Some(factor),
            _ => None,
        }
    }

    /// The kind named `name`, with `factor` for a kind that takes one: it
    /// is `Some` only when `factor` is given then (its range is checked by
    /// [`Schedule::new`]); the factor is ignored for the other kinds.
    pub fn from_name(name: &str, factor: Option<f64>) -> Option<Jitter> {
        match Jitter::parse(name, factor) {
            Ok(jitter) | Err(KindError::FactorNotTaken(jitter)) => Some(jitter),
            Err(_) => None,
        }
    }

    /// The kind named `name` with `factor`, or what is wrong with them: an
    /// unknown name, a kind that takes a factor without one, or a factor
    /// given to a kind that takes none. The one reading of a kind's name
    /// and factor, for the command line, presets and page definitions.
    pub fn parse(name: &str, factor: Option<f64>) -> Result<Jitter, KindError> {
        let code = Jitter::NAMES
            .iter()
            .position(|n| *n == name)
            .ok_or(KindError::Unknown)?;
        let jitter = Jitter::from_code(code, factor.unwrap_or(0.0)).ok_or(KindError::Unknown)?;
        match (Jitter::KINDS[code].takes_factor, factor) {
            (true, None) => Err(KindError::FactorMissing),
            (false, Some(_)) => Err(KindError::FactorNotTaken(jitter)),
            _ => Ok(jitter),
        }
    }

    /// The names of the kinds that take a factor, for messages.
    pub fn factor_kinds() -> impl Iterator<Item = &'static str> {
        Jitter::KINDS
            .iter()
            .filter(|k| k.takes_factor)
            .map(|k| k.name)
    }

    /// Shortest, mean and longest delay for a nominal delay `d`.
    ///
    /// Each is `d` times a factor in `[0, 2]`, so the order
    /// `min <= mean <= max` survives rounding; `d(1 + factor)` may overflow,
    /// which the caller checks. The kinds of [`Method::MonteCarlo`] are not
    /// a spread of `d` ([`Rows::step`] walks them) and get `d` for all three.
    const fn spread(self, d: f64) -> (f64, f64, f64) {
        match self {
            Jitter::Full => (0.0, d * 0.5, d),
            Jitter::Equal => (d * 0.5, d * 0.75, d),
            Jitter::Proportional { factor } => (d - d * factor, d, d + d * factor),
            // No jitter, and the kinds of the Monte Carlo method, whose
            // walk is their own.
            _ => (d, d, d),
        }
    }
}

/// Why a kind's name and factor make no jitter ([`Jitter::parse`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum KindError {
    /// No kind has the name.
    Unknown,
    /// The kind takes a factor, and none was given.
    FactorMissing,
    /// The kind takes no factor, and one was given: the kind without it.
    FactorNotTaken(Jitter),
}

/// Every code names its kind and back, no code lies past the last kind,
/// and the kinds of [`Method::Grid`] come first.
const _: () = {
    let mut i = 0;
    let mut grid = true;
    while i < Jitter::KINDS.len() {
        assert!(
            Jitter::at_code(i, 0.5).code() == i,
            "a kind of Jitter::KINDS has no code of its own"
        );
        let is_grid = matches!(Jitter::KINDS[i].method, Method::Grid);
        assert!(
            is_grid == matches!(Jitter::at_code(i, 0.5).method(), Method::Grid),
            "Jitter::method is the method of Jitter::KINDS"
        );
        assert!(!is_grid || grid, "the grid kinds come first");
        grid = is_grid;
        i += 1;
    }
    assert!(Jitter::from_code(Jitter::KINDS.len(), 0.5).is_none());
};

/// The shortest delay (first delay or cap) a policy may have: the smallest
/// normal double, about 2.2e-308. Below it doubles are subnormal and lose
/// precision, so the figures (percentiles, the grid's step) would no longer
/// hold to the accuracy the core states for them.
pub const MIN_DELAY: f64 = f64::MIN_POSITIVE;

/// The fewest retries a policy may ask for.
pub const MIN_RETRIES: u32 = 1;
/// The most retries a policy may ask for; it bounds every loop in this module.
pub const MAX_RETRIES: u32 = 1000;

/// A retry policy. All durations share one unit, which the core never needs
/// to know.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Policy {
    /// The delay before the first retry: finite and at least [`MIN_DELAY`].
    pub base: f64,
    /// The growth factor between consecutive delays: finite and at least one.
    pub multiplier: f64,
    /// The largest delay, if any: finite and at least [`MIN_DELAY`]. A cap
    /// below `base` is allowed and makes every delay equal to the cap.
    pub max_delay: Option<f64>,
    /// How many retries follow the original request, numbered `1..=retries`.
    pub retries: u32,
    /// How the actual delays are spread.
    pub jitter: Jitter,
}

/// Why a policy was refused. Each variant names the field that breaks a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolicyError {
    /// `base` is not a finite number of at least [`MIN_DELAY`].
    Base,
    /// `multiplier` is not a finite number of at least one.
    Multiplier,
    /// `max_delay` is given but is not a finite number of at least [`MIN_DELAY`].
    MaxDelay,
    /// `retries` is not in `MIN_RETRIES..=MAX_RETRIES`.
    Retries,
    /// The factor of proportional jitter is not in `(0, 1]`.
    JitterFactor,
    /// The jitter kind is not one the computation takes: a kind of
    /// [`Method::MonteCarlo`] given to [`Schedule::of_grid_kind`].
    Jitter,
    /// Without a maximum delay, the delay before this retry would exceed the
    /// largest finite number.
    DelayOverflow { retry: u32 },
    /// The total wait up to this retry would exceed the largest finite number.
    TotalOverflow { retry: u32 },
}

impl PolicyError {
    /// The policy field the error is about, by its stable name.
    pub const fn field(self) -> &'static str {
        match self {
            PolicyError::Base => "base",
            PolicyError::Multiplier => "multiplier",
            PolicyError::MaxDelay | PolicyError::DelayOverflow { .. } => "max_delay",
            PolicyError::Retries => "retries",
            PolicyError::JitterFactor => "jitter_factor",
            PolicyError::TotalOverflow { .. } => "max_delay",
            PolicyError::Jitter => "jitter",
        }
    }

    /// A stable numeric code, used across the WebAssembly boundary.
    pub const fn code(self) -> u32 {
        match self {
            PolicyError::Base => 1,
            PolicyError::Multiplier => 2,
            PolicyError::MaxDelay => 3,
            PolicyError::Retries => 4,
            PolicyError::DelayOverflow { .. } => 5,
            PolicyError::TotalOverflow { .. } => 6,
            // Also the WebAssembly modules' code for a jitter kind they do
            // not know.
            PolicyError::Jitter => 7,
            PolicyError::JitterFactor => 8,
        }
    }

    /// The retry at which an overflow happens, or zero for the other errors.
    pub const fn retry(self) -> u32 {
        match self {
            PolicyError::DelayOverflow { retry } | PolicyError::TotalOverflow { retry } => retry,
            _ => 0,
        }
    }
}

impl core::fmt::Display for PolicyError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            PolicyError::Base => f.write_str(
                "the first delay must be a finite number greater than 0 (at least 2.2e-308, below which doubles lose precision)",
            ),
            PolicyError::Multiplier => {
                f.write_str("the multiplier must be a finite number of at least 1")
            }
            PolicyError::MaxDelay => f.write_str(
                "the maximum delay must be a finite number greater than 0 (at least 2.2e-308, below which doubles lose precision)",
            ),
            PolicyError::Retries => write!(
                f,
                "the number of retries must be a whole number from {MIN_RETRIES} to {MAX_RETRIES}"
            ),
            PolicyError::JitterFactor => {
                f.write_str("the jitter factor must be greater than 0 and at most 1")
            }
            PolicyError::Jitter => f.write_str("this computation does not take the jitter kind"),
            PolicyError::DelayOverflow { retry } => write!(
                f,
                "the delay before retry {retry} grows beyond the largest finite number; set a maximum delay"
            ),
            PolicyError::TotalOverflow { retry } => write!(
                f,
                "the total wait up to retry {retry} grows beyond the largest finite number; use smaller delays or fewer retries"
            ),
        }
    }
}

/// One row of a schedule.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Retry {
    /// The retry's number, from 1.
    pub retry: u32,
    /// The nominal delay `min(cap, base × multiplier^(retry − 1))`.
    pub delay: f64,
    /// Whether the maximum delay limited this delay.
    pub capped: bool,
    /// The shortest possible delay under the jitter kind.
    pub min: f64,
    /// The mean delay under the jitter kind.
    pub mean: f64,
    /// The longest possible delay under the jitter kind.
    pub max: f64,
    /// The sum of `min` over retries `1..=retry`; for a kind of
    /// [`Method::MonteCarlo`], the least cumulative wait its formula allows
    /// ([`dist::correlated::Exact`]), which may exceed the sum.
    pub cumulative_min: f64,
    /// The sum of `mean` over retries `1..=retry` (kept within the other
    /// two).
    pub cumulative_mean: f64,
    /// The sum of `max` over retries `1..=retry`; for a kind of
    /// [`Method::MonteCarlo`], the greatest cumulative wait its formula
    /// allows, which may fall short of the sum.
    pub cumulative_max: f64,
}

/// The total wait over all retries: the sums of the per-retry values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Totals {
    pub min: f64,
    pub mean: f64,
    pub max: f64,
}

/// A validated policy whose every row is known to be finite.
///
/// Rows are produced on demand by [`Schedule::rows`], so the core needs no
/// allocator; native callers collect them, the WebAssembly module copies them
/// into its static buffer.
///
/// `CORRELATED` says whether the kinds of [`Method::MonteCarlo`] are walked:
/// [`Schedule::new`] walks every kind; [`Schedule::of_grid_kind`] refuses
/// those and so leaves their walks' code out of a program that never needs
/// it (the calculator's base module, which computes the grid kinds only).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule<const CORRELATED: bool = true> {
    policy: Policy,
    totals: Totals,
}

impl Schedule {
    /// Validates `policy` and computes its totals, walking the whole schedule
    /// once so that an overflow is reported before any row is handed out.
    pub fn new(policy: Policy) -> Result<Schedule, PolicyError> {
        Schedule::walk(policy)
    }
}

impl Schedule<false> {
    /// As [`Schedule::new`] for a kind of [`Method::Grid`]; a kind of the
    /// Monte Carlo method is [`PolicyError::Jitter`] (after the policy's
    /// own errors).
    pub fn of_grid_kind(policy: Policy) -> Result<Schedule<false>, PolicyError> {
        policy.validate()?;
        if policy.jitter.method() != Method::Grid {
            return Err(PolicyError::Jitter);
        }
        Schedule::walk(policy)
    }
}

impl<const CORRELATED: bool> Schedule<CORRELATED> {
    fn walk(policy: Policy) -> Result<Schedule<CORRELATED>, PolicyError> {
        policy.validate()?;
        let mut rows = Rows::<CORRELATED>::start(policy);
        let mut last = None;
        while let Some(row) = rows.step()? {
            last = Some(row);
        }
        // `retries >= 1` was checked above, so there is always a last row.
        let totals = match last {
            Some(row) => Totals {
                min: row.cumulative_min,
                mean: row.cumulative_mean,
                max: row.cumulative_max,
            },
            None => return Err(PolicyError::Retries),
        };
        Ok(Schedule { policy, totals })
    }

    /// The policy this schedule was computed from.
    pub fn policy(&self) -> Policy {
        self.policy
    }

    /// The total wait, shortest / mean / longest.
    pub fn totals(&self) -> Totals {
        self.totals
    }

    /// The rows, retry 1 first.
    pub fn rows(&self) -> impl Iterator<Item = Retry> {
        let mut rows = Rows::<CORRELATED>::start(self.policy);
        // `new` walked these very rows without an error, so `step` cannot fail.
        core::iter::from_fn(move || rows.step().ok().flatten())
    }
}

impl Policy {
    /// The rules of each field, checked in the order of the fields: the
    /// first broken one is the error. [`Schedule::new`] and [`dist`] both
    /// start here.
    pub fn validate(&self) -> Result<(), PolicyError> {
        if !(self.base.is_finite() && self.base >= MIN_DELAY) {
            return Err(PolicyError::Base);
        }
        if !(self.multiplier.is_finite() && self.multiplier >= 1.0) {
            return Err(PolicyError::Multiplier);
        }
        if let Some(cap) = self.max_delay
            && !(cap.is_finite() && cap >= MIN_DELAY)
        {
            return Err(PolicyError::MaxDelay);
        }
        if !(MIN_RETRIES..=MAX_RETRIES).contains(&self.retries) {
            return Err(PolicyError::Retries);
        }
        // Written so that NaN fails too.
        if let Some(factor) = self.jitter.factor()
            && !(factor > 0.0 && factor <= 1.0)
        {
            return Err(PolicyError::JitterFactor);
        }
        Ok(())
    }
}

/// The iterative walk over a schedule. Growth is one multiplication per retry
/// (no `powf`), and it stops for good once the cap is reached, so a huge
/// multiplier with a cap never produces an infinity. The kinds of
/// [`Method::MonteCarlo`] have a walk of their own
/// ([`dist::correlated::Walk`]), whose delay is the longest delay, taken
/// when `CORRELATED` ([`Schedule`]).
struct Rows<const CORRELATED: bool> {
    policy: Policy,
    next_retry: u32,
    delay: f64,
    at_cap: bool,
    /// Whether the delay that reached the cap was above it.
    first_capped: bool,
    /// The walk of a kind of the Monte Carlo method.
    correlated: Option<dist::correlated::Walk>,
    cumulative: (f64, f64, f64),
}

impl<const CORRELATED: bool> Rows<CORRELATED> {
    fn start(policy: Policy) -> Rows<CORRELATED> {
        let correlated = match policy.jitter.method() {
            Method::MonteCarlo if CORRELATED => Some(dist::correlated::Walk::new(&policy)),
            _ => None,
        };
        Rows {
            policy,
            next_retry: 1,
            delay: policy.base,
            at_cap: false,
            first_capped: false,
            correlated,
            cumulative: (0.0, 0.0, 0.0),
        }
    }

    fn step(&mut self) -> Result<Option<Retry>, PolicyError> {
        let retry = self.next_retry;
        if retry > self.policy.retries {
            return Ok(None);
        }
        // The kinds of the Monte Carlo method state their cumulative bounds
        // (for decorrelated jitter the running sums, bit for bit).
        let mut bounds = None;
        let (capped, (min, mean, max)) = match &mut self.correlated {
            Some(walk) if CORRELATED => {
                let exact = walk.step().map_err(|overflow| match overflow {
                    dist::correlated::Overflow::Delay { retry } => {
                        PolicyError::DelayOverflow { retry }
                    }
                    dist::correlated::Overflow::Total { retry } => {
                        PolicyError::TotalOverflow { retry }
                    }
                })?;
                self.delay = exact.hi;
                bounds = Some((exact.cumulative_lo, exact.cumulative_hi));
                (exact.capped, (exact.lo, exact.mean_bound, exact.hi))
            }
            _ => {
                let capped = self.grow()?;
                (capped, self.policy.jitter.spread(self.delay))
            }
        };
        if !max.is_finite() {
            return Err(PolicyError::DelayOverflow { retry });
        }
        let mut cumulative = (
            self.cumulative.0 + min,
            self.cumulative.1 + mean,
            self.cumulative.2 + max,
        );
        if let Some((lo, hi)) = bounds {
            cumulative = (lo, cumulative.1.clamp(lo, hi), hi);
        }
        // Sums of finite non-negative numbers: if the largest is finite, so
        // are the other two.
        if !cumulative.2.is_finite() {
            return Err(PolicyError::TotalOverflow { retry });
        }
        self.cumulative = cumulative;
        self.next_retry = retry + 1;
        Ok(Some(Retry {
            retry,
            delay: self.delay,
            capped,
            min,
            mean,
            max,
            cumulative_min: cumulative.0,
            cumulative_mean: cumulative.1,
            cumulative_max: cumulative.2,
        }))
    }

    /// The nominal delay of the next retry into `self.delay`, and whether
    /// the cap limited it.
    fn grow(&mut self) -> Result<bool, PolicyError> {
        let retry = self.next_retry;
        if retry > 1 && !self.at_cap {
            self.delay *= self.policy.multiplier;
        }
        // Once at the cap, growth has stopped. The uncapped delay would be
        // larger still whenever the multiplier is; with a multiplier of
        // exactly one it stays the base, which the cap limited if it was
        // lower (`first_capped`).
        let mut capped = self.at_cap && (self.policy.multiplier > 1.0 || self.first_capped);
        if let Some(cap) = self.policy.max_delay {
            // `delay` may be infinite here only if the multiplication just
            // overflowed; the cap is finite, so the comparison clamps it.
            if !self.at_cap && self.delay >= cap {
                capped = self.delay > cap;
                self.first_capped = capped;
                self.delay = cap;
                self.at_cap = true;
            }
        }
        if !self.delay.is_finite() {
            return Err(PolicyError::DelayOverflow { retry });
        }
        Ok(capped)
    }
}

/// A duration split into language-neutral parts, ready for each side to put
/// into words.
///
/// The rounding rule, shared by the build and the browser:
/// - below one minute (after rounding to whole milliseconds, half up): whole
///   `seconds` and `milliseconds`, shown as seconds with up to three decimals
///   (`0.25 s`, `45.75 s`, `59.999 s`);
/// - from one minute to below one hour (after rounding to whole seconds, half
///   up): `minutes` and `seconds` (`1 min 32 s` for 91.5 s);
/// - from one hour on (after rounding to whole minutes, half up): `days`,
///   `hours` and `minutes` (`2 h 5 min`, `3 d 0 h 7 min`).
///
/// Parts that a tier does not use are zero; `days` is a whole number that may
/// be huge, so it stays an `f64`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DurationParts {
    pub days: f64,
    pub hours: u32,
    pub minutes: u32,
    pub seconds: u32,
    pub milliseconds: u32,
}

impl DurationParts {
    /// Which tier of the rounding rule these parts belong to.
    pub fn tier(&self) -> DurationTier {
        if self.days > 0.0 || self.hours > 0 {
            DurationTier::HoursAndMinutes
        } else if self.minutes > 0 {
            DurationTier::MinutesAndSeconds
        } else {
            DurationTier::Seconds
        }
    }
}

/// The three tiers of the rounding rule of [`DurationParts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DurationTier {
    /// Seconds with up to three decimals.
    Seconds,
    /// Whole minutes and seconds.
    MinutesAndSeconds,
    /// Days (when not zero), hours and whole minutes.
    HoursAndMinutes,
}

/// Splits a duration given in milliseconds into parts by the rounding rule of
/// [`DurationParts`]. Negative and NaN inputs count as zero; an infinite input
/// gives the largest finite number of days.
pub fn duration_parts(milliseconds: f64) -> DurationParts {
    let ms = if milliseconds > 0.0 {
        milliseconds
    } else {
        0.0
    };
    let ms = if ms.is_finite() { ms } else { f64::MAX };
    let whole_ms = round_half_up(ms);
    if whole_ms < 60_000.0 {
        let whole_ms = whole_ms as u32;
        return DurationParts {
            days: 0.0,
            hours: 0,
            minutes: 0,
            seconds: whole_ms / 1000,
            milliseconds: whole_ms % 1000,
        };
    }
    let whole_s = round_half_up(ms / 1000.0);
    if whole_s < 3600.0 {
        let whole_s = whole_s as u32;
        return DurationParts {
            days: 0.0,
            hours: 0,
            minutes: whole_s / 60,
            seconds: whole_s % 60,
            milliseconds: 0,
        };
    }
    let whole_min = round_half_up(ms / 60_000.0);
    let days = floor(whole_min / 1440.0);
    // For astronomically large values the remainder is lost to rounding;
    // clamping keeps the parts in range instead of showing nonsense.
    let rest = whole_min - days * 1440.0;
    let rest = if rest > 0.0 && rest < 1440.0 {
        rest as u32
    } else {
        0
    };
    DurationParts {
        days,
        hours: rest / 60,
        minutes: rest % 60,
        seconds: 0,
        milliseconds: 0,
    }
}

/// Beyond 2^52 every `f64` is a whole number already.
const WHOLE_FROM: f64 = 4_503_599_627_370_496.0;

/// `floor` for non-negative finite numbers, without `std`.
pub(crate) fn floor(x: f64) -> f64 {
    if x >= WHOLE_FROM {
        x
    } else {
        (x as u64) as f64
    }
}

/// Rounds a non-negative finite number to a whole number, halves up, without
/// `std`.
fn round_half_up(x: f64) -> f64 {
    if x >= WHOLE_FROM {
        return x;
    }
    let whole = floor(x);
    if x - whole >= 0.5 { whole + 1.0 } else { whole }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    fn policy(base: f64, multiplier: f64, max_delay: Option<f64>, retries: u32) -> Policy {
        Policy {
            base,
            multiplier,
            max_delay,
            retries,
            jitter: Jitter::None,
        }
    }

    fn delays(p: Policy) -> Vec<f64> {
        Schedule::new(p).unwrap().rows().map(|r| r.delay).collect()
    }

    #[test]
    fn russian_source_example_in_seconds() {
        let p = policy(0.5, 2.0, Some(30.0), 8);
        assert_eq!(delays(p), [0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0]);
        let s = Schedule::new(p).unwrap();
        assert_eq!(s.totals().max, 91.5);
        let capped: Vec<bool> = s.rows().map(|r| r.capped).collect();
        assert_eq!(
            capped,
            [false, false, false, false, false, false, true, true]
        );
    }

    #[test]
    fn russian_source_example_full_jitter_mean_total() {
        let mut p = policy(500.0, 2.0, Some(30_000.0), 8);
        p.jitter = Jitter::Full;
        let totals = Schedule::new(p).unwrap().totals();
        assert_eq!(totals.min, 0.0);
        assert_eq!(totals.mean, 45_750.0);
        assert_eq!(totals.max, 91_500.0);
    }

    #[test]
    fn equal_jitter_spreads_over_the_upper_half() {
        let mut p = policy(100.0, 2.0, None, 2);
        p.jitter = Jitter::Equal;
        let rows: Vec<Retry> = Schedule::new(p).unwrap().rows().collect();
        assert_eq!(
            (rows[1].min, rows[1].mean, rows[1].max),
            (100.0, 150.0, 200.0)
        );
        assert_eq!(rows[1].cumulative_mean, 75.0 + 150.0);
    }

    #[test]
    fn ninety_one_and_a_half_seconds_reads_one_minute_thirty_two() {
        let parts = duration_parts(91_500.0);
        assert_eq!((parts.minutes, parts.seconds), (1, 32));
        assert_eq!(parts.tier(), DurationTier::MinutesAndSeconds);
    }

    #[test]
    fn german_source_examples() {
        assert_eq!(
            delays(policy(250.0, 2.0, Some(2000.0), 5)),
            [250.0, 500.0, 1000.0, 2000.0, 2000.0]
        );
        assert_eq!(delays(policy(10.0, 2.0, Some(3.0), 3)), [3.0, 3.0, 3.0]);
        let s = Schedule::new(policy(10.0, 2.0, Some(3.0), 3)).unwrap();
        assert!(s.rows().all(|r| r.capped));
    }

    #[test]
    fn a_delay_equal_to_the_cap_is_not_capped_until_growth_stops() {
        let rows: Vec<Retry> = Schedule::new(policy(1.0, 2.0, Some(2.0), 3))
            .unwrap()
            .rows()
            .collect();
        assert_eq!(
            rows.iter().map(|r| r.capped).collect::<Vec<_>>(),
            [false, false, true]
        );
    }

    #[test]
    fn huge_multiplier_with_a_cap_stays_finite() {
        let d = delays(policy(1.0, 1e300, Some(5.0), 1000));
        assert_eq!(d[0], 1.0);
        assert!(d[1..].iter().all(|&x| x == 5.0));
    }

    #[test]
    fn uncapped_overflow_names_the_retry() {
        let err = Schedule::new(policy(1e300, 1e10, None, 3)).unwrap_err();
        assert_eq!(err, PolicyError::DelayOverflow { retry: 2 });
        assert_eq!(err.field(), "max_delay");
    }

    #[test]
    fn total_overflow_names_the_retry() {
        let err = Schedule::new(policy(f64::MAX, 1.0, Some(f64::MAX), 2)).unwrap_err();
        assert_eq!(err, PolicyError::TotalOverflow { retry: 2 });
    }

    #[test]
    fn each_rule_has_its_error() {
        let ok = policy(1.0, 2.0, Some(10.0), 3);
        let cases = [
            (Policy { base: 0.0, ..ok }, PolicyError::Base),
            (Policy { base: -1.0, ..ok }, PolicyError::Base),
            // Subnormal: below the smallest normal double.
            (
                Policy {
                    base: MIN_DELAY / 2.0,
                    ..ok
                },
                PolicyError::Base,
            ),
            (
                Policy {
                    max_delay: Some(5e-324),
                    ..ok
                },
                PolicyError::MaxDelay,
            ),
            (
                Policy {
                    base: f64::NAN,
                    ..ok
                },
                PolicyError::Base,
            ),
            (
                Policy {
                    base: f64::INFINITY,
                    ..ok
                },
                PolicyError::Base,
            ),
            (
                Policy {
                    multiplier: 0.99,
                    ..ok
                },
                PolicyError::Multiplier,
            ),
            (
                Policy {
                    multiplier: f64::NAN,
                    ..ok
                },
                PolicyError::Multiplier,
            ),
            (
                Policy {
                    max_delay: Some(0.0),
                    ..ok
                },
                PolicyError::MaxDelay,
            ),
            (
                Policy {
                    max_delay: Some(f64::INFINITY),
                    ..ok
                },
                PolicyError::MaxDelay,
            ),
            (Policy { retries: 0, ..ok }, PolicyError::Retries),
            (
                Policy {
                    retries: 1001,
                    ..ok
                },
                PolicyError::Retries,
            ),
        ];
        for (p, want) in cases {
            assert_eq!(Schedule::new(p), Err(want), "{p:?}");
        }
    }

    #[test]
    fn proportional_jitter_caps_before_the_jitter() {
        // gRPC's connection backoff: factor 0.2.
        let mut p = policy(1.0, 2.0, Some(4.0), 4);
        p.jitter = Jitter::Proportional { factor: 0.2 };
        let rows: Vec<Retry> = Schedule::new(p).unwrap().rows().collect();
        assert_eq!((rows[0].min, rows[0].mean, rows[0].max), (0.8, 1.0, 1.2));
        // The nominal delay is capped at 4, then spread: up to 4.8.
        assert_eq!((rows[3].delay, rows[3].min, rows[3].max), (4.0, 3.2, 4.8));
        assert_eq!(
            Schedule::new(p).unwrap().totals().mean,
            1.0 + 2.0 + 4.0 + 4.0
        );
    }

    #[test]
    fn proportional_longest_delay_overflow_names_the_retry() {
        let mut p = policy(f64::MAX, 1.0, None, 2);
        p.jitter = Jitter::Proportional { factor: 1.0 };
        assert_eq!(
            Schedule::new(p),
            Err(PolicyError::DelayOverflow { retry: 1 })
        );
    }

    #[test]
    fn jitter_factor_outside_zero_to_one_is_refused() {
        for factor in [0.0, -0.5, 1.000_000_1, f64::NAN, f64::INFINITY] {
            let mut p = policy(1.0, 2.0, None, 3);
            p.jitter = Jitter::Proportional { factor };
            let err = Schedule::new(p).unwrap_err();
            assert_eq!(err, PolicyError::JitterFactor, "{factor}");
            assert_eq!(err.field(), "jitter_factor");
        }
        let mut p = policy(1.0, 2.0, None, 3);
        p.jitter = Jitter::Proportional { factor: 1.0 };
        assert!(Schedule::new(p).is_ok());
    }

    #[test]
    fn takes_multiplier_says_whether_the_multiplier_changes_the_rows() {
        for (code, kind) in Jitter::KINDS.iter().enumerate() {
            let rows = |multiplier: f64| {
                let mut p = policy(1.0, multiplier, Some(1e6), 6);
                p.jitter = Jitter::at_code(code, 0.5);
                let rows: Vec<Retry> = Schedule::new(p).unwrap().rows().collect();
                rows.iter()
                    .map(|r| (r.min, r.mean, r.max))
                    .collect::<Vec<_>>()
            };
            assert_eq!(
                rows(2.0) != rows(3.0),
                kind.takes_multiplier,
                "{}",
                kind.name
            );
        }
    }

    #[test]
    fn decorrelated_rows_run_from_base_to_base_times_three_to_the_k() {
        // The multiplier plays no part.
        let mut p = policy(1.0, 7.0, Some(20.0), 4);
        p.jitter = Jitter::Decorrelated;
        let rows: Vec<Retry> = Schedule::new(p).unwrap().rows().collect();
        let bounds: Vec<(f64, f64)> = rows.iter().map(|r| (r.min, r.max)).collect();
        assert_eq!(bounds, [(1.0, 3.0), (1.0, 9.0), (1.0, 20.0), (1.0, 20.0)]);
        let capped: Vec<bool> = rows.iter().map(|r| r.capped).collect();
        assert_eq!(capped, [false, false, true, true]);
        // Exact while the cap cannot bind: E[s1] = (1 + 3) / 2, E[s2] =
        // (1 + 3 × 2) / 2; then the bound min(cap, ·) = min(20, 5.75).
        let means: Vec<f64> = rows.iter().map(|r| r.mean).collect();
        assert_eq!(means, [2.0, 3.5, 5.75, 9.125]);
        // A cap below base: every delay is the cap.
        let mut low = policy(10.0, 2.0, Some(3.0), 2);
        low.jitter = Jitter::Decorrelated;
        assert!(
            Schedule::new(low)
                .unwrap()
                .rows()
                .all(|r| (r.min, r.mean, r.max) == (3.0, 3.0, 3.0))
        );
    }

    #[test]
    fn names_round_trip_and_proportional_needs_its_factor() {
        assert_eq!(
            Jitter::from_name("decorrelated", None),
            Some(Jitter::Decorrelated)
        );
        assert_eq!(Jitter::from_name("proportional", None), None);
        assert_eq!(
            Jitter::from_name("proportional", Some(0.5)),
            Some(Jitter::Proportional { factor: 0.5 })
        );
        assert_eq!(Jitter::Proportional { factor: 0.5 }.name(), "proportional");
        // `NAMES` lists every kind once, each read back to its own name.
        for (i, name) in Jitter::NAMES.iter().enumerate() {
            let kind = Jitter::from_name(name, Some(0.5)).unwrap();
            assert_eq!(kind.name(), *name);
            assert!(!Jitter::NAMES[..i].contains(name));
        }
    }

    #[test]
    fn duration_tiers_and_their_boundaries() {
        let p = duration_parts(45_750.0);
        assert_eq!(
            (p.seconds, p.milliseconds, p.tier()),
            (45, 750, DurationTier::Seconds)
        );
        // 59.9996 s rounds to 60.000 s, which is a minute.
        let p = duration_parts(59_999.6);
        assert_eq!(
            (p.minutes, p.seconds, p.tier()),
            (1, 0, DurationTier::MinutesAndSeconds)
        );
        let p = duration_parts(3_599_499.0);
        assert_eq!((p.minutes, p.seconds), (59, 59));
        let p = duration_parts(3_599_500.0);
        assert_eq!(
            (p.hours, p.minutes, p.tier()),
            (1, 0, DurationTier::HoursAndMinutes)
        );
        let p = duration_parts(86_400_000.0 + 7.0 * 60_000.0);
        assert_eq!((p.days, p.hours, p.minutes), (1.0, 0, 7));
        assert_eq!(duration_parts(0.4).milliseconds, 0);
        assert_eq!(duration_parts(0.5).milliseconds, 1);
        assert_eq!(duration_parts(f64::NAN), duration_parts(0.0));
        assert!(duration_parts(f64::INFINITY).days.is_finite());
    }
}
