//! The simulation against a literal port of the reference simulator
//! (`backoff_core_testing::contention_reference`): mean calls and mean
//! completion must match within four standard errors for every strategy.

use backoff_core::contention::{Model, Simulator, Slot, Strategy};
use backoff_core::rng::Xoshiro256;
use backoff_core_testing::contention_reference::{self, mean_and_standard_error};

#[test]
fn the_library_agrees_with_a_literal_port_of_the_reference() {
    const CLIENTS: u32 = 20;
    const RUNS: u32 = 400;
    let simulator = Simulator::new(Model::AWS).unwrap();
    let mut slots = [Slot::EMPTY; CLIENTS as usize];
    let mut rng = Xoshiro256::new(99);
    for strategy in Strategy::ALL {
        let (mut calls, mut times) = ((Vec::new(), Vec::new()), (Vec::new(), Vec::new()));
        for run in 0..RUNS {
            let r = simulator
                .run(strategy, CLIENTS, 7, run, &mut slots, None)
                .unwrap();
            calls.0.push(r.calls as f64);
            times.0.push(r.completion_ms);
            let (c, t) =
                contention_reference::run(&Model::AWS, strategy, CLIENTS as usize, &mut rng);
            calls.1.push(f64::from(c));
            times.1.push(t);
        }
        for (what, (ours, port)) in [("calls", calls), ("completion", times)] {
            let (a, se_a) = mean_and_standard_error(&ours);
            let (b, se_b) = mean_and_standard_error(&port);
            let tolerance = 4.0 * (se_a * se_a + se_b * se_b).sqrt();
            println!(
                "{} {what}: library {a:.1}, port {b:.1} (± {tolerance:.1})",
                strategy.name()
            );
            assert!(
                (a - b).abs() < tolerance,
                "{} {what}: {a} vs {b}",
                strategy.name()
            );
        }
    }
}
