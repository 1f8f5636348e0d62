//! The calculator's WebAssembly module, as bytes to write next to the pages.
//!
//! `build.rs` compiles `src/wasm.rs` (the backoff core under `#![no_std]`,
//! with `extern "C"` exports) for `wasm32-unknown-unknown`; this module only
//! embeds the result. It never builds, loads or runs the module itself:
//! `tests/wasm_parity.rs` runs it against the native core, and the exports
//! and the layout of their buffers are documented at the top of `src/wasm.rs`.

/// The module's bytes, exactly as rustc wrote them.
pub const CALCULATOR_WASM: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/backoff.wasm"));
