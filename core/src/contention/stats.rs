//! The summaries of an experiment's runs: the mean and nearest-rank
//! percentiles of a sample, in a fixed order of operations so the bits
//! repeat. Sorting happens in place, in the caller's scratch: no allocation.

/// Three percentiles of a sample, by nearest rank: the smallest value with
/// at least p% of the sample at or below it (always a value that occurred).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Percentiles {
    pub p50: f64,
    pub p90: f64,
    pub p99: f64,
}

/// The mean of at least one value, summed in run order so the bits are fixed.
pub(crate) fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

/// Sorts `values` (at least one: callers check) and takes the nearest-rank
/// percentiles.
pub(crate) fn percentiles(values: &mut [f64]) -> Percentiles {
    values.sort_unstable_by(f64::total_cmp);
    let rank = |p: usize| values[(p * values.len()).div_ceil(100).max(1) - 1];
    Percentiles {
        p50: rank(50),
        p90: rank(90),
        p99: rank(99),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_take_the_nearest_rank() {
        let mut values: [f64; 100] = core::array::from_fn(|i| (100 - i) as f64);
        let p = percentiles(&mut values);
        assert_eq!((p.p50, p.p90, p.p99), (50.0, 90.0, 99.0));
        let mut one = [7.0];
        let p = percentiles(&mut one);
        assert_eq!((p.p50, p.p90, p.p99), (7.0, 7.0, 7.0));
        let mut ten: [f64; 10] = core::array::from_fn(|i| i as f64);
        let p = percentiles(&mut ten);
        assert_eq!((p.p50, p.p90, p.p99), (4.0, 8.0, 9.0));
    }
}
