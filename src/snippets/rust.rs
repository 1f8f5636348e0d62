//! Rust: backon. Durations as `std::time::Duration`.

use super::difference::DifferenceCode::SinglePrecision;
use super::template::{
    Check, Jitters, Recipe, always, any, capped, concat, float_literal, jitter_is, n, op,
    rust_duration, s, v, when,
};

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
            float_literal(v("multiplier")),
            when(
                capped(),
                concat([s(".with_max_delay("), rust_duration(max()), s(")")]),
                s(".without_max_delay()"),
            ),
            op("n", [v("retries")]),
            when(third(), s("\n    .with_jitter()"), s("")),
        ],
        checks: vec![Check {
            code: SinglePrecision,
            when: any([op("<", [n(1.0), v("retries")]), third()]),
            vars: vec![],
        }],
        jitters: Jitters::Kinds(vec![("none", always()), ("proportional", third())]),
        settings: vec![
            ("min_delay", min()),
            ("factor", v("multiplier")),
            ("max_delay", when(capped(), max(), n(f64::INFINITY))),
            ("max_times", v("retries")),
            ("jitter", when(third(), n(1.0), n(0.0))),
        ],
    }
}
