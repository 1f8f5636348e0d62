//! Retry storms: what clients' timeouts and retries do to a server that is
//! already struggling. A seeded discrete-event model of an open stream of
//! requests, a server whose latency grows with its load, the network
//! between them, and clients that time out and retry by any policy the
//! core accepts; counted per second.
//!
//! Like the rest of the core it is `#![no_std]` and never allocates (the
//! caller passes every buffer), and it gives the same bits on every
//! platform and in wasm32: its draws come from [`crate::rng`], its `ln`
//! from [`crate::math`].
//!
//! - [`model`]: a scenario's parts, their rules and bounds, errors.
//! - [`sim`]: one run, its events and its per-second rows.

pub mod model;
pub mod sim;

pub use model::{Arrivals, Client, Rate, Retry, Scenario, Server, StormError};
pub use sim::{Buffers, Event, Request, Second, run};
