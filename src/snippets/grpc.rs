//! gRPC: a service config's retry policy (JSON, so without comments).

use super::{Difference, DifferenceCode, Draft, Var};
use crate::backoff::{Jitter, Policy, Schedule};

/// gRFC A6 (`A6-client-retries.md` at 1fd061a, lines 113–124) and grpc-go
/// (`stream.go` at 4793ad0, lines 866–871): retry n waits
/// `min(initialBackoff × backoffMultiplier^(n − 1), maxBackoff) ×
/// random(0.8, 1.2)`: the core's proportional jitter of factor 0.2, the
/// only jitter there is. `maxAttempts` counts the first call, and values
/// over 5 are treated as 5. `maxBackoff` is required: without a cap the
/// snippet writes the longest delay of the schedule, which changes nothing.
pub(super) fn service_config(policy: &Policy) -> Draft {
    let mut differences = Vec::new();
    if policy.jitter != (Jitter::Proportional { factor: 0.2 }) {
        differences.push(Difference {
            code: DifferenceCode::JitterFixed,
            vars: vec![
                ("jitter", Var::Code("proportional")),
                ("factor", Var::Number(0.2)),
            ],
        });
    }
    let attempts = policy.retries + 1;
    if attempts > 5 {
        differences.push(Difference {
            code: DifferenceCode::AttemptsLimited,
            vars: vec![
                ("max_attempts", Var::Number(5.0)),
                ("retries", Var::Number(4.0)),
            ],
        });
    }
    let max = policy.max_delay.unwrap_or_else(|| {
        Schedule::new(*policy)
            .ok()
            .and_then(|s| s.rows().map(|r| r.delay).reduce(f64::max))
            .unwrap_or(policy.base)
    });
    let config = serde_json::json!({
        "methodConfig": [{
            "name": [{ "service": "example.Service" }],
            "retryPolicy": {
                "maxAttempts": attempts,
                "initialBackoff": seconds(policy.base),
                "maxBackoff": seconds(max),
                "backoffMultiplier": policy.multiplier,
                "retryableStatusCodes": ["UNAVAILABLE"],
            },
        }],
    });
    Draft {
        code: format!(
            "{}\n",
            serde_json::to_string_pretty(&config).expect("plain data")
        ),
        differences,
        settings: vec![
            ("maxAttempts", f64::from(attempts)),
            ("initialBackoff", policy.base),
            ("maxBackoff", max),
            ("backoffMultiplier", policy.multiplier),
        ],
    }
}

/// Milliseconds as a protobuf JSON duration: seconds with up to nine
/// decimals and an `s`.
fn seconds(ms: f64) -> String {
    let text = format!("{:.9}", ms / 1000.0);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text}s")
}
