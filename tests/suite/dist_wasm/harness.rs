//! A test-only WebAssembly module over the core's distribution figures:
//! `tests/suite/dist_wasm_parity.rs` compiles it with plain rustc, as the
//! calculator's module is compiled, runs it in wasmi and compares every
//! figure with the native core's, bit for bit. It is never shipped.
#![no_std]

include!("figures.rs");

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}

static mut DELAYS: [Delay; RETRIES] = [Delay::fixed(0.0); RETRIES];
static mut GRID: [f64; backoff_core::dist::sum::work_len(backoff_core::dist::sum::CELLS)] =
    [0.0; backoff_core::dist::sum::work_len(backoff_core::dist::sum::CELLS)];
static mut SUMS: [Summary; RETRIES] = [Summary::ZERO; RETRIES];
static mut PATHS: [f64; monte_carlo::work_len(monte_carlo::MOST_SITE_SAMPLES)] =
    [0.0; monte_carlo::work_len(monte_carlo::MOST_SITE_SAMPLES)];
static mut ROWS: [Row; RETRIES] = [Row::ZERO; RETRIES];
static mut OUT: [f64; RESULT_LEN] = [0.0; RESULT_LEN];

/// Where the figures are written.
#[unsafe(no_mangle)]
pub extern "C" fn result() -> u32 {
    (&raw const OUT) as u32
}

/// One export per computation, each taking the policy and limits
/// flattened as `Args` says.
macro_rules! export {
    ($name:ident, $figures:ident) => {
        #[unsafe(no_mangle)]
        #[allow(clippy::too_many_arguments)]
        pub extern "C" fn $name(
            base: f64,
            multiplier: f64,
            cap: f64,
            has_cap: u32,
            retries: u32,
            kind: u32,
            factor: f64,
            timeout: f64,
            has_timeout: u32,
            deadline: f64,
            has_deadline: u32,
        ) -> u32 {
            let args = Args {
                base,
                multiplier,
                cap,
                has_cap,
                retries,
                kind,
                factor,
                timeout,
                has_timeout,
                deadline,
                has_deadline,
            };
            // SAFETY: the module is single-threaded and no export is
            // reentrant, so these are the only references to the buffers.
            unsafe {
                $figures(
                    args,
                    Buffers {
                        delays: &mut *(&raw mut DELAYS),
                        grid: &mut *(&raw mut GRID),
                        sums: &mut *(&raw mut SUMS),
                        paths: &mut *(&raw mut PATHS),
                        rows: &mut *(&raw mut ROWS),
                        out: &mut *(&raw mut OUT),
                    },
                )
            }
        }
    };
}

export!(run, figures);
export!(fit_run, fit_figures);
