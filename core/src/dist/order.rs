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
    // Each select on the whole slice: the ones before leave it partitioned,
    // so the later ones are quick, and no sub-slice is cut (smaller code).
    (select(values, i50), select(values, i90), select(values, i99))
}

/// The `k`-th smallest of `values` (from 0), leaving every value before
/// index `k` at most it and every value after it at least it: Hoare's
/// FIND as Wirth writes it (*Algorithms + Data Structures = Programs*,
/// 1976, §2.3.4), with the value at `k` as the pivot. Each pass splits the
/// range at the pivot's value, swapping the values on the wrong side, and
/// keeps the part that holds `k`; values equal to the pivot stop both scans
/// and are spread over both parts, so many equal values (delays at the cap)
/// cost no more than distinct ones. Much smaller code than the standard
/// library's `select_nth_unstable`, which matters in the WebAssembly
/// module. The values are non-negative and finite, so their bit patterns
/// order as the numbers do, and integers compare fastest. Every pass
/// shrinks the range, so the loop ends; `k` must be below `values.len()`.
pub(crate) fn select(values: &mut [f64], k: usize) -> f64 {
    let key = |v: f64| v.to_bits();
    let (mut lo, mut hi) = (0usize, values.len() - 1);
    while lo < hi {
        let pivot = key(values[k]);
        // `values[lo..i]` <= pivot <= `values[end..=hi]`; `end` is one past
        // Wirth's `j`, so that it never goes below zero. Each scan stops at
        // the pivot's value at the latest, or at a value the last swap put
        // there, so it stays within the range.
        let (mut i, mut end) = (lo, hi + 1);
        while i < end {
            while key(values[i]) < pivot {
                i += 1;
            }
            while pivot < key(values[end - 1]) {
                end -= 1;
            }
            if i < end {
                values.swap(i, end - 1);
                i += 1;
                end -= 1;
            }
        }
        // Now `values[lo..end]` <= pivot <= `values[i..=hi]`, and what lies
        // between equals the pivot.
        if k < end {
            hi = end - 1;
        } else if k >= i {
            lo = i;
        } else {
            break;
        }
    }
    values[k]
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
