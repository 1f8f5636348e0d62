//! backon 1.5.2 (`backon/src/backoff/exponential.rs` at db212c0): the
//! builder methods the snippets call, with their parameter types.
use std::time::Duration;

#[derive(Default)]
pub struct ExponentialBuilder;

impl ExponentialBuilder {
    pub const fn with_jitter(self) -> Self { self }
    pub const fn with_factor(self, _factor: f32) -> Self { self }
    pub const fn with_min_delay(self, _min_delay: Duration) -> Self { self }
    pub const fn with_max_delay(self, _max_delay: Duration) -> Self { self }
    pub const fn without_max_delay(self) -> Self { self }
    pub const fn with_max_times(self, _max_times: usize) -> Self { self }
}
