//! The distribution of a sum of independent delays, one delay at a time, on
//! a grid the caller provides.
//!
//! Each delay `min(U[lo, hi], top)` is split into the constant `lo`, added
//! exactly, and a random part `Y = min(U[0, w], r)` (`w = hi − lo`,
//! `r = top − lo`). The CDF of the sum of the random parts is kept at
//! `G + 1` grid points `x_j = x0 + j·h`, linear in between (a
//! piecewise-constant density). Adding a delay maps the CDF exactly:
//!
//! ```text
//! F'(x) = (I(x) − I(x − r)) / w + atom · F(x − r),   I(t) = ∫ F up to t
//! ```
//!
//! where `I` is exact for the piecewise-linear `F` (a quadratic in each
//! cell). The new CDF is read at a grid whose points are old grid points
//! (its step is the old one times a power of two, grown only when the sum
//! no longer fits), so `x` and `x − r` fall at one fixed offset in every old
//! cell: each step is one branch-light pass of `O(G)`. The grid spans the
//! sum's support, or, once that is much wider than its spread, the
//! Bernstein window `mean ± t` with `t = a + sqrt(a² + 2Lσ²)`, `a = L·M/3`,
//! `L = ln 1e9`, `σ²` the exact variance and `M` the widest range: by
//! Bernstein's inequality at most `1e−9` of the probability lies beyond it
//! on each side. The only approximation is reading the CDF linearly between
//! grid points, whose added variance later delays pay back by a slight
//! narrowing (see `convolve`); `METHOD.md` states and the tests measure the
//! resulting error. (The unit tests at the end take the file past 500 lines; the code
//! is under 500, and the grid's steps belong together.)
//! Over 500 lines only with its unit tests at the end (the code is about 480).

use super::error::DistError;
use crate::math::hypot;

/// The fewest grid cells a work buffer must allow.
pub const MIN_CELLS: usize = 64;
/// The most grid cells used, however long the work buffer.
pub const MAX_CELLS: usize = 1 << 16;
/// The grid cells the site uses: a work buffer of `3 × (CELLS + 1)` numbers.
pub const CELLS: usize = 512;
/// The length of work buffer that gives `cells` grid cells.
pub const fn work_len(cells: usize) -> usize {
    3 * (cells + 1)
}

/// `L = ln(1e9)`. Bernstein's inequality: for independent variables that
/// stray at most `M` from their means, with total variance `σ²`,
/// `P(S − E S >= t) <= exp(−t² / (2(σ² + M·t/3)))`; the bound is `1e−9`
/// at `t = a + sqrt(a² + 2Lσ²)`, `a = L·M/3`.
const TAIL_LOG: f64 = 20.723_265_836_946_41;
/// `sqrt(2L)`.
const SQRT_2_TAIL_LOG: f64 = 6.437_897_015_503_348;

/// `1/sqrt(6)`.
const INV_SQRT_6: f64 = 0.408_248_290_463_863;

/// A delay narrower than this fraction of the current grid step is added
/// as its mean: it moves no percentile by more than its own width, and
/// dividing by its width would magnify rounding errors.
const NARROW: f64 = 1e-3;

/// The most doublings of the grid step in one step. A delay whose range
/// needs more is over `2^COARSEST / G` times wider than the whole sum so
/// far: that sum then counts as its mean (moving a percentile by less than
/// `G / 2^COARSEST` of the new step), and the grid starts afresh.
const COARSEST: u32 = 24;

/// min, mean, max and three percentiles of one random duration.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Summary {
    pub min: f64,
    pub mean: f64,
    pub max: f64,
    pub p50: f64,
    pub p90: f64,
    pub p99: f64,
}

impl Summary {
    /// Every figure 0: `Default` as a constant, for static work buffers.
    pub const ZERO: Summary = Summary {
        min: 0.0,
        mean: 0.0,
        max: 0.0,
        p50: 0.0,
        p90: 0.0,
        p99: 0.0,
    };
}

/// One delay's random part `min(U[0, width], range)`.
#[derive(Clone, Copy)]
struct Part {
    range: f64,
    width: f64,
    atom: f64,
    mean: f64,
    sd: f64,
}

/// `floor(x)` as a whole number, saturating far beyond any grid index the
/// module uses (and 0 for NaN).
fn floor_index(x: f64) -> i64 {
    const LIMIT: f64 = 4_503_599_627_370_496.0; // 2^52
    let x = if x.is_nan() {
        0.0
    } else {
        x.clamp(-LIMIT, LIMIT)
    };
    let t = x as i64;
    if (t as f64) > x { t - 1 } else { t }
}

/// One point of pass 2 of [`SumDistribution::convolve`] for old points
/// `at` and `b` anywhere, inside the old grid or beyond it (`F = 0` before
/// it; after it `F = 1` and `I` grows by `h` per cell).
#[inline]
fn beyond(
    at: i64,
    b: i64,
    integral: &[f64],
    behind_part: &[f64],
    (g, top_integral, step, tau, inv_width, atom): (i64, f64, f64, f64, f64, f64),
) -> f64 {
    let ahead = if at < 0 {
        0.0
    } else if at <= g {
        integral[at as usize] * inv_width
    } else {
        (top_integral + (at - g) as f64 * step) * inv_width
    };
    let back = if b < 0 {
        0.0
    } else if b < g {
        behind_part[b as usize]
    } else {
        (top_integral + ((b - g) as f64 + tau) * step) * inv_width - atom
    };
    ahead - back
}

/// The running distribution of a sum of delays, over a caller's buffer.
pub struct SumDistribution<'w> {
    cells: usize,
    /// CDF of the random part at the grid points; `f[0] = 0`, `f[G] = 1`.
    f: &'w mut [f64],
    /// `∫ F` from `x0` to each grid point.
    integral: &'w mut [f64],
    /// The next CDF, while it is computed.
    next: &'w mut [f64],
    x0: f64,
    step: f64,
    /// Whether the random part is more than the constant zero yet.
    random: bool,
    /// The sum of the delays added as constants.
    shift: f64,
    /// Exact min / mean / max of the whole sum.
    min: f64,
    mean: f64,
    max: f64,
    /// Exact support `[0, rhi]`, mean, standard deviation and widest range
    /// of the random part.
    rhi: f64,
    rmean: f64,
    rsd: f64,
    rwidest: f64,
    /// The square root of the variance the grid has added and no delay has
    /// paid back yet.
    debt_root: f64,
}

impl<'w> SumDistribution<'w> {
    /// An empty sum (the constant zero) over `work`, which must hold at
    /// least [`work_len`]`(MIN_CELLS)` numbers; more give a finer grid, up
    /// to [`MAX_CELLS`] cells.
    pub fn new(work: &'w mut [f64]) -> Result<SumDistribution<'w>, DistError> {
        let cells = (work.len() / 3).saturating_sub(1).min(MAX_CELLS);
        if cells < MIN_CELLS {
            return Err(DistError::Workspace);
        }
        let (f, rest) = work.split_at_mut(cells + 1);
        let (integral, rest) = rest.split_at_mut(cells + 1);
        let next = &mut rest[..cells + 1];
        Ok(SumDistribution {
            cells,
            f,
            integral,
            next,
            x0: 0.0,
            step: 0.0,
            random: false,
            shift: 0.0,
            min: 0.0,
            mean: 0.0,
            max: 0.0,
            rhi: 0.0,
            rmean: 0.0,
            rsd: 0.0,
            rwidest: 0.0,
            debt_root: 0.0,
        })
    }

    /// The number of grid cells in use.
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// The grid step of the current random part; zero while the sum is a
    /// constant.
    pub fn step(&self) -> f64 {
        if self.random { self.step } else { 0.0 }
    }

    pub fn min(&self) -> f64 {
        self.min
    }

    pub fn mean(&self) -> f64 {
        self.mean
    }

    pub fn max(&self) -> f64 {
        self.max
    }

    /// Adds one delay to the sum. `retry` only names the delay in errors.
    pub fn add(&mut self, delay: super::delay::Delay, retry: u32) -> Result<(), DistError> {
        let shape = delay.shape(retry)?;
        let mean = shape.mean();
        let (min, mean_sum, max) = (self.min + shape.lo, self.mean + mean, self.max + shape.top);
        // All parts are non-negative: if the largest sum is finite, so are
        // the others, and so is every point of the grid (all within it).
        if !max.is_finite() {
            return Err(DistError::TotalOverflow { retry });
        }
        self.min = min;
        self.mean = mean_sum.clamp(min, max);
        self.max = max;
        let range = shape.top - shape.lo;
        if shape.is_fixed() || (self.random && range <= NARROW * self.step) {
            self.shift += mean;
            return Ok(());
        }
        // The random part's grid stays near zero, however far the delays
        // have carried the sum: the offsets go into the constant.
        self.shift += shape.lo;
        let part = Part {
            range,
            width: shape.width,
            atom: shape.atom,
            mean: mean - shape.lo,
            sd: shape.sd(),
        };
        if self.random {
            self.convolve(part);
        } else {
            self.first(part);
        }
        Ok(())
    }

    /// The random part becomes one delay: its CDF is linear on `[0, r)`, so
    /// the grid over exactly that span holds it without error, except that
    /// an atom at `r` is spread over the last cell.
    fn first(&mut self, part: Part) {
        let g = self.cells;
        self.random = true;
        self.debt_root = 0.0;
        self.rhi = part.range;
        self.rmean = part.mean;
        self.rsd = part.sd;
        self.rwidest = part.range;
        self.x0 = 0.0;
        self.step = part.range / g as f64;
        for (j, v) in self.f.iter_mut().enumerate() {
            let below = (j as f64 * self.step) / part.width;
            *v = if j == g { 1.0 } else { below.min(1.0) };
        }
        // Already a CDF: `settle` only builds its integral.
        self.settle();
    }

    fn convolve(&mut self, part: Part) {
        let g = self.cells;
        let rhi = self.rhi + part.range;
        let rmean = self.rmean + part.mean;
        let rsd = hypot(self.rsd, part.sd);
        let rwidest = self.rwidest.max(part.range);
        let a = TAIL_LOG * rwidest / 3.0;
        let reach = a + hypot(a, SQRT_2_TAIL_LOG * rsd);
        let lo = (rmean - reach).max(0.0);
        let hi = (rmean + reach).min(rhi);
        // Reading a smooth CDF linearly between points of step `h` adds
        // `h²/6` to its variance (a histogram's Sheppard term). Each delay
        // pays back what earlier steps added: its continuous part, mass `q`
        // on `[0, r)`, is narrowed to `[δ, r)` (at most to half), which
        // lowers the variance by `q·(r² − (r − δ)²)·(1/12 + p/4)` (`p` the
        // atom's mass) and raises the mean by `q·δ/2`; shifting the whole
        // delay back by that keeps its mean. Its end stays at the atom, so
        // the step below is unchanged but for the offsets. The debt is kept
        // as the square root of a variance and compared with `r` as a
        // ratio, so that neither huge nor tiny units overflow or vanish.
        let q = part.range / part.width;
        let mut inv_width = 1.0 / part.width;
        let (mut range, mut delta) = (part.range, 0.0);
        let ratio = self.debt_root / part.range;
        let owed = ratio * ratio;
        if owed > 0.0 {
            let per_share = q * (1.0 / 12.0 + 0.25 * part.atom);
            let share = (owed / per_share).min(0.75);
            let paid = (share * per_share / owed).min(1.0);
            self.debt_root *= crate::math::sqrt(1.0 - paid);
            range = part.range * crate::math::sqrt(1.0 - share);
            inv_width = q / range;
            delta = (part.range - range) * (1.0 - 0.5 * q);
        }
        // The new grid starts at the old grid point at or below `lo` (less
        // the narrowing's offset) and must reach `hi`: double the step
        // until it does.
        let old = self.step;
        let start = floor_index((lo - delta - self.x0) / old);
        let need = hi - (self.x0 + start as f64 * old + delta);
        let mut doublings = 0u32;
        let mut step = old;
        while (g as f64) * step < need && doublings <= COARSEST {
            doublings += 1;
            step *= 2.0;
        }
        if doublings > COARSEST || need.is_nan() || need <= 0.0 {
            // The sum so far is negligible next to this delay (or the
            // window is below the resolution of f64): it counts as its mean.
            self.shift += self.rmean;
            self.first(part);
            return;
        }
        self.rhi = rhi;
        self.rmean = rmean;
        self.rsd = rsd;
        self.rwidest = rwidest;
        let stride = 1i64 << doublings;
        // `x_new_j − delta` is old point `start + j·stride`; `x_new_j −
        // delta − r` lies the same fraction `tau` into an old cell for every
        // `j`, at old point `behind + j·stride`.
        let back = start as f64 - range / old;
        let behind = floor_index(back);
        let tau = back - behind as f64;
        // What reading the new CDF at the grid adds to the variance: `h²/6`
        // for its smooth part, and for the part the atom shifts (mass `p`),
        // when the grid keeps its step, `τ(1 − τ)·h²`, as each old cell's
        // mass now straddles two cells, split `1 − τ : τ`.
        let added = if stride == 1 {
            let smooth = (1.0 - part.atom) * INV_SQRT_6 * INV_SQRT_6;
            step * crate::math::sqrt(smooth + part.atom * tau * (1.0 - tau))
        } else {
            step * INV_SQRT_6
        };
        self.debt_root = hypot(self.debt_root, added);
        let atom = part.atom;
        // Pass 1: for each old cell `b`, the part of `F'` that `x − r` at
        // `b + tau` contributes: `(I(b + tau) / w) − atom · F(b + tau)`.
        // `I(b + tau) = I_b + h·tau·F_b + h·tau²/2·(F_{b+1} − F_b)`.
        let (c1, c2) = (old * tau * inv_width, 0.5 * old * tau * tau * inv_width);
        let (i_w, f_w) = (inv_width, atom);
        let behind_part = &mut *self.next;
        for (b, out) in behind_part[..g].iter_mut().enumerate() {
            let (fb, fc) = (self.f[b], self.f[b + 1]);
            *out = self.integral[b] * i_w + c1 * fb + c2 * (fc - fb) - f_w * (fb + tau * (fc - fb));
        }
        // Pass 2: `F'(x_new_j) = I(x_new_j) / w − behind_part(x_new_j − r)`,
        // beyond the old grid `F = 1` and `I` grows by `h` per cell.
        let top_integral = self.integral[g];
        let gi = g as i64;
        // One loop for every case: a fast path for a grid that keeps its
        // step would compute the very same numbers, and its code is what
        // the WebAssembly module's size budget cannot afford.
        for j in 0..=g {
            self.f[j] = beyond(
                start + j as i64 * stride,
                behind + j as i64 * stride,
                self.integral,
                behind_part,
                (gi, top_integral, old, tau, inv_width, atom),
            );
        }
        // Pass 3: the window holds all but 1e−9 of each tail; the tails go
        // into the end cells; `settle` restores a CDF and its integral.
        self.f[0] = 0.0;
        self.f[g] = 1.0;
        self.x0 += start as f64 * old + delta;
        self.step = step;
        self.settle();
    }

    /// Makes `f` a CDF again and rebuilds its integral: a running maximum
    /// and a clamp undo rounding's hair outside [0, 1] or out of order
    /// (nothing to undo for `first`'s exact CDF, which starts at 0 as every
    /// CDF here does, so its integral starts at 0 too).
    fn settle(&mut self) {
        let half = 0.5 * self.step;
        let mut run = 0.0f64;
        let mut acc = 0.0;
        let mut prev = 0.0;
        for (v, i) in self.f.iter_mut().zip(self.integral.iter_mut()) {
            let c = if *v > 1.0 { 1.0 } else { *v };
            run = if c > run { c } else { run };
            *v = run;
            acc += half * (prev + run);
            *i = acc;
            prev = run;
        }
    }

    /// `F` at grid index `u` (fractional).
    fn cdf_at(&self, u: f64) -> f64 {
        let g = self.cells;
        if u.is_nan() || u <= 0.0 {
            return 0.0;
        }
        if u >= g as f64 {
            return 1.0;
        }
        let j = u as usize;
        let t = u - j as f64;
        self.f[j] + t * (self.f[j + 1] - self.f[j])
    }

    /// `P(sum < x)` (for the grid part, `P(sum <= x)` and `P(sum < x)` are
    /// the same: its CDF is continuous).
    pub fn probability_below(&self, x: f64) -> f64 {
        if x.is_nan() {
            return 0.0;
        }
        if !self.random {
            return if x > self.shift { 1.0 } else { 0.0 };
        }
        if x > self.max {
            return 1.0;
        }
        if x <= self.min {
            return 0.0;
        }
        self.cdf_at((x - self.shift - self.x0) / self.step)
    }

    /// The `p`-quantile, `0 < p < 1`: the point where the CDF reaches `p`,
    /// interpolated linearly in its grid cell, kept within `[min, max]`.
    pub fn quantile(&self, p: f64) -> f64 {
        let p = if p > 0.0 && p < 1.0 { p } else { 0.5 };
        if !self.random {
            return self.shift.clamp(self.min, self.max);
        }
        // The first grid point whose CDF reaches `p`: `f[0] = 0 < p` and
        // `f[G] = 1 > p`, so it exists and is not the first.
        let (mut lo, mut hi) = (0usize, self.cells);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if self.f[mid] >= p {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        let (below, above) = (self.f[lo], self.f[hi]);
        let t = if above > below {
            (p - below) / (above - below)
        } else {
            0.0
        };
        let x = self.shift + self.x0 + (lo as f64 + t) * self.step;
        x.clamp(self.min, self.max)
    }

    /// min, mean, max and P50 / P90 / P99 of the sum so far.
    pub fn summary(&self) -> Summary {
        Summary {
            min: self.min,
            mean: self.mean,
            max: self.max,
            p50: self.quantile(0.5),
            p90: self.quantile(0.9),
            p99: self.quantile(0.99),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dist::Delay;
    use std::vec;

    fn sum_of(delays: &[Delay], cells: usize) -> (SumDistribution<'static>, f64) {
        let work = vec![0.0; work_len(cells)].leak();
        let mut sum = SumDistribution::new(work).unwrap();
        for (d, k) in delays.iter().zip(1u32..) {
            sum.add(*d, k).unwrap();
        }
        let step = sum.step();
        (sum, step)
    }

    #[test]
    fn fixed_delays_are_added_exactly() {
        let (sum, step) = sum_of(&[Delay::fixed(0.1), Delay::fixed(0.2)], MIN_CELLS);
        let want = 0.1 + 0.2;
        let s = sum.summary();
        assert_eq!([s.min, s.mean, s.max, s.p50, s.p99], [want; 5]);
        assert_eq!(step, 0.0);
        assert_eq!(sum.probability_below(want), 0.0);
        assert_eq!(sum.probability_below(want + 1e-9), 1.0);
    }

    #[test]
    fn a_delay_far_narrower_than_the_grid_moves_the_sum_by_its_mean() {
        // 50 wide delays, then one a billionth as wide, placed far out.
        let mut ds = vec![Delay::uniform(0.0, 1000.0); 50];
        ds.push(Delay::uniform(1e6, 1e6 + 1e-6));
        let (with, _) = sum_of(&ds, CELLS);
        let (without, _) = sum_of(&ds[..50], CELLS);
        let shift = 1e6 + 0.5e-6;
        for p in [0.01, 0.5, 0.9, 0.99] {
            let (a, b) = (with.quantile(p), without.quantile(p) + shift);
            assert!((a - b).abs() <= 1e-6, "p = {p}: {a} vs {b}");
        }
    }

    #[test]
    fn a_delay_far_wider_than_the_sum_so_far_restarts_the_grid() {
        // A tiny sum, then a delay 1e12 times wider: the sum so far counts
        // as its mean, and the result is the wide uniform, shifted.
        let ds = [
            Delay::uniform(0.0, 1e-9),
            Delay::uniform(0.0, 1e-9),
            Delay::uniform(5.0, 1005.0),
        ];
        let (sum, step) = sum_of(&ds, CELLS);
        assert!((sum.quantile(0.5) - (505.0 + 1e-9)).abs() < 1e-6);
        assert!((sum.quantile(0.9) - (905.0 + 1e-9)).abs() < 1e-6);
        assert!(step > 0.0 && step <= 1000.0 / CELLS as f64);
    }

    #[test]
    fn an_overflowing_total_names_the_retry() {
        let work = &mut vec![0.0; work_len(MIN_CELLS)];
        let mut sum = SumDistribution::new(work).unwrap();
        let half = Delay::uniform(0.0, f64::MAX / 2.0);
        sum.add(half, 1).unwrap();
        sum.add(half, 2).unwrap();
        assert_eq!(sum.add(half, 3), Err(DistError::TotalOverflow { retry: 3 }));
        // Still usable and finite.
        assert!(sum.quantile(0.99).is_finite());
        assert!(sum.quantile(0.99) <= f64::MAX);
    }

    #[test]
    fn a_short_work_buffer_is_refused() {
        let work = &mut vec![0.0; work_len(MIN_CELLS) - 1];
        assert!(matches!(
            SumDistribution::new(work),
            Err(DistError::Workspace)
        ));
    }

    #[test]
    fn the_cdf_stays_a_cdf() {
        let ds = [
            Delay {
                lo: 0.0,
                hi: 10.0,
                cap: 4.0,
            },
            Delay::uniform(1.0, 1.1),
            Delay::uniform(0.0, 1e-3),
            Delay {
                lo: 3.0,
                hi: 9.0,
                cap: 5.0,
            },
        ];
        let (sum, _) = sum_of(&ds, MIN_CELLS);
        assert_eq!(sum.f[0], 0.0);
        assert_eq!(sum.f[sum.cells], 1.0);
        assert!(sum.f.windows(2).all(|w| w[0] <= w[1]));
        assert!(sum.f.iter().all(|v| (0.0..=1.0).contains(v)));
    }
}
