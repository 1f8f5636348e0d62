//! The policy a `schedule` command line asks for: its flags over the
//! policy of a preset, if one is named, and one line naming the flag behind
//! any error, with the core's wording. The command line (`src/main.rs`)
//! parses the flags into [`Flags`] and prints what comes back; every rule
//! of what they make is here.

use crate::backoff::dist::DistError;
use crate::backoff::{Jitter, KindError, MAX_RETRIES, MIN_RETRIES, Policy, PolicyError};
use crate::presets;
use crate::report::{Count, Unit};

/// The flags of `schedule` that make its policy, as given (`None`: left
/// out), declared for clap here and flattened into the command line's.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct Flags {
    /// A library's defaults as the policy (`list` shows them, grouped, with
    /// versions); the flags below override its fields. Its delays are in
    /// milliseconds, converted for `--unit s`.
    #[arg(long)]
    pub preset: Option<String>,
    /// The delay before the first retry (> 0).
    #[arg(long, allow_hyphen_values = true, required_unless_present = "preset")]
    pub base: Option<f64>,
    /// The growth factor between consecutive delays (>= 1).
    #[arg(long, allow_hyphen_values = true, required_unless_present = "preset")]
    pub multiplier: Option<f64>,
    /// The largest delay (> 0); leave it out for no limit.
    #[arg(long, allow_hyphen_values = true)]
    pub max: Option<f64>,
    /// How many retries follow the original request (1 to 1000).
    // An `i64`, so that a count beyond `u32` gets the core's wording.
    #[arg(
        long,
        allow_hyphen_values = true,
        required_unless_present_any = ["preset", "attempts"],
        conflicts_with = "attempts"
    )]
    pub retries: Option<i64>,
    /// How many attempts in all, the original request included (2 to
    /// 1001): the retries are one fewer. The JSON's policy then says
    /// `"count": "attempts"`, as a preset of a library that counts
    /// attempts does.
    #[arg(long, allow_hyphen_values = true)]
    pub attempts: Option<i64>,
    /// How the actual delays are spread around the nominal delay [default:
    /// none, or the preset's].
    #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(Jitter::NAMES))]
    pub jitter: Option<String>,
    /// The factor of proportional jitter (greater than 0, at most 1): the
    /// delay is uniform on [d(1 - F), d(1 + F)]. Only with `--jitter
    /// proportional`, which requires it.
    #[arg(long, allow_hyphen_values = true)]
    pub jitter_factor: Option<f64>,
    /// How long each attempt runs before it counts as failed (>= 0), for
    /// the attempt timeline.
    #[arg(long, allow_hyphen_values = true)]
    pub timeout: Option<f64>,
    /// The overall deadline from the start of the first attempt (> 0, not
    /// shorter than the timeout), for the attempt timeline.
    #[arg(long, allow_hyphen_values = true)]
    pub deadline: Option<f64>,
    /// What fits an overall deadline of D: the most retries that start
    /// before it (in the worst case, at P99, at P50) and, for the policy's
    /// retries, the largest first delay and maximum delay with which the
    /// last retry starts before it at P99 (with `--timeout` per attempt).
    /// Adds `fit` to the JSON.
    #[arg(long, allow_hyphen_values = true, value_name = "D")]
    pub fit_deadline: Option<f64>,
    /// What the retries cost the server when each attempt fails
    /// independently with probability P (0 to 1): the expected attempts per
    /// request and the probability that it finally succeeds. Adds `cost`
    /// to the JSON.
    #[arg(long, allow_hyphen_values = true, value_name = "P")]
    pub failure_rate: Option<f64>,
    /// With `--failure-rate`: the policy runs at each of L layers of
    /// services (1 to 10), each retrying what the one below failed; adds
    /// the attempts that reach the bottom [default: 1].
    #[arg(
        long,
        allow_hyphen_values = true,
        value_name = "L",
        requires = "failure_rate"
    )]
    pub layers: Option<i64>,
    /// One sample run of the policy, drawn from the core's generator
    /// seeded with SEED (0 to 2^53 − 1): the actual delay before each
    /// retry, the same run for the same seed wherever it is drawn. Adds
    /// `sample` to the JSON.
    #[arg(long, value_name = "SEED")]
    pub sample: Option<u64>,
    /// The total wait's curve: its quantiles at p = 0, 0.01, …, 1 (the
    /// shortest total, P1, …, P99, the longest), as the calculator draws
    /// it. Adds `curve` to the JSON.
    #[arg(long)]
    pub curve: bool,
    /// Adds the distribution of the waits (percentiles) to the JSON. Always
    /// on for the kinds other than none, full and equal, with a timeout or
    /// a deadline, and with `--fit-deadline`, `--failure-rate`, `--sample`
    /// or `--curve`; without it the JSON is the calculator's Copy JSON document,
    /// byte for byte.
    #[arg(long)]
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
    let preset = match flags.preset.as_deref() {
        Some(id) => Some(preset_policy(id, unit)?.0),
        None => None,
    };
    let retries = match (flags.retries, flags.attempts) {
        (Some(r), _) => u32::try_from(r)
            .map_err(|_| policy_error_line(PolicyError::Retries, flags.max.is_some()))?,
        (None, Some(a)) => u32::try_from(a - 1)
            .ok()
            .filter(|r| (MIN_RETRIES..=MAX_RETRIES).contains(r))
            .ok_or_else(|| {
                format!(
                    "--attempts: the number of attempts must be a whole number from {} to {}",
                    MIN_RETRIES + 1,
                    MAX_RETRIES + 1
                )
            })?,
        (None, None) => preset.map_or(0, |p| p.retries),
    };
    let jitter = match (
        flags.jitter.as_deref(),
        flags.jitter_factor,
        preset.map(|p| p.jitter),
    ) {
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
/// How the JSON counts: attempts when `--attempts` is given, or when a
/// preset of a library that counts attempts is given without `--retries`.
pub fn count(flags: &Flags, unit: Unit) -> Result<Count, String> {
    Ok(
        match (flags.retries, flags.attempts, flags.preset.as_deref()) {
            (None, Some(_), _) => Count::Attempts,
            (None, None, Some(id)) => preset_policy(id, unit)?.1,
            _ => Count::Retries,
        },
    )
}

/// The retry budget of the preset given, if its library has one, by its
/// name and the core's rule.
pub fn budget(flags: &Flags) -> Option<(&'static str, crate::backoff::budget::Budget)> {
    let all = presets::embedded().ok()?;
    let name = presets::find(&all, flags.preset.as_deref()?)?.budget?;
    crate::backoff::budget::NAMED
        .into_iter()
        .find(|(n, _)| *n == name)
}

/// The preset `id`'s policy in `unit`, and how its library counts.
fn preset_policy(id: &str, unit: Unit) -> Result<(Policy, Count), String> {
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
    let count = match preset.counts {
        presets::Counts::Attempts => Count::Attempts,
        _ => Count::Retries,
    };
    Ok((policy, count))
}

/// Whether the JSON carries the `distribution` (and `timeline`) objects: the
/// calculator's Copy JSON has the schedule alone, for the kinds whose
/// document ends there, and the two stay the same byte for byte.
pub fn wants_distribution(flags: &Flags, jitter: Jitter) -> bool {
    flags.percentiles
        || !jitter.kind().first_offered
        || flags.timeout.is_some()
        || flags.deadline.is_some()
        || flags.fit_deadline.is_some()
        || flags.failure_rate.is_some()
        || flags.sample.is_some()
        || flags.curve
}

/// One line naming the flag behind an error of the cost figures.
pub fn cost_error_line(err: crate::backoff::cost::CostError) -> String {
    let flag = match err.field() {
        "layers" => "--layers",
        "retries" => "--retries",
        _ => "--failure-rate",
    };
    format!("{flag}: {err}")
}

/// One line naming the flag behind an error of the search of what fits
/// `--fit-deadline` (the other figures were accepted already).
pub fn fit_error_line(err: DistError, flags: &Flags) -> String {
    match err.field() {
        "deadline" => format!("--fit-deadline: {}", fit_deadline_rule(err)),
        _ => dist_error_line(err, flags),
    }
}

/// The rule `--fit-deadline` breaks, in the timeline's words for its own
/// deadline.
fn fit_deadline_rule(err: DistError) -> String {
    err.to_string()
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
