//! The calculator's "as code" part: the policy the calculator starts with
//! as configuration for each library `crate::snippets` knows, shown in
//! `<details>` so that readers without JavaScript get it too, and the
//! data (a JSON asset, one per language, which the script fetches) from
//! which the script shows the policy in the form as the reader types: each library's recipe, the notes of what
//! differs with their figures left as holes, the jitter kinds' names as a
//! sentence writes them (`jitter-<kind>-inline`).
//!
//! The code comes from `crate::snippets` (one module for every library,
//! from the core's policy); this module only hands it the translated
//! comments and turns each difference into its Fluent message
//! (`calc-code-differs-<code>`, durations in milliseconds with their unit),
//! by the same holes the script fills ([`note`]). Code is never
//! translated; comments and notes are.

use fluent_bundle::FluentArgs;

use crate::backoff::Policy;
use crate::report::Unit;
use crate::site::format::duration;
use crate::site::format::intl::Intl;
use crate::site::format::json::script_json;
use crate::site::format::texts::Texts;
use crate::snippets::{self, Comments, Difference, DifferenceCode, Var};

/// The variables each `calc-code-*` message receives, for `check`.
pub fn variables(id: &str) -> Option<&'static [&'static str]> {
    let code = id.strip_prefix("calc-code-differs-")?;
    Some(match code {
        "multiplier-fixed" => &["multiplier"],
        "jitter-unsupported" => &["jitter"],
        "jitter-fixed" => &["jitter", "percent"],
        "immediate-first-retry" => &["delay"],
        "whole-milliseconds" => &["retry", "library", "core"],
        "cap-after-jitter" => &["max"],
        "attempts-limited" => &["max_attempts", "retries"],
        "longest-setting" | "longest-delay" => &["longest"],
        "largest-multiplier" => &["multiplier"],
        _ => &[],
    })
}

/// One library's snippet as the page shows it.
#[derive(Clone)]
pub struct SnippetView {
    pub id: &'static str,
    pub name: &'static str,
    pub language: &'static str,
    pub code: String,
    /// What differs from the calculator's schedule, one sentence each;
    /// empty when the code reproduces it.
    pub notes: Vec<String>,
}

/// What `_calculator.html` needs for the "as code" part.
#[derive(Clone)]
pub struct AsCodeView {
    pub heading: String,
    pub intro: String,
    pub exact: String,
    /// Shown once the form no longer holds the starting policy.
    pub stale: String,
    /// The label of each snippet's Copy button.
    pub copy: String,
    pub snippets: Vec<SnippetView>,
    /// The name of the asset with the script's data (recipes and words,
    /// [`island_json`]), relative to the site's root.
    pub data_asset: String,
}

/// `policy` in the core's terms, with durations in `unit`; the snippets
/// read milliseconds (plain numbers are taken as milliseconds).
pub fn in_milliseconds(policy: &Policy, unit: Unit) -> Policy {
    let k = if unit == Unit::S { 1000.0 } else { 1.0 };
    Policy {
        base: policy.base * k,
        max_delay: policy.max_delay.map(|m| m * k),
        ..*policy
    }
}

/// The translated comments of the snippets (`calc-code-comment`,
/// `calc-code-differs`), read once for the island and the snippets.
pub struct CommentTexts {
    policy: String,
    differs: String,
}

impl CommentTexts {
    pub fn new(texts: &Texts) -> CommentTexts {
        CommentTexts {
            policy: texts.get("calc-code-comment", None),
            differs: texts.get("calc-code-differs", None),
        }
    }

    fn comments(&self) -> Comments<'_> {
        Comments {
            policy: &self.policy,
            differs: &self.differs,
        }
    }
}

/// The script's "as code" data in the page's language, as JSON: it
/// depends on the words alone, not on the policy, so pages that share
/// their words share it, as one asset (`shared.rs`).
pub fn island_json(texts: &Texts, comments: &CommentTexts) -> String {
    let jitters: serde_json::Map<String, serde_json::Value> = crate::backoff::Jitter::NAMES
        .into_iter()
        .map(|kind| {
            (
                kind.to_string(),
                texts.get(&format!("jitter-{kind}-inline"), None).into(),
            )
        })
        .collect();
    let notes: serde_json::Map<String, serde_json::Value> = DifferenceCode::ALL
        .into_iter()
        .map(|code| (code.name().to_string(), note_template(code, texts).into()))
        .collect();
    let island = serde_json::json!({
        "libraries": snippets::script_recipes(&comments.comments()),
        "notes": notes,
        "jitters": jitters,
        "exact": texts.get("calc-code-exact", None),
    });
    script_json(&island)
}

/// The snippets of `policy` (durations in `unit`) in the page's language,
/// with `data_asset`, the asset of the data ([`island_json`]) made with the same words
/// and `comments`.
pub fn view(
    policy: &Policy,
    unit: Unit,
    texts: &Texts,
    intl: &Intl,
    comments: &CommentTexts,
    data_asset: String,
) -> AsCodeView {
    let ms = in_milliseconds(policy, unit);
    AsCodeView {
        data_asset,
        heading: texts.get("calc-code-heading", None),
        intro: texts.get("calc-code-intro", None),
        exact: texts.get("calc-code-exact", None),
        copy: texts.get("calc-code-copy", None),
        stale: texts.get("calc-code-stale", None),
        snippets: snippets::all(&ms, &comments.comments())
            .into_iter()
            .map(|s| SnippetView {
                id: s.library.id(),
                name: s.library.name(),
                language: s.library.language(),
                code: s.code,
                notes: s.differences.iter().map(|d| note(d, texts, intl)).collect(),
            })
            .collect(),
    }
}

/// A difference's message with its figures as holes, as the script fills
/// them: `{name}` for the figure, a duration's unit already written after
/// it.
fn note_template(code: DifferenceCode, texts: &Texts) -> String {
    let id = format!("calc-code-differs-{}", code.name());
    let ms = duration::unit_label(Unit::Ms, texts);
    let mut args = FluentArgs::new();
    for name in variables(&id).unwrap_or_default() {
        let hole = format!("{{{name}}}");
        let text = if is_duration(code, name) {
            duration::with_unit(&hole, Unit::Ms, &ms)
        } else {
            hole
        };
        args.set(*name, text);
    }
    texts.get(&id, Some(&args))
}

/// A difference as its message, its durations in milliseconds: the
/// message's holes filled as the script's `note` fills them.
pub fn note(difference: &Difference, texts: &Texts, intl: &Intl) -> String {
    let mut text = note_template(difference.code, texts);
    for (name, var) in &difference.vars {
        let figure = match var {
            Var::Code(code) => texts.get(&format!("jitter-{code}-inline"), None),
            Var::Number(x) => intl.number(*x),
        };
        text = text.replace(&format!("{{{name}}}"), &figure);
    }
    text
}

/// Whether a difference's variable is a duration (milliseconds).
fn is_duration(code: DifferenceCode, name: &str) -> bool {
    matches!(
        (code, name),
        (DifferenceCode::ImmediateFirstRetry, "delay")
            | (DifferenceCode::WholeMilliseconds, "library" | "core")
            | (DifferenceCode::CapAfterJitter, "max")
            | (
                DifferenceCode::LongestSetting | DifferenceCode::LongestDelay,
                "longest"
            )
    )
}
