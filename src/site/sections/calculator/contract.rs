//! The site's half of the calculator's contract: the form's fields (the
//! input each sets, its rule, its messages) and the variables each
//! calculator message receives.
//!
//! With the core's half (`backoff_core::contract`: jitter kinds, inputs,
//! error codes, buffer layout) it is the one table the calculator is made
//! from: `calculator::view` builds the form and the island from it, the
//! script (`static/calculator/`) reads fields, rules, kinds, codes and
//! offsets from the island's `contract` object and holds no copy, and
//! `pages::message_variables` answers from [`variables`]. This module
//! holds data and the island's shape of it; it reads no file and formats no
//! figure.
//! Over 500 lines only with its unit tests at the end (the code is about 340).

use serde::Serialize;

use crate::backoff::contract as core;
use crate::backoff::{MAX_RETRIES, MIN_DELAY, MIN_RETRIES};
use crate::site::load::content::ZeroMax;

/// What a field accepts, besides being a number: the core's rule for its
/// input, stated for the script (and checked against the core by this
/// module's tests). In the island a flag that is false is left out (the
/// script reads a missing key as false); `max` is always written, `null`
/// for none, since the script compares it with `null`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rule {
    /// The least value, excluded when `above`.
    pub min: f64,
    #[serde(skip_serializing_if = "is_false")]
    pub above: bool,
    /// The greatest value, included.
    pub max: Option<f64>,
    /// Whole numbers only (the field opens a whole-number keypad).
    #[serde(skip_serializing_if = "is_false")]
    pub whole: bool,
    /// Zero means "not given" (no limit).
    #[serde(skip_serializing_if = "is_false")]
    pub zero_is_none: bool,
}

/// Whether a flag is false: such a flag is left out of the island.
fn is_false(flag: &bool) -> bool {
    !flag
}

/// A text input of the form.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Field {
    /// The control's name (`calc-<name>`) and the URL's query key.
    pub name: &'static str,
    /// The core contract's input it sets, which is also its key in the
    /// JSON document's `policy`.
    pub input: &'static str,
    /// Message ids of its label and hint.
    #[serde(skip)]
    pub label: &'static str,
    #[serde(skip)]
    pub hint: &'static str,
    /// The key (of `core::ERRORS`) of the error shown when the rule fails.
    pub error: &'static str,
    /// A duration in the page's unit: its label names the unit, and values
    /// too small for the table to show are refused.
    #[serde(skip_serializing_if = "is_false")]
    pub delay: bool,
    pub rule: Rule,
    /// The jitter kind the field belongs to, if only one: with the others
    /// it is hidden, not read and not in the policy. Left out when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub only_with: Option<&'static str>,
    /// The jitter kinds whose delays do not depend on the field's input:
    /// with them the field is disabled under a note saying so
    /// (`calc-field-unused`), is not checked, and the policy keeps its value
    /// if it is valid, else the page's default. Left out when none.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub unused_with: &'static [&'static str],
    /// What the form shows when the page's defaults leave the input unset.
    #[serde(skip)]
    pub unset: f64,
}

const POSITIVE: Rule = Rule {
    min: 0.0,
    above: true,
    max: None,
    whole: false,
    zero_is_none: false,
};

/// A delay: at least the core's [`MIN_DELAY`] (the smallest normal double).
const DELAY: Rule = Rule {
    min: MIN_DELAY,
    above: false,
    ..POSITIVE
};

/// The one jitter kind that takes a factor, whose field the factor is
/// (a second such kind would need `only_with` to list kinds).
const FACTOR_KIND: &str = {
    let mut found = None;
    let mut i = 0;
    while i < crate::backoff::Jitter::KINDS.len() {
        let kind = crate::backoff::Jitter::KINDS[i];
        if kind.takes_factor {
            assert!(found.is_none(), "one jitter kind takes a factor");
            found = Some(kind.name);
        }
        i += 1;
    }
    match found {
        Some(name) => name,
        None => panic!("a jitter kind takes a factor"),
    }
};

/// How many jitter kinds take no multiplier ([`crate::backoff::Kind::takes_multiplier`]).
const WITHOUT_MULTIPLIER_COUNT: usize = {
    let mut count = 0;
    let mut i = 0;
    while i < crate::backoff::Jitter::KINDS.len() {
        if !crate::backoff::Jitter::KINDS[i].takes_multiplier {
            count += 1;
        }
        i += 1;
    }
    count
};

/// The names of the jitter kinds that take no multiplier, in code order.
const WITHOUT_MULTIPLIER: [&str; WITHOUT_MULTIPLIER_COUNT] = {
    let mut names = [""; WITHOUT_MULTIPLIER_COUNT];
    let (mut i, mut n) = (0, 0);
    while i < crate::backoff::Jitter::KINDS.len() {
        let kind = crate::backoff::Jitter::KINDS[i];
        if !kind.takes_multiplier {
            names[n] = kind.name;
            n += 1;
        }
        i += 1;
    }
    names
};

/// The fields, in the form's order, for a page whose maximum delay follows
/// `zero_max`.
pub fn fields(zero_max: ZeroMax) -> [Field; 5] {
    [
        Field {
            name: "base",
            input: "base",
            label: "calc-base-label",
            hint: "calc-base-hint",
            error: "base",
            delay: true,
            rule: DELAY,
            only_with: None,
            unused_with: &[],
            unset: 0.0,
        },
        Field {
            name: "multiplier",
            input: "multiplier",
            label: "calc-multiplier-label",
            hint: "calc-multiplier-hint",
            error: "multiplier",
            delay: false,
            rule: Rule {
                min: 1.0,
                above: false,
                ..POSITIVE
            },
            only_with: None,
            unused_with: &WITHOUT_MULTIPLIER,
            unset: 0.0,
        },
        Field {
            name: "max",
            input: "max_delay",
            label: "calc-max-label",
            hint: match zero_max {
                ZeroMax::Unlimited => "calc-max-hint-unlimited",
                ZeroMax::Refused => "calc-max-hint-positive",
            },
            error: "max_delay",
            delay: true,
            rule: match zero_max {
                ZeroMax::Unlimited => Rule {
                    zero_is_none: true,
                    ..DELAY
                },
                ZeroMax::Refused => DELAY,
            },
            only_with: None,
            unused_with: &[],
            unset: 0.0,
        },
        Field {
            name: "retries",
            input: "retries",
            label: "calc-retries-label",
            hint: "calc-retries-hint",
            error: "retries",
            delay: false,
            rule: Rule {
                min: f64::from(MIN_RETRIES),
                above: false,
                max: Some(f64::from(MAX_RETRIES)),
                whole: true,
                zero_is_none: false,
            },
            only_with: None,
            unused_with: &[],
            unset: 0.0,
        },
        Field {
            name: "factor",
            input: "jitter_factor",
            label: "calc-factor-label",
            hint: "calc-factor-hint",
            error: "jitter_factor",
            delay: false,
            rule: Rule {
                max: Some(1.0),
                ..POSITIVE
            },
            only_with: Some(FACTOR_KIND),
            unused_with: &[],
            // gRPC's connection backoff's factor (`core/METHOD.md`).
            unset: 0.2,
        },
    ]
}

/// The message id of the error keyed `key` (of `core::ERRORS`), which the
/// form shows at the field of the error's input; `None` when no field sets
/// that input (the jitter code, which the select cannot get wrong, and
/// inputs the form does not offer), so that no message is needed. The id
/// is `error-` and the key with hyphens; the maximum delay's names the
/// page's rule.
pub fn error_message(key: &str, zero_max: ZeroMax) -> Option<String> {
    let code = core::ERRORS.iter().position(|k| *k == key)?;
    let input = core::ERROR_INPUTS[code];
    if !fields(zero_max).iter().any(|f| f.input == input) {
        return None;
    }
    Some(match (key, zero_max) {
        ("max_delay", ZeroMax::Unlimited) => "error-max-delay-unlimited".into(),
        _ => format!("error-{}", key.replace('_', "-")),
    })
}

/// The message id of a jitter kind's name in the select.
pub fn jitter_message(kind: &str) -> String {
    format!("jitter-{kind}")
}

/// The calculator's messages that receive variables, and their names.
/// Those the script fills get `{name}` placeholders in the island.
const VARIABLES: &[(&str, &[&str])] = &[
    ("table-caption", &["retries"]),
    ("error-retries", &["min", "max"]),
    ("error-delay-overflow", &["retry"]),
    ("error-total-overflow", &["retry"]),
    ("error-notation", &["example"]),
    ("error-too-large", &["max"]),
    ("error-too-small", &["min"]),
    ("calc-chart-summary", &["first", "last"]),
    ("calc-chart-summary-capped", &["first", "last", "retry"]),
    ("calc-chart-summary-constant", &["first"]),
    ("calc-read-as", &["value"]),
    ("error-clients", &["min", "max"]),
    ("error-attempts", &["min", "max"]),
    ("calc-herd-summary", &["peak", "width", "at"]),
];

/// The variables the calculator passes to message `id`; `None` when `id`
/// is not a calculator message that receives any. The durations' shapes
/// are `format::duration`'s, which every page writes too.
pub fn variables(id: &str) -> Option<&'static [&'static str]> {
    VARIABLES
        .iter()
        .find(|(m, _)| *m == id)
        .map(|(_, v)| *v)
        .or_else(|| crate::site::format::duration::variables(id))
}

/// The island's `contract` object: both halves of the contract as the
/// script reads them.
#[derive(Serialize)]
pub struct Island {
    pub fields: [Field; 5],
    /// The many-clients view: its field, which sets no input of the
    /// policy, and the figures of its buffer (`core::SPREAD`).
    pub clients: Field,
    pub spread: &'static [&'static str],
    pub spread_buckets: usize,
    pub inputs: &'static [&'static str],
    pub jitters: &'static [&'static str],
    pub row: &'static [&'static str],
    pub totals: usize,
    pub total: &'static [&'static str],
    pub schedule_len: usize,
    pub parts: &'static [&'static str],
    /// The distribution export's half, which the script uses when the
    /// module has that export; its error codes and their inputs extend the
    /// calculator's, so the script reads only those (the calculator's are
    /// not sent).
    pub distribution: DistributionIsland,
    /// The cost export's buffer: its figures by key, and its length.
    pub cost: CostIsland,
    /// The sample export's buffer and seeds.
    pub sample: SampleIsland,
}

/// The sample export's contract (`core::sample`) as the script reads it:
/// where the total lies after the delays, the buffer's length, the
/// generator's name (for the JSON) and the largest seed.
#[derive(Serialize)]
pub struct SampleIsland {
    pub total: usize,
    pub len: usize,
    pub generator: &'static str,
    pub max_seed: u64,
}

/// The cost export's contract (`core::cost`) as the script reads it.
#[derive(Serialize)]
pub struct CostIsland {
    pub figures: &'static [&'static str],
    /// The retry budget's figures from `budget_at`, and the budgets by
    /// code.
    pub budget_at: usize,
    pub budget: &'static [&'static str],
    pub budgets: &'static [&'static str],
    pub len: usize,
}

/// The distribution export's contract (`core::distribution`) as the script
/// reads it: its inputs, jitter kinds, error codes and their inputs (each
/// the calculator's, extended), and the distribution buffer's tables by
/// key, each with the offset where it starts. `attempt` rows follow one
/// another from `attempts`, attempt 1 first.
#[derive(Serialize)]
pub struct DistributionIsland {
    pub inputs: &'static [&'static str],
    pub jitters: &'static [&'static str],
    pub errors: &'static [&'static str],
    pub error_inputs: &'static [&'static str],
    pub totals: usize,
    pub total: &'static [&'static str],
    pub methods: usize,
    pub method: &'static [&'static str],
    pub attempts: usize,
    pub attempt: &'static [&'static str],
    pub fits: usize,
    pub fit: &'static [&'static str],
    pub len: usize,
    /// The fit export's buffer (`core::fit`): its answers by key.
    pub fit_answers: &'static [&'static str],
    pub fit_len: usize,
    /// Where the total wait's curve starts, and its points.
    pub curve: usize,
    pub curve_points: usize,
}

pub fn island(zero_max: ZeroMax) -> Island {
    Island {
        fields: fields(zero_max),
        clients: clients_field(),
        spread: &core::SPREAD,
        spread_buckets: core::SPREAD_BUCKETS,
        inputs: &core::INPUTS,
        jitters: &core::JITTERS,
        row: &core::ROW,
        totals: core::TOTALS,
        total: &core::TOTAL,
        schedule_len: core::SCHEDULE_LEN,
        parts: &core::PARTS,
        distribution: distribution_island(),
        cost: CostIsland {
            figures: &core::cost::COST,
            budget_at: core::cost::BUDGET_AT,
            budget: &core::cost::BUDGET,
            budgets: &core::cost::BUDGETS,
            len: core::cost::LEN,
        },
        sample: SampleIsland {
            total: core::sample::TOTAL,
            len: core::sample::LEN,
            generator: core::distribution::GENERATOR,
            max_seed: core::sample::MAX_SEED,
        },
    }
}

fn distribution_island() -> DistributionIsland {
    use core::distribution as d;
    DistributionIsland {
        inputs: &d::INPUTS,
        jitters: &d::JITTERS,
        errors: &d::ERRORS,
        error_inputs: &d::ERROR_INPUTS,
        totals: d::TOTALS,
        total: &d::TOTAL,
        methods: d::METHODS,
        method: &d::METHOD,
        attempts: d::ATTEMPTS,
        attempt: &d::ATTEMPT,
        fits: d::FITS,
        fit: &d::FIT,
        len: d::LEN,
        fit_answers: &core::fit::ANSWERS,
        fit_len: core::fit::LEN,
        curve: d::CURVE,
        curve_points: d::CURVE_POINTS,
    }
}

/// The many-clients view's field: how many clients fail together. The
/// script reads, checks, marks and keeps it in the URL as it does the other
/// fields, but it is no input of the policy (nor of its JSON document): it
/// goes to the module's `spread` export. Its error key is the module's
/// answer to a count outside its rule (`core::CLIENTS_ERROR`).
pub fn clients_field() -> Field {
    Field {
        name: "clients",
        input: "clients",
        label: "calc-clients-label",
        hint: "calc-clients-hint",
        error: "clients",
        delay: false,
        rule: Rule {
            min: 1.0,
            above: false,
            max: Some(f64::from(core::CLIENTS_MAX)),
            whole: true,
            zero_is_none: false,
        },
        only_with: None,
        unused_with: &[],
        unset: f64::from(core::CLIENTS_DEFAULT),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The inputs of a schedule the core accepts, with proportional
    /// jitter, which reads every input.
    fn good() -> [f64; core::INPUTS.len()] {
        let mut slots = [0.0; core::INPUTS.len()];
        let proportional = core::JITTERS
            .iter()
            .position(|k| *k == FACTOR_KIND)
            .unwrap();
        for (key, x) in [
            ("base", 100.0),
            ("multiplier", 2.0),
            ("max_delay", 1000.0),
            ("retries", 5.0),
            ("jitter", proportional as f64),
            ("jitter_factor", 0.5),
        ] {
            slots[core::input(key)] = x;
        }
        slots
    }

    /// What the core answers for `field` set to `x`: `Ok` or the error key.
    fn core_says(field: &Field, x: f64) -> Result<(), &'static str> {
        let mut slots = good();
        slots[core::input(field.input)] = if field.rule.zero_is_none && x == 0.0 {
            f64::NAN
        } else {
            x
        };
        let mut out = [0.0; core::SCHEDULE_LEN];
        core::run(&slots, &mut out).map_err(|r| core::ERRORS[r.code as usize - 1])
    }

    /// What the script does with the rule (`fits` in `static/calculator/form.js`).
    fn rule_says(rule: &Rule, x: f64) -> bool {
        (rule.zero_is_none && x == 0.0)
            || (!rule.whole || x.fract() == 0.0)
                && (if rule.above {
                    x > rule.min
                } else {
                    x >= rule.min
                })
                && rule.max.is_none_or(|m| x <= m)
    }

    #[test]
    fn every_rule_is_the_cores_at_its_edges() {
        for zero_max in [ZeroMax::Unlimited, ZeroMax::Refused] {
            for field in fields(zero_max) {
                let r = field.rule;
                let mut edges = vec![
                    r.min,
                    r.min.next_down(),
                    r.min.next_up(),
                    r.min + 0.5,
                    1e300,
                    0.0,
                ];
                if let Some(max) = r.max {
                    edges.extend([max, max.next_up(), max + 1.0]);
                }
                for x in edges {
                    let want = core_says(&field, x);
                    assert_eq!(
                        rule_says(&r, x),
                        want.is_ok(),
                        "{} = {x}: {want:?}",
                        field.name
                    );
                    if let Err(key) = want {
                        assert_eq!(key, field.error, "{} = {x}", field.name);
                    }
                }
            }
        }
    }

    #[test]
    fn every_field_sets_an_input_and_every_input_but_jitter_has_a_field() {
        let names: Vec<_> = fields(ZeroMax::Refused).map(|f| f.input).into();
        let mut inputs: Vec<_> = core::INPUTS
            .iter()
            .copied()
            .filter(|i| *i != "jitter")
            .collect();
        let mut sorted = names.clone();
        sorted.sort();
        inputs.sort();
        assert_eq!(sorted, inputs);
        for f in fields(ZeroMax::Refused) {
            assert!(core::ERRORS.contains(&f.error), "{}", f.name);
        }
    }

    #[test]
    fn check_provides_exactly_the_contracts_variables() {
        for (id, names) in VARIABLES {
            assert_eq!(
                crate::site::pages::message_variables(id, &[]),
                *names,
                "{id}"
            );
        }
        for (key, names) in crate::site::format::duration::SHAPES {
            let id = crate::site::format::duration::message_id(key);
            assert_eq!(
                crate::site::pages::message_variables(&id, &[]),
                names,
                "{id}"
            );
        }
        assert!(crate::site::pages::message_variables("calc-base-label", &[]).is_empty());
    }

    #[test]
    fn the_clients_rule_is_the_modules_at_its_edges() {
        let rule = clients_field().rule;
        let mut slots = good();
        slots[core::input("jitter")] = 1.0;
        let mut schedule = [0.0; core::SCHEDULE_LEN];
        core::run(&slots, &mut schedule).unwrap();
        let max = rule.max.unwrap();
        for x in [
            0.0,
            0.5,
            1.0,
            1.5,
            2.0,
            max - 1.0,
            max,
            max + 1.0,
            max.next_up(),
            1e300,
        ] {
            let (mut out, mut counts) = ([0.0; core::SPREAD_LEN], [0; core::SPREAD_BUCKETS]);
            let said = core::spread(&slots, &schedule, x, &mut out, &mut counts);
            assert_eq!(rule_says(&rule, x), said.is_ok(), "{x}: {said:?}");
            if let Err(refused) = said {
                assert_eq!(refused.code, core::CLIENTS_ERROR, "{x}");
            }
        }
        assert!(!core::INPUTS.contains(&clients_field().input));
    }

    #[test]
    fn error_messages_follow_the_keys() {
        assert_eq!(
            error_message("total_overflow", ZeroMax::Refused).as_deref(),
            Some("error-total-overflow")
        );
        assert_eq!(
            error_message("max_delay", ZeroMax::Unlimited).as_deref(),
            Some("error-max-delay-unlimited")
        );
        assert_eq!(error_message("jitter", ZeroMax::Refused), None);
        assert_eq!(
            variables("calc-chart-summary-capped"),
            Some(&["first", "last", "retry"][..])
        );
        assert_eq!(variables("intro"), None);
    }
}
