//! The site's WebAssembly modules: `extern "C"` exports over the backoff
//! core, and nothing else: the calculator's three (`calculator.rs`, below)
//! and the retry-storm lab's (`storm.rs`, with `--cfg backoff_storm`:
//! described there).
//!
//! `build.rs` compiles this crate three times for the calculator with plain rustc, as a
//! `#![no_std]` cdylib for `wasm32-unknown-unknown` linked against the
//! `backoff-core` crate: the base module (`wasm_module::CALCULATOR_WASM`)
//! and the two method modules, with `--cfg backoff_grid`
//! (`wasm_module::GRID_WASM`) and with `--cfg backoff_monte_carlo`
//! (`wasm_module::MONTE_CARLO_WASM`). The browser therefore runs the very
//! arithmetic the build runs, and `tests/suite/wasm_parity.rs` and
//! `tests/suite/dist_wasm_parity.rs` check that they agree bit for bit.
//!
//! It never formats, never allocates and never grows memory: inputs and
//! results go through static buffers whose addresses the exports hand out,
//! and the JavaScript side reads them through a `Float64Array` over the
//! exported `memory`. What the buffers hold, and the codes, are the core's
//! `contract` module's tables (`backoff_core::contract`), which the script
//! receives in the page's JSON island; this crate adds no layout of its own.
//!
//! Every module (all numbers are `f64` in the buffers, pointers are `i32`):
//!
//! - `input_buffer() -> *mut f64`: where the caller writes the inputs, one
//!   per key of `contract::INPUTS` (the base module) or of
//!   `contract::distribution::INPUTS` (a method module: the calculator's,
//!   then `timeout` and `deadline`), in that order.
//! - `error_retry() -> u32` is the retry at which the module's last call
//!   overflowed, or 0.
//! - `schedule_buffer() -> *const f64`: the schedule buffer,
//!   `contract::SCHEDULE_LEN` f64 long.
//!
//! The base module, which every calculator page loads at start:
//!
//! - `schedule() -> u32` computes the schedule of the inputs into the
//!   schedule buffer (`contract::run`): 0 on success, else the error's code
//!   (`contract::ERRORS`); on failure the buffer is left as it was.
//! - `duration_parts(ms: f64) -> *const f64` splits a duration by the core's
//!   rounding rule and returns the address of the `contract::PARTS`.
//! - `spread(clients: f64) -> u32` buckets the retry starts of `clients`
//!   clients under the schedule in the schedule buffer (the last successful
//!   `schedule` call's, or one the caller wrote there) for the inputs'
//!   retries (`contract::spread`) into the spread buffer: 0 on success, else
//!   the error's code; on failure the buffer is left as it was.
//! - `spread_buffer() -> *const f64`: the spread buffer,
//!   `contract::SPREAD_LEN` f64 long; `spread_counts() -> *const u32`: the
//!   counts, `contract::SPREAD_BUCKETS` u32 long.
//! - `cost(retries: f64, failure_rate: f64, layers: f64, budget: f64) -> u32`
//!   computes what `retries` retries (the last good policy's, whatever its
//!   kind) cost the server at that failure rate per
//!   attempt over `layers` layers (NaN: one), and what the retry budget of
//!   code `budget` (NaN: none) does to them, into the cost buffer
//!   (`contract::cost`): 0 or the error's code; on failure the buffer is
//!   left as it was.
//!   `cost_buffer() -> *const f64`: the cost buffer, `contract::cost::LEN`
//!   f64 long.
//!
//! The method modules, which hold the percentiles and the attempt timeline
//! (`contract::distribution`), one method each, and none of the base
//! module's functions:
//!
//! - `distribution() -> u32` computes what `backoff-site schedule
//!   --percentiles` prints for the inputs into the distribution buffer; 0
//!   or the error's code (`contract::distribution::ERRORS`); on failure the
//!   buffers are left as they were. In the grid module
//!   (`contract::distribution::grid`: none, full, equal and proportional
//!   jitter) it reads each retry's delay from the schedule buffer, which the
//!   caller fills with the base module's schedule of the same inputs, and
//!   writes nothing there. In the Monte Carlo module
//!   (`contract::distribution::monte_carlo`: decorrelated jitter, whose
//!   schedule the base module cannot compute) it writes the schedule
//!   buffer as `schedule` lays it out, with the seeded run's means and
//!   totals.
//! - `distribution_buffer() -> *const f64`: the distribution buffer,
//!   `contract::distribution::LEN` f64 long.
//! - `fit() -> u32` computes what fits the deadline slot
//!   (`contract::fit`: the most retries that start before it, the largest
//!   first and maximum delays that still do at P99), by the module's own
//!   method, from the input slots alone, into the fit buffer; 0 or the
//!   error's code (a kind of the other method is the `jitter` error); on
//!   failure the buffer is left as it was. It runs the method up to about a
//!   hundred times, so the script calls it off the page's thread.
//!   `fit_buffer() -> *const f64`: the fit buffer, `contract::fit::LEN` f64
//!   long.
//! - `sample(seed: f64) -> u32` draws one run of the input slots' policy
//!   from `seed` (`contract::sample`: a whole number up to 2^53 − 1), each
//!   retry's actual delay and the total, into the sample buffer; 0 or the
//!   error's code (a kind of the other method is the `jitter` error); on
//!   failure the buffer is left as it was.
//!   `sample_buffer() -> *const f64`: the sample buffer,
//!   `contract::sample::LEN` f64 long.
//!
//! Their work buffers (up to about 600 KB) are static: memory pages, not
//! bytes of the module. The base module, which every calculator page loads
//! at start, holds no method; each method module holds one, with the
//! search of what fits a deadline over it, within the budgets of
//! `tests/suite/budgets.rs`. The script fetches the one for the reader's
//! jitter kind on the first edit (`wasm/build`'s `Kind`) and keeps the base
//! instance for the schedule, durations and many clients; its worker
//! instantiates the same module again for `fit`.

#![no_std]

#[cfg(not(backoff_storm))]
mod calculator;
#[cfg(backoff_storm)]
mod storm;

// Only the module needs a panic handler: Cargo's host build of this crate (an
// rlib, for clippy) gets std's wherever it is linked.
#[cfg(target_arch = "wasm32")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    // The core never panics; should it ever, trap instead of carrying on.
    core::arch::wasm32::unreachable()
}
