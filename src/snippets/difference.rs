//! The ways a snippet's schedule can differ from the core's, each with the
//! code of its message (`calc-code-differs-<code>`).

/// How a snippet's schedule differs from the core's; the variables of each
/// are those its [`crate::snippets::Difference`] carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DifferenceCode {
    /// The library's multiplier is fixed (`multiplier`); the snippet uses it.
    MultiplierFixed,
    /// The library has no such jitter (`jitter`, a kind); the snippet has none.
    JitterUnsupported,
    /// The library's jitter is one kind with a fixed factor (`jitter`,
    /// `factor`); the snippet has it.
    JitterFixed,
    /// The first retry is immediate instead of waiting `delay`; every
    /// later retry waits the core's delay.
    ImmediateFirstRetry,
    /// Delays are whole milliseconds, truncated: from retry `retry` on,
    /// the library waits `library` where the core waits `core` (jittered
    /// libraries: each draw is truncated).
    WholeMilliseconds,
    /// Each random delay is truncated to whole milliseconds.
    WholeMillisecondDraws,
    /// The library jitters the uncapped delay and caps after, so no delay
    /// exceeds `max`, where the core may exceed it by the factor.
    CapAfterJitter,
    /// Attempts beyond `max_attempts` (the original call included) are
    /// treated as that many: the library makes `retries` retries at most.
    AttemptsLimited,
    /// Delays are computed in single precision (relative error about 1e-7).
    SinglePrecision,
    /// A duration the code would write is longer than the library's
    /// settings take (`longest`): the code writes `longest` instead.
    LongestSetting,
    /// Without a cap, the library's delays stop growing at `longest`, the
    /// longest duration it holds, where the core's grow on.
    LongestDelay,
    /// The multiplier is larger than the library's type holds: the code
    /// writes its largest value (`multiplier`).
    LargestMultiplier,
}

impl DifferenceCode {
    pub const ALL: [DifferenceCode; 12] = [
        DifferenceCode::MultiplierFixed,
        DifferenceCode::JitterUnsupported,
        DifferenceCode::JitterFixed,
        DifferenceCode::ImmediateFirstRetry,
        DifferenceCode::WholeMilliseconds,
        DifferenceCode::WholeMillisecondDraws,
        DifferenceCode::CapAfterJitter,
        DifferenceCode::AttemptsLimited,
        DifferenceCode::SinglePrecision,
        DifferenceCode::LongestSetting,
        DifferenceCode::LongestDelay,
        DifferenceCode::LargestMultiplier,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            DifferenceCode::MultiplierFixed => "multiplier-fixed",
            DifferenceCode::JitterUnsupported => "jitter-unsupported",
            DifferenceCode::JitterFixed => "jitter-fixed",
            DifferenceCode::ImmediateFirstRetry => "immediate-first-retry",
            DifferenceCode::WholeMilliseconds => "whole-milliseconds",
            DifferenceCode::WholeMillisecondDraws => "whole-millisecond-draws",
            DifferenceCode::CapAfterJitter => "cap-after-jitter",
            DifferenceCode::AttemptsLimited => "attempts-limited",
            DifferenceCode::SinglePrecision => "single-precision",
            DifferenceCode::LongestSetting => "longest-setting",
            DifferenceCode::LongestDelay => "longest-delay",
            DifferenceCode::LargestMultiplier => "largest-multiplier",
        }
    }
}
