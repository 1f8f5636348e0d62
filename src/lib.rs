//! backoff-site: builds localized explainer pages about exponential backoff
//! and the WebAssembly calculator that runs on them.
//!
//! The binary (`src/main.rs`) is a thin command-line layer over this library;
//! ARCHITECTURE.md has the code map.

pub mod backoff;
pub mod diagnostics;
pub mod report;
pub mod serve;
pub mod site;
pub mod wasm_module;
