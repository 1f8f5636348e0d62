//! .NET: Polly. Durations in milliseconds (`TimeSpan.FromMilliseconds`).

use super::difference::DifferenceCode::{
    CapAfterJitter, LongestDelay, LongestSetting, MultiplierFixed,
};
use super::template::{
    Check, Jitters, Recipe, always, any, capped, is, jitter_is, n, not, null, op, reaches, s, v,
    when,
};

/// The longest `Delay` and `MaxDelay` Polly takes, one day in
/// milliseconds (`RetryStrategyOptions.TResult.cs` lines 75 and 89:
/// `[Range(typeof(TimeSpan), "00:00:00", "1.00:00:00")]`).
const LONGEST_SETTING_MS: f64 = 86_400_000.0;
/// `TimeSpan.MaxValue` in milliseconds, where Polly's delays stop growing
/// (`RetryHelper.cs` lines 9–12 and 37–45).
const LONGEST_DELAY_MS: f64 = 922_337_203_685_477.6;

/// Polly 8.7.0 (`src/Polly.Core/Retry/RetryHelper.cs` at a824c6b, lines
/// 16–60 and 113–139): `Constant` waits `Delay`; `Exponential` waits
/// 2^attempt × `Delay` (attempt 0 first: the factor is fixed at 2); with
/// `UseJitter`, `Constant` adds a uniform offset of ±25 % (proportional
/// jitter of factor 0.25) and `Exponential` switches to its own
/// "decorrelated jitter backoff V2" (lines 75–111), the core's `polly` kind,
/// written exactly whatever the multiplier (its factor is fixed). `MaxDelay`
/// caps what comes out, after the jitter (the core jitters the capped
/// delay, but caps Polly's formula after it, as Polly does).
/// `MaxRetryAttempts` counts retries. A `Delay` or `MaxDelay` over a day
/// fails Polly's validation: the snippet writes a day.
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
        lets: vec![
            (
                "constant_jitter",
                op("&", [constant(), is("jitter_factor", n(0.25))]),
            ),
            ("delay", op("min", [v("base"), n(LONGEST_SETTING_MS)])),
            ("cap", op("min", [v("max_delay"), n(LONGEST_SETTING_MS)])),
        ],
        holes: vec![
            op("n", [v("retries")]),
            when(exponential(), s("Exponential"), s("Constant")),
            op("n", [v("delay")]),
            when(
                capped(),
                op(
                    "c",
                    [
                        s("    MaxDelay = TimeSpan.FromMilliseconds("),
                        op("n", [v("cap")]),
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
                        op("<", [v("cap"), op("*", [v("delay"), n(1.25)])]),
                    ],
                ),
                vars: vec![("max", v("cap"))],
            },
            Check {
                code: LongestSetting,
                when: any([
                    op("<", [n(LONGEST_SETTING_MS), v("base")]),
                    op(
                        "&",
                        [capped(), op("<", [n(LONGEST_SETTING_MS), v("max_delay")])],
                    ),
                ]),
                vars: vec![("longest", n(LONGEST_SETTING_MS))],
            },
            Check {
                code: LongestDelay,
                when: op("&", [not(capped()), reaches(v("top"), LONGEST_DELAY_MS)]),
                vars: vec![("longest", n(LONGEST_DELAY_MS))],
            },
        ],
        jitters: Jitters::Kinds(vec![
            ("none", always()),
            ("proportional", constant_jitter()),
            ("polly", always()),
        ]),
        settings: vec![
            ("MaxRetryAttempts", v("retries")),
            ("Delay", v("delay")),
            ("ExponentialFactor", when(exponential(), n(2.0), n(1.0))),
            ("UseJitter", when(use_jitter(), n(1.0), n(0.0))),
            ("MaxDelay", when(capped(), v("cap"), null())),
        ],
    }
}
