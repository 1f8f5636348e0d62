//! A WebAssembly harness over the distribution draft: each export runs one
//! full 1,000-retry (or pinned small) computation with stack buffers and
//! returns one figure, so `run.mjs` can compare its bits with the native
//! tests' pinned values and time it.
#![no_std]

use distribution_draft::decorrelated::{self, MonteCarlo, Row};
use distribution_draft::sum::{CELLS, work_len};
use distribution_draft::{CapOrder, Delay, Jitter, Limits, Policy, Summary, delays, independent};

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}

const LIMITS: Limits = Limits {
    timeout: Some(2000.0),
    deadline: Some(600_000.0),
};

/// Total P99 of 1,000 retries with ±20 % jitter capped before it (every
/// delay random, every retry a full grid step), as `examples/bench.rs`.
#[unsafe(no_mangle)]
pub extern "C" fn independent_total_p99() -> f64 {
    let policy = Policy {
        base: 100.0,
        multiplier: 2.0,
        max_delay: Some(30_000.0),
        retries: 1000,
        jitter: Jitter::Proportional {
            factor: 0.2,
            order: CapOrder::BeforeJitter,
        },
    };
    let mut buf = [Delay::fixed(0.0); 1000];
    let mut work = [0.0; work_len(CELLS)];
    let mut out = [Summary::default(); 1000];
    match delays(&policy, &mut buf) {
        Ok(ds) => match independent(ds, LIMITS, &mut work, &mut out) {
            Ok(report) => report.total.p99,
            Err(_) => -1.0,
        },
        Err(_) => -1.0,
    }
}

/// Total P50 of 1,000 retries of decorrelated jitter, default seed and
/// sample count.
#[unsafe(no_mangle)]
pub extern "C" fn decorrelated_total_p50() -> f64 {
    decorrelated_run(decorrelated::Policy {
        base: 100.0,
        max_delay: Some(30_000.0),
        retries: 1000,
    })
}

/// The decorrelated case the native test pins (`tests/decorrelated.rs`).
#[unsafe(no_mangle)]
pub extern "C" fn decorrelated_pinned_p50() -> f64 {
    decorrelated_run(decorrelated::Policy {
        base: 100.0,
        max_delay: Some(5_000.0),
        retries: 8,
    })
}

fn decorrelated_run(policy: decorrelated::Policy) -> f64 {
    const N: u32 = decorrelated::DEFAULT_SAMPLES;
    let mut work = [0.0; decorrelated::work_len(N)];
    let mut rows = [Row::default(); 1000];
    let limits = if policy.retries == 1000 {
        LIMITS
    } else {
        Limits::default()
    };
    match decorrelated::decorrelated(&policy, MonteCarlo::default(), limits, &mut work, &mut rows) {
        Ok(report) => report.total.p50,
        Err(_) => -1.0,
    }
}
