//! The real functions the core needs beyond `+ − × ÷`: `ln`, `exp` of a
//! non-positive number, `exp2`, `tanh` of a non-negative number, `sqrt` and
//! `hypot`, written with IEEE-exact
//! operations only, so that native code and WebAssembly compute the same
//! bits.
//!
//! Why not `f64::ln` and friends: they are not in `core`, and platform
//! versions may differ in the last bit between machines and wasm32. Why not
//! the `libm` crate: the core has no dependencies and the calculator's module
//! is compiled by plain `rustc`; six short functions keep it so. Every
//! function below uses only `+ − × ÷`, comparisons and bit operations on
//! `f64`, which IEEE 754 defines exactly and Rust never fuses into
//! multiply-adds, so every platform computes the same bits. They are
//! accurate to a few ulp (tested against `std`).
//!
//! Like the rest of the core they never panic and never return an infinite
//! or NaN value: input outside a function's domain gives the finite value its
//! documentation names.

const LN_2: f64 = core::f64::consts::LN_2;
/// ln 2 in two parts whose sum is ln 2 to 2^-80 (the split of fdlibm),
/// given by their bits: the high part ends in 21 zero bits.
const LN_2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
const LN_2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76);
/// 2^54, to lift subnormal input into the normal range.
const TWO_54: f64 = 18_014_398_509_481_984.0;

/// The natural logarithm of a positive `x`. Zero, negative and NaN input
/// give `f64::MIN` (the finite stand-in for −∞); `+∞` gives `ln(f64::MAX)`.
pub fn ln(x: f64) -> f64 {
    if x.is_nan() || x <= 0.0 {
        return f64::MIN;
    }
    let (x, mut exponent) = if x.is_infinite() {
        (f64::MAX, 0)
    } else if x < f64::MIN_POSITIVE {
        (x * TWO_54, -54)
    } else {
        (x, 0)
    };
    let bits = x.to_bits();
    exponent += ((bits >> 52) & 0x7ff) as i64 - 1023;
    // The mantissa as a number in [1, 2), then moved to [√½, √2) so that
    // the series below converges fast.
    let mut m = f64::from_bits((bits & 0x000f_ffff_ffff_ffff) | 0x3ff0_0000_0000_0000);
    if m > core::f64::consts::SQRT_2 {
        m *= 0.5;
        exponent += 1;
    }
    // ln m = 2 atanh(s) = 2 (s + s³/3 + s⁵/5 + …), |s| ≤ 0.172, so s² ≤ 0.0295
    // and 13 terms reach below 2^-60.
    let s = (m - 1.0) / (m + 1.0);
    let s2 = s * s;
    let mut series = 0.0;
    let mut k = 25.0;
    while k > 1.0 {
        series = (series + 1.0 / k) * s2;
        k -= 2.0;
    }
    exponent as f64 * LN_2 + 2.0 * s * (1.0 + series)
}

/// `e^x` for `x ≤ 0`, the only exponentials the core needs (densities such
/// as `exp(-x²/2)`). Below −708, where the result would be subnormal, it is
/// 0; positive and NaN input give 1 (`e^0`).
pub fn exp_neg(x: f64) -> f64 {
    if x.is_nan() || x >= 0.0 {
        return 1.0;
    }
    if x < -708.0 {
        return 0.0;
    }
    // x = k ln 2 + r with |r| ≤ ln2/2, then e^x = 2^k e^r. The product
    // k ln 2 is taken in two parts (Cody and Waite): `LN_2_HI` has its low
    // bits zero, so `k * LN_2_HI` is exact for |k| < 2^11.
    let k = (x / LN_2 - 0.5) as i64; // x < 0: truncation toward zero rounds
    let r = (x - k as f64 * LN_2_HI) - k as f64 * LN_2_LO;
    // 2^k as bits; k ≥ -1022 here since x ≥ -708.
    exp_series(r) * f64::from_bits(((k + 1023) as u64) << 52)
}

/// `2^x` for any `x`: 0 below −1022 (where the result would be subnormal),
/// `f64::MAX` from 1024 on (the finite stand-in for +∞), 1 for NaN.
pub fn exp2(x: f64) -> f64 {
    if x.is_nan() {
        return 1.0;
    }
    if x >= 1024.0 {
        return f64::MAX;
    }
    if x < -1022.0 {
        return 0.0;
    }
    // x = k + f with k the nearest whole number, |f| ≤ 1/2, then
    // 2^x = 2^k e^(f ln 2). `x − k` is exact: both lie within a factor of
    // two of each other, or k is 0.
    let k = if x >= 0.0 {
        (x + 0.5) as i64
    } else {
        (x - 0.5) as i64
    };
    let r = (x - k as f64) * LN_2;
    let e = exp_series(r);
    // 2^k as bits for k ≤ 1023; k = 1024 (x in [1023.5, 1024)) in two
    // steps, which may pass the largest finite number.
    let scaled = if k > 1023 {
        e * f64::from_bits(2046u64 << 52) * 2.0
    } else {
        e * f64::from_bits(((k + 1023) as u64) << 52)
    };
    if scaled.is_finite() { scaled } else { f64::MAX }
}

/// `e^r` for `|r| ≤ ln2/2` by its Taylor series: 18 terms reach below
/// 2^-60.
fn exp_series(r: f64) -> f64 {
    let mut sum = 1.0;
    let mut n = 18.0;
    while n >= 1.0 {
        sum = 1.0 + sum * r / n;
        n -= 1.0;
    }
    sum
}

/// `tanh x` for `x ≥ 0`, as `−m / (2 + m)` with `m = e^(−2x) − 1`; 0 for
/// negative and NaN input, 1 from 19 on (where `1 − tanh x` is below
/// 2^-54). Near 0, where `e^(−2x) − 1` would cancel, `m` comes from its
/// Taylor series (16 terms reach below 2^-60 for `2x ≤ 0.35`); elsewhere
/// from [`exp2`].
pub fn tanh(x: f64) -> f64 {
    if x.is_nan() || x <= 0.0 {
        return 0.0;
    }
    if x >= 19.0 {
        return 1.0;
    }
    let y = -2.0 * x;
    let m = if y < -0.35 {
        exp2(y * core::f64::consts::LOG2_E) - 1.0
    } else {
        let mut sum = 1.0;
        let mut n = 17.0;
        while n >= 2.0 {
            sum = 1.0 + sum * y / n;
            n -= 1.0;
        }
        y * sum
    };
    -m / (2.0 + m)
}

/// The square root of a finite number; zero for zero, negative or NaN
/// input, `f64::MAX` for `+∞`.
///
/// Newton's iteration from an exponent-halving first guess: the guess is
/// within a factor of two of the root, and six steps of quadratic convergence
/// from there reach full double precision, so the loop is fixed at eight.
pub fn sqrt(x: f64) -> f64 {
    if x.is_nan() || x <= 0.0 {
        return 0.0;
    }
    if x.is_infinite() {
        return f64::MAX;
    }
    // Halving the biased exponent halves the logarithm: a first guess within
    // a factor of two of the root, also for subnormal input (it then starts
    // low, and the first steps double it).
    let mut y = f64::from_bits((x.to_bits() >> 1) + (1023u64 << 51));
    for _ in 0..8 {
        y = 0.5 * (y + x / y);
    }
    y
}

/// `sqrt(a² + b²)` for non-negative finite `a` and `b`, without overflowing
/// the squares; zero when both are zero (or NaN), `f64::MAX` when the result
/// would overflow.
pub fn hypot(a: f64, b: f64) -> f64 {
    let (big, small) = if a >= b { (a, b) } else { (b, a) };
    if big.is_nan() || big <= 0.0 {
        return 0.0;
    }
    let ratio = small / big;
    let root = big * sqrt(1.0 + ratio * ratio);
    if root.is_finite() { root } else { f64::MAX }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Xoshiro256;

    fn ulps(a: f64, b: f64) -> u64 {
        (a.to_bits() as i64 - b.to_bits() as i64).unsigned_abs()
    }

    #[test]
    fn ln_is_within_a_few_ulp_of_std() {
        let mut rng = Xoshiro256::new(1);
        for i in 0..100_000 {
            let x = if i % 2 == 0 {
                1.0 - rng.next_unit()
            } else {
                (rng.next_unit() * 2140.0 - 1070.0).exp2()
            };
            let (mine, std) = (ln(x), x.ln());
            assert!(
                (mine - std).abs() <= 4.0 * f64::EPSILON * std.abs().max(1e-300)
                    || ulps(mine, std) <= 4,
                "ln({x:e}) = {mine:e}, std {std:e}"
            );
        }
        assert_eq!(ln(1.0), 0.0);
    }

    #[test]
    fn ln_outside_its_domain_is_finite() {
        assert_eq!(ln(0.0), f64::MIN);
        assert_eq!(ln(-1.0), f64::MIN);
        assert_eq!(ln(f64::NAN), f64::MIN);
        assert_eq!(ln(f64::INFINITY), ln(f64::MAX));
        assert!(ulps(ln(5e-324), (5e-324f64).ln()) <= 4);
    }

    #[test]
    fn exp_neg_is_within_a_few_ulp_of_std() {
        let mut rng = Xoshiro256::new(2);
        for _ in 0..100_000 {
            let x = -rng.next_unit() * 700.0 * rng.next_unit();
            let (mine, std) = (exp_neg(x), x.exp());
            assert!(ulps(mine, std) <= 4, "exp({x}) = {mine:e}, std {std:e}");
        }
        assert_eq!(exp_neg(0.0), 1.0);
        assert_eq!(exp_neg(-800.0), 0.0);
        assert_eq!(exp_neg(3.0), 1.0);
        assert_eq!(exp_neg(f64::NAN), 1.0);
        assert_eq!(exp_neg(f64::NEG_INFINITY), 0.0);
    }

    #[test]
    fn exp2_is_within_a_few_ulp_of_std() {
        let mut rng = Xoshiro256::new(4);
        for _ in 0..100_000 {
            let x = rng.next_unit() * 2040.0 - 1020.0;
            let (mine, std) = (exp2(x), x.exp2());
            assert!(ulps(mine, std) <= 4, "2^{x} = {mine:e}, std {std:e}");
        }
        for k in -1022..=1023 {
            assert_eq!(exp2(f64::from(k)), f64::from(k).exp2(), "2^{k}");
        }
        assert!(ulps(exp2(1023.9), 1023.9f64.exp2()) <= 4);
        assert_eq!(exp2(1024.0), f64::MAX);
        assert_eq!(exp2(-1023.0), 0.0);
        assert_eq!(exp2(f64::NAN), 1.0);
        assert_eq!(exp2(f64::INFINITY), f64::MAX);
        assert_eq!(exp2(f64::NEG_INFINITY), 0.0);
    }

    #[test]
    fn tanh_is_within_a_few_ulp_of_std() {
        let mut rng = Xoshiro256::new(5);
        for i in 0..100_000 {
            let x = if i % 2 == 0 {
                rng.next_unit() * 20.0
            } else {
                (rng.next_unit() * -60.0).exp2()
            };
            let (mine, std) = (tanh(x), x.tanh());
            assert!(ulps(mine, std) <= 4, "tanh({x:e}) = {mine:e}, std {std:e}");
        }
        assert_eq!(tanh(0.0), 0.0);
        assert_eq!(tanh(-1.0), 0.0);
        assert_eq!(tanh(f64::NAN), 0.0);
        assert_eq!(tanh(19.0), 1.0);
        assert_eq!(tanh(f64::INFINITY), 1.0);
    }

    #[test]
    fn sqrt_is_within_one_ulp_of_std() {
        let mut rng = Xoshiro256::new(3);
        for _ in 0..100_000 {
            let x = (rng.next_unit() * 2000.0 - 1000.0).exp2();
            assert!(ulps(sqrt(x), x.sqrt()) <= 1, "sqrt({x:e})");
        }
        let mut x = 1e-300_f64;
        while x < 1e300 {
            for v in [x, x * 1.37, x * 2.0, x * 3.99] {
                assert!(ulps(sqrt(v), v.sqrt()) <= 1, "sqrt({v:e})");
            }
            x *= 10.0;
        }
        assert_eq!(sqrt(4.0), 2.0);
        assert!(sqrt(5e-324) > 0.0);
    }

    #[test]
    fn sqrt_outside_its_domain_is_finite() {
        assert_eq!(sqrt(0.0), 0.0);
        assert_eq!(sqrt(-4.0), 0.0);
        assert_eq!(sqrt(f64::NAN), 0.0);
        assert_eq!(sqrt(f64::INFINITY), f64::MAX);
    }

    #[test]
    fn hypot_does_not_overflow() {
        assert_eq!(hypot(3.0, 4.0), 5.0);
        let big = hypot(1e300, 1e300);
        assert!(big.is_finite() && (big / 1e300 - core::f64::consts::SQRT_2).abs() < 1e-15);
        assert_eq!(hypot(f64::MAX, f64::MAX), f64::MAX);
        assert_eq!(hypot(0.0, 0.0), 0.0);
    }
}
