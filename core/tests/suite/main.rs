//! The core's integration tests, one binary: each module tests one part of
//! the core against an independent oracle (the reference model of
//! `backoff-core-testing`, closed forms, a literal port of the published
//! simulator, exact distributions), and `support` holds what they share.

/// What the contention sample (`support/sample.rs`) reads, natively here
/// and in the wasm32 build (`support/wasm_root.rs`) alike.
mod support {
    pub use backoff_core::contention::spread::{Delay, retry_starts};
    pub use backoff_core::contention::{Herd, Model, Simulator, Slot, Strategy, Summary};
    pub mod sample;
}

mod budget;
mod contention_published;
mod contention_reference_model;
mod contention_simulation;
mod contention_spread;
mod contention_wasm;
mod cost;
mod dist_curve;
mod dist_exact;
mod dist_fit;
mod dist_monte_carlo;
mod dist_pinned;
mod dist_props;
mod dist_sample;
mod dist_timeline;
mod polly;
mod props;
mod storm;
mod storm_contract;
mod storm_strategies;
