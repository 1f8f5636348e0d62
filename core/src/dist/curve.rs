//! The total wait's curve: how many points it has and the probability of
//! each. Both methods draw it ([`super::independent_with_curve`],
//! [`super::monte_carlo::curve`]); this leaf keeps its shape in one place.

/// The points of the total wait's curve: its quantiles at `p = i / 100`
/// for `i` from 0 (the shortest total) to 100 (the longest), so that points
/// 50, 90 and 99 are the P50, P90 and P99 of [`super::Summary`], bit for
/// bit.
pub const CURVE_POINTS: usize = 101;

/// The probability of curve point `i`.
pub fn curve_probability(i: usize) -> f64 {
    i as f64 / (CURVE_POINTS - 1) as f64
}
