//! Why an input was refused: one typed error per rule, each naming its field.

/// The fewest Monte Carlo paths accepted.
pub const MIN_SAMPLES: u32 = 100;
/// The most Monte Carlo paths accepted.
pub const MAX_SAMPLES: u32 = 1 << 20;

/// Why a computation was refused. Each variant names the field that breaks a
/// rule (see [`DistError::field`]); none of them is ever a panic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DistError {
    /// `base` is not a finite number greater than zero.
    Base,
    /// `multiplier` is not a finite number of at least one.
    Multiplier,
    /// `max_delay` is given but is not a finite number greater than zero.
    MaxDelay,
    /// `retries` is not in `MIN_RETRIES..=MAX_RETRIES`.
    Retries,
    /// The proportional jitter factor is not in `(0, 1]`.
    Factor,
    /// The policy's jitter kind is not the one the computation is for:
    /// decorrelated jitter's delays depend on one another and have their own
    /// computation ([`super::decorrelated`]); the other kinds do not go there.
    Jitter,
    /// The per-attempt timeout is negative or not finite.
    Timeout,
    /// The overall deadline is not a finite number greater than zero.
    Deadline,
    /// The overall deadline ends before the first attempt's timeout does.
    DeadlineBeforeFirstAttempt,
    /// The delay interval of this retry is not `0 <= lo <= hi` with finite
    /// bounds and a finite, non-negative cap.
    Delay { retry: u32 },
    /// The delay before this retry would exceed the largest finite number.
    DelayOverflow { retry: u32 },
    /// The total wait (or an attempt's start) up to this retry would exceed
    /// the largest finite number.
    TotalOverflow { retry: u32 },
    /// The Monte Carlo sample count is outside `MIN_SAMPLES..=MAX_SAMPLES`.
    Samples,
    /// The caller's work buffer is too short for the computation.
    Workspace,
    /// The caller's output buffer holds fewer rows than there are retries.
    Output,
}

impl DistError {
    /// The input the error is about, by its stable name.
    pub const fn field(self) -> &'static str {
        match self {
            DistError::Base => "base",
            DistError::Multiplier => "multiplier",
            DistError::MaxDelay | DistError::DelayOverflow { .. } => "max_delay",
            DistError::Retries => "retries",
            DistError::Factor => "jitter_factor",
            DistError::Jitter => "jitter",
            DistError::Timeout => "timeout",
            DistError::Deadline | DistError::DeadlineBeforeFirstAttempt => "deadline",
            DistError::Delay { .. } => "delays",
            DistError::TotalOverflow { .. } => "max_delay",
            DistError::Samples => "samples",
            DistError::Workspace => "workspace",
            DistError::Output => "output",
        }
    }

    /// The retry the error is about, or zero when it is about no one retry.
    pub const fn retry(self) -> u32 {
        match self {
            DistError::Delay { retry }
            | DistError::DelayOverflow { retry }
            | DistError::TotalOverflow { retry } => retry,
            _ => 0,
        }
    }
}

/// The core's verdict on a policy, as this module names it: the rules are
/// the core's ([`crate::Policy::validate`]), stated once.
impl From<crate::PolicyError> for DistError {
    fn from(error: crate::PolicyError) -> DistError {
        use crate::PolicyError as P;
        match error {
            P::Base => DistError::Base,
            P::Multiplier => DistError::Multiplier,
            P::MaxDelay => DistError::MaxDelay,
            P::Retries => DistError::Retries,
            P::JitterFactor => DistError::Factor,
            P::Jitter => DistError::Jitter,
            P::DelayOverflow { retry } => DistError::DelayOverflow { retry },
            P::TotalOverflow { retry } => DistError::TotalOverflow { retry },
        }
    }
}

impl core::fmt::Display for DistError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            DistError::Base => {
                f.write_str("the first delay must be a finite number greater than 0")
            }
            DistError::Multiplier => {
                f.write_str("the multiplier must be a finite number of at least 1")
            }
            DistError::MaxDelay => {
                f.write_str("the maximum delay must be a finite number greater than 0")
            }
            DistError::Retries => write!(
                f,
                "the number of retries must be a whole number from {} to {}",
                crate::MIN_RETRIES,
                crate::MAX_RETRIES
            ),
            DistError::Factor => {
                f.write_str("the jitter factor must be greater than 0 and at most 1")
            }
            DistError::Jitter => f.write_str(
                "decorrelated jitter is computed by `decorrelated`, every other kind by `delays`",
            ),
            DistError::Timeout => {
                f.write_str("the timeout per attempt must be a finite number of at least 0")
            }
            DistError::Deadline => {
                f.write_str("the deadline must be a finite number greater than 0")
            }
            DistError::DeadlineBeforeFirstAttempt => f.write_str(
                "the deadline must not be shorter than the timeout of the first attempt",
            ),
            DistError::Delay { retry } => write!(
                f,
                "the delay of retry {retry} must satisfy 0 <= lo <= hi with finite bounds and a finite cap of at least 0"
            ),
            DistError::DelayOverflow { retry } => write!(
                f,
                "the delay before retry {retry} grows beyond the largest finite number; set a maximum delay"
            ),
            DistError::TotalOverflow { retry } => write!(
                f,
                "the total wait up to retry {retry} grows beyond the largest finite number; use smaller delays or fewer retries"
            ),
            DistError::Samples => write!(
                f,
                "the number of samples must be from {} to {}",
                MIN_SAMPLES, MAX_SAMPLES
            ),
            DistError::Workspace => f.write_str("the work buffer is too short"),
            DistError::Output => f.write_str("the output buffer has fewer rows than retries"),
        }
    }
}
