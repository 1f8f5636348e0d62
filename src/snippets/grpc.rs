//! gRPC: a service config's retry policy (JSON, so without comments).

use super::difference::DifferenceCode::{AttemptsLimited, JitterFixed, LongestSetting};
use super::literals::{float_literal, json_seconds};
use super::template::{Check, Expr, Jitters, Recipe, any, capped, is, n, not, op, s, v, when};

/// The longest protobuf `Duration`, 315,576,000,000 s, in milliseconds:
/// grpc-go refuses longer ones (`internal/serviceconfig/duration.go` at
/// 4793ad0, lines 88–91).
const LONGEST_MS: f64 = 315_576_000_000_000.0;
/// One nanosecond, the shortest duration above zero the format holds: A6
/// requires both durations to be greater than zero (line 125).
const SHORTEST_MS: f64 = 1e-6;

/// `ms` within what the service config takes: at least a nanosecond (a
/// shorter one is within the clock resolution the snippets allow for), at
/// most the longest.
fn within_range(ms: Expr) -> Expr {
    op("min", [op("max", [ms, n(SHORTEST_MS)]), n(LONGEST_MS)])
}

/// gRFC A6 (`A6-client-retries.md` at 1fd061a, lines 113–124) and grpc-go
/// (`stream.go` at 4793ad0, lines 866–871): retry n waits
/// `min(initialBackoff × backoffMultiplier^(n − 1), maxBackoff) ×
/// random(0.8, 1.2)`: the core's proportional jitter of factor 0.2, the
/// only jitter there is. `maxAttempts` counts the first call, and values
/// over 5 are treated as 5. `maxBackoff` is required: without a cap the
/// snippet writes the longest delay of the schedule, which changes nothing.
pub(super) fn service_config() -> Recipe {
    let attempts = || op("+", [v("retries"), n(1.0)]);
    let max = || v("longest");
    Recipe {
        template: "{\n  \"methodConfig\": [\n    {\n      \"name\": [\n        {\n          \
                   \"service\": \"example.Service\"\n        }\n      ],\n      \
                   \"retryPolicy\": {\n        \
                   \"maxAttempts\": $0,\n        \
                   \"initialBackoff\": \"$1\",\n        \
                   \"maxBackoff\": \"$2\",\n        \
                   \"backoffMultiplier\": $3,\n        \
                   \"retryableStatusCodes\": [\n          \"UNAVAILABLE\"\n        ]\n      \
                   }\n    }\n  ]\n}\n",
        lets: vec![("longest", when(capped(), v("max_delay"), v("top")))],
        holes: vec![
            op("n", [attempts()]),
            json_seconds(within_range(v("base"))),
            json_seconds(within_range(max())),
            float_literal(v("multiplier")),
        ],
        checks: vec![
            Check {
                code: JitterFixed,
                // A factor is given for proportional jitter only.
                when: not(is("jitter_factor", n(0.2))),
                vars: vec![("jitter", s("proportional")), ("percent", n(20.0))],
            },
            Check {
                code: AttemptsLimited,
                // More than 5 attempts: more than 4 retries.
                when: op("<", [n(4.0), v("retries")]),
                vars: vec![("max_attempts", n(5.0)), ("retries", n(4.0))],
            },
            Check {
                code: LongestSetting,
                when: any([
                    op("<", [n(LONGEST_MS), v("base")]),
                    op("<", [n(LONGEST_MS), max()]),
                ]),
                vars: vec![("longest", n(LONGEST_MS))],
            },
        ],
        // Its jitter is its own, whatever the kind: `JitterFixed` says so.
        jitters: Jitters::Own,
        settings: vec![
            ("maxAttempts", attempts()),
            ("initialBackoff", within_range(v("base"))),
            ("maxBackoff", within_range(max())),
            ("backoffMultiplier", v("multiplier")),
        ],
    }
}
