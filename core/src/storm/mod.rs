//! Retry storms: what clients' timeouts and retries do to a server that is
//! already struggling. A seeded discrete-event model of clients sending
//! requests (an open system, or a closed one that waits for each), a
//! server whose latency grows with its load, the network between them, and
//! clients that time out and retry by any policy the core accepts, within
//! a retry budget or a circuit breaker of their own; counted per second.
//!
//! Like the rest of the core it is `#![no_std]` and never allocates (the
//! caller passes every buffer), and it gives the same bits on every
//! platform and in wasm32: its draws come from [`crate::rng`], its `ln`
//! from [`crate::math`].
//!
//! - [`model`]: a scenario's parts, their rules and bounds, errors.
//! - [`guard`]: retry budgets and circuit breakers, per client.
//! - [`queue`]: the pending events and the server's queue.
//! - [`sim`]: one run and its per-second rows.
//! - [`summary`]: a run's per-second rows, its totals, and whether it
//!   recovered from a trigger.

pub mod guard;
pub mod model;
pub mod queue;
pub mod sim;
pub mod summary;

pub use guard::{ClientState, Guard};
pub use model::{Arrivals, Client, Rate, Retry, Scenario, Server, StormError, System};
pub use queue::Event;
pub use sim::{Buffers, Request, run};
pub use summary::{RECOVERY_TIME, Recovery, Second, Summary, recovery, summarize};
