//! The calculator's WebAssembly module: `extern "C"` exports over the backoff
//! core, and nothing else.
//!
//! `build.rs` compiles this crate with plain rustc, as a `#![no_std]` cdylib
//! for `wasm32-unknown-unknown` linked against the `backoff-core` crate, and
//! the site tool embeds the result as `wasm_module::CALCULATOR_WASM`. The
//! browser therefore runs the very arithmetic the build runs, and
//! `tests/wasm_parity.rs` checks that they agree bit for bit.
//!
//! It never formats, never allocates and never grows memory: results go into
//! static buffers whose addresses the exports hand out, and the JavaScript
//! side reads them through a `Float64Array` over the exported `memory`.
//!
//! The exports (all numbers are `f64` in the buffers, pointers are `i32`):
//!
//! - `schedule(base: f64, multiplier: f64, max_delay: f64, has_max: u32,
//!   retries: u32, jitter: u32) -> u32` computes a schedule. `max_delay` is
//!   read only when `has_max` is not zero; `jitter` is 0 (none), 1 (full) or
//!   2 (equal). It returns 0 on success, else `PolicyError::code()` (1 base,
//!   2 multiplier, 3 max_delay, 4 retries, 5 delay overflow, 6 total
//!   overflow), or 7 for a `jitter` other than 0, 1 or 2. On success, row `i`
//!   (from 0) of the schedule buffer holds retry, delay, capped (0 or 1), min,
//!   mean, max, cumulative min, cumulative mean and cumulative max at
//!   indices `9 * i ..= 9 * i + 8` (`ROW_FIELDS` = 9), and the totals (min,
//!   mean, max) follow the last possible row, at indices 9000, 9001 and 9002
//!   (`TOTALS_OFFSET`). On failure the buffer is left as it was.
//! - `error_retry() -> u32` is the retry at which the last `schedule` call
//!   overflowed (codes 5 and 6), or 0.
//! - `schedule_buffer() -> *const f64` is the address of the schedule buffer,
//!   9003 f64 long (`SCHEDULE_LEN`).
//! - `duration_parts(ms: f64) -> *const f64` splits a duration by the core's
//!   rounding rule and returns the address of five f64: days, hours, minutes,
//!   seconds, milliseconds.

#![no_std]

use backoff_core::{Jitter, MAX_RETRIES, Policy, Schedule};

/// f64 values per row: retry, delay, capped, min, mean, max, and the three
/// cumulative values.
const ROW_FIELDS: usize = 9;
/// Where the totals start in the schedule buffer: after the last possible row.
const TOTALS_OFFSET: usize = ROW_FIELDS * MAX_RETRIES as usize;
/// The schedule buffer's length in f64 values.
const SCHEDULE_LEN: usize = TOTALS_OFFSET + 3;
/// The code `schedule` returns for an unknown jitter kind; the core's codes
/// stop at 6.
const JITTER_ERROR: u32 = 7;

// Plain `static mut`s: the module runs on one thread, and the exports only
// write through raw pointers, never through references.
static mut SCHEDULE: [f64; SCHEDULE_LEN] = [0.0; SCHEDULE_LEN];
static mut PARTS: [f64; 5] = [0.0; 5];
static mut ERROR_RETRY: u32 = 0;

// Only the module needs a panic handler: Cargo's host build of this crate (an
// rlib, for clippy) gets std's wherever it is linked.
#[cfg(target_arch = "wasm32")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    // The core never panics; should it ever, trap instead of carrying on.
    core::arch::wasm32::unreachable()
}

#[unsafe(no_mangle)]
pub extern "C" fn schedule(
    base: f64,
    multiplier: f64,
    max_delay: f64,
    has_max: u32,
    retries: u32,
    jitter: u32,
) -> u32 {
    let jitter = match jitter {
        0 => Jitter::None,
        1 => Jitter::Full,
        2 => Jitter::Equal,
        _ => return finish(JITTER_ERROR, 0),
    };
    let policy = Policy {
        base,
        multiplier,
        max_delay: if has_max != 0 { Some(max_delay) } else { None },
        retries,
        jitter,
    };
    let schedule = match Schedule::new(policy) {
        Ok(schedule) => schedule,
        Err(err) => return finish(err.code(), err.retry()),
    };
    let out = (&raw mut SCHEDULE).cast::<f64>();
    for row in schedule.rows() {
        // Rows are numbered from 1; the check restates the core's bound on
        // their number, so that every write below stays inside the buffer
        // whatever the core does.
        let i = row.retry.wrapping_sub(1) as usize;
        if i >= MAX_RETRIES as usize {
            break;
        }
        // SAFETY: `i < MAX_RETRIES`, so the row ends at or before
        // `TOTALS_OFFSET`, and the totals end the buffer; the module is
        // single-threaded. Each value is written straight into place, as an
        // array copied in would double the code.
        unsafe {
            let at = out.add(ROW_FIELDS * i);
            at.write(row.retry as f64);
            at.add(1).write(row.delay);
            at.add(2).write(f64::from(u8::from(row.capped)));
            at.add(3).write(row.min);
            at.add(4).write(row.mean);
            at.add(5).write(row.max);
            at.add(6).write(row.cumulative_min);
            at.add(7).write(row.cumulative_mean);
            at.add(8).write(row.cumulative_max);
            // The totals are the last row's cumulative values: that is how
            // the core defines them. Copying each row's here is smaller code
            // than keeping `Schedule::totals` from the validating walk (about
            // 60 bytes of the 2 KiB budget).
            let totals = out.add(TOTALS_OFFSET);
            totals.write(row.cumulative_min);
            totals.add(1).write(row.cumulative_mean);
            totals.add(2).write(row.cumulative_max);
        }
    }
    finish(0, 0)
}

/// Records the overflow retry (0 when there is none) for `error_retry` and
/// passes `code` on.
fn finish(code: u32, retry: u32) -> u32 {
    // SAFETY: single-threaded; no reference to the static exists.
    unsafe { ERROR_RETRY = retry };
    code
}

#[unsafe(no_mangle)]
pub extern "C" fn error_retry() -> u32 {
    // SAFETY: single-threaded; a plain read of a `u32`.
    unsafe { ERROR_RETRY }
}

#[unsafe(no_mangle)]
pub extern "C" fn schedule_buffer() -> *const f64 {
    (&raw const SCHEDULE).cast::<f64>()
}

#[unsafe(no_mangle)]
pub extern "C" fn duration_parts(ms: f64) -> *const f64 {
    let parts = backoff_core::duration_parts(ms);
    let out = (&raw mut PARTS).cast::<f64>();
    // SAFETY: five writes into a buffer of five; single-threaded.
    unsafe {
        out.write(parts.days);
        out.add(1).write(parts.hours as f64);
        out.add(2).write(parts.minutes as f64);
        out.add(3).write(parts.seconds as f64);
        out.add(4).write(parts.milliseconds as f64);
    }
    out
}
