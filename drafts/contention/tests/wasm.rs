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

#[test]
fn wasm32_gives_the_native_bits() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("contention_sample.wasm");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let status = Command::new(rustc)
        .current_dir(root)
        .args([
            "--edition=2024",
            "--target=wasm32-unknown-unknown",
            "--crate-type=cdylib",
            "-Copt-level=2",
            "-Cpanic=abort",
            "tests/support/wasm_root.rs",
            "-o",
        ])
        .arg(&out)
        .status()
        .expect("rustc runs");
    assert!(status.success(), "rustc could not build the wasm32 module");

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
