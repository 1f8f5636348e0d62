//! The site's WebAssembly modules, as bytes to write next to the pages:
//! the calculator's three and the retry-storm lab's.
//!
//! `build.rs` puts both in `$OUT_DIR`: compiled afresh from `wasm/` (the
//! `extern "C"` exports) over `core/` (the backoff core) for
//! `wasm32-unknown-unknown` where rustc has that target, else the copies
//! kept in `wasm/` while their records match the sources. This module only
//! embeds the results. It never builds, loads or runs a module itself:
//! `tests/suite/wasm_parity.rs` and `tests/suite/dist_wasm_parity.rs` run them against
//! the native core, and the exports and the layout of their buffers are
//! documented at the top of `wasm/src/lib.rs`.

/// The base module, exactly as rustc wrote it: what every calculator page
/// loads at start (the schedule, the many-clients view).
pub const CALCULATOR_WASM: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/backoff.wasm"));

/// The grid module: the distribution export for the independent jitter
/// kinds (the grid convolution, over the base module's schedule rows) and
/// none of the base module's functions (`--cfg backoff_grid`), built from
/// the same sources. The script fetches it only when the reader first
/// changes an input with one of those kinds (the built page already shows
/// the figures for its built inputs) and keeps the base module for
/// everything else.
pub const GRID_WASM: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/backoff-grid.wasm"));

/// The Monte Carlo module: the distribution export for decorrelated jitter
/// (its seeded run, and its schedule) and none of the base module's
/// functions (`--cfg backoff_monte_carlo`), fetched only when the reader
/// first changes an input with that kind.
pub const MONTE_CARLO_WASM: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/backoff-monte-carlo.wasm"));

/// The retry-storm lab's module: the storm model over its contract
/// (`--cfg backoff_storm`, `wasm/src/storm.rs`) and none of the
/// calculator's functions.
pub const STORM_WASM: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/backoff-storm.wasm"));
