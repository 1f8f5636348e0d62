//! The many-clients view: every retry counted once, in the bucket of its
//! start; fixed delays make one spike per retry, jitter spreads them.

use backoff_core::contention::spread::{
    Delay, MAX_CLIENTS, MAX_DRAWS, MAX_RETRIES, SpreadError, retry_starts,
};
use backoff_core::contract::{
    self, CLIENTS_ERROR, INPUTS, SCHEDULE_LEN, SPREAD, SPREAD_BUCKETS, SPREAD_LEN,
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
    let edge = retry_starts(&doubling(52, 0.0), 10_000, 1, &mut buckets).unwrap();
    assert_eq!(edge.sampled, 10_000);
    // 10,000 × 1,000: 524 clients of weight 19 or 20.
    let big = retry_starts(&doubling(1000, 0.0), 10_000, 1, &mut buckets).unwrap();
    assert_eq!(big.sampled, MAX_DRAWS / 1000);
    // Fixed delays need no sampling at all: one client stands for all.
    let fixed = retry_starts(&doubling(1000, 1.0), 10_000, 1, &mut buckets).unwrap();
    assert_eq!(fixed.sampled, 1);
    assert_eq!(
        buckets.iter().map(|&c| u64::from(c)).sum::<u64>(),
        10_000_000
    );
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
    for (clients, retries) in [(100, 8), (1000, 20), (10_000, 20), (10_000, 1000)] {
        let delays = doubling(retries, 0.0);
        let mut buckets = [0u32; 150];
        let start = Instant::now();
        retry_starts(&delays, clients, 1, &mut buckets).unwrap();
        let ms = start.elapsed().as_secs_f64() * 1e3;
        println!("many clients: {clients} clients × {retries} retries, full jitter: {ms:.3} ms");
    }
}

/// Whether `w` is 1, 2 or 5 times a power of ten, up to the last bits of
/// the power's repeated division.
fn is_round(w: f64) -> bool {
    let mut p = 1.0;
    while p > w {
        p /= 10.0;
    }
    while p * 10.0 <= w {
        p *= 10.0;
    }
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .any(|m| ((m * p) - w).abs() <= w * 1e-12)
}

#[test]
fn buckets_have_a_round_width_and_cover_the_span_from_two_fifths_up() {
    for (retries, share, len) in [
        (5, 1.0, 155),
        (20, 0.0, 120),
        (7, 0.5, 120),
        (1000, 0.0, 120),
        (3, 0.9, 7),
    ] {
        for scale in [1e-3, 1.0, 7.0, 1e6] {
            let delays: Vec<Delay> = doubling(retries, share)
                .iter()
                .map(|d| Delay {
                    min: d.min * scale,
                    max: d.max * scale,
                })
                .collect();
            let span: f64 = delays.iter().map(|d| d.max).sum();
            let mut buckets = vec![0u32; len];
            let s = retry_starts(&delays, 300, 5, &mut buckets).unwrap();
            let at = format!("{retries} retries × {scale}, {len} buckets: {s:?}");
            assert!(is_round(s.bucket_width), "{at}");
            assert!(s.bucket_width * len as f64 >= span, "{at}");
            assert!(s.buckets * 5 >= len * 2 && s.buckets <= len, "{at}");
            assert!(
                s.buckets as f64 * s.bucket_width >= span * (1.0 - 1e-12),
                "{at}"
            );
            assert!(buckets[s.buckets..].iter().all(|&c| c == 0), "{at}");
        }
    }
}

/// The input slots of the calculator for a doubling schedule from 100 with
/// the jitter kind `jitter` (a code of `contract::JITTERS`).
fn slots(retries: f64, jitter: f64) -> [f64; INPUTS.len()] {
    let mut slots = [f64::NAN; INPUTS.len()];
    for (key, x) in [
        ("base", 100.0),
        ("multiplier", 2.0),
        ("max_delay", 30_000.0),
        ("retries", retries),
        ("jitter", jitter),
    ] {
        slots[contract::input(key)] = x;
    }
    slots
}

/// The calculator's view: the schedule, then its spread.
fn view(
    inputs: &[f64; INPUTS.len()],
    clients: f64,
) -> Result<([f64; SPREAD_LEN], [u32; SPREAD_BUCKETS]), u32> {
    let mut schedule = [0.0; SCHEDULE_LEN];
    contract::run(inputs, &mut schedule).map_err(|r| r.code)?;
    let (mut out, mut counts) = ([0.0; SPREAD_LEN], [0u32; SPREAD_BUCKETS]);
    contract::spread(inputs, &schedule, clients, &mut out, &mut counts).map_err(|r| r.code)?;
    Ok((out, counts))
}

#[test]
fn the_calculators_view_counts_every_retry_with_the_contracts_seed() {
    let field =
        |out: &[f64; SPREAD_LEN], key: &str| out[SPREAD.iter().position(|k| *k == key).unwrap()];
    for (jitter, retries, clients) in [
        (0.0, 8.0, 100.0),
        (1.0, 20.0, 1000.0),
        (2.0, 1000.0, 10_000.0),
    ] {
        let (out, counts) = view(&slots(retries, jitter), clients).unwrap();
        let total: u64 = counts.iter().map(|&c| u64::from(c)).sum();
        assert_eq!(total, (clients * retries) as u64, "jitter {jitter}");
        let peak = *counts.iter().max().unwrap();
        assert_eq!(field(&out, "peak"), f64::from(peak));
        assert_eq!(counts[field(&out, "peak_bucket") as usize], peak);
        let used = field(&out, "buckets") as usize;
        assert!(counts[used..].iter().all(|&c| c == 0));
        // The same inputs, the same herd: the seed is the contract's.
        assert_eq!(
            view(&slots(retries, jitter), clients).unwrap(),
            (out, counts)
        );
    }
    // Without jitter, every client starts each retry in the same bucket (the
    // first retries, 200 ms apart, share a 500 ms bucket).
    let (out, counts) = view(&slots(8.0, 0.0), 100.0).unwrap();
    assert_eq!(field(&out, "bucket_width"), 500.0);
    assert!(counts.iter().all(|&c| c % 100 == 0), "{counts:?}");
    assert_eq!(field(&out, "peak"), 200.0);
}

#[test]
fn the_calculators_view_refuses_a_bad_client_count_and_keeps_its_buffer() {
    let inputs = slots(5.0, 1.0);
    let mut schedule = [0.0; SCHEDULE_LEN];
    contract::run(&inputs, &mut schedule).unwrap();
    let (mut out, mut counts) = ([7.0; SPREAD_LEN], [0u32; SPREAD_BUCKETS]);
    for clients in [0.0, 10_001.0, 2.5, -1.0, f64::NAN, f64::INFINITY] {
        let refused = contract::spread(&inputs, &schedule, clients, &mut out, &mut counts);
        assert_eq!(refused.unwrap_err().code, CLIENTS_ERROR, "{clients}");
        assert_eq!(out, [7.0; SPREAD_LEN]);
    }
    for clients in [1.0, f64::from(MAX_CLIENTS)] {
        assert!(contract::spread(&inputs, &schedule, clients, &mut out, &mut counts).is_ok());
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
