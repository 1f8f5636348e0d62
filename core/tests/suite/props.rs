//! Property tests of the backoff core over its whole input space.
//!
//! The strategies mix ordinary values with the edges where floating point
//! misbehaves (subnormals, the largest finite number, NaN, infinities, a
//! multiplier of exactly one, retry counts just inside and outside the
//! bounds), so that each run visits them often, not by luck.
//!
//! Each property states an invariant of the core's documentation; the
//! reference model and the checkers are `backoff_core_testing`, which the
//! fuzz target runs too. Over 500 lines: the schedule's and the
//! distribution's properties share the strategies.

use backoff_core::dist::Limits;
use backoff_core::{
    DurationTier, Jitter, MAX_RETRIES, Policy, PolicyError, Schedule, duration_parts,
};
use backoff_core_testing::{
    EDGES, check_distribution, check_duration, check_overflow, check_policy, check_schedule,
    first_broken_rule,
};
use proptest::prelude::*;

/// A checker's failure as a proptest failure, so that proptest shrinks it.
fn holds(check: Result<(), String>) -> Result<(), TestCaseError> {
    check.map_err(TestCaseError::fail)
}

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
    prop_oneof![
        Just(Jitter::None),
        Just(Jitter::Full),
        Just(Jitter::Equal),
        Just(Jitter::Decorrelated),
        // Factors inside (0, 1], and at and beyond its ends.
        prop_oneof![
            4 => 1e-9f64..=1.0,
            1 => Just(1.0),
            1 => Just(0.0),
            1 => -1.0f64..0.0,
            1 => 1.0f64..3.0,
            1 => Just(f64::NAN),
        ]
        .prop_map(|factor| Jitter::Proportional { factor }),
    ]
}

/// Every kind, with factors in (0, 1] only.
fn valid_jitter() -> impl Strategy<Value = Jitter> {
    prop_oneof![
        Just(Jitter::None),
        Just(Jitter::Full),
        Just(Jitter::Equal),
        Just(Jitter::Decorrelated),
        prop_oneof![3 => 1e-9f64..=1.0, 1 => Just(0.2), 1 => Just(1.0)]
            .prop_map(|factor| Jitter::Proportional { factor }),
    ]
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
            &[f64::MIN_POSITIVE, 1e-300, 1.0, 1e300, f64::MAX / 2.0, f64::MAX][..]
        ),
    ];
    (
        positive.clone(),
        prop_oneof![3 => 1.0..4.0f64, 1 => Just(1.0), 1 => 1.0..f64::MAX],
        prop_oneof![1 => Just(None), 2 => positive.prop_map(Some)],
        prop_oneof![3 => 1u32..=60, 1 => Just(MAX_RETRIES), 1 => 1..=MAX_RETRIES],
        valid_jitter(),
    )
        .prop_map(|(base, multiplier, max_delay, retries, jitter)| Policy {
            base,
            multiplier,
            max_delay,
            retries,
            jitter,
        })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn any_policy_gives_a_sound_schedule_or_the_right_error(p in policy()) {
        holds(check_policy(&p))?;
    }

    #[test]
    fn valid_fields_give_a_sound_schedule_or_a_genuine_overflow(p in valid_policy()) {
        prop_assert_eq!(first_broken_rule(&p), None);
        match Schedule::new(p) {
            Ok(schedule) => holds(check_schedule(&p, &schedule))?,
            Err(err) => holds(check_overflow(&p, err))?,
        }
    }

    /// A cap keeps every schedule finite whatever the base and multiplier,
    /// unless the total itself outgrows the largest finite number.
    #[test]
    fn a_cap_prevents_delay_overflow(p in valid_policy(), cap in 1e-300..1e300f64) {
        let p = Policy { max_delay: Some(cap), ..p };
        match Schedule::new(p) {
            Ok(schedule) => holds(check_schedule(&p, &schedule))?,
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

    /// Any duration at all splits into parts in range and in the shape of
    /// their tier.
    #[test]
    fn duration_parts_never_panics_and_stays_in_range(ms in prop_oneof![
        3 => 0.0..1e12f64,
        1 => 0.0..120_000.0f64,
        1 => edge(),
        1 => any::<f64>(),
        1 => any_bits(),
    ]) {
        holds(check_duration(ms))?;
    }

    /// Putting the parts back together gives the input to within the
    /// rounding of the parts' tier: half a millisecond, half a second or half
    /// a minute; near the tiers' boundaries as often as not.
    #[test]
    fn duration_parts_reconstruct_the_input(ms in prop_oneof![
        3 => 0.0..1e12f64,
        2 => 0.0..4e6f64,
        1 => proptest::sample::select(
            &[0.0, 0.4999, 0.5, 59_999.4, 59_999.5, 60_000.0, 3_599_499.9, 3_599_500.0, 86_399_999.0, 1e12][..]
        ),
    ]) {
        holds(check_duration(ms))?;
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
                base: f64::MIN_POSITIVE,
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
            base: f64::MIN_POSITIVE,
            multiplier: 1.0,
            max_delay: None,
            retries: MAX_RETRIES,
            ..ok
        },
        Policy {
            base: f64::MIN_POSITIVE,
            multiplier: f64::MAX,
            max_delay: Some(f64::MIN_POSITIVE),
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
            base: f64::MIN_POSITIVE,
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

/// Once a delay reaches the cap, a multiplier above one keeps the uncapped
/// delay growing, so every later row is capped, even where floating point
/// cannot hold the growth: 1e300 × f64::MAX is infinite.
#[test]
fn capped_holds_after_the_cap_where_floating_point_stops_growing() {
    let p = Policy {
        base: 1e300,
        multiplier: f64::MAX,
        max_delay: Some(1e300),
        retries: 3,
        jitter: Jitter::None,
    };
    assert_eq!(1e300 * f64::MAX, f64::INFINITY);
    let schedule = Schedule::new(p).unwrap();
    let capped: Vec<bool> = schedule.rows().map(|r| r.capped).collect();
    assert_eq!(capped, [false, true, true]);
    check_schedule(&p, &schedule).unwrap_or_else(|err| panic!("{err}"));
}

/// A subnormal delay (below 2^-1022) is refused: its figures would lose
/// the precision the core states for them.
#[test]
fn subnormal_delays_are_refused() {
    let ok = ok_policy();
    for tiny in [5e-324, f64::MIN_POSITIVE.next_down()] {
        assert_eq!(
            Schedule::new(Policy { base: tiny, ..ok }).err(),
            Some(PolicyError::Base)
        );
        assert_eq!(
            Schedule::new(Policy {
                max_delay: Some(tiny),
                ..ok
            })
            .err(),
            Some(PolicyError::MaxDelay)
        );
    }
    assert!(
        Schedule::new(Policy {
            base: f64::MIN_POSITIVE,
            ..ok
        })
        .is_ok()
    );
}

/// A timeout or deadline: mostly ordinary, sometimes at or beyond the ends
/// of its rule.
fn limit() -> impl Strategy<Value = Option<f64>> {
    prop_oneof![
        2 => Just(None),
        4 => (1e-3..1e5f64).prop_map(Some),
        1 => proptest::sample::select(
            &[0.0, -1.0, f64::NAN, f64::INFINITY, 1e300, f64::MAX][..]
        )
        .prop_map(Some),
    ]
}

proptest! {
    // The distribution figures take a grid or Monte Carlo run per case.
    #![proptest_config(ProptestConfig { cases: 300, ..config() })]

    /// Any accepted policy under any limits gives sound distribution figures
    /// or the error of the limit that breaks its rule.
    #[test]
    fn distribution_figures_are_sound_or_the_limit_is_named(
        p in valid_policy(),
        timeout in limit(),
        deadline in limit(),
    ) {
        let p = Policy { retries: p.retries.min(60), ..p };
        holds(check_distribution(&p, Limits { timeout, deadline }))?;
    }
}

/// The two inputs proptest once shrank failures to (kept as plain cases,
/// since integration tests persist no regression file): a cap of the
/// smallest delay under a large base (the smallest subnormal then, the
/// smallest normal double now that subnormals are refused), and a cap of
/// 1e-300 under a base near the largest double. Both must give a sound
/// schedule.
#[test]
fn inputs_proptest_once_shrank_to() {
    let tiny_cap = Policy {
        base: 471645.66794016934,
        multiplier: 1.0,
        max_delay: Some(f64::MIN_POSITIVE),
        retries: 2,
        jitter: Jitter::None,
    };
    check_policy(&tiny_cap).unwrap_or_else(|err| panic!("{err}"));
    let huge_base = Policy {
        base: 8.057795592700554e299,
        multiplier: 1.0,
        max_delay: Some(1e-300),
        retries: 2,
        jitter: Jitter::None,
    };
    let schedule = Schedule::new(huge_base).unwrap_or_else(|err| panic!("{err:?}"));
    check_schedule(&huge_base, &schedule).unwrap_or_else(|err| panic!("{err}"));
}
