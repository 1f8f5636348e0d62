//! Retry budgets (`backoff_core::budget`) against their libraries' rules
//! run literally: gRPC's throttling as grpc-go's `retryThrottler` counts
//! (`throttle` on each failed attempt, `successfulRPC` on each successful
//! call) and botocore's retry quota as `RetryQuotaChecker` and `RetryQuota`
//! count (acquire before each retry, release on success), over long seeded
//! runs of independent failures; and from a full bucket, against the
//! sources' own figures.

use backoff_core::budget::{AWS_STANDARD, Budget, GRPC_A6_EXAMPLE, effect};
use backoff_core::rng::Xoshiro256;

/// Attempts per call over the second half of `calls` calls of `retries`
/// retries, each attempt failing with probability `f`, under `budget`'s
/// rule as its library writes it.
fn simulated(budget: Budget, retries: u32, f: f64, calls: u32) -> f64 {
    let mut rng = Xoshiro256::new(0xb0d9e7);
    let (mut attempts, mut counted) = (0u64, 0u64);
    let mut tokens = match budget {
        Budget::Throttling { max_tokens, .. } => max_tokens,
        Budget::Quota { capacity, .. } => capacity,
    };
    for call in 0..calls {
        let mut made = 0u64;
        let mut acquired = None;
        loop {
            made += 1;
            let failed = rng.next_unit() < f;
            match budget {
                Budget::Throttling {
                    max_tokens,
                    token_ratio,
                } => {
                    if !failed {
                        // successfulRPC: tokens += ratio, at most max.
                        tokens = (tokens + token_ratio).min(max_tokens);
                        break;
                    }
                    // throttle: tokens--, at least 0; throttled at or below half.
                    tokens = (tokens - 1.0_f64).max(0.0);
                    if made > u64::from(retries) || tokens <= max_tokens / 2.0 {
                        break;
                    }
                }
                Budget::Quota {
                    capacity,
                    retry_cost,
                } => {
                    if !failed {
                        // release: the last acquisition's amount, or 1; at most capacity.
                        tokens = (tokens + acquired.unwrap_or(1.0)).min(capacity);
                        break;
                    }
                    if made > u64::from(retries) || retry_cost > tokens {
                        break;
                    }
                    tokens -= retry_cost;
                    acquired = Some(retry_cost);
                }
            }
        }
        if call >= calls / 2 {
            attempts += made;
            counted += 1;
        }
    }
    attempts as f64 / counted as f64
}

#[test]
fn the_long_run_is_the_closed_form() {
    let quota_5 = Budget::Quota {
        capacity: 500.0,
        retry_cost: 5.0,
    };
    let quota_14 = Budget::Quota {
        capacity: 500.0,
        retry_cost: 14.0,
    };
    let cases = [
        // Below gRPC's edge r / (1 + r) = 1/11 the policy keeps its retries;
        // above it, almost none get through.
        (GRPC_A6_EXAMPLE, 3, 0.05),
        (GRPC_A6_EXAMPLE, 3, 0.2),
        (GRPC_A6_EXAMPLE, 5, 0.5),
        (GRPC_A6_EXAMPLE, 5, 0.95),
        // The quota: free at low rates, (1 − f) / (c·f) retries once drained.
        (AWS_STANDARD, 2, 0.1),
        (AWS_STANDARD, 2, 0.2),
        (quota_5, 2, 0.5),
        (quota_5, 4, 0.8),
        (quota_14, 2, 0.3),
        (quota_14, 4, 0.9),
    ];
    for (budget, retries, f) in cases {
        let want = effect(budget, retries, f).unwrap().held_attempts;
        let got = simulated(budget, retries, f, 400_000);
        let error = (got - want).abs() / want;
        println!("{budget:?}, {retries} retries, f {f}: closed form {want:.5}, simulated {got:.5}");
        assert!(
            error < 0.01,
            "{budget:?} {retries} {f}: {got} against {want}"
        );
    }
}

#[test]
fn the_edges_the_sources_state() {
    // gRFC A6: with ratio r, retries survive only below r / (1 + r).
    let g = effect(GRPC_A6_EXAMPLE, 3, 0.5).unwrap();
    assert_eq!(g.edge, Some(0.1 / 1.1));
    // From full, every attempt failing: 4 retries for (10, 0.1); the AWS
    // quota's 500 at 5 a retry: 100.
    assert_eq!(
        effect(GRPC_A6_EXAMPLE, 1000, 1.0)
            .unwrap()
            .retries_from_full,
        4
    );
    assert_eq!(
        effect(AWS_STANDARD, 1000, 1.0).unwrap().retries_from_full,
        100
    );
    // Every attempt failing, nothing comes back: one attempt per call in the long run.
    assert_eq!(effect(AWS_STANDARD, 3, 1.0).unwrap().held_attempts, 1.0);
    assert_eq!(effect(GRPC_A6_EXAMPLE, 3, 1.0).unwrap().held_attempts, 1.0);
    // Nothing failing: one attempt, and the budget never bites.
    assert_eq!(effect(AWS_STANDARD, 3, 0.0).unwrap().held_attempts, 1.0);
}
