//! Fuzzes the backoff core, the duration rounding and the JSON number writer.
//!
//! Each input is read as a policy whose numbers come either from raw bits (so
//! that NaN, infinities, subnormals and the largest finite values all occur)
//! or from small integers (so that ordinary schedules occur too), and as one
//! more raw `f64` for `duration_parts` and `report::js_number`, then as a
//! timeout and a deadline for the distribution figures (percentiles,
//! decorrelated jitter's Monte Carlo run, the attempt timeline). The core's
//! invariants are checked by `backoff_core_testing`, the very checkers of the
//! property tests (`core/tests/props.rs`).

#![no_main]

use backoff_core::dist::Limits;
use backoff_core_testing::{check_distribution, check_duration, check_policy, pick_jitter};
use backoff_core::{Jitter, MAX_RETRIES, Policy};
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
});
