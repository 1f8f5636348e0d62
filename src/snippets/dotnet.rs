//! .NET: Polly. Durations in milliseconds (`TimeSpan.FromMilliseconds`).

use super::difference::DifferenceCode::{CapAfterJitter, MultiplierFixed};
use super::template::{
    Check, Jitters, Recipe, always, any, capped, is, n, not, null, op, s, v, when,
};

/// Polly 8.7.0 (`src/Polly.Core/Retry/RetryHelper.cs` at a824c6b, lines
/// 16–60 and 113–139): `Constant` waits `Delay`; `Exponential` waits
/// 2^attempt × `Delay` (attempt 0 first: the factor is fixed at 2); with
/// `UseJitter`, `Constant` adds a uniform offset of ±25 % (proportional
/// jitter of factor 0.25) and `Exponential` switches to its own
/// decorrelated formula, no kind of the core's. `MaxDelay` caps what comes
/// out, after the jitter (the core jitters the capped delay).
/// `MaxRetryAttempts` counts retries.
pub(super) fn polly() -> Recipe {
    let constant = || is("multiplier", n(1.0));
    // A factor is given for proportional jitter only: the factor says the
    // kind.
    let use_jitter = || v("use_jitter");
    Recipe {
        template: "using Polly;\nusing Polly.Retry;\n\n\
                   var options = new RetryStrategyOptions\n{\n    \
                   MaxRetryAttempts = $0,\n    \
                   BackoffType = DelayBackoffType.$1,\n    \
                   Delay = TimeSpan.FromMilliseconds($2),\n\
                   $3    \
                   UseJitter = $4,\n};\n",
        lets: vec![(
            "use_jitter",
            op("&", [constant(), is("jitter_factor", n(0.25))]),
        )],
        holes: vec![
            op("n", [v("retries")]),
            when(constant(), s("Constant"), s("Exponential")),
            op("n", [v("base")]),
            when(
                capped(),
                op(
                    "c",
                    [
                        s("    MaxDelay = TimeSpan.FromMilliseconds("),
                        op("n", [v("max_delay")]),
                        s("),\n"),
                    ],
                ),
                s(""),
            ),
            when(use_jitter(), s("true"), s("false")),
        ],
        checks: vec![
            Check {
                code: MultiplierFixed,
                when: not(any([constant(), is("multiplier", n(2.0))])),
                vars: vec![("multiplier", n(2.0))],
            },
            Check {
                code: CapAfterJitter,
                when: op(
                    "&",
                    [
                        use_jitter(),
                        capped(),
                        op("<", [v("max_delay"), op("*", [v("base"), n(1.25)])]),
                    ],
                ),
                vars: vec![("max", v("max_delay"))],
            },
        ],
        jitters: Jitters::Kinds(vec![("none", always()), ("proportional", use_jitter())]),
        settings: vec![
            ("MaxRetryAttempts", v("retries")),
            ("Delay", v("base")),
            ("ExponentialFactor", when(constant(), n(1.0), n(2.0))),
            ("UseJitter", when(use_jitter(), n(1.0), n(0.0))),
            ("MaxDelay", when(capped(), v("max_delay"), null())),
        ],
    }
}
