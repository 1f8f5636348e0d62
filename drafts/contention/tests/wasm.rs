//! wasm32 computes the same bits as the native build: the modules are
//! compiled by plain `rustc` for `wasm32-unknown-unknown` (as the site's
//! calculator module is) and run in Node, and both fingerprints of
//! `tests/support/sample.rs` must equal the native ones.

use std::path::Path;
use std::process::Command;

mod support {
    pub use contention_draft::sim::{Herd, Model, Simulator, Slot, Strategy, Summary};
    pub use contention_draft::spread::{Delay, retry_starts};
    // tests/support/sample.rs
    pub mod sample;
}

/// Compiles `tests/support/wasm_root.rs` for wasm32 with plain `rustc`.
fn build_wasm(name: &str) -> std::path::PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let status = Command::new("rustc")
        .current_dir(root)
        .args([
            "--edition=2024",
            "--target=wasm32-unknown-unknown",
            "--crate-type=cdylib",
            "-Copt-level=3",
            "-Cpanic=abort",
            "tests/support/wasm_root.rs",
            "-o",
        ])
        .arg(&out)
        .status()
        .expect("rustc runs");
    assert!(status.success(), "rustc could not build the wasm32 module");
    out
}

#[test]
fn wasm32_gives_the_native_bits() {
    let out = build_wasm("contention_sample.wasm");

    let seeds = [2015u64, 1, u64::MAX];
    let script = format!(
        "const m = new WebAssembly.Instance(new WebAssembly.Module(require('fs').readFileSync({:?}))).exports;\
         for (const s of [{}]) console.log(BigInt.asUintN(64, m.fingerprint(s)) + ' ' + BigInt.asUintN(64, m.spread_fingerprint(s)));",
        out.to_str().unwrap(),
        seeds.map(|s| format!("{s}n")).join(", ")
    );
    let output = Command::new("node")
        .args(["-e", &script])
        .output()
        .expect("node runs (it is needed for this test)");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), seeds.len(), "{stdout}");
    for (seed, line) in seeds.iter().zip(lines) {
        let native = format!(
            "{} {}",
            support::sample::sample_fingerprint(*seed),
            support::sample::spread_fingerprint(*seed)
        );
        assert_eq!(line, native, "seed {seed}: wasm32 left, native right");
    }
}

/// Best-of-five wall-clock time of a wasm export in Node, in ms, and its
/// result.
fn time_in_node(wasm: &Path, call: &str) -> (f64, String) {
    let script = format!(
        "const m = new WebAssembly.Instance(new WebAssembly.Module(require('fs').readFileSync({:?}))).exports;\
         let best = Infinity, out; for (let i = 0; i < 5; i++) {{ const t = performance.now(); out = m.{call}; best = Math.min(best, performance.now() - t); }}\
         console.log(best + ' ' + out);",
        wasm.to_str().unwrap()
    );
    let output = Command::new("node")
        .args(["-e", &script])
        .output()
        .expect("node runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    let (ms, result) = stdout.trim().split_once(' ').unwrap();
    (ms.parse().unwrap(), result.to_string())
}

#[test]
fn wasm32_timings_in_node() {
    let out = build_wasm("contention_timing.wasm");
    // The calculator's case must fit in one frame with room to spare.
    let (ms, peak) = time_in_node(&out, "spread_peak(1000, 20)");
    println!("wasm32 in node: many clients, 1,000 × 20: {ms:.3} ms (peak {peak})");
    assert!(ms < 16.0, "{ms} ms");
    let (ms, _) = time_in_node(&out, "spread_peak(10000, 1000)");
    println!("wasm32 in node: many clients, 10,000 × 1,000: {ms:.1} ms");
    let (ms, calls) = time_in_node(&out, "experiment_calls()");
    println!("wasm32 in node: whole experiment: {ms:.1} ms (sum of mean calls {calls})");
}
