//! Fuzzes the backoff core, the duration rounding and the JSON number writer.
//!
//! Each input is read as a policy whose numbers come either from raw bits (so
//! that NaN, infinities, subnormals and the largest finite values all occur)
//! or from small integers (so that ordinary schedules occur too), and as one
//! more raw `f64` for `duration_parts` and `report::js_number`, then as a
//! timeout and a deadline for the distribution figures (percentiles,
//! decorrelated jitter's Monte Carlo run, the attempt timeline), then as a
//! seed for one sample run, a failure rate and layers for the cost (with
//! what each library's retry budget does at that rate), and
//! (for short schedules) as the deadline of what fits it. The core's
//! invariants are checked by `backoff_core_testing`, the very checkers of the
//! property tests (`core/tests/suite/props.rs`); the same inputs go through the
//! calculator's distribution contract (`contract::distribution`, the
//! module's export built with it), which must answer as the core does and
//! write only finite figures.

#![no_main]

use backoff_core::contract::distribution as dc;
use backoff_core::contract::{Refused, SCHEDULE_LEN};
use backoff_core::dist::{Delay, Limits};
use backoff_core::{Jitter, MAX_RETRIES, Policy};
use backoff_core_testing::work::WorkBuffers;
use backoff_core_testing::{check_distribution, check_duration, check_policy, pick_jitter};
use backoff_site::report::js_number;
use libfuzzer_sys::fuzz_target;

/// Takes bytes off the front of the input, with zeros once it runs out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0u8; N];
        let n = N.min(self.0.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        out
    }

    fn u8(&mut self) -> u8 {
        self.take::<1>()[0]
    }

    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take())
    }

    fn raw_f64(&mut self) -> f64 {
        f64::from_bits(u64::from_le_bytes(self.take()))
    }

    /// A number chosen by `mode`: raw bits, a small multiple of 1/16, or one
    /// near 1 (for multipliers).
    fn f64(&mut self, mode: u8) -> f64 {
        match mode % 4 {
            0 | 1 => self.raw_f64(),
            2 => f64::from(self.u32()) / 16.0,
            _ => 1.0 + f64::from(self.u32()) / f64::from(u32::MAX),
        }
    }
}

fn policy(bytes: &mut Bytes) -> Policy {
    let modes = bytes.u8();
    let base = bytes.f64(modes);
    let multiplier = bytes.f64(modes >> 2);
    let max_delay = match (modes >> 4) % 4 {
        0 => None,
        _ => Some(bytes.f64(modes >> 6)),
    };
    let raw = bytes.u32();
    // Mostly in and around the allowed range, sometimes anything.
    let retries = if raw & 0x8000_0000 == 0 {
        raw % (MAX_RETRIES + 2)
    } else {
        raw
    };
    let kind = bytes.u8();
    // Every kind of the core; the factor (read by the kinds that take one)
    // raw bits or in (0, 1] (or just past it).
    let factor = if kind & 0x80 == 0 {
        f64::from(bytes.u32()) / f64::from(u32::MAX / 2)
    } else {
        bytes.raw_f64()
    };
    let jitter = pick_jitter(&Jitter::NAMES, u64::from(kind), factor);
    Policy {
        base,
        multiplier,
        max_delay,
        retries,
        jitter,
    }
}

fn check_js_number(x: f64) {
    let text = js_number(x);
    assert!(!text.is_empty() && text.is_ascii(), "{x:e}: {text:?}");
    if x.is_nan() {
        assert_eq!(text, "NaN");
    } else {
        // ECMAScript's spelling reads back as the same number (negative zero
        // is written "0", as `String(-0)` does).
        let back: f64 = text
            .parse()
            .unwrap_or_else(|e| panic!("{x:e} written as {text:?}: {e}"));
        assert!(
            back == x,
            "{x:e} written as {text:?} reads back as {back:e}"
        );
        assert!(
            !text.contains("e+0") && !text.contains("e-0"),
            "{x:e}: {text:?}"
        );
    }
}

/// A timeout or deadline: none, raw bits, or a small multiple of 1/16.
fn limit(bytes: &mut Bytes, mode: u8) -> Option<f64> {
    match mode % 3 {
        0 => None,
        1 => Some(bytes.raw_f64()),
        _ => Some(f64::from(bytes.u32() % 1_000_000) / 16.0),
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    let p = policy(&mut bytes);
    if let Err(failure) = check_policy(&p) {
        panic!("{failure}");
    }
    let x = bytes.raw_f64();
    if let Err(failure) = check_duration(x) {
        panic!("{failure}");
    }
    check_js_number(x);
    check_js_number(p.base);
    // The distribution figures take a grid or a Monte Carlo run per retry:
    // up to 100 retries keeps a fuzz run fast.
    let modes = bytes.u8();
    let limits = Limits {
        timeout: limit(&mut bytes, modes),
        deadline: limit(&mut bytes, modes / 3),
    };
    let p = Policy {
        retries: p.retries.min(100),
        ..p
    };
    if let Err(failure) = check_distribution(&p, limits) {
        panic!("{failure}");
    }
    check_contract(&p, limits);
    check_sample(&p, u64::from_le_bytes(bytes.take()));
    check_cost(&p, &mut bytes);
    // A fit searches dozens of runs: short schedules only.
    let p = Policy {
        retries: p.retries.min(12),
        ..p
    };
    check_fit(&p, limits);
});

/// A seeded sample run of a policy the core accepts: every delay finite and
/// within its row, the total their sum; refused exactly when the policy is.
fn check_sample(p: &Policy, seed: u64) {
    let n = p.retries.min(MAX_RETRIES) as usize;
    let (mut work, mut out) = (vec![Delay::fixed(0.0); n], vec![0.0; n]);
    let drawn = backoff_core::dist::sample::sample(p, seed, &mut work, &mut out);
    let Ok(schedule) = backoff_core::Schedule::new(*p) else {
        assert!(drawn.is_err(), "{p:?}: a refused policy was sampled");
        return;
    };
    let total = drawn.unwrap_or_else(|e| panic!("{p:?}: an accepted policy's sample: {e}"));
    assert!(total.is_finite(), "{p:?}: total {total}");
    for (d, row) in out.iter().zip(schedule.rows()) {
        assert!(
            d.is_finite() && row.min <= *d && *d <= row.max,
            "{p:?} seed {seed}: retry {} drew {d}, not in [{}, {}]",
            row.retry,
            row.min,
            row.max
        );
    }
}

/// The cost at a failure rate: refused exactly outside [0, 1] or 1..=10
/// layers or the retries' range; else every figure finite and in range.
fn check_cost(p: &Policy, bytes: &mut Bytes) {
    let modes = bytes.u8();
    let rate = match modes % 3 {
        0 => bytes.raw_f64(),
        _ => f64::from(bytes.u32()) / f64::from(u32::MAX),
    };
    let layers = u32::from(bytes.u8() % 12);
    let got = backoff_core::cost::cost(p.retries, rate, layers);
    let valid = (0.0..=1.0).contains(&rate)
        && (1..=backoff_core::cost::MAX_LAYERS).contains(&layers)
        && (backoff_core::MIN_RETRIES..=MAX_RETRIES).contains(&p.retries);
    let Ok(c) = got else {
        assert!(!valid, "{p:?}, rate {rate}, {layers} layers: refused");
        return;
    };
    assert!(valid, "{p:?}, rate {rate}, {layers} layers: accepted");
    let most = f64::from(p.retries) + 1.0;
    assert!((1.0..=most).contains(&c.attempts), "{c:?}");
    assert!(
        (0.0..=1.0).contains(&c.success) && (0.0..=1.0).contains(&c.top_success),
        "{c:?}"
    );
    assert!(
        c.bottom_attempts.is_finite()
            && 1.0 <= c.bottom_attempts
            && c.bottom_attempts <= c.bottom_attempts_worst * (1.0 + 1e-12),
        "{c:?}"
    );
    // A budget never lets more through than the policy asks for, nor fewer
    // than the original attempt.
    for (name, budget) in backoff_core::budget::NAMED {
        let e = backoff_core::budget::effect(budget, p.retries, rate)
            .unwrap_or_else(|err| panic!("{name}, {p:?}, rate {rate}: {err:?}"));
        assert!(
            (1.0..=c.attempts).contains(&e.held_attempts),
            "{name}, rate {rate}: {e:?} against {c:?}"
        );
        // Both counts or neither (a budget that never stops requests one at a time).
        match (e.calls_from_full, e.retries_from_full) {
            (Some(calls), Some(retries)) => assert!(
                calls.saturating_mul(p.retries) <= retries && retries <= 1000,
                "{name}: {e:?}"
            ),
            (None, None) => {}
            _ => panic!("{name}: {e:?}"),
        }
    }
}

/// What fits the limits' deadline: refused only for broken limits or
/// policy; the counts ordered and within the most retries, each bound a
/// delay the core takes.
fn check_fit(p: &Policy, limits: Limits) {
    let Some(deadline) = limits.deadline else {
        return;
    };
    if backoff_core::Schedule::new(*p).is_err() {
        return;
    }
    let mut buffers = WorkBuffers::new(MAX_RETRIES as usize);
    let got = backoff_core::dist::fit::fit(p, limits.timeout, deadline, buffers.work());
    let Ok(f) = got else {
        assert!(
            Limits {
                deadline: Some(deadline),
                ..limits
            }
            .validate()
            .is_err(),
            "{p:?} {limits:?}: {got:?}"
        );
        return;
    };
    assert!(
        f.most_retries_worst <= f.most_retries_p99
            && f.most_retries_p99 <= f.most_retries_p50
            && f.most_retries_p50 <= MAX_RETRIES,
        "{p:?} {limits:?}: {f:?}"
    );
    for bound in [f.largest_base_p99, f.largest_max_delay_p99] {
        if let backoff_core::dist::fit::Bound::UpTo(x) = bound {
            assert!(
                x.is_finite() && x >= backoff_core::MIN_DELAY,
                "{p:?} {limits:?}: {f:?}"
            );
        }
    }
}

/// The distribution contract on `p` and `limits`: it answers exactly when
/// the core does (the same field refused), writes only finite figures, and
/// leaves both buffers as they were when it refuses.
fn check_contract(p: &Policy, limits: Limits) {
    // A NaN slot is "not given": the inputs the slots can say.
    let given = |x: Option<f64>| x.filter(|x| !x.is_nan());
    let p = &Policy {
        max_delay: given(p.max_delay),
        ..*p
    };
    let limits = Limits {
        timeout: given(limits.timeout),
        deadline: given(limits.deadline),
    };
    let code = dc::JITTERS
        .iter()
        .position(|k| *k == p.jitter.name())
        .expect("every core kind is in the distribution contract");
    let slots = [
        p.base,
        p.multiplier,
        p.max_delay.unwrap_or(f64::NAN),
        f64::from(p.retries),
        code as f64,
        p.jitter.factor().unwrap_or(f64::NAN),
        limits.timeout.unwrap_or(f64::NAN),
        limits.deadline.unwrap_or(f64::NAN),
    ];
    let mut schedule = vec![0.0; SCHEDULE_LEN];
    let mut out = vec![0.0; dc::LEN];
    let mut buffers = WorkBuffers::new(backoff_core::MAX_RETRIES as usize);
    let work = buffers.work();
    let got = dc::distribution(
        &slots,
        (&mut schedule[..]).try_into().unwrap(),
        (&mut out[..]).try_into().unwrap(),
        work,
    );
    // The core's answer, as the command line computes it.
    let core = backoff_core::Schedule::new(*p)
        .map_err(|e| e.field())
        .and_then(|s| {
            backoff_site::report::Distribution::new(&s, limits)
                .map(drop)
                .map_err(|e| e.field())
        });
    match (got, core) {
        (Ok(()), Ok(())) => assert!(
            schedule.iter().chain(&out).all(|x| x.is_finite()),
            "{p:?} {limits:?}: a figure is not finite"
        ),
        (Err(Refused { code, .. }), Err(field)) => {
            assert_eq!(
                dc::ERROR_INPUTS[code as usize - 1],
                field,
                "{p:?} {limits:?}"
            );
            assert!(
                schedule.iter().chain(&out).all(|x| *x == 0.0),
                "{p:?} {limits:?}: a refusal wrote a figure"
            );
        }
        (got, core) => panic!("{p:?} {limits:?}: the contract says {got:?}, the core {core:?}"),
    }
}
