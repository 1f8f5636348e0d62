//! The "presets" section of an explainer: one row per preset of
//! `content/presets.toml` (policy, what its count counts, the core's totals
//! and, for random jitter, the P99 of the total wait, a sparkline, the
//! source link), then one part per group of libraries with its prose and
//! each preset's `differs` notes.
//!
//! Every figure is the core's (`Schedule` for the rows and totals,
//! `report::Distribution` for the P99), formatted by `intl`; every word is
//! a Fluent message of the page (`defaults-*`, `preset-*`). It computes no
//! delay and writes no markup beyond the sparkline's SVG (the template,
//! `templates/_presets.html`, decides the rest).

use fluent_bundle::FluentArgs;

use crate::backoff::{Jitter, Schedule};
use crate::presets::{Counts, Difference, Group, Preset, Values, Version};
use crate::report::{Distribution, Unit, js_number};
use crate::site::format::duration;
use crate::site::format::intl::Intl;
use crate::site::format::markdown::{block, inline};
use crate::site::format::texts::Texts;

/// The variables each message of the section receives.
pub fn variables(id: &str) -> Option<&'static [&'static str]> {
    Some(match id {
        "defaults-policy" => &["base", "multiplier", "retries"],
        "defaults-policy-capped" => &["base", "multiplier", "retries", "cap"],
        "jitter-proportional-cell" => &["percent"],
        "defaults-sparkline" => &["delays"],
        "presets" | "defaults-column-p99" => &["percentile"],
        "preset-counts-attempts" | "preset-counts-retries" => &["count"],
        "preset-version-main-after" => &["release"],
        "preset-version-as-of" => &["date"],
        // A preset's label, `preset-<id>` (`preset_label`).
        _ if id.starts_with("preset-")
            && !["preset-counts-", "preset-version-", "preset-differs-"]
                .iter()
                .any(|family| id.starts_with(family)) =>
        {
            &["name"]
        }
        _ => return None,
    })
}

/// The sparkline's size in CSS pixels: small enough for a table cell.
const SPARK_WIDTH: f64 = 96.0;
const SPARK_HEIGHT: f64 = 24.0;

/// The percentile of the total wait the table shows where the jitter is
/// random (the core's `Summary::p99`); the messages name it as `$percentile`.
const PERCENTILE: u32 = 99;

pub struct PresetsView {
    pub heading_html: String,
    pub intro_html: String,
    pub caption: String,
    /// Column headings, in the row's order.
    pub columns: Vec<String>,
    pub rows: Vec<RowView>,
    pub families: Vec<FamilyView>,
}

pub struct RowView {
    pub id: String,
    pub name: String,
    pub version: String,
    /// What kind of values a row holds where they are not the library's
    /// plain defaults (`defaults-values-<kind>`); empty where they are.
    pub values_mark: String,
    pub source: String,
    pub source_label: String,
    pub counting: String,
    pub policy: String,
    pub jitter: String,
    pub total_min: String,
    pub total_mean: String,
    pub total_max: String,
    /// Empty where the jitter is not random (the total is certain).
    pub p99: String,
    pub sparkline_svg: String,
    /// The core's totals in milliseconds, min, mean, max (and P99 where
    /// random), as JavaScript writes numbers: for scripts and tests.
    pub data: String,
}

pub struct FamilyView {
    /// `family-<group>`, the section's id.
    pub id: String,
    pub heading_html: String,
    pub body_html: String,
    /// (preset name, its notes as HTML), for the presets that have notes.
    pub notes: Vec<(String, String)>,
}

/// The section's view in one language.
pub fn view(presets: &[Preset], intl: &Intl, texts: &Texts) -> PresetsView {
    let mut percentile = FluentArgs::new();
    percentile.set("percentile", PERCENTILE);
    let columns = [
        "library", "counting", "policy", "jitter", "min", "mean", "max", "p99", "schedule",
        "source",
    ]
    .iter()
    .map(|c| texts.get(&format!("defaults-column-{c}"), Some(&percentile)))
    .collect();
    PresetsView {
        heading_html: inline(texts, "presets-heading", texts.get("presets-heading", None)),
        intro_html: block(texts, "presets", texts.get("presets", Some(&percentile))),
        caption: texts.get("defaults-caption", None),
        columns,
        rows: presets.iter().map(|p| row(p, intl, texts)).collect(),
        families: Group::ALL
            .iter()
            .filter(|g| presets.iter().any(|p| p.group == **g))
            .map(|g| family(*g, presets, texts))
            .collect(),
    }
}

/// A preset's label in the page's language: message `preset-<id>`, which
/// every language has for every preset, with the library's own name (the
/// file's `name`, untranslated) as `$name`.
pub fn preset_label(preset: &Preset, texts: &Texts) -> String {
    let mut args = FluentArgs::new();
    args.set("name", preset.name.as_str());
    texts.get(&format!("preset-{}", preset.id), Some(&args))
}

/// The version a preset was read in, in the page's words.
fn version(version: &Version, texts: &Texts) -> String {
    let mut args = FluentArgs::new();
    match version {
        Version::Release(release) => release.clone(),
        Version::MainAfter(release) => {
            args.set("release", release.as_str());
            texts.get("preset-version-main-after", Some(&args))
        }
        Version::AsOf(date) => {
            args.set("date", date.as_str());
            texts.get("preset-version-as-of", Some(&args))
        }
        Version::Main => texts.get("preset-version-main", None),
    }
}

/// A duration of milliseconds in words (`1 min 30 s`), by the core's rule.
fn duration(ms: f64, texts: &Texts) -> String {
    duration::humanize(ms, Unit::Ms, texts).unwrap_or_default()
}

fn row(preset: &Preset, intl: &Intl, texts: &Texts) -> RowView {
    let policy = preset.policy;
    let schedule = Schedule::new(policy).expect("validated when loaded");
    let totals = schedule.totals();
    let p99_ms = if policy.jitter == Jitter::None {
        None
    } else {
        // The same figures `schedule --percentiles` prints.
        Distribution::new(&schedule, Default::default())
            .ok()
            .map(|d| d.total.p99)
    };
    let p99 = p99_ms.map(|ms| duration(ms, texts)).unwrap_or_default();
    let data = [
        Some(totals.min),
        Some(totals.mean),
        Some(totals.max),
        p99_ms,
    ]
    .iter()
    .flatten()
    .map(|x| js_number(*x))
    .collect::<Vec<_>>()
    .join(" ");
    let mut args = FluentArgs::new();
    args.set("base", duration(policy.base, texts));
    args.set("multiplier", intl.number(policy.multiplier));
    args.set("retries", policy.retries);
    let policy_text = match policy.max_delay {
        Some(cap) => {
            args.set("cap", duration(cap, texts));
            texts.get("defaults-policy-capped", Some(&args))
        }
        None => texts.get("defaults-policy", Some(&args)),
    };
    let jitter = match policy.jitter {
        Jitter::Proportional { factor } => {
            let mut args = FluentArgs::new();
            args.set("percent", intl.number(factor * 100.0));
            texts.get("jitter-proportional-cell", Some(&args))
        }
        other => texts.get(&format!("jitter-{}-cell", other.name()), None),
    };
    let counts_id = format!("preset-counts-{}", preset.counts.name());
    let counting = match (preset.counts, preset.count) {
        (Counts::Attempts | Counts::Retries, Some(count)) => {
            let mut args = FluentArgs::new();
            args.set("count", count);
            texts.get(&counts_id, Some(&args))
        }
        _ => texts.get(&counts_id, None),
    };
    RowView {
        id: preset.id.clone(),
        name: preset_label(preset, texts),
        version: version(&preset.version, texts),
        values_mark: match preset.values {
            Values::Defaults => String::new(),
            other => texts.get(&format!("defaults-values-{}", other.name()), None),
        },
        source: preset.sources[0].clone(),
        source_label: texts.get("defaults-source", None),
        counting,
        policy: policy_text,
        jitter,
        total_min: duration(totals.min, texts),
        total_mean: duration(totals.mean, texts),
        total_max: duration(totals.max, texts),
        p99,
        sparkline_svg: sparkline(&schedule, intl, texts),
        data,
    }
}

/// The schedule's mean delays as a line, with the delays in words as its
/// text alternative.
fn sparkline(schedule: &Schedule, intl: &Intl, texts: &Texts) -> String {
    let means: Vec<f64> = schedule.rows().map(|r| r.mean).collect();
    let top = means.iter().copied().fold(0.0, f64::max);
    let step = if means.len() > 1 {
        SPARK_WIDTH / (means.len() - 1) as f64
    } else {
        0.0
    };
    let points: Vec<String> = means
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let y = if top > 0.0 {
                SPARK_HEIGHT - m / top * (SPARK_HEIGHT - 2.0) - 1.0
            } else {
                SPARK_HEIGHT - 1.0
            };
            format!("{:.1},{:.1}", i as f64 * step, y)
        })
        .collect();
    let words: Vec<String> = means.iter().map(|m| duration(*m, texts)).collect();
    let mut args = FluentArgs::new();
    args.set("delays", intl.and_list(&words));
    let label = texts.get("defaults-sparkline", Some(&args));
    let label = askama::filters::escape(&label, askama::filters::Html)
        .map(|s| s.to_string())
        .unwrap_or_default();
    format!(
        // Its size and stroke come from `static/style.css` (`.sparkline`).
        "<svg class=\"sparkline\" role=\"img\" aria-label=\"{label}\" \
         viewBox=\"0 0 {SPARK_WIDTH} {SPARK_HEIGHT}\"><polyline points=\"{}\"/></svg>",
        points.join(" ")
    )
}

/// The message of a difference's note: site.ftl's `calc-preset-differs-…`,
/// which the calculator shows too, so that each note is translated once;
/// or this page's own `preset-differs-…` where its table needs other words.
fn difference_note(texts: &Texts, difference: Difference) -> String {
    let own = format!("preset-differs-{}", difference.name());
    if texts.has(&own) {
        own
    } else {
        format!("calc-preset-differs-{}", difference.name())
    }
}

fn family(group: Group, presets: &[Preset], texts: &Texts) -> FamilyView {
    let id = format!("family-{}", group.name());
    let heading = format!("{id}-heading");
    let notes = presets
        .iter()
        .filter(|p| p.group == group && !p.differs.is_empty())
        .map(|p| {
            let text: Vec<String> = p
                .differs
                .iter()
                .map(|d| texts.get(&difference_note(texts, *d), None))
                .collect();
            let id = difference_note(texts, p.differs[0]);
            (preset_label(p, texts), inline(texts, &id, text.join(" ")))
        })
        .collect();
    FamilyView {
        heading_html: inline(texts, &heading, texts.get(&heading, None)),
        body_html: block(texts, &id, texts.get(&id, None)),
        id,
        notes,
    }
}
