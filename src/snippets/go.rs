//! Go: cenkalti/backoff v4. Durations as `time.Duration`.

use super::difference::DifferenceCode::{LongestDelay, LongestSetting};
use super::literals::{TWO_POW_63, go_duration};
use super::template::{
    Check, Jitters, Recipe, any, cap_reaches, capped, jitter_is, n, not, op, reaches, s, v, when,
};

/// `time.Duration`'s largest value, 2^63 − 1 ns, in milliseconds.
const LONGEST_MS: f64 = 9_223_372_036_854.775;

/// cenkalti/backoff v4.3.0 (`exponential.go` at 720b789, lines 171–216):
/// each `NextBackOff` draws uniformly on [d(1 − f), d(1 + f)] around the
/// current interval d (f the randomization factor), then d = min(d ×
/// multiplier, max interval): the cap comes before the jitter, as the
/// core's proportional jitter. Equal jitter [d/2, d] is the same draw
/// around 3d/4 with f = 1/3, full jitter [0, d] around d/2 with f = 1, so
/// the snippet scales the first delay and the cap. `WithMaxRetries` counts
/// retries; a zero `MaxElapsedTime` never stops. A duration is a
/// `time.Duration` (`time/time.go`: an `int64` of nanoseconds): longer ones
/// are written as its largest, where the library's intervals stop
/// growing (`exponential.go` lines 192–200).
pub(super) fn cenkalti_backoff() -> Recipe {
    let scale = || {
        when(
            jitter_is("equal"),
            n(0.75),
            when(jitter_is("full"), n(0.5), n(1.0)),
        )
    };
    let factor = || {
        when(
            jitter_is("equal"),
            n(1.0 / 3.0),
            when(
                jitter_is("full"),
                n(1.0),
                when(jitter_is("proportional"), v("jitter_factor"), n(0.0)),
            ),
        )
    };
    // The first delay and the cap, scaled, as the recipe's lets.
    let initial = || v("initial");
    let max = || v("cap");
    let beyond = |ms| reaches(op("*", [ms, n(1e6)]), TWO_POW_63);
    Recipe {
        template: "import (\n$0\t\"time\"\n\n\t\"github.com/cenkalti/backoff/v4\"\n)\n\n\
                   b := backoff.NewExponentialBackOff(\n\
                   \tbackoff.WithInitialInterval($1),\n\
                   \tbackoff.WithRandomizationFactor($2),\n\
                   \tbackoff.WithMultiplier($3),\n\
                   \tbackoff.WithMaxInterval($4),\n\
                   \tbackoff.WithMaxElapsedTime(0),\n\
                   )\n\
                   policy := backoff.WithMaxRetries(b, $5)\n",
        lets: vec![
            ("scale", scale()),
            ("initial", op("*", [v("base"), v("scale")])),
            ("cap", op("*", [v("max_delay"), v("scale")])),
            (
                "too_long",
                any([
                    beyond(initial()),
                    cap_reaches(op("*", [max(), n(1e6)]), TWO_POW_63),
                ]),
            ),
        ],
        holes: vec![
            when(
                any([not(capped()), v("too_long")]),
                s("\t\"math\"\n"),
                s(""),
            ),
            go_duration(initial()),
            op("n", [factor()]),
            op("n", [v("multiplier")]),
            when(capped(), go_duration(max()), s("math.MaxInt64")),
            op("n", [v("retries")]),
        ],
        checks: vec![
            Check {
                code: LongestSetting,
                when: v("too_long"),
                vars: vec![("longest", n(LONGEST_MS))],
            },
            Check {
                code: LongestDelay,
                when: op(
                    "&",
                    [not(capped()), beyond(op("*", [v("top"), v("scale")]))],
                ),
                vars: vec![("longest", n(LONGEST_MS))],
            },
        ],
        jitters: Jitters::kinds(&["none", "full", "equal", "proportional"]),
        settings: vec![
            ("InitialInterval", initial()),
            ("RandomizationFactor", factor()),
            ("Multiplier", v("multiplier")),
            ("MaxInterval", when(capped(), max(), n(f64::INFINITY))),
            ("MaxRetries", v("retries")),
        ],
    }
}
