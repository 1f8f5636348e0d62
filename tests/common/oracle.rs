//! The reference model the core is tested against, shared by the property
//! tests, the WebAssembly parity test and the fuzz target
//! (`fuzz/fuzz_targets/core.rs` includes this file by path): the documented
//! rules restated as plainly as possible, and the floating-point values where
//! arithmetic changes behaviour.

use backoff_site::backoff::{
    DurationParts, DurationTier, MAX_RETRIES, MIN_RETRIES, Policy, PolicyError,
};

/// Values at which floating point arithmetic changes behaviour.
pub const EDGES: &[f64] = &[
    0.0,
    -0.0,
    5e-324,                                // the smallest subnormal
    f64::from_bits(0x000f_ffff_ffff_ffff), // the largest subnormal
    f64::MIN_POSITIVE,
    1e-300,
    0.5,
    1.0 - f64::EPSILON / 2.0,
    1.0,
    1.0 + f64::EPSILON,
    1.5,
    2.0,
    10.0,
    1e10,
    1e300,
    f64::MAX / 2.0,
    f64::MAX,
    -1.0,
    -1e-300,
    f64::MIN,
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
];

/// The first field rule a policy breaks, in the documented order, if any.
pub fn first_broken_rule(p: &Policy) -> Option<PolicyError> {
    if !(p.base.is_finite() && p.base > 0.0) {
        Some(PolicyError::Base)
    } else if !(p.multiplier.is_finite() && p.multiplier >= 1.0) {
        Some(PolicyError::Multiplier)
    } else if p
        .max_delay
        .is_some_and(|cap| !(cap.is_finite() && cap > 0.0))
    {
        Some(PolicyError::MaxDelay)
    } else if !(MIN_RETRIES..=MAX_RETRIES).contains(&p.retries) {
        Some(PolicyError::Retries)
    } else {
        None
    }
}

/// The nominal delays and capped flags by the documented rule: the delay
/// grows by one multiplication per retry until it reaches the cap, then stays
/// there; a row is capped when the uncapped delay `base × multiplier^(retry −
/// 1)` exceeds the cap. Uncapped delays may be infinite here; the core
/// reports those as an overflow instead.
pub fn expected_rows(p: &Policy) -> Vec<(f64, bool)> {
    let mut out = Vec::new();
    let mut delay = p.base;
    let mut at_cap = false;
    for retry in 1..=p.retries {
        if retry > 1 && !at_cap {
            delay *= p.multiplier;
        }
        let capped = match p.max_delay {
            // Once at the cap the uncapped delay only grows, unless the
            // multiplier is one and the base is the cap itself.
            Some(cap) if at_cap => p.multiplier > 1.0 || p.base > cap,
            Some(cap) if delay >= cap => {
                let capped = delay > cap;
                delay = cap;
                at_cap = true;
                capped
            }
            _ => false,
        };
        out.push((delay, capped));
    }
    out
}

/// The milliseconds a duration's parts add up to.
pub fn rebuilt_ms(parts: &DurationParts) -> f64 {
    parts.days * 86_400_000.0
        + f64::from(parts.hours) * 3_600_000.0
        + f64::from(parts.minutes) * 60_000.0
        + f64::from(parts.seconds) * 1000.0
        + f64::from(parts.milliseconds)
}

/// Half the unit a tier rounds to, in milliseconds: the most its parts may
/// differ from the input.
pub fn half_unit_ms(tier: DurationTier) -> f64 {
    match tier {
        DurationTier::Seconds => 0.5,
        DurationTier::MinutesAndSeconds => 500.0,
        DurationTier::HoursAndMinutes => 30_000.0,
    }
}
