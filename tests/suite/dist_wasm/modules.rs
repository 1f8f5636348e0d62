//! The shipped modules side by side: the method modules
//! (`wasm_module::GRID_WASM`, `wasm_module::MONTE_CARLO_WASM`) export none
//! of the base module's functions, only the distribution's, the fit's and the sample's (the script keeps the base instance for
//! them), and the base module's `spread` buckets the schedule the Monte
//! Carlo module computed for decorrelated jitter, as the script hands it
//! over.

use backoff_core::contract::{self, distribution as dc};
use backoff_core::dist::Limits;
use backoff_core::{Jitter, Policy};
use backoff_site::wasm_module::CALCULATOR_WASM;

use super::export::{MODULES, Wasm, base_slots, bits, slots};
use crate::common::wasm::Instance;

/// A method module's exports: its own, `memory` and the accessors the
/// script reads its answer through (the inputs, the overflow's retry, the
/// schedule buffer that the grid module reads and the Monte Carlo module
/// fills), and the linker's two markers, as in the base module.
const METHOD_EXPORTS: [&str; 12] = [
    "memory",
    "input_buffer",
    "error_retry",
    "schedule_buffer",
    dc::EXPORTS[0],
    dc::EXPORTS[1],
    contract::fit::EXPORTS[0],
    contract::fit::EXPORTS[1],
    contract::sample::EXPORTS[0],
    contract::sample::EXPORTS[1],
    "__data_end",
    "__heap_base",
];

/// The base module's functions, which the script keeps calling on the base
/// instance: a copy of them in a method module is bytes every reader who
/// edits downloads twice.
const BASE_FUNCTIONS: [&str; 7] = [
    "schedule",
    "duration_parts",
    contract::SPREAD_EXPORTS[0],
    contract::SPREAD_EXPORTS[1],
    contract::SPREAD_EXPORTS[2],
    contract::cost::EXPORTS[0],
    contract::cost::EXPORTS[1],
];

#[test]
fn the_method_modules_hold_none_of_the_base_modules_functions() {
    let base = Instance::new(CALCULATOR_WASM).exports;
    for (module, bytes) in MODULES {
        let dist = Instance::new(bytes).exports;
        for name in BASE_FUNCTIONS {
            assert!(
                base.iter().any(|e| e == name),
                "the base module lacks {name}"
            );
            assert!(
                !dist.iter().any(|e| e == name),
                "the {module} module exports {name}, a copy of the base module's"
            );
        }
        // What it exports besides its own is only what the call is read
        // through.
        let mut got: Vec<&str> = dist.iter().map(String::as_str).collect();
        let mut want = METHOD_EXPORTS;
        got.sort_unstable();
        want.sort_unstable();
        assert_eq!(got, want, "{module}");
    }
}

/// Decorrelated jitter as the script runs it: the base module cannot
/// compute its schedule, so the Monte Carlo module's is copied into the
/// base module's buffer and the base module's `spread` buckets it; bit for
/// bit against `contract::spread` run natively on the same schedule.
#[test]
fn the_base_module_spreads_the_monte_carlo_modules_schedule() {
    use contract::{SPREAD_BUCKETS, SPREAD_LEN};
    let mut modules = Wasm::new();
    let base = &mut modules.base.wasm;
    let (out, counts) = (
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
        let got = modules.call(&s);
        assert_eq!(got.code, 0, "{p:?}");
        let schedule: Vec<f64> = got.schedule.iter().map(|b| f64::from_bits(*b)).collect();
        // The base module now holds the slots and the schedule as the
        // script leaves them.
        let base = &mut modules.base.wasm;
        assert_eq!(spread.call(&mut base.store, clients).unwrap(), 0, "{p:?}");
        let (mut want, mut want_counts) = ([0.0; SPREAD_LEN], [0u32; SPREAD_BUCKETS]);
        contract::spread(
            &base_slots(&s),
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
