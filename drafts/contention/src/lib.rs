//! The contention experiment of the AWS Architecture Blog's "Exponential
//! Backoff And Jitter" (2015), and the calculator's "many clients" view: a
//! draft of a core module, `#![no_std]` and allocation-free (callers pass
//! every buffer), with the same bits on every platform and in wasm32.
//!
//! - [`rng`]: the seeded generator (xoshiro256** seeded by SplitMix64).
//! - [`normal`]: normal deviates (ziggurat) and the IEEE-exact `ln`, `exp`
//!   and `sqrt` it needs.
//! - [`sim`]: the experiment: clients, the row, strategies, runs, summaries
//!   and the thundering-herd buckets.
//! - [`spread`]: when the retries of many clients start, bucketed.
#![no_std]

pub mod normal;
pub mod rng;
pub mod sim;
pub mod spread;
