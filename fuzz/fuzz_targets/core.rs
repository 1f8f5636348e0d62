//! Fuzzes the backoff core, the duration rounding and the JSON number writer.
//!
//! Each input is read as a policy whose numbers come either from raw bits (so
//! that NaN, infinities, subnormals and the largest finite values all occur)
//! or from small integers (so that ordinary schedules occur too), and as one
//! more raw `f64` for `duration_parts` and `report::js_number`. The asserted
//! invariants are those of `tests/core_props.rs`.

#![no_main]

use backoff_site::backoff::{
    DurationTier, Jitter, MAX_RETRIES, Policy, PolicyError, Retry, Schedule, duration_parts,
};
use backoff_site::report::js_number;
use libfuzzer_sys::fuzz_target;

// The reference model of the property tests, included by path so that both
// check the core against the very same rules.
#[path = "../../tests/common/oracle.rs"]
// The fuzzer makes its own values; the edge list is for the property tests.
#[allow(dead_code)]
mod oracle;
use oracle::{expected_rows, first_broken_rule, half_unit_ms, rebuilt_ms};

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
    let jitter = match bytes.u8() % 3 {
        0 => Jitter::None,
        1 => Jitter::Full,
        _ => Jitter::Equal,
    };
    Policy {
        base,
        multiplier,
        max_delay,
        retries,
        jitter,
    }
}

fn check_schedule(p: &Policy, schedule: &Schedule) {
    let rows: Vec<Retry> = schedule.rows().collect();
    assert_eq!(rows.len(), p.retries as usize, "{p:?}");
    let expected = expected_rows(p);
    let (mut sum_min, mut sum_mean, mut sum_max) = (0.0f64, 0.0f64, 0.0f64);
    let mut previous = 0.0f64;
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row.retry as usize, i + 1, "{p:?}");
        for value in [
            row.delay,
            row.min,
            row.mean,
            row.max,
            row.cumulative_min,
            row.cumulative_mean,
            row.cumulative_max,
        ] {
            assert!(value.is_finite() && value >= 0.0, "{row:?} of {p:?}");
        }
        assert!(row.delay > 0.0 && row.delay >= previous, "{row:?} of {p:?}");
        previous = row.delay;
        if let Some(cap) = p.max_delay {
            assert!(row.delay <= cap, "{row:?} of {p:?}");
        }
        assert!(
            row.min <= row.mean && row.mean <= row.max,
            "{row:?} of {p:?}"
        );
        assert_eq!(row.max.to_bits(), row.delay.to_bits(), "{row:?} of {p:?}");
        sum_min += row.min;
        sum_mean += row.mean;
        sum_max += row.max;
        assert_eq!(
            [row.cumulative_min, row.cumulative_mean, row.cumulative_max].map(f64::to_bits),
            [sum_min, sum_mean, sum_max].map(f64::to_bits),
            "{row:?} of {p:?}"
        );
        let (delay, capped) = expected[i];
        assert_eq!(row.delay.to_bits(), delay.to_bits(), "{row:?} of {p:?}");
        assert_eq!(row.capped, capped, "{row:?} of {p:?}");
    }
    let totals = schedule.totals();
    let last = rows.last().expect("at least one row");
    assert_eq!(
        [totals.min, totals.mean, totals.max].map(f64::to_bits),
        [
            last.cumulative_min,
            last.cumulative_mean,
            last.cumulative_max
        ]
        .map(f64::to_bits),
        "{p:?}"
    );
    assert!(
        totals.min <= totals.mean && totals.mean <= totals.max,
        "{p:?}"
    );
}

fn check_overflow(p: &Policy, err: PolicyError) {
    let retry = err.retry();
    assert!((2..=p.retries).contains(&retry), "{err:?} for {p:?}");
    let shorter = Schedule::new(Policy {
        retries: retry - 1,
        ..*p
    })
    .unwrap_or_else(|e| panic!("{e:?} before the overflow of {err:?} for {p:?}"));
    let (delay, _) = expected_rows(&Policy {
        retries: retry,
        ..*p
    })[retry as usize - 1];
    match err {
        PolicyError::DelayOverflow { .. } => {
            assert!(
                p.max_delay.is_none() && delay.is_infinite(),
                "{err:?} for {p:?}"
            );
        }
        PolicyError::TotalOverflow { .. } => {
            assert!(delay.is_finite(), "{err:?} for {p:?}");
            assert!(
                (shorter.totals().max + delay).is_infinite(),
                "{err:?} for {p:?}"
            );
        }
        _ => panic!("{err:?} is not an overflow ({p:?})"),
    }
}

fn check_duration(ms: f64) {
    let parts = duration_parts(ms);
    assert!(
        parts.days.is_finite() && parts.days >= 0.0,
        "{ms:e}: {parts:?}"
    );
    assert_eq!(parts.days, parts.days.trunc(), "{ms:e}: {parts:?}");
    assert!(parts.hours < 24 && parts.minutes < 60, "{ms:e}: {parts:?}");
    assert!(
        parts.seconds < 60 && parts.milliseconds < 1000,
        "{ms:e}: {parts:?}"
    );
    match parts.tier() {
        DurationTier::Seconds => assert_eq!(parts.minutes, 0, "{ms:e}: {parts:?}"),
        DurationTier::MinutesAndSeconds => {
            assert_eq!(parts.milliseconds, 0, "{ms:e}: {parts:?}")
        }
        DurationTier::HoursAndMinutes => {
            assert_eq!(
                (parts.seconds, parts.milliseconds),
                (0, 0),
                "{ms:e}: {parts:?}"
            )
        }
    }
    if ms.is_finite() && (0.0..=1e12).contains(&ms) {
        let rebuilt = rebuilt_ms(&parts);
        let half_unit = half_unit_ms(parts.tier());
        assert!(
            (rebuilt - ms).abs() <= half_unit + ms * f64::EPSILON * 4.0,
            "{ms:e}: {parts:?}"
        );
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

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    let p = policy(&mut bytes);
    match (Schedule::new(p), first_broken_rule(&p)) {
        (Ok(schedule), None) => check_schedule(&p, &schedule),
        (Ok(_), Some(rule)) => panic!("accepted {p:?}, which breaks {rule:?}"),
        (Err(err), Some(rule)) => assert_eq!(err, rule, "{p:?}"),
        (Err(err), None) => check_overflow(&p, err),
    }
    let x = bytes.raw_f64();
    check_duration(x);
    check_js_number(x);
    check_js_number(p.base);
});
