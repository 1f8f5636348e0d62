//! What a library's retry budget does to a policy's retries: how many
//! retries it lets through from a full bucket when every attempt fails,
//! and how many attempts per request it holds in the long run when every
//! attempt fails independently with probability `f`.
//!
//! Four kinds of budget, each stated as its library's source states it:
//!
//! - **gRPC retry throttling** (gRFC A6, grpc/proposal@1fd061ad
//!   `A6-client-retries.md` L183–199; grpc-go@4793ad04 `clientconn.go`
//!   L1734–1769): a bucket of `max_tokens`, full at start; every failed
//!   attempt takes one token (never below zero), every successful call adds
//!   `token_ratio` (never above `max_tokens`); a failed attempt is retried
//!   only while the tokens left are above `max_tokens / 2`. The original
//!   attempt is never throttled.
//! - **The AWS SDKs' retry quota** (botocore@0e6e2404 `retries/quota.py`
//!   L7–50, `retries/standard.py` L669–738): a capacity of 500, full at
//!   start; a retry takes `retry_cost` (5; 14 under `AWS_NEW_RETRIES_2026`)
//!   if at least that much is left, else
//!   it is not made; a call that succeeds without a retry gives back 1, one
//!   that succeeds after retries gives back its last retry's cost; a call
//!   that fails gives back nothing.
//! - **Envoy's retry budget** (envoy@01c2c1fa
//!   `api/envoy/config/cluster/v3/circuit_breaker.proto` L39–50 and L80–82,
//!   `source/common/upstream/resource_manager_impl.h` L124–167; the router's
//!   check, envoy@e78906c5 `source/common/router/retry_state_impl.cc`
//!   L241–265): not a bucket but a limit on the retries in flight at once,
//!   `max(⌊budget_percent / 100 × (active + pending requests)⌋,
//!   min_retry_concurrency)`, 20 % and 3 when `retry_budget` is set (it is
//!   off by default; then the `max_retries` breaker allows 3 at once). The
//!   requests counted include the retries themselves. A retry it refuses is
//!   not made.
//! - **Finagle's retry budget** (finagle@4feb34cb
//!   `finagle-core/src/main/scala/com/twitter/finagle/service/RetryBudget.scala`
//!   L76–170, `RetryFilter.scala` L121 and L154; util@17c8187d
//!   `util-core/src/main/scala/com/twitter/util/TokenBucket.scala` L86–114):
//!   a leaky bucket of whole tokens. Each request deposits 1,000; a retry
//!   withdraws `⌊1000 / percent_can_retry⌋` (5,000 at its default 0.2) if
//!   the balance holds that much, else it is not made. Deposits and
//!   withdrawals expire after `ttl` (10 s), and a constant reserve of
//!   `min_retries_per_sec × ttl` retries' worth (10 a second) is always
//!   added to the balance. On by default for every client.
//!
//! From full, for Finagle's: an idle client (nothing deposited or withdrawn
//! within `ttl`) whose failing requests all come within one `ttl`: each
//! full call takes `N·W − D` tokens net (`N` retries at `W`, one deposit
//! `D`), so `K = ⌊R / (N·W − D)⌋` calls of the reserve `R` get all their
//! retries and the next gets `⌊(R − K·(N·W − D) + D) / W⌋`; after that
//! about one retry in `W / D` requests. It never stops them when a call's
//! deposit pays for its retries (`N·W ≤ D`).
//!
//! The long run, with `A(f) = 1 + f + … + f^N` the policy's own expected
//! attempts (`crate::cost`):
//!
//! - gRPC: per call the bucket gains `r` if the call succeeds (probability
//!   `(1 − f)·A(f)`) and loses 1 per failed attempt (`f·A(f)` of them):
//!   `A(f)·((1 − f)·r − f)` in all. If it is at least 0 the bucket stays near full
//!   and the policy keeps its `A(f)`; otherwise the bucket drains, and even
//!   the original attempts alone drain it (`(1 − f)·r − f < 0`), so it
//!   stays near empty, below the threshold, and retries stop: 1 attempt per
//!   call. The edge is the failure ratio `r / (1 + r)`.
//! - AWS: a retry that fails costs its `c` for good; one that succeeds is
//!   given back, so a call's net cost is `c` times its failed retries, and
//!   its income 1 when its first attempt succeeds. With `R` retries per
//!   call on average, `R·f` of them fail, so a drained quota balances at
//!   `c·f·R = 1 − f`: `R = (1 − f) / (c·f)`. The quota holds
//!   `1 + min(A(f) − 1, (1 − f) / (c·f))` attempts per call.
//! - Envoy: requests sent one at a time never meet the limit (a request's
//!   earlier retry is released before its next is counted, and at least
//!   `min_retry_concurrency` ≥ 1 are allowed), so nothing stops them but the
//!   policy's own count. With many requests in flight, every attempt taking
//!   as long and no backoff, retries in flight are at most a share
//!   `b = budget_percent / 100` of all attempts in flight, so by Little's
//!   law at most `b / (1 − b)` retries per request: it holds
//!   `1 + min(A(f) − 1, b / (1 − b))` attempts per call (1.25 at 20 %). A
//!   backoff or fewer than `min_retry_concurrency / b` requests in flight
//!   let fewer or more through; the figure is the bound under load.
//! - Finagle: every request deposits whatever its outcome, so at `q`
//!   requests a second it allows `D / W` retries per request plus the
//!   reserve's `min_retries_per_sec / q`: under load (`q` far above the
//!   floor) it holds `1 + min(A(f) − 1, D / W)` attempts per call (1.2).
//!
//! Like the rest of the core: no allocation, every loop bounded, no NaN or
//! infinity out, a typed error for every bad input.

use crate::cost::{self, CostError};
use crate::floor;

/// A library's retry budget.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// gRPC's retry throttling: `max_tokens` (0 < max ≤ 1000, as gRFC A6
    /// bounds it) and `token_ratio` (0 < ratio ≤ 1).
    Throttling { max_tokens: f64, token_ratio: f64 },
    /// The AWS SDKs' retry quota: `capacity`, the `retry_cost` of a retry
    /// and the `timeout_cost` of a retry after a timeout (each from 1 to
    /// 10,000; a success without retry gives back 1). The figures here
    /// count failures that are not timeouts; the retry-storm model
    /// ([`crate::storm`]) charges timeouts their own cost.
    Quota {
        capacity: f64,
        retry_cost: f64,
        timeout_cost: f64,
    },
    /// Envoy's retry budget: `budget_percent` (0 < percent ≤ 100) of the
    /// requests in flight may be retries. Its floor, `min_retry_concurrency`
    /// retries at once (3), enters no figure: it lets a lone request retry,
    /// which no budget here stops anyway, and binds under load only below
    /// `min_retry_concurrency / b` requests in flight.
    Concurrency { budget_percent: f64 },
    /// Finagle's retry budget: `percent_can_retry` (0.001 ≤ p ≤ 1000, a
    /// share of requests: 0.2 allows one retry in five),
    /// `min_retries_per_sec` (0 to 1,000) and `ttl_secs` (1 to 60, as
    /// Finagle bounds it). Finagle's special case of a share of 0 (the
    /// reserve alone) is not taken.
    Window {
        percent_can_retry: f64,
        min_retries_per_sec: u32,
        ttl_secs: u32,
    },
}

/// gRFC A6's example of `retryThrottling` (it has no default: throttling
/// is off unless the service config sets it).
pub const GRPC_A6_EXAMPLE: Budget = Budget::Throttling {
    max_tokens: 10.0,
    token_ratio: 0.1,
};

/// botocore's standard mode: `RetryQuota.INITIAL_CAPACITY` 500,
/// `RetryQuotaChecker._RETRY_COST` 5 and `_TIMEOUT_RETRY_REQUEST` 10.
pub const AWS_STANDARD: Budget = Budget::Quota {
    capacity: 500.0,
    retry_cost: 5.0,
    timeout_cost: 10.0,
};

/// botocore's standard mode under `AWS_NEW_RETRIES_2026`:
/// `_RETRY_COST_V2` 14 for every error but throttling (5), timeouts
/// included.
pub const AWS_2026: Budget = Budget::Quota {
    capacity: 500.0,
    retry_cost: 14.0,
    timeout_cost: 14.0,
};

/// Envoy's retry budget with the defaults it takes once `retry_budget` is
/// set: `budget_percent` 20 and `min_retry_concurrency` 3.
pub const ENVOY_RETRY_BUDGET: Budget = Budget::Concurrency {
    budget_percent: 20.0,
};

/// Envoy's default `min_retry_concurrency`: retries allowed in flight at
/// once whatever the share (the retry-storm model uses it).
pub const ENVOY_MIN_RETRY_CONCURRENCY: u32 = 3;

/// Finagle's default retry budget (`RetryBudget()`): `DefaultTtl` 10 s,
/// `DefaultMinRetriesPerSec` 10 and 20 % of requests.
pub const FINAGLE_DEFAULT: Budget = Budget::Window {
    percent_can_retry: 0.2,
    min_retries_per_sec: 10,
    ttl_secs: 10,
};

/// Finagle's fixed-point scale (`TokenRetryBudget.ScaleFactor`): a
/// request's deposit, in tokens.
pub const FINAGLE_DEPOSIT: f64 = 1000.0;

/// The budgets by the names presets give them (`content/presets.toml`),
/// a budget's code across the WebAssembly boundary being its index here.
pub const NAMED: [(&str, Budget); 5] = [
    ("grpc-throttling-example", GRPC_A6_EXAMPLE),
    ("aws-retry-quota", AWS_STANDARD),
    ("aws-retry-quota-2026", AWS_2026),
    ("envoy-retry-budget", ENVOY_RETRY_BUDGET),
    ("finagle-retry-budget", FINAGLE_DEFAULT),
];

/// What the budget does to a policy's retries.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Effect {
    /// Retries it lets through from a full bucket when every attempt fails;
    /// `None` when it never stops requests sent one at a time (Envoy's, and
    /// Finagle's when a request's deposit pays for its retries).
    pub retries_from_full: Option<u32>,
    /// The calls in a row, every attempt failing, that get all their
    /// retries from a full bucket; `None` as above.
    pub calls_from_full: Option<u32>,
    /// Attempts per call it holds in the long run at the failure rate.
    pub held_attempts: f64,
    /// The failure rate above which it stops retries in the long run
    /// (gRPC: `r / (1 + r)`); `None` for a quota, which never stops them
    /// all below a failure rate of 1, and for Envoy's and Finagle's, which
    /// only limit them.
    pub edge: Option<f64>,
}

/// Why a budget's effect was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BudgetError {
    /// The budget's own figures are out of range.
    Budget,
    /// The failure rate or the retries (as `crate::cost` says).
    Cost(CostError),
}

/// What `budget` does to `retries` retries when every attempt fails
/// independently with probability `failure_rate`.
pub fn effect(budget: Budget, retries: u32, failure_rate: f64) -> Result<Effect, BudgetError> {
    let own = cost::cost(retries, failure_rate, 1).map_err(BudgetError::Cost)?;
    let f = failure_rate;
    let (mut left, mut spent, mut full_calls) = (0.0, 0u32, 0u32);
    let effect = match budget {
        Budget::Throttling {
            max_tokens,
            token_ratio,
        } => {
            if !(max_tokens > 0.0
                && max_tokens <= 1000.0
                && token_ratio > 0.0
                && token_ratio <= 1.0)
            {
                return Err(BudgetError::Budget);
            }
            // From full, every attempt failing: at most `max_tokens` calls
            // before the tokens are at the threshold (each takes at least one).
            left = max_tokens;
            for _ in 0..=max_tokens as u32 {
                let mut got = 0;
                loop {
                    left = (left - 1.0_f64).max(0.0);
                    if got == retries || left <= max_tokens / 2.0 {
                        break;
                    }
                    got += 1;
                }
                spent += got;
                if got < retries {
                    break;
                }
                full_calls += 1;
            }
            let drift = (1.0 - f) * token_ratio - f;
            Effect {
                retries_from_full: Some(spent),
                calls_from_full: Some(full_calls),
                held_attempts: if drift >= 0.0 { own.attempts } else { 1.0 },
                edge: Some(token_ratio / (1.0 + token_ratio)),
            }
        }
        Budget::Quota {
            capacity,
            retry_cost,
            timeout_cost,
        } => {
            let range = 1.0..=10_000.0;
            if !range.contains(&capacity)
                || !range.contains(&retry_cost)
                || !range.contains(&timeout_cost)
            {
                return Err(BudgetError::Budget);
            }
            left += capacity;
            // Each full call takes at least one retry's cost: bounded by
            // capacity / cost ≤ 10,000 calls.
            for _ in 0..=(capacity / retry_cost) as u32 {
                let mut got = 0;
                while got < retries && retry_cost <= left {
                    left -= retry_cost;
                    got += 1;
                }
                spent += got;
                if got < retries {
                    break;
                }
                full_calls += 1;
            }
            let retries_held = if f == 0.0 {
                0.0
            } else {
                ((1.0 - f) / (retry_cost * f)).min(own.attempts - 1.0)
            };
            Effect {
                retries_from_full: Some(spent),
                calls_from_full: Some(full_calls),
                held_attempts: 1.0 + retries_held,
                edge: None,
            }
        }
        Budget::Concurrency { budget_percent } => {
            if !(budget_percent > 0.0 && budget_percent <= 100.0) {
                return Err(BudgetError::Budget);
            }
            let b = budget_percent / 100.0;
            // At 100 % every attempt in flight may be a retry: no bound.
            let retries_held = if b < 1.0 {
                (b / (1.0 - b)).min(own.attempts - 1.0)
            } else {
                own.attempts - 1.0
            };
            Effect {
                retries_from_full: None,
                calls_from_full: None,
                held_attempts: 1.0 + retries_held,
                edge: None,
            }
        }
        Budget::Window {
            percent_can_retry,
            min_retries_per_sec,
            ttl_secs,
        } => {
            if !((0.001..=1000.0).contains(&percent_can_retry)
                && min_retries_per_sec <= 1000
                && (1..=60).contains(&ttl_secs))
            {
                return Err(BudgetError::Budget);
            }
            // Finagle's integers (`(ScaleFactor / percentCanRetry).toInt`),
            // in `f64`: whole numbers below 2^53 (the reserve is at most
            // 6·10^10), each quotient floored exactly.
            let deposit = FINAGLE_DEPOSIT;
            let withdrawal = floor(1000.0 / percent_can_retry);
            let reserve = f64::from(min_retries_per_sec) * f64::from(ttl_secs) * withdrawal;
            let n = f64::from(retries);
            let (retries_from_full, calls_from_full) = if n * withdrawal <= deposit {
                (None, None)
            } else {
                let net = n * withdrawal - deposit;
                let full = floor(reserve / net);
                let last = floor((reserve - full * net + deposit) / withdrawal);
                // Saturating: at most u32::MAX.
                (Some((full * n + last) as u32), Some(full as u32))
            };
            let share = deposit / withdrawal;
            Effect {
                retries_from_full,
                calls_from_full,
                held_attempts: 1.0 + share.min(own.attempts - 1.0),
                edge: None,
            }
        }
    };
    Ok(effect)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_full_the_sources_own_figures() {
        // gRFC A6's example: 4 retries before the bucket is at half.
        let g = effect(GRPC_A6_EXAMPLE, 3, 1.0).unwrap();
        assert_eq!((g.retries_from_full, g.calls_from_full), (Some(3), Some(1)));
        let g = effect(GRPC_A6_EXAMPLE, 10, 1.0).unwrap();
        assert_eq!((g.retries_from_full, g.calls_from_full), (Some(4), Some(0)));
        // botocore: 500 / 5 = 100 retries, 50 calls of 2 retries.
        let a = effect(AWS_STANDARD, 2, 1.0).unwrap();
        assert_eq!(
            (a.retries_from_full, a.calls_from_full),
            (Some(100), Some(50))
        );
        let a = effect(AWS_STANDARD, 3, 1.0).unwrap();
        assert_eq!(
            (a.retries_from_full, a.calls_from_full),
            (Some(100), Some(33))
        );
        // Envoy: no limit one at a time; 20 % of attempts in flight under load.
        let e = effect(ENVOY_RETRY_BUDGET, 3, 0.5).unwrap();
        assert_eq!(
            (e.retries_from_full, e.calls_from_full, e.edge),
            (None, None, None)
        );
        assert_eq!(e.held_attempts, 1.25);
        // Finagle: a reserve of 100 retries, 0.2 a request back; 2 retries
        // a call: 55 calls take 9,000 tokens net each, the 56th gets 1.
        let f = effect(FINAGLE_DEFAULT, 2, 1.0).unwrap();
        assert_eq!(
            (f.retries_from_full, f.calls_from_full),
            (Some(111), Some(55))
        );
        assert_eq!(f.held_attempts, 1.2);
    }

    #[test]
    fn bad_budgets_are_refused() {
        let bad = [
            Budget::Throttling {
                max_tokens: 0.0,
                token_ratio: 0.1,
            },
            Budget::Throttling {
                max_tokens: 1001.0,
                token_ratio: 0.1,
            },
            Budget::Throttling {
                max_tokens: 10.0,
                token_ratio: f64::NAN,
            },
            Budget::Quota {
                capacity: 0.5,
                retry_cost: 5.0,
                timeout_cost: 10.0,
            },
            Budget::Quota {
                capacity: 500.0,
                retry_cost: 1e9,
                timeout_cost: 10.0,
            },
            Budget::Quota {
                capacity: 500.0,
                retry_cost: 5.0,
                timeout_cost: f64::NAN,
            },
            Budget::Concurrency {
                budget_percent: 0.0,
            },
            Budget::Concurrency {
                budget_percent: 100.5,
            },
            Budget::Concurrency {
                budget_percent: f64::NAN,
            },
            Budget::Window {
                percent_can_retry: 0.0,
                min_retries_per_sec: 10,
                ttl_secs: 10,
            },
            Budget::Window {
                percent_can_retry: f64::NAN,
                min_retries_per_sec: 10,
                ttl_secs: 10,
            },
            Budget::Window {
                percent_can_retry: 0.2,
                min_retries_per_sec: 1001,
                ttl_secs: 10,
            },
            Budget::Window {
                percent_can_retry: 0.2,
                min_retries_per_sec: 10,
                ttl_secs: 61,
            },
        ];
        for b in bad {
            assert_eq!(effect(b, 3, 0.5), Err(BudgetError::Budget), "{b:?}");
        }
        assert!(matches!(
            effect(AWS_STANDARD, 3, 1.5),
            Err(BudgetError::Cost(_))
        ));
    }
}
