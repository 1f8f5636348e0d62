//! What a policy's retries cost the server: with every attempt failing
//! independently with probability `p`, the expected attempts per request,
//! the probability that a request finally succeeds, and the attempts that
//! reach the bottom when the same policy runs at each of `L` layers of
//! services calling one another (each layer retrying what the layer below
//! failed).
//!
//! With `N` retries a request makes up to `N + 1` attempts and stops at the
//! first success, so with a failure rate `f` per attempt:
//!
//! - expected attempts `A(f) = 1 + f + … + f^N` (`(1 − f^(N+1)) / (1 − f)`),
//!   summed term by term, which keeps its precision as `f` nears 1;
//! - a request fails when all its attempts do: `F(f) = f^(N+1)`, and
//!   succeeds with `1 − F(f) = (1 − f)·A(f)` (computed so: `1 − f` is exact
//!   near 1, where `1 − f^(N+1)` would cancel).
//!
//! Layers: an attempt of layer `i` fails when the request it makes of layer
//! `i − 1` fails, so layer 1 (calling the failing service itself) sees
//! `f_0 = p`, and layer `i` sees `f_(i−1) = F(f_(i−2))`. The number of
//! attempts a layer makes stops at its first success, a stopping time of
//! the independent requests below, so by Wald's identity the expected
//! attempts at the bottom per request at the top are the product
//! `A(f_0)·A(f_1)·…·A(f_(L−1))`; when every attempt fails it is
//! `(N + 1)^L` (three layers of three attempts: 27).
//!
//! Like the rest of the core: no allocation, every loop bounded (by
//! [`crate::MAX_RETRIES`] and [`MAX_LAYERS`]), no NaN or infinity out, and
//! a typed error for every bad input.

use crate::{MAX_RETRIES, MIN_RETRIES};

/// The most layers a cost is computed for: `1001^10` is still finite, and
/// real call chains are far shorter.
pub const MAX_LAYERS: u32 = 10;

/// Why a cost was refused; each variant names its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CostError {
    /// The failure rate is not a number from 0 to 1.
    FailureRate,
    /// The layers are not a whole number from 1 to [`MAX_LAYERS`].
    Layers,
    /// The retries are not from `MIN_RETRIES` to `MAX_RETRIES`.
    Retries,
}

impl CostError {
    /// The input the error is about, by its stable name.
    pub const fn field(self) -> &'static str {
        match self {
            CostError::FailureRate => "failure_rate",
            CostError::Layers => "layers",
            CostError::Retries => "retries",
        }
    }
}

impl core::fmt::Display for CostError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            CostError::FailureRate => f.write_str("the failure rate must be a number from 0 to 1"),
            CostError::Layers => write!(
                f,
                "the number of layers must be a whole number from 1 to {MAX_LAYERS}"
            ),
            CostError::Retries => write!(
                f,
                "the number of retries must be a whole number from {MIN_RETRIES} to {MAX_RETRIES}"
            ),
        }
    }
}

/// The cost of `retries` retries at a failure rate per attempt, at one
/// layer and at the bottom of `layers`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cost {
    /// Expected attempts per request, the original included.
    pub attempts: f64,
    /// The probability that a request finally succeeds.
    pub success: f64,
    /// Expected attempts that reach the failing service per request at the
    /// top of `layers` layers (`attempts` for one layer).
    pub bottom_attempts: f64,
    /// The same when every attempt fails: `(retries + 1)^layers`.
    pub bottom_attempts_worst: f64,
    /// The probability that a request at the top finally succeeds.
    pub top_success: f64,
}

/// The cost of `retries` retries when each attempt of the bottom service
/// fails independently with probability `failure_rate`, the same policy
/// running at each of `layers` layers.
pub fn cost(retries: u32, failure_rate: f64, layers: u32) -> Result<Cost, CostError> {
    if !(MIN_RETRIES..=MAX_RETRIES).contains(&retries) {
        return Err(CostError::Retries);
    }
    // `contains` is false for NaN.
    if !(0.0..=1.0).contains(&failure_rate) {
        return Err(CostError::FailureRate);
    }
    if !(1..=MAX_LAYERS).contains(&layers) {
        return Err(CostError::Layers);
    }
    let one = Layer::of(retries, failure_rate);
    let (mut bottom, mut worst, mut f) = (1.0, 1.0, failure_rate);
    let mut top_success = 1.0;
    for _ in 0..layers {
        let layer = Layer::of(retries, f);
        bottom *= layer.attempts;
        worst *= f64::from(retries) + 1.0;
        top_success = layer.success;
        f = layer.failure;
    }
    Ok(Cost {
        attempts: one.attempts,
        success: one.success,
        bottom_attempts: bottom,
        bottom_attempts_worst: worst,
        top_success,
    })
}

/// One layer's figures at a failure rate `f` per attempt.
struct Layer {
    attempts: f64,
    success: f64,
    failure: f64,
}

impl Layer {
    fn of(retries: u32, f: f64) -> Layer {
        // `1 + f + … + f^N` term by term; the last term times `f` is
        // `f^(N+1)`.
        let (mut attempts, mut term) = (0.0, 1.0);
        for _ in 0..=retries {
            attempts += term;
            term *= f;
        }
        Layer {
            attempts,
            success: ((1.0 - f) * attempts).clamp(0.0, 1.0),
            failure: term,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_closed_forms_of_simple_cases() {
        // Two retries at p = 0.5: 1 + 0.5 + 0.25 attempts, success 7/8.
        let c = cost(2, 0.5, 1).unwrap();
        assert_eq!((c.attempts, c.success), (1.75, 0.875));
        assert_eq!((c.bottom_attempts, c.bottom_attempts_worst), (1.75, 3.0));
        // Three layers of three attempts: 27 at the bottom when all fail.
        let c = cost(2, 1.0, 3).unwrap();
        assert_eq!((c.bottom_attempts, c.bottom_attempts_worst), (27.0, 27.0));
        assert_eq!((c.success, c.top_success), (0.0, 0.0));
        // Nothing fails: one attempt everywhere.
        let c = cost(5, 0.0, 4).unwrap();
        assert_eq!(
            (c.attempts, c.bottom_attempts, c.top_success),
            (1.0, 1.0, 1.0)
        );
    }

    #[test]
    fn bad_inputs_name_their_field() {
        assert_eq!(cost(0, 0.5, 1).unwrap_err().field(), "retries");
        assert_eq!(cost(1001, 0.5, 1).unwrap_err().field(), "retries");
        for p in [-0.1, 1.1, f64::NAN, f64::INFINITY] {
            assert_eq!(cost(3, p, 1).unwrap_err().field(), "failure_rate", "{p}");
        }
        for l in [0, MAX_LAYERS + 1] {
            assert_eq!(cost(3, 0.5, l).unwrap_err().field(), "layers", "{l}");
        }
        // The largest inputs stay finite.
        let c = cost(MAX_RETRIES, 1.0, MAX_LAYERS).unwrap();
        assert!(c.bottom_attempts.is_finite() && c.bottom_attempts_worst.is_finite());
    }
}
