//! The total wait's curve (`dist::CURVE_POINTS` quantiles at p = i / 100):
//! for the independent kinds, every point within one grid step of the exact
//! quantile of the sum of capped uniforms (`exact::capped_sum_cdf`, solved
//! by bisection), the ends the exact shortest and longest totals; for the
//! Monte Carlo kinds, every point the order statistic of the run's own path
//! totals at rank ceil(p·N), found here by a full sort instead of the
//! core's selection; for both, points 50, 90 and 99 the P50, P90 and P99
//! the percentiles report, bit for bit, and the curve never falls.

use backoff_core::dist::monte_carlo::{self, MonteCarlo, Row};
use backoff_core::dist::sum::{CELLS, work_len};
use backoff_core::dist::{
    CURVE_POINTS, CapOrder, Delay, Limits, Summary, curve_probability, delays,
    independent_with_curve,
};
use backoff_core::{Jitter, Policy};
use backoff_core_testing::exact::{capped_sum_cdf, quantile};

fn policy(jitter: Jitter, retries: u32, max_delay: Option<f64>) -> Policy {
    Policy {
        base: 100.0,
        multiplier: 2.0,
        max_delay,
        retries,
        jitter,
    }
}

/// Points 50, 90 and 99 are the summary's percentiles; the ends its
/// bounds; no point below the one before.
fn consistent(curve: &[f64], total: &Summary, what: &str) {
    assert_eq!(curve.len(), CURVE_POINTS);
    assert_eq!(curve[0].to_bits(), total.min.to_bits(), "{what}");
    assert_eq!(
        curve[CURVE_POINTS - 1].to_bits(),
        total.max.to_bits(),
        "{what}"
    );
    assert_eq!(curve[50].to_bits(), total.p50.to_bits(), "{what}");
    assert_eq!(curve[90].to_bits(), total.p90.to_bits(), "{what}");
    assert_eq!(curve[99].to_bits(), total.p99.to_bits(), "{what}");
    assert!(
        curve.windows(2).all(|w| w[0] <= w[1]),
        "{what}: the curve falls"
    );
}

#[test]
fn the_grid_curve_is_within_a_grid_step_of_the_exact_quantiles() {
    let mut worst = 0.0f64;
    for jitter in [
        Jitter::None,
        Jitter::Full,
        Jitter::Equal,
        Jitter::Proportional { factor: 0.3 },
    ] {
        for (retries, cap) in [(1, None), (4, Some(500.0)), (9, Some(3000.0))] {
            let p = policy(jitter, retries, cap);
            let mut buf = vec![Delay::fixed(0.0); retries as usize];
            let ds = delays(&p, CapOrder::BeforeJitter, &mut buf)
                .unwrap()
                .to_vec();
            let mut work = vec![0.0; work_len(CELLS)];
            let mut out = vec![Summary::default(); ds.len()];
            let mut curve = vec![0.0; CURVE_POINTS];
            let report =
                independent_with_curve(&ds, Limits::default(), &mut work, &mut out, &mut curve)
                    .unwrap();
            let what = format!("{jitter:?} {retries} {cap:?}");
            consistent(&curve, &report.total, &what);
            let case: Vec<(f64, f64, f64)> = ds.iter().map(|d| (d.lo, d.hi, d.cap)).collect();
            let lo: f64 = case.iter().map(|d| d.0.min(d.2)).sum();
            let hi: f64 = case.iter().map(|d| d.1.min(d.2)).sum();
            assert_eq!((curve[0], curve[CURVE_POINTS - 1]), (lo, hi), "{what}");
            if jitter == Jitter::None {
                assert!(curve.iter().all(|x| *x == lo), "{what}: a certain total");
                continue;
            }
            for (i, got) in curve.iter().enumerate().take(CURVE_POINTS - 1).skip(1) {
                let want = quantile(|x| capped_sum_cdf(&case, x), curve_probability(i), lo, hi);
                let err = (got - want).abs();
                assert!(
                    err <= report.grid_step,
                    "{what} point {i}: got {got}, want {want}, step {}",
                    report.grid_step
                );
                worst = worst.max(err / report.grid_step);
            }
        }
    }
    println!("curve: largest error = {worst:.4} grid steps");
}

#[test]
fn the_monte_carlo_curve_is_the_order_statistics_of_the_runs_paths() {
    for jitter in [Jitter::Decorrelated, Jitter::Polly] {
        for (retries, cap) in [(1, None), (6, Some(2000.0)), (40, Some(30_000.0))] {
            let p = policy(jitter, retries, cap);
            let mc = MonteCarlo::for_retries(retries);
            let mut work = vec![0.0; monte_carlo::work_len(mc.samples)];
            let mut rows = vec![Row::default(); retries as usize];
            let report = monte_carlo::run(&p, mc, Limits::default(), &mut work, &mut rows).unwrap();
            let n = report.samples as usize;
            // The path totals as the run left them, sorted here.
            let mut totals = work[n..2 * n].to_vec();
            totals.sort_by(f64::total_cmp);
            let mut curve = vec![0.0; CURVE_POINTS];
            monte_carlo::curve(&mut work, report.samples, &report.total, &mut curve);
            let what = format!("{jitter:?} {retries} {cap:?}");
            consistent(&curve, &report.total, &what);
            for (i, got) in curve.iter().enumerate().take(CURVE_POINTS - 1).skip(1) {
                // Rank ceil(p·N), 1-based.
                let rank = ((n as f64 * curve_probability(i)).ceil() as usize).clamp(1, n);
                let want = totals[rank - 1].clamp(report.total.min, report.total.max);
                assert_eq!(got.to_bits(), want.to_bits(), "{what} point {i}");
            }
        }
    }
}

#[test]
fn a_buffer_of_another_length_is_left_alone() {
    let ds = [Delay::uniform(0.0, 10.0); 3];
    let mut work = vec![0.0; work_len(CELLS)];
    let mut out = vec![Summary::default(); 3];
    let mut short = vec![7.0; CURVE_POINTS - 1];
    independent_with_curve(&ds, Limits::default(), &mut work, &mut out, &mut short).unwrap();
    assert!(short.iter().all(|x| *x == 7.0));
}
