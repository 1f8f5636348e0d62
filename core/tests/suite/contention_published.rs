//! Agreement with the published experiment ("Exponential Backoff And
//! Jitter", AWS Architecture Blog, 2015): its qualitative conclusions must
//! hold for 50 clients, for more than one seed. The figures for 10 to 50
//! clients are printed as a Markdown table:
//! `cargo test --release -p backoff-core --test contention_published -- --nocapture`.

use backoff_core::contention::{Herd, Model, Simulator, Slot, Strategy, Summary};
use backoff_core_testing::{post_experiment, results_table};

const RUNS: u32 = 100;
const CLIENTS: [u32; 5] = [10, 20, 30, 40, 50];

fn experiment(seed: u64, clients: &[u32]) -> Vec<Summary> {
    post_experiment(seed, clients, RUNS)
}

fn at(summaries: &[Summary], strategy: Strategy, clients: u32) -> Summary {
    *summaries
        .iter()
        .find(|s| s.strategy == strategy && s.clients == clients)
        .unwrap()
}

/// The post's conclusions, for 50 clients.
fn check_conclusions(summaries: &[Summary], seed: u64) {
    use Strategy::*;
    let s = |k| at(summaries, k, 50);
    let calls = |k| s(k).mean_calls;
    let time = |k| s(k).mean_completion_ms;
    // "Both cut down work substantially relative to both the no-jitter
    // approaches": full and decorrelated need at most two thirds of the calls
    // of either no-jitter strategy.
    for jittered in [Full, Decorrelated] {
        for plain in [None, Exponential] {
            assert!(
                calls(jittered) < calls(plain) * 2.0 / 3.0,
                "seed {seed}: {} {} calls vs {} {}",
                jittered.name(),
                calls(jittered),
                plain.name(),
                calls(plain)
            );
        }
    }
    // No backoff and exponential without jitter need the most calls.
    for jittered in [Equal, Full, Decorrelated] {
        assert!(calls(None) > calls(jittered) && calls(Exponential) > calls(jittered));
    }
    // "The no-jitter exponential backoff approach is the clear loser. It not
    // only takes more work, but also takes more time than the jittered
    // approaches."
    for jittered in [Equal, Full, Decorrelated] {
        assert!(
            time(Exponential) > 3.0 * time(jittered),
            "seed {seed}: {}",
            jittered.name()
        );
    }
    // "Equal Jitter ... does slightly more work than Full Jitter, and takes
    // much longer."
    assert!(calls(Equal) > calls(Full), "seed {seed}");
    assert!(time(Equal) > 1.2 * time(Full), "seed {seed}");
    // "The Full Jitter approach uses less work, but slightly more time" than
    // decorrelated jitter.
    assert!(calls(Full) < calls(Decorrelated), "seed {seed}");
    assert!(time(Full) > time(Decorrelated), "seed {seed}");
}

#[test]
fn the_published_conclusions_hold_for_50_clients() {
    for seed in [2015, 1, 2] {
        check_conclusions(&experiment(seed, &[50]), seed);
    }
}

#[test]
fn print_the_results_table() {
    let summaries = experiment(2015, &CLIENTS);
    print!("{}", results_table(&summaries));
    check_conclusions(&summaries, 2015);
}

#[test]
fn print_the_herd_of_50_clients() {
    // Writes per 10 ms bucket over one run (the post's "thundering herd").
    // Every strategy starts with the same wave (all clients write at about
    // 30 ms). After it, exponential backoff without jitter writes in bursts
    // separated by silence; jitter fills the time between. `busy` is the
    // share of buckets with a write, from the first to the last write.
    let simulator = Simulator::new(Model::AWS).unwrap();
    let mut slots = [Slot::EMPTY; 50];
    println!(
        "| strategy | writes | peak per 10 ms | buckets with a write | last write (ms) | busy |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    let mut busy_shares = Vec::new();
    for strategy in Strategy::ALL {
        let mut buckets = vec![0u32; 6000];
        let mut herd = Herd::new(&mut buckets, 10.0).unwrap();
        let run = simulator
            .run(strategy, 50, 2015, 0, &mut slots, Some(&mut herd))
            .unwrap();
        assert_eq!(herd.beyond, 0);
        let peak = *buckets.iter().max().unwrap();
        let busy = buckets.iter().filter(|&&c| c > 0).count();
        let first = buckets.iter().position(|&c| c > 0).unwrap();
        let last = buckets.iter().rposition(|&c| c > 0).unwrap();
        let share = busy as f64 / (last - first + 1) as f64;
        println!(
            "| {} | {} | {peak} | {busy} | {} | {:.0}% |",
            strategy.name(),
            run.calls,
            last * 10,
            share * 100.0
        );
        busy_shares.push(share);
    }
    for jittered in &busy_shares[2..] {
        assert!(busy_shares[1] * 4.0 < *jittered, "{busy_shares:?}");
    }
}

#[test]
fn the_attempt_bound_is_far_above_the_published_cases() {
    let simulator = Simulator::new(Model::AWS).unwrap();
    let mut slots = [Slot::EMPTY; 50];
    let mut most = 0;
    for strategy in Strategy::ALL {
        for run in 0..RUNS {
            let r = simulator
                .run(strategy, 50, 2015, run, &mut slots, None)
                .unwrap();
            most = most.max(r.most_writes);
        }
    }
    println!("most writes of one client, 50 clients, 100 runs per strategy: {most}");
    assert!(most * 10 < Model::AWS.max_attempts, "{most}");
}
