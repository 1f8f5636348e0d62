//! The distribution of a sum of independent delays, one delay at a time, on
//! a grid the caller provides.
//!
//! The sum is split into a constant (fixed delays, added exactly) and a
//! random part whose CDF is kept at `G + 1` grid points `x_j = x0 + j·h`,
//! linear in between (a piecewise-constant density). Adding a delay
//! `min(U[lo, hi], top)` maps the CDF exactly:
//!
//! ```text
//! F'(x) = (I(x − lo) − I(x − top)) / (hi − lo) + atom · F(x − top),   I(t) = ∫ F
//! ```
//!
//! where `I` is exact for the piecewise-linear `F` (a quadratic in each
//! cell), so each step costs `O(G)` whatever the delay's width. The new CDF
//! is then read at a fresh grid spanning the new sum's support, or, once the
//! support is much wider than the spread, the Bernstein window
//! `mean ± t` with `t = a + sqrt(a² + 2Lσ²)`, `a = L·M/3`, `L = ln 1e9`,
//! `σ²` the exact variance and `M` the widest delay range: by Bernstein's
//! inequality at most `1e−9` of the probability lies beyond it on each
//! side. The only approximation is reading the CDF
//! linearly between grid points; `METHOD.md` states and the tests measure
//! the resulting error.

use crate::math::hypot;
use crate::{DistError, delay::Shape};

/// The fewest grid cells a work buffer must allow.
pub const MIN_CELLS: usize = 64;
/// The most grid cells used, however long the work buffer.
pub const MAX_CELLS: usize = 1 << 16;
/// The grid cells the site uses: a work buffer of `3 × (CELLS + 1)`.
pub const CELLS: usize = 2048;
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

/// A delay narrower than this fraction of the current grid step is added
/// as its mean: it moves no percentile by more than its own width, and
/// dividing by its width would magnify rounding errors.
const NARROW: f64 = 1e-3;

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
    /// Exact support, mean, standard deviation and widest delay range of
    /// the random part.
    rlo: f64,
    rhi: f64,
    rmean: f64,
    rsd: f64,
    rwidest: f64,
    count: u32,
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
            rlo: 0.0,
            rhi: 0.0,
            rmean: 0.0,
            rsd: 0.0,
            rwidest: 0.0,
            count: 0,
        })
    }

    /// The number of grid cells in use.
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// The grid step of the current random part; zero while the sum is a
    /// constant or a single delay's exact CDF.
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
    pub fn add(&mut self, delay: crate::Delay, retry: u32) -> Result<(), DistError> {
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
        self.count += 1;
        let range = shape.top - shape.lo;
        if shape.is_fixed() || (self.random && range <= NARROW * self.step) {
            self.shift += mean;
        } else if self.random {
            self.convolve(shape, mean, range);
        } else {
            self.first(shape, mean, range);
        }
        Ok(())
    }

    /// The random part becomes one delay: its CDF is linear on `[lo, top)`,
    /// so the grid over exactly that span holds it without error, except
    /// that an atom at `top` is spread over the last cell.
    fn first(&mut self, shape: Shape, mean: f64, range: f64) {
        let g = self.cells;
        self.random = true;
        self.rlo = shape.lo;
        self.rhi = shape.top;
        self.rmean = mean;
        self.rsd = shape.sd();
        self.rwidest = range;
        self.x0 = shape.lo;
        self.step = range / g as f64;
        for (j, v) in self.f.iter_mut().enumerate() {
            let below = (j as f64 * self.step) / shape.width;
            *v = if j == g { 1.0 } else { below.min(1.0) };
        }
        self.rebuild_integral();
    }

    fn convolve(&mut self, shape: Shape, mean: f64, range: f64) {
        let g = self.cells;
        self.rlo += shape.lo;
        self.rhi += shape.top;
        self.rmean += mean;
        self.rsd = hypot(self.rsd, shape.sd());
        self.rwidest = self.rwidest.max(range);
        let a = TAIL_LOG * self.rwidest / 3.0;
        let reach = a + hypot(a, SQRT_2_TAIL_LOG * self.rsd);
        let lo = self.rlo.max(self.rmean - reach);
        let hi = self.rhi.min(self.rmean + reach);
        let new_step = (hi - lo) / g as f64;
        if !(new_step > 0.0) {
            // Only if the whole window is below the resolution of f64 at
            // its position: the random part is then a constant for any
            // figure the module reports.
            self.random = false;
            self.shift += self.rmean;
            return;
        }
        let inv_width = 1.0 / shape.width;
        // Grid index of `x_new_j − lo` and of `x_new_j − top` in the old
        // grid, as `a + j·b`: computed by one multiplication per point, so
        // no error accumulates along the grid.
        let b = new_step / self.step;
        let a_lo = (lo - shape.lo - self.x0) / self.step;
        let a_top = (lo - shape.top - self.x0) / self.step;
        for j in 0..=g {
            let jf = j as f64;
            let u_lo = a_lo + jf * b;
            let u_top = a_top + jf * b;
            let mut v = (self.integral_at(u_lo) - self.integral_at(u_top)) * inv_width;
            if shape.atom > 0.0 {
                v += shape.atom * self.cdf_at(u_top);
            }
            self.next[j] = v;
        }
        // The window holds all but 1e−9 of each tail: the tails go into the
        // end cells. Rounding may leave the values a hair outside [0, 1] or
        // out of order; a running maximum and a clamp restore a CDF.
        self.next[0] = 0.0;
        self.next[g] = 1.0;
        let mut run = 0.0f64;
        for v in self.next.iter_mut() {
            let c = if *v > 1.0 { 1.0 } else { *v };
            run = if c > run { c } else { run };
            *v = run;
        }
        core::mem::swap(&mut self.f, &mut self.next);
        self.x0 = lo;
        self.step = new_step;
        self.rebuild_integral();
    }

    fn rebuild_integral(&mut self) {
        let half = 0.5 * self.step;
        let mut acc = 0.0;
        self.integral[0] = 0.0;
        for j in 0..self.cells {
            acc += half * (self.f[j] + self.f[j + 1]);
            self.integral[j + 1] = acc;
        }
    }

    /// `∫ F` from `x0` to the point at grid index `u` (fractional).
    fn integral_at(&self, u: f64) -> f64 {
        let g = self.cells;
        if !(u > 0.0) {
            return 0.0;
        }
        if u >= g as f64 {
            return self.integral[g] + (u - g as f64) * self.step;
        }
        let j = u as usize;
        let t = u - j as f64;
        let (fj, fk) = (self.f[j], self.f[j + 1]);
        self.integral[j] + self.step * t * (fj + 0.5 * t * (fk - fj))
    }

    /// `F` at grid index `u` (fractional).
    fn cdf_at(&self, u: f64) -> f64 {
        let g = self.cells;
        if !(u > 0.0) {
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
