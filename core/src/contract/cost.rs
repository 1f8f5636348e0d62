//! The contract of the base module's `cost` export: what a policy's
//! retries (the last good policy's, whatever its jitter kind: the cost
//! depends on the count alone) cost the server at a failure rate per attempt
//! (`crate::cost`), at one layer and at the bottom of `layers`, laid out by
//! the JSON keys of `backoff-site schedule --failure-rate P --layers L`'s
//! `cost` object, bit for bit; and, for a preset whose library has a retry
//! budget (`crate::budget`), what the budget does to the retries, as that
//! object's `budget`.
//!
//! The calculator's failure rate and layers fields set no input of the
//! policy (nor of its JSON document): like the many-clients count they go
//! to an export of their own, which the base module holds because the
//! figures are a few multiplications. This module never formats anything.

use crate::budget::{self, NAMED};
use crate::cost::{self, CostError, MAX_LAYERS};

use super::{Refused, SPAN_ERROR};

/// The figures of the cost buffer, by their JSON key in `cost`.
pub const COST: [&str; 5] = [
    "attempts",
    "success",
    "bottom_attempts",
    "bottom_attempts_worst",
    "top_success",
];

/// Where the budget's figures start in the cost buffer.
pub const BUDGET_AT: usize = COST.len();

/// The budget's figures, by their JSON key in `cost.budget`; NaN when no
/// budget is asked for, `edge` NaN for a budget without one; the counts
/// from full infinite (JSON null) for one that never stops requests sent
/// one at a time.
pub const BUDGET: [&str; 4] = [
    "retries_from_full",
    "calls_from_full",
    "held_attempts",
    "edge",
];

/// The budgets, by name: code `c` is `BUDGETS[c]`.
pub const BUDGETS: [&str; NAMED.len()] = {
    let mut names = [""; NAMED.len()];
    let mut i = 0;
    while i < NAMED.len() {
        names[i] = NAMED[i].0;
        i += 1;
    }
    names
};

/// The cost buffer's length in f64 values.
pub const LEN: usize = COST.len() + BUDGET.len();

/// The most layers the layers field takes.
pub const LAYERS_MAX: u32 = MAX_LAYERS;

/// The code `cost` returns for a failure rate that is not a number from 0
/// to 1; after the many-clients view's codes. The form checks the field by
/// its rule before it asks.
pub const FAILURE_RATE_ERROR: u32 = SPAN_ERROR + 1;

/// The code for layers that are not a whole number from 1 to
/// [`LAYERS_MAX`].
pub const LAYERS_ERROR: u32 = FAILURE_RATE_ERROR + 1;

/// The code for a budget code outside [`BUDGETS`].
pub const BUDGET_ERROR: u32 = LAYERS_ERROR + 1;

/// The export's functions, besides `super::EXPORTS`.
pub const EXPORTS: [&str; 2] = ["cost", "cost_buffer"];

/// Computes the cost of `retries` retries at `failure_rate` per attempt
/// over `layers` layers (NaN: one), and what the budget of code `budget`
/// (NaN: none) does to them, into `out`, laid out as [`COST`] and
/// [`BUDGET`] say. Retries that are not a whole number of the policy's
/// range are refused with the retries field's code, first; on refusal
/// `out` is left as it was.
pub fn cost(
    retries: f64,
    failure_rate: f64,
    layers: f64,
    budget: f64,
    out: &mut [f64; LEN],
) -> Result<(), Refused> {
    // `as` saturates; the round trip keeps only whole numbers a u32 holds,
    // and the cost below refuses those outside the policy's range.
    let count = retries as u32;
    if f64::from(count) != retries {
        return Err(Refused::from(crate::PolicyError::Retries));
    }
    let retries = count;
    let layers = if layers.is_nan() { 1.0 } else { layers };
    // `as` saturates; the round trip keeps only whole numbers a u32 holds.
    let whole = layers as u32;
    let refused = |code| Refused { code, retry: 0 };
    if f64::from(whole) != layers {
        return Err(refused(LAYERS_ERROR));
    }
    let c = cost::cost(retries, failure_rate, whole).map_err(|err| match err {
        CostError::FailureRate => refused(FAILURE_RATE_ERROR),
        CostError::Layers => refused(LAYERS_ERROR),
        CostError::Retries => Refused::from(crate::PolicyError::Retries),
    })?;
    let mut held = [f64::NAN; BUDGET.len()];
    if !budget.is_nan() {
        // `as` saturates; the round trip keeps only whole codes in range.
        let code = budget as usize;
        let (_, rule) = NAMED
            .get(code)
            .filter(|_| code as f64 == budget)
            .ok_or(refused(BUDGET_ERROR))?;
        // The cost has checked the rate and the retries, and the named
        // budgets are in range: the effect cannot be refused.
        let e = budget::effect(*rule, retries, failure_rate).map_err(|_| refused(BUDGET_ERROR))?;
        // A budget that never stops requests one at a time: infinity.
        let count = |n: Option<u32>| n.map_or(f64::INFINITY, f64::from);
        held = [
            count(e.retries_from_full),
            count(e.calls_from_full),
            e.held_attempts,
            e.edge.unwrap_or(f64::NAN),
        ];
    }
    out[..BUDGET_AT].copy_from_slice(&[
        c.attempts,
        c.success,
        c.bottom_attempts,
        c.bottom_attempts_worst,
        c.top_success,
    ]);
    out[BUDGET_AT..].copy_from_slice(&held);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_buffer_holds_the_cores_figures_by_their_keys() {
        let mut out = [0.0; LEN];
        cost(2.0, 1.0, 3.0, f64::NAN, &mut out).unwrap();
        // Three layers of three attempts, every one failing: 27.
        assert_eq!(out[..BUDGET_AT], [3.0, 0.0, 27.0, 27.0, 0.0]);
        assert!(out[BUDGET_AT..].iter().all(|x| x.is_nan()));
        cost(2.0, 0.5, f64::NAN, f64::NAN, &mut out).unwrap();
        assert_eq!(out[..BUDGET_AT], [1.75, 0.875, 1.75, 3.0, 0.875]);
        // botocore's quota at one half: 1 + (1 − ½) / (5 · ½) = 1.2 attempts.
        let aws = BUDGETS
            .iter()
            .position(|n| *n == "aws-retry-quota")
            .unwrap();
        cost(2.0, 0.5, f64::NAN, aws as f64, &mut out).unwrap();
        assert_eq!(out[BUDGET_AT..BUDGET_AT + 3], [100.0, 50.0, 1.2]);
        assert!(out[LEN - 1].is_nan());
    }

    #[test]
    fn refusals_leave_the_buffer_and_name_their_code() {
        let mut out = [7.0; LEN];
        for p in [-0.1, 1.5, f64::NAN] {
            let err = cost(2.0, p, 1.0, f64::NAN, &mut out).unwrap_err();
            assert_eq!(err.code, FAILURE_RATE_ERROR, "{p}");
        }
        for l in [0.0, 1.5, 11.0, -1.0, 1e10] {
            let err = cost(2.0, 0.5, l, f64::NAN, &mut out).unwrap_err();
            assert_eq!(err.code, LAYERS_ERROR, "{l}");
        }
        for b in [-1.0, 0.5, BUDGETS.len() as f64] {
            let err = cost(2.0, 0.5, 1.0, b, &mut out).unwrap_err();
            assert_eq!(err.code, BUDGET_ERROR, "{b}");
        }
        for r in [0.0, 2.5, -1.0, 1001.0, f64::NAN, f64::INFINITY] {
            let err = cost(r, 0.5, 1.0, f64::NAN, &mut out).unwrap_err();
            assert_eq!(err.code, crate::PolicyError::Retries.code(), "{r}");
        }
        assert_eq!(out, [7.0; LEN]);
    }
}
