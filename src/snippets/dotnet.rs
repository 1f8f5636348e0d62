//! .NET: Polly. Durations in milliseconds (`TimeSpan.FromMilliseconds`).

use super::{Difference, DifferenceCode, Draft, Var, jitter_unsupported, multiplier_fixed, number};
use crate::backoff::{Jitter, Policy};

/// Polly 8.7.0 (`src/Polly.Core/Retry/RetryHelper.cs` at a824c6b, lines
/// 16–60 and 113–139): `Constant` waits `Delay`; `Exponential` waits
/// 2^attempt × `Delay` (attempt 0 first: the factor is fixed at 2); with
/// `UseJitter`, `Constant` adds a uniform offset of ±25 % (proportional
/// jitter of factor 0.25) and `Exponential` switches to its own
/// decorrelated formula, no kind of the core's. `MaxDelay` caps what comes
/// out, after the jitter. `MaxRetryAttempts` counts retries.
pub(super) fn polly(policy: &Policy) -> Draft {
    let mut differences = Vec::new();
    let constant = policy.multiplier == 1.0;
    if !constant && policy.multiplier != 2.0 {
        differences.push(multiplier_fixed(2.0));
    }
    let use_jitter = match policy.jitter {
        Jitter::None => false,
        Jitter::Proportional { factor } if constant && factor == 0.25 => {
            // The core jitters the capped delay; Polly caps the jittered one.
            if let Some(max) = policy.max_delay
                && max < policy.base * 1.25
            {
                differences.push(Difference {
                    code: DifferenceCode::CapAfterJitter,
                    vars: vec![("max", Var::Number(max))],
                });
            }
            true
        }
        other => {
            differences.push(jitter_unsupported(other));
            false
        }
    };
    let backoff_type = if constant { "Constant" } else { "Exponential" };
    let mut settings = vec![
        ("MaxRetryAttempts", f64::from(policy.retries)),
        ("Delay", policy.base),
        ("ExponentialFactor", if constant { 1.0 } else { 2.0 }),
        ("UseJitter", if use_jitter { 1.0 } else { 0.0 }),
    ];
    let max_delay = match policy.max_delay {
        Some(max) => {
            settings.push(("MaxDelay", max));
            format!(
                "    MaxDelay = TimeSpan.FromMilliseconds({}),\n",
                number(max)
            )
        }
        None => String::new(),
    };
    let code = format!(
        "using Polly;\nusing Polly.Retry;\n\n\
         var options = new RetryStrategyOptions\n{{\n    \
         MaxRetryAttempts = {},\n    \
         BackoffType = DelayBackoffType.{backoff_type},\n    \
         Delay = TimeSpan.FromMilliseconds({}),\n\
         {max_delay}    \
         UseJitter = {use_jitter},\n}};\n",
        policy.retries,
        number(policy.base),
    );
    Draft {
        code,
        differences,
        settings,
    }
}
