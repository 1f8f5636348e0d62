//! backoff-site: builds localized explainer pages about exponential backoff
//! and the WebAssembly calculator that runs on them.
//!
//! The binary (`src/main.rs`) is a thin command-line layer over this library;
//! ARCHITECTURE.md has the code map.

/// The backoff core, a crate of its own (`core/`), under the name the site's
/// modules use.
pub use backoff_core as backoff;

pub mod cache;
pub mod diagnostics;
pub mod identifier;
pub mod input;
pub mod presets;
pub mod report;
pub mod schedule_flags;
pub mod serve;
pub mod simulation;
pub mod site;
pub mod snippets;
pub mod storm;
pub mod wasm_module;
