//! The calculator's two WebAssembly modules, as bytes to write next to the
//! pages.
//!
//! `build.rs` puts both in `$OUT_DIR`: compiled afresh from `wasm/` (the
//! `extern "C"` exports) over `core/` (the backoff core) for
//! `wasm32-unknown-unknown` where rustc has that target, else the copies
//! kept in `wasm/` while their records match the sources. This module only
//! embeds the results. It never builds, loads or runs a module itself:
//! `tests/wasm_parity.rs` and `tests/dist_wasm_parity.rs` run them against
//! the native core, and the exports and the layout of their buffers are
//! documented at the top of `wasm/src/lib.rs`.

/// The base module, exactly as rustc wrote it: what every calculator page
/// loads at start (the schedule, the many-clients view).
pub const CALCULATOR_WASM: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/backoff.wasm"));

/// The distribution module: the distribution export and none of the base
/// module's functions (`--cfg backoff_distribution`), built from the same
/// sources. Too large for the base module's budget, so the script fetches it
/// only when the reader first changes an input (the built page already
/// shows the figures for its built inputs) and keeps the base module for
/// everything else.
pub const DISTRIBUTION_WASM: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/backoff-distribution.wasm"));
