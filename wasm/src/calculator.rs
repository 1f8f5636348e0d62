//! The calculator's exports: the base module's and, with `--cfg
//! backoff_grid` or `--cfg backoff_monte_carlo`, a method module's, as the
//! crate's header describes them.

use backoff_core::contract::{self, SCHEDULE_LEN};

// Plain `static mut`s: the module runs on one thread, and each export takes
// the only reference to a buffer for the length of the call.
static mut INPUT: [f64; INPUT_LEN] = [0.0; INPUT_LEN];
#[cfg(not(any(backoff_grid, backoff_monte_carlo)))]
const INPUT_LEN: usize = contract::INPUTS.len();
#[cfg(any(backoff_grid, backoff_monte_carlo))]
const INPUT_LEN: usize = contract::distribution::INPUTS.len();
static mut SCHEDULE: [f64; SCHEDULE_LEN] = [0.0; SCHEDULE_LEN];
#[cfg(not(any(backoff_grid, backoff_monte_carlo)))]
static mut DURATION: [f64; contract::PARTS.len()] = [0.0; contract::PARTS.len()];
static mut ERROR_RETRY: u32 = 0;

#[unsafe(no_mangle)]
pub extern "C" fn input_buffer() -> *mut f64 {
    (&raw mut INPUT).cast::<f64>()
}

#[cfg(not(any(backoff_grid, backoff_monte_carlo)))]
#[unsafe(no_mangle)]
pub extern "C" fn schedule() -> u32 {
    // The base module's input buffer holds the calculator's slots only.
    let (inputs, out) = (
        (&raw const INPUT).cast::<[f64; contract::INPUTS.len()]>(),
        &raw mut SCHEDULE,
    );
    // SAFETY: single-threaded and not reentrant: these are the only
    // references to the buffers while the call runs.
    let (inputs, out) = unsafe { (&*inputs, &mut *out) };
    answer(contract::run(inputs, out))
}

/// An export's answer: 0 or the error's code, its retry kept for
/// `error_retry`.
fn answer(result: Result<(), contract::Refused>) -> u32 {
    let (code, retry) = match result {
        Ok(()) => (0, 0),
        Err(refused) => (refused.code, refused.retry),
    };
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

#[cfg(not(any(backoff_grid, backoff_monte_carlo)))]
#[unsafe(no_mangle)]
pub extern "C" fn duration_parts(ms: f64) -> *const f64 {
    let parts = backoff_core::duration_parts(ms);
    let out = &raw mut DURATION;
    // SAFETY: single-threaded; the only reference to the buffer.
    let out = unsafe { &mut *out };
    *out = [
        parts.days,
        f64::from(parts.hours),
        f64::from(parts.minutes),
        f64::from(parts.seconds),
        f64::from(parts.milliseconds),
    ];
    out.as_ptr()
}

#[cfg(any(backoff_grid, backoff_monte_carlo))]
mod distribution {
    use super::{INPUT, SCHEDULE, answer};
    use backoff_core::contract::distribution::{self, LEN};
    use backoff_core::contract::{fit, sample};

    static mut OUT: [f64; LEN] = [0.0; LEN];

    #[cfg(backoff_grid)]
    use backoff_core::contract::distribution::{GRID_LEN, GridWork};
    #[cfg(backoff_grid)]
    use backoff_core::dist::{Delay, Summary};
    #[cfg(backoff_grid)]
    static mut DELAYS: [Delay; RETRIES] = [Delay::fixed(0.0); RETRIES];
    #[cfg(backoff_grid)]
    static mut GRID: [f64; GRID_LEN] = [0.0; GRID_LEN];
    #[cfg(backoff_grid)]
    static mut SUMS: [Summary; RETRIES] = [Summary::ZERO; RETRIES];

    /// The grid method's work buffers, which `distribution` and `fit` share.
    ///
    /// # Safety
    /// Single-threaded and not reentrant: the caller holds the only
    /// references to the buffers while its call runs.
    #[cfg(backoff_grid)]
    unsafe fn work() -> GridWork<'static> {
        unsafe {
            GridWork {
                delays: &mut *(&raw mut DELAYS),
                grid: &mut *(&raw mut GRID),
                sums: &mut *(&raw mut SUMS),
            }
        }
    }

    #[cfg(backoff_monte_carlo)]
    use backoff_core::contract::distribution::{MonteCarloWork, PATHS_LEN};
    #[cfg(backoff_monte_carlo)]
    use backoff_core::dist::monte_carlo::Row;
    #[cfg(backoff_monte_carlo)]
    static mut PATHS: [f64; PATHS_LEN] = [0.0; PATHS_LEN];
    #[cfg(backoff_monte_carlo)]
    static mut ROWS: [Row; RETRIES] = [Row::ZERO; RETRIES];

    /// The Monte Carlo method's work buffers, which `distribution` and
    /// `fit` share.
    ///
    /// # Safety
    /// As the grid's.
    #[cfg(backoff_monte_carlo)]
    unsafe fn work() -> MonteCarloWork<'static> {
        unsafe {
            MonteCarloWork {
                paths: &mut *(&raw mut PATHS),
                rows: &mut *(&raw mut ROWS),
            }
        }
    }

    #[cfg(backoff_grid)]
    #[unsafe(no_mangle)]
    pub extern "C" fn distribution() -> u32 {
        // SAFETY: single-threaded and not reentrant: these are the only
        // references to the buffers while the call runs.
        let (inputs, schedule, out, work) = unsafe {
            (
                &*(&raw const INPUT),
                &*(&raw const SCHEDULE),
                &mut *(&raw mut OUT),
                work(),
            )
        };
        answer(distribution::grid(inputs, schedule, out, work))
    }

    #[cfg(backoff_monte_carlo)]
    #[unsafe(no_mangle)]
    pub extern "C" fn distribution() -> u32 {
        // SAFETY: single-threaded and not reentrant: these are the only
        // references to the buffers while the call runs.
        let (inputs, schedule, out, work) = unsafe {
            (
                &*(&raw const INPUT),
                &mut *(&raw mut SCHEDULE),
                &mut *(&raw mut OUT),
                work(),
            )
        };
        answer(distribution::monte_carlo(inputs, schedule, out, work))
    }

    static mut FIT: [f64; fit::LEN] = [0.0; fit::LEN];

    /// What fits the deadline slot, by this module's method, into the fit
    /// buffer (`contract::fit`).
    #[unsafe(no_mangle)]
    pub extern "C" fn fit() -> u32 {
        // SAFETY: single-threaded and not reentrant: these are the only
        // references to the buffers while the call runs.
        let (inputs, out, work) = unsafe { (&*(&raw const INPUT), &mut *(&raw mut FIT), work()) };
        #[cfg(backoff_grid)]
        let mut runs = backoff_core::dist::fit::GridRuns {
            delays: work.delays,
            grid: work.grid,
            sums: work.sums,
        };
        #[cfg(backoff_monte_carlo)]
        let mut runs = backoff_core::dist::fit::MonteCarloRuns {
            paths: work.paths,
            rows: work.rows,
        };
        answer(fit::fit(inputs, out, &mut runs))
    }

    #[unsafe(no_mangle)]
    pub extern "C" fn fit_buffer() -> *const f64 {
        (&raw const FIT).cast::<f64>()
    }

    static mut SAMPLE: [f64; sample::LEN] = [0.0; sample::LEN];

    /// One seeded run of the input slots' policy into the sample buffer
    /// (`contract::sample`).
    #[unsafe(no_mangle)]
    pub extern "C" fn sample(seed: f64) -> u32 {
        // SAFETY: single-threaded and not reentrant: these are the only
        // references to the buffers while the call runs.
        let (inputs, out) = unsafe { (&*(&raw const INPUT), &mut *(&raw mut SAMPLE)) };
        #[cfg(backoff_grid)]
        // SAFETY: as above.
        let work = unsafe { &mut *(&raw mut DELAYS) };
        #[cfg(backoff_grid)]
        let draw = |p: &_, s, d: &mut _| backoff_core::dist::sample::independent(p, s, work, d);
        #[cfg(backoff_monte_carlo)]
        let draw = backoff_core::dist::sample::correlated;
        answer(sample::sample(inputs, seed, out, draw))
    }

    #[unsafe(no_mangle)]
    pub extern "C" fn sample_buffer() -> *const f64 {
        (&raw const SAMPLE).cast::<f64>()
    }

    const RETRIES: usize = backoff_core::MAX_RETRIES as usize;

    #[unsafe(no_mangle)]
    pub extern "C" fn distribution_buffer() -> *const f64 {
        (&raw const OUT).cast::<f64>()
    }
}
#[cfg(not(any(backoff_grid, backoff_monte_carlo)))]
static mut SPREAD: [f64; contract::SPREAD_LEN] = [0.0; contract::SPREAD_LEN];
#[cfg(not(any(backoff_grid, backoff_monte_carlo)))]
static mut COUNTS: [u32; contract::SPREAD_BUCKETS] = [0; contract::SPREAD_BUCKETS];

#[cfg(not(any(backoff_grid, backoff_monte_carlo)))]
#[unsafe(no_mangle)]
pub extern "C" fn spread(clients: f64) -> u32 {
    // The base module's input buffer holds the calculator's slots only.
    let (inputs, schedule) = (
        (&raw const INPUT).cast::<[f64; contract::INPUTS.len()]>(),
        &raw const SCHEDULE,
    );
    let (out, counts) = (&raw mut SPREAD, &raw mut COUNTS);
    // SAFETY: single-threaded and not reentrant: these are the only
    // references to the buffers while the call runs.
    let (inputs, schedule, out, counts) =
        unsafe { (&*inputs, &*schedule, &mut *out, &mut *counts) };
    match contract::spread(inputs, schedule, clients, out, counts) {
        Ok(()) => 0,
        Err(refused) => refused.code,
    }
}

#[cfg(not(any(backoff_grid, backoff_monte_carlo)))]
#[unsafe(no_mangle)]
pub extern "C" fn spread_buffer() -> *const f64 {
    (&raw const SPREAD).cast::<f64>()
}

#[cfg(not(any(backoff_grid, backoff_monte_carlo)))]
#[unsafe(no_mangle)]
pub extern "C" fn spread_counts() -> *const u32 {
    (&raw const COUNTS).cast::<u32>()
}

#[cfg(not(any(backoff_grid, backoff_monte_carlo)))]
static mut COST: [f64; contract::cost::LEN] = [0.0; contract::cost::LEN];

#[cfg(not(any(backoff_grid, backoff_monte_carlo)))]
#[unsafe(no_mangle)]
pub extern "C" fn cost(retries: f64, failure_rate: f64, layers: f64, budget: f64) -> u32 {
    let out = &raw mut COST;
    // SAFETY: single-threaded and not reentrant: this is the only reference
    // to the buffer while the call runs.
    let out = unsafe { &mut *out };
    match contract::cost::cost(retries, failure_rate, layers, budget, out) {
        Ok(()) => 0,
        Err(refused) => refused.code,
    }
}

#[cfg(not(any(backoff_grid, backoff_monte_carlo)))]
#[unsafe(no_mangle)]
pub extern "C" fn cost_buffer() -> *const f64 {
    (&raw const COST).cast::<f64>()
}
