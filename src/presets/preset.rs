//! What a preset is: one library's retry defaults, its group, what it
//! counts, and what of it the core cannot express.

use crate::backoff::Policy;

/// The selector's groups, in the order a selector lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Group {
    Python,
    Java,
    Dotnet,
    Go,
    Rust,
    Ruby,
    Javascript,
    /// Protocols and proxies (gRPC, Envoy), whatever the language.
    Protocol,
}

impl Group {
    pub const ALL: [Group; 8] = [
        Group::Python,
        Group::Java,
        Group::Dotnet,
        Group::Go,
        Group::Rust,
        Group::Ruby,
        Group::Javascript,
        Group::Protocol,
    ];

    /// The stable name: in the file, on the command line, in message ids.
    pub const fn name(self) -> &'static str {
        match self {
            Group::Python => "python",
            Group::Java => "java",
            Group::Dotnet => "dotnet",
            Group::Go => "go",
            Group::Rust => "rust",
            Group::Ruby => "ruby",
            Group::Javascript => "javascript",
            Group::Protocol => "protocol",
        }
    }
}

/// Whether a preset's figures are the library's own defaults or, where it
/// has none or turns backoff off by default, its documented example.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    Defaults,
    Example,
}

/// What the library's count counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counts {
    /// Attempts, the first call included: the core's retries are count − 1.
    Attempts,
    /// Retries after the first call: the core's retries are the count.
    Retries,
    /// It never stops by count; the preset's retries are an illustration.
    Unlimited,
    /// It stops at an elapsed-time limit; the retries are an illustration.
    Time,
}

impl Values {
    pub const ALL: [Values; 2] = [Values::Defaults, Values::Example];

    pub const fn name(self) -> &'static str {
        match self {
            Values::Defaults => "defaults",
            Values::Example => "example",
        }
    }
}

impl Counts {
    pub const ALL: [Counts; 4] = [
        Counts::Attempts,
        Counts::Retries,
        Counts::Unlimited,
        Counts::Time,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Counts::Attempts => "attempts",
            Counts::Retries => "retries",
            Counts::Unlimited => "unlimited",
            Counts::Time => "time",
        }
    }
}

/// What the core cannot express of a library's rule. The calculator and the
/// defaults page explain each (message `calc-preset-differs-<name>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difference {
    /// It never stops by count.
    Unlimited,
    /// It stops at an elapsed-time limit, not a count.
    TimeLimit,
    /// A retry quota or an overall rate limiter can refuse or delay retries.
    RetryQuota,
    /// The first delay is exactly the base; only later delays are jittered.
    FirstDelayUnjittered,
    /// The first retry is immediate; later ones wait the core's delays.
    ImmediateFirstRetry,
    /// Delays are drawn in whole seconds or milliseconds.
    WholeUnits,
    /// Delays grow as a polynomial; the preset is a geometric fit.
    Polynomial,
    /// The jitter is added to the delay, in a range growing with the retry.
    AdditiveJitter,
    /// The cap applies after the jitter, so no delay exceeds it.
    CapAfterJitter,
    /// No delay is shorter than a floor (the library's first delay).
    FloorAtFirstDelay,
}

impl Difference {
    pub const ALL: [Difference; 10] = [
        Difference::Unlimited,
        Difference::TimeLimit,
        Difference::RetryQuota,
        Difference::FirstDelayUnjittered,
        Difference::ImmediateFirstRetry,
        Difference::WholeUnits,
        Difference::Polynomial,
        Difference::AdditiveJitter,
        Difference::CapAfterJitter,
        Difference::FloorAtFirstDelay,
    ];

    /// The stable name, as written in the file.
    pub const fn name(self) -> &'static str {
        match self {
            Difference::Unlimited => "unlimited",
            Difference::TimeLimit => "time-limit",
            Difference::RetryQuota => "retry-quota",
            Difference::FirstDelayUnjittered => "first-delay-unjittered",
            Difference::ImmediateFirstRetry => "immediate-first-retry",
            Difference::WholeUnits => "whole-units",
            Difference::Polynomial => "polynomial",
            Difference::AdditiveJitter => "additive-jitter",
            Difference::CapAfterJitter => "cap-after-jitter",
            Difference::FloorAtFirstDelay => "floor-at-first-delay",
        }
    }
}

/// One library's defaults, validated.
#[derive(Clone, Debug)]
pub struct Preset {
    pub id: String,
    pub name: String,
    pub group: Group,
    pub version: String,
    /// Every figure was read in `sources`.
    pub verified: bool,
    pub values: Values,
    /// Links to the lines read; the first is the main one.
    pub sources: Vec<String>,
    pub counts: Counts,
    /// The library's own number, for `Attempts` and `Retries`.
    pub count: Option<u32>,
    /// In milliseconds; accepted by the core.
    pub policy: Policy,
    pub differs: Vec<Difference>,
}
