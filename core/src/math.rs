//! The few real functions the module needs, without `std` and from IEEE
//! operations only (`+ − × ÷`, exactly rounded everywhere), so that native
//! code and WebAssembly compute the same bits.

/// The square root of a finite number; zero for zero, negative or NaN input.
///
/// Newton's iteration from an exponent-halving first guess: the guess is
/// within a factor of two of the root, and six steps of quadratic convergence
/// from there reach full double precision, so the loop is fixed at eight.
pub fn sqrt(x: f64) -> f64 {
    if x.is_nan() || x <= 0.0 {
        return 0.0;
    }
    if !x.is_finite() {
        return f64::MAX;
    }
    // Halving the biased exponent halves the logarithm: a first guess within
    // a factor of two of the root, also for subnormal input (it then starts
    // low, and the first steps double it).
    let mut y = f64::from_bits((x.to_bits() >> 1) + (1023u64 << 51));
    if y.is_nan() || y <= 0.0 {
        y = 1.0;
    }
    for _ in 0..8 {
        y = 0.5 * (y + x / y);
    }
    y
}

/// `sqrt(a² + b²)` for non-negative finite `a` and `b`, without overflowing
/// the squares.
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

    #[test]
    fn sqrt_matches_the_hardware_root_to_the_last_bit_or_one_ulp() {
        let mut x = 1e-300_f64;
        while x < 1e300 {
            for v in [x, x * 1.37, x * 2.0, x * 3.99] {
                let want = v.sqrt();
                let got = sqrt(v);
                let ulps = (got.to_bits() as i64 - want.to_bits() as i64).abs();
                assert!(ulps <= 1, "sqrt({v}) = {got}, want {want}");
            }
            x *= 10.0;
        }
        assert_eq!(sqrt(0.0), 0.0);
        assert_eq!(sqrt(-4.0), 0.0);
        assert_eq!(sqrt(f64::NAN), 0.0);
        assert_eq!(sqrt(4.0), 2.0);
        assert!(sqrt(5e-324) > 0.0);
    }

    #[test]
    fn hypot_does_not_overflow() {
        assert_eq!(hypot(3.0, 4.0), 5.0);
        let big = hypot(1e300, 1e300);
        assert!(big.is_finite() && (big / 1e300 - core::f64::consts::SQRT_2).abs() < 1e-15);
        assert_eq!(hypot(0.0, 0.0), 0.0);
    }
}
