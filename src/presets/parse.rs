//! Reading `content/presets.toml` and checking every value, each problem a
//! diagnostic at the value (values are read as `toml::Spanned`). Closed
//! lists (groups, kinds of count, differences) are read as strings and
//! checked here, so that one run reports them all rather than stopping at
//! serde's first.

use std::collections::BTreeSet;
use std::ops::Range;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use super::preset::{Counts, Difference, Group, Preset, Values, Version};
use crate::backoff::{Jitter, KindError, Policy, Schedule};
use crate::diagnostics::Diagnostic;
use crate::diagnostics::toml_diagnostic;
use crate::identifier::is_identifier;

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
    budget: Option<Spanned<String>>,
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

/// The most presets a file may hold (the real one has 24).
pub const MAX_PRESETS: usize = 100;

/// The most retries one preset may have (the longest default, Sidekiq's,
/// has 25): each costs its distribution on every page that shows it.
pub const MAX_PRESET_RETRIES: u32 = 100;

/// Reads and validates the presets file; every problem is reported, each at
/// its value.
pub fn parse(path: &Path, source: &str) -> Result<Vec<Preset>, Vec<Diagnostic>> {
    let raw: RawFile =
        toml::from_str(source).map_err(|err| vec![toml_diagnostic(path, source, &err)])?;
    let mut problems = Vec::new();
    let mut presets = Vec::new();
    let mut ids = BTreeSet::new();
    // Every preset is computed on every page that lists it (its totals,
    // its percentiles): the file's work is bounded.
    if let Some(extra) = raw.presets.get(MAX_PRESETS) {
        problems.push(
            Diagnostic::error(path, format!("more than {MAX_PRESETS} presets"))
                .at(source, extra.span().start, extra.span().start + 1)
                .with_hint("the page and the selector show a library's defaults, not a catalogue"),
        );
        return Err(problems);
    }
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
        if preset.name.get_ref().trim().is_empty() {
            problems.push(at(format!("`{id}`: `name` is empty"), preset.name.span()));
        }
        // A TOML escape (`\u001B`) would put it into every page's HTML.
        for (field, value) in [("name", &preset.name), ("version", &preset.version)] {
            if let Some(c) = value.get_ref().chars().find(|c| c.is_control()) {
                problems.push(at(
                    format!(
                        "`{id}`: `{field}` holds the control character U+{:04X}",
                        u32::from(c)
                    ),
                    value.span(),
                ));
            }
        }
        let version = Version::parse(preset.version.get_ref());
        if version.is_none() {
            problems.push(
                at(
                    format!("`{id}`: `{}` is not a version", preset.version.get_ref()),
                    preset.version.span(),
                )
                .with_hint(
                    "write a release (`1.2.3`), `main after 1.2.3`, `as of 2026-06-25` or `main`",
                ),
            );
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
        let budget = preset.budget.as_ref().and_then(|written| {
            let names = crate::backoff::budget::NAMED.map(|(name, _)| name);
            let found = one_of(&names, |name| name, written, "retry budget", &at);
            keep(found, &mut problems)
        });
        check_sources(preset, &mut problems, &at);
        let retries = counts.and_then(|counts| check_count(preset, counts, &mut problems, &at));
        let policy = check_policy(preset, retries, &mut problems, &at);
        if problems.len() == before
            && let (Some(policy), Some(group), Some(values), Some(counts), Some(version)) =
                (policy, group, values, counts, version)
        {
            presets.push(Preset {
                id: id.clone(),
                name: preset.name.get_ref().clone(),
                group,
                version,
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
                budget,
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
    if retries > i64::from(MAX_PRESET_RETRIES) {
        problems.push(
            at(
                format!("`{id}`: {retries} retries; a preset has at most {MAX_PRESET_RETRIES}"),
                preset.retries.span(),
            )
            .with_hint("libraries' defaults stop far sooner; the calculator takes more"),
        );
        return None;
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
    let jitter = match Jitter::parse(name, factor) {
        Ok(jitter) => Some(jitter),
        Err(KindError::Unknown) => {
            problems.push(
                at(
                    format!("`{id}`: unknown jitter kind `{name}`"),
                    preset.jitter.span(),
                )
                .with_hint(format!("the core's kinds: {}", Jitter::NAMES.join(", "))),
            );
            None
        }
        Err(KindError::FactorMissing) => {
            problems.push(at(
                format!("`{id}`: {name} jitter needs `jitter_factor`"),
                preset.jitter.span(),
            ));
            None
        }
        Err(KindError::FactorNotTaken(_)) => {
            let kinds: Vec<&str> = Jitter::factor_kinds().collect();
            problems.push(at(
                format!(
                    "`{id}`: `jitter_factor` applies only to {} jitter",
                    kinds.join(" or ")
                ),
                preset
                    .jitter_factor
                    .as_ref()
                    .map_or(preset.jitter.span(), Spanned::span),
            ));
            None
        }
    };
    let policy = Policy {
        base: *preset.base.get_ref(),
        multiplier: *preset.multiplier.get_ref(),
        max_delay: preset.max_delay.as_ref().map(|m| *m.get_ref()),
        // Retries already refused stand in as one, so that the core
        // judges the other fields alone.
        retries: retries.unwrap_or(1),
        jitter: jitter?,
    };
    match Schedule::new(policy) {
        Ok(_) => retries.map(|_| policy),
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

    /// The embedded file's first preset, repeated with new ids.
    fn presets(n: usize) -> String {
        let first = EMBEDDED_FIRST.get_or_init(|| {
            let file = crate::presets::EMBEDDED;
            // The lines `[[presets]]` (the header also names it in prose).
            let start = file.find("\n[[presets]]\n").unwrap() + 1;
            let end = file[start..]
                .find("\n[[presets]]\n")
                .map_or(file.len(), |i| start + i + 1);
            file[start..end].to_string()
        });
        (0..n)
            .map(|i| first.replacen("id = \"", &format!("id = \"p{i}-"), 1))
            .collect()
    }
    static EMBEDDED_FIRST: std::sync::OnceLock<String> = std::sync::OnceLock::new();

    #[test]
    fn a_file_holds_at_most_max_presets() {
        let accepted = parse(Path::new(crate::presets::FILE), &presets(MAX_PRESETS));
        assert_eq!(
            accepted.map(|p| p.len()).map_err(|d| d[0].message.clone()),
            Ok(MAX_PRESETS)
        );
        let refused =
            parse(Path::new(crate::presets::FILE), &presets(MAX_PRESETS + 1)).unwrap_err();
        assert_eq!(refused.len(), 1);
        assert!(
            refused[0].message.contains("more than 100 presets"),
            "{refused:?}"
        );
    }

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
