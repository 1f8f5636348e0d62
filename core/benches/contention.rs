//! The post's whole experiment, timed: 5 strategies × 10..50 clients × 100
//! runs, the default of `backoff-site simulate`, best of five rounds; the
//! experiment is `core/testing`'s `post_experiment`, as the published-results
//! test runs it. `cargo bench -p backoff-core --bench contention [-- RUNS]`.

use backoff_core_testing::{post_experiment, results_table};
use std::time::Instant;

fn main() {
    let runs: u32 = std::env::args()
        .skip(1)
        // `cargo bench` passes `--bench`; a plain number is the run count.
        .find(|arg| !arg.starts_with('-'))
        .map_or(100, |r| r.parse().expect("runs: a whole number"));
    let mut best = f64::INFINITY;
    for round in 0..5 {
        let start = Instant::now();
        let rows = post_experiment(2015, &[10, 20, 30, 40, 50], runs);
        let elapsed = start.elapsed().as_secs_f64() * 1e3;
        best = best.min(elapsed);
        if round == 0 {
            print!("{}", results_table(&rows));
        }
        println!("round {round}: {elapsed:.1} ms");
    }
    println!("best of 5: {best:.1} ms for {runs} runs per case");
}
