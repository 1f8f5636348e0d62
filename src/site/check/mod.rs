//! The translators' and authors' lints: what loading and rendering do not
//! already refuse, but a careful reviewer would.
//!
//! Loading (`site::load`) reports syntax errors, files and messages missing
//! against the reference language, stale messages and bad content
//! definitions; rendering reports Markdown and LaTeX that do not convert and
//! unknown variables. This module adds, per Fluent file: duplicate ids,
//! variables the build never provides or that the reference message does
//! not use, variables a translation drops, and plural selectors that miss a
//! CLDR category of their language; and it runs the text lints of each
//! language's data (`typography`, `glossary`). It reads; it never writes.

pub mod glossary;
pub mod prose;
pub mod status;
pub mod typography;

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use fluent_syntax::ast::{self, Expression, InlineExpression, Pattern, PatternElement, VariantKey};
use unic_langid::LanguageIdentifier;

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::site::check::glossary::Glossaries;
use crate::site::check::typography::Typography;
use crate::site::format::intl::plural_categories_of;
use crate::site::load::Site;
use crate::site::load::config::Config;
use crate::site::load::locales::{LocaleFile, MessageEntry};

/// The variables the build passes to a message, by message id: the
/// caller's answer (`pages::message_variables`, which asks each section for
/// its own), so that this module knows no section.
pub type Variables<'a> = &'a dyn Fn(&str) -> Vec<String>;

/// The CLDR plural categories of every language of the site, computed once.
pub type Categories = BTreeMap<LanguageIdentifier, BTreeSet<&'static str>>;

pub fn categories(config: &Config) -> Categories {
    config
        .languages
        .iter()
        .map(|l| (l.clone(), plural_categories_of(l)))
        .collect()
}

/// Lints one Fluent file. `reference` is the reference language's file of
/// the same name (`None` for the reference itself); `provided` the
/// variables each of its messages receives.
pub fn lint_file(
    file: &LocaleFile,
    reference: Option<&LocaleFile>,
    provided: Variables,
    categories: &Categories,
    diagnostics: &mut Diagnostics,
) {
    duplicate_ids(file, diagnostics);
    if let Some(required) = categories.get(&file.lang) {
        plural_categories(file, required, diagnostics);
    }
    variables(file, reference, provided, diagnostics);
}

/// Lints every site-wide Fluent file of `site` (a page's files are linted
/// with the page, `pages::unit`).
pub fn site_files(site: &Site, provided: Variables, diagnostics: &mut Diagnostics) {
    let categories = categories(&site.config);
    for file in &site.locales.files {
        let reference = site
            .locales
            .get(&site.config.reference, &file.name)
            .filter(|r| r.lang != file.lang);
        lint_file(file, reference, provided, &categories, diagnostics);
        lint_text(
            file,
            reference,
            &site.typography,
            &site.glossaries,
            diagnostics,
        );
    }
}

/// The text lints of one Fluent file, each language's rules from its data
/// files: typography (`typography.toml`) and terms (`glossary.toml`).
/// `reference` as for [`lint_file`].
pub fn lint_text(
    file: &LocaleFile,
    reference: Option<&LocaleFile>,
    typography: &Typography,
    glossaries: &Glossaries,
    diagnostics: &mut Diagnostics,
) {
    if let Some(rules) = typography.get(&file.lang) {
        crate::site::check::typography::lint_file(file, rules, diagnostics);
    }
    crate::site::check::glossary::lint_file(file, reference, glossaries, diagnostics);
}

/// A page's URL segment in `file`'s language: its `slug` message when it has
/// one, which must be plain lowercase ASCII words joined by hyphens, since
/// it becomes a folder name and a URL segment. `Ok(None)` without one.
pub fn translated_slug(file: &LocaleFile) -> Result<Option<String>, Diagnostic> {
    let Some(entry) = file.messages().iter().find(|m| m.id == "slug") else {
        return Ok(None);
    };
    let text = plain_value(file, "slug").unwrap_or_default();
    if crate::identifier::is_identifier(&text) {
        Ok(Some(text))
    } else {
        Err(at_message(
            Diagnostic::error(&file.path, format!("the slug `{text}` is not URL-safe"))
                .with_hint("use lowercase ASCII letters, digits and hyphens, like `rechner`"),
            file,
            entry,
        ))
    }
}

/// The text of a message whose value is plain text (no placeables).
fn plain_value(file: &LocaleFile, id: &str) -> Option<String> {
    file.resource.entries().find_map(|entry| match entry {
        ast::Entry::Message(m) if m.id.name == id => {
            let mut text = String::new();
            for element in &m.value.as_ref()?.elements {
                match element {
                    PatternElement::TextElement { value } => text.push_str(value),
                    PatternElement::Placeable { .. } => return Some(String::from("{…}")),
                }
            }
            Some(text.trim().to_string())
        }
        _ => None,
    })
}

fn duplicate_ids(file: &LocaleFile, diagnostics: &mut Diagnostics) {
    let mut seen = HashSet::new();
    for message in file.messages() {
        if !seen.insert(message.id.as_str()) {
            diagnostics.push(at_message(
                Diagnostic::error(
                    &file.path,
                    format!("message `{}` is defined twice in this file", message.id),
                )
                .with_hint(
                    "Fluent uses the first definition and ignores the others: delete or rename one",
                ),
                file,
                message,
            ));
        }
    }
}

fn at_message(diagnostic: Diagnostic, file: &LocaleFile, message: &MessageEntry) -> Diagnostic {
    file.at(
        diagnostic,
        message.offset,
        message.offset + message.id.len(),
    )
}

/// The variables each message of `file` uses, by message id (the last
/// definition of an id, as before). Names borrow from the file: a file of
/// 200,000 messages costs no string copies.
fn used_variables(file: &LocaleFile) -> HashMap<&str, BTreeSet<&str>> {
    let mut out = HashMap::new();
    for entry in file.resource.entries() {
        if let ast::Entry::Message(message) = entry {
            let mut used = BTreeSet::new();
            if let Some(value) = &message.value {
                pattern_variables(value, &mut used);
            }
            for attribute in &message.attributes {
                pattern_variables(&attribute.value, &mut used);
            }
            out.insert(message.id.name, used);
        }
    }
    out
}

fn pattern_variables<'r>(pattern: &Pattern<&'r str>, used: &mut BTreeSet<&'r str>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, used);
        }
    }
}

fn expression_variables<'r>(expression: &Expression<&'r str>, used: &mut BTreeSet<&'r str>) {
    match expression {
        Expression::Select { selector, variants } => {
            inline_variables(selector, used);
            for variant in variants {
                pattern_variables(&variant.value, used);
            }
        }
        Expression::Inline(inline) => inline_variables(inline, used),
    }
}

fn inline_variables<'r>(inline: &InlineExpression<&'r str>, used: &mut BTreeSet<&'r str>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            used.insert(id.name);
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_variables(argument, used);
            }
            for argument in &arguments.named {
                inline_variables(&argument.value, used);
            }
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, used),
        _ => {}
    }
}

fn variables(
    file: &LocaleFile,
    reference_file: Option<&LocaleFile>,
    provided_variables: Variables,
    diagnostics: &mut Diagnostics,
) {
    {
        let used = used_variables(file);
        let reference_used = reference_file.map(used_variables);
        let reference = reference_file.map_or_else(|| file.lang.clone(), |r| r.lang.clone());
        for message in file.messages() {
            let Some(variables) = used.get(message.id.as_str()) else {
                continue;
            };
            let english = reference_used
                .as_ref()
                .and_then(|r| r.get(message.id.as_str()));
            if variables.is_empty() && english.is_none_or(BTreeSet::is_empty) {
                continue;
            }
            let provided = provided_variables(&message.id);
            let is_provided = |variable: &str| provided.iter().any(|p| p == variable);
            for &variable in variables {
                if !is_provided(variable) {
                    diagnostics.push(at_message(
                        Diagnostic::error(
                            &file.path,
                            format!(
                                "message `{}` uses `${variable}`, which the build never provides",
                                message.id
                            ),
                        )
                        .with_hint(if provided.is_empty() {
                            "this message gets no variables".to_string()
                        } else {
                            format!(
                                "available here: {}",
                                provided
                                    .iter()
                                    .map(|p| format!("${p}"))
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            )
                        }),
                        file,
                        message,
                    ));
                } else if file.lang != reference && english.is_some_and(|e| !e.contains(variable)) {
                    diagnostics.push(at_message(
                        Diagnostic::warning(
                            &file.path,
                            format!("message `{}` uses `${variable}`, which the {reference} message does not", message.id),
                        ),
                        file,
                        message,
                    ));
                }
            }
            if file.lang != reference {
                for &variable in english.into_iter().flatten() {
                    if !variables.contains(variable) && is_provided(variable) {
                        diagnostics.push(at_message(
                            Diagnostic::warning(
                                &file.path,
                                format!("message `{}` never shows `${variable}`, which the {reference} message shows", message.id),
                            ),
                            file,
                            message,
                        ));
                    }
                }
            }
        }
    }
}

fn plural_categories(
    file: &LocaleFile,
    required: &BTreeSet<&'static str>,
    diagnostics: &mut Diagnostics,
) {
    for entry in file.resource.entries() {
        let ast::Entry::Message(message) = entry else {
            continue;
        };
        let mut selects = Vec::new();
        if let Some(value) = &message.value {
            collect_selects(value, &mut selects);
        }
        for attribute in &message.attributes {
            collect_selects(&attribute.value, &mut selects);
        }
        for keys in selects {
            // Only selectors that speak CLDR categories are plural selectors.
            if !keys
                .iter()
                .any(|k| required.contains(k.as_str()) && k != "other")
            {
                continue;
            }
            let missing: Vec<&str> = required
                .iter()
                .copied()
                .filter(|c| !keys.iter().any(|k| k == c))
                .collect();
            if !missing.is_empty() {
                let position = file.offset_of(message.id.name);
                let diagnostic = Diagnostic::error(
                    &file.path,
                    format!(
                        "a plural selector in `{}` has no variant for {} (`{}` needs {})",
                        message.id.name,
                        missing
                            .iter()
                            .map(|c| format!("[{c}]"))
                            .collect::<Vec<_>>()
                            .join(", "),
                        file.lang,
                        required.iter().copied().collect::<Vec<_>>().join(", ")
                    ),
                )
                .with_hint("add the missing variants; the default one (`*[…]`) is only a fallback");
                diagnostics.push(match position {
                    Some(offset) => file.at(diagnostic, offset, offset + message.id.name.len()),
                    None => diagnostic,
                });
            }
        }
    }
}

/// The variant keys of every select expression in `pattern`.
fn collect_selects(pattern: &Pattern<&str>, out: &mut Vec<Vec<String>>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            collect_expression_selects(expression, out);
        }
    }
}

fn collect_expression_selects(expression: &Expression<&str>, out: &mut Vec<Vec<String>>) {
    match expression {
        Expression::Select { variants, .. } => {
            out.push(
                variants
                    .iter()
                    .map(|v| match &v.key {
                        VariantKey::Identifier { name } => name.to_string(),
                        VariantKey::NumberLiteral { value } => value.to_string(),
                    })
                    .collect(),
            );
            for variant in variants {
                collect_selects(&variant.value, out);
            }
        }
        Expression::Inline(InlineExpression::Placeable { expression }) => {
            collect_expression_selects(expression, out)
        }
        Expression::Inline(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cldr_categories_per_language() {
        let of = |code: &str| {
            plural_categories_of(&code.parse().unwrap())
                .into_iter()
                .collect::<Vec<_>>()
        };
        assert_eq!(of("ru"), ["few", "many", "one", "other"]);
        assert_eq!(of("en"), ["one", "other"]);
        assert_eq!(of("de"), ["one", "other"]);
    }
}
