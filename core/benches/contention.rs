//! The post's whole experiment, timed: 5 strategies × 10..50 clients × 100
//! runs, the default of `backoff-site simulate`, best of five rounds.
//! `cargo bench -p backoff-core --bench contention [-- RUNS]`.

use backoff_core::contention::{Model, Simulator, Slot, Strategy};
use std::time::Instant;

fn main() {
    let runs: u32 = std::env::args()
        .skip(1)
        // `cargo bench` passes `--bench`; a plain number is the run count.
        .find(|arg| !arg.starts_with('-'))
        .map_or(100, |r| r.parse().expect("runs: a whole number"));
    let mut slots = [Slot::EMPTY; 50];
    let mut scratch = vec![0.0; 2 * runs as usize];
    let mut best = f64::INFINITY;
    for round in 0..5 {
        let start = Instant::now();
        let simulator = Simulator::new(Model::AWS).unwrap();
        let mut rows = Vec::new();
        for strategy in Strategy::ALL {
            for clients in [10, 20, 30, 40, 50] {
                let s = simulator
                    .experiment(strategy, clients, runs, 2015, &mut slots, &mut scratch)
                    .unwrap();
                rows.push(s);
            }
        }
        let elapsed = start.elapsed().as_secs_f64() * 1e3;
        best = best.min(elapsed);
        if round == 0 {
            println!(
                "strategy      clients  mean_calls  p50  p90  p99  mean_completion_ms  p50  p90  p99"
            );
            for s in &rows {
                println!(
                    "{:<13} {:>7} {:>11.1} {:>4} {:>4} {:>4} {:>19.1} {:>6.0} {:>6.0} {:>6.0}",
                    s.strategy.name(),
                    s.clients,
                    s.mean_calls,
                    s.calls.p50,
                    s.calls.p90,
                    s.calls.p99,
                    s.mean_completion_ms,
                    s.completion_ms.p50,
                    s.completion_ms.p90,
                    s.completion_ms.p99
                );
            }
        }
        println!("round {round}: {elapsed:.1} ms");
    }
    println!("best of 5: {best:.1} ms for {runs} runs per case");
}
