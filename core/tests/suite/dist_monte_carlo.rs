//! Decorrelated jitter: exact bounds and means, determinism, and the Monte
//! Carlo figures against a long independent simulation.

use backoff_core::dist::DistError;
use backoff_core::dist::Limits;
use backoff_core::dist::monte_carlo::{
    self, DEFAULT_SEED, MonteCarlo, Report, Row, rank_interval, work_len,
};
use backoff_core::{Jitter, Policy};

fn run(policy: Policy, mc: MonteCarlo, limits: Limits) -> Result<(Vec<Row>, Report), DistError> {
    let mut work = vec![0.0; work_len(mc.samples)];
    let mut rows = vec![Row::default(); policy.retries as usize];
    let report = monte_carlo::run(&policy, mc, limits, &mut work, &mut rows)?;
    Ok((rows, report))
}

/// The formula simulated directly, path by path, with a generator of its
/// own (a 64-bit LCG's top 53 bits): per-retry sleeps' and cumulative
/// waits' sample means, and every path's cumulative waits.
fn simulate(policy: Policy, paths: usize, seed: u64) -> (Vec<f64>, Vec<f64>, Vec<Vec<f64>>) {
    let n = policy.retries as usize;
    let mut state = seed;
    let mut unit = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    let cap = policy.max_delay.unwrap_or(f64::INFINITY);
    let (mut sleep_sum, mut cum_sum) = (vec![0.0; n], vec![0.0; n]);
    let mut cums = vec![Vec::with_capacity(paths); n];
    for _ in 0..paths {
        let mut sleep = policy.base;
        let mut cum = 0.0;
        for k in 0..n {
            let (a, b) = (policy.base, sleep * 3.0);
            sleep = (a + unit() * (b - a)).min(cap);
            cum += sleep;
            sleep_sum[k] += sleep;
            cum_sum[k] += cum;
            cums[k].push(cum);
        }
    }
    let p = paths as f64;
    (
        sleep_sum.iter().map(|s| s / p).collect(),
        cum_sum.iter().map(|s| s / p).collect(),
        cums,
    )
}

const POLICY: Policy = Policy {
    base: 100.0,
    multiplier: 1.0,
    max_delay: Some(5_000.0),
    retries: 8,
    jitter: Jitter::Decorrelated,
};

#[test]
fn bounds_are_exact_and_the_mean_is_exact_until_the_cap_can_bind() {
    let (rows, report) = run(POLICY, MonteCarlo::default(), Limits::default()).unwrap();
    // max: min(cap, 100·3^k) = 300, 900, 2700, 5000, …
    let maxes: Vec<f64> = rows.iter().map(|r| r.delay_max).collect();
    assert_eq!(
        maxes,
        [300.0, 900.0, 2700.0, 5000.0, 5000.0, 5000.0, 5000.0, 5000.0]
    );
    assert!(rows.iter().all(|r| r.delay_min == 100.0));
    // 3·2700 > 5000: from retry 4 on the cap can bind.
    assert_eq!(report.exact_mean_retries, 3);
    let exact: Vec<bool> = rows.iter().map(|r| r.mean_exact).collect();
    assert_eq!(exact, [true, true, true, false, false, false, false, false]);
    // E[s1] = (100 + 300)/2 = 200, E[s2] = (100 + 600)/2 = 350, E[s3] = 575.
    let means: Vec<f64> = rows[..3].iter().map(|r| r.delay_mean).collect();
    assert_eq!(means, [200.0, 350.0, 575.0]);
    assert_eq!(rows[2].cumulative.mean, 1125.0);
    assert_eq!(report.total.min, 800.0);
    assert_eq!(report.total.max, 300.0 + 900.0 + 2700.0 + 5.0 * 5000.0);
    assert_eq!(report.generator, "xoshiro256**");
    assert_eq!((report.seed, report.samples), (DEFAULT_SEED, 512));
}

#[test]
fn means_agree_with_a_long_independent_simulation() {
    let mc = MonteCarlo {
        seed: 11,
        samples: 65_536,
    };
    let (rows, report) = run(POLICY, mc, Limits::default()).unwrap();
    let (sleep_means, cum_means, _) = simulate(POLICY, 400_000, 99);
    for (k, row) in rows.iter().enumerate() {
        // Exact means: the simulation's own error is about 0.3 % here.
        let tolerance = 0.01 * cum_means[k];
        assert!(
            (row.cumulative.mean - cum_means[k]).abs() < tolerance,
            "retry {}: {} vs {}",
            k + 1,
            row.cumulative.mean,
            cum_means[k]
        );
        assert!((row.delay_mean - sleep_means[k]).abs() < 0.01 * sleep_means[k]);
    }
    // The reported 99 % half-width of the total mean covers the difference
    // (with room for the simulation's own, smaller, error).
    let diff = (report.total.mean - cum_means[7]).abs();
    assert!(report.mean_error > 0.0);
    assert!(
        diff < 1.5 * report.mean_error,
        "{diff} vs ±{}",
        report.mean_error
    );
}

#[test]
fn percentiles_lie_within_their_stated_rank_error() {
    let mc = MonteCarlo::default();
    let (rows, report) = run(POLICY, mc, Limits::default()).unwrap();
    let (_, _, mut cums) = simulate(POLICY, 200_000, 5);
    for (k, row) in rows.iter().enumerate() {
        let sorted = &mut cums[k];
        sorted.sort_by(f64::total_cmp);
        let rank = |x: f64| sorted.partition_point(|&v| v < x) as f64 / sorted.len() as f64;
        let s = row.cumulative;
        for (x, p) in [(s.p50, 0.5), (s.p90, 0.9), (s.p99, 0.99)] {
            // The stated 99 % rank interval, widened by the simulation's own
            // error.
            let (lo, hi) = rank_interval(p, mc.samples);
            let (sim_lo, sim_hi) = rank_interval(p, 200_000);
            let r = rank(x);
            assert!(
                lo - (p - sim_lo) <= r && r <= hi + (sim_hi - p),
                "retry {} P{p}: rank {r} outside [{lo}, {hi}]",
                k + 1
            );
        }
    }
    // The order-statistic interval of the total's P99 holds the long run's.
    let long_p99 = cums[7][(0.99 * 200_000.0) as usize];
    assert!(report.total_p99_low <= long_p99 && long_p99 <= report.total_p99_high);
}

#[test]
fn the_same_seed_gives_the_same_bits_and_another_seed_other_figures() {
    let a = run(POLICY, MonteCarlo::default(), Limits::default()).unwrap();
    let b = run(POLICY, MonteCarlo::default(), Limits::default()).unwrap();
    let bits = |rows: &[Row]| -> Vec<u64> {
        rows.iter()
            .flat_map(|r| {
                let c = r.cumulative;
                [r.delay_mean, c.mean, c.p50, c.p90, c.p99]
            })
            .map(f64::to_bits)
            .collect()
    };
    assert_eq!(bits(&a.0), bits(&b.0));
    let other = MonteCarlo {
        seed: 1,
        ..MonteCarlo::default()
    };
    let c = run(POLICY, other, Limits::default()).unwrap();
    assert_ne!(bits(&a.0), bits(&c.0));
    // Pinned: a change of generator, seeding or draw order shows here.
    assert_eq!(a.1.total.p50.to_bits(), PINNED_TOTAL_P50);
}

/// The default run's total P50 for `POLICY` (7,345.765943533175).
const PINNED_TOTAL_P50: u64 = 4_664_798_769_770_928_530;

#[test]
fn a_cap_at_or_below_base_makes_every_sleep_the_cap() {
    let p = Policy {
        base: 100.0,
        max_delay: Some(40.0),
        retries: 5,
        ..POLICY
    };
    let (rows, report) = run(p, MonteCarlo::default(), Limits::default()).unwrap();
    for r in &rows {
        assert_eq!((r.delay_min, r.delay_mean, r.delay_max), (40.0, 40.0, 40.0));
        assert!(r.mean_exact);
    }
    let t = report.total;
    assert_eq!([t.min, t.mean, t.max, t.p50, t.p90, t.p99], [200.0; 6]);
}

#[test]
fn errors_name_their_field() {
    let mc = MonteCarlo::default();
    let cases = [
        (
            Policy {
                base: 0.0,
                ..POLICY
            },
            mc,
            DistError::Base,
        ),
        (
            Policy {
                max_delay: Some(f64::NAN),
                ..POLICY
            },
            mc,
            DistError::MaxDelay,
        ),
        (
            Policy {
                retries: 0,
                ..POLICY
            },
            mc,
            DistError::Retries,
        ),
        (POLICY, MonteCarlo { samples: 99, ..mc }, DistError::Samples),
        (
            Policy {
                base: 1.0,
                max_delay: None,
                retries: 1000,
                ..POLICY
            },
            mc,
            // 1.5 × 3^646 > f64::MAX: the total overflows before the delay.
            DistError::TotalOverflow { retry: 646 },
        ),
    ];
    for (p, m, want) in cases {
        let mut work = vec![0.0; work_len(m.samples.max(100))];
        let mut rows = vec![Row::default(); 1000];
        let got = monte_carlo::run(&p, m, Limits::default(), &mut work, &mut rows);
        assert_eq!(got.map(|_| ()), Err(want), "{p:?}");
    }
    let mut short = vec![0.0; work_len(mc.samples) - 1];
    let mut rows = vec![Row::default(); 8];
    let got = monte_carlo::run(&POLICY, mc, Limits::default(), &mut short, &mut rows);
    assert_eq!(got.map(|_| ()), Err(DistError::Workspace));
    let mut work = vec![0.0; work_len(mc.samples)];
    let bad = Limits {
        timeout: Some(-1.0),
        deadline: None,
    };
    let got = monte_carlo::run(&POLICY, mc, bad, &mut work, &mut rows);
    assert_eq!(got.map(|_| ()).map_err(DistError::field), Err("timeout"));
}

#[test]
fn the_deadline_fit_counts_samples() {
    // No cap: the last retry starts by 2·T + S_2 with S_2 >= 200.
    let p = Policy {
        base: 100.0,
        max_delay: None,
        retries: 2,
        ..POLICY
    };
    let limits = Limits {
        timeout: Some(50.0),
        deadline: Some(100.0 + 200.0),
    };
    let (_, report) = run(p, MonteCarlo::default(), limits).unwrap();
    let fit = report.deadline.unwrap();
    // Retry 1 starts at 50 + U[100, 300], in [150, 350]; retry 2 at
    // 100 + S_2 >= 300, never before the deadline.
    assert_eq!((fit.retries_best, fit.retries_worst), (1, 0));
    assert_eq!(fit.last_retry_probability, 0.0);
}

#[test]
fn figures_scale_with_the_unit_from_tiny_to_huge() {
    // Units 2^±900 apart: every operation scales exactly, so every figure,
    // the mean's error included, scales too, with nothing lost to overflow.
    let at = |unit: f64| {
        let p = Policy {
            base: 100.0 * unit,
            max_delay: Some(5_000.0 * unit),
            retries: 30,
            ..POLICY
        };
        let (rows, report) = run(p, MonteCarlo::default(), Limits::default()).unwrap();
        let mut figures: Vec<f64> = rows
            .iter()
            .flat_map(|r| {
                let c = r.cumulative;
                [r.delay_mean, c.mean, c.p50, c.p90, c.p99]
            })
            .collect();
        figures.extend([
            report.mean_error,
            report.total_p99_low,
            report.total_p99_high,
        ]);
        figures.iter().map(|v| v / unit).collect::<Vec<f64>>()
    };
    let one = at(1.0);
    assert!(one.iter().all(|v| *v > 0.0));
    for unit in [2f64.powi(-900), 2f64.powi(900)] {
        for (a, b) in at(unit).iter().zip(&one) {
            assert!((a - b).abs() <= 1e-12 * b, "unit {unit}: {a} vs {b}");
        }
    }
}

#[test]
fn short_schedules_get_more_paths_for_the_same_work() {
    use backoff_core::dist::monte_carlo::{DEFAULT_SAMPLES, MOST_SITE_SAMPLES, samples_for};
    assert_eq!(samples_for(1), MOST_SITE_SAMPLES);
    assert_eq!(samples_for(32), 16_384);
    assert_eq!(samples_for(33), 8_192);
    assert_eq!(samples_for(1000), DEFAULT_SAMPLES);
    for retries in 1..=1000 {
        let s = samples_for(retries);
        assert!(s.is_power_of_two() && (DEFAULT_SAMPLES..=MOST_SITE_SAMPLES).contains(&s));
        assert!(s as u64 * retries as u64 <= 1 << 19 || s == DEFAULT_SAMPLES);
    }
    assert_eq!(MonteCarlo::for_retries(8).samples, MOST_SITE_SAMPLES);
}
