//! One seeded sample run (`dist::sample`) against the core's other figures
//! as oracles: every drawn delay within its schedule row's bounds, the
//! same seed giving the same run, and over many seeds the distribution the
//! percentiles describe: the total's empirical distribution function
//! within the Kolmogorov–Smirnov bound of the grid's exact one for the
//! independent kinds, and each retry's sample mean within five standard
//! errors of the exact mean for the kinds of the Monte Carlo method.

use backoff_core::dist::monte_carlo::{self, MonteCarlo, Row};
use backoff_core::dist::sample::sample;
use backoff_core::dist::{CapOrder, Delay, Limits, SumDistribution, delays, sum};
use backoff_core::{Jitter, Method, Policy, Schedule};

fn policies() -> Vec<Policy> {
    let mut all = Vec::new();
    for jitter in [
        Jitter::None,
        Jitter::Full,
        Jitter::Equal,
        Jitter::Proportional { factor: 0.5 },
        Jitter::Decorrelated,
        Jitter::Polly,
    ] {
        for max_delay in [None, Some(700.0)] {
            all.push(Policy {
                base: 100.0,
                multiplier: 2.0,
                max_delay,
                retries: 6,
                jitter,
            });
        }
    }
    all
}

fn run(policy: &Policy, seed: u64) -> (Vec<f64>, f64) {
    let n = policy.retries as usize;
    let (mut work, mut out) = (vec![Delay::fixed(0.0); n], vec![0.0; n]);
    let total = sample(policy, seed, &mut work, &mut out).unwrap();
    (out, total)
}

#[test]
fn every_delay_lies_within_its_row_and_a_seed_names_one_run() {
    for p in policies() {
        let rows: Vec<_> = Schedule::new(p).unwrap().rows().collect();
        for seed in 0..200 {
            let (delays, total) = run(&p, seed);
            for (d, row) in delays.iter().zip(&rows) {
                assert!(
                    row.min <= *d && *d <= row.max,
                    "{p:?} seed {seed}: retry {} {d} not in [{}, {}]",
                    row.retry,
                    row.min,
                    row.max
                );
            }
            assert_eq!(total, delays.iter().sum::<f64>(), "{p:?}");
            assert_eq!(run(&p, seed), (delays, total), "{p:?}: the same seed");
        }
        if p.jitter != Jitter::None {
            assert_ne!(run(&p, 1).0, run(&p, 2).0, "{p:?}: another seed");
        }
    }
}

#[test]
fn many_runs_have_the_distribution_of_the_figures() {
    let seeds = 20_000u64;
    for p in policies() {
        let totals: Vec<f64> = (0..seeds).map(|s| run(&p, s).1).collect();
        match p.jitter.method() {
            Method::Grid => {
                // The grid's distribution function of the total.
                let n = p.retries as usize;
                let mut buffer = vec![Delay::fixed(0.0); n];
                let delays = delays(&p, CapOrder::BeforeJitter, &mut buffer).unwrap();
                let mut work = vec![0.0; sum::work_len(sum::CELLS)];
                let mut dist = SumDistribution::new(&mut work).unwrap();
                for (d, k) in delays.iter().zip(1..) {
                    dist.add(*d, k).unwrap();
                }
                let mut sorted = totals.clone();
                sorted.sort_by(f64::total_cmp);
                let m = sorted.len() as f64;
                // The largest gap between the two distribution functions,
                // on both sides of each sample.
                let ks = sorted
                    .iter()
                    .enumerate()
                    .map(|(i, &x)| {
                        let f = dist.probability_below(x);
                        (f - i as f64 / m).abs().max(((i + 1) as f64 / m - f).abs())
                    })
                    .fold(0.0f64, f64::max);
                // 1.95/sqrt(m) is the 0.1 % critical value; a fixed total
                // (no jitter) is one step, where the bound is trivially 1.
                if p.jitter != Jitter::None {
                    assert!(ks <= 1.95 / m.sqrt() + 1e-3, "{p:?}: KS distance {ks}");
                }
            }
            Method::MonteCarlo => {
                let n = p.retries as usize;
                let mc = MonteCarlo::for_retries(p.retries);
                let mut work = vec![0.0; monte_carlo::work_len(mc.samples)];
                let mut rows = vec![Row::default(); n];
                monte_carlo::run(&p, mc, Limits::default(), &mut work, &mut rows).unwrap();
                let runs: Vec<Vec<f64>> = (0..seeds).map(|s| run(&p, s).0).collect();
                let mut checked = 0;
                for (k, row) in rows.iter().enumerate().filter(|(_, r)| r.mean_exact) {
                    let xs: Vec<f64> = runs.iter().map(|r| r[k]).collect();
                    let mean = xs.iter().sum::<f64>() / seeds as f64;
                    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / seeds as f64;
                    let se = (var / seeds as f64).sqrt();
                    assert!(
                        (mean - row.delay_mean).abs() <= 5.0 * se + 1e-9,
                        "{p:?}: retry {} mean {mean} against {}",
                        k + 1,
                        row.delay_mean
                    );
                    checked += 1;
                }
                assert!(checked > 0, "{p:?}: some mean is exact");
            }
        }
    }
}
