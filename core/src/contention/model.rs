//! The contention experiment's vocabulary: its backoff strategies by name,
//! the model's parameters with their rules, and why a simulation is refused
//! or stopped. It runs nothing ([`super::sim`] does).

/// A backoff strategy of the experiment, named as on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Retry at once (after the network delay).
    None,
    /// `min(cap, base × multiplier^attempt)`, no jitter.
    Exponential,
    /// Half the exponential delay, plus a uniform draw up to the other half.
    Equal,
    /// A uniform draw between zero and the exponential delay.
    Full,
    /// `min(cap, uniform(base, previous sleep × factor))`.
    Decorrelated,
}

impl Strategy {
    /// Every strategy, in the order of the post's charts' legends.
    pub const ALL: [Strategy; 5] = [
        Strategy::None,
        Strategy::Exponential,
        Strategy::Equal,
        Strategy::Full,
        Strategy::Decorrelated,
    ];

    /// The stable name used on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Strategy::None => "none",
            Strategy::Exponential => "exponential",
            Strategy::Equal => "equal",
            Strategy::Full => "full",
            Strategy::Decorrelated => "decorrelated",
        }
    }

    /// The inverse of [`Strategy::name`].
    pub fn from_name(name: &str) -> Option<Strategy> {
        Strategy::ALL.into_iter().find(|s| s.name() == name)
    }

    /// A number that names the strategy in the random streams; stable, so a
    /// seed gives the same figures whatever else changes.
    pub(crate) const fn stream_id(self) -> u64 {
        match self {
            Strategy::None => 1,
            Strategy::Exponential => 2,
            Strategy::Equal => 3,
            Strategy::Full => 4,
            Strategy::Decorrelated => 5,
        }
    }
}

/// The parameters of the model. All times are in milliseconds.
///
/// The exponential kinds follow the source: the sleep after failure `n` is
/// `min(cap, base × multiplier^n)`, so the first is `base × multiplier`.
///
/// From a core `Policy`: it waits `base` before retry 1, so a policy whose
/// first delay is `d` is `base_ms = d / multiplier`; its `max_delay` is
/// `cap_ms` (a policy without one: `f64::MAX`, and a run whose times grow
/// past it stops with [`SimError::TimeOverflow`]); its jitter `none`, `full`
/// and `equal` are [`Strategy::Exponential`], [`Strategy::Full`] and
/// [`Strategy::Equal`]. Its `retries` has no counterpart: the experiment's
/// clients never give up, and `max_attempts` only bounds the work.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Model {
    /// The base delay of every backoff strategy: finite, greater than 0.
    pub base_ms: f64,
    /// The largest sleep: finite, greater than 0.
    pub cap_ms: f64,
    /// The growth of the exponential kinds per failure: finite, at least 1.
    pub multiplier: f64,
    /// The growth bound of decorrelated jitter: finite, at least 1.
    pub decorrelated_factor: f64,
    /// The mean of one message's network delay: finite, at least 0.
    pub latency_mean_ms: f64,
    /// Its standard deviation: finite, at least 0.
    pub latency_sd_ms: f64,
    /// The most writes one client may make in a run: at least 1.
    pub max_attempts: u32,
}

impl Model {
    /// The post's model: base 5 ms, cap 2 s, doubling, decorrelated factor 3,
    /// messages of |Normal(10 ms, 2 ms)|. The attempt bound is far above what
    /// its cases need: at 50 clients no client needed more than 31 writes
    /// in 100 runs of each strategy (`core/tests/suite/contention_published.rs` keeps a 10× margin).
    pub const AWS: Model = Model {
        base_ms: 5.0,
        cap_ms: 2000.0,
        multiplier: 2.0,
        decorrelated_factor: 3.0,
        latency_mean_ms: 10.0,
        latency_sd_ms: 2.0,
        max_attempts: 10_000,
    };

    /// Checks every field, naming the first that breaks its rule.
    pub fn validate(&self) -> Result<(), SimError> {
        let positive = |v: f64| v.is_finite() && v > 0.0;
        let at_least = |v: f64, low: f64| v.is_finite() && v >= low;
        let field = if !positive(self.base_ms) {
            "base_ms"
        } else if !positive(self.cap_ms) {
            "cap_ms"
        } else if !at_least(self.multiplier, 1.0) {
            "multiplier"
        } else if !at_least(self.decorrelated_factor, 1.0) {
            "decorrelated_factor"
        } else if !at_least(self.latency_mean_ms, 0.0) {
            "latency_mean_ms"
        } else if !at_least(self.latency_sd_ms, 0.0) {
            "latency_sd_ms"
        } else if self.max_attempts == 0 {
            "max_attempts"
        } else {
            return Ok(());
        };
        Err(SimError::Model { field })
    }
}

/// Why a simulation was refused or stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SimError {
    /// A [`Model`] field, by name, is out of its range.
    Model { field: &'static str },
    /// No clients, or more than the slots given.
    Clients { clients: u32, slots: usize },
    /// No runs, or more than the scratch given holds (two values per run).
    Runs { runs: u32, scratch: usize },
    /// No herd buckets, or a bucket width that is not finite and positive.
    Herd,
    /// A client failed `attempts` writes, the model's `max_attempts`.
    TooManyAttempts { client: u32, attempts: u32 },
    /// A client's next write would come after the largest finite time (a
    /// cap near `f64::MAX`).
    TimeOverflow { client: u32 },
}

impl core::fmt::Display for SimError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            SimError::Model { field } => {
                let rule = match field {
                    "multiplier" | "decorrelated_factor" => "a finite number of at least 1",
                    "latency_mean_ms" | "latency_sd_ms" => "a finite number of at least 0",
                    "max_attempts" => "at least 1",
                    _ => "a finite number greater than 0",
                };
                write!(f, "the model's {field} must be {rule}")
            }
            SimError::Clients { clients, slots } => write!(
                f,
                "{clients} clients need from 1 to {slots} slots, the number given"
            ),
            SimError::Runs { runs, scratch } => write!(
                f,
                "{runs} runs need at least 1 run and 2 scratch values per run; {scratch} given"
            ),
            SimError::Herd => f.write_str("the herd needs at least one bucket of a positive width"),
            SimError::TooManyAttempts { client, attempts } => write!(
                f,
                "client {client} failed {attempts} writes, the model's most; raise max_attempts"
            ),
            SimError::TimeOverflow { client } => write!(
                f,
                "client {client}'s next write would come after the largest finite time; lower cap_ms"
            ),
        }
    }
}
