//! The distribution's work buffers, owned: what a test or the fuzz target
//! lends the core's `dist::Work` from, instead of building the five
//! buffers by hand at each call.

use backoff_core::contract::distribution::{GRID_LEN, PATHS_LEN};
use backoff_core::dist::monte_carlo::Row;
use backoff_core::dist::{Delay, Summary, Work};

/// Buffers for either method at the site's sizes: `retries` delays, sums
/// and rows, the site's grid and the most paths it runs.
pub struct WorkBuffers {
    delays: Vec<Delay>,
    grid: Vec<f64>,
    sums: Vec<Summary>,
    paths: Vec<f64>,
    rows: Vec<Row>,
}

impl WorkBuffers {
    /// Buffers for schedules of up to `retries` retries.
    pub fn new(retries: usize) -> WorkBuffers {
        WorkBuffers {
            delays: vec![Delay::fixed(0.0); retries],
            grid: vec![0.0; GRID_LEN],
            sums: vec![Summary::default(); retries],
            paths: vec![0.0; PATHS_LEN],
            rows: vec![Row::default(); retries],
        }
    }

    /// The buffers lent as the core takes them.
    pub fn work(&mut self) -> Work<'_> {
        Work {
            delays: &mut self.delays,
            grid: &mut self.grid,
            sums: &mut self.sums,
            paths: &mut self.paths,
            rows: &mut self.rows,
        }
    }
}
