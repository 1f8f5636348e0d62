//! Python: tenacity and urllib3. Durations in seconds.

use super::{Difference, DifferenceCode, Draft, Var, jitter_unsupported, multiplier_fixed, number};
use crate::backoff::{Jitter, Policy};

/// tenacity 9.1.4 (`tenacity/wait.py` at d4e868d, lines 177–239):
/// `wait_exponential` is `max(min, min(multiplier × exp_base^(n − 1), max))`
/// with n the attempt number (1 before the first retry), and
/// `wait_random_exponential` is `uniform(min, that)`; strategies add up
/// (`wait_base.__add__`). So full jitter is `wait_random_exponential`, and
/// a uniform range [d(1 − f), d(1 + f)] of the capped delay d is a fixed
/// part d(1 − f) plus a random part up to 2f·d, each capped in proportion.
pub(super) fn tenacity(policy: &Policy) -> Draft {
    let seconds = |ms: f64| ms / 1000.0;
    let (base, cap) = (seconds(policy.base), policy.max_delay.map(seconds));
    let scaled = |k: f64| (base * k, cap.map(|c| c * k));
    let mut differences = Vec::new();
    // (strategy, multiplier, max)
    let parts: Vec<(&str, (f64, Option<f64>))> = match policy.jitter {
        Jitter::None => vec![("wait_exponential", scaled(1.0))],
        Jitter::Full => vec![("wait_random_exponential", scaled(1.0))],
        Jitter::Equal => vec![
            ("wait_exponential", scaled(0.5)),
            ("wait_random_exponential", scaled(0.5)),
        ],
        Jitter::Proportional { factor } if factor >= 1.0 => {
            vec![("wait_random_exponential", scaled(2.0))]
        }
        Jitter::Proportional { factor } => vec![
            ("wait_exponential", scaled(1.0 - factor)),
            ("wait_random_exponential", scaled(2.0 * factor)),
        ],
        Jitter::Decorrelated => {
            differences.push(jitter_unsupported(policy.jitter));
            vec![("wait_exponential", scaled(1.0))]
        }
    };
    let attempts = f64::from(policy.retries) + 1.0;
    let mut settings = vec![
        ("stop_after_attempt", attempts),
        ("exp_base", policy.multiplier),
    ];
    let mut names = vec!["Retrying", "stop_after_attempt"];
    let mut waits = Vec::new();
    for (name, (multiplier, max)) in &parts {
        if !names.contains(name) {
            names.push(name);
        }
        let (m_key, max_key) = match *name {
            "wait_exponential" => ("wait_exponential.multiplier", "wait_exponential.max"),
            _ => (
                "wait_random_exponential.multiplier",
                "wait_random_exponential.max",
            ),
        };
        settings.push((m_key, *multiplier));
        let max = match max {
            Some(max) => {
                settings.push((max_key, *max));
                format!(", max={}", number(*max))
            }
            None => String::new(),
        };
        waits.push(format!(
            "{name}(multiplier={}, exp_base={}{max})",
            number(*multiplier),
            number(policy.multiplier)
        ));
    }
    let code = format!(
        "from tenacity import {}\n\nretrying = Retrying(\n    stop=stop_after_attempt({}),\n    wait={},\n)\n",
        names.join(", "),
        number(attempts),
        waits.join("\n    + "),
    );
    Draft {
        code,
        differences,
        settings,
    }
}

/// urllib3 2.7.0 (`src/urllib3/util/retry.py` at 9a950b9, lines 309–326):
/// after the k-th consecutive error the sleep is 0 for k ≤ 1, else
/// `min(backoff_max, backoff_factor × 2^(k − 1))` (plus `backoff_jitter`
/// times a uniform draw, added before the cap). With `backoff_factor` equal
/// to the first delay, retry k ≥ 2 waits the core's delay for k when the
/// multiplier is 2; the first retry is always immediate.
pub(super) fn urllib3(policy: &Policy) -> Draft {
    let seconds = |ms: f64| ms / 1000.0;
    let factor = seconds(policy.base);
    let mut differences = vec![Difference {
        code: DifferenceCode::ImmediateFirstRetry,
        vars: vec![("delay", Var::Number(policy.base))],
    }];
    if policy.multiplier != 2.0 {
        differences.push(multiplier_fixed(2.0));
    }
    if policy.jitter != Jitter::None {
        differences.push(jitter_unsupported(policy.jitter));
    }
    let (max, max_text) = match policy.max_delay {
        Some(max) => (seconds(max), number(seconds(max))),
        // `Retry` caps at 120 s unless told otherwise.
        None => (f64::INFINITY, "float(\"inf\")".to_string()),
    };
    let code = format!(
        "from urllib3.util import Retry\n\nretry = Retry(total={}, backoff_factor={}, backoff_max={max_text})\n",
        policy.retries,
        number(factor),
    );
    Draft {
        code,
        differences,
        settings: vec![
            ("total", f64::from(policy.retries)),
            ("backoff_factor", factor),
            ("backoff_max", max),
        ],
    }
}
