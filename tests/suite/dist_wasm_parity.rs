//! The core's distribution figures (percentiles, the Monte Carlo run of
//! the correlated kinds, the deadline fit, one seeded sample run, the cost
//! at a failure rate, and what fits a deadline) in WebAssembly against the
//! native core, bit for bit.
//!
//! The shipped method modules export them only through the calculator's
//! contract (`dist_wasm/export.rs` below); to call the core's own
//! functions with any input, this test compiles a module of its own,
//! `tests/suite/dist_wasm/harness.rs`, with plain rustc and the flags of the
//! shipped one (see `wasm/build`), runs it in the wasmi interpreter, and
//! compares every number it writes with the same calls made natively
//! (`tests/suite/dist_wasm/figures.rs`, shared by both through `include!`).
//! Without the wasm32 target the test says so and passes on a developer's
//! machine, and fails under CI and `scripts/test.sh`
//! (`backoff_core_testing::tools`).
//!
//! `dist_wasm/export.rs` does the same for the calculator's method modules
//! as the site ships them (`wasm_module::GRID_WASM` and
//! `wasm_module::MONTE_CARLO_WASM`, each the distribution export for its
//! jitter kinds and none of the base module's functions, which it checks in
//! `dist_wasm/modules.rs`), called with the base module as the script calls
//! them, and ties that export to the command line's figures.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

use wasmi::TypedFunc;

use crate::common::wasm::Instance;

include!("dist_wasm/figures.rs");

// The distribution export of the calculator's method modules.
#[path = "dist_wasm/export.rs"]
mod export;

// The fit export of the method modules.
#[path = "dist_wasm/fit.rs"]
mod fit;

// The sample export of the method modules.
#[path = "dist_wasm/sample.rs"]
mod sample;

// The method modules beside the base one.
#[path = "dist_wasm/modules.rs"]
mod modules;

type RunArgs = (f64, f64, f64, u32, u32, u32, f64, f64, u32, f64, u32);

fn rustc(args: &[&str], root: &Path) -> Result<(), String> {
    let out = Command::new("rustc")
        .args(args)
        .current_dir(root)
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("RUSTFLAGS")
        .output()
        .map_err(|e| format!("could not run rustc: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// The harness module's bytes, or `None` without the wasm32 target.
fn harness() -> Option<Vec<u8>> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let rlib = dir.path().join("libbackoff_core.rlib");
    let module = dir.path().join("harness.wasm");
    let target = ["--edition", "2024", "--target", "wasm32-unknown-unknown"];
    let core = [
        &target[..],
        &["--crate-type", "rlib", "--crate-name", "backoff_core"],
        &["-C", "opt-level=z", "-C", "panic=abort", "-o"],
        &[rlib.to_str().unwrap(), "core/src/lib.rs"],
    ]
    .concat();
    match rustc(&core, &root) {
        Ok(()) => {}
        Err(err)
            if err.contains("can't find crate for `core`")
                || err.contains("target may not be installed") =>
        {
            backoff_core_testing::tools::skip(
                "not compared: no wasm32-unknown-unknown target (rustup target add wasm32-unknown-unknown)",
            );
            return None;
        }
        Err(err) => panic!("the core does not compile for wasm32: {err}"),
    }
    let extern_arg = format!("backoff_core={}", rlib.display());
    let harness = [
        &target[..],
        &["--crate-type", "cdylib", "--crate-name", "dist_harness"],
        &["-C", "opt-level=z", "-C", "lto", "-C", "panic=abort"],
        &["--extern", &extern_arg, "-o", module.to_str().unwrap()],
        &["tests/suite/dist_wasm/harness.rs"],
    ]
    .concat();
    rustc(&harness, &root).unwrap_or_else(|err| panic!("the harness does not compile: {err}"));
    Some(std::fs::read(module).unwrap())
}

struct Wasm {
    wasm: Instance,
    run: TypedFunc<RunArgs, u32>,
    fit_run: TypedFunc<RunArgs, u32>,
    result: TypedFunc<(), u32>,
}

impl Wasm {
    fn new(bytes: &[u8]) -> Wasm {
        let wasm = Instance::new(bytes);
        Wasm {
            run: wasm.func("run"),
            fit_run: wasm.func("fit_run"),
            result: wasm.func("result"),
            wasm,
        }
    }

    fn figures(&mut self, a: Args) -> (u32, Vec<u64>) {
        self.call(self.run, a)
    }

    fn fit(&mut self, a: Args) -> (u32, Vec<u64>) {
        self.call(self.fit_run, a)
    }

    fn call(&mut self, export: TypedFunc<RunArgs, u32>, a: Args) -> (u32, Vec<u64>) {
        let code = export
            .call(
                &mut self.wasm.store,
                (
                    a.base,
                    a.multiplier,
                    a.cap,
                    a.has_cap,
                    a.retries,
                    a.kind,
                    a.factor,
                    a.timeout,
                    a.has_timeout,
                    a.deadline,
                    a.has_deadline,
                ),
            )
            .unwrap_or_else(|trap| panic!("{a:?} trapped: {trap}"));
        (code, self.wasm.f64_bits(self.result, RESULT_LEN))
    }
}

fn native(a: Args) -> (u32, Vec<u64>) {
    native_of(a, figures)
}

fn native_of(a: Args, compute: fn(Args, Buffers<'_>) -> u32) -> (u32, Vec<u64>) {
    let mut delays = vec![Delay::fixed(0.0); RETRIES];
    let mut grid = vec![0.0; backoff_core::dist::sum::work_len(backoff_core::dist::sum::CELLS)];
    let mut sums = vec![Summary::default(); RETRIES];
    let mut paths = vec![0.0; monte_carlo::work_len(monte_carlo::MOST_SITE_SAMPLES)];
    let mut rows = vec![Row::default(); RETRIES];
    let mut out = vec![0.0; RESULT_LEN];
    let code = compute(
        a,
        Buffers {
            delays: &mut delays,
            grid: &mut grid,
            sums: &mut sums,
            paths: &mut paths,
            rows: &mut rows,
            out: &mut out,
        },
    );
    (code, out.iter().map(|x| x.to_bits()).collect())
}

/// Compares one policy's figures; returns the answer's code.
fn check(wasm: &mut Wasm, a: Args) -> u32 {
    let native = native(a);
    let wasm = wasm.figures(a);
    compare(a, native, wasm)
}

/// Compares the two answers of one computation; returns the code.
fn compare(
    a: Args,
    (native_code, native_bits): (u32, Vec<u64>),
    (code, bits): (u32, Vec<u64>),
) -> u32 {
    assert_eq!(code, native_code, "{a:?}");
    if code == 0 {
        if let Some(i) = (0..RESULT_LEN).find(|&i| bits[i] != native_bits[i]) {
            panic!(
                "{a:?}: number {i} is {} in wasm, {} natively",
                f64::from_bits(bits[i]),
                f64::from_bits(native_bits[i])
            );
        }
        assert!(
            native_bits.iter().all(|&b| f64::from_bits(b).is_finite()),
            "{a:?}: a figure is not finite"
        );
    }
    code
}

/// A small deterministic generator for the policies (SplitMix64).
struct Pick(u64);

impl Pick {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    fn log_uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo * (hi / lo).powf(self.unit())
    }
}

fn args(kind: u32, retries: u32) -> Args {
    Args {
        base: 100.0,
        multiplier: 2.0,
        cap: 30_000.0,
        has_cap: 1,
        retries,
        kind,
        factor: 0.2,
        timeout: 2000.0,
        has_timeout: 1,
        deadline: 600_000.0,
        has_deadline: 1,
    }
}

#[test]
fn distribution_figures_agree_bit_for_bit() {
    let Some(bytes) = harness() else { return };
    let mut wasm = Wasm::new(&bytes);
    // The longest schedules of every kind, with a timeout and a deadline.
    for kind in 0..Jitter::KINDS.len() as u32 {
        assert_eq!(check(&mut wasm, args(kind, MAX_RETRIES)), 0);
    }
    let mut computed = [0u32; Jitter::KINDS.len()];
    // Random policies of every kind, some limits refused.
    let mut pick = Pick(0x2015_0304);
    for _ in 0..80 {
        let retries = 1 + (pick.next() % 40) as u32;
        let a = Args {
            base: pick.log_uniform(1e-3, 1e6),
            multiplier: 1.0 + 3.0 * pick.unit(),
            cap: pick.log_uniform(1e-3, 1e7),
            has_cap: !pick.next().is_multiple_of(4) as u32,
            retries,
            kind: (pick.next() % Jitter::KINDS.len() as u64) as u32,
            factor: if pick.next().is_multiple_of(8) {
                1.5
            } else {
                pick.unit().max(1e-3)
            },
            timeout: if pick.next().is_multiple_of(10) {
                -1.0
            } else {
                pick.log_uniform(1e-3, 1e4)
            },
            has_timeout: (pick.next() % 2) as u32,
            deadline: pick.log_uniform(1e-2, 1e8),
            has_deadline: (pick.next() % 2) as u32,
        };
        if check(&mut wasm, a) == 0 {
            computed[a.kind as usize] += 1;
        }
    }
    // Every kind was computed, not only refused.
    assert!(computed.iter().all(|&n| n > 0), "{computed:?}");
}

/// What fits a deadline (`dist::fit`), bit for bit, for every kind (the
/// grid's with and without a cap and a timeout): a search of dozens of runs
/// each, so fewer and shorter policies than above.
#[test]
fn what_fits_a_deadline_agrees_bit_for_bit() {
    let Some(bytes) = harness() else { return };
    let mut wasm = Wasm::new(&bytes);
    for kind in 0..Jitter::KINDS.len() as u32 {
        // The Monte Carlo kinds' searches run hundreds of thousands of draws
        // each, slow in an interpreter: one case for them.
        let cases: &[(u32, u32, f64)] = match Jitter::KINDS[kind as usize].method {
            Method::Grid => &[(1, 1, 60_000.0), (0, 0, 9_000.0), (1, 0, 500.0)],
            Method::MonteCarlo => &[(1, 1, 60_000.0)],
        };
        for &(has_cap, has_timeout, deadline) in cases {
            let a = Args {
                has_cap,
                has_timeout,
                deadline,
                ..args(kind, 8)
            };
            let native = native_of(a, fit_figures);
            let got = wasm.fit(a);
            assert_eq!(compare(a, native, got), 0, "{a:?}");
        }
    }
}
