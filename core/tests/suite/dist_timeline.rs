//! The attempt timeline against hand-computed small cases, and the
//! validation of the timeout and the deadline.

use backoff_core::dist::sum::{CELLS, work_len};
use backoff_core::dist::{
    AttemptStart, CapOrder, Delay, DistError, Jitter, Limits, Policy, Summary, attempt_starts,
    delays, independent,
};

fn run(
    ds: &[Delay],
    limits: Limits,
) -> Result<(Vec<Summary>, backoff_core::dist::Report), DistError> {
    let mut work = vec![0.0; work_len(CELLS)];
    let mut out = vec![Summary::default(); ds.len()];
    let report = independent(ds, limits, &mut work, &mut out)?;
    Ok((out, report))
}

fn limits(timeout: Option<f64>, deadline: Option<f64>) -> Limits {
    Limits { timeout, deadline }
}

#[test]
fn fixed_delays_give_fixed_starts() {
    // Delays 1, 2, 4; each attempt runs 0.5 before it fails.
    let ds = [Delay::fixed(1.0), Delay::fixed(2.0), Delay::fixed(4.0)];
    let (out, report) = run(&ds, limits(Some(0.5), Some(5.0))).unwrap();
    let starts: Vec<AttemptStart> = attempt_starts(out.iter().copied(), 0.5).collect();
    let p50: Vec<(u32, f64)> = starts.iter().map(|s| (s.attempt, s.p50)).collect();
    // 0; 0.5 + 1; 2·0.5 + 3; 3·0.5 + 7.
    assert_eq!(p50, [(1, 0.0), (2, 1.5), (3, 4.0), (4, 8.5)]);
    assert!(starts.iter().all(|s| s.min == s.p50 && s.p50 == s.max));
    let fit = report.deadline.unwrap();
    // Retries 1 and 2 start at 1.5 and 4, before 5; retry 3 at 8.5.
    assert_eq!(
        (fit.retries_worst, fit.retries_p50, fit.retries_best),
        (2, 2, 2)
    );
    assert_eq!(fit.last_retry_probability, 0.0);
    // With a deadline of 9 the last retry always makes it.
    let (_, report) = run(&ds, limits(Some(0.5), Some(9.0))).unwrap();
    assert_eq!(report.deadline.unwrap().last_retry_probability, 1.0);
}

#[test]
fn one_uniform_delay() {
    // Retry 1 starts at 1 + U[0, 4]: in [1, 5], median 3.
    let ds = [Delay::uniform(0.0, 4.0)];
    let (out, report) = run(&ds, limits(Some(1.0), Some(3.5))).unwrap();
    let start = attempt_starts(out.iter().copied(), 1.0).nth(1).unwrap();
    assert_eq!((start.min, start.p50, start.max), (1.0, 3.0, 5.0));
    let fit = report.deadline.unwrap();
    assert_eq!(
        (fit.retries_worst, fit.retries_p50, fit.retries_best),
        (0, 1, 1)
    );
    // P(1 + U < 3.5) = 2.5 / 4.
    assert_eq!(fit.last_retry_probability, 0.625);
}

#[test]
fn two_uniform_delays_triangle() {
    // Retry 2 starts at 2 + S, S triangular on [0, 4]: P(S < 1) = 1/8,
    // P(S < 2) = 1/2, P(S < 3) = 7/8.
    let ds = [Delay::uniform(0.0, 2.0), Delay::uniform(0.0, 2.0)];
    for (deadline, want) in [(3.0, 0.125), (4.0, 0.5), (5.0, 0.875)] {
        let (_, report) = run(&ds, limits(Some(1.0), Some(deadline))).unwrap();
        let got = report.deadline.unwrap().last_retry_probability;
        assert!((got - want).abs() < 1e-6, "D = {deadline}: {got} vs {want}");
    }
}

#[test]
fn no_timeout_counts_attempts_as_instant() {
    let ds = [Delay::fixed(2.0), Delay::fixed(2.0)];
    let (out, report) = run(&ds, limits(None, Some(4.0))).unwrap();
    let starts: Vec<f64> = attempt_starts(out.iter().copied(), 0.0)
        .map(|s| s.max)
        .collect();
    assert_eq!(starts, [0.0, 2.0, 4.0]);
    // Retry 2 starts exactly at the deadline: not before it.
    assert_eq!(report.deadline.unwrap().retries_worst, 1);
    assert!(run(&ds, Limits::default()).unwrap().1.deadline.is_none());
}

#[test]
fn limits_are_validated_with_the_field_named() {
    let ds = [Delay::fixed(1.0)];
    let cases = [
        (limits(Some(-1.0), None), DistError::Timeout),
        (limits(Some(f64::NAN), None), DistError::Timeout),
        (limits(Some(f64::INFINITY), None), DistError::Timeout),
        (limits(None, Some(0.0)), DistError::Deadline),
        (limits(None, Some(-3.0)), DistError::Deadline),
        (limits(None, Some(f64::INFINITY)), DistError::Deadline),
        (
            limits(Some(2.0), Some(1.5)),
            DistError::DeadlineBeforeFirstAttempt,
        ),
    ];
    for (l, want) in cases {
        assert_eq!(run(&ds, l).map(|_| ()), Err(want), "{l:?}");
    }
    assert_eq!(DistError::DeadlineBeforeFirstAttempt.field(), "deadline");
    assert_eq!(DistError::Timeout.field(), "timeout");
    // A deadline equal to the first attempt's timeout is allowed.
    assert!(run(&ds, limits(Some(2.0), Some(2.0))).is_ok());
    assert!(run(&ds, limits(Some(0.0), Some(1.0))).is_ok());
}

#[test]
fn a_start_beyond_the_largest_number_is_an_error() {
    let ds = [Delay::fixed(f64::MAX / 2.0); 2];
    let got = run(&ds, limits(Some(f64::MAX / 4.0), None));
    assert_eq!(got.map(|_| ()), Err(DistError::TotalOverflow { retry: 2 }));
}

#[test]
fn the_grpc_default_policy_against_a_thirty_second_deadline() {
    // gRPC connection backoff: 1 s, ×1.6, cap 120 s, ±20 % after capping.
    let policy = Policy {
        base: 1000.0,
        multiplier: 1.6,
        max_delay: Some(120_000.0),
        retries: 10,
        jitter: Jitter::Proportional { factor: 0.2 },
    };
    let mut buf = [Delay::fixed(0.0); 10];
    let ds = delays(&policy, CapOrder::BeforeJitter, &mut buf).unwrap();
    let (out, report) = run(ds, limits(Some(2000.0), Some(30_000.0))).unwrap();
    // Nominal 1, 1.6, 2.56, 4.096, 6.5536 s: cumulative 15.8096 s, the
    // start of retry 5 is 5·2 s + S_5, S_5 in [12.64768, 18.97152] s.
    assert!((out[4].min - 12_647.68).abs() < 1e-6);
    assert!((out[4].max - 18_971.52).abs() < 1e-6);
    assert!((out[4].mean - 15_809.6).abs() < 1e-6);
    let fit = report.deadline.unwrap();
    // Retry 4 starts by 8 s + 11.0592 s (max of S_4) < 30 s; retry 5 by
    // 10 s + 18.97 s < 30 s; retry 6 at least 12 s + 12.64768 s + 8.388608 s
    // = 33.04 s: never.
    assert_eq!(fit.retries_worst, 5);
    assert_eq!(fit.retries_best, 5);
    assert_eq!(fit.last_retry_probability, 0.0);
}
