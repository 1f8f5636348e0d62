//! The calculator's preset selector: the libraries of `content/presets.toml`
//! grouped by ecosystem, as the `<select>` the template writes and the
//! data the script fills the form from: an asset of its own (the select's
//! `data-src`), which the script fetches only when the reader goes to the
//! selector or an address names a preset, so that pages load no preset at
//! start.
//!
//! The data carries only what the selector needs: each preset's policy in
//! the core's terms (milliseconds; the script converts to the page's unit)
//! and a note in the page's language saying what the library counts (an
//! attempt count converted to retries) and what the core cannot express
//! of it. A preset whose jitter kind the calculator does not offer is left
//! out. Where the page refuses a maximum of 0, an uncapped preset gets its
//! longest delay as the cap: a delay equal to the cap is not capped until
//! growth stops (the core's rule), so the schedule, capped flags included,
//! is the same.
//!
//! It computes no schedule and restates no preset: names, groups and
//! policies come from `crate::presets`, words from the page's Fluent
//! messages (`calc-preset-*`).

use std::collections::BTreeMap;

use fluent_bundle::FluentArgs;
use serde::Serialize;

use crate::backoff::contract as core_contract;
use crate::backoff::{Policy, Schedule};
use crate::presets::{Counts, Group, Preset};
use crate::site::format::texts::Texts;
use crate::site::load::content::ZeroMax;
use crate::site::sections::defaults;

/// The variables each `calc-preset-*` message receives, for `check`.
pub fn variables(id: &str) -> Option<&'static [&'static str]> {
    match id {
        "calc-preset-attempts" => Some(&["count", "retries"]),
        "calc-preset-retries" | "calc-preset-unlimited" | "calc-preset-time" => Some(&["retries"]),
        _ => None,
    }
}

/// An `<optgroup>`: a group's translated label and its presets (id, name).
#[derive(Clone)]
pub struct GroupView {
    pub label: String,
    pub presets: Vec<(String, String)>,
}

/// What `_calculator.html` needs for the selector.
#[derive(Clone)]
pub struct PresetsView {
    pub label: String,
    /// The first option: the reader's own policy.
    pub own: String,
    pub groups: Vec<GroupView>,
    /// The asset of the script's data ([`Island`]), relative to the site's
    /// root.
    pub data_asset: String,
}

/// One preset in the island: the policy keyed as the calculator's inputs
/// (`core::contract::INPUTS`, the JSON document's `policy`), in
/// milliseconds, and the note shown beside the selector.
#[derive(Clone, Serialize)]
struct Item {
    policy: BTreeMap<&'static str, serde_json::Value>,
    /// How its library counts (`attempts` or `retries`): the calculator's
    /// count switch follows it.
    count: &'static str,
    /// Its library's retry budget (a name of `contract::cost::BUDGETS`),
    /// or none.
    budget: Option<&'static str>,
    note: String,
}

#[derive(Clone, Serialize)]
pub struct Island {
    /// The status beside the selector once a field no longer holds the
    /// chosen preset's value.
    modified: String,
    presets: BTreeMap<String, Item>,
}

/// How `preset`'s library counts, as the count switch names it (a library
/// without a count is shown in retries).
fn count_of(preset: &Preset) -> &'static str {
    match preset.counts {
        crate::presets::Counts::Attempts => "attempts",
        _ => "retries",
    }
}

/// Whether the calculator offers `preset`'s jitter kind: every kind its
/// modules compute, those of the Monte Carlo method included (the script
/// fetches their module when the reader picks one).
pub fn fits(preset: &Preset) -> bool {
    core_contract::distribution::JITTERS.contains(&preset.policy.jitter.name())
}

/// `preset`'s policy as a page whose maximum follows `zero_max` holds it.
pub fn page_policy(preset: &Preset, zero_max: ZeroMax) -> Policy {
    let mut policy = preset.policy;
    if policy.max_delay.is_none() && zero_max == ZeroMax::Refused {
        policy.max_delay = Schedule::new(policy)
            .ok()
            .and_then(|s| s.rows().map(|r| r.delay).reduce(f64::max));
    }
    policy
}

/// The selector for a page whose maximum delay follows `zero_max`, its
/// data made an asset by `asset` (given the JSON, it names the asset);
/// `None` when no preset fits (a site without presets).
pub fn view(
    presets: &[Preset],
    zero_max: ZeroMax,
    texts: &Texts,
    asset: impl FnOnce(&Island) -> String,
) -> Option<PresetsView> {
    let fitting: Vec<&Preset> = presets.iter().filter(|p| fits(p)).collect();
    if fitting.is_empty() {
        return None;
    }
    let groups = Group::ALL
        .into_iter()
        .filter_map(|group| {
            let members: Vec<(String, String)> = fitting
                .iter()
                .filter(|p| p.group == group)
                .map(|p| (p.id.clone(), defaults::preset_label(p, texts)))
                .collect();
            (!members.is_empty()).then(|| GroupView {
                label: texts.get(&format!("calc-preset-group-{}", group.name()), None),
                presets: members,
            })
        })
        .collect();
    let island = Island {
        modified: texts.get("calc-preset-modified", None),
        presets: fitting
            .iter()
            .map(|p| {
                (
                    p.id.clone(),
                    Item {
                        policy: policy(&page_policy(p, zero_max)),
                        count: count_of(p),
                        budget: p.budget,
                        note: note(p, texts),
                    },
                )
            })
            .collect(),
    };
    Some(PresetsView {
        label: texts.get("calc-preset-label", None),
        own: texts.get("calc-preset-own", None),
        groups,
        data_asset: asset(&island),
    })
}

/// The policy as the form's inputs: an absent cap is `null`, a factor only
/// for proportional jitter.
fn policy(p: &Policy) -> BTreeMap<&'static str, serde_json::Value> {
    let mut out = BTreeMap::from([
        ("base", p.base.into()),
        ("multiplier", p.multiplier.into()),
        (
            "max_delay",
            p.max_delay.map_or(serde_json::Value::Null, Into::into),
        ),
        ("retries", p.retries.into()),
        ("jitter", p.jitter.name().into()),
    ]);
    if let Some(factor) = p.jitter.factor() {
        out.insert("jitter_factor", factor.into());
    }
    out
}

/// What the library counts, in the core's retries, then what the core
/// cannot express of it, one sentence each, none said twice
/// (`Counts::states`).
fn note(preset: &Preset, texts: &Texts) -> String {
    let mut args = FluentArgs::new();
    args.set("retries", preset.policy.retries);
    if let Some(count) = preset.count {
        args.set("count", count);
    }
    let counts = match preset.counts {
        Counts::Attempts => "calc-preset-attempts",
        Counts::Retries => "calc-preset-retries",
        Counts::Unlimited => "calc-preset-unlimited",
        Counts::Time => "calc-preset-time",
    };
    std::iter::once(texts.get(counts, Some(&args)))
        .chain(
            preset
                .differs
                .iter()
                .filter(|d| preset.counts.states() != Some(**d))
                .map(|d| texts.get(&format!("calc-preset-differs-{}", d.name()), None)),
        )
        .collect::<Vec<_>>()
        .join(" ")
}
