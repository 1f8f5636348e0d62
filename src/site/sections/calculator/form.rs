//! The calculator's form as the template receives it: its text inputs
//! (the contract's fields, the timeout and deadline, the failure rate and
//! layers, the clients field) with
//! their labels, hints and default values, and the options of its jitter and
//! unit selectors.
//!
//! The fields, their rules and their order come from the contract
//! ([`contract`]); this module only words them and fills in the page's
//! defaults. It never writes markup (`_calculator.html` does) nor the island
//! (`island.rs`).

use crate::backoff::contract as core_contract;
use crate::site::format::intl::Intl;
use crate::site::format::texts::Texts;
use crate::site::load::content::{CalculatorProfile, ZeroMax};
use crate::site::sections::calculator::{contract, cost, distribution};

/// A text input of the form.
pub struct Field {
    pub name: &'static str,
    pub label: String,
    /// Whether the label carries the unit (`First delay (ms)`).
    pub has_unit: bool,
    /// `numeric` opens a whole-number keypad on phones, `decimal` one with
    /// the decimal separator.
    pub inputmode: &'static str,
    pub hint: String,
    pub value: String,
    /// Whether the field applies to the default jitter kind; the others
    /// are hidden until their kind is chosen.
    pub applies: bool,
    /// A field of one jitter kind, placed after the jitter selector.
    pub of_jitter: bool,
    /// The note shown, with the field disabled, while the jitter kind
    /// chosen does not use its input (`contract::Field::unused_with`);
    /// empty for a field that every kind uses.
    pub unused_note: String,
    /// Whether the default jitter kind leaves the input unused.
    pub unused: bool,
}

/// An option of a `<select>`.
pub struct Choice {
    pub value: &'static str,
    pub label: String,
    pub selected: bool,
}

/// `x` as a reader would type it: the same notation as the page, which the
/// script's parser accepts, without digit groups.
fn input(intl: &Intl, x: f64) -> String {
    intl.number(x).replace(&intl.number_symbols().group, "")
}

/// The contract's fields, with the page's defaults.
pub fn fields(profile: &CalculatorProfile, texts: &Texts, intl: &Intl) -> Vec<Field> {
    let defaults = profile.defaults;
    let slots =
        core_contract::inputs(&defaults).expect("an offered jitter kind, checked when loaded");
    contract::fields(profile.zero_max)
        .into_iter()
        .map(|f| {
            let x = slots[core_contract::input(f.input)];
            Field {
                name: f.name,
                has_unit: f.delay,
                inputmode: if f.rule.whole { "numeric" } else { "decimal" },
                label: texts.get(f.label, None),
                hint: texts.get(f.hint, None),
                value: input(intl, if x.is_nan() { f.unset } else { x }),
                applies: f
                    .only_with
                    .is_none_or(|kind| kind == defaults.jitter.name()),
                of_jitter: f.only_with.is_some(),
                unused_note: if f.unused_with.is_empty() {
                    String::new()
                } else {
                    texts.get("calc-field-unused", None)
                },
                unused: f.unused_with.contains(&defaults.jitter.name()),
            }
        })
        .collect()
}

/// The timeout and deadline fields, empty unless the page gives a default.
pub fn limit_field_views(profile: &CalculatorProfile, texts: &Texts, intl: &Intl) -> Vec<Field> {
    let given = |input: &str| match input {
        "timeout" => profile.limits.timeout,
        _ => profile.limits.deadline,
    };
    optional_views(limit_fields(profile.zero_max), given, texts, intl)
}

/// The failure rate and layers fields (`cost::fields`), empty: no page
/// gives a default.
pub fn cost_field_views(texts: &Texts, intl: &Intl) -> Vec<Field> {
    optional_views(cost::fields(), |_| None, texts, intl)
}

/// Optional fields, each holding the value `given` has for its input.
fn optional_views(
    fields: impl IntoIterator<Item = contract::Field>,
    given: impl Fn(&str) -> Option<f64>,
    texts: &Texts,
    intl: &Intl,
) -> Vec<Field> {
    fields
        .into_iter()
        .map(|f| Field {
            name: f.name,
            has_unit: f.delay,
            inputmode: if f.rule.whole { "numeric" } else { "decimal" },
            label: texts.get(f.label, None),
            hint: texts.get(f.hint, None),
            value: given(f.input).map(|x| input(intl, x)).unwrap_or_default(),
            applies: true,
            of_jitter: false,
            unused_note: String::new(),
            unused: false,
        })
        .collect()
}

/// The many-clients view's field.
pub fn clients(texts: &Texts, intl: &Intl) -> Field {
    let f = contract::clients_field();
    Field {
        name: f.name,
        label: texts.get(f.label, None),
        has_unit: false,
        inputmode: "numeric",
        hint: texts.get(f.hint, None),
        value: input(intl, f.unset),
        applies: true,
        of_jitter: false,
        unused_note: String::new(),
        unused: false,
    }
}

/// The jitter selector's options, the page's default selected.
pub fn jitters(profile: &CalculatorProfile, texts: &Texts) -> Vec<Choice> {
    core_contract::distribution::JITTERS
        .into_iter()
        .map(|name| Choice {
            value: name,
            label: texts.get(&contract::jitter_message(name), None),
            selected: name == profile.defaults.jitter.name(),
        })
        .collect()
}

/// The count switch's options: retries (selected) and attempts, by the
/// names `report::Count` gives them in the JSON.
pub fn counts(texts: &Texts) -> Vec<Choice> {
    ["retries", "attempts"]
        .into_iter()
        .map(|value| Choice {
            value,
            label: texts.get(&format!("calc-count-{value}"), None),
            selected: value == "retries",
        })
        .collect()
}

/// The unit selector's options; none when the page offers one unit only.
pub fn units(profile: &CalculatorProfile, texts: &Texts) -> Vec<Choice> {
    if profile.units.len() > 1 {
        profile
            .units
            .iter()
            .map(|u| Choice {
                value: u.name(),
                label: texts.get(&format!("unit-{}-name", u.name()), None),
                selected: *u == profile.unit,
            })
            .collect()
    } else {
        Vec::new()
    }
}

/// The timeout and deadline fields the contract does not list: once it
/// lists a field of the same input, the contract's field is the one.
pub fn limit_fields(zero_max: ZeroMax) -> Vec<contract::Field> {
    let listed = contract::fields(zero_max);
    distribution::limit_fields()
        .into_iter()
        .filter(|f| listed.iter().all(|l| l.input != f.input))
        .collect()
}
