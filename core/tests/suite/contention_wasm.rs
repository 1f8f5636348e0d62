//! wasm32 computes the same bits as the native build: the core is compiled
//! by plain `rustc` for `wasm32-unknown-unknown` as an rlib (as the
//! calculator's module is, `wasm/build/`), `tests/suite/support/wasm_root.rs` is
//! linked against it as a cdylib, and Node runs it; both fingerprints of
//! `tests/suite/support/sample.rs` must equal the native ones. Where the wasm32
//! target or Node is missing, the tests print why and pass
//! (`scripts/test.sh` installs the target; CI has Node for the browser
//! tests).

use std::path::{Path, PathBuf};
use std::process::Command;

/// Why this machine cannot run the wasm32 check, if it cannot.
fn missing_tool() -> Option<String> {
    let node = Command::new("node").arg("--version").output();
    if !node.is_ok_and(|out| out.status.success()) {
        return Some("node is not on PATH".into());
    }
    let sysroot = Command::new("rustc").args(["--print", "sysroot"]).output();
    let Ok(sysroot) = sysroot else {
        return Some("rustc does not run".into());
    };
    let sysroot = String::from_utf8_lossy(&sysroot.stdout).trim().to_string();
    let target = Path::new(&sysroot).join("lib/rustlib/wasm32-unknown-unknown");
    if !target.is_dir() {
        return Some(
            "the wasm32-unknown-unknown target is not installed \
             (rustup target add wasm32-unknown-unknown)"
                .into(),
        );
    }
    None
}

/// Compiles the core for wasm32 as an rlib, then `tests/suite/support/wasm_root.rs`
/// against it as a cdylib, both with plain `rustc`.
fn build_wasm(name: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).unwrap();
    let rlib = dir.join("libbackoff_core.rlib");
    let rustc = |args: &[&str], out: &Path| {
        let status = Command::new("rustc")
            .current_dir(root)
            .args(["--edition=2024", "--target=wasm32-unknown-unknown"])
            .args(["-Copt-level=3", "-Cpanic=abort"])
            .args(args)
            .arg("-o")
            .arg(out)
            .status()
            .expect("rustc runs");
        assert!(status.success(), "rustc could not build {out:?} for wasm32");
    };
    rustc(
        &[
            "--crate-type=rlib",
            "--crate-name=backoff_core",
            "src/lib.rs",
        ],
        &rlib,
    );
    let module = dir.join("sample.wasm");
    let extern_arg = format!("backoff_core={}", rlib.display());
    rustc(
        &[
            "--crate-type=cdylib",
            "--extern",
            &extern_arg,
            "tests/suite/support/wasm_root.rs",
        ],
        &module,
    );
    module
}

#[test]
fn wasm32_gives_the_native_bits() {
    if let Some(why) = missing_tool() {
        backoff_core_testing::tools::skip(&why);
        return;
    }
    let out = build_wasm("contention_sample");

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
            crate::support::sample::sample_fingerprint(*seed),
            crate::support::sample::spread_fingerprint(*seed)
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
fn wasm32_timings_in_node_are_printed() {
    if let Some(why) = missing_tool() {
        backoff_core_testing::tools::skip(&why);
        return;
    }
    let out = build_wasm("contention_timing");
    // The calculator's case must fit in one frame (16 ms) with room to
    // spare: printed against that budget, not asserted, as a shared
    // machine's timings are noise.
    let (ms, peak) = time_in_node(&out, "spread_peak(1000, 20)");
    println!("wasm32 in node: many clients, 1,000 × 20: {ms:.3} ms (peak {peak}); budget 16 ms");
    assert!(peak.parse::<u64>().is_ok_and(|p| p > 0), "{peak}");
    let (ms, _) = time_in_node(&out, "spread_peak(10000, 1000)");
    println!("wasm32 in node: many clients, 10,000 × 1,000: {ms:.1} ms");
    let (ms, calls) = time_in_node(&out, "experiment_calls()");
    println!("wasm32 in node: whole experiment: {ms:.1} ms (sum of mean calls {calls})");
}
