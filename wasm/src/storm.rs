//! The retry-storm lab's module (`--cfg backoff_storm`,
//! `wasm_module::STORM_WASM`): the core's storm model over its contract
//! (`backoff_core::contract::storm`), and none of the calculator's
//! functions. `tests/suite/storm_wasm_parity.rs` checks that it gives the
//! native run's figures bit for bit.
//!
//! - `storm_input_buffer() -> *mut f64`: where the caller writes the
//!   scenario, one slot per key of `contract::storm::INPUTS`.
//! - `storm() -> u32` runs it into the output buffer: 0, or the error's
//!   code (`contract::storm::ERRORS`); on failure the buffer is left as it
//!   was. `storm_seconds() -> u32` is the last run's seconds.
//! - `storm_buffer() -> *const f64`: the output, `contract::storm::LEN`
//!   f64 long, `contract::storm::FIGURES` a second.
//! - `storm_verdict() -> *const f64`: the last run's verdict after its
//!   trigger, three f64 (`contract::storm::verdict`): the share answered
//!   before and after, and 1 if it recovered; NaN without a trigger.
//!
//! Its slots are static, memory pages rather than bytes of the module
//! (about 6 MB): a run holds at most 65,536 requests, 131,072 pending
//! events, 1,024 clients and a queue of 65,536, beyond which it stops with
//! the `requests`, `events`, `clients` or `queue` code.

use backoff_core::contract::storm::{
    self as contract, INPUTS, LEN, MAX_SECONDS, MODULE_CLIENTS, MODULE_EVENTS, MODULE_REQUESTS,
};
use backoff_core::dist::Delay;
use backoff_core::storm::{Buffers, ClientState, Event, Request, Second};

// Plain `static mut`s: the module runs on one thread, and each export takes
// the only reference to a buffer for the length of the call.
static mut INPUT: [f64; INPUTS.len()] = [0.0; INPUTS.len()];
static mut OUTPUT: [f64; LEN] = [0.0; LEN];
static mut SECONDS_RUN: u32 = 0;
static mut EVENTS: [Event; MODULE_EVENTS] = [Event::EMPTY; MODULE_EVENTS];
static mut REQUESTS: [Request; MODULE_REQUESTS] = [Request::EMPTY; MODULE_REQUESTS];
static mut CLIENTS: [ClientState; MODULE_CLIENTS] = [ClientState::EMPTY; MODULE_CLIENTS];
static mut WAITING: [(u32, u32); 1 << 16] = [(0, 0); 1 << 16];
static mut DELAYS: [Delay; backoff_core::MAX_RETRIES as usize] =
    [Delay::fixed(0.0); backoff_core::MAX_RETRIES as usize];
static mut SECONDS: [Second; MAX_SECONDS] = [Second::ZERO; MAX_SECONDS];
static mut VERDICT: [f64; 3] = [f64::NAN; 3];

#[unsafe(no_mangle)]
pub extern "C" fn storm_input_buffer() -> *mut f64 {
    (&raw mut INPUT).cast::<f64>()
}

#[unsafe(no_mangle)]
pub extern "C" fn storm() -> u32 {
    // SAFETY: single-threaded and not reentrant: these are the only
    // references to the buffers while the call runs.
    let (inputs, out, buffers) = unsafe {
        (
            &*(&raw const INPUT),
            &mut *(&raw mut OUTPUT),
            Buffers {
                events: &mut *(&raw mut EVENTS),
                requests: &mut *(&raw mut REQUESTS),
                clients: &mut *(&raw mut CLIENTS),
                waiting: &mut *(&raw mut WAITING),
                delays: &mut *(&raw mut DELAYS),
                seconds: &mut *(&raw mut SECONDS),
            },
        )
    };
    match contract::run(inputs, buffers, out) {
        Ok(seconds) => {
            // SAFETY: as above.
            unsafe { SECONDS_RUN = seconds as u32 };
            0
        }
        Err(code) => code,
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn storm_seconds() -> u32 {
    // SAFETY: a plain read on the module's one thread.
    unsafe { SECONDS_RUN }
}

#[unsafe(no_mangle)]
pub extern "C" fn storm_buffer() -> *const f64 {
    (&raw const OUTPUT).cast::<f64>()
}

#[unsafe(no_mangle)]
pub extern "C" fn storm_verdict() -> *const f64 {
    // SAFETY: single-threaded and not reentrant, as `storm`: the only
    // references to these buffers while the call runs.
    unsafe {
        let rows = (SECONDS_RUN as usize).min(MAX_SECONDS);
        let seconds = &(&*(&raw const SECONDS))[..rows];
        *(&raw mut VERDICT) = contract::verdict(&*(&raw const INPUT), seconds);
        (&raw const VERDICT).cast::<f64>()
    }
}
