//! Rust: backon. Durations as `std::time::Duration`.

use super::difference::DifferenceCode::{
    LargestMultiplier, LongestDelay, LongestSetting, SinglePrecision,
};
use super::literals::{TWO_POW_64, float_literal, rust_duration};
use super::template::{
    Check, Jitters, Recipe, always, any, cap_reaches, capped, concat, jitter_is, n, not, op,
    reaches, s, v, when,
};

/// `Duration::MAX` (2^64 − 1 s and 999,999,999 ns) in milliseconds: the
/// longest delay `rust_duration` writes, and where backon's
/// `saturating_mul` stops (`exponential.rs` lines 257–259).
const LONGEST_MS: f64 = TWO_POW_64 * 1000.0;
/// `f32::MAX`, the largest factor `with_factor` takes.
const LARGEST_FACTOR: f64 = f32::MAX as f64;

/// backon 1.5.2 (`backon/src/backoff/exponential.rs` at db212c0, lines
/// 204–253): the first delay is `min_delay`, each next one the previous
/// times `factor` while under `max_delay`, then capped; with jitter, a delay
/// d becomes d + d × U[0, 1), after the cap: uniform on [d, 2d), the core's
/// proportional jitter of factor 1/3 around 3d/2, so the snippet scales the
/// first delay and the cap by 2/3. `max_times` counts retries. The factor
/// is an `f32` and every product is taken in `f32` seconds.
pub(super) fn backon() -> Recipe {
    // A factor of 1/3 as typed (0.3333...) counts.
    let third = || {
        op(
            "&",
            [
                jitter_is("proportional"),
                op(
                    "<",
                    [
                        op("abs", [op("-", [v("jitter_factor"), n(1.0 / 3.0)])]),
                        n(1e-12),
                    ],
                ),
            ],
        )
    };
    let lets = vec![
        ("third", third()),
        ("scale", when(v("third"), n(2.0 / 3.0), n(1.0))),
        ("min", op("*", [v("base"), v("scale")])),
        ("cap", op("*", [v("max_delay"), v("scale")])),
    ];
    let third = || v("third");
    let min = || v("min");
    let max = || v("cap");
    Recipe {
        template: "use std::time::Duration;\n\nuse backon::ExponentialBuilder;\n\n\
                   let backoff = ExponentialBuilder::default()\n    \
                   .with_min_delay($0)\n    \
                   .with_factor($1)\n    \
                   $2\n    \
                   .with_max_times($3)$4;\n",
        lets,
        holes: vec![
            rust_duration(min()),
            when(
                op("<", [n(LARGEST_FACTOR), v("multiplier")]),
                s("f32::MAX"),
                float_literal(v("multiplier")),
            ),
            when(
                capped(),
                concat([s(".with_max_delay("), rust_duration(max()), s(")")]),
                s(".without_max_delay()"),
            ),
            op("n", [v("retries")]),
            when(third(), s("\n    .with_jitter()"), s("")),
        ],
        checks: vec![
            Check {
                code: SinglePrecision,
                when: any([op("<", [n(1.0), v("retries")]), third()]),
                vars: vec![],
            },
            Check {
                code: LongestSetting,
                when: any([reaches(min(), LONGEST_MS), cap_reaches(max(), LONGEST_MS)]),
                vars: vec![("longest", n(LONGEST_MS))],
            },
            Check {
                code: LongestDelay,
                when: op(
                    "&",
                    [
                        not(capped()),
                        reaches(op("*", [v("top"), v("scale")]), LONGEST_MS),
                    ],
                ),
                vars: vec![("longest", n(LONGEST_MS))],
            },
            Check {
                code: LargestMultiplier,
                when: op("<", [n(LARGEST_FACTOR), v("multiplier")]),
                vars: vec![("multiplier", n(LARGEST_FACTOR))],
            },
        ],
        jitters: Jitters::Kinds(vec![("none", always()), ("proportional", third())]),
        settings: vec![
            ("min_delay", min()),
            ("factor", op("min", [v("multiplier"), n(LARGEST_FACTOR)])),
            ("max_delay", when(capped(), max(), n(f64::INFINITY))),
            ("max_times", v("retries")),
            ("jitter", when(third(), n(1.0), n(0.0))),
        ],
    }
}
