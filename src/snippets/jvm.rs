//! Java: resilience4j and Spring Retry. Durations in whole milliseconds.

use super::{
    Difference, DifferenceCode, Draft, Var, float_literal, jitter_unsupported, whole_milliseconds,
};
use crate::backoff::{Jitter, Policy, Schedule};

/// resilience4j (`IntervalFunction.java` at af9e7c9, lines 96–160 and
/// 239–245): `ofExponentialBackoff(initial, multiplier[, max])` iterates
/// `x → (long) (x × multiplier)` from the initial interval, capped with
/// `Math.min`; `ofExponentialRandomBackoff(initial, multiplier, factor[,
/// max])` draws `min + random × (max − min + 1)` on [d(1 − f), d(1 + f)],
/// truncated to a `long`, at least 1, and caps after. `maxAttempts` counts
/// the first call (`RetryConfig.java`, line 40).
pub(super) fn resilience4j(policy: &Policy) -> Draft {
    let (first, cap, nominal) = whole_milliseconds(policy);
    let mut differences: Vec<Difference> = nominal.into_iter().collect();
    let duration = |ms: i64| format!("Duration.ofMillis({ms})");
    let multiplier = float_literal(policy.multiplier);
    let mut settings = vec![
        ("maxAttempts", f64::from(policy.retries) + 1.0),
        ("initialInterval", first as f64),
        ("multiplier", policy.multiplier),
    ];
    let mut arguments = vec![duration(first), multiplier];
    match policy.jitter {
        Jitter::None => {}
        Jitter::Proportional { factor } => {
            arguments.push(float_literal(factor));
            settings.push(("randomizationFactor", factor));
            differences.push(Difference {
                code: DifferenceCode::WholeMillisecondDraws,
                vars: Vec::new(),
            });
            if let Some(cap) = cap
                && longest_uncapped(policy) * (1.0 + factor) > cap as f64
            {
                differences.push(Difference {
                    code: DifferenceCode::CapAfterJitter,
                    vars: vec![("max", Var::Number(cap as f64))],
                });
            }
        }
        other => differences.push(jitter_unsupported(other)),
    }
    if let Some(cap) = cap {
        arguments.push(duration(cap));
        settings.push(("maxInterval", cap as f64));
    }
    let function = if matches!(policy.jitter, Jitter::Proportional { .. }) {
        "ofExponentialRandomBackoff"
    } else {
        "ofExponentialBackoff"
    };
    let code = format!(
        "import io.github.resilience4j.core.IntervalFunction;\n\
         import io.github.resilience4j.retry.RetryConfig;\n\
         import java.time.Duration;\n\n\
         RetryConfig config = RetryConfig.custom()\n    \
         .maxAttempts({})\n    \
         .intervalFunction(IntervalFunction.{function}(\n        {}))\n    \
         .build();\n",
        policy.retries + 1,
        arguments.join(", "),
    );
    Draft {
        code,
        differences,
        settings,
    }
}

/// The longest nominal delay before any cap: the last one.
fn longest_uncapped(policy: &Policy) -> f64 {
    let uncapped = Policy {
        max_delay: None,
        ..*policy
    };
    Schedule::new(uncapped)
        .ok()
        .and_then(|s| s.rows().last())
        .map_or(f64::INFINITY, |r| r.delay)
}

/// Spring Retry (`ExponentialBackOffPolicy.java` at c8977dd, lines 133–165
/// and 290–304): the first sleep is the initial interval (a `long`, at least
/// 1), then `interval = (long) (interval × multiplier)`, each sleep capped at
/// the maximum interval (default 30 s, so it is always written); a
/// multiplier of 1 or less is taken as 1, where `FixedBackOffPolicy` says
/// the same more plainly. `SimpleRetryPolicy(maxAttempts)` counts the first
/// call. Its random variant is no kind of the core's.
pub(super) fn spring_retry(policy: &Policy) -> Draft {
    let (first, cap, nominal) = whole_milliseconds(policy);
    let mut differences: Vec<Difference> = nominal.into_iter().collect();
    if policy.jitter != Jitter::None {
        differences.push(jitter_unsupported(policy.jitter));
    }
    let attempts = policy.retries + 1;
    let mut settings = vec![("maxAttempts", f64::from(attempts))];
    let back_off = if policy.multiplier == 1.0 {
        let period = cap.map_or(first, |c| first.min(c));
        settings.push(("backOffPeriod", period as f64));
        format!(
            "FixedBackOffPolicy backOff = new FixedBackOffPolicy();\n\
             backOff.setBackOffPeriod({period}L);\n"
        )
    } else {
        settings.push(("initialInterval", first as f64));
        settings.push(("multiplier", policy.multiplier));
        let max = match cap {
            Some(cap) => {
                settings.push(("maxInterval", cap as f64));
                format!("{cap}L")
            }
            None => "Long.MAX_VALUE".to_string(),
        };
        format!(
            "ExponentialBackOffPolicy backOff = new ExponentialBackOffPolicy();\n\
             backOff.setInitialInterval({first}L);\n\
             backOff.setMultiplier({});\n\
             backOff.setMaxInterval({max});\n",
            float_literal(policy.multiplier)
        )
    };
    let import = if policy.multiplier == 1.0 {
        "FixedBackOffPolicy"
    } else {
        "ExponentialBackOffPolicy"
    };
    let code = format!(
        "import org.springframework.retry.backoff.{import};\n\
         import org.springframework.retry.policy.SimpleRetryPolicy;\n\
         import org.springframework.retry.support.RetryTemplate;\n\n\
         RetryTemplate template = new RetryTemplate();\n\
         {back_off}\
         template.setBackOffPolicy(backOff);\n\
         template.setRetryPolicy(new SimpleRetryPolicy({attempts}));\n"
    );
    Draft {
        code,
        differences,
        settings,
    }
}
