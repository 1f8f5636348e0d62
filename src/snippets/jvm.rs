//! Java: resilience4j and Spring Retry. Durations in whole milliseconds.

use super::difference::DifferenceCode::{
    CapAfterJitter, LongestDelay, LongestSetting, WholeMillisecondDraws, WholeMilliseconds,
};
use super::literals::{TWO_POW_63, float_literal};
use super::template::{
    Check, Expr, Jitters, Recipe, any, cap_reaches, capped, concat, is, jitter_is, n, not, null,
    op, reaches, s, v, when,
};

/// A duration in milliseconds as a Java `long`: rounded, at least 1.
fn long(ms: Expr) -> Expr {
    op("max", [op("round", [ms]), n(1.0)])
}

/// A `long` as a literal: `1500L`, and past the type's range (2^63 − 1
/// ms, 292 million years) `Long.MAX_VALUE`. The `L` is needed from 2^31
/// on, where an `int` literal no longer compiles (JLS 3.10.1).
fn long_literal(x: Expr) -> Expr {
    when(
        reaches(x.clone(), TWO_POW_63),
        s("Long.MAX_VALUE"),
        concat([op("n", [x]), s("L")]),
    )
}

/// Whether the first delay (`initial`, as written) or the cap (the let
/// `cap`) is past `long`'s range.
fn past_long(initial: Expr) -> Expr {
    any([
        reaches(initial, TWO_POW_63),
        cap_reaches(v("cap"), TWO_POW_63),
    ])
}

/// The checks of `long`'s range: a setting past it (`too_long`) is written
/// as `Long.MAX_VALUE`; without a cap, the libraries' `(long) (x ×
/// multiplier)` stops at it (JLS 5.1.3).
fn long_range(too_long: Expr) -> [Check; 2] {
    let longest = || vec![("longest", n(TWO_POW_63 - 1.0))];
    [
        Check {
            code: LongestSetting,
            when: too_long,
            vars: longest(),
        },
        Check {
            code: LongestDelay,
            when: op("&", [not(capped()), reaches(v("top"), TWO_POW_63)]),
            vars: longest(),
        },
    ]
}

/// The check that the library's whole milliseconds (see
/// `template::whole_ms`) are the core's delays.
fn whole_milliseconds() -> Check {
    Check {
        code: WholeMilliseconds,
        when: op("<", [n(0.0), v("ms_retry")]),
        vars: vec![
            ("retry", v("ms_retry")),
            ("library", v("ms_library")),
            ("core", v("ms_core")),
        ],
    }
}

fn attempts() -> Expr {
    op("+", [v("retries"), n(1.0)])
}

/// resilience4j (`IntervalFunction.java` at af9e7c9, lines 96–160 and
/// 239–245): `ofExponentialBackoff(initial, multiplier[, max])` iterates
/// `x → (long) (x × multiplier)` from the initial interval, capped with
/// `Math.min`; `ofExponentialRandomBackoff(initial, multiplier, factor[,
/// max])` draws `min + random × (max − min + 1)` on [d(1 − f), d(1 + f)],
/// truncated to a `long`, at least 1, and caps after: where the core's
/// longest draw, its longest delay times 1 + f, passes the cap, the
/// library's stops at it. `maxAttempts` counts the first call
/// (`RetryConfig.java`, line 40).
pub(super) fn resilience4j() -> Recipe {
    let proportional = || jitter_is("proportional");
    Recipe {
        template: "import io.github.resilience4j.core.IntervalFunction;\n\
                   import io.github.resilience4j.retry.RetryConfig;\n\
                   import java.time.Duration;\n\n\
                   RetryConfig config = RetryConfig.custom()\n    \
                   .maxAttempts($0)\n    \
                   .intervalFunction(IntervalFunction.$1(\n        \
                   Duration.ofMillis($2), $3$4$5))\n    \
                   .build();\n",
        lets: vec![("cap", long(v("max_delay")))],
        holes: vec![
            op("n", [attempts()]),
            when(
                proportional(),
                s("ofExponentialRandomBackoff"),
                s("ofExponentialBackoff"),
            ),
            long_literal(long(v("base"))),
            float_literal(v("multiplier")),
            when(
                proportional(),
                op("c", [s(", "), float_literal(v("jitter_factor"))]),
                s(""),
            ),
            when(
                capped(),
                op(
                    "c",
                    [s(", Duration.ofMillis("), long_literal(v("cap")), s(")")],
                ),
                s(""),
            ),
        ],
        checks: [
            whole_milliseconds(),
            Check {
                code: WholeMillisecondDraws,
                when: proportional(),
                vars: vec![],
            },
            Check {
                code: CapAfterJitter,
                when: op(
                    "&",
                    [
                        proportional(),
                        capped(),
                        op(
                            "<",
                            [
                                v("cap"),
                                op("*", [v("top"), op("+", [n(1.0), v("jitter_factor")])]),
                            ],
                        ),
                    ],
                ),
                vars: vec![("max", v("cap"))],
            },
        ]
        .into_iter()
        .chain(long_range(past_long(long(v("base")))))
        .collect(),
        jitters: Jitters::kinds(&["none", "proportional"]),
        settings: vec![
            ("maxAttempts", attempts()),
            ("initialInterval", long(v("base"))),
            ("multiplier", v("multiplier")),
            (
                "randomizationFactor",
                when(proportional(), v("jitter_factor"), null()),
            ),
            ("maxInterval", when(capped(), v("cap"), null())),
        ],
    }
}

/// Spring Retry (`ExponentialBackOffPolicy.java` at c8977dd, lines 133–165
/// and 290–304): the first sleep is the initial interval (a `long`, at least
/// 1), then `interval = (long) (interval × multiplier)`, each sleep capped at
/// the maximum interval (default 30 s, so it is always written); a
/// multiplier of 1 or less is taken as 1, where `FixedBackOffPolicy` says
/// the same more plainly. `SimpleRetryPolicy(maxAttempts)` counts the first
/// call. Its random variant is no kind of the core's.
pub(super) fn spring_retry() -> Recipe {
    let fixed = || is("multiplier", n(1.0));
    let period = || when(capped(), op("min", [v("initial"), v("cap")]), v("initial"));
    Recipe {
        template: "import org.springframework.retry.backoff.$0;\n\
                   import org.springframework.retry.policy.SimpleRetryPolicy;\n\
                   import org.springframework.retry.support.RetryTemplate;\n\n\
                   RetryTemplate template = new RetryTemplate();\n\
                   $1\
                   template.setBackOffPolicy(backOff);\n\
                   template.setRetryPolicy(new SimpleRetryPolicy($2));\n",
        lets: vec![("initial", long(v("base"))), ("cap", long(v("max_delay")))],
        holes: vec![
            when(
                fixed(),
                s("FixedBackOffPolicy"),
                s("ExponentialBackOffPolicy"),
            ),
            when(
                fixed(),
                op(
                    "c",
                    [
                        s("FixedBackOffPolicy backOff = new FixedBackOffPolicy();\n\
                           backOff.setBackOffPeriod("),
                        long_literal(period()),
                        s(");\n"),
                    ],
                ),
                op(
                    "c",
                    [
                        s(
                            "ExponentialBackOffPolicy backOff = new ExponentialBackOffPolicy();\n\
                           backOff.setInitialInterval(",
                        ),
                        long_literal(v("initial")),
                        s(");\nbackOff.setMultiplier("),
                        float_literal(v("multiplier")),
                        s(");\nbackOff.setMaxInterval("),
                        when(capped(), long_literal(v("cap")), s("Long.MAX_VALUE")),
                        s(");\n"),
                    ],
                ),
            ),
            op("n", [attempts()]),
        ],
        checks: [whole_milliseconds()]
            .into_iter()
            .chain(long_range(when(
                fixed(),
                reaches(period(), TWO_POW_63),
                past_long(v("initial")),
            )))
            .collect(),
        jitters: Jitters::kinds(&["none"]),
        settings: vec![
            ("maxAttempts", attempts()),
            ("backOffPeriod", when(fixed(), period(), null())),
            ("initialInterval", when(fixed(), null(), v("initial"))),
            ("multiplier", when(fixed(), null(), v("multiplier"))),
            (
                "maxInterval",
                when(op("&", [not(fixed()), capped()]), v("cap"), null()),
            ),
        ],
    }
}
