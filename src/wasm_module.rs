//! The calculator's WebAssembly module, as bytes to write next to the pages.
//!
//! `build.rs` puts the module in `$OUT_DIR/backoff.wasm`: compiled afresh
//! from `wasm/` (the `extern "C"` exports) over `core/` (the backoff core)
//! for `wasm32-unknown-unknown` where rustc has that target, else the copy
//! kept in `wasm/backoff.wasm` while its record matches the sources. This
//! module only embeds the result. It never builds, loads or runs the module
//! itself: `tests/wasm_parity.rs` runs it against the native core, and the
//! exports and the layout of their buffers are documented at the top of
//! `wasm/src/lib.rs`.

/// The module's bytes, exactly as rustc wrote them.
pub const CALCULATOR_WASM: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/backoff.wasm"));
