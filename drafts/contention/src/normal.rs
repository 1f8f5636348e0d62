//! Normal deviates with the same bits on every platform: a ziggurat sampler
//! and the three elementary functions it needs, written with IEEE-exact
//! operations only.
//!
//! Why not `f64::ln` and friends: they are not in `core`, and the platform's
//! versions may differ in the last bit between machines and wasm32. Why not
//! the `libm` crate: the site's core has no dependencies and its WebAssembly
//! module is compiled by plain `rustc`; three short functions keep it so.
//! `ln`, `exp` and `sqrt` below use only `+ - * /`, comparisons and bit
//! operations on `f64`, which IEEE 754 defines exactly and Rust never fuses,
//! so every platform computes the same bits. They are accurate to a few ulp
//! (tested against `std`), which is far more than a sampler needs.
//!
//! Why a ziggurat (Marsaglia and Tsang, "The Ziggurat Method for Generating
//! Random Variables", J. Stat. Softw. 5(8), 2000, with 256 layers): about 99%
//! of draws cost one 64-bit random number, a multiplication and a comparison;
//! only the rest evaluate `exp` or `ln`. The simulation draws one normal per
//! message, millions per experiment, so this is where its time goes. The
//! layer tables are computed once per [`Normal`] by the functions below, from
//! the published `R` and `V`.

use crate::rng::Xoshiro256;

/// Layers of the ziggurat.
const LAYERS: usize = 256;
/// The start of the tail for 256 layers (Marsaglia and Tsang 2000).
const R: f64 = 3.654_152_885_361_009;
/// The area of each layer under `exp(-x²/2)` for 256 layers.
const V: f64 = 0.004_928_673_233_99;

const LN_2: f64 = core::f64::consts::LN_2;
/// ln 2 in two parts whose sum is ln 2 to 2^-80 (the split of fdlibm),
/// given by their bits: the high part ends in 21 zero bits.
const LN_2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
const LN_2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76);

/// Natural logarithm of a positive, finite, normal (not subnormal) `x`;
/// the samplers only pass uniform deviates in `(0, 1]` and table values.
pub fn ln(x: f64) -> f64 {
    debug_assert!(x.is_normal() && x > 0.0);
    let bits = x.to_bits();
    let mut exponent = ((bits >> 52) & 0x7ff) as i64 - 1023;
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

/// `e^x` for `x ≤ 0` (the samplers only need `exp(-x²/2)` with `|x|` below
/// 4); below -708, where the result would be subnormal, it returns 0.
pub fn exp_neg(x: f64) -> f64 {
    debug_assert!(x <= 0.0);
    if x < -708.0 {
        return 0.0;
    }
    // x = k ln 2 + r with |r| ≤ ln2/2, then e^x = 2^k e^r. The product
    // k ln 2 is taken in two parts (Cody and Waite): `LN_2_HI` has its low
    // bits zero, so `k * LN_2_HI` is exact for |k| < 2^11.
    let k = (x / LN_2 - 0.5) as i64; // x ≤ 0: truncation toward zero rounds
    let r = (x - k as f64 * LN_2_HI) - k as f64 * LN_2_LO;
    // Taylor series of e^r: |r| ≤ 0.35, 18 terms reach below 2^-60.
    let mut sum = 1.0;
    let mut n = 18.0;
    while n >= 1.0 {
        sum = 1.0 + sum * r / n;
        n -= 1.0;
    }
    // 2^k as bits; k ≥ -1022 here since x ≥ -708.
    sum * f64::from_bits(((k + 1023) as u64) << 52)
}

/// Square root of a non-negative finite `x` by Newton's method from a
/// bit-level first guess. Only the tables use it.
pub fn sqrt(x: f64) -> f64 {
    debug_assert!(x >= 0.0 && x.is_finite());
    if x == 0.0 {
        return 0.0;
    }
    // Halving the exponent gives a guess within a factor of two.
    let mut y = f64::from_bits((x.to_bits() >> 1) + (0x3ff0_0000_0000_0000 >> 1));
    for _ in 0..8 {
        y = 0.5 * (y + x / y);
    }
    y
}

/// The standard normal density without its constant, `exp(-x²/2)`.
fn density(x: f64) -> f64 {
    exp_neg(-0.5 * x * x)
}

/// A standard normal sampler: the ziggurat's tables.
#[derive(Clone, Debug)]
pub struct Normal {
    /// Right edges of the layers, `x[0]` (the base layer's virtual width,
    /// `V / f(R)`) down to `x[LAYERS] = 0`; `x[1] = R`.
    x: [f64; LAYERS + 1],
    /// `f(x[i])`.
    f: [f64; LAYERS + 1],
}

impl Normal {
    /// The tables, computed from `R` and `V` (a few hundred calls of the
    /// functions above: microseconds).
    pub fn new() -> Normal {
        let mut x = [0.0; LAYERS + 1];
        let mut f = [0.0; LAYERS + 1];
        x[0] = V / density(R);
        x[1] = R;
        for i in 1..LAYERS - 1 {
            // Layer i + 1 has area V: x[i+1] solves f(x[i+1]) = V / x[i] + f(x[i]).
            let height = V / x[i] + density(x[i]);
            // The top layer may round to a height at or above 1: its edge is 0.
            x[i + 1] = if height >= 1.0 {
                0.0
            } else {
                sqrt(-2.0 * ln(height))
            };
        }
        x[LAYERS] = 0.0;
        for i in 0..=LAYERS {
            f[i] = density(x[i]);
        }
        Normal { x, f }
    }

    /// One standard normal deviate.
    #[inline]
    pub fn sample(&self, rng: &mut Xoshiro256) -> f64 {
        // The fast path, inlined at every call: one draw, one comparison.
        let bits = rng.next_u64();
        let (layer, x) = self.position(bits);
        if x.abs() < self.x[layer + 1] {
            return x;
        }
        self.sample_slow(rng, bits)
    }

    /// The layer (from the low 8 bits) and a point in it (from the top 53
    /// bits, read as a signed number: uniform on `[-1, 1)` in steps of
    /// 2^-52): the two parts of `bits` never overlap.
    #[inline]
    fn position(&self, bits: u64) -> (usize, f64) {
        let layer = (bits & 0xff) as usize;
        let u = ((bits as i64) >> 11) as f64 * (1.0 / (1u64 << 52) as f64);
        (layer, u * self.x[layer])
    }

    /// The rest of the ziggurat, for a first draw that missed the fast path.
    #[cold]
    fn sample_slow(&self, rng: &mut Xoshiro256, first: u64) -> f64 {
        let mut bits = first;
        // The first pass repeats the fast test: it fails, and the loop stays
        // one plain rejection loop.
        loop {
            let (layer, x) = self.position(bits);
            if x.abs() < self.x[layer + 1] {
                return x;
            }
            if layer == 0 {
                return self.tail(rng, x < 0.0);
            }
            // The wedge between the layer's rectangle and the curve.
            let y = self.f[layer] + (self.f[layer + 1] - self.f[layer]) * rng.uniform();
            if y < density(x) {
                return x;
            }
            bits = rng.next_u64();
        }
    }

    /// A deviate beyond `R` (Marsaglia 1964): `R + e1 / R` with `e1`, `e2`
    /// exponential, accepted when `2 e2 ≥ (e1 / R)²`.
    fn tail(&self, rng: &mut Xoshiro256, negative: bool) -> f64 {
        loop {
            // 1 - u lies in (0, 1], so ln never sees zero.
            let a = -ln(1.0 - rng.uniform()) / R;
            let b = -ln(1.0 - rng.uniform());
            if 2.0 * b >= a * a {
                return if negative { -(R + a) } else { R + a };
            }
        }
    }
}

impl Default for Normal {
    fn default() -> Normal {
        Normal::new()
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    fn ulps(a: f64, b: f64) -> u64 {
        (a.to_bits() as i64 - b.to_bits() as i64).unsigned_abs()
    }

    #[test]
    fn ln_is_within_a_few_ulp_of_std() {
        let mut rng = Xoshiro256::from_seed(1);
        for i in 0..100_000 {
            let x = if i % 2 == 0 {
                1.0 - rng.uniform()
            } else {
                (rng.uniform() * 1400.0 - 700.0).exp2()
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
    fn exp_neg_is_within_a_few_ulp_of_std() {
        let mut rng = Xoshiro256::from_seed(2);
        for _ in 0..100_000 {
            let x = -rng.uniform() * 700.0 * rng.uniform();
            let (mine, std) = (exp_neg(x), x.exp());
            assert!(ulps(mine, std) <= 4, "exp({x}) = {mine:e}, std {std:e}");
        }
        assert_eq!(exp_neg(0.0), 1.0);
        assert_eq!(exp_neg(-800.0), 0.0);
    }

    #[test]
    fn sqrt_is_within_one_ulp_of_std() {
        let mut rng = Xoshiro256::from_seed(3);
        for _ in 0..100_000 {
            let x = (rng.uniform() * 200.0 - 100.0).exp2();
            assert!(ulps(sqrt(x), x.sqrt()) <= 1, "sqrt({x:e})");
        }
        assert_eq!(sqrt(0.0), 0.0);
        assert_eq!(sqrt(4.0), 2.0);
    }

    #[test]
    fn tables_decrease_from_the_base_to_zero() {
        let n = Normal::new();
        assert_eq!(n.x[1], R);
        for i in 0..LAYERS {
            assert!(n.x[i] > n.x[i + 1], "layer {i}");
        }
        assert_eq!(n.x[LAYERS], 0.0);
        // The recursion closes: the last computed layer's edge is small.
        assert!(n.x[LAYERS - 1] < 0.3, "{}", n.x[LAYERS - 1]);
    }

    /// Φ(z) for z = 0.5, 1, 1.5, 2, 2.5, 3 (standard tables).
    const PHI: [(f64, f64); 6] = [
        (0.5, 0.691_462_461_274_013),
        (1.0, 0.841_344_746_068_543),
        (1.5, 0.933_192_798_731_142),
        (2.0, 0.977_249_868_051_821),
        (2.5, 0.993_790_334_674_224),
        (3.0, 0.998_650_101_968_370),
    ];

    #[test]
    fn samples_follow_the_standard_normal() {
        let normal = Normal::new();
        let mut rng = Xoshiro256::from_seed(4);
        let n = 2_000_000;
        let (mut sum, mut sum2, mut sum4) = (0.0, 0.0, 0.0);
        let mut below = [0u32; 6];
        let mut beyond_r = 0u32;
        for _ in 0..n {
            let z = normal.sample(&mut rng);
            sum += z;
            sum2 += z * z;
            sum4 += z * z * z * z;
            for (count, (t, _)) in below.iter_mut().zip(PHI) {
                if z < t {
                    *count += 1;
                }
            }
            if z.abs() > R {
                beyond_r += 1;
            }
        }
        let nf = n as f64;
        assert!((sum / nf).abs() < 0.003, "mean {}", sum / nf);
        assert!((sum2 / nf - 1.0).abs() < 0.005, "variance {}", sum2 / nf);
        assert!(
            (sum4 / nf - 3.0).abs() < 0.03,
            "fourth moment {}",
            sum4 / nf
        );
        for (count, (t, phi)) in below.iter().zip(PHI) {
            let p = *count as f64 / nf;
            // Five standard errors of a proportion.
            let tolerance = 5.0 * (phi * (1.0 - phi) / nf).sqrt();
            assert!((p - phi).abs() < tolerance, "P(z < {t}) = {p}, want {phi}");
        }
        // P(|z| > R) = 2(1 - Φ(R)) ≈ 2.58e-4: the tail is used and right.
        let tail = beyond_r as f64 / nf;
        assert!(
            (tail - 2.58e-4).abs() < 5.0 * (2.58e-4 / nf).sqrt(),
            "tail {tail}"
        );
    }
}
