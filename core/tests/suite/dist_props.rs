//! Properties over random policies: percentiles in order and within
//! [min, max], cumulative figures that never go back, no NaN or infinity,
//! and a deadline fit whose counts are ordered.

use backoff_core::dist::monte_carlo::{self, MonteCarlo, Row};
use backoff_core::dist::sum::work_len;
use backoff_core::dist::{
    CapOrder, Delay, Jitter, Limits, Policy, Summary, attempt_starts, delays, independent,
};
use proptest::prelude::*;

/// A jitter kind with independent delays, and where its cap applies.
fn jitter() -> impl Strategy<Value = (Jitter, CapOrder)> {
    prop_oneof![
        Just((Jitter::None, CapOrder::BeforeJitter)),
        Just((Jitter::Full, CapOrder::BeforeJitter)),
        Just((Jitter::Equal, CapOrder::BeforeJitter)),
        (1e-6f64..=1.0, any::<bool>()).prop_map(|(factor, after)| {
            let order = if after {
                CapOrder::AfterJitter
            } else {
                CapOrder::BeforeJitter
            };
            (Jitter::Proportional { factor }, order)
        }),
    ]
}

fn policy() -> impl Strategy<Value = (Policy, CapOrder)> {
    (
        prop_oneof![1e-3f64..1e3, 1e-200f64..1e-190, 1e250f64..1e280],
        prop_oneof![1.0f64..3.0, Just(1.0), 1e100f64..1e300],
        prop_oneof![Just(None), (1e-3f64..1e6).prop_map(Some)],
        1u32..=60,
        jitter(),
    )
        .prop_map(|(base, multiplier, max_delay, retries, (jitter, order))| {
            let policy = Policy {
                base,
                multiplier,
                max_delay,
                retries,
                jitter,
            };
            (policy, order)
        })
}

fn limits() -> impl Strategy<Value = Limits> {
    (
        prop_oneof![Just(None), (0.0f64..1e4).prop_map(Some)],
        prop_oneof![Just(None), (0.0f64..1e6).prop_map(Some)],
    )
        .prop_map(|(timeout, extra)| Limits {
            timeout,
            deadline: extra.map(|e| timeout.unwrap_or(0.0) + e + 1e-3),
        })
}

fn check_summary(s: &Summary) -> Result<(), TestCaseError> {
    let all = [s.min, s.mean, s.max, s.p50, s.p90, s.p99];
    prop_assert!(all.iter().all(|v| v.is_finite()), "{s:?}");
    prop_assert!(
        s.min <= s.p50 && s.p50 <= s.p90 && s.p90 <= s.p99 && s.p99 <= s.max,
        "{s:?}"
    );
    prop_assert!(s.min <= s.mean && s.mean <= s.max, "{s:?}");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn independent_figures_are_ordered_and_finite((p, order) in policy(), l in limits()) {
        let mut buf = vec![Delay::fixed(0.0); p.retries as usize];
        let Ok(ds) = delays(&p, order, &mut buf) else { return Ok(()) };
        let mut work = vec![0.0; work_len(256)];
        let mut out = vec![Summary::default(); ds.len()];
        let Ok(report) = independent(ds, l, &mut work, &mut out) else { return Ok(()) };
        for (k, s) in out.iter().enumerate() {
            check_summary(s)?;
            if k > 0 {
                let before = &out[k - 1];
                prop_assert!(s.min >= before.min && s.max >= before.max && s.mean >= before.mean);
            }
        }
        check_summary(&report.total)?;
        prop_assert!(report.grid_step.is_finite() && report.grid_step >= 0.0);
        let t = l.timeout_or_zero();
        for a in attempt_starts(out.iter().copied(), t) {
            prop_assert!(a.min.is_finite() && a.max.is_finite());
            prop_assert!(a.min <= a.p50 && a.p50 <= a.max);
        }
        if let Some(fit) = report.deadline {
            prop_assert!(fit.retries_worst <= fit.retries_p50 && fit.retries_p50 <= fit.retries_best);
            prop_assert!((0.0..=1.0).contains(&fit.last_retry_probability));
        }
    }

    #[test]
    fn decorrelated_figures_are_ordered_and_finite(
        base in prop_oneof![1e-3f64..1e3, 1e200f64..1e250],
        cap in prop_oneof![Just(None), (1e-3f64..1e6).prop_map(Some)],
        retries in 1u32..=40,
        seed in any::<u64>(),
        samples in 100u32..=140,
        l in limits(),
    ) {
        let p = Policy { base, multiplier: 1.0, max_delay: cap, retries, jitter: Jitter::Decorrelated };
        let mc = MonteCarlo { seed, samples };
        let mut work = vec![0.0; monte_carlo::work_len(samples)];
        let mut rows = vec![Row::default(); retries as usize];
        let Ok(report) = monte_carlo::run(&p, mc, l, &mut work, &mut rows) else {
            return Ok(());
        };
        for r in &rows {
            check_summary(&r.cumulative)?;
            prop_assert!(r.delay_min <= r.delay_mean && r.delay_mean <= r.delay_max);
        }
        prop_assert!(report.mean_error.is_finite() && report.mean_error >= 0.0);
        prop_assert!(report.total_p99_low <= report.total.p99 && report.total.p99 <= report.total_p99_high);
        if let Some(fit) = report.deadline {
            prop_assert!(fit.retries_worst <= fit.retries_p50 && fit.retries_p50 <= fit.retries_best);
            prop_assert!((0.0..=1.0).contains(&fit.last_retry_probability));
        }
    }
}
