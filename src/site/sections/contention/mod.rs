//! The sections of the contention experiment on an explainer page: the
//! model and the findings in words, and three charts (calls and completion
//! time against clients, the herd's writes over time), each with its text
//! alternative and its data table. `templates/_contention_chart.html` lays
//! a chart section out.
//!
//! Every figure comes from the page's [`Results`], run once for all
//! languages (`explainer::render_unit`): the text receives them as Fluent
//! arguments (`experiment::arguments`), the charts and tables through the
//! page's `intl`. This module draws nothing itself (`charts.rs` does) and
//! runs nothing.

pub mod experiment;
pub mod stored;

use fluent_bundle::FluentArgs;

use crate::backoff::contention::Strategy;
use crate::site::format::intl::Intl;
use crate::site::format::markdown::{block, inline};
use crate::site::format::texts::Texts;
use crate::site::load::content::Section;
use crate::site::sections::charts::{self, Colour, Line, Look, Marker, Panel, ValueAxis, XAxis};
use crate::site::sections::contention::experiment::Results;

/// A legend entry: the swatch's SVG and the strategy's name.
pub struct LegendEntry {
    pub swatch_html: String,
    pub name: String,
}

/// A data table: its caption, the column headers (the first heads the row
/// headers) and the rows (the first cell of each is its header).
pub struct DataTable {
    pub caption: String,
    pub headers: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// A section with a chart: heading and text, the drawing (one SVG, or one
/// per panel), its legend, its text alternative and its data.
pub struct ChartSection {
    pub id: &'static str,
    pub heading_html: String,
    pub body_html: String,
    /// The accessible name of the chart's scroll region.
    pub label: String,
    pub svgs: Vec<String>,
    pub legend: Vec<LegendEntry>,
    /// The text alternative: what the chart shows, in words and figures.
    pub summary_html: String,
    /// The label of the `<details>` that holds the table.
    pub data_label: String,
    pub table: DataTable,
}

/// A strategy's look in the charts: its colour, dashes and marker.
pub fn look(strategy: Strategy) -> Look {
    let (colour, dashes, marker) = match strategy {
        Strategy::None => (Colour::Red, None, Marker::Circle),
        Strategy::Exponential => (Colour::Orange, Some("10 5"), Marker::Square),
        Strategy::Equal => (Colour::Purple, Some("2 4"), Marker::Up),
        Strategy::Full => (Colour::Blue, Some("14 4 3 4"), Marker::Diamond),
        Strategy::Decorrelated => (Colour::Green, Some("6 3"), Marker::Down),
    };
    Look {
        colour,
        dashes,
        marker: Some(marker),
    }
}

impl ChartSection {
    /// `chart` with the words every chart section takes from its id's
    /// messages: its text alternative (`<id>-chart-summary`), its table's
    /// caption (`<id>-table-caption`) and the table's label (`table-show`).
    pub fn with_texts(texts: &Texts, args: &FluentArgs, chart: ChartSection) -> ChartSection {
        let summary_id = format!("{}-chart-summary", chart.id);
        let caption_id = format!("{}-table-caption", chart.id);
        ChartSection {
            summary_html: inline(texts, &summary_id, texts.get(&summary_id, Some(args))),
            data_label: texts.get("table-show", None),
            table: DataTable {
                caption: texts.get(&caption_id, Some(args)),
                ..chart.table
            },
            ..chart
        }
    }
}

/// `x` rounded to `digits` fraction digits.
fn round(x: f64, digits: i32) -> f64 {
    let scale = 10f64.powi(digits);
    (x * scale).round() / scale
}

/// The strategy's name in the page's language (`strategy-<name>`).
fn name(texts: &Texts, strategy: Strategy) -> String {
    texts.get(&format!("strategy-{}", strategy.name()), None)
}

/// The text of a contention section (`model`, `findings`): its heading and
/// its body, with the experiment's figures.
pub fn prose(texts: &Texts, section: Section, args: &FluentArgs) -> (String, String) {
    let id = section.id();
    let heading_id = format!("{id}-heading");
    (
        inline(texts, &heading_id, texts.get(&heading_id, Some(args))),
        block(texts, id, texts.get(id, Some(args))),
    )
}

/// A chart section (`calls`, `completion` or `herd`).
pub fn chart(
    texts: &Texts,
    intl: &Intl,
    section: Section,
    results: &Results,
    args: &FluentArgs,
) -> ChartSection {
    let id = section.id();
    let (heading_html, body_html) = prose(texts, section, args);
    let message = |suffix: &str| texts.get(&format!("{id}-{suffix}"), Some(args));
    let label = message("chart-label");
    let names: Vec<String> = Strategy::ALL.iter().map(|&s| name(texts, s)).collect();
    let number = |v: f64| intl.number(v);
    let clients = &results.contention.experiment.clients;
    let mut headers = vec![texts.get("table-clients", None)];
    headers.extend(names.iter().cloned());
    let (svgs, rows) = match section {
        Section::Herd => {
            let width = results.contention.herd_bucket_ms;
            let panels: Vec<Panel> = results
                .herds
                .iter()
                .zip(&names)
                .map(|(herd, name)| Panel {
                    look: look(herd.strategy),
                    name,
                    buckets: &herd.buckets,
                })
                .collect();
            let svgs = charts::herd_panels(
                &panels,
                width,
                results.contention.herd_after_ms,
                &message("axis-time"),
                &message("axis-writes"),
                &number,
            );
            headers[0] = message("table-bucket");
            let rows = (0..results.contention.herd_buckets)
                .map(|b| {
                    let mut row = vec![number(b as f64 * width)];
                    row.extend(
                        results
                            .herds
                            .iter()
                            .map(|h| number(f64::from(h.buckets[b]))),
                    );
                    row
                })
                .collect();
            (svgs, rows)
        }
        _ => {
            // Calls to a tenth of a write; completion in seconds to the
            // hundredth: the table's detail, beyond the text's rounding.
            let value = |strategy: Strategy, c: u32| {
                let s = results.summary(strategy, c);
                if section == Section::Calls {
                    round(s.mean_calls, 1)
                } else {
                    round(s.mean_completion_ms / 1000.0, 2)
                }
            };
            // Points and rows in the order of the client counts, whatever
            // the content file's order.
            let mut order: Vec<u32> = clients.clone();
            order.sort_unstable();
            let lines: Vec<Line> = Strategy::ALL
                .iter()
                .zip(&names)
                .map(|(&strategy, name)| Line {
                    look: look(strategy),
                    name,
                    points: order
                        .iter()
                        .map(|&c| (f64::from(c), value(strategy, c)))
                        .collect(),
                })
                .collect();
            let svg = charts::line_chart(
                &lines,
                &XAxis {
                    title: &texts.get("axis-clients", None),
                    ticks: order.iter().map(|&c| f64::from(c)).collect(),
                    band: None,
                },
                &ValueAxis {
                    title: &message("axis"),
                    // Completion times span two orders of magnitude: on a
                    // linear axis the jittered strategies would lie flat.
                    log: section == Section::Completion,
                },
                &label,
                &number,
            );
            let rows = order
                .iter()
                .map(|&c| {
                    let mut row = vec![number(f64::from(c))];
                    // One precision per table, zeros kept, so that a
                    // column's figures line up (149.0 beside 151.8).
                    let digits = if section == Section::Calls { 1 } else { 2 };
                    row.extend(
                        Strategy::ALL
                            .iter()
                            .map(|&s| intl.fixed(value(s, c), digits)),
                    );
                    row
                })
                .collect();
            (vec![svg], rows)
        }
    };
    // The herd's panels are named by their titles: no legend.
    let legend = Strategy::ALL
        .iter()
        .filter(|_| section != Section::Herd)
        .zip(&names)
        .map(|(&strategy, name)| LegendEntry {
            swatch_html: charts::swatch(look(strategy)),
            name: name.clone(),
        })
        .collect();
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
