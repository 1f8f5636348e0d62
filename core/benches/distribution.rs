//! How long a full update takes: 1,000 retries with P50/P90/P99 of every
//! cumulative wait, and the timeline, best of several rounds. Prints the
//! times; a timing is not a test on a shared machine.
//! `cargo bench -p backoff-core --bench distribution`.

use backoff_core::dist::monte_carlo::{self, MonteCarlo, Row};
use backoff_core::dist::sum::{CELLS, work_len};
use backoff_core::dist::{CapOrder, Delay, Jitter, Limits, Policy, Summary, delays, independent};
use std::time::Instant;

fn best_of<F: FnMut()>(runs: usize, mut f: F) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..runs {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed().as_secs_f64() * 1000.0);
    }
    best
}

fn main() {
    let policy = Policy {
        base: 100.0,
        multiplier: 2.0,
        max_delay: Some(30_000.0),
        retries: 1000,
        // Every delay random, so every retry is a full convolution step.
        jitter: Jitter::Proportional { factor: 0.2 },
    };
    let mut buf = vec![Delay::fixed(0.0); 1000];
    let ds = delays(&policy, CapOrder::BeforeJitter, &mut buf)
        .unwrap()
        .to_vec();
    let limits = Limits {
        timeout: Some(2000.0),
        deadline: Some(600_000.0),
    };
    let mut out = vec![Summary::default(); 1000];
    for cells in [256, CELLS, 2 * CELLS] {
        let mut work = vec![0.0; work_len(cells)];
        let ms = best_of(5, || {
            independent(&ds, limits, &mut work, &mut out).unwrap();
        });
        println!("independent, 1000 retries, {cells} cells: {ms:.2} ms");
    }
    let d = Policy {
        base: 100.0,
        max_delay: Some(30_000.0),
        retries: 1000,
        multiplier: 1.0,
        jitter: Jitter::Decorrelated,
    };
    let mut rows = vec![Row::default(); 1000];
    for samples in [512u32, 1024, 4096] {
        let mc = MonteCarlo {
            samples,
            ..MonteCarlo::default()
        };
        let mut work = vec![0.0; monte_carlo::work_len(samples)];
        let ms = best_of(3, || {
            monte_carlo::run(&d, mc, limits, &mut work, &mut rows).unwrap();
        });
        println!("decorrelated, 1000 retries, {samples} samples: {ms:.2} ms");
    }
}
