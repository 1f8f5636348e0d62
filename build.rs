//! Compiles the calculator's WebAssembly module.
//!
//! `src/wasm.rs` (which pulls in `src/backoff.rs`) is compiled with the very
//! `rustc` that builds this package, as a `#![no_std]` cdylib for
//! `wasm32-unknown-unknown`, into `$OUT_DIR/backoff.wasm`; `src/wasm_module.rs`
//! embeds it with `include_bytes!`. No nested cargo, no wasm-bindgen: one
//! rustc call that takes a fraction of a second.
//!
//! The script is quiet when the module compiles cleanly. When the target is
//! missing it stops with one line naming the rustup command to run; any other
//! failure shows rustc's own diagnostics.

use std::env;
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

const TARGET: &str = "wasm32-unknown-unknown";

fn main() -> ExitCode {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/wasm.rs");
    println!("cargo:rerun-if-changed=src/backoff.rs");

    let out_dir = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let output_path = out_dir.join("backoff.wasm");
    // Cargo hands build scripts the compiler itself in RUSTC; a wrapper it is
    // configured with (sccache, clippy-driver under `cargo clippy`) arrives
    // separately in RUSTC_WRAPPER / RUSTC_WORKSPACE_WRAPPER, and is left out
    // on purpose: the module needs a compiler, not a linter or a cache.
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| OsString::from("rustc"));

    let mut command = Command::new(&rustc);
    command
        .args(["--edition", "2024", "--target", TARGET])
        .args(["--crate-type", "cdylib"])
        .args(["-C", "opt-level=z", "-C", "lto", "-C", "panic=abort"])
        .args(["-C", "strip=symbols"])
        .arg("-o")
        .arg(&output_path)
        .arg("src/wasm.rs")
        // The flags cargo passes to the host build (sanitizers under
        // cargo-fuzz, coverage, target-cpu=native) do not belong in the
        // module, and rustc must not see cargo's view of them either.
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("RUSTFLAGS");
    if let Some(dir) = env::var_os("CARGO_MANIFEST_DIR") {
        command.current_dir(dir);
    }

    let output = match command.output() {
        Ok(output) => output,
        Err(err) => {
            eprintln!("error: could not run {}: {err}", rustc.to_string_lossy());
            return ExitCode::FAILURE;
        }
    };
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        if stderr.contains("can't find crate for `core`")
            || stderr.contains("target may not be installed")
        {
            eprintln!("error: the {TARGET} target is missing; run: rustup target add {TARGET}");
        } else {
            eprint!("{stderr}");
        }
        return ExitCode::FAILURE;
    }
    // A clean compile prints nothing; a warning from rustc is passed on, so
    // that a change to the core that the module cannot take quietly is seen.
    for line in stderr.lines().filter(|line| !line.trim().is_empty()) {
        println!("cargo:warning={line}");
    }
    ExitCode::SUCCESS
}
