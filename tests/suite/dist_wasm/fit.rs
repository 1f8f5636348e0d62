//! The fit export (`contract::fit`) of the calculator's method modules as
//! shipped, which the script's worker calls: each module's `fit` against
//! the core's own search (`dist::fit::fit`, the function of `schedule
//! --fit-deadline`) run natively on the same policy, bit for bit, for every
//! jitter kind of the module's method; and its refusals: no deadline, a
//! kind of the other method, a deadline before the first attempt ends, each
//! with its code and the buffer left as it was.

use backoff_core::contract::distribution as dc;
use backoff_core::contract::fit::{ANY, LEN, NONE};
use backoff_core::dist::fit::Bound;
use backoff_core::{Jitter, MAX_RETRIES, Method, Policy};
use backoff_core_testing::work::WorkBuffers;
use backoff_site::wasm_module::{GRID_WASM, MONTE_CARLO_WASM};

use super::export::bits;
use crate::common::wasm::Instance;

pub(super) type Slots = [f64; dc::INPUTS.len()];

/// The slots of `policy` with `timeout` and `deadline` (NaN: not given).
pub(super) fn slots(policy: &Policy, timeout: f64, deadline: f64) -> Slots {
    let code = policy.jitter.code() as f64;
    let factor = match policy.jitter {
        Jitter::Proportional { factor } => factor,
        _ => f64::NAN,
    };
    [
        policy.base,
        policy.multiplier,
        policy.max_delay.unwrap_or(f64::NAN),
        f64::from(policy.retries),
        code,
        factor,
        timeout,
        deadline,
    ]
}

/// The module's `fit` on `slots`: its code, then the fit buffer's bits.
fn call(module: &mut Instance, slots: &Slots) -> (u32, Vec<u64>) {
    let input = module.func::<(), u32>("input_buffer");
    let address = input.call(&mut module.store, ()).unwrap();
    module.write_f64s(address, slots);
    let code = module
        .func::<(), u32>("fit")
        .call(&mut module.store, ())
        .unwrap_or_else(|trap| panic!("{slots:?} trapped: {trap}"));
    let buffer = module.func::<(), u32>("fit_buffer");
    (code, module.f64_bits(buffer, LEN))
}

/// The core's search natively, laid out as the fit buffer.
fn native(policy: &Policy, timeout: Option<f64>, deadline: f64) -> Vec<u64> {
    let mut buffers = WorkBuffers::new(MAX_RETRIES as usize);
    let f = backoff_core::dist::fit::fit(policy, timeout, deadline, buffers.work()).unwrap();
    let bound = |b: Bound| match b {
        Bound::Any => ANY,
        Bound::UpTo(x) => x,
        Bound::None => NONE,
    };
    bits(&[
        f64::from(f.most_retries_worst),
        f64::from(f.most_retries_p99),
        f64::from(f.most_retries_p50),
        bound(f.largest_base_p99),
        bound(f.largest_max_delay_p99),
    ])
}

/// Every jitter kind, proportional jitter with a factor of 0.5.
pub(super) fn kinds() -> impl Iterator<Item = Jitter> {
    (0..Jitter::KINDS.len()).map(|code| Jitter::at_code(code, 0.5))
}

/// The policy the exports' refusal tests ask about: 100, ×2, no cap,
/// 3 retries of `jitter`.
pub(super) fn refused_policy(jitter: Jitter) -> Policy {
    Policy {
        base: 100.0,
        multiplier: 2.0,
        max_delay: None,
        retries: 3,
        jitter,
    }
}

/// A kind of the other method than `jitter`'s, which its module refuses.
pub(super) fn other_method(jitter: Jitter) -> Jitter {
    kinds().find(|k| k.method() != jitter.method()).unwrap()
}

pub(super) fn module_of(jitter: Jitter) -> Instance {
    Instance::new(match jitter.method() {
        Method::Grid => GRID_WASM,
        Method::MonteCarlo => MONTE_CARLO_WASM,
    })
}

#[test]
fn each_method_modules_fit_is_the_cores_search_bit_for_bit() {
    let mut count = 0;
    for jitter in kinds() {
        let mut module = module_of(jitter);
        let all = [
            (100.0, Some(1000.0), 2, 50.5, 700.25),
            // The timeouts alone reach the deadline: no delay fits.
            (100.0, None, 4, 400.0, 1000.0),
            (100.0, Some(5000.0), 8, 250.5, 12000.25),
            (100.0, Some(5000.0), 8, f64::NAN, 12000.25),
            // Without a maximum delay the policy fits: any maximum fits.
            (10.0, None, 3, f64::NAN, 5000.0),
        ];
        // A search over the Monte Carlo run takes seconds in the
        // interpreter beside the unoptimized core: its kinds take the
        // first two, the short ones.
        let cases = match jitter.method() {
            Method::Grid => &all[..],
            Method::MonteCarlo => &all[..2],
        };
        for &(base, max, retries, timeout, deadline) in cases {
            let policy = Policy {
                base,
                multiplier: 2.0,
                max_delay: max,
                retries,
                jitter,
            };
            let (code, out) = call(&mut module, &slots(&policy, timeout, deadline));
            let timeout = (!timeout.is_nan()).then_some(timeout);
            assert_eq!(code, 0, "{policy:?}");
            assert_eq!(
                out,
                native(&policy, timeout, deadline),
                "{policy:?} {timeout:?}"
            );
            count += 1;
        }
    }
    println!("fit export: {count} cases, bit for bit");
}

#[test]
fn the_fit_export_refuses_with_its_codes_and_leaves_the_buffer() {
    let code_of = |key: &str| dc::ERRORS.iter().position(|k| *k == key).unwrap() as u32 + 1;
    for jitter in kinds() {
        let mut module = module_of(jitter);
        let policy = refused_policy(jitter);
        let (_, before) = call(&mut module, &slots(&policy, f64::NAN, 5000.0));
        for (timeout, deadline, key) in [
            (f64::NAN, f64::NAN, "deadline"),
            (50.0, 40.0, "deadline_before_first_attempt"),
            (-1.0, 5000.0, "timeout"),
        ] {
            let (code, out) = call(&mut module, &slots(&policy, timeout, deadline));
            assert_eq!(code, code_of(key), "{jitter:?} {timeout} {deadline}");
            assert_eq!(out, before, "{jitter:?}: the buffer changed on refusal");
        }
        // A kind of the other method is the jitter's error.
        let other = other_method(jitter);
        let (code, out) = call(
            &mut module,
            &slots(
                &Policy {
                    jitter: other,
                    ..policy
                },
                f64::NAN,
                5000.0,
            ),
        );
        assert_eq!(
            code,
            backoff_core::contract::JITTER_ERROR,
            "{jitter:?} given {other:?}"
        );
        assert_eq!(out, before);
    }
}
