//! gRPC: a service config's retry policy (JSON, so without comments).

use super::difference::DifferenceCode::{AttemptsLimited, JitterFixed};
use super::template::{
    Check, Jitters, Recipe, capped, float_literal, is, json_seconds, n, not, op, s, v, when,
};

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
            json_seconds(v("base")),
            json_seconds(max()),
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
        ],
        // Its jitter is its own, whatever the kind: `JitterFixed` says so.
        jitters: Jitters::Own,
        settings: vec![
            ("maxAttempts", attempts()),
            ("initialBackoff", v("base")),
            ("maxBackoff", max()),
            ("backoffMultiplier", v("multiplier")),
        ],
    }
}
