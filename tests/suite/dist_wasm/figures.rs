// The distribution figures of one policy, laid out as numbers: shared,
// through `include!`, by the WebAssembly harness (`harness.rs`) and the
// native side of `tests/suite/dist_wasm_parity.rs`, so that both run the very same
// calls into the core and only the platform differs.
//
// Layout of `out` (RESULT_LEN numbers): each retry's cumulative wait as six
// numbers (min, mean, max, P50, P90, P99) from index 0; the total at TOTAL;
// then the grid step (or the Monte Carlo mean error), the total P99's
// interval, the exact-mean retry count; the deadline fit (four numbers, −1
// without a deadline); each retry's mean delay from MEANS (decorrelated);
// one seeded sample run from SAMPLE (each retry's delay, then the total);
// the cost at a failure rate of 0.37 through three layers at COST (five
// numbers). `fit_figures` writes what fits the deadline into the first
// seven numbers instead (the three counts, then each bound as a code, 0
// none, 1 up to, 2 any, and its value).

use backoff_core::dist::fit::{self as fit_search, Bound};
use backoff_core::dist::monte_carlo::{self, MonteCarlo, Row};
use backoff_core::dist::{CapOrder, Delay, Limits, Summary, delays, independent};
use backoff_core::{Jitter, MAX_RETRIES, Method, Policy, Schedule};

const RETRIES: usize = MAX_RETRIES as usize;
const TOTAL: usize = 6 * RETRIES;
const EXTRA: usize = TOTAL + 6;
const FIT: usize = EXTRA + 4;
const MEANS: usize = FIT + 4;
const SAMPLE: usize = MEANS + RETRIES;
const COST: usize = SAMPLE + RETRIES + 1;
const RESULT_LEN: usize = COST + 5;

/// One policy and its limits, flattened as the WebAssembly export takes
/// them: `kind` 0 none, 1 full, 2 equal, 3 proportional, 4 decorrelated.
#[derive(Clone, Copy, Debug)]
struct Args {
    base: f64,
    multiplier: f64,
    cap: f64,
    has_cap: u32,
    retries: u32,
    kind: u32,
    factor: f64,
    timeout: f64,
    has_timeout: u32,
    deadline: f64,
    has_deadline: u32,
}

/// The caller's buffers.
struct Buffers<'a> {
    delays: &'a mut [Delay],
    grid: &'a mut [f64],
    sums: &'a mut [Summary],
    paths: &'a mut [f64],
    rows: &'a mut [Row],
    out: &'a mut [f64],
}

/// The policy `a` flattens.
fn policy_of(a: Args) -> Policy {
    Policy {
        base: a.base,
        multiplier: a.multiplier,
        max_delay: if a.has_cap != 0 { Some(a.cap) } else { None },
        retries: a.retries,
        jitter: Jitter::at_code(a.kind as usize, a.factor),
    }
}

fn put(out: &mut [f64], at: usize, s: &Summary) {
    out[at..at + 6].copy_from_slice(&[s.min, s.mean, s.max, s.p50, s.p90, s.p99]);
}

/// 0 for figures written, `1 + code` for a refused policy, 100 for refused
/// limits or an overflow of the attempt starts.
fn figures(a: Args, b: Buffers<'_>) -> u32 {
    let policy = policy_of(a);
    if let Err(err) = Schedule::new(policy) {
        return 1 + err.code();
    }
    let limits = Limits {
        timeout: if a.has_timeout != 0 { Some(a.timeout) } else { None },
        deadline: if a.has_deadline != 0 { Some(a.deadline) } else { None },
    };
    let n = policy.retries as usize;
    let out = b.out;
    out.fill(0.0);
    let (total, fit) = if policy.jitter.method() == Method::Grid {
            let Ok(ds) = delays(&policy, CapOrder::BeforeJitter, b.delays) else {
                return 100;
            };
            let Ok(report) = independent(ds, limits, b.grid, b.sums) else {
                return 100;
            };
            for (k, s) in b.sums[..n].iter().enumerate() {
                put(out, 6 * k, s);
            }
            out[EXTRA] = report.grid_step;
            (report.total, report.deadline)
        } else {
            let mc = MonteCarlo::for_retries(policy.retries);
            let Ok(report) = monte_carlo::run(&policy, mc, limits, b.paths, b.rows) else {
                return 100;
            };
            for (k, r) in b.rows[..n].iter().enumerate() {
                put(out, 6 * k, &r.cumulative);
                out[MEANS + k] = r.delay_mean;
            }
            out[EXTRA] = report.mean_error;
            out[EXTRA + 1] = report.total_p99_low;
            out[EXTRA + 2] = report.total_p99_high;
            out[EXTRA + 3] = report.exact_mean_retries as f64;
            (report.total, report.deadline)
    };
    put(out, TOTAL, &total);
    out[FIT..FIT + 4].copy_from_slice(&match fit {
        Some(f) => [
            f.retries_worst as f64,
            f.retries_p50 as f64,
            f.retries_best as f64,
            f.last_retry_probability,
        ],
        None => [-1.0; 4],
    });
    // A seed of the policy's own, so that every policy draws another run.
    let seed = (a.retries as u64) << 32 | a.kind as u64;
    let Ok(total) = backoff_core::dist::sample::sample(
        &policy,
        seed,
        b.delays,
        &mut out[SAMPLE..SAMPLE + n],
    ) else {
        return 100;
    };
    out[SAMPLE + n] = total;
    let Ok(c) = backoff_core::cost::cost(policy.retries, 0.37, 3) else {
        return 100;
    };
    out[COST..COST + 5].copy_from_slice(&[
        c.attempts,
        c.success,
        c.bottom_attempts,
        c.bottom_attempts_worst,
        c.top_success,
    ]);
    0
}

/// What fits the deadline of `a` (which must have one): 0 for the answers
/// written, `1 + code` for a refused policy, 100 for refused limits.
fn fit_figures(a: Args, b: Buffers<'_>) -> u32 {
    let policy = policy_of(a);
    if let Err(err) = Schedule::new(policy) {
        return 1 + err.code();
    }
    let timeout = if a.has_timeout != 0 { Some(a.timeout) } else { None };
    let work = backoff_core::dist::Work {
        delays: b.delays,
        grid: b.grid,
        sums: b.sums,
        paths: b.paths,
        rows: b.rows,
    };
    let Ok(f) = fit_search::fit(&policy, timeout, a.deadline, work) else {
        return 100;
    };
    let bound = |bound: Bound| match bound {
        Bound::None => [0.0, 0.0],
        Bound::UpTo(x) => [1.0, x],
        Bound::Any => [2.0, 0.0],
    };
    let (base, max) = (bound(f.largest_base_p99), bound(f.largest_max_delay_p99));
    b.out.fill(0.0);
    b.out[..7].copy_from_slice(&[
        f.most_retries_worst as f64,
        f.most_retries_p99 as f64,
        f.most_retries_p50 as f64,
        base[0],
        base[1],
        max[0],
        max[1],
    ]);
    0
}
