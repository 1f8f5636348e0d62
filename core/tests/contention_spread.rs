//! The many-clients view: every retry counted once, in the bucket of its
//! start; fixed delays make one spike per retry, jitter spreads them.

use backoff_core::contention::spread::{
    Delay, MAX_CLIENTS, MAX_DRAWS, MAX_RETRIES, SpreadError, retry_starts,
};
use proptest::prelude::*;
use std::time::Instant;

/// A doubling schedule from 100 ms, capped at 30 s, as `(min, max)` per
/// retry for a jitter that keeps `low_share` of the delay fixed.
fn doubling(retries: usize, low_share: f64) -> Vec<Delay> {
    let mut d = 100.0;
    (0..retries)
        .map(|_| {
            let delay = Delay {
                min: d * low_share,
                max: d,
            };
            d = f64::min(d * 2.0, 30_000.0);
            delay
        })
        .collect()
}

#[test]
fn fixed_delays_start_every_client_together() {
    let delays = doubling(5, 1.0);
    let mut buckets = [0u32; 155];
    let spread = retry_starts(&delays, 1000, 1, &mut buckets).unwrap();
    // Starts at 100, 300, 700, 1500, 3100 ms over a span of 3100 ms: 20 ms
    // buckets, one spike of every client per retry, the last in the last bucket.
    assert_eq!(spread.bucket_width, 20.0);
    let spikes: Vec<(usize, u32)> = buckets
        .iter()
        .enumerate()
        .filter(|(_, c)| **c > 0)
        .map(|(i, c)| (i, *c))
        .collect();
    assert_eq!(
        spikes,
        [(5, 1000), (15, 1000), (35, 1000), (75, 1000), (154, 1000)]
    );
    assert_eq!((spread.peak, spread.peak_bucket), (1000, 5));
}

#[test]
fn jitter_spreads_the_herd() {
    // 20 retries after 1 s each: 100 buckets of 200 ms. Without jitter each
    // retry is one bucket holding every client.
    let constant = |low: f64| {
        vec![
            Delay {
                min: low,
                max: 1000.0
            };
            20
        ]
    };
    let peak = |delays: &[Delay]| {
        let mut buckets = [0u32; 100];
        retry_starts(delays, 1000, 7, &mut buckets).unwrap().peak
    };
    let (fixed, equal, full) = (
        peak(&constant(1000.0)),
        peak(&constant(500.0)),
        peak(&constant(0.0)),
    );
    println!("peak per 200 ms of 1000 clients: fixed {fixed}, equal {equal}, full {full}");
    // Full jitter's steady rate is 1000 clients per 500 ms mean delay, 400
    // per bucket; equal jitter's 1000 per 750 ms, 267 per bucket. Both stay
    // well below the herd.
    assert_eq!(fixed, 1000);
    assert!(equal * 2 <= fixed, "equal jitter: {equal}");
    assert!(full * 5 <= fixed * 3, "full jitter: {full}");
}

#[test]
fn every_retry_of_every_client_is_counted_once() {
    for (clients, retries, share) in [
        (1, 1, 0.0),
        (100, 20, 0.5),
        (10_000, 3, 0.0),
        (3, 1000, 0.9),
        (10_000, 1000, 0.0),
        (9_999, 1000, 0.5),
    ] {
        let mut buckets = [0u32; 120];
        retry_starts(&doubling(retries, share), clients, 3, &mut buckets).unwrap();
        let total: u64 = buckets.iter().map(|&c| u64::from(c)).sum();
        assert_eq!(total, u64::from(clients) * retries as u64);
    }
}

#[test]
fn work_beyond_the_draw_budget_samples_fewer_clients() {
    let mut buckets = [0u32; 150];
    // Within the budget: everyone.
    let full = retry_starts(&doubling(20, 0.0), 10_000, 1, &mut buckets).unwrap();
    assert_eq!(full.sampled, 10_000);
    let edge = retry_starts(&doubling(209, 0.0), 10_000, 1, &mut buckets).unwrap();
    assert_eq!(edge.sampled, 10_000);
    // 10,000 × 1,000: 2,097 clients of weight 4 or 5.
    let big = retry_starts(&doubling(1000, 0.0), 10_000, 1, &mut buckets).unwrap();
    assert_eq!(big.sampled, MAX_DRAWS / 1000);
    // Fixed delays need no sampling at all.
    let fixed = retry_starts(&doubling(1000, 1.0), 10_000, 1, &mut buckets).unwrap();
    assert_eq!(fixed.sampled, 10_000);
}

#[test]
fn the_same_seed_gives_the_same_counts() {
    let delays = doubling(20, 0.0);
    let (mut a, mut b, mut c) = ([0u32; 100], [0u32; 100], [0u32; 100]);
    retry_starts(&delays, 500, 42, &mut a).unwrap();
    retry_starts(&delays, 500, 42, &mut b).unwrap();
    retry_starts(&delays, 500, 43, &mut c).unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn bad_inputs_are_refused_by_name() {
    let ok = doubling(3, 0.0);
    let mut buckets = [0u32; 10];
    let err = |delays: &[Delay], clients: u32, buckets: &mut [u32]| {
        retry_starts(delays, clients, 0, buckets).unwrap_err()
    };
    assert_eq!(
        err(&ok, 0, &mut buckets),
        SpreadError::Clients { clients: 0 }
    );
    assert_eq!(
        err(&ok, MAX_CLIENTS + 1, &mut buckets),
        SpreadError::Clients { clients: 10_001 }
    );
    assert_eq!(
        err(&[], 5, &mut buckets),
        SpreadError::Retries { retries: 0 }
    );
    let too_many = doubling(MAX_RETRIES + 1, 0.0);
    assert_eq!(
        err(&too_many, 5, &mut buckets),
        SpreadError::Retries { retries: 1001 }
    );
    assert_eq!(err(&ok, 5, &mut []), SpreadError::Buckets);
    for bad in [
        Delay {
            min: -1.0,
            max: 1.0,
        },
        Delay { min: 2.0, max: 1.0 },
        Delay {
            min: 0.0,
            max: f64::INFINITY,
        },
        Delay {
            min: f64::NAN,
            max: 1.0,
        },
    ] {
        let mut delays = ok.clone();
        delays[1] = bad;
        let e = err(&delays, 5, &mut buckets);
        assert_eq!(e, SpreadError::Delay { retry: 2 });
        assert!(e.to_string().contains("retry 2"));
    }
    let zero = [Delay { min: 0.0, max: 0.0 }];
    assert_eq!(err(&zero, 5, &mut buckets), SpreadError::Span);
    let huge = [
        Delay {
            min: 0.0,
            max: f64::MAX,
        },
        Delay {
            min: 0.0,
            max: f64::MAX,
        },
    ];
    assert_eq!(err(&huge, 5, &mut buckets), SpreadError::Span);
}

/// Native timings of the view (`cargo test --release --test contention_spread -- --nocapture`).
#[test]
fn timing_of_the_calculator_cases() {
    for (clients, retries) in [(1000, 20), (10_000, 20), (10_000, 1000)] {
        let delays = doubling(retries, 0.0);
        let mut buckets = [0u32; 150];
        let start = Instant::now();
        retry_starts(&delays, clients, 1, &mut buckets).unwrap();
        let ms = start.elapsed().as_secs_f64() * 1e3;
        println!("many clients: {clients} clients × {retries} retries, full jitter: {ms:.3} ms");
    }
}

proptest! {
    // No failure files: integration tests have no source root for them.
    #![proptest_config(ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_single_retry_lands_within_its_range(
        min in 0.0f64..1000.0,
        width in 0.0f64..1000.0,
        clients in 1u32..2000,
        seed in any::<u64>(),
        len in 1usize..200,
    ) {
        let delay = Delay { min, max: min + width };
        let mut buckets = vec![0u32; len];
        let spread = retry_starts(&[delay], clients, seed, &mut buckets).unwrap();
        let bucket = spread.bucket_width;
        for (i, &count) in buckets.iter().enumerate() {
            if count > 0 {
                // The bucket overlaps [min, max] (up to rounding at its edges).
                prop_assert!((i as f64 + 1.0) * bucket >= min * (1.0 - 1e-12), "bucket {i} below {min}");
                prop_assert!(i as f64 * bucket <= delay.max * (1.0 + 1e-12), "bucket {i} above {}", delay.max);
            }
        }
        prop_assert_eq!(buckets.iter().sum::<u32>(), clients);
        prop_assert_eq!(spread.peak, *buckets.iter().max().unwrap());
        prop_assert_eq!(buckets[spread.peak_bucket], spread.peak);
    }
}
