//! The contention experiment of the AWS Architecture Blog's "Exponential
//! Backoff And Jitter" (2015), and the calculator's "many clients" view.
//!
//! It owns the model of many clients racing for one row, its runs and their
//! summaries, and the bucketing of many clients' retry starts. Like the rest
//! of the core it is `#![no_std]` and never allocates (callers pass every
//! buffer), and it gives the same bits on every platform and in wasm32: its
//! random draws come from [`crate::rng`], its `ln`/`exp`/`sqrt` from
//! [`crate::math`]. It never prints, formats a document or reads a clock.
//!
//! - [`model`]: strategies by name, the model's parameters, errors.
//! - [`normal`]: normal deviates (a ziggurat).
//! - [`sim`]: the experiment: clients, the row, runs, summaries and the
//!   thundering-herd buckets.
//! - [`stats`]: means and nearest-rank percentiles.
//! - [`spread`]: when the retries of many clients start, bucketed.

pub mod model;
pub mod normal;
pub mod sim;
pub mod spread;
pub mod stats;

pub use model::{Model, SimError, Strategy};
pub use sim::{Herd, Run, Simulator, Slot, Summary};
pub use stats::Percentiles;
