//! Percentiles of independent delays against exact results.

use backoff_core::dist::sum::{CELLS, work_len};
use backoff_core::dist::{Delay, Limits, Summary, independent};
use backoff_core_testing::exact::{capped_sum_cdf, irwin_hall_cdf, quantile};

const PS: [f64; 3] = [0.5, 0.9, 0.99];

fn run(delays: &[Delay], cells: usize) -> (Vec<Summary>, f64) {
    let mut work = vec![0.0; work_len(cells)];
    let mut out = vec![Summary::default(); delays.len()];
    let report = independent(delays, Limits::default(), &mut work, &mut out).unwrap();
    (out, report.grid_step)
}

fn percentiles(s: &Summary) -> [f64; 3] {
    [s.p50, s.p90, s.p99]
}

#[test]
fn irwin_hall_recursion_agrees_with_the_alternating_sum_for_small_n() {
    for n in 1..=8usize {
        for k in 0..=40 {
            let x = n as f64 * k as f64 / 40.0;
            let mut direct = 0.0;
            let mut fact = 1.0;
            for i in 1..=n {
                fact *= i as f64;
            }
            let mut binom = 1.0;
            for j in 0..=n {
                let t = x - j as f64;
                if t > 0.0 {
                    let sign = if j % 2 == 0 { 1.0 } else { -1.0 };
                    direct += sign * binom * t.powi(n as i32);
                }
                binom = binom * (n - j) as f64 / (j + 1) as f64;
            }
            let direct = (direct / fact).clamp(0.0, 1.0);
            assert!((irwin_hall_cdf(n, x) - direct).abs() < 1e-12, "n={n} x={x}");
        }
    }
}

#[test]
fn sums_of_equal_uniforms_match_irwin_hall_within_one_grid_step() {
    // Full jitter with a nominal delay of 3 at every retry: S_k = 3 × IH(k).
    let n = 1000;
    let delays = vec![Delay::uniform(0.0, 3.0); n];
    let (out, _) = run(&delays, CELLS);
    let mut worst = 0.0f64;
    for k in [1usize, 2, 3, 5, 10, 30, 100, 300, 1000] {
        let s = &out[k - 1];
        let mut work = vec![0.0; work_len(CELLS)];
        let mut tmp = vec![Summary::default(); k];
        let step = independent(&delays[..k], Limits::default(), &mut work, &mut tmp)
            .unwrap()
            .grid_step;
        for (got, p) in percentiles(s).into_iter().zip(PS) {
            let want = 3.0 * quantile(|x| irwin_hall_cdf(k, x), p, 0.0, k as f64);
            let err = (got - want).abs();
            let bound = step.max(1e-12 * want.max(1.0));
            assert!(
                err <= bound,
                "k={k} p={p}: got {got}, want {want}, step {step}"
            );
            if step > 0.0 {
                worst = worst.max(err / step);
            }
        }
        assert_eq!(s.min, 0.0);
        assert_eq!(s.max, 3.0 * k as f64);
        assert!((s.mean - 1.5 * k as f64).abs() < 1e-9 * k as f64);
    }
    println!("Irwin–Hall: largest percentile error = {worst:.4} grid steps");
}

#[test]
fn a_single_uniform_is_exact() {
    let (out, _) = run(&[Delay::uniform(2.0, 6.0)], CELLS);
    assert_eq!(percentiles(&out[0]), [4.0, 5.6, 5.96].map(|x: f64| x));
}

/// Small mixed cases: different widths, fixed delays and atoms at caps.
fn mixed_cases() -> Vec<Vec<(f64, f64, f64)>> {
    vec![
        // Exponential with full jitter, capped at 5 before jitter.
        vec![
            (0.0, 1.0, 1.0),
            (0.0, 2.0, 2.0),
            (0.0, 4.0, 4.0),
            (0.0, 5.0, 5.0),
        ],
        // Equal jitter with a fixed delay in between.
        vec![(0.5, 1.0, 1.0), (2.0, 2.0, 2.0), (2.0, 4.0, 4.0)],
        // Proportional ±50 % capped at 5 after jitter: atoms at the cap.
        vec![
            (0.5, 1.5, 5.0),
            (1.0, 3.0, 5.0),
            (2.0, 6.0, 5.0),
            (4.0, 12.0, 5.0),
        ],
        // gRPC-like ±20 %, very unequal widths.
        vec![(0.8, 1.2, 1.2), (1.28, 1.92, 1.92), (96.0, 144.0, 144.0)],
        // A first delay with an atom, then a narrow one.
        vec![(0.0, 10.0, 4.0), (1.0, 1.1, 1.1)],
    ]
}

#[test]
fn small_mixed_sums_match_exact_piecewise_integration() {
    let mut worst = 0.0f64;
    for case in mixed_cases() {
        let delays: Vec<Delay> = case
            .iter()
            .map(|&(lo, hi, cap)| Delay { lo, hi, cap })
            .collect();
        let (out, step) = run(&delays, CELLS);
        let total = out.last().unwrap();
        let lo: f64 = case.iter().map(|d| d.0.min(d.2)).sum();
        let hi: f64 = case.iter().map(|d| d.1.min(d.2)).sum();
        assert_eq!((total.min, total.max), (lo, hi));
        for (got, p) in percentiles(total).into_iter().zip(PS) {
            let want = quantile(|x| capped_sum_cdf(&case, x), p, lo, hi);
            let err = (got - want).abs();
            assert!(
                err <= step,
                "{case:?} p={p}: got {got}, want {want}, step {step}"
            );
            worst = worst.max(err / step);
        }
    }
    println!("mixed: largest percentile error = {worst:.4} grid steps");
}

#[test]
fn a_finer_grid_converges_to_the_exact_percentiles() {
    // The same mixed case at 256 and 4096 cells: the error shrinks.
    let case = &mixed_cases()[2];
    let delays: Vec<Delay> = case
        .iter()
        .map(|&(lo, hi, cap)| Delay { lo, hi, cap })
        .collect();
    let want = quantile(|x| capped_sum_cdf(case, x), 0.9, 0.0, 20.0);
    let coarse = (run(&delays, 256).0.last().unwrap().p90 - want).abs();
    let fine = (run(&delays, 4096).0.last().unwrap().p90 - want).abs();
    assert!(fine < coarse / 4.0, "coarse {coarse}, fine {fine}");
}

#[test]
fn realistic_policies_match_a_sixteen_times_finer_grid_at_every_retry() {
    use backoff_core::dist::{CapOrder, Jitter, Policy, SumDistribution, delays};
    let kinds = [
        (Jitter::Full, CapOrder::BeforeJitter),
        (Jitter::Equal, CapOrder::BeforeJitter),
        (Jitter::Proportional { factor: 0.2 }, CapOrder::BeforeJitter),
        (Jitter::Proportional { factor: 0.5 }, CapOrder::AfterJitter),
    ];
    let mut worst = 0.0f64;
    for (jitter, order) in kinds {
        let policy = Policy {
            base: 100.0,
            multiplier: 2.0,
            max_delay: Some(30_000.0),
            retries: 300,
            jitter,
        };
        let mut buf = vec![Delay::fixed(0.0); 300];
        let ds = delays(&policy, order, &mut buf).unwrap();
        let mut coarse_work = vec![0.0; work_len(CELLS)];
        let mut fine_work = vec![0.0; work_len(16 * CELLS)];
        let mut coarse = SumDistribution::new(&mut coarse_work).unwrap();
        let mut fine = SumDistribution::new(&mut fine_work).unwrap();
        for (d, k) in ds.iter().zip(1u32..) {
            coarse.add(*d, k).unwrap();
            fine.add(*d, k).unwrap();
            let step = coarse.step();
            for p in PS {
                let err = (coarse.quantile(p) - fine.quantile(p)).abs();
                assert!(
                    err <= step,
                    "{jitter:?} retry {k} p={p}: off by {err}, step {step}"
                );
                if step > 0.0 {
                    worst = worst.max(err / step);
                }
            }
        }
    }
    println!("realistic: largest difference from a 16× finer grid = {worst:.4} grid steps");
}

#[test]
fn figures_scale_with_the_unit_from_tiny_to_huge() {
    // The same schedule in units a factor of 1e±280 apart gives the same
    // figures, scaled: nothing overflows or underflows on the way.
    use backoff_core::dist::{CapOrder, Jitter, Policy, delays};
    for (jitter, order) in [
        (Jitter::Full, CapOrder::BeforeJitter),
        (Jitter::Proportional { factor: 0.5 }, CapOrder::AfterJitter),
    ] {
        let at = |unit: f64| {
            let policy = Policy {
                base: unit,
                multiplier: 2.0,
                max_delay: Some(64.0 * unit),
                retries: 40,
                jitter,
            };
            let mut buf = vec![Delay::fixed(0.0); 40];
            let ds = delays(&policy, order, &mut buf).unwrap().to_vec();
            let (out, _) = run(&ds, CELLS);
            out.iter()
                .flat_map(|s| [s.mean, s.p50, s.p90, s.p99].map(|v| v / unit))
                .collect::<Vec<f64>>()
        };
        let one = at(1.0);
        for unit in [1e-280, 1e280] {
            for (a, b) in at(unit).iter().zip(&one) {
                assert!(
                    (a - b).abs() <= 1e-9 * b.abs(),
                    "{jitter:?} unit {unit}: {a} vs {b}"
                );
            }
        }
    }
}

#[test]
fn constant_delays_with_an_atom_at_the_cap_match_a_finer_grid() {
    use backoff_core::dist::SumDistribution;
    // Delays with an atom at a cap on every retry, for 1,000 retries (cap
    // after jitter with a multiplier of 1): ±10 % cut at the nominal delay
    // (half the mass at the cap), ±50 % cut at 0.6 (90 %), full-width cut
    // at 1.9 (5 %).
    for (lo, hi, cap) in [(0.9, 1.1, 1.0), (0.5, 1.5, 0.6), (0.0, 2.0, 1.9)] {
        let d = Delay { lo, hi, cap };
        let mut coarse_work = vec![0.0; work_len(CELLS)];
        let mut fine_work = vec![0.0; work_len(16 * CELLS)];
        let mut coarse = SumDistribution::new(&mut coarse_work).unwrap();
        let mut fine = SumDistribution::new(&mut fine_work).unwrap();
        let (mut worst, mut at) = (0.0f64, 0);
        for k in 1..=1000u32 {
            coarse.add(d, k).unwrap();
            fine.add(d, k).unwrap();
            let step = coarse.step();
            for p in PS {
                let err = (coarse.quantile(p) - fine.quantile(p)).abs();
                assert!(
                    err <= step,
                    "{d:?} retry {k} p={p}: off by {err}, step {step}"
                );
                if err / step > worst {
                    (worst, at) = (err / step, k);
                }
            }
        }
        println!("atom {lo} {hi} {cap}: worst {worst:.3} steps at retry {at}");
    }
}
