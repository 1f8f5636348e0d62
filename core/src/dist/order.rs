//! Order statistics of Monte Carlo samples: the sample P50, P90 and P99
//! and the values at given ranks, by a compact quickselect, with no
//! allocation.

/// The 0-based index of the sample order statistic at 1-based rank
/// `ceil(rank)`, kept within the sample.
pub(crate) fn rank_index(rank: f64, samples: usize) -> usize {
    let r = if rank > 1.0 { rank } else { 1.0 };
    let whole = r as usize;
    let ceil = if (whole as f64) < r { whole + 1 } else { whole };
    ceil.min(samples) - 1
}

/// The sample P50, P90 and P99 (order statistics at ranks `ceil(p·N)`),
/// reordering `values`.
pub(crate) fn sample_percentiles(values: &mut [f64]) -> (f64, f64, f64) {
    let n = values.len();
    let i50 = rank_index(n as f64 * 0.5, n);
    let i90 = rank_index(n as f64 * 0.9, n);
    let i99 = rank_index(n as f64 * 0.99, n);
    let p50 = select(values, i50);
    // Everything after index i50 is at least p50: select within it.
    let tail = &mut values[i50 + 1..];
    let (j90, j99) = (i90 - i50 - 1, i99 - i50 - 1);
    let p90 = select(tail, j90);
    let tail = &mut tail[j90 + 1..];
    let p99 = select(tail, j99 - j90 - 1);
    (p50, p90, p99)
}

/// The `k`-th smallest of `values` (from 0), leaving every value before
/// index `k` at most it and every value after it at least it: quickselect
/// with a median-of-three pivot and a branchless partition (each step swaps
/// unconditionally and advances by the comparison's outcome, so random data
/// costs no mispredicted branches). Much smaller code than the standard
/// library's `select_nth_unstable`, which matters in the WebAssembly module.
/// The values are non-negative and finite, so their bit patterns order as
/// the numbers do, and integers compare fastest. Every pass shrinks the
/// range, so the loop ends; `k` must be below `values.len()`.
#[allow(clippy::manual_swap)]
pub(crate) fn select(values: &mut [f64], k: usize) -> f64 {
    let key = |v: f64| v.to_bits();
    let (mut lo, mut hi) = (0usize, values.len() - 1);
    loop {
        if hi <= lo + 1 {
            if hi == lo + 1 && key(values[hi]) < key(values[lo]) {
                values.swap(lo, hi);
            }
            return values[k];
        }
        let start = lo;
        // The median of the first, middle and last value goes to `hi`.
        let mid = lo + (hi - lo) / 2;
        if key(values[mid]) < key(values[lo]) {
            values.swap(mid, lo);
        }
        if key(values[hi]) < key(values[lo]) {
            values.swap(hi, lo);
        }
        if key(values[mid]) < key(values[hi]) {
            values.swap(mid, hi);
        }
        let pivot = values[hi];
        let pivot_key = key(pivot);
        // `values[lo..store]` < pivot <= `values[store..i]`.
        let mut store = lo;
        for i in lo..hi {
            // The value from `i` lands at `store`; it stays below if less.
            // (A hand-written swap: `slice::swap` is not inlined at
            // opt-level z, and a call per value triples the time there.)
            let v = values[i];
            values[i] = values[store];
            values[store] = v;
            store += usize::from(key(v) < pivot_key);
        }
        values[hi] = values[store];
        values[store] = pivot;
        if k == store {
            return pivot;
        }
        if k < store {
            hi = store - 1;
            continue;
        }
        lo = store + 1;
        if store == start {
            // Nothing was below the pivot only if it is the least value:
            // gather the values equal to it, so that a range of equal values
            // ends here instead of shrinking by one per pass.
            let mut equal = lo;
            for i in lo..=hi {
                let v = values[i];
                values[i] = values[equal];
                values[equal] = v;
                equal += usize::from(key(v) <= pivot_key);
            }
            if k < equal {
                return pivot;
            }
            lo = equal;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Xoshiro256;
    use std::vec::Vec;

    #[test]
    fn select_finds_every_order_statistic_and_partitions() {
        let mut rng = Xoshiro256::new(9);
        for n in (1..=40).chain([100, 1000, 1025]) {
            for distinct in [2u64, 7, 1 << 40] {
                let values: Vec<f64> = (0..n)
                    .map(|_| (rng.next_u64() % distinct) as f64 * 0.5)
                    .collect();
                let mut sorted = values.clone();
                sorted.sort_by(f64::total_cmp);
                let ks: Vec<usize> = if n <= 40 {
                    (0..n).collect()
                } else {
                    std::vec![0, 1, n / 2, n * 9 / 10, n - 2, n - 1]
                };
                for k in ks {
                    let mut v = values.clone();
                    let got = select(&mut v, k);
                    assert_eq!(got, sorted[k], "n={n} k={k}");
                    assert!(v[..k].iter().all(|&x| x <= got));
                    assert!(v[k + 1..].iter().all(|&x| x >= got));
                    v.sort_by(f64::total_cmp);
                    assert_eq!(v, sorted);
                }
            }
        }
        // Sorted and reversed input, the classic bad cases.
        let mut up: Vec<f64> = (0..1000).map(f64::from).collect();
        assert_eq!(select(&mut up, 990), 990.0);
        let mut down: Vec<f64> = (0..1000).rev().map(f64::from).collect();
        assert_eq!(select(&mut down, 10), 10.0);
    }
}
