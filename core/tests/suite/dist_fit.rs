//! What fits a deadline (`dist::fit`) against two oracles: closed forms
//! where the waits are certain (no jitter: every start is a geometric sum,
//! and the largest first delay or maximum delay solves a linear equation),
//! and brute force over the core's own figures for every kind: each retry
//! count run on its own, and scans of first and maximum delays around the
//! answer, every one of which must fit below it and fail above it.

use backoff_core::dist::fit::{Bound, Fit, PRECISION, fit};
use backoff_core_testing::work::WorkBuffers;

/// How close to the boundary every answer must be, relative to it (the
/// search's own `PRECISION` may only be finer).
const WITHIN: f64 = 1e-9;
const _: () = assert!(
    PRECISION <= WITHIN,
    "the search is as fine as the tests ask"
);
use backoff_core::dist::monte_carlo::{self, MonteCarlo};
use backoff_core::dist::{self, CapOrder, Limits, Summary};
use backoff_core::{Jitter, MAX_RETRIES, Method, Policy};

/// Buffers for every method, as the command line allocates them.
struct Buffers(WorkBuffers);

impl Buffers {
    fn new() -> Buffers {
        Buffers(WorkBuffers::new(MAX_RETRIES as usize))
    }

    fn fit(&mut self, policy: &Policy, timeout: Option<f64>, deadline: f64) -> Fit {
        fit(policy, timeout, deadline, self.0.work()).unwrap()
    }

    /// The cumulative wait of `policy`'s last retry, by its kind's method,
    /// run on its own; `None` when it overflows.
    fn last(&mut self, policy: &Policy) -> Option<Summary> {
        let samples = monte_carlo::samples_for(policy.retries);
        self.last_with(policy, samples)
    }

    /// The same with `samples` paths for the Monte Carlo kinds.
    fn last_with(&mut self, policy: &Policy, samples: u32) -> Option<Summary> {
        let work = self.0.work();
        match policy.jitter.method() {
            Method::Grid => {
                let delays = dist::delays(policy, CapOrder::BeforeJitter, work.delays).ok()?;
                let r = dist::independent(delays, Limits::default(), work.grid, work.sums).ok()?;
                Some(r.total)
            }
            Method::MonteCarlo => {
                let mc = MonteCarlo {
                    samples,
                    ..MonteCarlo::for_retries(policy.retries)
                };
                let r =
                    monte_carlo::run(policy, mc, Limits::default(), work.paths, work.rows).ok()?;
                Some(r.total)
            }
        }
    }

    /// Whether `policy`'s last retry starts before `deadline` at P99.
    fn fits_p99(&mut self, policy: &Policy, timeout: f64, deadline: f64) -> bool {
        self.last(policy)
            .is_some_and(|s| f64::from(policy.retries) * timeout + s.p99 < deadline)
    }
}

fn policy(jitter: Jitter, base: f64, multiplier: f64, max: Option<f64>, retries: u32) -> Policy {
    Policy {
        base,
        multiplier,
        max_delay: max,
        retries,
        jitter,
    }
}

/// `bound`'s value, which must be a finite one.
fn up_to(bound: Bound) -> f64 {
    match bound {
        Bound::UpTo(x) => x,
        other => panic!("expected a value, got {other:?}"),
    }
}

#[test]
fn without_jitter_the_answers_are_the_closed_forms() {
    let mut b = Buffers::new();
    for (base, multiplier, retries, timeout, deadline) in [
        (100.0, 2.0, 5, 0.0, 10_000.0),
        (50.0, 1.5, 8, 250.0, 9_000.0),
        (1.0, 1.0, 20, 30.0, 1_000.0),
        (3.7, 3.0, 3, 0.0, 77.7),
        // Uncapped, the last retry would start at 25,500: a cap binds.
        (100.0, 2.0, 8, 0.0, 10_000.0),
    ] {
        let p = policy(Jitter::None, base, multiplier, None, retries);
        let got = b.fit(&p, Some(timeout), deadline);
        // Retry k starts at k·T + base·(m^k − 1)/(m − 1) (k·base when m = 1).
        let start = |k: u32| {
            let sum: f64 = (0..k).map(|i| base * multiplier.powi(i as i32)).sum();
            f64::from(k) * timeout + sum
        };
        let most = (1..=MAX_RETRIES)
            .take_while(|&k| start(k) < deadline)
            .count() as u32;
        let what = format!("{p:?}, T {timeout}, D {deadline}");
        assert_eq!(got.most_retries_worst, most, "{what}");
        assert_eq!(got.most_retries_p99, most, "{what}");
        assert_eq!(got.most_retries_p50, most, "{what}");
        // The largest first delay: (D − N·T) / Σ m^i.
        let growth: f64 = (0..retries).map(|i| multiplier.powi(i as i32)).sum();
        let exact = (deadline - f64::from(retries) * timeout) / growth;
        let found = up_to(got.largest_base_p99);
        assert!(
            found <= exact && found >= exact * (1.0 - 2.0 * WITHIN),
            "{what}: first delay {found} against {exact}"
        );
        // The largest maximum delay: Σ min(cap, base·m^i) = D − N·T, which
        // is linear in the cap between the nominal delays.
        let room = deadline - f64::from(retries) * timeout;
        let nominal: Vec<f64> = (0..retries)
            .map(|i| base * multiplier.powi(i as i32))
            .collect();
        let total = |cap: f64| nominal.iter().map(|d| d.min(cap)).sum::<f64>();
        if total(f64::INFINITY) < room {
            assert_eq!(got.largest_max_delay_p99, Bound::Any, "{what}");
        } else {
            let (mut lo, mut hi) = (0.0, nominal[nominal.len() - 1]);
            for _ in 0..200 {
                let mid = 0.5 * (lo + hi);
                if total(mid) < room {
                    lo = mid
                } else {
                    hi = mid
                }
            }
            let found = up_to(got.largest_max_delay_p99);
            assert!(
                (found - lo).abs() <= lo * 2.0 * WITHIN,
                "{what}: maximum delay {found} against {lo}"
            );
        }
    }
}

/// The policies of the brute-force tests: every kind of the grid method,
/// with and without a cap, with and without a timeout, and the Monte Carlo
/// kinds.
fn cases() -> Vec<(Policy, f64, f64)> {
    let mut cases = grid_only();
    cases.extend([
        (
            policy(Jitter::Decorrelated, 100.0, 1.0, Some(3_000.0), 8),
            0.0,
            9_000.0,
        ),
        (
            policy(Jitter::Decorrelated, 100.0, 1.0, None, 5),
            200.0,
            8_000.0,
        ),
        (policy(Jitter::Polly, 100.0, 1.0, None, 6), 0.0, 9_000.0),
        (
            policy(Jitter::Polly, 100.0, 1.0, Some(1_500.0), 6),
            100.0,
            9_000.0,
        ),
    ]);
    cases
}

/// The grid method's cases of [`cases`].
fn grid_only() -> Vec<(Policy, f64, f64)> {
    let mut cases = Vec::new();
    for jitter in [
        Jitter::None,
        Jitter::Full,
        Jitter::Equal,
        Jitter::Proportional { factor: 0.2 },
        Jitter::Proportional { factor: 1.0 },
    ] {
        for (max, timeout, deadline) in [
            (None, 0.0, 20_000.0),
            (Some(2_000.0), 0.0, 20_000.0),
            (Some(5_000.0), 1_000.0, 30_000.0),
            (None, 300.0, 4_000.0),
        ] {
            cases.push((policy(jitter, 100.0, 2.0, max, 6), timeout, deadline));
        }
    }
    cases
}

#[test]
fn the_most_retries_are_those_that_fit_when_each_count_runs_on_its_own() {
    let mut b = Buffers::new();
    for (p, timeout, deadline) in cases() {
        let got = b.fit(&p, Some(timeout), deadline);
        let (mut worst, mut p99, mut p50) = (0, 0, 0);
        // The Monte Carlo kinds with the policy's own number of paths.
        let samples = monte_carlo::samples_for(p.retries);
        for k in 1..=60 {
            let s = b.last_with(&Policy { retries: k, ..p }, samples).unwrap();
            let before = f64::from(k) * timeout;
            worst += u32::from(before + s.max < deadline);
            p99 += u32::from(before + s.p99 < deadline);
            p50 += u32::from(before + s.p50 < deadline);
        }
        let what = format!("{p:?}, T {timeout}, D {deadline}");
        // Sixty retries reach every deadline here, so none is cut off.
        assert!(p50 < 60, "{what}");
        assert_eq!(
            (
                got.most_retries_worst,
                got.most_retries_p99,
                got.most_retries_p50
            ),
            (worst, p99, p50),
            "{what}"
        );
        assert!(worst <= p99 && p99 <= p50, "{what}");
    }
}

/// Checks that every value of a scan below `found` fits and every value
/// above it does not, by `fits`.
fn check_boundary(found: f64, what: &str, mut fits: impl FnMut(f64) -> bool) {
    assert!(fits(found), "{what}: {found} itself fits");
    for j in 1..=40 {
        let below = found * (1.0 - f64::from(j) / 41.0);
        assert!(fits(below), "{what}: {below} below {found} fits");
        let above = found * (1.0 + f64::from(j) / 20.0);
        assert!(!fits(above), "{what}: {above} above {found} does not");
    }
    let just_above = found * (1.0 + 4.0 * WITHIN);
    assert!(!fits(just_above), "{what}: {just_above} just above {found}");
}

#[test]
fn the_largest_delays_fit_below_and_fail_above_by_the_core_s_own_figures() {
    let mut b = Buffers::new();
    for (p, timeout, deadline) in cases() {
        let got = b.fit(&p, Some(timeout), deadline);
        let what = format!("{p:?}, T {timeout}, D {deadline}");
        match got.largest_base_p99 {
            Bound::UpTo(found) => check_boundary(found, &format!("{what}, first delay"), |x| {
                b.fits_p99(&Policy { base: x, ..p }, timeout, deadline)
            }),
            Bound::Any => {
                for x in [p.base, 1e6, 1e12, 1e300] {
                    assert!(
                        b.fits_p99(&Policy { base: x, ..p }, timeout, deadline),
                        "{what}"
                    );
                }
            }
            Bound::None => panic!("{what}: some first delay fits"),
        }
        let uncapped = Policy {
            max_delay: None,
            ..p
        };
        match got.largest_max_delay_p99 {
            Bound::UpTo(found) => check_boundary(found, &format!("{what}, maximum delay"), |x| {
                b.fits_p99(
                    &Policy {
                        max_delay: Some(x),
                        ..p
                    },
                    timeout,
                    deadline,
                )
            }),
            Bound::Any => assert!(b.fits_p99(&uncapped, timeout, deadline), "{what}"),
            Bound::None => panic!("{what}: some maximum delay fits"),
        }
    }
}

#[test]
fn when_the_timeouts_alone_reach_the_deadline_nothing_fits() {
    let mut b = Buffers::new();
    let p = policy(Jitter::Full, 100.0, 2.0, None, 5);
    // Five timeouts of 200 take the whole deadline of 1,000.
    let got = b.fit(&p, Some(200.0), 1_000.0);
    assert_eq!(got.largest_base_p99, Bound::None);
    assert_eq!(got.largest_max_delay_p99, Bound::None);
    // Retry k starts at k·200 plus its cumulative wait: at most four start
    // before 1,000, as many as the policy's own figures say.
    let median_fits = (1..=5)
        .take_while(|&k| {
            let s = b.last(&Policy { retries: k, ..p }).unwrap();
            f64::from(k) * 200.0 + s.p50 < 1_000.0
        })
        .count() as u32;
    assert_eq!(got.most_retries_p50, median_fits);
    assert!(median_fits <= 4);
}

/// At the deadline where the policy's own last retry starts at P99, its
/// own figures and the fit agree: just after it, every retry of the policy
/// fits at P99; at it exactly, the last one does not (starts before the
/// deadline, strictly). The Monte Carlo kinds too, whose extended run must
/// be the policy's own run for this.
#[test]
fn the_most_retries_agree_with_the_policy_s_own_figures_at_its_boundary() {
    let mut b = Buffers::new();
    for (p, timeout, _) in cases() {
        let own = b.last(&p).unwrap();
        let boundary = f64::from(p.retries) * timeout + own.p99;
        let what = format!("{p:?}, T {timeout}");
        let after = b.fit(&p, Some(timeout), boundary * (1.0 + 1e-12));
        assert!(after.most_retries_p99 >= p.retries, "{what}: {after:?}");
        let at = b.fit(&p, Some(timeout), boundary);
        assert_eq!(at.most_retries_p99, p.retries - 1, "{what}: {at:?}");
    }
}

#[test]
fn a_policy_far_inside_the_deadline_fits_with_any_maximum_delay() {
    let mut b = Buffers::new();
    let p = policy(Jitter::Equal, 1.0, 1.5, Some(10.0), 3);
    let got = b.fit(&p, None, 1e9);
    assert_eq!(got.largest_max_delay_p99, Bound::Any);
    // A cap of 10 holds every delay at 10 however large the first one is.
    assert_eq!(got.largest_base_p99, Bound::Any);
    // The count stops at the most a policy may have.
    assert_eq!(got.most_retries_worst, MAX_RETRIES);
}

#[test]
fn a_bad_deadline_or_policy_is_refused_with_its_field() {
    let mut b = Buffers::new();
    let p = policy(Jitter::Full, 100.0, 2.0, None, 5);
    for (timeout, deadline, field) in [
        (None, 0.0, "deadline"),
        (None, f64::NAN, "deadline"),
        (Some(-1.0), 100.0, "timeout"),
        (Some(200.0), 100.0, "deadline"),
    ] {
        let err = fit(&p, timeout, deadline, b.0.work()).unwrap_err();
        assert_eq!(err.field(), field, "{timeout:?} {deadline}");
    }
}
