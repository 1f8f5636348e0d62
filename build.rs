//! Gets the site's four WebAssembly modules into `$OUT_DIR`: the
//! calculator's base module (`backoff.wasm`) and two method modules, each a
//! distribution export alone (`backoff-grid.wasm`,
//! `backoff-monte-carlo.wasm`), and the retry-storm lab's
//! (`backoff-storm.wasm`), which `src/wasm_module.rs` embeds with
//! `include_bytes!`. Each goes through the rule below on its own.
//!
//! The work is done by the `backoff-wasm-build` crate (`wasm/build/`): where
//! rustc has the wasm32-unknown-unknown target, it compiles the core
//! (`core/`) and the module (`wasm/`) with two plain rustc calls (no nested
//! cargo, no wasm-bindgen); where the target is missing, it takes the module
//! kept in the repository (`wasm/backoff.wasm`, `wasm/backoff-grid.wasm`,
//! `wasm/backoff-monte-carlo.wasm`) as
//! long as its record (the same name with `.sources`) matches the sources; otherwise it stops with
//! one line naming the rustup command.
//!
//! A build never writes into the repository: a kept copy that no longer
//! matches the sources is reported as a warning (and `tests/suite/wasm_parity.rs`
//! fails on it), and `BACKOFF_SITE_KEEP_WASM=1 cargo build` refreshes it.
//! `BACKOFF_SITE_WASM_SYSROOT` gives rustc another sysroot, so that a machine
//! without the target can be imitated without touching the toolchain.
//!
//! It also sets `BACKOFF_CORE_SOURCES`, the hash of the core's and the
//! module's sources, which keys the figures `src/cache.rs` keeps between
//! builds.

use std::env;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use backoff_wasm_build::{Compiler, Kind, Origin};

fn main() -> ExitCode {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=core/src");
    println!("cargo:rerun-if-changed=wasm/src");
    println!("cargo:rerun-if-changed=wasm/backoff.wasm");
    println!("cargo:rerun-if-changed=wasm/backoff.wasm.sources");
    for module in ["backoff-grid", "backoff-monte-carlo", "backoff-storm"] {
        println!("cargo:rerun-if-changed=wasm/{module}.wasm");
        println!("cargo:rerun-if-changed=wasm/{module}.wasm.sources");
    }
    println!("cargo:rerun-if-env-changed=BACKOFF_SITE_KEEP_WASM");
    println!("cargo:rerun-if-env-changed=BACKOFF_SITE_WASM_SYSROOT");

    let root = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let out_dir = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    // Cargo hands build scripts the compiler itself in RUSTC; a wrapper it is
    // configured with (sccache, clippy-driver under `cargo clippy`) arrives
    // separately in RUSTC_WRAPPER / RUSTC_WORKSPACE_WRAPPER, and is left out
    // on purpose: the module needs a compiler, not a linter or a cache.
    let compiler = Compiler {
        rustc: PathBuf::from(env::var_os("RUSTC").unwrap_or_else(|| OsString::from("rustc"))),
        sysroot: env::var_os("BACKOFF_SITE_WASM_SYSROOT").map(PathBuf::from),
    };

    // The core's identity, for the keys of the figures cached between
    // builds (src/cache.rs): the hash of the same source list the modules'
    // records hold.
    match backoff_wasm_build::current_sources(&root) {
        Ok(sources) => println!(
            "cargo:rustc-env=BACKOFF_CORE_SOURCES={}",
            backoff_wasm_build::sha256(sources.as_bytes())
        ),
        Err(err) => {
            eprintln!("error: cannot read the core's sources: {err}");
            return ExitCode::FAILURE;
        }
    }
    let keep = env::var_os("BACKOFF_SITE_KEEP_WASM").is_some_and(|v| v == "1");
    for kind in backoff_wasm_build::KINDS {
        if let Err(message) = prepare(&root, &compiler, &out_dir, kind, keep) {
            eprintln!("{}", message.trim_end());
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

/// Prepares one module into `$OUT_DIR/<kind.file>`, and keeps it when asked.
fn prepare(
    root: &Path,
    compiler: &Compiler,
    out_dir: &Path,
    kind: Kind,
    keep: bool,
) -> Result<(), String> {
    // Each module compiles in its own folder: each writes `backoff.wasm` and
    // the core's rlib there.
    let work = out_dir.join(kind.file.trim_end_matches(".wasm"));
    fs::create_dir_all(&work).map_err(|err| format!("error: {}: {err}", work.display()))?;
    let module = backoff_wasm_build::prepare_of(root, compiler, &work, kind)?;
    // A clean compile prints nothing; a warning from rustc is passed on, so
    // that a change to the core that the module cannot take quietly is seen.
    for line in &module.warnings {
        println!("cargo:warning={line}");
    }
    let to = out_dir.join(kind.file);
    fs::write(&to, &module.bytes).map_err(|err| format!("error: {}: {err}", to.display()))?;
    if !keep {
        if let Some(why) = &module.stale {
            println!(
                "cargo:warning={} is stale ({why}); refresh it: {}",
                kind.kept,
                backoff_wasm_build::KEEP_COMMAND
            );
        }
        return Ok(());
    }
    // Asked to refresh the kept copy: only a module compiled from these very
    // sources may be kept.
    if module.origin != Origin::Fresh {
        return Err(format!(
            "error: BACKOFF_SITE_KEEP_WASM=1 needs a freshly compiled module; run: {}",
            backoff_wasm_build::RUSTUP_COMMAND
        ));
    }
    backoff_wasm_build::rustc_version(&compiler.rustc)
        .and_then(|version| backoff_wasm_build::keep(root, kind, &module.bytes, &version))
        .map_err(|err| format!("error: could not keep {}: {err}", kind.kept))
}
