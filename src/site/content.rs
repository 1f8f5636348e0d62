//! Page definitions: `content/<slug>.toml`, one per page, language-neutral.
//!
//! A definition says which template renders the page, the order of its
//! sections, its FAQ entries, its worked examples' parameters, the
//! calculator's profile and the LaTeX skeletons of its formulas. It holds no
//! human text (that is in Fluent) and no computed figure (the core computes
//! them from the parameters here).
//!
//! Every parameter is run through the core while loading, so a policy the
//! core refuses is reported against the content file, not discovered while
//! rendering.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::backoff::{Jitter, Policy, Schedule};
use crate::diagnostics::Diagnostic;
use crate::report::Unit;
use crate::site::config::toml_diagnostic;

/// The templates a page can name.
pub const TEMPLATES: &[&str] = &["explainer"];

/// A section of an explainer page, in the order the definition lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    Intro,
    Calculator,
    HowTo,
    Formula,
    Example,
    Tips,
    Faq,
}

impl Section {
    const ALL: [Section; 7] = [
        Section::Intro,
        Section::Calculator,
        Section::HowTo,
        Section::Formula,
        Section::Example,
        Section::Tips,
        Section::Faq,
    ];

    /// The section's name in content files, its HTML id and the prefix of its
    /// Fluent messages (`how-to-heading`, `how-to`).
    pub const fn id(self) -> &'static str {
        match self {
            Section::Intro => "intro",
            Section::Calculator => "calculator",
            Section::HowTo => "how-to",
            Section::Formula => "formula",
            Section::Example => "example",
            Section::Tips => "tips",
            Section::Faq => "faq",
        }
    }

    fn from_id(id: &str) -> Option<Section> {
        Section::ALL.into_iter().find(|s| s.id() == id)
    }
}

/// What a maximum delay of zero means in a page's calculator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ZeroMax {
    /// Zero means "no limit" (the Russian source).
    Unlimited,
    /// Zero is refused: the maximum must be greater than zero (the German source).
    Refused,
}

/// A policy with its unit, as written in a content file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPolicy {
    unit: Unit,
    base: f64,
    multiplier: f64,
    /// Absent, or (with `zero_max = "unlimited"`) zero, for no limit.
    max_delay: Option<f64>,
    retries: i64,
    jitter: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCalculator {
    units: Vec<Unit>,
    zero_max: ZeroMax,
    #[serde(flatten)]
    defaults: RawPolicy,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExample {
    id: String,
    #[serde(flatten)]
    policy: RawPolicy,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPage {
    template: String,
    order: u32,
    /// Whether the page is linked from every page's navigation; a large
    /// site lists most pages on its home pages only.
    #[serde(default = "yes")]
    nav: bool,
    sections: Vec<String>,
    faq: Vec<String>,
    calculator: RawCalculator,
    #[serde(default)]
    examples: Vec<RawExample>,
    #[serde(default)]
    formulas: BTreeMap<String, String>,
}

/// The calculator's profile on one page.
#[derive(Clone, Debug)]
pub struct CalculatorProfile {
    /// The units the page offers; the first is the default.
    pub units: Vec<Unit>,
    pub zero_max: ZeroMax,
    /// The inputs the calculator starts with; the static table shows them.
    pub defaults: Policy,
    pub unit: Unit,
}

/// A worked example: a policy whose schedule a Fluent message describes.
#[derive(Clone, Debug)]
pub struct Example {
    /// The message `example-<id>` describes it.
    pub id: String,
    pub policy: Policy,
    pub unit: Unit,
}

/// A validated page definition.
#[derive(Clone, Debug)]
pub struct Page {
    /// The file name without `.toml`; also the page's Fluent file name and,
    /// unless translated, its URL segment.
    pub slug: String,
    pub path: PathBuf,
    pub template: String,
    pub order: u32,
    /// Linked from the navigation of every page.
    pub in_nav: bool,
    pub sections: Vec<Section>,
    pub faq: Vec<String>,
    pub calculator: CalculatorProfile,
    pub examples: Vec<Example>,
    /// Fluent argument name → LaTeX, where `@message-id` stands for a word
    /// taken from the page's messages.
    pub formulas: Vec<(String, String)>,
}

/// Whether `s` is a safe slug or id: lowercase ASCII letters, digits and
/// inner hyphens. This keeps slugs safe as folder names and URL segments
/// (no `..`, no `/`), and ids valid as Fluent identifiers.
pub fn is_identifier(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && s.as_bytes()[0].is_ascii_lowercase()
        && !s.ends_with('-')
}

fn yes() -> bool {
    true
}

/// Reads and validates one page definition.
pub fn parse(path: &Path, source: &str) -> Result<Page, Vec<Diagnostic>> {
    let slug = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default()
        .to_string();
    let mut problems = Vec::new();
    if !is_identifier(&slug) {
        problems.push(
            Diagnostic::error(path, format!("`{slug}` cannot be a page slug"))
                .with_hint("name content files with lowercase letters, digits and hyphens, like `retry-budget.toml`"),
        );
    }
    let raw: RawPage = match toml::from_str(source) {
        Ok(raw) => raw,
        Err(err) => {
            problems.push(toml_diagnostic(path, source, &err));
            return Err(problems);
        }
    };
    if !TEMPLATES.contains(&raw.template.as_str()) {
        problems.push(
            Diagnostic::error(path, format!("unknown template `{}`", raw.template))
                .at_text(source, &format!("\"{}\"", raw.template))
                .with_hint(format!("known templates: {}", TEMPLATES.join(", "))),
        );
    }
    let mut sections = Vec::new();
    for id in &raw.sections {
        match Section::from_id(id) {
            Some(s) if sections.contains(&s) => problems.push(
                Diagnostic::error(path, format!("section `{id}` is listed twice"))
                    .at_text(source, &format!("\"{id}\"")),
            ),
            Some(s) => sections.push(s),
            None => problems.push(
                Diagnostic::error(path, format!("unknown section `{id}`"))
                    .at_text(source, &format!("\"{id}\""))
                    .with_hint(format!(
                        "known sections: {}",
                        Section::ALL.map(Section::id).join(", ")
                    )),
            ),
        }
    }
    for id in &raw.faq {
        if !is_identifier(id) {
            problems.push(
                Diagnostic::error(path, format!("`{id}` cannot be a FAQ id"))
                    .at_text(source, &format!("\"{id}\""))
                    .with_hint("use lowercase letters, digits and hyphens"),
            );
        }
    }
    let zero_max = raw.calculator.zero_max;
    let defaults = policy(
        path,
        source,
        "calculator",
        &raw.calculator.defaults,
        zero_max,
    );
    if !raw.calculator.units.contains(&raw.calculator.defaults.unit) {
        problems.push(
            Diagnostic::error(path, "the calculator's `unit` is not one of its `units`")
                .at_text(source, "units"),
        );
    }
    let mut examples = Vec::new();
    for example in &raw.examples {
        if !is_identifier(&example.id) || examples.iter().any(|e: &Example| e.id == example.id) {
            problems.push(
                Diagnostic::error(
                    path,
                    format!("example id `{}` is not a unique identifier", example.id),
                )
                .at_text(source, &format!("\"{}\"", example.id)),
            );
        }
        // Examples follow the page's own rule for a zero maximum.
        match policy(path, source, &example.id, &example.policy, zero_max) {
            Ok(p) => examples.push(Example {
                id: example.id.clone(),
                policy: p,
                unit: example.policy.unit,
            }),
            Err(d) => problems.push(d),
        }
    }
    for name in raw.formulas.keys() {
        if !is_identifier(name) {
            problems.push(
                Diagnostic::error(path, format!("`{name}` cannot be a formula name"))
                    .at_text(source, name),
            );
        }
    }
    let defaults = match defaults {
        Ok(p) => p,
        Err(d) => {
            problems.push(d);
            return Err(problems);
        }
    };
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Page {
        slug,
        path: path.to_path_buf(),
        template: raw.template,
        order: raw.order,
        in_nav: raw.nav,
        sections,
        faq: raw.faq,
        calculator: CalculatorProfile {
            units: raw.calculator.units,
            zero_max,
            defaults,
            unit: raw.calculator.defaults.unit,
        },
        examples,
        formulas: raw.formulas.into_iter().collect(),
    })
}

/// Turns written parameters into a policy the core accepts, or a diagnostic
/// that says which parameter of which block the core refused.
fn policy(
    path: &Path,
    source: &str,
    block: &str,
    raw: &RawPolicy,
    zero_max: ZeroMax,
) -> Result<Policy, Diagnostic> {
    let refuse = |field: &str, rule: String| {
        Diagnostic::error(path, format!("`{block}`: `{field}` {rule}"))
            .at_text(source, &format!("{field} ="))
    };
    let jitter = Jitter::from_name(&raw.jitter)
        .ok_or_else(|| refuse("jitter", "must be one of none, full, equal".into()))?;
    let retries = u32::try_from(raw.retries).unwrap_or(0);
    let max_delay = match raw.max_delay {
        Some(m) if m == 0.0 && zero_max == ZeroMax::Unlimited => None,
        other => other,
    };
    let policy = Policy {
        base: raw.base,
        multiplier: raw.multiplier,
        max_delay,
        retries,
        jitter,
    };
    match Schedule::new(policy) {
        Ok(_) => Ok(policy),
        Err(err) => Err(refuse(
            err.field(),
            format!("is refused by the core: {err}"),
        )),
    }
}
