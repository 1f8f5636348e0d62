//! The policy a `schedule` command line asks for: its flags over the
//! policy of a preset, if one is named, and one line naming the flag behind
//! any error, with the core's wording. The command line (`src/main.rs`)
//! parses the flags into [`Flags`] and prints what comes back; every rule
//! of what they make is here.

use crate::backoff::dist::DistError;
use crate::backoff::{Jitter, KindError, Policy, PolicyError};
use crate::presets;
use crate::report::Unit;

/// The flags of `schedule` that make its policy, as given (`None`: left
/// out).
#[derive(Clone, Debug, Default)]
pub struct Flags<'a> {
    pub preset: Option<&'a str>,
    pub base: Option<f64>,
    pub multiplier: Option<f64>,
    pub max: Option<f64>,
    /// As typed, so that a count beyond `u32` is the core's error.
    pub retries: Option<i64>,
    pub jitter: Option<&'a str>,
    pub jitter_factor: Option<f64>,
    pub timeout: Option<f64>,
    pub deadline: Option<f64>,
    pub percentiles: bool,
}

/// The policy the flags make, over the preset's (converted to `unit`); the
/// checks the core does not make (a maximum of 0, retries beyond `u32`, a
/// kind's factor) are made here with the same wording.
pub fn policy(flags: &Flags, unit: Unit) -> Result<Policy, String> {
    if flags.max == Some(0.0) {
        return Err(
            "--max: the maximum delay must be greater than 0; leave --max out for no limit".into(),
        );
    }
    let preset = match flags.preset {
        Some(id) => Some(preset_policy(id, unit)?),
        None => None,
    };
    let retries = match flags.retries {
        Some(r) => u32::try_from(r)
            .map_err(|_| policy_error_line(PolicyError::Retries, flags.max.is_some()))?,
        None => preset.map_or(0, |p| p.retries),
    };
    let jitter = match (flags.jitter, flags.jitter_factor, preset.map(|p| p.jitter)) {
        // The preset's kind, with its factor replaced if one is given.
        (None, Some(factor), Some(jitter)) if jitter.kind().takes_factor => {
            Jitter::from_code(jitter.code(), factor).expect("the preset's own kind")
        }
        (None, None, Some(jitter)) => jitter,
        (None, Some(_), Some(_)) => {
            return Err(format!(
                "--jitter-factor: a factor applies only to --jitter {}, \
                 and this preset's jitter is not {0}",
                factor_kinds()
            ));
        }
        (kind, factor, _) => jitter(kind.unwrap_or("none"), factor)?,
    };
    // clap requires these three flags unless a preset is given.
    let (base, multiplier) = match preset {
        Some(p) => (
            flags.base.unwrap_or(p.base),
            flags.multiplier.unwrap_or(p.multiplier),
        ),
        None => (
            flags.base.unwrap_or(f64::NAN),
            flags.multiplier.unwrap_or(f64::NAN),
        ),
    };
    Ok(Policy {
        base,
        multiplier,
        max_delay: flags.max.or(preset.and_then(|p| p.max_delay)),
        retries,
        jitter,
    })
}

/// The names of the kinds that take a factor, as a message names them.
fn factor_kinds() -> String {
    Jitter::factor_kinds().collect::<Vec<_>>().join(" or ")
}

/// The jitter of `--jitter` (one of `Jitter::NAMES`, which clap checks) and
/// `--jitter-factor`.
fn jitter(kind: &str, factor: Option<f64>) -> Result<Jitter, String> {
    Jitter::parse(kind, factor).map_err(|err| match err {
        KindError::FactorMissing => {
            format!("--jitter-factor: {kind} jitter needs a factor greater than 0 and at most 1")
        }
        KindError::FactorNotTaken(_) => format!(
            "--jitter-factor: a factor applies only to --jitter {}",
            factor_kinds()
        ),
        KindError::Unknown => format!("--jitter: unknown kind `{kind}`"),
    })
}

/// The preset's policy in `unit`: presets are in milliseconds.
fn preset_policy(id: &str, unit: Unit) -> Result<Policy, String> {
    let all = presets::embedded().map_err(|problems| {
        format!(
            "--preset: the compiled-in {} has {} problem(s); run `check`",
            presets::FILE,
            problems.len()
        )
    })?;
    let preset = presets::find(&all, id)
        .ok_or_else(|| format!("--preset: no preset `{id}`; `--preset list` shows them"))?;
    let scale = unit
        .milliseconds()
        .ok_or("--unit: a preset's delays are times; use ms or s")?;
    let mut policy = preset.policy;
    policy.base /= scale;
    policy.max_delay = policy.max_delay.map(|m| m / scale);
    Ok(policy)
}

/// Whether the JSON carries the `distribution` (and `timeline`) objects: the
/// calculator's Copy JSON has the schedule alone, for the kinds whose
/// document ends there, and the two stay the same byte for byte.
pub fn wants_distribution(flags: &Flags, jitter: Jitter) -> bool {
    flags.percentiles
        || jitter.kind().always_percentiles
        || flags.timeout.is_some()
        || flags.deadline.is_some()
}

/// One line naming the flag behind an error of the distribution figures.
/// The policy was accepted already, so only the limits and an overflow of
/// the latest attempt start (`retries × timeout + total`) remain.
pub fn dist_error_line(err: DistError, flags: &Flags) -> String {
    let flag = match err.field() {
        "timeout" => "--timeout",
        "deadline" => "--deadline",
        _ if matches!(err, DistError::TotalOverflow { .. }) && flags.timeout.is_some() => {
            "--timeout"
        }
        "base" => "--base",
        "retries" => "--retries",
        _ => "--max",
    };
    format!("{flag}: {err}")
}

/// One line naming the flag behind a policy error and the rule it breaks.
/// A total that overflows without a maximum is the first delay's doing.
pub fn policy_error_line(err: PolicyError, has_max: bool) -> String {
    let flag = match err.field() {
        "base" => "--base",
        "multiplier" => "--multiplier",
        "retries" => "--retries",
        "jitter_factor" => "--jitter-factor",
        _ if matches!(err, PolicyError::TotalOverflow { .. }) && !has_max => "--base",
        _ => "--max",
    };
    format!("{flag}: {err}")
}
