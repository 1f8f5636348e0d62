//! The contract of the sample export: one seeded run of the policy of the
//! distribution's input slots (`super::distribution`), each retry's actual
//! delay as [`crate::dist::sample`] draws it, the same run as `backoff-site
//! schedule --sample SEED` prints for the same seed. Each method module has
//! it for its own kinds (another is the `jitter` error); the script draws
//! the run over the chart's bands. Like `super`, this module never formats anything.

use crate::dist::DistError;
use crate::{MAX_RETRIES, Policy};

use super::distribution::{INPUTS, JITTERS, refused};
use super::{Refused, policy_of};

/// The export's functions in each method module.
pub const EXPORTS: [&str; 2] = ["sample", "sample_buffer"];

/// Where the run's total lies in the sample buffer: after each retry's
/// delay, retry 1 first.
pub const TOTAL: usize = MAX_RETRIES as usize;

/// The sample buffer's length in f64 values.
pub const LEN: usize = TOTAL + 1;

/// The largest seed: the largest integer a JavaScript number holds exactly,
/// so that the browser, the URL and the JSON name the same run.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// The code of a seed that is not a whole number from 0 to [`MAX_SEED`]:
/// past the distribution's codes (the script checks a seed before it asks,
/// so no reader sees it).
pub const SEED_ERROR: u32 = super::distribution::ERRORS.len() as u32 + 1;

/// The run of the input slots' policy from `seed` into `out`, as [`TOTAL`]
/// lays it out, drawn by `draw` (one of [`crate::dist::sample`]'s: a
/// module passes its own method's, so that it links only that code). On
/// refusal `out` is left as it was.
pub fn sample(
    inputs: &[f64; INPUTS.len()],
    seed: f64,
    out: &mut [f64; LEN],
    draw: impl FnOnce(&Policy, u64, &mut [f64]) -> Result<f64, DistError>,
) -> Result<(), Refused> {
    let policy = policy_of(&JITTERS, inputs)?;
    // `as` truncates: a whole number comes back as itself (NaN fails the
    // range first).
    if !(seed >= 0.0 && seed <= MAX_SEED as f64 && (seed as u64) as f64 == seed) {
        return Err(Refused {
            code: SEED_ERROR,
            retry: 0,
        });
    }
    let mut delays = [0.0; TOTAL];
    let total = draw(&policy, seed as u64, &mut delays).map_err(refused)?;
    let n = policy.retries as usize;
    out[..n].copy_from_slice(&delays[..n]);
    out[TOTAL] = total;
    Ok(())
}
