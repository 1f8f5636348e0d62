//! Page definitions: `content/<slug>.toml`, one per page, language-neutral.
//!
//! A definition says which template renders the page, the order of its
//! sections, its FAQ entries, its worked examples' parameters, the
//! calculator's profile, the contention experiment's parameters
//! (`[contention]`, checked by `experiment.rs`), the retry-storm
//! scenarios (`[storms]`, `storms.rs`), the LaTeX skeletons of
//! its formulas, and the figures and code listings its messages name
//! (validated by `values`). It holds no human text (that is in
//! Fluent) and no computed figure (the core, `experiment.rs` and
//! `values` compute them from the parameters here).
//!
//! Every parameter is run through the core, and every formula skeleton
//! through the formula converter, while loading: a policy the core refuses
//! or a formula that does not convert is reported once, at its value in the
//! content file (values are read as `toml::Spanned`), not discovered while
//! rendering each language.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use pulldown_latex::config::DisplayMode;
use serde::Deserialize;
use toml::Spanned;

use crate::backoff::Policy;
use crate::backoff::dist::{DistError, Limits};
use crate::diagnostics::Diagnostic;
use crate::diagnostics::toml_diagnostic;
use crate::identifier::is_identifier;
use crate::report::Unit;
use crate::site::format::markdown;
use contention::{Contention, RawContention};
pub use policy::ZeroMax;
use policy::{RawPolicy, policy};
use storms::{RawStorms, Storms};
use values::{PageValues, RawAmplification, RawListing};

pub mod contention;
mod policy;
mod published;
mod section;
pub mod storms;
pub mod values;
pub mod words;
pub use section::Section;

/// The templates a page can name. Every page is an explainer today, so the
/// name is checked (a typo or a kind of page not built yet is an error) but
/// not carried into [`Page`].
pub const TEMPLATES: &[&str] = &["explainer"];

// `RawCalculator` and `RawExample` each list the policy's fields rather
// than share them through `#[serde(flatten)]`: serde does not support
// `flatten` together with `deny_unknown_fields` (serde.rs, "Struct
// flattening"), and a misspelt key must stay an error.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCalculator {
    units: Spanned<Vec<Unit>>,
    zero_max: ZeroMax,
    unit: Spanned<Unit>,
    base: Spanned<f64>,
    multiplier: Spanned<f64>,
    max_delay: Option<Spanned<f64>>,
    retries: Spanned<i64>,
    jitter: Spanned<String>,
    /// The attempt timeline's timeout per attempt and overall deadline,
    /// both optional.
    timeout: Option<Spanned<f64>>,
    deadline: Option<Spanned<f64>>,
}

impl RawCalculator {
    fn policy(&self) -> RawPolicy {
        RawPolicy {
            base: self.base.clone(),
            multiplier: self.multiplier.clone(),
            max_delay: self.max_delay.clone(),
            retries: self.retries.clone(),
            jitter: self.jitter.clone(),
            block: self.units.span(),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExample {
    id: Spanned<String>,
    unit: Unit,
    base: Spanned<f64>,
    multiplier: Spanned<f64>,
    max_delay: Option<Spanned<f64>>,
    retries: Spanned<i64>,
    jitter: Spanned<String>,
}

impl RawExample {
    fn policy(&self) -> RawPolicy {
        RawPolicy {
            base: self.base.clone(),
            multiplier: self.multiplier.clone(),
            max_delay: self.max_delay.clone(),
            retries: self.retries.clone(),
            jitter: self.jitter.clone(),
            block: self.id.span(),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPage {
    template: Spanned<String>,
    order: u32,
    /// Whether the page is linked from every page's navigation; a large
    /// site lists most pages on its home pages only.
    #[serde(default = "yes")]
    nav: bool,
    sections: Vec<Spanned<String>>,
    faq: Vec<Spanned<String>>,
    /// Required when the page lists the `calculator` section, refused
    /// otherwise.
    calculator: Option<RawCalculator>,
    /// Required when the page lists a section of the contention experiment.
    contention: Option<Spanned<RawContention>>,
    /// Required when the page lists a section of the retry storms.
    storms: Option<Spanned<RawStorms>>,
    #[serde(default)]
    examples: Vec<RawExample>,
    #[serde(default)]
    formulas: BTreeMap<Spanned<String>, Spanned<String>>,
    #[serde(default)]
    figures: BTreeMap<Spanned<String>, Spanned<f64>>,
    amplification: Option<RawAmplification>,
    #[serde(default)]
    listings: BTreeMap<Spanned<String>, RawListing>,
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
    /// The timeout and deadline the calculator starts with (none given:
    /// no timeline).
    pub limits: Limits,
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
    pub order: u32,
    /// Linked from the navigation of every page.
    pub in_nav: bool,
    pub sections: Vec<Section>,
    pub faq: Vec<String>,
    /// Present exactly when the page lists the `calculator` section.
    pub calculator: Option<CalculatorProfile>,
    /// Present exactly when the page lists a contention section.
    pub contention: Option<Contention>,
    /// Present exactly when the page lists a retry-storm section.
    pub storms: Option<Storms>,
    pub examples: Vec<Example>,
    /// Fluent argument name → LaTeX, where `@message-id` stands for a word
    /// taken from the page's messages.
    pub formulas: Vec<(String, String)>,
    /// Figures and code listings the page's messages name (`values`).
    pub values: PageValues,
}

impl Page {
    /// The names of the page's arguments: its formulas, figures, listings.
    pub fn argument_names(&self) -> Vec<String> {
        self.formulas
            .iter()
            .map(|(name, _)| name.as_str())
            .chain(self.values.names())
            .map(str::to_string)
            .collect()
    }
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
    // A diagnostic pointing at the value `spanned` came from.
    let at = |message: String, span: Range<usize>| {
        Diagnostic::error(path, message).at(source, span.start, span.end)
    };
    if !TEMPLATES.contains(&raw.template.get_ref().as_str()) {
        problems.push(
            at(
                format!("unknown template `{}`", raw.template.get_ref()),
                raw.template.span(),
            )
            .with_hint(format!("known templates: {}", TEMPLATES.join(", "))),
        );
    }
    let mut sections = Vec::new();
    for id in &raw.sections {
        match Section::from_id(id.get_ref()) {
            Some(s) if sections.contains(&s) => problems.push(at(
                format!("section `{}` is listed twice", id.get_ref()),
                id.span(),
            )),
            Some(s) => sections.push(s),
            None => problems.push(
                at(format!("unknown section `{}`", id.get_ref()), id.span()).with_hint(format!(
                    "known sections: {}",
                    Section::ALL.map(Section::id).join(", ")
                )),
            ),
        }
    }
    for id in &raw.faq {
        if !is_identifier(id.get_ref()) {
            problems.push(
                at(format!("`{}` cannot be a FAQ id", id.get_ref()), id.span())
                    .with_hint("use lowercase letters, digits and hyphens"),
            );
        }
    }
    // Without a calculator, examples refuse a zero maximum (the stricter rule).
    let zero_max = raw
        .calculator
        .as_ref()
        .map_or(ZeroMax::Refused, |c| c.zero_max);
    let mut calculator = None;
    match &raw.calculator {
        // A profile no page shows would be lost without a word.
        Some(_) if !sections.contains(&Section::Calculator) => problems.push(
            Diagnostic::error(
                path,
                "the page has a `[calculator]` table but does not list the `calculator` section, so nothing would show it",
            )
            .at_text(source, "[calculator]")
            .with_hint("add `calculator` to `sections`, or remove the table"),
        ),
        Some(raw_calculator) => {
            let unit = *raw_calculator.unit.get_ref();
            if !raw_calculator.units.get_ref().contains(&unit) {
                problems.push(at(
                    "the calculator's `unit` is not one of its `units`".into(),
                    raw_calculator.unit.span(),
                ));
            }
            match policy(
                path,
                source,
                "calculator",
                &raw_calculator.policy(),
                zero_max,
            ) {
                Ok(defaults) => match limits(path, source, raw_calculator) {
                    Ok(limits) => {
                        calculator = Some(CalculatorProfile {
                            units: raw_calculator.units.get_ref().clone(),
                            zero_max,
                            defaults,
                            unit,
                            limits,
                        })
                    }
                    Err(d) => problems.push(d),
                },
                Err(d) => problems.push(d),
            }
        }
        None if sections.contains(&Section::Calculator) => problems.push(
            Diagnostic::error(
                path,
                "the page lists the `calculator` section but has no `[calculator]` table",
            )
            .with_hint("add a `[calculator]` table with the calculator's defaults"),
        ),
        None => {}
    }
    let needed_by = sections.iter().find(|s| s.needs_contention());
    let contention = contention::from_table(
        path,
        source,
        raw.contention.as_ref(),
        needed_by.map(|s| s.id()),
    )
    .unwrap_or_else(|mut found| {
        problems.append(&mut found);
        None
    });
    let storms = storms::from_table(
        path,
        source,
        raw.storms.as_ref(),
        sections.iter().find(|s| s.needs_storms()).map(|s| s.id()),
    )
    .unwrap_or_else(|mut found| {
        problems.append(&mut found);
        None
    });
    let mut examples = Vec::new();
    for example in &raw.examples {
        let id = example.id.get_ref();
        if !is_identifier(id) || examples.iter().any(|e: &Example| &e.id == id) {
            problems.push(at(
                format!("example id `{id}` is not a unique identifier"),
                example.id.span(),
            ));
        }
        // Examples follow the page's own rule for a zero maximum.
        match policy(path, source, id, &example.policy(), zero_max) {
            Ok(p) => examples.push(Example {
                id: id.clone(),
                policy: p,
                unit: example.unit,
            }),
            Err(d) => problems.push(d),
        }
    }
    for (name, latex) in &raw.formulas {
        if !is_identifier(name.get_ref()) {
            problems.push(at(
                format!("`{}` cannot be a formula name", name.get_ref()),
                name.span(),
            ));
        }
        // The formula is checked here, once, with each word's id standing
        // in for the word: a broken skeleton is the content file's problem,
        // not one of every language's `formula` message.
        let sample = words::fill_words(latex.get_ref(), str::to_string);
        if let Err(err) = markdown::mathml(&sample, DisplayMode::Block) {
            problems.push(at(
                format!("formula `{}`: {}", name.get_ref(), err.message),
                latex.span(),
            ));
        }
    }
    let formula_names: Vec<&str> = raw.formulas.keys().map(|n| n.get_ref().as_str()).collect();
    let values = values::parse(
        path,
        source,
        &formula_names,
        &raw.figures,
        raw.amplification.as_ref(),
        &raw.listings,
        &mut problems,
    );
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Page {
        slug,
        path: path.to_path_buf(),
        order: raw.order,
        in_nav: raw.nav,
        sections,
        faq: raw.faq.into_iter().map(Spanned::into_inner).collect(),
        calculator,
        contention,
        storms,
        examples,
        formulas: raw
            .formulas
            .into_iter()
            .map(|(name, latex)| (name.into_inner(), latex.into_inner()))
            .collect(),
        values,
    })
}

/// The calculator's timeout and deadline, checked by the core's rule; a
/// problem points at the value it is about.
fn limits(path: &Path, source: &str, raw: &RawCalculator) -> Result<Limits, Diagnostic> {
    let limits = Limits {
        timeout: raw.timeout.as_ref().map(|t| *t.get_ref()),
        deadline: raw.deadline.as_ref().map(|d| *d.get_ref()),
    };
    limits.validate().map_err(|e| {
        let span = match e {
            DistError::Timeout => raw.timeout.as_ref().map(Spanned::span),
            _ => raw.deadline.as_ref().map(Spanned::span),
        }
        .unwrap_or_else(|| raw.units.span());
        Diagnostic::error(path, format!("`calculator`: {e}")).at(source, span.start, span.end)
    })?;
    Ok(limits)
}
