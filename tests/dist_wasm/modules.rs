//! The two shipped modules side by side: the distribution module
//! (`wasm_module::DISTRIBUTION_WASM`) exports none of the base module's
//! functions (the script keeps the base instance for them), and the base
//! module's `spread` buckets the schedule the distribution module computed
//! for decorrelated jitter, as the script hands it over.

use backoff_core::contract::{self, distribution as dc};
use backoff_core::dist::Limits;
use backoff_core::{Jitter, Policy};
use backoff_site::wasm_module::CALCULATOR_WASM;

use super::export::{Wasm, bits, module, slots};
use super::instance::Instance;

/// The distribution module's exports: its own, `memory` and the accessors
/// the script reads its answer through (the inputs, the overflow's retry,
/// the schedule buffer that `distribution` fills), and the linker's two
/// markers, as in the base module.
const DISTRIBUTION_EXPORTS: [&str; 8] = [
    "memory",
    "input_buffer",
    "error_retry",
    "schedule_buffer",
    dc::EXPORTS[0],
    dc::EXPORTS[1],
    "__data_end",
    "__heap_base",
];

/// The base module's functions, which the script keeps calling on the base
/// instance: a copy of them in the distribution module is bytes every
/// reader who edits downloads twice.
const BASE_FUNCTIONS: [&str; 5] = [
    "schedule",
    "duration_parts",
    contract::SPREAD_EXPORTS[0],
    contract::SPREAD_EXPORTS[1],
    contract::SPREAD_EXPORTS[2],
];

#[test]
fn the_distribution_module_holds_none_of_the_base_modules_functions() {
    let base = Instance::new(CALCULATOR_WASM).exports;
    let dist = Instance::new(module()).exports;
    for name in BASE_FUNCTIONS {
        assert!(
            base.iter().any(|e| e == name),
            "the base module lacks {name}"
        );
        assert!(
            !dist.iter().any(|e| e == name),
            "the distribution module exports {name}, a copy of the base module's"
        );
    }
    // What it exports besides its own is only what the call is read
    // through.
    let mut got: Vec<&str> = dist.iter().map(String::as_str).collect();
    let mut want = DISTRIBUTION_EXPORTS;
    got.sort_unstable();
    want.sort_unstable();
    assert_eq!(got, want);
}

/// Decorrelated jitter as the script runs it: the base module cannot
/// compute its schedule, so the distribution module's is copied into the
/// base module's buffer and the base module's `spread` buckets it; bit for
/// bit against `contract::spread` run natively on the same schedule.
#[test]
fn the_base_module_spreads_the_distribution_modules_schedule() {
    use contract::{SPREAD_BUCKETS, SPREAD_LEN};
    let mut dist = Wasm::new(module());
    let mut base = Instance::new(CALCULATOR_WASM);
    let (input, buffer, out, counts) = (
        base.func::<(), u32>("input_buffer"),
        base.func::<(), u32>("schedule_buffer"),
        base.func::<(), u32>("spread_buffer"),
        base.func::<(), u32>("spread_counts"),
    );
    let spread = base.func::<f64, u32>("spread");
    for (retries, clients) in [(1, 10.0), (8, 100.0), (40, 3000.0)] {
        let p = Policy {
            base: 100.0,
            multiplier: 2.0,
            max_delay: Some(30_000.0),
            retries,
            jitter: Jitter::Decorrelated,
        };
        let s = slots(&p, Limits::default());
        let got = dist.call(&s);
        assert_eq!(got.code, 0, "{p:?}");
        let schedule: Vec<f64> = got.schedule.iter().map(|b| f64::from_bits(*b)).collect();
        // The script's slots for the base module: decorrelated jitter is no
        // kind of its contract.
        let mut base_slots: [f64; contract::INPUTS.len()] =
            s[..contract::INPUTS.len()].try_into().unwrap();
        base_slots[contract::input("jitter")] = -1.0;
        let at = input.call(&mut base.store, ()).unwrap();
        base.write_f64s(at, &base_slots);
        let at = buffer.call(&mut base.store, ()).unwrap();
        base.write_f64s(at, &schedule);
        assert_eq!(spread.call(&mut base.store, clients).unwrap(), 0, "{p:?}");
        let (mut want, mut want_counts) = ([0.0; SPREAD_LEN], [0u32; SPREAD_BUCKETS]);
        contract::spread(
            &base_slots,
            schedule[..].try_into().unwrap(),
            clients,
            &mut want,
            &mut want_counts,
        )
        .unwrap();
        assert_eq!(base.f64_bits(out, SPREAD_LEN), bits(&want), "{p:?}");
        let at = counts.call(&mut base.store, ()).unwrap();
        let got_counts: Vec<u32> = base
            .read(at, SPREAD_BUCKETS * 4)
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
            .collect();
        assert_eq!(got_counts, want_counts, "{p:?}");
        assert!(want_counts.iter().sum::<u32>() > 0, "{p:?}");
    }
}
