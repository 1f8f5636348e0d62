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

/// Whether a preset's figures are the library's own defaults, its
/// documented example (where it has none or turns backoff off by default),
/// or the defaults of a behaviour that is off unless a switch turns it on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    Defaults,
    Example,
    OptIn,
}

/// The version of a library a preset was read in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Version {
    /// A release, as the library numbers it (`1.43.67`, `4.0.0-SNAPSHOT`).
    Release(String),
    /// The main branch at a commit after this release.
    MainAfter(String),
    /// A specification as of this date (`2026-06-25`).
    AsOf(String),
    /// The main branch, at a commit no release names.
    Main,
}

impl Version {
    /// The version as the file writes it: `1.2.3`, `main after 1.2.3`,
    /// `as of 2026-06-25` or `main`; `None` for anything else.
    pub fn parse(written: &str) -> Option<Version> {
        let release = |r: &str| {
            r.starts_with(|c: char| c.is_ascii_digit())
                && r.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+'))
        };
        let date = |d: &str| {
            d.len() == 10
                && d.char_indices().all(|(i, c)| {
                    if i == 4 || i == 7 {
                        c == '-'
                    } else {
                        c.is_ascii_digit()
                    }
                })
        };
        if written == "main" {
            Some(Version::Main)
        } else if let Some(r) = written.strip_prefix("main after ") {
            release(r).then(|| Version::MainAfter(r.to_string()))
        } else if let Some(d) = written.strip_prefix("as of ") {
            date(d).then(|| Version::AsOf(d.to_string()))
        } else {
            release(written).then(|| Version::Release(written.to_string()))
        }
    }
}

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Version::Release(r) => f.write_str(r),
            Version::MainAfter(r) => write!(f, "main after {r}"),
            Version::AsOf(d) => write!(f, "as of {d}"),
            Version::Main => f.write_str("main"),
        }
    }
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
    pub const ALL: [Values; 3] = [Values::Defaults, Values::Example, Values::OptIn];

    pub const fn name(self) -> &'static str {
        match self {
            Values::Defaults => "defaults",
            Values::Example => "example",
            Values::OptIn => "opt-in",
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

    /// The difference that the sentence of this way of counting already
    /// states (`calc-preset-unlimited`, `calc-preset-time`), which the
    /// calculator's note then leaves out, so that it says each fact once.
    pub const fn states(self) -> Option<Difference> {
        match self {
            Counts::Unlimited => Some(Difference::Unlimited),
            Counts::Time => Some(Difference::TimeLimit),
            Counts::Attempts | Counts::Retries => None,
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
    /// No delay is shorter than twice the first delay (its floor).
    FloorAtTwiceFirstDelay,
    /// Each delay is drawn from the one before up to three times it, so
    /// none is shorter than the one before (Finagle's decorrelated jitter).
    FloorAtPreviousDelay,
    /// A retry-after header from the server can lengthen a delay.
    RetryAfterHeader,
    /// Throttling errors start from a longer first delay.
    ThrottlingLonger,
}

impl Difference {
    pub const ALL: [Difference; 14] = [
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
        Difference::FloorAtTwiceFirstDelay,
        Difference::FloorAtPreviousDelay,
        Difference::RetryAfterHeader,
        Difference::ThrottlingLonger,
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
            Difference::FloorAtTwiceFirstDelay => "floor-at-twice-first-delay",
            Difference::FloorAtPreviousDelay => "floor-at-previous-delay",
            Difference::RetryAfterHeader => "retry-after-header",
            Difference::ThrottlingLonger => "throttling-longer",
        }
    }
}

/// One library's defaults, validated.
#[derive(Clone, Debug)]
pub struct Preset {
    pub id: String,
    /// The library's or protocol's own name, the same in every language (the
    /// command line's; a page's label is its message `preset-<id>`).
    pub name: String,
    pub group: Group,
    pub version: Version,
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
    /// Its retry budget, if it has one: a name of `backoff::budget::NAMED`.
    pub budget: Option<&'static str>,
}
