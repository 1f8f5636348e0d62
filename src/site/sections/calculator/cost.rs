//! What the retries cost the server, as the calculator words it: the
//! optional failure rate and layers fields, and the words of the figures
//! the script shows once a failure rate is given (the base module's `cost`
//! export, `backoff_core::contract::cost`, the same function as `schedule
//! --failure-rate P --layers L`).
//!
//! The page's defaults give no failure rate, so the build shows no cost:
//! the fields start empty and `static/calculator/cost.js` writes the
//! figures. This module words the fields and the figures' labels for the
//! island; it computes and formats no figure.

use crate::backoff::contract::cost::LAYERS_MAX;
use crate::site::sections::calculator::contract::{Field, Rule};

/// The optional fields, in the form's order: the failure rate per attempt
/// (a probability), and the layers that each run the policy, which need a
/// failure rate (`error-layers-without-failure-rate`).
pub fn fields() -> [Field; 2] {
    [
        Field {
            name: "failure",
            input: "failure_rate",
            label: "calc-failure-rate-label",
            hint: "calc-failure-rate-hint",
            error: "failure_rate",
            delay: false,
            rule: Rule {
                min: 0.0,
                above: false,
                max: Some(1.0),
                whole: false,
                zero_is_none: false,
            },
            only_with: None,
            unused_with: &[],
            unset: f64::NAN,
        },
        Field {
            name: "layers",
            input: "layers",
            label: "calc-layers-label",
            hint: "calc-layers-hint",
            error: "layers",
            delay: false,
            rule: Rule {
                min: 1.0,
                above: false,
                max: Some(f64::from(LAYERS_MAX)),
                whole: true,
                zero_is_none: false,
            },
            only_with: None,
            unused_with: &[],
            unset: f64::NAN,
        },
    ]
}

/// The island's words of the cost, by key: the labels of the figures, with
/// `{budget}` where the script puts a retry budget's name
/// (`budget_<name>`, [`budget_names`]). The labels whose count needs a
/// plural form are the island's `cost_bottom` and `budget_figure`.
pub const TEXT: [(&str, &str); 12] = [
    ("budget_from_full", "calc-budget-from-full"),
    ("budget_in_a_row", "calc-budget-in-a-row"),
    ("budget_never", "calc-budget-never"),
    ("budget_held", "calc-budget-held"),
    ("budget_edge", "calc-budget-edge"),
    ("cost_attempts", "calc-cost-attempts"),
    ("cost_success", "calc-cost-success"),
    ("cost_bottom_worst", "calc-cost-bottom-worst"),
    ("cost_top_success", "calc-cost-top-success"),
    ("cost_percent", "calc-cost-percent"),
    ("cost_note", "calc-cost-note"),
    (
        "error_layers_without_failure_rate",
        "error-layers-without-failure-rate",
    ),
];

/// The island's key and message id of each retry budget's name.
pub fn budget_names() -> impl Iterator<Item = (String, String)> {
    crate::backoff::contract::cost::BUDGETS
        .iter()
        .map(|name| (format!("budget_{name}"), format!("calc-budget-{name}")))
}

/// The messages that receive variables, and their names.
pub const VARIABLES: &[(&str, &[&str])] = &[
    ("error-failure-rate", &["min", "max"]),
    ("error-layers", &["min", "max"]),
    ("calc-cost-bottom", &["layers"]),
    ("calc-cost-percent", &["percent"]),
    ("calc-budget-from-full", &["budget"]),
    ("calc-budget-in-a-row", &["budget"]),
    ("calc-budget-from-full-figure", &["retries", "calls"]),
    ("calc-budget-held", &["budget"]),
    ("calc-budget-edge", &["budget"]),
    ("calc-budget-grpc-throttling-example", &["spec"]),
    ("calc-budget-aws-retry-quota-2026", &["switch"]),
];

/// The names the budgets' names hold, the same in every language.
pub const NAMES: [(&str, &str); 2] = [("spec", "gRFC A6"), ("switch", "AWS_NEW_RETRIES_2026")];

/// The variables the cost passes to message `id`, if it is one of its own.
pub fn variables(id: &str) -> Option<&'static [&'static str]> {
    VARIABLES.iter().find(|(m, _)| *m == id).map(|(_, v)| *v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backoff::contract::cost;

    /// Each field's rule is the core's: what the rule takes the export
    /// computes, what it refuses the export refuses with the field's code.
    #[test]
    fn the_fields_follow_the_cores_rule() {
        let [rate, layers] = fields();
        let keeps = |r: &Rule, x: f64| {
            (!r.whole || x.fract() == 0.0) && x >= r.min && r.max.is_none_or(|m| x <= m)
        };
        let mut out = [0.0; cost::LEN];
        for x in [-0.01, 0.0, 0.3, 1.0, 1.01] {
            let got = cost::cost(3.0, x, 1.0, f64::NAN, &mut out);
            assert_eq!(got.is_ok(), keeps(&rate.rule, x), "rate {x}");
            if let Err(refused) = got {
                assert_eq!(refused.code, cost::FAILURE_RATE_ERROR);
            }
        }
        for x in [0.0, 1.0, 2.5, 10.0, 11.0] {
            let got = cost::cost(3.0, 0.5, x, f64::NAN, &mut out);
            assert_eq!(got.is_ok(), keeps(&layers.rule, x), "layers {x}");
            if let Err(refused) = got {
                assert_eq!(refused.code, cost::LAYERS_ERROR);
            }
        }
    }
}
