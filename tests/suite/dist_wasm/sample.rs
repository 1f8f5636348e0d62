//! The sample export (`contract::sample`) of the calculator's method
//! modules as shipped: each module's `sample` against the core's own draw
//! (`dist::sample::sample`, the function of `schedule --sample SEED`) run
//! natively on the same policy and seed, bit for bit, for every jitter kind
//! of the module's method and seeds at both ends of their range; and its
//! refusals: a seed that is no whole number from 0 to 2^53 − 1, a kind of
//! the other method, each with its code and the buffer left as it was.

use backoff_core::contract::sample::{LEN, MAX_SEED, SEED_ERROR, TOTAL};
use backoff_core::dist::Delay;
use backoff_core::{MAX_RETRIES, Policy};

use super::export::bits;
use super::fit::{Slots, kinds, module_of, other_method, refused_policy, slots};
use crate::common::wasm::Instance;

/// The module's `sample` on `slots` and `seed`: its code, then the sample
/// buffer's bits.
fn call(module: &mut Instance, slots: &Slots, seed: f64) -> (u32, Vec<u64>) {
    let input = module.func::<(), u32>("input_buffer");
    let address = input.call(&mut module.store, ()).unwrap();
    module.write_f64s(address, slots);
    let code = module
        .func::<f64, u32>("sample")
        .call(&mut module.store, seed)
        .unwrap_or_else(|trap| panic!("{slots:?} trapped: {trap}"));
    let buffer = module.func::<(), u32>("sample_buffer");
    (code, module.f64_bits(buffer, LEN))
}

#[test]
fn each_method_modules_sample_is_the_cores_draw_bit_for_bit() {
    let mut count = 0;
    for jitter in kinds() {
        let mut module = module_of(jitter);
        for (retries, max, seed) in [
            (1, None, 0),
            (8, Some(5000.0), 42),
            (MAX_RETRIES, Some(30000.0), MAX_SEED),
        ] {
            let policy = Policy {
                base: 100.0,
                multiplier: 2.0,
                max_delay: max,
                retries,
                jitter,
            };
            let (code, out) = call(
                &mut module,
                &slots(&policy, f64::NAN, f64::NAN),
                seed as f64,
            );
            assert_eq!(code, 0, "{policy:?} {seed}");
            let n = retries as usize;
            let mut delays = vec![0.0; n];
            let mut work = vec![Delay::fixed(0.0); n];
            let total =
                backoff_core::dist::sample::sample(&policy, seed, &mut work, &mut delays).unwrap();
            assert_eq!(out[..n], bits(&delays)[..], "{policy:?} {seed}");
            assert_eq!(out[TOTAL], total.to_bits(), "{policy:?} {seed}");
            count += 1;
        }
    }
    println!("sample export: {count} cases, bit for bit");
}

#[test]
fn the_sample_export_refuses_a_bad_seed_or_another_methods_kind() {
    for jitter in kinds() {
        let mut module = module_of(jitter);
        let policy = refused_policy(jitter);
        let given = slots(&policy, f64::NAN, f64::NAN);
        let (_, before) = call(&mut module, &given, 7.0);
        for seed in [-1.0, 0.5, MAX_SEED as f64 + 1.0, f64::NAN, f64::INFINITY] {
            let (code, out) = call(&mut module, &given, seed);
            assert_eq!(code, SEED_ERROR, "{jitter:?} {seed}");
            assert_eq!(
                out, before,
                "{jitter:?} {seed}: the buffer changed on refusal"
            );
        }
        let other = slots(
            &Policy {
                jitter: other_method(jitter),
                ..policy
            },
            f64::NAN,
            f64::NAN,
        );
        let (code, out) = call(&mut module, &other, 7.0);
        assert_eq!(code, backoff_core::contract::JITTER_ERROR, "{jitter:?}");
        assert_eq!(out, before);
    }
}
