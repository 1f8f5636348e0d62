//! Rust: backon. Durations as `std::time::Duration`.

use super::{Difference, DifferenceCode, Draft, float_literal, jitter_unsupported, number};
use crate::backoff::{Jitter, Policy};

/// backon 1.5.2 (`backon/src/backoff/exponential.rs` at db212c0, lines
/// 204–253): the first delay is `min_delay`, each next one the previous
/// times `factor` while under `max_delay`, then capped; with jitter, a delay
/// d becomes d + d × U[0, 1), after the cap: uniform on [d, 2d), the core's
/// proportional jitter of factor 1/3 around 3d/2, so the snippet scales the
/// first delay and the cap by 2/3. `max_times` counts retries. The factor
/// is an `f32` and every product is taken in `f32` seconds.
pub(super) fn backon(policy: &Policy) -> Draft {
    let mut differences = Vec::new();
    let third = matches!(policy.jitter, Jitter::Proportional { factor } if (factor - 1.0 / 3.0).abs() < 1e-12);
    let scale = if third { 2.0 / 3.0 } else { 1.0 };
    if !third && policy.jitter != Jitter::None {
        differences.push(jitter_unsupported(policy.jitter));
    }
    if policy.retries > 1 || third {
        differences.push(Difference {
            code: DifferenceCode::SinglePrecision,
            vars: Vec::new(),
        });
    }
    let min = policy.base * scale;
    let max = policy.max_delay.map(|m| m * scale);
    let mut steps = vec![
        format!(".with_min_delay({})", duration(min)),
        format!(".with_factor({})", float_literal(policy.multiplier)),
    ];
    steps.push(match max {
        Some(max) => format!(".with_max_delay({})", duration(max)),
        None => ".without_max_delay()".to_string(),
    });
    steps.push(format!(".with_max_times({})", policy.retries));
    if third {
        steps.push(".with_jitter()".to_string());
    }
    let code = format!(
        "use std::time::Duration;\n\nuse backon::ExponentialBuilder;\n\n\
         let backoff = ExponentialBuilder::default()\n    {};\n",
        steps.join("\n    ")
    );
    Draft {
        code,
        differences,
        settings: vec![
            ("min_delay", min),
            ("factor", policy.multiplier),
            ("max_delay", max.unwrap_or(f64::INFINITY)),
            ("max_times", f64::from(policy.retries)),
            ("jitter", if third { 1.0 } else { 0.0 }),
        ],
    }
}

/// Milliseconds as a `Duration`: `from_millis` when whole, else nanoseconds.
fn duration(ms: f64) -> String {
    if ms.fract() == 0.0 {
        format!("Duration::from_millis({})", number(ms))
    } else {
        format!("Duration::from_nanos({})", number((ms * 1e6).round()))
    }
}
