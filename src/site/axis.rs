//! The arithmetic of the site's SVG charts' axes, shared by the calculator's
//! chart (`figures.rs`) and the contention charts (`charts.rs`): powers of
//! ten, round steps, the ticks of a linear or logarithmic value axis, the
//! one-decimal coordinates and the escaping of text and attributes.
//!
//! `static/calculator.js` redraws the calculator's chart with the same
//! rules (`decade`, `niceStep`, its tick loops), so every function here
//! computes as the script does, operation for operation: the same doubles
//! on both sides. It draws nothing and knows no page.

/// 10^k by repeated exact steps, as the script computes it: the same double
/// on both sides, where `powi` and `Math.pow` may differ in the last bit.
pub(crate) fn pow10(k: i32) -> f64 {
    let p = (0..k.unsigned_abs()).fold(1.0, |p, _| p * 10.0);
    if k < 0 { 1.0 / p } else { p }
}

/// The power of ten at or below `x` (> 0), as an exponent.
pub(crate) fn decade(x: f64) -> i32 {
    let mut k = 0;
    while pow10(k + 1) <= x {
        k += 1;
    }
    while pow10(k) > x {
        k -= 1;
    }
    k
}

/// A round step (1, 2 or 5 × 10^k) at least `raw`.
pub(crate) fn nice_step(raw: f64) -> f64 {
    let p = pow10(decade(raw));
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * p)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * p)
}

/// A linear value axis from 0 for values up to `top` (> 0): about four
/// round steps, the ceiling the first step at or above `top`. Returns the
/// ceiling and the ticks, 0 to the ceiling.
pub(crate) fn linear_ticks(top: f64) -> (f64, Vec<f64>) {
    let step = nice_step(top / 4.0);
    let ceiling = (top / step).ceil() * step;
    let mut ticks = Vec::new();
    let mut k = 0.0;
    while k * step <= ceiling {
        ticks.push(k * step);
        k += 1.0;
    }
    (ceiling, ticks)
}

/// A logarithmic value axis for values from `low` to `top` (both > 0):
/// the whole decades around them, as exponents `(lo, hi)`.
pub(crate) fn log_decades(low: f64, top: f64) -> (i32, i32) {
    let hi = decade(top) + i32::from(pow10(decade(top)) < top);
    (decade(low), hi)
}

/// A coordinate to one decimal, written as JavaScript writes the same
/// double: coordinates stay short and match the script's.
pub(crate) fn fix(v: f64) -> String {
    crate::report::js_number((v * 10.0).round() / 10.0)
}

/// Text or an attribute's value, safe inside SVG markup.
pub(crate) fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_round_and_at_least_asked() {
        assert_eq!(nice_step(0.3), 0.5);
        assert_eq!(nice_step(1.0), 1.0);
        assert_eq!(nice_step(1.5), 2.0);
        assert_eq!(nice_step(7.0), 10.0);
        assert_eq!(nice_step(2500.0), 5000.0);
        assert_eq!(decade(0.05), -2);
        assert_eq!(decade(1000.0), 3);
    }

    #[test]
    fn linear_ticks_reach_the_first_step_above_the_top() {
        assert_eq!(
            linear_ticks(310.0),
            (400.0, vec![0.0, 100.0, 200.0, 300.0, 400.0])
        );
        assert_eq!(linear_ticks(8.0), (8.0, vec![0.0, 2.0, 4.0, 6.0, 8.0]));
    }

    #[test]
    fn log_decades_enclose_the_values() {
        assert_eq!(log_decades(0.4, 36.0), (-1, 2));
        assert_eq!(log_decades(1.0, 100.0), (0, 2));
    }
}
