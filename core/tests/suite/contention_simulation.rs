//! The contention experiment as a whole: repeatable bit for bit, obeying its
//! conservation laws, and agreeing with the published results.

use backoff_core::contention::{Herd, Model, Run, SimError, Simulator, Slot, Strategy};
use proptest::prelude::*;

const SEED: u64 = 2015;

fn simulator() -> Simulator {
    Simulator::new(Model::AWS).unwrap()
}

use crate::support::sample::{sample_fingerprint, spread_fingerprint};

#[test]
fn the_same_seed_gives_the_same_bits() {
    assert_eq!(sample_fingerprint(SEED), sample_fingerprint(SEED));
    assert_ne!(sample_fingerprint(SEED), sample_fingerprint(SEED + 1));
    assert_eq!(spread_fingerprint(SEED), spread_fingerprint(SEED));
    assert_ne!(spread_fingerprint(SEED), spread_fingerprint(SEED + 1));
}

/// The fingerprints for seed 2015. Every platform reproduces them, wasm32
/// included (`core/tests/suite/contention_wasm.rs` checks that one): the generator, the normal
/// sampler and the simulation use only operations IEEE 754 defines exactly.
/// A change here is a change of every published figure.
#[test]
fn the_output_for_a_seed_is_fixed_across_platforms_and_versions() {
    assert_eq!(sample_fingerprint(SEED), 0xd982_b431_5ee1_3b63);
    assert_eq!(spread_fingerprint(SEED), 0xbefe_96b7_3524_6a8f);
}

#[test]
fn a_run_repeats_alone_whatever_ran_before() {
    let simulator = simulator();
    let mut slots = [Slot::EMPTY; 30];
    let alone = simulator
        .run(Strategy::Decorrelated, 30, SEED, 7, &mut slots, None)
        .unwrap();
    for run in 0..7 {
        simulator
            .run(Strategy::Decorrelated, 30, SEED, run, &mut slots, None)
            .unwrap();
    }
    let again = simulator
        .run(Strategy::Decorrelated, 30, SEED, 7, &mut slots, None)
        .unwrap();
    assert_eq!(alone, again);
}

fn check_conservation(model: Model, strategy: Strategy, clients: u32, seed: u64) -> Run {
    let simulator = Simulator::new(model).unwrap();
    let mut slots = vec![Slot::EMPTY; clients as usize];
    let mut buckets = vec![0; 100];
    let mut herd = Herd::new(&mut buckets, 10.0).unwrap();
    let run = simulator
        .run(strategy, clients, seed, 0, &mut slots, Some(&mut herd))
        .unwrap();
    // Each client succeeds once: the row's version ends at the client count,
    // and a client leaves the queue at its success.
    assert_eq!(run.successes, clients);
    let clients_u64 = u64::from(clients);
    assert!(
        run.calls >= clients_u64,
        "{} calls for {clients} clients",
        run.calls
    );
    assert!(run.most_writes >= 1 && u64::from(run.most_writes) <= run.calls - clients_u64 + 1);
    // Every write is in the herd, in a bucket or beyond the last.
    let counted: u64 =
        herd.buckets.iter().map(|&c| u64::from(c)).sum::<u64>() + u64::from(herd.beyond);
    assert_eq!(counted, run.calls);
    assert!(run.completion_ms.is_finite());
    // The row serialises successes: after each one, the next needs a read
    // that reached the row after it and a write behind that read. With an
    // exact network (sd 0) that gives a floor of one message for the first
    // read, two per success and one for the last response.
    if model.latency_sd_ms == 0.0 {
        let floor = (2.0 * f64::from(clients) + 2.0) * model.latency_mean_ms;
        assert!(
            run.completion_ms >= floor,
            "{} < {floor}",
            run.completion_ms
        );
    } else {
        assert!(run.completion_ms > 0.0);
    }
    run
}

#[test]
fn every_client_succeeds_exactly_once_and_calls_cover_them() {
    for strategy in Strategy::ALL {
        for clients in [1, 2, 10, 50] {
            for seed in 0..5 {
                check_conservation(Model::AWS, strategy, clients, seed);
            }
        }
    }
}

#[test]
fn an_exact_network_bounds_completion_from_below() {
    let exact = Model {
        latency_sd_ms: 0.0,
        ..Model::AWS
    };
    for strategy in Strategy::ALL {
        for clients in [1, 5, 40] {
            check_conservation(exact, strategy, clients, 3);
        }
    }
    // One client alone: one write, four messages of exactly 10 ms.
    let run = check_conservation(exact, Strategy::None, 1, 0);
    assert_eq!((run.calls, run.completion_ms), (1, 40.0));
}

#[test]
fn no_backoff_with_an_exact_network_is_one_success_per_round() {
    // All clients read at 10 ms and write at 30 ms; the first write wins,
    // the others fail and all retry together: round k has N - k + 1 writes.
    let exact = Model {
        latency_sd_ms: 0.0,
        ..Model::AWS
    };
    let run = check_conservation(exact, Strategy::None, 10, 0);
    assert_eq!(run.calls, (1..=10).sum::<u64>());
    assert_eq!(run.most_writes, 10);
}

#[test]
fn the_attempt_bound_stops_a_run_with_a_typed_error() {
    let tight = Model {
        max_attempts: 3,
        ..Model::AWS
    };
    let simulator = Simulator::new(tight).unwrap();
    let mut slots = [Slot::EMPTY; 20];
    let err = simulator
        .run(Strategy::None, 20, SEED, 0, &mut slots, None)
        .unwrap_err();
    assert!(
        matches!(err, SimError::TooManyAttempts { attempts: 3, .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("raise max_attempts"));
}

#[test]
fn times_past_the_largest_finite_number_stop_the_run() {
    // No cap to speak of and a steep growth: the sleeps pass f64::MAX.
    let uncapped = Model {
        cap_ms: f64::MAX,
        multiplier: 1e100,
        ..Model::AWS
    };
    let simulator = Simulator::new(uncapped).unwrap();
    let mut slots = [Slot::EMPTY; 20];
    let err = simulator
        .run(Strategy::Exponential, 20, SEED, 0, &mut slots, None)
        .unwrap_err();
    assert!(matches!(err, SimError::TimeOverflow { .. }), "{err:?}");
    assert!(err.to_string().contains("lower cap_ms"));
}

#[test]
fn bad_inputs_are_refused_by_name() {
    let cases: [(Model, &str); 8] = [
        (
            Model {
                base_ms: 0.0,
                ..Model::AWS
            },
            "base_ms",
        ),
        (
            Model {
                cap_ms: f64::INFINITY,
                ..Model::AWS
            },
            "cap_ms",
        ),
        (
            Model {
                multiplier: 0.5,
                ..Model::AWS
            },
            "multiplier",
        ),
        (
            Model {
                decorrelated_factor: f64::NAN,
                ..Model::AWS
            },
            "decorrelated_factor",
        ),
        (
            Model {
                latency_mean_ms: -1.0,
                ..Model::AWS
            },
            "latency_mean_ms",
        ),
        (
            Model {
                latency_sd_ms: -0.5,
                ..Model::AWS
            },
            "latency_sd_ms",
        ),
        (
            Model {
                max_attempts: 0,
                ..Model::AWS
            },
            "max_attempts",
        ),
        (
            Model {
                base_ms: -3.0,
                ..Model::AWS
            },
            "base_ms",
        ),
    ];
    for (model, field) in cases {
        let err = Simulator::new(model).unwrap_err();
        assert_eq!(err, SimError::Model { field });
        let message = err.to_string();
        assert!(
            message.contains(field) && message.contains("must be"),
            "{message}"
        );
    }
    let simulator = simulator();
    let mut slots = [Slot::EMPTY; 4];
    assert_eq!(
        simulator.run(Strategy::Full, 5, 0, 0, &mut slots, None),
        Err(SimError::Clients {
            clients: 5,
            slots: 4
        })
    );
    assert_eq!(
        simulator.run(Strategy::Full, 0, 0, 0, &mut slots, None),
        Err(SimError::Clients {
            clients: 0,
            slots: 4
        })
    );
    let mut scratch = [0.0; 9];
    assert_eq!(
        simulator.experiment(Strategy::Full, 4, 5, 0, &mut slots, &mut scratch),
        Err(SimError::Runs {
            runs: 5,
            scratch: 9
        })
    );
    assert_eq!(
        simulator.experiment(Strategy::Full, 4, 0, 0, &mut slots, &mut scratch),
        Err(SimError::Runs {
            runs: 0,
            scratch: 9
        })
    );
    let mut none: [u32; 0] = [];
    assert_eq!(Herd::new(&mut none, 10.0).unwrap_err(), SimError::Herd);
    let mut some = [0u32; 3];
    assert_eq!(Herd::new(&mut some, 0.0).unwrap_err(), SimError::Herd);
}

#[test]
fn strategy_names_round_trip() {
    for s in Strategy::ALL {
        assert_eq!(Strategy::from_name(s.name()), Some(s));
    }
    assert_eq!(Strategy::from_name("jitter"), None);
}

proptest! {
    // No failure files: integration tests have no source root for them.
    #![proptest_config(ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::with_cases(200)
    })]

    #[test]
    fn conservation_holds_for_any_model(
        strategy in 0usize..5,
        clients in 1u32..25,
        seed in any::<u64>(),
        base in 0.1f64..50.0,
        cap in 1.0f64..5000.0,
        multiplier in 1.0f64..4.0,
        factor in 1.0f64..5.0,
        mean in 0.0f64..30.0,
        sd in prop_oneof![Just(0.0), 0.0f64..10.0],
    ) {
        let model = Model {
            base_ms: base,
            cap_ms: cap,
            multiplier,
            decorrelated_factor: factor,
            latency_mean_ms: mean,
            latency_sd_ms: sd,
            max_attempts: 10_000,
        };
        check_conservation(model, Strategy::ALL[strategy], clients, seed);
    }
}
