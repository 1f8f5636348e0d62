//! The core's contention modules for wasm32, exporting the sample
//! fingerprints and timing cases (linked by plain `rustc`, see
//! `core/tests/suite/contention_wasm.rs`). The harness uses only part of the API.
#![allow(dead_code)]
#![no_std]

mod sample;

use backoff_core::contention::spread::{self, Delay, retry_starts};
use backoff_core::contention::{Herd, Model, Simulator, Slot, Strategy, Summary};

#[unsafe(no_mangle)]
pub extern "C" fn fingerprint(seed: u64) -> u64 {
    sample::sample_fingerprint(seed)
}

#[unsafe(no_mangle)]
pub extern "C" fn spread_fingerprint(seed: u64) -> u64 {
    sample::spread_fingerprint(seed)
}

/// The many-clients view for `clients` × `retries` under full jitter over a
/// doubling schedule from 100 ms, capped at 30 s, into 150 buckets; returns
/// the peak (0 for an error). For timing in the host.
#[unsafe(no_mangle)]
pub extern "C" fn spread_peak(clients: u32, retries: u32) -> u32 {
    let mut delays = [Delay { min: 0.0, max: 0.0 }; spread::MAX_RETRIES];
    let retries = (retries as usize).min(spread::MAX_RETRIES);
    let mut d = 100.0;
    for delay in delays[..retries].iter_mut() {
        *delay = Delay { min: 0.0, max: d };
        d = f64::min(d * 2.0, 30_000.0);
    }
    let mut buckets = [0u32; 150];
    retry_starts(&delays[..retries], clients, 1, &mut buckets).map_or(0, |s| s.peak)
}

/// The whole experiment (5 strategies × 10..50 clients × 100 runs, seed
/// 2015); returns the sum of the mean calls. For timing in the host.
#[unsafe(no_mangle)]
pub extern "C" fn experiment_calls() -> f64 {
    let simulator = Simulator::new(Model::AWS).unwrap();
    let mut slots = [Slot::EMPTY; 50];
    let mut scratch = [0.0; 200];
    let mut total = 0.0;
    for strategy in Strategy::ALL {
        for clients in [10, 20, 30, 40, 50] {
            total += simulator
                .experiment(strategy, clients, 100, 2015, &mut slots, &mut scratch)
                .unwrap()
                .mean_calls;
        }
    }
    total
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}
