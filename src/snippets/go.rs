//! Go: cenkalti/backoff v4. Durations as `time.Duration`.

use super::{Draft, jitter_unsupported, number};
use crate::backoff::{Jitter, Policy};

/// cenkalti/backoff v4.3.0 (`exponential.go` at 720b789, lines 171–216):
/// each `NextBackOff` draws uniformly on [d(1 − f), d(1 + f)] around the
/// current interval d (f the randomization factor), then d = min(d ×
/// multiplier, max interval): the cap comes before the jitter, as the
/// core's proportional jitter. Equal jitter [d/2, d] is the same draw
/// around 3d/4 with f = 1/3, full jitter [0, d] around d/2 with f = 1, so
/// the snippet scales the first delay and the cap. `WithMaxRetries` counts
/// retries; a zero `MaxElapsedTime` never stops.
pub(super) fn cenkalti_backoff(policy: &Policy) -> Draft {
    let mut differences = Vec::new();
    let (scale, factor) = match policy.jitter {
        Jitter::None => (1.0, 0.0),
        Jitter::Proportional { factor } => (1.0, factor),
        Jitter::Equal => (0.75, 1.0 / 3.0),
        Jitter::Full => (0.5, 1.0),
        Jitter::Decorrelated => {
            differences.push(jitter_unsupported(policy.jitter));
            (1.0, 0.0)
        }
    };
    let initial = policy.base * scale;
    let max = policy.max_delay.map(|m| m * scale);
    let settings = vec![
        ("InitialInterval", initial),
        ("RandomizationFactor", factor),
        ("Multiplier", policy.multiplier),
        ("MaxInterval", max.unwrap_or(f64::INFINITY)),
        ("MaxRetries", f64::from(policy.retries)),
    ];
    let (max_text, math) = match max {
        Some(max) => (duration(max), ""),
        None => ("math.MaxInt64".to_string(), "\t\"math\"\n"),
    };
    let code = format!(
        "import (\n{math}\t\"time\"\n\n\t\"github.com/cenkalti/backoff/v4\"\n)\n\n\
         b := backoff.NewExponentialBackOff(\n\
         \tbackoff.WithInitialInterval({}),\n\
         \tbackoff.WithRandomizationFactor({}),\n\
         \tbackoff.WithMultiplier({}),\n\
         \tbackoff.WithMaxInterval({max_text}),\n\
         \tbackoff.WithMaxElapsedTime(0),\n\
         )\n\
         policy := backoff.WithMaxRetries(b, {})\n",
        duration(initial),
        number(factor),
        number(policy.multiplier),
        policy.retries,
    );
    Draft {
        code,
        differences,
        settings,
    }
}

/// Milliseconds as a Go duration: `250 * time.Millisecond` when whole, else
/// whole nanoseconds.
fn duration(ms: f64) -> String {
    if ms.fract() == 0.0 {
        format!("{} * time.Millisecond", number(ms))
    } else {
        format!("time.Duration({})", number((ms * 1e6).round()))
    }
}
