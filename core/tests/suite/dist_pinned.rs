//! The bits of three figures, pinned (`tests/suite/dist_wasm_parity.rs` checks
//! that WebAssembly computes the very same as native code), and a change of method, grid,
//! generator or draw order shows here first.

use backoff_core::dist::monte_carlo::{self, MonteCarlo, Row};
use backoff_core::dist::sum::{CELLS, work_len};
use backoff_core::dist::{CapOrder, Delay, Jitter, Limits, Policy, Summary, delays, independent};

const LIMITS: Limits = Limits {
    timeout: Some(2000.0),
    deadline: Some(600_000.0),
};

fn decorrelated_total_p50(policy: Policy, limits: Limits) -> f64 {
    let mc = MonteCarlo::default();
    let mut work = vec![0.0; monte_carlo::work_len(mc.samples)];
    let mut rows = vec![Row::default(); policy.retries as usize];
    monte_carlo::run(&policy, mc, limits, &mut work, &mut rows)
        .unwrap()
        .total
        .p50
}

#[test]
fn pinned_figures() {
    let policy = Policy {
        base: 100.0,
        multiplier: 2.0,
        max_delay: Some(30_000.0),
        retries: 1000,
        jitter: Jitter::Proportional { factor: 0.2 },
    };
    let mut buf = vec![Delay::fixed(0.0); 1000];
    let ds = delays(&policy, CapOrder::BeforeJitter, &mut buf).unwrap();
    let mut work = vec![0.0; work_len(CELLS)];
    let mut out = vec![Summary::default(); 1000];
    let p99 = independent(ds, LIMITS, &mut work, &mut out)
        .unwrap()
        .total
        .p99;
    let long = decorrelated_total_p50(
        Policy {
            base: 100.0,
            max_delay: Some(30_000.0),
            retries: 1000,
            multiplier: 1.0,
            jitter: Jitter::Decorrelated,
        },
        LIMITS,
    );
    let short = decorrelated_total_p50(
        Policy {
            base: 100.0,
            max_delay: Some(5_000.0),
            retries: 8,
            multiplier: 1.0,
            jitter: Jitter::Decorrelated,
        },
        Limits::default(),
    );
    println!("independent_total_p99 = {p99} ({}n)", p99.to_bits());
    println!("decorrelated_total_p50 = {long} ({}n)", long.to_bits());
    println!("decorrelated_pinned_p50 = {short} ({}n)", short.to_bits());
    assert_eq!(
        [p99, long, short].map(f64::to_bits),
        [
            PINNED_INDEPENDENT,
            PINNED_DECORRELATED_LONG,
            PINNED_DECORRELATED_SHORT
        ]
    );
}

const PINNED_INDEPENDENT: u64 = 4_718_827_857_949_274_507;
const PINNED_DECORRELATED_LONG: u64 = 4_713_720_458_720_129_668;
const PINNED_DECORRELATED_SHORT: u64 = 4_664_798_769_770_928_530;
