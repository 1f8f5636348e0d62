//! Independent exact results the tests compare against: the Irwin–Hall CDF
//! by its positive recursion, and the CDF of a few independent capped
//! uniforms by inclusion–exclusion over each branch of their atoms. The
//! core's tests and the site's (the percentiles a page shows) share them.

/// `P(U_1 + … + U_n <= x)` for `n` independent uniforms on `[0, 1]`, by
/// `F_m(x) = (x·F_{m−1}(x) + (m − x)·F_{m−1}(x − 1)) / m`, whose weights are
/// non-negative inside the support, so no precision is lost.
pub fn irwin_hall_cdf(n: usize, x: f64) -> f64 {
    let mut vals: Vec<f64> = (0..=n).map(|i| (x - i as f64).clamp(0.0, 1.0)).collect();
    for m in 2..=n {
        let mf = m as f64;
        for i in 0..=(n - m) {
            let y = x - i as f64;
            vals[i] = if y <= 0.0 {
                0.0
            } else if y >= mf {
                1.0
            } else {
                (y * vals[i] + (mf - y) * vals[i + 1]) / mf
            };
        }
    }
    vals[0]
}

/// The `p`-quantile of a continuous, increasing CDF on `[lo, hi]`, by
/// bisection to the last bit.
pub fn quantile(cdf: impl Fn(f64) -> f64, p: f64, lo: f64, hi: f64) -> f64 {
    let (mut a, mut b) = (lo, hi);
    for _ in 0..200 {
        let m = 0.5 * (a + b);
        if m <= a || m >= b {
            break;
        }
        if cdf(m) >= p {
            b = m;
        } else {
            a = m;
        }
    }
    0.5 * (a + b)
}

/// `P(Σ w_i V_i <= y)` for independent uniform `V_i` on `[0, 1]`:
/// `Σ_A (−1)^|A| (y − Σ_A w)_+^n / (n! Π w)`. Fine for a handful of terms.
fn uniform_sum_cdf(widths: &[f64], y: f64) -> f64 {
    let n = widths.len();
    if n == 0 {
        return if y >= 0.0 { 1.0 } else { 0.0 };
    }
    let total: f64 = widths.iter().sum();
    if y <= 0.0 {
        return 0.0;
    }
    if y >= total {
        return 1.0;
    }
    let mut acc = 0.0;
    for mask in 0u32..(1 << n) {
        let s: f64 = (0..n)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| widths[i])
            .sum();
        let t = y - s;
        if t > 0.0 {
            let sign = if mask.count_ones() % 2 == 0 {
                1.0
            } else {
                -1.0
            };
            acc += sign * t.powi(n as i32);
        }
    }
    let mut denom = 1.0;
    for (i, w) in widths.iter().enumerate() {
        denom *= (i + 1) as f64 * w;
    }
    (acc / denom).clamp(0.0, 1.0)
}

/// `P(Σ min(U[lo_i, hi_i], cap_i) <= x)` for a few independent delays
/// `(lo, hi, cap)`: each capped delay is either its atom (at the cap) or a
/// uniform on `[lo, cap)`; every branch is a shifted sum of uniforms.
pub fn capped_sum_cdf(delays: &[(f64, f64, f64)], x: f64) -> f64 {
    let n = delays.len();
    let mut total = 0.0;
    for branch in 0u32..(1 << n) {
        let mut weight = 1.0;
        let mut shift = 0.0;
        let mut widths = Vec::new();
        for (i, &(lo, hi, cap)) in delays.iter().enumerate() {
            let top = hi.min(cap);
            let at_atom = branch >> i & 1 == 1;
            if top <= lo {
                // Fixed: only the atom branch carries weight.
                if !at_atom {
                    weight = 0.0;
                }
                shift += top;
                continue;
            }
            let atom = (hi - top) / (hi - lo);
            if at_atom {
                weight *= atom;
                shift += top;
            } else {
                weight *= 1.0 - atom;
                shift += lo;
                widths.push(top - lo);
            }
        }
        if weight > 0.0 {
            total += weight * uniform_sum_cdf(&widths, x - shift);
        }
    }
    total
}
