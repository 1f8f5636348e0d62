//! The presets file, `content/presets.toml`: the retry defaults of widely
//! used libraries and protocols, each in the core's terms, with its version,
//! the source lines it was read from and what the core cannot express.
//!
//! This module reads and validates the file (every problem a diagnostic at
//! its value: unknown fields, kinds and codes, a count that does not match
//! the retries, a source link that is missing or not pinned, a duplicate id,
//! a policy the core refuses) and hands out [`Preset`]s. It owns no text a
//! reader sees: names of groups, counts and differences are codes the page
//! translates. It computes no schedule (the core does).
//!
//! The file is also compiled into the binary ([`embedded`]), so that
//! `schedule --preset` works from any folder; `check` validates the copy in
//! the site's folder, and a test keeps the two the same.

use std::collections::BTreeSet;
use std::ops::Range;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::backoff::{Jitter, Policy, Schedule};
use crate::diagnostics::Diagnostic;
use crate::site::config::toml_diagnostic;
use crate::site::urls::is_identifier;

/// Where the file lives in a site's folder.
pub const FILE: &str = "content/presets.toml";

/// The project's presets file, as compiled into the binary.
pub const EMBEDDED: &str = include_str!("../content/presets.toml");

/// The selector's groups, in the order a selector lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Group {
    Python,
    Java,
    Dotnet,
    Go,
    Rust,
    Ruby,
    Javascript,
    /// Protocols and proxies (gRPC, Envoy), whatever the language.
    Protocol,
}

impl Group {
    pub const ALL: [Group; 8] = [
        Group::Python,
        Group::Java,
        Group::Dotnet,
        Group::Go,
        Group::Rust,
        Group::Ruby,
        Group::Javascript,
        Group::Protocol,
    ];

    /// The stable name: in the file, on the command line, in message ids.
    pub const fn name(self) -> &'static str {
        match self {
            Group::Python => "python",
            Group::Java => "java",
            Group::Dotnet => "dotnet",
            Group::Go => "go",
            Group::Rust => "rust",
            Group::Ruby => "ruby",
            Group::Javascript => "javascript",
            Group::Protocol => "protocol",
        }
    }
}

/// Whether a preset's figures are the library's own defaults or, where it
/// has none or turns backoff off by default, its documented example.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    Defaults,
    Example,
}

/// What the library's count counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counts {
    /// Attempts, the first call included: the core's retries are count − 1.
    Attempts,
    /// Retries after the first call: the core's retries are the count.
    Retries,
    /// It never stops by count; the preset's retries are an illustration.
    Unlimited,
    /// It stops at an elapsed-time limit; the retries are an illustration.
    Time,
}

impl Values {
    pub const ALL: [Values; 2] = [Values::Defaults, Values::Example];

    pub const fn name(self) -> &'static str {
        match self {
            Values::Defaults => "defaults",
            Values::Example => "example",
        }
    }
}

impl Counts {
    pub const ALL: [Counts; 4] = [
        Counts::Attempts,
        Counts::Retries,
        Counts::Unlimited,
        Counts::Time,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Counts::Attempts => "attempts",
            Counts::Retries => "retries",
            Counts::Unlimited => "unlimited",
            Counts::Time => "time",
        }
    }
}

/// What the core cannot express of a library's rule. The page explains each
/// (message `preset-differs-<name>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difference {
    /// It never stops by count.
    Unlimited,
    /// It stops at an elapsed-time limit, not a count.
    TimeLimit,
    /// A retry quota or an overall rate limiter can refuse or delay retries.
    RetryQuota,
    /// The first delay is exactly the base; only later delays are jittered.
    FirstDelayUnjittered,
    /// The first retry is immediate; later ones wait the core's delays.
    ImmediateFirstRetry,
    /// Delays are drawn in whole seconds or milliseconds.
    WholeUnits,
    /// Delays grow as a polynomial; the preset is a geometric fit.
    Polynomial,
    /// The jitter is added to the delay, in a range growing with the retry.
    AdditiveJitter,
    /// The cap applies after the jitter, so no delay exceeds it.
    CapAfterJitter,
    /// No delay is shorter than a floor (the library's first delay).
    FloorAtFirstDelay,
}

impl Difference {
    pub const ALL: [Difference; 10] = [
        Difference::Unlimited,
        Difference::TimeLimit,
        Difference::RetryQuota,
        Difference::FirstDelayUnjittered,
        Difference::ImmediateFirstRetry,
        Difference::WholeUnits,
        Difference::Polynomial,
        Difference::AdditiveJitter,
        Difference::CapAfterJitter,
        Difference::FloorAtFirstDelay,
    ];

    /// The stable name, as written in the file.
    pub const fn name(self) -> &'static str {
        match self {
            Difference::Unlimited => "unlimited",
            Difference::TimeLimit => "time-limit",
            Difference::RetryQuota => "retry-quota",
            Difference::FirstDelayUnjittered => "first-delay-unjittered",
            Difference::ImmediateFirstRetry => "immediate-first-retry",
            Difference::WholeUnits => "whole-units",
            Difference::Polynomial => "polynomial",
            Difference::AdditiveJitter => "additive-jitter",
            Difference::CapAfterJitter => "cap-after-jitter",
            Difference::FloorAtFirstDelay => "floor-at-first-delay",
        }
    }
}

/// One library's defaults, validated.
#[derive(Clone, Debug)]
pub struct Preset {
    pub id: String,
    pub name: String,
    pub group: Group,
    pub version: String,
    /// Every figure was read in `sources`.
    pub verified: bool,
    pub values: Values,
    /// Links to the lines read; the first is the main one.
    pub sources: Vec<String>,
    pub counts: Counts,
    /// The library's own number, for `Attempts` and `Retries`.
    pub count: Option<u32>,
    /// In milliseconds; accepted by the core.
    pub policy: Policy,
    pub differs: Vec<Difference>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    presets: Vec<Spanned<RawPreset>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPreset {
    id: Spanned<String>,
    name: Spanned<String>,
    group: Spanned<String>,
    version: Spanned<String>,
    verified: bool,
    values: Spanned<String>,
    /// Optional here so that a missing list is reported with the others.
    sources: Option<Spanned<Vec<Spanned<String>>>>,
    base: Spanned<f64>,
    multiplier: Spanned<f64>,
    max_delay: Option<Spanned<f64>>,
    counts: Spanned<String>,
    count: Option<Spanned<i64>>,
    retries: Spanned<i64>,
    jitter: Spanned<String>,
    jitter_factor: Option<Spanned<f64>>,
    differs: Vec<Spanned<String>>,
}

/// The value of a closed list whose `name` is `written`, or a diagnostic
/// listing the names.
fn one_of<T: Copy>(
    all: &[T],
    name: impl Fn(T) -> &'static str,
    written: &Spanned<String>,
    what: &str,
    at: &impl Fn(String, Range<usize>) -> Diagnostic,
) -> Result<T, Diagnostic> {
    all.iter()
        .copied()
        .find(|&v| name(v) == written.get_ref())
        .ok_or_else(|| {
            let names: Vec<&str> = all.iter().map(|&v| name(v)).collect();
            at(
                format!("unknown {what} `{}`", written.get_ref()),
                written.span(),
            )
            .with_hint(format!("one of: {}", names.join(", ")))
        })
}

/// The value, or `None` with its diagnostic recorded.
fn keep<T>(found: Result<T, Diagnostic>, problems: &mut Vec<Diagnostic>) -> Option<T> {
    found.map_err(|d| problems.push(d)).ok()
}

/// The presets compiled into the binary. The project's file is checked by
/// the tests, so this never fails in a released binary; a broken file
/// edited since is reported, not panicked on.
pub fn embedded() -> Result<Vec<Preset>, Vec<Diagnostic>> {
    parse(Path::new(FILE), EMBEDDED)
}

/// Reads `content/presets.toml` of a site, if it has one: a site without
/// presets is valid. Problems go to `problems`.
pub fn load(root: &Path, problems: &mut Vec<Diagnostic>) -> Vec<Preset> {
    let path = Path::new(FILE);
    match std::fs::read_to_string(root.join(path)) {
        Ok(source) => parse(path, &source).unwrap_or_else(|found| {
            problems.extend(found);
            Vec::new()
        }),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(err) => {
            problems.push(Diagnostic::error(
                path,
                format!("cannot read the file: {err}"),
            ));
            Vec::new()
        }
    }
}

/// Finds a preset by id.
pub fn find<'a>(presets: &'a [Preset], id: &str) -> Option<&'a Preset> {
    presets.iter().find(|p| p.id == id)
}

/// The presets as JSON, in the file's order: every field, the policy in
/// the core's terms (milliseconds) and the codes of the differences. The
/// page and the calculator's selector read this shape.
pub fn list_json(presets: &[Preset]) -> String {
    let items: Vec<serde_json::Value> = presets
        .iter()
        .map(|p| {
            serde_json::json!({
                "id": p.id,
                "name": p.name,
                "group": p.group.name(),
                "version": p.version,
                "verified": p.verified,
                "values": p.values.name(),
                "sources": p.sources,
                "counts": p.counts.name(),
                "count": p.count,
                "policy": {
                    "base": p.policy.base,
                    "multiplier": p.policy.multiplier,
                    "max_delay": p.policy.max_delay,
                    "retries": p.policy.retries,
                    "jitter": p.policy.jitter.name(),
                    "jitter_factor": p.policy.jitter.factor(),
                    "unit": "ms",
                },
                "differs": p.differs.iter().map(|d| d.name()).collect::<Vec<_>>(),
            })
        })
        .collect();
    serde_json::to_string_pretty(&items).expect("plain data")
}

/// The presets as text: by group, in the selector's order, one line each
/// with id, version and name, and a mark for example values and for
/// presets not read in their source.
pub fn list_table(presets: &[Preset]) -> String {
    let id_width = presets.iter().map(|p| p.id.len()).max().unwrap_or(0);
    let version_width = presets.iter().map(|p| p.version.len()).max().unwrap_or(0);
    let mut out = String::new();
    for group in Group::ALL {
        let members: Vec<&Preset> = presets.iter().filter(|p| p.group == group).collect();
        if members.is_empty() {
            continue;
        }
        out.push_str(group.name());
        out.push('\n');
        for p in members {
            let mut marks = String::new();
            if p.values == Values::Example {
                marks.push_str(" (example values)");
            }
            if !p.verified {
                marks.push_str(" (unverified)");
            }
            out.push_str(&format!(
                "  {:id_width$}  {:version_width$}  {}{marks}\n",
                p.id, p.version, p.name
            ));
        }
    }
    out
}

/// Reads and validates the presets file; every problem is reported, each at
/// its value.
pub fn parse(path: &Path, source: &str) -> Result<Vec<Preset>, Vec<Diagnostic>> {
    let raw: RawFile =
        toml::from_str(source).map_err(|err| vec![toml_diagnostic(path, source, &err)])?;
    let mut problems = Vec::new();
    let mut presets = Vec::new();
    let mut ids = BTreeSet::new();
    for raw in &raw.presets {
        let at = |message: String, span: Range<usize>| {
            Diagnostic::error(path, message).at(source, span.start, span.end)
        };
        let before = problems.len();
        let preset = raw.get_ref();
        let id = preset.id.get_ref();
        if !is_identifier(id) {
            problems.push(
                at(format!("`{id}` cannot be a preset id"), preset.id.span())
                    .with_hint("use lowercase letters, digits and hyphens"),
            );
        } else if !ids.insert(id.clone()) {
            problems.push(at(
                format!("preset `{id}` is defined twice"),
                preset.id.span(),
            ));
        }
        for (field, value) in [("name", &preset.name), ("version", &preset.version)] {
            if value.get_ref().trim().is_empty() {
                problems.push(at(format!("`{id}`: `{field}` is empty"), value.span()));
            }
        }
        let group = one_of(&Group::ALL, Group::name, &preset.group, "group", &at);
        let group = keep(group, &mut problems);
        let values = one_of(
            &Values::ALL,
            Values::name,
            &preset.values,
            "kind of values",
            &at,
        );
        let values = keep(values, &mut problems);
        let counts = one_of(
            &Counts::ALL,
            Counts::name,
            &preset.counts,
            "kind of count",
            &at,
        );
        let counts = keep(counts, &mut problems);
        let mut differs = Vec::new();
        for written in &preset.differs {
            let found = one_of(
                &Difference::ALL,
                Difference::name,
                written,
                "difference",
                &at,
            );
            differs.extend(keep(found, &mut problems));
        }
        check_sources(preset, &mut problems, &at);
        let retries = counts.and_then(|counts| check_count(preset, counts, &mut problems, &at));
        let policy = check_policy(preset, retries, &mut problems, &at);
        if problems.len() == before
            && let (Some(policy), Some(group), Some(values), Some(counts)) =
                (policy, group, values, counts)
        {
            presets.push(Preset {
                id: id.clone(),
                name: preset.name.get_ref().clone(),
                group,
                version: preset.version.get_ref().clone(),
                verified: preset.verified,
                values,
                sources: preset
                    .sources
                    .iter()
                    .flat_map(|s| s.get_ref())
                    .map(|s| s.get_ref().clone())
                    .collect(),
                counts,
                count: preset
                    .count
                    .as_ref()
                    .and_then(|c| u32::try_from(*c.get_ref()).ok()),
                policy,
                differs,
            });
        }
    }
    if problems.is_empty() {
        Ok(presets)
    } else {
        Err(problems)
    }
}

/// A source link must be there and, for a verified preset, name the commit
/// read (a GitHub link to a 40-digit commit), the first one with its lines.
fn check_sources(
    preset: &RawPreset,
    problems: &mut Vec<Diagnostic>,
    at: &impl Fn(String, Range<usize>) -> Diagnostic,
) {
    let id = preset.id.get_ref();
    let sources = preset.sources.as_ref().map_or(&[][..], |s| s.get_ref());
    if sources.is_empty() {
        let span = preset
            .sources
            .as_ref()
            .map_or(preset.id.span(), Spanned::span);
        problems.push(
            at(format!("`{id}`: no source link"), span)
                .with_hint("link the lines the figures were read from in `sources`"),
        );
        return;
    }
    for (i, link) in sources.iter().enumerate() {
        let url = link.get_ref();
        let problem = if !url.starts_with("https://") {
            Some("is not an https link")
        } else if preset.verified && pinned_commit(url).is_none() {
            Some("does not name the commit read")
        } else if preset.verified && i == 0 && !url.contains("#L") {
            Some("does not name the lines read")
        } else {
            None
        };
        if let Some(problem) = problem {
            problems.push(
                at(format!("`{id}`: the source link {problem}"), link.span()).with_hint(
                    "a verified preset links https://github.com/OWNER/REPO/blob/COMMIT/PATH#L1-L9, \
                     the first link with its lines; mark a preset read elsewhere `verified = false`",
                ),
            );
        }
    }
}

/// The 40-digit commit of a GitHub `blob` link.
fn pinned_commit(url: &str) -> Option<&str> {
    let rest = url.strip_prefix("https://github.com/")?;
    let mut parts = rest.splitn(5, '/');
    let (_owner, _repo, blob, commit) =
        (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    let path = parts.next()?;
    (blob == "blob"
        && commit.len() == 40
        && commit.bytes().all(|b| b.is_ascii_hexdigit())
        && !path.is_empty())
    .then_some(commit)
}

/// The count against what it counts, and the core's retries against both.
/// Returns the retries when they are a valid `u32`.
fn check_count(
    preset: &RawPreset,
    counts: Counts,
    problems: &mut Vec<Diagnostic>,
    at: &impl Fn(String, Range<usize>) -> Diagnostic,
) -> Option<u32> {
    let id = preset.id.get_ref();
    let retries = *preset.retries.get_ref();
    match (counts, &preset.count) {
        (Counts::Attempts | Counts::Retries, None) => problems.push(at(
            format!(
                "`{id}`: `count` is missing: the library counts {}",
                counts.name()
            ),
            preset.counts.span(),
        )),
        (Counts::Unlimited | Counts::Time, Some(count)) => problems.push(
            at(
                format!(
                    "`{id}`: `count` is given, but `counts = \"{}\"` has none",
                    counts.name()
                ),
                count.span(),
            )
            .with_hint("the retries of such a preset are an illustration; leave `count` out"),
        ),
        (Counts::Attempts | Counts::Retries, Some(count)) => {
            let least = if counts == Counts::Attempts { 2 } else { 1 };
            let n = *count.get_ref();
            if n < least {
                problems.push(at(
                    format!(
                        "`{id}`: `count` must be at least {least} {}: the core needs one retry",
                        counts.name()
                    ),
                    count.span(),
                ));
            } else {
                let expected = if counts == Counts::Attempts { n - 1 } else { n };
                if retries != expected {
                    problems.push(at(
                        format!(
                            "`{id}`: `retries` must be {expected}: {n} {} are {expected} retries",
                            counts.name()
                        ),
                        preset.retries.span(),
                    ));
                }
            }
        }
        (Counts::Unlimited | Counts::Time, None) => {}
    }
    u32::try_from(retries).ok()
}

/// The policy in the core's terms, run through the core.
fn check_policy(
    preset: &RawPreset,
    retries: Option<u32>,
    problems: &mut Vec<Diagnostic>,
    at: &impl Fn(String, Range<usize>) -> Diagnostic,
) -> Option<Policy> {
    let id = preset.id.get_ref();
    let name = preset.jitter.get_ref();
    let factor = preset.jitter_factor.as_ref().map(|f| *f.get_ref());
    let jitter = match (
        Jitter::from_name(name).is_some() || name == "proportional",
        factor,
    ) {
        (false, _) => {
            problems.push(
                at(
                    format!("`{id}`: unknown jitter kind `{name}`"),
                    preset.jitter.span(),
                )
                .with_hint("the core's kinds: none, full, equal, proportional, decorrelated"),
            );
            None
        }
        (true, None) if name == "proportional" => {
            problems.push(at(
                format!("`{id}`: proportional jitter needs `jitter_factor`"),
                preset.jitter.span(),
            ));
            None
        }
        (true, Some(_)) if name != "proportional" => {
            problems.push(at(
                format!("`{id}`: `jitter_factor` applies only to proportional jitter"),
                preset
                    .jitter_factor
                    .as_ref()
                    .map_or(preset.jitter.span(), Spanned::span),
            ));
            None
        }
        (true, factor) => Jitter::from_name_and_factor(name, factor),
    };
    let policy = Policy {
        base: *preset.base.get_ref(),
        multiplier: *preset.multiplier.get_ref(),
        max_delay: preset.max_delay.as_ref().map(|m| *m.get_ref()),
        retries: retries.unwrap_or(0),
        jitter: jitter?,
    };
    match Schedule::new(policy) {
        Ok(_) => Some(policy),
        Err(err) => {
            let span = match err.field() {
                "base" => preset.base.span(),
                "multiplier" => preset.multiplier.span(),
                "retries" => preset.retries.span(),
                "jitter_factor" => preset
                    .jitter_factor
                    .as_ref()
                    .map_or(preset.jitter.span(), Spanned::span),
                _ => preset
                    .max_delay
                    .as_ref()
                    .map_or(preset.base.span(), Spanned::span),
            };
            problems.push(at(
                format!("`{id}`: `{}` is refused by the core: {err}", err.field()),
                span,
            ));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pinned_commit_wants_a_blob_link_with_forty_hex_digits() {
        let commit = "0123456789abcdef0123456789abcdef01234567";
        let ok = format!("https://github.com/o/r/blob/{commit}/src/a.rs#L1-L2");
        assert_eq!(pinned_commit(&ok), Some(commit));
        assert_eq!(
            pinned_commit("https://github.com/o/r/blob/main/src/a.rs#L1"),
            None
        );
        assert_eq!(
            pinned_commit(&format!("https://github.com/o/r/tree/{commit}/src")),
            None
        );
        assert_eq!(
            pinned_commit(&format!("https://gitlab.com/o/r/blob/{commit}/a")),
            None
        );
        assert_eq!(
            pinned_commit(&format!("https://github.com/o/r/blob/{commit}/")),
            None
        );
    }
}
