//! Property tests of the backoff core over its whole input space.
//!
//! The strategies mix ordinary values with the edges where floating point
//! misbehaves (subnormals, the largest finite number, NaN, infinities, a
//! multiplier of exactly one, retry counts just inside and outside the
//! bounds), so that each run visits them often, not by luck.
//!
//! Each property states one invariant of `src/backoff.rs`'s documentation;
//! a reference walk in this file (`expected_rows`) restates the growth and cap
//! rule independently of the core's own iterator.

use backoff_site::backoff::{
    DurationTier, Jitter, MAX_RETRIES, Policy, PolicyError, Retry, Schedule, duration_parts,
};
use proptest::prelude::*;

mod common;
use common::oracle::{EDGES, expected_rows, first_broken_rule, half_unit_ms, rebuilt_ms};

/// A modest number of cases, so that the whole suite stays quick;
/// `PROPTEST_CASES` overrides it for a longer run.
fn config() -> ProptestConfig {
    let default = ProptestConfig::default();
    let cases = if std::env::var_os("PROPTEST_CASES").is_some() {
        default.cases
    } else {
        2000
    };
    ProptestConfig {
        cases,
        // Integration tests have no source file proptest can place its
        // regression files beside; a failure prints its minimal input.
        failure_persistence: None,
        ..default
    }
}

fn edge() -> impl Strategy<Value = f64> {
    proptest::sample::select(EDGES)
}

/// Any `f64` bit pattern at all, NaN payloads and negative zero included.
fn any_bits() -> impl Strategy<Value = f64> {
    any::<u64>().prop_map(f64::from_bits)
}

fn base() -> impl Strategy<Value = f64> {
    prop_oneof![
        4 => 1e-3..1e6f64,
        1 => 1e-300..1e300f64,
        2 => edge(),
        1 => any::<f64>(),
        1 => any_bits(),
    ]
}

fn multiplier() -> impl Strategy<Value = f64> {
    prop_oneof![
        4 => 1.0..4.0f64,
        2 => Just(1.0),
        1 => 1.0..1e10f64,
        1 => 1.0..f64::MAX,
        2 => edge(),
        1 => any::<f64>(),
        1 => any_bits(),
    ]
}

fn max_delay() -> impl Strategy<Value = Option<f64>> {
    prop_oneof![
        2 => Just(None),
        4 => base().prop_map(Some),
    ]
}

fn retries() -> impl Strategy<Value = u32> {
    prop_oneof![
        4 => 1u32..=50,
        2 => proptest::sample::select(&[0, 1, 2, MAX_RETRIES - 1, MAX_RETRIES, MAX_RETRIES + 1, u32::MAX][..]),
        1 => 0u32..=MAX_RETRIES + 1,
        1 => any::<u32>(),
    ]
}

fn jitter() -> impl Strategy<Value = Jitter> {
    prop_oneof![Just(Jitter::None), Just(Jitter::Full), Just(Jitter::Equal)]
}

fn policy() -> impl Strategy<Value = Policy> {
    (base(), multiplier(), max_delay(), retries(), jitter()).prop_map(
        |(base, multiplier, max_delay, retries, jitter)| Policy {
            base,
            multiplier,
            max_delay,
            retries,
            jitter,
        },
    )
}

/// A policy whose every field is valid, so that only an overflow can stop it.
fn valid_policy() -> impl Strategy<Value = Policy> {
    let positive = prop_oneof![
        4 => 1e-3..1e6f64,
        1 => 1e-300..1e300f64,
        1 => proptest::sample::select(
            &[5e-324, f64::MIN_POSITIVE, 1e-300, 1.0, 1e300, f64::MAX / 2.0, f64::MAX][..]
        ),
    ];
    (
        positive.clone(),
        prop_oneof![3 => 1.0..4.0f64, 1 => Just(1.0), 1 => 1.0..f64::MAX],
        prop_oneof![1 => Just(None), 2 => positive.prop_map(Some)],
        prop_oneof![3 => 1u32..=60, 1 => Just(MAX_RETRIES), 1 => 1..=MAX_RETRIES],
        jitter(),
    )
        .prop_map(|(base, multiplier, max_delay, retries, jitter)| Policy {
            base,
            multiplier,
            max_delay,
            retries,
            jitter,
        })
}

/// Checks every invariant of an accepted schedule.
fn check_schedule(p: &Policy, schedule: &Schedule) -> Result<(), TestCaseError> {
    prop_assert_eq!(schedule.policy(), *p);
    let rows: Vec<Retry> = schedule.rows().collect();
    prop_assert_eq!(rows.len(), p.retries as usize);
    let expected = expected_rows(p);
    let (mut sum_min, mut sum_mean, mut sum_max) = (0.0f64, 0.0f64, 0.0f64);
    let mut previous_delay = 0.0f64;
    for (i, row) in rows.iter().enumerate() {
        prop_assert_eq!(row.retry as usize, i + 1);
        for value in [
            row.delay,
            row.min,
            row.mean,
            row.max,
            row.cumulative_min,
            row.cumulative_mean,
            row.cumulative_max,
        ] {
            prop_assert!(value.is_finite() && value >= 0.0, "row {row:?}");
        }
        prop_assert!(row.delay > 0.0, "row {row:?}");
        prop_assert!(row.delay >= previous_delay, "delays decrease at {row:?}");
        previous_delay = row.delay;
        if let Some(cap) = p.max_delay {
            prop_assert!(row.delay <= cap, "row {row:?} above the cap");
        }
        prop_assert!(row.min <= row.mean && row.mean <= row.max, "row {row:?}");
        prop_assert_eq!(row.max.to_bits(), row.delay.to_bits(), "row {:?}", row);
        let (want_min, want_mean) = match p.jitter {
            Jitter::None => (row.delay, row.delay),
            Jitter::Full => (0.0, row.delay * 0.5),
            Jitter::Equal => (row.delay * 0.5, row.delay * 0.75),
        };
        prop_assert_eq!(row.min.to_bits(), want_min.to_bits(), "row {:?}", row);
        prop_assert_eq!(row.mean.to_bits(), want_mean.to_bits(), "row {:?}", row);
        // The core sums in order, so the running sums agree exactly.
        sum_min += row.min;
        sum_mean += row.mean;
        sum_max += row.max;
        prop_assert_eq!(
            row.cumulative_min.to_bits(),
            sum_min.to_bits(),
            "row {:?}",
            row
        );
        prop_assert_eq!(
            row.cumulative_mean.to_bits(),
            sum_mean.to_bits(),
            "row {:?}",
            row
        );
        prop_assert_eq!(
            row.cumulative_max.to_bits(),
            sum_max.to_bits(),
            "row {:?}",
            row
        );
        prop_assert!(
            row.cumulative_min <= row.cumulative_mean && row.cumulative_mean <= row.cumulative_max,
            "row {row:?}"
        );
        let (want_delay, want_capped) = expected[i];
        prop_assert_eq!(row.delay.to_bits(), want_delay.to_bits(), "row {:?}", row);
        prop_assert_eq!(row.capped, want_capped, "capped flag of row {:?}", row);
        if p.max_delay.is_none() {
            prop_assert!(!row.capped);
        }
    }
    let totals = schedule.totals();
    let last = rows.last().expect("at least one row");
    prop_assert_eq!(totals.min.to_bits(), last.cumulative_min.to_bits());
    prop_assert_eq!(totals.mean.to_bits(), last.cumulative_mean.to_bits());
    prop_assert_eq!(totals.max.to_bits(), last.cumulative_max.to_bits());
    prop_assert!(totals.min.is_finite() && totals.mean.is_finite() && totals.max.is_finite());
    prop_assert!(totals.min <= totals.mean && totals.mean <= totals.max);
    // A second walk gives the same rows: `rows` is a pure function.
    prop_assert!(schedule.rows().eq(rows.iter().copied()));
    Ok(())
}

/// Checks that an overflow error is genuine and names the right retry.
fn check_overflow(p: &Policy, err: PolicyError) -> Result<(), TestCaseError> {
    let retry = err.retry();
    prop_assert!((2..=p.retries).contains(&retry), "{err:?} for {p:?}");
    // Every retry before the one named is fine: the shorter policy is
    // accepted...
    let shorter = Policy {
        retries: retry - 1,
        ..*p
    };
    let accepted = Schedule::new(shorter);
    prop_assert!(accepted.is_ok(), "{:?} for {:?}", accepted, shorter);
    // ...and the policy that stops at the named retry fails the same way.
    let exact = Policy {
        retries: retry,
        ..*p
    };
    prop_assert_eq!(Schedule::new(exact), Err(err));
    let expected = expected_rows(&exact);
    let (delay, _) = expected[retry as usize - 1];
    match err {
        PolicyError::DelayOverflow { .. } => {
            prop_assert!(p.max_delay.is_none(), "{err:?} despite a cap: {p:?}");
            prop_assert!(delay.is_infinite(), "{err:?} for {p:?}");
        }
        PolicyError::TotalOverflow { .. } => {
            prop_assert!(delay.is_finite(), "{err:?} for {p:?}");
            let total = accepted.expect("checked above").totals().max;
            prop_assert!((total + delay).is_infinite(), "{err:?} for {p:?}");
        }
        _ => prop_assert!(false, "{err:?} is not an overflow"),
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn any_policy_gives_a_sound_schedule_or_the_right_error(p in policy()) {
        match (Schedule::new(p), first_broken_rule(&p)) {
            (Ok(schedule), None) => check_schedule(&p, &schedule)?,
            (Ok(_), Some(rule)) => prop_assert!(false, "accepted {p:?}, which breaks {rule:?}"),
            (Err(err), Some(rule)) => {
                prop_assert_eq!(err, rule);
                prop_assert_eq!(err.retry(), 0);
            }
            (Err(err), None) => check_overflow(&p, err)?,
        }
    }

    #[test]
    fn valid_fields_give_a_sound_schedule_or_a_genuine_overflow(p in valid_policy()) {
        prop_assert_eq!(first_broken_rule(&p), None);
        match Schedule::new(p) {
            Ok(schedule) => check_schedule(&p, &schedule)?,
            Err(err) => check_overflow(&p, err)?,
        }
    }

    /// A cap keeps every schedule finite whatever the base and multiplier,
    /// unless the total itself outgrows the largest finite number.
    #[test]
    fn a_cap_prevents_delay_overflow(p in valid_policy(), cap in 1e-300..1e300f64) {
        let p = Policy { max_delay: Some(cap), ..p };
        match Schedule::new(p) {
            Ok(schedule) => check_schedule(&p, &schedule)?,
            Err(err) => prop_assert!(false, "{err:?} for {p:?}"),
        }
    }

    /// The first rows of a schedule do not depend on how many follow.
    #[test]
    fn rows_do_not_depend_on_the_retry_count(p in valid_policy(), fewer in 1..=MAX_RETRIES) {
        let fewer = fewer.min(p.retries);
        if let Ok(long) = Schedule::new(p) {
            let short = Schedule::new(Policy { retries: fewer, ..p }).expect("a prefix of an accepted policy");
            prop_assert!(short.rows().eq(long.rows().take(fewer as usize)));
        }
    }

    #[test]
    fn duration_parts_never_panics_and_stays_in_range(ms in prop_oneof![
        3 => 0.0..1e12f64,
        1 => 0.0..120_000.0f64,
        1 => edge(),
        1 => any::<f64>(),
        1 => any_bits(),
    ]) {
        let parts = duration_parts(ms);
        prop_assert!(parts.days.is_finite() && parts.days >= 0.0, "{parts:?}");
        prop_assert_eq!(parts.days, parts.days.trunc());
        prop_assert!(parts.hours < 24 && parts.minutes < 60, "{parts:?}");
        prop_assert!(parts.seconds < 60 && parts.milliseconds < 1000, "{parts:?}");
        match parts.tier() {
            DurationTier::Seconds => prop_assert_eq!(
                (parts.days, parts.hours, parts.minutes),
                (0.0, 0, 0)
            ),
            DurationTier::MinutesAndSeconds => prop_assert_eq!(
                (parts.days, parts.hours, parts.milliseconds),
                (0.0, 0, 0)
            ),
            DurationTier::HoursAndMinutes => {
                prop_assert_eq!((parts.seconds, parts.milliseconds), (0, 0));
            }
        }
        if ms.is_nan() || ms <= 0.0 {
            prop_assert_eq!(parts, duration_parts(0.0));
        }
    }

    /// Putting the parts back together gives the input to within the
    /// rounding of the parts' tier: half a millisecond, half a second or half
    /// a minute.
    #[test]
    fn duration_parts_reconstruct_the_input(ms in prop_oneof![
        3 => 0.0..1e12f64,
        2 => 0.0..4e6f64,
        1 => proptest::sample::select(
            &[0.0, 0.4999, 0.5, 59_999.4, 59_999.5, 60_000.0, 3_599_499.9, 3_599_500.0, 86_399_999.0, 1e12][..]
        ),
    ]) {
        let parts = duration_parts(ms);
        let rebuilt = rebuilt_ms(&parts);
        let half_unit = half_unit_ms(parts.tier());
        // The division by the unit may round by one ulp of the input.
        let slack = ms * f64::EPSILON * 4.0;
        prop_assert!(
            (rebuilt - ms).abs() <= half_unit + slack,
            "{ms} ms gives {parts:?} = {rebuilt} ms"
        );
        // Below a minute the rounding is to the nearest millisecond, half
        // up: a tie goes to the larger value. (`rebuilt - ms` is exact here.)
        if parts.tier() == DurationTier::Seconds {
            prop_assert!(
                rebuilt - ms > -0.5 && rebuilt - ms <= 0.5,
                "{ms} ms gives {parts:?}"
            );
        }
    }
}

fn ok_policy() -> Policy {
    Policy {
        base: 1.0,
        multiplier: 2.0,
        max_delay: Some(10.0),
        retries: 3,
        jitter: Jitter::None,
    }
}

#[test]
fn each_broken_rule_gives_its_error_in_field_order() {
    let ok = ok_policy();
    let cases = [
        (Policy { base: -0.0, ..ok }, PolicyError::Base),
        (
            Policy {
                base: f64::NEG_INFINITY,
                ..ok
            },
            PolicyError::Base,
        ),
        (
            Policy {
                base: 5e-324,
                multiplier: 0.0,
                ..ok
            },
            PolicyError::Multiplier,
        ),
        (
            Policy {
                multiplier: 1.0 - f64::EPSILON,
                ..ok
            },
            PolicyError::Multiplier,
        ),
        (
            Policy {
                multiplier: f64::INFINITY,
                ..ok
            },
            PolicyError::Multiplier,
        ),
        (
            Policy {
                max_delay: Some(-0.0),
                ..ok
            },
            PolicyError::MaxDelay,
        ),
        (
            Policy {
                max_delay: Some(f64::NAN),
                ..ok
            },
            PolicyError::MaxDelay,
        ),
        (
            Policy {
                max_delay: Some(-1.0),
                ..ok
            },
            PolicyError::MaxDelay,
        ),
        (Policy { retries: 0, ..ok }, PolicyError::Retries),
        (
            Policy {
                retries: MAX_RETRIES + 1,
                ..ok
            },
            PolicyError::Retries,
        ),
        (
            Policy {
                retries: u32::MAX,
                ..ok
            },
            PolicyError::Retries,
        ),
        // When several rules break, the first in field order is reported.
        (
            Policy {
                base: f64::NAN,
                multiplier: f64::NAN,
                max_delay: Some(0.0),
                retries: 0,
                ..ok
            },
            PolicyError::Base,
        ),
        (
            Policy {
                multiplier: 0.5,
                max_delay: Some(-1.0),
                retries: 0,
                ..ok
            },
            PolicyError::Multiplier,
        ),
        (
            Policy {
                max_delay: Some(0.0),
                retries: 0,
                ..ok
            },
            PolicyError::MaxDelay,
        ),
        // Field rules come before overflows.
        (
            Policy {
                base: 1e300,
                multiplier: 1e10,
                max_delay: None,
                retries: 0,
                ..ok
            },
            PolicyError::Retries,
        ),
    ];
    for (p, want) in cases {
        assert_eq!(Schedule::new(p), Err(want), "{p:?}");
        assert_eq!(first_broken_rule(&p), Some(want), "{p:?}");
    }
}

#[test]
fn edge_policies_that_must_be_accepted() {
    let ok = ok_policy();
    let cases = [
        Policy {
            base: 5e-324,
            multiplier: 1.0,
            max_delay: None,
            retries: MAX_RETRIES,
            ..ok
        },
        Policy {
            base: 5e-324,
            multiplier: f64::MAX,
            max_delay: Some(5e-324),
            retries: MAX_RETRIES,
            ..ok
        },
        Policy {
            base: f64::MAX,
            multiplier: 1.0,
            max_delay: None,
            retries: 1,
            ..ok
        },
        Policy {
            base: f64::MAX,
            multiplier: f64::MAX,
            max_delay: Some(1.0),
            retries: MAX_RETRIES,
            ..ok
        },
        Policy {
            base: 1e300,
            multiplier: 1e10,
            max_delay: Some(1e300),
            retries: MAX_RETRIES,
            ..ok
        },
        Policy {
            base: 1e-300,
            multiplier: 1.0 + f64::EPSILON,
            max_delay: None,
            retries: MAX_RETRIES,
            ..ok
        },
        Policy {
            base: 10.0,
            multiplier: 2.0,
            max_delay: Some(3.0),
            retries: 3,
            ..ok
        },
        Policy {
            base: f64::MIN_POSITIVE,
            multiplier: 2.0,
            max_delay: None,
            retries: MAX_RETRIES,
            jitter: Jitter::Equal,
        },
        Policy {
            base: 5e-324,
            multiplier: 1.0,
            max_delay: Some(f64::MAX),
            retries: 1,
            jitter: Jitter::Full,
        },
    ];
    for p in cases {
        let schedule = Schedule::new(p).unwrap_or_else(|err| panic!("{err:?} for {p:?}"));
        check_schedule(&p, &schedule).unwrap_or_else(|err| panic!("{err} for {p:?}"));
    }
}

#[test]
fn edge_policies_that_must_overflow() {
    let ok = ok_policy();
    let cases = [
        (
            Policy {
                base: 1e300,
                multiplier: 1e10,
                max_delay: None,
                retries: 5,
                ..ok
            },
            PolicyError::DelayOverflow { retry: 2 },
        ),
        (
            Policy {
                base: f64::MAX,
                multiplier: 1.0 + f64::EPSILON,
                max_delay: None,
                retries: 2,
                ..ok
            },
            PolicyError::DelayOverflow { retry: 2 },
        ),
        (
            Policy {
                base: 1.0,
                multiplier: f64::MAX,
                max_delay: None,
                retries: 3,
                ..ok
            },
            PolicyError::DelayOverflow { retry: 3 },
        ),
        (
            Policy {
                base: f64::MAX,
                multiplier: 1.0,
                max_delay: None,
                retries: 2,
                ..ok
            },
            PolicyError::TotalOverflow { retry: 2 },
        ),
        (
            Policy {
                base: f64::MAX,
                multiplier: 2.0,
                max_delay: Some(f64::MAX),
                retries: 2,
                ..ok
            },
            PolicyError::TotalOverflow { retry: 2 },
        ),
        (
            Policy {
                base: 1e306,
                multiplier: 1.0,
                max_delay: None,
                retries: 1000,
                ..ok
            },
            PolicyError::TotalOverflow { retry: 180 },
        ),
    ];
    for (p, want) in cases {
        assert_eq!(Schedule::new(p), Err(want), "{p:?}");
        check_overflow(&p, want).unwrap_or_else(|err| panic!("{err} for {p:?}"));
    }
}

#[test]
fn duration_parts_of_special_inputs() {
    let zero = duration_parts(0.0);
    for ms in [
        -0.0,
        -1.0,
        f64::NAN,
        -f64::NAN,
        f64::NEG_INFINITY,
        f64::MIN,
        -5e-324,
    ] {
        assert_eq!(duration_parts(ms), zero, "{ms}");
    }
    for ms in [f64::INFINITY, f64::MAX, 1e300] {
        let parts = duration_parts(ms);
        assert!(
            parts.days.is_finite() && parts.days > 0.0,
            "{ms}: {parts:?}"
        );
        assert_eq!(parts.tier(), DurationTier::HoursAndMinutes);
    }
}

/// With a multiplier of one the uncapped delay stays the base, which may be
/// above the cap: here every uncapped delay is 10, so the cap of 3 limits all
/// three rows, and every row must say so (once, only the first did).
#[test]
fn capped_holds_on_every_row_when_the_base_exceeds_the_cap() {
    let p = Policy {
        base: 10.0,
        multiplier: 1.0,
        max_delay: Some(3.0),
        retries: 3,
        jitter: Jitter::None,
    };
    let capped: Vec<bool> = Schedule::new(p).unwrap().rows().map(|r| r.capped).collect();
    assert_eq!(capped, [true, true, true]);
}
