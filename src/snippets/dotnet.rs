//! .NET: Polly. Durations in milliseconds (`TimeSpan.FromMilliseconds`).

use super::difference::DifferenceCode::{CapAfterJitter, MultiplierFixed};
use super::template::{
    Check, Jitters, Recipe, always, any, capped, is, jitter_is, n, not, null, op, s, v, when,
};

/// Polly 8.7.0 (`src/Polly.Core/Retry/RetryHelper.cs` at a824c6b, lines
/// 16–60 and 113–139): `Constant` waits `Delay`; `Exponential` waits
/// 2^attempt × `Delay` (attempt 0 first: the factor is fixed at 2); with
/// `UseJitter`, `Constant` adds a uniform offset of ±25 % (proportional
/// jitter of factor 0.25) and `Exponential` switches to its own
/// "decorrelated jitter backoff V2" (lines 75–111), the core's `polly` kind,
/// written exactly whatever the multiplier (its factor is fixed). `MaxDelay`
/// caps what comes out, after the jitter (the core jitters the capped
/// delay, but caps Polly's formula after it, as Polly does).
/// `MaxRetryAttempts` counts retries.
pub(super) fn polly() -> Recipe {
    let constant = || is("multiplier", n(1.0));
    let polly = || jitter_is("polly");
    let exponential = || any([polly(), not(constant())]);
    // A factor is given for proportional jitter only: the factor says the
    // kind.
    let constant_jitter = || v("constant_jitter");
    let use_jitter = || any([constant_jitter(), polly()]);
    Recipe {
        template: "using Polly;\nusing Polly.Retry;\n\n\
                   var options = new RetryStrategyOptions\n{\n    \
                   MaxRetryAttempts = $0,\n    \
                   BackoffType = DelayBackoffType.$1,\n    \
                   Delay = TimeSpan.FromMilliseconds($2),\n\
                   $3    \
                   UseJitter = $4,\n};\n",
        lets: vec![(
            "constant_jitter",
            op("&", [constant(), is("jitter_factor", n(0.25))]),
        )],
        holes: vec![
            op("n", [v("retries")]),
            when(exponential(), s("Exponential"), s("Constant")),
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
                when: not(any([constant(), is("multiplier", n(2.0)), polly()])),
                vars: vec![("multiplier", n(2.0))],
            },
            Check {
                code: CapAfterJitter,
                when: op(
                    "&",
                    [
                        constant_jitter(),
                        capped(),
                        op("<", [v("max_delay"), op("*", [v("base"), n(1.25)])]),
                    ],
                ),
                vars: vec![("max", v("max_delay"))],
            },
        ],
        jitters: Jitters::Kinds(vec![
            ("none", always()),
            ("proportional", constant_jitter()),
            ("polly", always()),
        ]),
        settings: vec![
            ("MaxRetryAttempts", v("retries")),
            ("Delay", v("base")),
            ("ExponentialFactor", when(exponential(), n(2.0), n(1.0))),
            ("UseJitter", when(use_jitter(), n(1.0), n(0.0))),
            ("MaxDelay", when(capped(), v("max_delay"), null())),
        ],
    }
}
