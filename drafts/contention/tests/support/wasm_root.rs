//! The crate's modules compiled for wasm32 by plain `rustc`, exporting the
//! sample fingerprints (see `tests/wasm.rs`). The harness uses only part of
//! the API.
#![allow(dead_code)]
#![no_std]

#[path = "../../src/normal.rs"]
mod normal;
#[path = "../../src/rng.rs"]
mod rng;
#[path = "../../src/sim.rs"]
mod sim;
#[path = "../../src/spread.rs"]
mod spread;
mod sample;

use sim::{Herd, Model, Simulator, Slot, Strategy, Summary};
use spread::{Delay, retry_starts};

#[unsafe(no_mangle)]
pub extern "C" fn fingerprint(seed: u64) -> u64 {
    sample::sample_fingerprint(seed)
}

#[unsafe(no_mangle)]
pub extern "C" fn spread_fingerprint(seed: u64) -> u64 {
    sample::spread_fingerprint(seed)
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}
