//! What `_calculator.html` receives: [`CalculatorView`], built by [`view`]
//! for one page in one language from its calculator profile. The static
//! table, totals, percentiles and timeline of the default inputs are
//! computed here (by the core, through `figures` and `distribution`); the
//! form's fields come from `form.rs`, the island from `island.rs`, the
//! charts from `figures` and `herd.rs`, the "as code" part from
//! `as_code.rs`.
//!
//! It writes no markup of its own and computes no figure the core does not.

use std::sync::Arc;

use fluent_bundle::FluentArgs;
use unic_langid::LanguageIdentifier;

use crate::backoff::{Jitter, Schedule};
use crate::report::Unit;
use crate::site::format::duration;
use crate::site::format::intl::Intl;
use crate::site::format::markdown;
use crate::site::format::texts::Texts;
use crate::site::load::content::Page;
use crate::site::sections::calculator::form::{self, Choice, Field};
use crate::site::sections::calculator::schedule::{self, Headers, TableRow};
use crate::site::sections::calculator::{curve, distribution, fit, shared};

pub struct TotalView {
    pub label: String,
    pub figure: String,
    pub human: Option<String>,
}

/// What `_calculator.html` needs.
pub struct CalculatorView {
    pub heading: String,
    pub max_delay_rule_html: String,
    pub needs_js: String,
    pub fields: Vec<Field>,
    pub jitter_label: String,
    /// The count switch of the retries field: retries, or attempts with
    /// the original request.
    pub count_label: String,
    pub counts: Vec<Choice>,
    pub jitters: Vec<Choice>,
    pub unit_label: String,
    /// The unit the delay fields' labels carry; empty for plain numbers.
    pub unit_shown: String,
    /// The name of the table's scrolling region.
    pub table_label: String,
    /// Empty when the page offers one unit only.
    pub units: Vec<Choice>,
    pub stale: String,
    pub copy_json: String,
    pub download_json: String,
    pub chart_label: String,
    /// The many-clients view: its field and its caption (the chart is one
    /// of the `parts`).
    pub clients: Field,
    pub herd_label: String,
    pub caption: String,
    pub headers: Headers,
    pub jittered: bool,
    pub rows: Vec<TableRow>,
    pub totals: Vec<TotalView>,
    /// P50, P90 and P99 of the total wait.
    pub percentiles: Vec<TotalView>,
    /// How the percentiles were computed and what they are rounded to.
    pub percentiles_method: String,
    /// Whether the total wait is certain (no jitter): every percentile is
    /// the total then, and the page shows none.
    pub total_certain: bool,
    /// The timeout and deadline fields (`distribution::limit_fields`).
    pub limit_fields: Vec<Field>,
    /// The failure rate and layers fields (`cost::fields`).
    pub cost_fields: Vec<Field>,
    /// The note under the cost's figures, and the link to the page of
    /// retry storms (address, words), if the site has one.
    pub cost_note: String,
    pub storms_link: Option<(String, String)>,
    /// The heading and the note of what fits a deadline, and its answers
    /// for the defaults (label, figure), when they give a deadline.
    pub fit_heading: String,
    pub fit_rows: Vec<[String; 2]>,
    /// The chart of the total wait's distribution.
    pub curve: curve::CurveView,
    pub fit_note: String,
    /// The legend of the optional fields' group (timeout, deadline, clients).
    pub optional_legend: String,
    /// The attempt timeline of the defaults, when they give a timeout or a
    /// deadline.
    pub timeline: Option<distribution::TimelineView>,
    /// The script's path from this page.
    pub script_src: String,
    /// The "as code" data asset, from the page.
    pub code_src: String,
    /// The presets' data, by its path from the page (empty without presets).
    pub presets_src: String,
    /// The parts pages share (`shared.rs`), borrowed rather than copied
    /// into each page: the island's JSON, the chart of the default inputs,
    /// the many-clients chart, the preset selector and the policy as code.
    pub parts: Arc<shared::Parts>,
}

/// Builds the calculator's section for `page` in one language. `root` is the
/// way from the page to the site's root; `wasm`, `methods` (the grid and
/// the Monte Carlo module) and `script` the assets' paths from the root;
/// `source` gives the parts pages share (`shared.rs`).
#[allow(clippy::too_many_arguments)]
pub fn view(
    page: &Page,
    library_presets: &[crate::presets::Preset],
    texts: &Texts,
    intl: &Intl,
    lang: &LanguageIdentifier,
    root: &str,
    wasm: &str,
    [grid, monte_carlo]: [&str; 2],
    script: &str,
    source: &shared::Source,
) -> CalculatorView {
    let profile = page
        .calculator
        .as_ref()
        .expect("a page with the calculator section has a profile (checked when loaded)");
    let defaults = profile.defaults;
    let schedule = Schedule::new(defaults).expect("validated when loaded");
    let unit_label = duration::unit_label(profile.unit, texts);
    let mut caption_args = FluentArgs::new();
    caption_args.set("retries", defaults.retries);
    let totals = schedule.totals();
    let total_view = |id: &str, value: f64| TotalView {
        label: texts.get(id, None),
        figure: duration::with_unit(&intl.number(value), profile.unit, &unit_label),
        human: duration::humanize_total(value, profile.unit, texts),
    };
    let fields = form::fields(profile, texts, intl);
    let limit_fields = form::limit_field_views(profile, texts, intl);
    let cost_fields = form::cost_field_views(texts, intl);
    let mut dist = distribution::compute(&schedule, profile.limits);
    if let Some(deadline) = profile.limits.deadline {
        dist = dist
            .with_fit(&schedule, profile.limits.timeout, deadline)
            .expect("the defaults and limits are checked when loaded");
    }
    let figure = distribution::Figure {
        intl,
        unit: profile.unit,
        unit_label: &unit_label,
    };
    let percentiles = distribution::PERCENTILES
        .into_iter()
        .zip(distribution::shown_percentiles(&dist))
        .map(|((_, percentile), x)| TotalView {
            label: distribution::percentile_label(texts, percentile),
            ..total_view("calc-total-max", x)
        })
        .collect();
    let timeline = distribution::timeline(&dist, defaults.retries, texts, &figure);
    let fit_rows = fit::rows(&dist, defaults.retries, texts, &figure);
    let curve = curve::view(&dist, defaults.retries, texts, &figure);
    let jitters = form::jitters(profile, texts);
    let units = form::units(profile, texts);
    let headers = Headers::new(texts);
    let inputs = shared::Inputs {
        profile,
        intl,
        lang,
        library_presets,
        modules: [
            format!("{root}{wasm}"),
            format!("{root}{grid}"),
            format!("{root}{monte_carlo}"),
        ],
        root,
    };
    let parts = source.parts(&inputs, texts);
    CalculatorView {
        heading: texts.get("calculator-heading", None),
        max_delay_rule_html: markdown::inline(
            texts,
            "max-delay-rule",
            texts.get("max-delay-rule", None),
        ),
        needs_js: texts.get("calculator-needs-js", None),
        fields,
        jitter_label: texts.get("calc-jitter-label", None),
        count_label: texts.get("calc-count-label", None),
        counts: form::counts(texts),
        jitters,
        unit_label: texts.get("calc-unit-label", None),
        unit_shown: match profile.unit {
            Unit::Units => String::new(),
            _ => unit_label.clone(),
        },
        table_label: texts.get("calc-table-label", None),
        units,
        stale: texts.get("calc-stale", None),
        copy_json: texts.get("calc-copy-json", None),
        download_json: texts.get("calc-download-json", None),
        chart_label: texts.get("calc-chart-label", None),

        clients: form::clients(texts, intl),
        herd_label: texts.get("calc-herd-label", None),
        optional_legend: texts.get("calc-optional-legend", None),
        caption: texts.get("table-caption", Some(&caption_args)),
        headers,
        jittered: defaults.jitter != Jitter::None,
        rows: schedule::table_rows(&schedule, intl, &unit_label, profile.unit),
        totals: vec![
            total_view("calc-total-min", totals.min),
            total_view("calc-total-mean", totals.mean),
            total_view("calc-total-max", totals.max),
        ],
        percentiles,
        percentiles_method: distribution::method_note(&dist, texts, &figure),
        total_certain: distribution::certain(&dist),
        limit_fields,
        cost_fields,
        cost_note: texts.get("calc-cost-note", None),
        storms_link: source
            .storms_href
            .clone()
            .map(|href| (href, texts.get("calc-cost-storms", None))),
        fit_heading: texts.get("calc-fit-heading", None),
        fit_rows,
        curve,
        fit_note: texts.get("calc-fit-note", None),
        timeline,
        script_src: format!("{root}{script}"),
        code_src: format!("{root}{}", parts.as_code.data_asset),
        presets_src: parts
            .presets
            .as_ref()
            .map(|p| format!("{root}{}", p.data_asset))
            .unwrap_or_default(),
        parts,
    }
}
