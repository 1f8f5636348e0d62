//! The retry-storm model's strategies (`backoff_core::storm::guard`)
//! against Marc Brooker's `retry_sim` (mbrooker/simulator_example@bbfe3946,
//! whose own output over 10 runs of each function is kept in
//! `core/tests/data/retry-sim/`, its README saying how it was made), and
//! the libraries' retry budgets run in the model against their closed forms
//! (`backoff_core::budget`).

use backoff_core::storm::{Arrivals, Client, Guard, Rate, Retry, Scenario, Second, Server, System};
use backoff_core::{Jitter, Policy};

use super::storm::{mean_se, rows};

/// Brooker's `retry_sim` (mbrooker/simulator_example@bbfe3946), as its
/// functions run it: clients each sending a Poisson stream, a server that
/// fails each attempt with the failure rate whatever its load, network
/// delays exponential with a mean of 10 ms each way, no timeout, 10 s of
/// arrivals then drained; a strategy by the name the script prints. Its
/// clients' first requests come one network delay after the start, the
/// model's at the start: the server's answers do not depend on when.
fn retry_sim(name: &str, clients: u32, rate: f64, failure_rate: f64) -> Scenario {
    let immediately = |retries| Retry::Immediately { retries };
    // Its `large` backoff: 0.1 s before the first retry, doubling, no jitter.
    let large = |retries| {
        Retry::Backoff(Policy {
            base: 0.1,
            multiplier: 2.0,
            max_delay: None,
            retries,
            jitter: Jitter::None,
        })
    };
    // The adaptive bucket (0.1 a request, 5 at most) has no count of its
    // own: it stops a request's retries alone (never more than 5 in a row).
    let adaptive = Guard::Bucket {
        fill: 0.1,
        size: 5.0,
    };
    let breaker = Guard::Breaker { ratio: 0.1 };
    let (retry, guard) = match name {
        "no_retries" => (immediately(0), Guard::None),
        "three_retries" | "three_retries_no_backoff" => (immediately(3), Guard::None),
        "three_retries_large_backoff" | "three_retries_unbounded" | "three_retries_100_serial" => {
            (large(3), Guard::None)
        }
        "adaptive_10pct" | "adaptive_10pct_no_backoff" => (immediately(20), adaptive),
        "adaptive_10pct_large_backoff" => (large(20), adaptive),
        "breaker_10pct" => (immediately(3), breaker),
        _ if name.starts_with("adaptive_10pct_") => (immediately(20), adaptive),
        _ if name.starts_with("breaker_10pct_") => (immediately(3), breaker),
        _ => panic!("no strategy {name}"),
    };
    // Its `SerialClient`: one call in flight a client.
    let system = if name.ends_with("_serial") {
        System::Closed
    } else {
        System::Open
    };
    Scenario {
        duration: 12.0,
        arrivals: Arrivals {
            system,
            rate: Rate::Constant { rate },
            first: 0.0,
            until: 10.0,
            clients,
        },
        server: Server {
            base: 0.0,
            slope: 0.0,
            limit: None,
            queue: 0,
            failure_rate,
        },
        network: 0.01,
        client: Client {
            timeout: 60.0,
            retry,
            guard,
            layers: 1,
        },
    }
}

/// One run's load (attempts per request), success (requests that succeed,
/// per request) and requests.
fn load_and_success(scenario: &Scenario, seed: u64) -> (f64, f64, f64) {
    let seconds = rows(scenario, seed);
    let sum = |f: fn(&Second) -> u32| seconds.iter().map(|s| f64::from(f(s))).sum::<f64>();
    let starts = sum(|s| s.starts);
    (
        sum(|s| s.attempts) / starts,
        sum(|s| s.successes) / starts,
        starts,
    )
}

/// One case of `retry_sim.py`'s output: its failure rate and name as
/// printed, and each run's load, success and requests.
type Case = ((String, String), Vec<(f64, f64, f64)>);

/// The reference of one of `retry_sim.py`'s functions, by case.
fn retry_sim_reference(function: &str) -> Vec<Case> {
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/retry-sim");
    let mut cases: Vec<Case> = Vec::new();
    for i in 1..=10 {
        let text = std::fs::read_to_string(format!("{folder}/{function}-{i:02}.csv")).unwrap();
        for line in text.lines().skip(1) {
            let cells: Vec<&str> = line.split(',').collect();
            let [successes, total, unique] = [1, 2, 3].map(|k| cells[k].parse::<f64>().unwrap());
            let key = (cells[0].to_string(), cells[4].to_string());
            let run = (total / unique, successes / unique, unique);
            match cases.iter_mut().find(|(k, _)| *k == key) {
                Some((_, runs)) => runs.push(run),
                None => cases.push((key, vec![run])),
            }
        }
    }
    cases
}

/// Each case of `function` in the model (20 seeds) against the simulator's
/// 10 runs: load and success within four standard errors of their
/// difference, and 0.002; requests within four standard errors and 1 %.
fn compare_retry_sim(function: &str, clients_and_rate: impl Fn(&str) -> (u32, f64)) {
    let mut failures = Vec::new();
    for ((rate_text, name), theirs) in retry_sim_reference(function) {
        let p: f64 = rate_text.parse().unwrap();
        let (clients, rate) = clients_and_rate(&name);
        let scenario = retry_sim(&name, clients, rate, p);
        let ours: Vec<(f64, f64, f64)> = (0..20)
            .map(|seed| load_and_success(&scenario, seed))
            .collect();
        for (figure, pick) in [("load", 0), ("success", 1), ("requests", 2)] {
            let get = |runs: &[(f64, f64, f64)]| -> Vec<f64> {
                runs.iter().map(|r| [r.0, r.1, r.2][pick]).collect()
            };
            let (a, se_a) = mean_se(&get(&ours));
            let (b, se_b) = mean_se(&get(&theirs));
            let slack = if pick == 2 { 0.01 * b } else { 0.002 };
            let allowed = 4.0 * (se_a * se_a + se_b * se_b).sqrt() + slack;
            let line = format!(
                "{function} {name} at {p}: {figure} model {a:.4} ± {se_a:.4}, simulator {b:.4} ± {se_b:.4}"
            );
            println!("{line}");
            if (a - b).abs() > allowed {
                failures.push(line);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn brookers_retry_strategies_are_reproduced() {
    // "Simulating Performance": 100 clients of 10 requests a second. The
    // script's list of failure rates has 0.75 between 0.05 and 0.1 (0.075
    // meant, surely); it is run as written.
    compare_retry_sim("run_sims", |_| (100, 1000.0));
    // Backoff makes no difference to a server whose failures do not depend
    // on its load.
    compare_retry_sim("run_sims_retry_backoff", |_| (100, 1000.0));
    // Nor do clients that wait for each call (`SerialClient`), with the
    // large backoff, against the same clients that do not.
    compare_retry_sim("run_sims_retry_serial", |_| (100, 1000.0));
}

#[test]
fn brookers_client_count_experiment_is_reproduced() {
    // "The effect of client count": 100 requests a second split among 10,
    // 100 or 1,000 clients, each with its own bucket or breaker.
    compare_retry_sim("run_sims_clients", |name| {
        let clients = name
            .rsplit('_')
            .next()
            .and_then(|c| c.strip_suffix("clients"))
            .unwrap()
            .parse()
            .unwrap();
        (clients, 100.0)
    });
}

/// One client sending `rate` requests a second for `seconds` to a server
/// that answers at once and fails a share `p` of attempts, each request
/// retried up to `retries` times at once, under `guard`.
fn guarded(guard: Guard, rate: f64, seconds: f64, p: f64, retries: u32) -> Scenario {
    Scenario {
        duration: seconds,
        arrivals: Arrivals {
            system: System::Open,
            rate: Rate::Constant { rate },
            first: 0.0,
            until: seconds,
            clients: 1,
        },
        server: Server {
            base: 0.0,
            slope: 0.0,
            limit: None,
            queue: 0,
            failure_rate: p,
        },
        network: 0.0001,
        client: Client {
            timeout: 60.0,
            retry: Retry::Immediately { retries },
            guard,
            layers: 1,
        },
    }
}

/// Attempts per request over a run (every request has ended).
fn attempts_per_request(scenario: &Scenario, seed: u64) -> f64 {
    let rows = rows(scenario, seed);
    let starts: u32 = rows.iter().map(|s| s.starts).sum();
    let attempts: u32 = rows.iter().map(|s| s.attempts).sum();
    f64::from(attempts) / f64::from(starts)
}

#[test]
fn the_libraries_budgets_meet_their_closed_forms() {
    use backoff_core::budget::{
        AWS_STANDARD, ENVOY_RETRY_BUDGET, FINAGLE_DEFAULT, GRPC_A6_EXAMPLE, effect,
    };
    // From full, every attempt failing (not timeouts): gRFC A6's example
    // lets 4 retries through, botocore's quota 100.
    for (budget, want) in [(GRPC_A6_EXAMPLE, 4), (AWS_STANDARD, 100)] {
        // 50 requests a second for 1 s: every one of them fails.
        let scenario = guarded(Guard::Budget(budget), 50.0, 1.0, 1.0, 1000);
        let burst = rows(&scenario, 3);
        let retried: u32 = burst.iter().map(|s| s.retries).sum();
        // Nothing left at the second's end: every failed attempt took a
        // token, every retry its cost.
        assert_eq!(burst[0].tokens, 0.0, "{budget:?}");
        let from_full = effect(budget, 1000, 1.0).unwrap().retries_from_full;
        println!("{budget:?}: {retried} retries from full, the closed form {from_full:?}");
        assert_eq!(retried, want, "{budget:?}");
        assert_eq!(from_full, Some(want));
    }
    // Finagle's keeps letting 0.2 a request through: n failing requests of
    // 2 retries within its 10 s window get what its integers allow, a
    // reserve of 500,000 tokens, 1,000 in a request, 5,000 out a retry.
    let scenario = guarded(Guard::Budget(FINAGLE_DEFAULT), 200.0, 1.0, 1.0, 2);
    let burst = rows(&scenario, 3);
    let n: u32 = burst.iter().map(|s| s.starts).sum();
    let retried: u32 = burst.iter().map(|s| s.retries).sum();
    let (mut balance, mut want) = (500_000u32, 0);
    for _ in 0..n {
        balance += 1000;
        for _ in 0..2 {
            if balance >= 5000 {
                balance -= 5000;
                want += 1;
            }
        }
    }
    println!("Finagle: {n} failing requests, {retried} retries; its rule {want}");
    assert!(n > 56, "past the 55 requests that get both retries");
    assert_eq!(retried, want);
    // Its `balance`: the whole retries its tokens pay for.
    assert_eq!(burst[0].tokens, f64::from(balance / 5000));
    // The long run at failure rate f, 1,000 requests a second for 60 s:
    // the attempts per request `effect` holds (Finagle's reserve adds its
    // 10 a second, 0.01 a request at this rate, to 0.011 as its window is
    // 9 to 10 s).
    for (budget, f, floor) in [
        (GRPC_A6_EXAMPLE, 0.05, 0.0),
        (GRPC_A6_EXAMPLE, 0.3, 0.0),
        (AWS_STANDARD, 0.1, 0.0),
        (AWS_STANDARD, 0.5, 0.0),
        (FINAGLE_DEFAULT, 0.1, 0.0),
        (FINAGLE_DEFAULT, 0.6, 0.0105),
    ] {
        let want = effect(budget, 3, f).unwrap().held_attempts + floor;
        let got = attempts_per_request(&guarded(Guard::Budget(budget), 1000.0, 60.0, f, 3), 5);
        println!("{budget:?} at {f}: {got:.4} attempts a request, the closed form {want:.4}");
        assert!(
            (got - want).abs() / want < 0.01,
            "{budget:?} {f}: {got} against {want}"
        );
    }
    // Envoy's: with every attempt as long (each times out after 1 s) and
    // about 1,000 in flight, retries are at most 20 % of the attempts in
    // flight, 0.25 a request: 1.25 attempts.
    let mut scenario = guarded(Guard::Budget(ENVOY_RETRY_BUDGET), 1000.0, 30.0, 0.0, 3);
    scenario.server.base = 2.0;
    scenario.client.timeout = 1.0;
    let loaded = rows(&scenario, 9);
    let late = &loaded[10..];
    let attempts: u32 = late.iter().map(|s| s.attempts).sum();
    let starts: u32 = late.iter().map(|s| s.starts).sum();
    let got = f64::from(attempts) / f64::from(starts);
    let want = effect(ENVOY_RETRY_BUDGET, 3, 1.0).unwrap().held_attempts;
    println!("Envoy under load: {got:.4} attempts a request, the bound {want}");
    assert!((got - want).abs() / want < 0.01, "{got} against {want}");
}
