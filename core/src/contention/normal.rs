//! Normal deviates with the same bits on every platform: a ziggurat sampler
//! over the core's generator ([`crate::rng`]) and its exact elementary
//! functions ([`crate::math`]). It owns the sampler's tables and nothing else.
//!
//! Why a ziggurat (Marsaglia and Tsang, "The Ziggurat Method for Generating
//! Random Variables", J. Stat. Softw. 5(8), 2000, with 256 layers): about 99%
//! of draws cost one 64-bit random number, a multiplication and a comparison;
//! only the rest evaluate `exp` or `ln`. The simulation draws one normal per
//! message, millions per experiment, so this is where its time goes. The
//! layer tables are computed once per [`Normal`] from the published `R` and
//! `V`.

use crate::math::{exp_neg, ln, sqrt};
use crate::rng::Xoshiro256;

/// Layers of the ziggurat.
const LAYERS: usize = 256;
/// The start of the tail for 256 layers (Marsaglia and Tsang 2000).
const R: f64 = 3.654_152_885_361_009;
/// The area of each layer under `exp(-x²/2)` for 256 layers.
const V: f64 = 0.004_928_673_233_99;

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
            let y = self.f[layer] + (self.f[layer + 1] - self.f[layer]) * rng.next_unit();
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
            let a = -ln(1.0 - rng.next_unit()) / R;
            let b = -ln(1.0 - rng.next_unit());
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
        let mut rng = Xoshiro256::new(4);
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
