//! Retry budgets (`backoff_core::budget`) against their libraries' rules
//! run literally: gRPC's throttling as grpc-go's `retryThrottler` counts
//! (`throttle` on each failed attempt, `successfulRPC` on each successful
//! call) and botocore's retry quota as `RetryQuotaChecker` and `RetryQuota`
//! count (acquire before each retry, release on success), over long seeded
//! runs of independent failures; Envoy's retry budget as its resource
//! manager limits retries in flight, under load and for a lone request;
//! Finagle's retry budget as its `TokenRetryBudget` over util's leaky
//! `TokenBucket` and `WindowedAdder` count, ported line by line, from an
//! idle client and over a long run at a steady request rate; and from a
//! full bucket, against the sources' own figures.

use backoff_core::budget::{
    AWS_STANDARD, Budget, ENVOY_RETRY_BUDGET, FINAGLE_DEFAULT, GRPC_A6_EXAMPLE, effect,
};
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
        Budget::Concurrency { .. } => unreachable!("a limit in flight: see envoy"),
        Budget::Window { .. } => unreachable!("a bucket in time: see finagle"),
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
                    ..
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
                Budget::Concurrency { .. } | Budget::Window { .. } => unreachable!(),
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
        timeout_cost: 10.0,
    };
    let quota_14 = Budget::Quota {
        capacity: 500.0,
        retry_cost: 14.0,
        timeout_cost: 14.0,
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
        Some(4)
    );
    assert_eq!(
        effect(AWS_STANDARD, 1000, 1.0).unwrap().retries_from_full,
        Some(100)
    );
    // Every attempt failing, nothing comes back: one attempt per call in the long run.
    assert_eq!(effect(AWS_STANDARD, 3, 1.0).unwrap().held_attempts, 1.0);
    assert_eq!(effect(GRPC_A6_EXAMPLE, 3, 1.0).unwrap().held_attempts, 1.0);
    // Nothing failing: one attempt, and the budget never bites.
    assert_eq!(effect(AWS_STANDARD, 3, 0.0).unwrap().held_attempts, 1.0);
}

/// Envoy's rule run literally over `steps` steps in which every attempt
/// takes one step and `arrivals` new requests start each step: as each
/// attempt of the last step ends and fails with retries left, its retry
/// is made only while the retries in flight are below
/// `max(⌊b × attempts in flight⌋, min_retry_concurrency)`
/// (`resource_manager_impl.h`: `count() < max()`, the requests counted
/// including the retries). Requests arrive in the first `arriving` steps;
/// attempts per request over the steps from `counted`.
fn envoy(retries: u32, f: f64, arrivals: u32, steps: u32, arriving: u32, counted: u32) -> f64 {
    let Budget::Concurrency { budget_percent } = ENVOY_RETRY_BUDGET else {
        unreachable!()
    };
    // Envoy's default floor (`min_retry_concurrency`), which the core's
    // figures leave out: it binds only below 15 requests in flight.
    let min_retry_concurrency = 3.0;
    let mut rng = Xoshiro256::new(0xe27);
    // Each attempt in flight: the retries its request has made so far.
    let mut in_flight: Vec<u32> = Vec::new();
    let (mut attempts, mut requests) = (0u64, 0u64);
    for step in 0..steps {
        let ended = std::mem::take(&mut in_flight);
        let arrived = if step < arriving { arrivals } else { 0 };
        in_flight.extend(std::iter::repeat_n(0, arrived as usize));
        let mut retries_in_flight = 0u32;
        for made in ended {
            if made == retries || rng.next_unit() >= f {
                continue;
            }
            let active = in_flight.len() as f64;
            let limit = ((budget_percent / 100.0 * active).floor()).max(min_retry_concurrency);
            if f64::from(retries_in_flight) < limit {
                retries_in_flight += 1;
                in_flight.push(made + 1);
            }
        }
        if step >= counted {
            attempts += in_flight.len() as u64;
            requests += u64::from(arrived);
        }
    }
    attempts as f64 / requests as f64
}

#[test]
fn envoys_budget_under_load_is_the_closed_form() {
    // Below the limit (f = 0.1: 0.111 retries a request) the policy keeps
    // its own; above it, 20 % of attempts in flight: 1.25 a request.
    for (retries, f) in [(3, 0.1), (3, 0.5), (2, 0.9), (5, 1.0)] {
        let want = effect(ENVOY_RETRY_BUDGET, retries, f)
            .unwrap()
            .held_attempts;
        let got = envoy(retries, f, 1000, 4000, 4000, 2000);
        println!("Envoy, {retries} retries, f {f}: closed form {want:.5}, simulated {got:.5}");
        assert!(
            (got - want).abs() / want < 0.01,
            "{retries} {f}: {got} against {want}"
        );
    }
}

#[test]
fn envoys_budget_never_stops_requests_one_at_a_time() {
    // One request in flight, every attempt failing: its own earlier retry is
    // released before the next is counted (`resetRetry`), and the limit is
    // at least min_retry_concurrency = 3 > 0, so all 1,000 retries are made.
    let got = envoy(1000, 1.0, 1, 2000, 1, 0);
    assert_eq!(got, 1001.0);
    let e = effect(ENVOY_RETRY_BUDGET, 1000, 1.0).unwrap();
    assert_eq!((e.retries_from_full, e.calls_from_full), (None, None));
}

/// util's `WindowedAdder` (util@17c8187d `WindowedAdder.scala`): a sum over
/// `slices - 1` finished slices of `range / slices` ms and the current one,
/// the clock given to each call instead of read.
struct WindowedAdder {
    window: u64,
    writer: i64,
    buf: Vec<i64>,
    i: usize,
    old: u64,
}

impl WindowedAdder {
    fn new(range: u64, slices: usize, now: u64) -> Self {
        WindowedAdder {
            window: range / slices as u64,
            writer: 0,
            buf: vec![0; slices - 1],
            i: 0,
            old: now,
        }
    }

    fn expired(&mut self, now: u64) {
        let n = self.buf.len();
        self.buf[self.i] = std::mem::take(&mut self.writer);
        self.i = (self.i + 1) % n;
        let nskip = (((now - self.old) / self.window) as usize - 1).min(n);
        if nskip > 0 {
            let r = nskip.min(n - self.i);
            self.buf[self.i..self.i + r].fill(0);
            self.buf[..nskip - r].fill(0);
            self.i = (self.i + nskip) % n;
        }
        self.old = now;
    }

    fn add(&mut self, x: i64, now: u64) {
        if now - self.old >= self.window {
            self.expired(now);
        }
        self.writer += x;
    }

    fn sum(&mut self, now: u64) -> i64 {
        if now - self.old >= self.window {
            self.expired(now);
        }
        self.writer + self.buf.iter().sum::<i64>()
    }
}

/// Finagle's `RetryBudget(ttl, minRetriesPerSec, percentCanRetry)` over
/// `TokenBucket.newLeakyBucket(ttl, reserve)`, as `RetryBudget.scala`
/// L159–171 builds it: deposit `ScaleFactor` (1,000), withdraw
/// `(ScaleFactor / percentCanRetry).toInt`, reserve
/// `minRetriesPerSec × ttl × withdrawal`, a window of 10 slices.
struct Finagle {
    adder: WindowedAdder,
    deposit: i64,
    withdrawal: i64,
    reserve: i64,
}

impl Finagle {
    fn new(budget: Budget) -> Self {
        let Budget::Window {
            percent_can_retry,
            min_retries_per_sec,
            ttl_secs,
        } = budget
        else {
            unreachable!()
        };
        let withdrawal = (1000.0 / percent_can_retry) as i64;
        Finagle {
            adder: WindowedAdder::new(u64::from(ttl_secs) * 1000, 10, 0),
            deposit: 1000,
            withdrawal,
            reserve: i64::from(min_retries_per_sec) * i64::from(ttl_secs) * withdrawal,
        }
    }

    /// `RetryFilter.apply`: one deposit per request (L154).
    fn deposit(&mut self, now: u64) {
        self.adder.add(self.deposit, now);
    }

    /// `tryWithdraw` before each retry (L121): `count >= n`, then `-n`.
    fn try_withdraw(&mut self, now: u64) -> bool {
        let ok = self.adder.sum(now) + self.reserve >= self.withdrawal;
        if ok {
            self.adder.add(-self.withdrawal, now);
        }
        ok
    }
}

/// Requests every `gap_us` µs from time 0, `retries` retries each, each
/// attempt failing with probability `f` (every retry made at its request's
/// instant: Finagle's few milliseconds of backoff move nothing here):
/// attempts per request over the requests from `counted`, and the retries
/// made and the calls in a row that got all of theirs before the first
/// that did not.
fn finagle(retries: u32, f: f64, gap_us: u64, requests: u64, counted: u64) -> (f64, u64, u64) {
    let mut budget = Finagle::new(FINAGLE_DEFAULT);
    let mut rng = Xoshiro256::new(0xf1a);
    let (mut attempts, mut retries_before, mut full_calls) = (0u64, 0u64, 0u64);
    let mut first_short = false;
    for request in 0..requests {
        let now = request * gap_us / 1000;
        budget.deposit(now);
        let mut made = 0;
        while made < retries && rng.next_unit() < f && budget.try_withdraw(now) {
            made += 1;
        }
        if !first_short {
            retries_before += u64::from(made);
            if made == retries {
                full_calls += 1;
            } else {
                first_short = true;
            }
        }
        if request >= counted {
            attempts += 1 + u64::from(made);
        }
    }
    let per_request = attempts as f64 / (requests - counted) as f64;
    (per_request, retries_before, full_calls)
}

#[test]
fn finagles_budget_from_an_idle_client_is_the_closed_form() {
    // Failing requests 1 ms apart: all within the 10 s window.
    for retries in [1, 2, 3, 5, 10, 100] {
        let e = effect(FINAGLE_DEFAULT, retries, 1.0).unwrap();
        let (_, got, calls) = finagle(retries, 1.0, 1000, 2000, 0);
        println!("Finagle, {retries} retries from idle: {got} retries, {calls} full calls");
        assert_eq!(e.retries_from_full, Some(got as u32), "{retries}");
        assert_eq!(e.calls_from_full, Some(calls as u32), "{retries}");
    }
    // N = 3: 35 calls of 14,000 tokens net from a reserve of 500,000, then 2.
    let e = effect(FINAGLE_DEFAULT, 3, 1.0).unwrap();
    assert_eq!(
        (e.retries_from_full, e.calls_from_full),
        (Some(107), Some(35))
    );
}

#[test]
fn finagles_budget_under_load_is_the_closed_form() {
    // 10,000 requests a second for 100 s: the reserve's 10 a second adds
    // 0.001 a request (up to 10 % more, as the window is 9 to 10 s), so
    // the share is within 0.2 %; below it, the policy keeps its own.
    for (retries, f) in [(2, 0.1), (2, 0.5), (3, 0.9), (5, 1.0)] {
        let want = effect(FINAGLE_DEFAULT, retries, f).unwrap().held_attempts;
        let (got, _, _) = finagle(retries, f, 100, 1_000_000, 500_000);
        println!("Finagle, {retries} retries, f {f}: closed form {want:.5}, simulated {got:.5}");
        assert!(
            (got - want).abs() / want < 0.01,
            "{retries} {f}: {got} against {want}"
        );
    }
    // At 100 requests a second the reserve's floor shows: 0.2 + 10 / 100
    // retries a request (to 0.2 + 10 / 90 as the window shortens to 9 s).
    let (got, _, _) = finagle(5, 1.0, 10_000, 20_000, 10_000);
    println!("Finagle, 100 requests a second: {got:.5} attempts a request");
    assert!((1.3..=1.312).contains(&got), "{got}");
}
