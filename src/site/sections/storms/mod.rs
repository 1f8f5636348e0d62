//! The retry-storm sections of an explainer page: retries through layers
//! (words and figures), and four charts with their words, text alternatives
//! and data tables: the spike that a system without backoff does not
//! recover from (`collapse`), open and closed clients over failure rates
//! (`systems`), Brooker's retry strategies (`budgets`) and the libraries'
//! retry budgets (`libraries`) over failure rates.
//!
//! Every figure comes from the page's [`StormResults`], run once for all
//! languages (`runs.rs`) or, for the libraries' budgets' own rules, from
//! the core's `budget::effect`: the text receives them as Fluent arguments
//! ([`arguments`]), the charts and tables through the page's `intl`. It
//! draws through `sections/charts.rs` and lays out as the contention
//! charts do (`templates/_contention_chart.html`).

pub mod arguments;
pub mod lab;
pub mod runs;

pub use arguments::{arguments, variables};

use fluent_bundle::FluentArgs;

use crate::backoff::contract::storm as contract;
use crate::site::format::intl::Intl;
use crate::site::format::texts::Texts;
use crate::site::load::content::Section;
use crate::site::load::content::storms::{LIBRARIES, SPIKE, STRATEGIES, SYSTEMS_SWEPT};
use crate::site::sections::charts::{self, Colour, Line, Look, Marker, ValueAxis, XAxis};
use crate::site::sections::contention::{ChartSection, DataTable, LegendEntry};
use arguments::{input, percent, round};
use runs::StormResults;

/// The per-second figures the collapse chart draws, by the contract's
/// names, and each one's look.
pub(crate) const TRACED: [(&str, Look); 4] = [
    ("starts", look(Colour::Blue, Some("14 4 3 4"), None)),
    ("successes", look(Colour::Green, None, None)),
    ("retries", look(Colour::Red, Some("6 3"), None)),
    ("timeouts", look(Colour::Orange, Some("2 4"), None)),
];

const fn look(colour: Colour, dashes: Option<&'static str>, marker: Option<Marker>) -> Look {
    Look {
        colour,
        dashes,
        marker,
    }
}

/// A swept scenario's look: unique within each chart, and the same in
/// both charts that show three retries.
fn scenario_look(id: &str) -> Look {
    let (colour, dashes, marker) = match id {
        "open" | "no-retries" | "finagle" => (Colour::Red, None, Marker::Circle),
        "open-backoff" | "three-retries" => (Colour::Orange, Some("10 5"), Marker::Square),
        "closed" | "grpc" => (Colour::Purple, Some("2 4"), Marker::Up),
        "bucket" | "aws" => (Colour::Blue, Some("14 4 3 4"), Marker::Diamond),
        _ => (Colour::Green, Some("6 3"), Marker::Down),
    };
    look(colour, dashes, Some(marker))
}

/// The text of a storm section without a chart (`layers`): heading and body.
pub fn prose(texts: &Texts, section: Section, args: &FluentArgs) -> (String, String) {
    crate::site::sections::contention::prose(texts, section, args)
}

/// A chart section: `collapse`, `systems`, `budgets` or `libraries`.
pub fn chart(
    texts: &Texts,
    intl: &Intl,
    section: Section,
    results: &StormResults,
    args: &FluentArgs,
) -> ChartSection {
    let id = section.id();
    let (heading_html, body_html) = prose(texts, section, args);
    let message = |suffix: &str| texts.get(&format!("{id}-{suffix}"), Some(args));
    let label = message("chart-label");
    let number = |v: f64| intl.number(v);
    let (svgs, legend, headers, rows) = if section == Section::Collapse {
        collapse(texts, intl, results, &message("axis"))
    } else {
        let ids: &[&str] = match section {
            Section::Systems => &SYSTEMS_SWEPT,
            Section::Budgets => &STRATEGIES,
            _ => &LIBRARIES,
        };
        // Attempts a second at the server, or attempts per request.
        let value = |case: &runs::Case| {
            if section == Section::Systems {
                case.offered_per_second.round()
            } else {
                round(case.summary.amplification, 2)
            }
        };
        let names: Vec<String> = ids
            .iter()
            .map(|id| texts.get(&format!("scenario-{id}"), None))
            .collect();
        let lines: Vec<Line> = ids
            .iter()
            .zip(&names)
            .map(|(id, name)| Line {
                look: scenario_look(id),
                name,
                points: results
                    .sweep(id)
                    .cases
                    .iter()
                    .map(|c| (percent(c.failure_rate), value(c)))
                    .collect(),
            })
            .collect();
        let rates = &results.storms.failure_rates;
        let x_title = texts.get("axis-failure-rate", None);
        let svg = charts::line_chart(
            &lines,
            &XAxis {
                title: &x_title,
                ticks: rates.iter().map(|&p| percent(p)).collect(),
                band: None,
            },
            &ValueAxis {
                title: &message("axis"),
                log: false,
            },
            &label,
            &number,
        );
        let legend = ids
            .iter()
            .zip(&names)
            .map(|(id, name)| LegendEntry {
                swatch_html: charts::swatch(scenario_look(id)),
                name: name.clone(),
            })
            .collect();
        let mut headers = vec![x_title.clone()];
        headers.extend(names.iter().cloned());
        let digits = if section == Section::Systems { 0 } else { 2 };
        let rows = rates
            .iter()
            .enumerate()
            .map(|(i, &p)| {
                let mut row = vec![number(percent(p))];
                row.extend(
                    ids.iter()
                        .map(|id| intl.fixed(value(&results.sweep(id).cases[i]), digits)),
                );
                row
            })
            .collect();
        (vec![svg], legend, headers, rows)
    };
    ChartSection::with_texts(
        texts,
        args,
        ChartSection {
            id,
            heading_html,
            body_html,
            label,
            svgs,
            legend,
            summary_html: String::new(),
            data_label: String::new(),
            table: DataTable {
                caption: String::new(),
                headers,
                rows,
            },
        },
    )
}

/// The collapse chart's parts: a panel a spike scenario (the figures per
/// second, the spike shaded), the figures' legend, and a table of every
/// second with each scenario's figures.
fn collapse(
    texts: &Texts,
    intl: &Intl,
    results: &StormResults,
    y_title: &str,
) -> (Vec<String>, Vec<LegendEntry>, Vec<String>, Vec<Vec<String>>) {
    let number = |v: f64| intl.number(v);
    let figure_names: Vec<String> = TRACED
        .iter()
        .map(|(f, _)| texts.get(&format!("figure-{f}"), None))
        .collect();
    let x_title = texts.get("axis-seconds", None);
    let mut svgs = Vec::new();
    let mut headers = vec![x_title.clone()];
    for id in SPIKE {
        let trace = results.trace(id);
        let scenario = texts.get(&format!("scenario-{id}"), None);
        let lines: Vec<Line> = TRACED
            .iter()
            .zip(&figure_names)
            .map(|(&(figure, look), name)| Line {
                look,
                name,
                points: trace
                    .seconds
                    .iter()
                    .enumerate()
                    .map(|(t, s)| (t as f64, s[contract::figure(figure)]))
                    .collect(),
            })
            .collect();
        let at = input(results, id, "at");
        let duration = trace.seconds.len() as f64;
        let step = crate::site::format::svg::nice_step(duration / 6.0);
        let ticks = (0..)
            .map(|k| f64::from(k) * step)
            .take_while(|&t| t <= duration)
            .collect();
        let panel_title = texts.get(
            "panel-title",
            Some(&{
                let mut a = FluentArgs::new();
                a.set("scenario", scenario.clone());
                a.set("figure", y_title.to_string());
                a
            }),
        );
        svgs.push(charts::line_chart(
            &lines,
            &XAxis {
                title: &x_title,
                ticks,
                band: Some((at, at + input(results, id, "length"))),
            },
            &ValueAxis {
                title: &panel_title,
                log: false,
            },
            &scenario,
            &number,
        ));
        for name in &figure_names {
            let mut a = FluentArgs::new();
            a.set("scenario", scenario.clone());
            a.set("figure", name.clone());
            headers.push(texts.get("table-column", Some(&a)));
        }
    }
    let legend = TRACED
        .iter()
        .zip(&figure_names)
        .map(|(&(_, look), name)| LegendEntry {
            swatch_html: charts::swatch(look),
            name: name.clone(),
        })
        .collect();
    let seconds = results.trace(SPIKE[0]).seconds.len();
    let rows = (0..seconds)
        .map(|t| {
            let mut row = vec![number(t as f64)];
            for id in SPIKE {
                let s = &results.trace(id).seconds[t];
                row.extend(
                    TRACED
                        .iter()
                        .map(|(f, _)| intl.fixed(s[contract::figure(f)], 1)),
                );
            }
            row
        })
        .collect();
    (svgs, legend, headers, rows)
}
