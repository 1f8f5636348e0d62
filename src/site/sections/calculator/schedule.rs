//! The calculator's schedule as the static page shows it: the table's rows
//! and the chart of each retry's delay, which `static/calculator/table.js`
//! and `chart.js` write with the very same markup.

use crate::backoff::{Jitter, Schedule};
use crate::report::Unit;
use crate::site::format::duration::with_unit;
use crate::site::format::intl::Intl;
use crate::site::format::svg::{
    Frame, element, escape, fix, linear_ticks, log_decades, nice_step, pow10,
};
use crate::site::format::texts::Texts;

/// The schedule table's column headers and cell words.
pub struct Headers {
    pub retry: String,
    pub delay: String,
    pub range: String,
    pub mean: String,
    pub capped: String,
    pub cumulative: String,
    pub yes: String,
    pub no: String,
}

impl Headers {
    pub fn new(texts: &Texts) -> Headers {
        Headers {
            retry: texts.get("table-retry", None),
            delay: texts.get("table-delay", None),
            range: texts.get("table-range", None),
            mean: texts.get("table-mean", None),
            capped: texts.get("table-capped", None),
            cumulative: texts.get("table-cumulative", None),
            yes: texts.get("capped-yes", None),
            no: texts.get("capped-no", None),
        }
    }
}

/// One row of the schedule table, every cell already formatted.
#[derive(Clone, Debug, serde::Serialize)]
pub struct TableRow {
    pub retry: String,
    /// The delay, or its `min–max` range under jitter.
    pub delay: String,
    /// The mean delay; only shown under jitter.
    pub mean: String,
    pub capped: bool,
    /// The cumulative wait, or its range under jitter.
    pub cumulative: String,
}

/// The rows of the schedule table. The calculator's script writes the very
/// same cells, so the two must change together.
pub fn table_rows(schedule: &Schedule, intl: &Intl, unit_label: &str, unit: Unit) -> Vec<TableRow> {
    let jitter = schedule.policy().jitter;
    let cell = |x: f64| with_unit(&intl.number(x), unit, unit_label);
    let range = |lo: f64, hi: f64| {
        with_unit(
            &format!("{}–{}", intl.number(lo), intl.number(hi)),
            unit,
            unit_label,
        )
    };
    schedule
        .rows()
        .map(|row| TableRow {
            retry: intl.number(row.retry as f64),
            delay: if jitter == Jitter::None {
                cell(row.delay)
            } else {
                range(row.min, row.max)
            },
            mean: cell(row.mean),
            capped: row.capped,
            cumulative: if jitter == Jitter::None {
                cell(row.cumulative_max)
            } else {
                range(row.cumulative_min, row.cumulative_max)
            },
        })
        .collect()
}

/// The words of the chart, in the page's language. `summary`,
/// `summary_capped` and `summary_constant` hold `{first}`, `{last}` and
/// `{retry}` where the figures go, as the script receives them.
pub struct ChartWords {
    pub label: String,
    pub retry: String,
    pub delay: String,
    pub band: String,
    pub mean: String,
    pub cap: String,
    pub log: String,
    pub summary: String,
    pub summary_capped: String,
    /// When every delay is the first (a multiplier of 1, or a first delay
    /// at the maximum): nothing grows.
    pub summary_constant: String,
}

/// The chart's drawing and its margins around the plot.
const FRAME: Frame = Frame {
    width: 640.0,
    height: 320.0,
    left: 100.0,
    right: 16.0,
    top: 16.0,
    bottom: 56.0,
};

/// The chart of each retry's delay: in a scroll region, an SVG with value
/// ticks in the page's notation (a log scale once the delays span more than
/// two decades), retry numbers, the band from the shortest to the longest
/// delay under jitter, the mean (or the delay) as a line and the cap; then an
/// HTML legend and a summary in words. Attributes only, as the CSP allows no
/// inline style; CSS classes give the colours. `static/calculator/chart.js`'s
/// `renderChart` draws the very same markup, so the two must change together
/// (the browser tests compare them for the default inputs).
pub fn chart_html(
    schedule: &Schedule,
    intl: &Intl,
    unit_label: &str,
    unit: Unit,
    words: &ChartWords,
) -> String {
    let rows: Vec<_> = schedule.rows().collect();
    let n = rows.len();
    let top = rows.iter().map(|r| r.max).fold(0.0, f64::max);
    let low = rows.iter().map(|r| r.delay).fold(f64::INFINITY, f64::min);
    let log = top / low > 100.0;
    let figure = |v: f64| with_unit(&intl.number(v), unit, unit_label);
    let x = |i: usize| {
        if n == 1 {
            fix(FRAME.centre_x())
        } else {
            fix(FRAME.left + (i as f64 * FRAME.plot_width()) / (n - 1) as f64)
        }
    };
    let bottom = FRAME.plot_bottom();
    let mut ticks = Vec::new();
    let y: Box<dyn Fn(f64) -> f64> = if log {
        let (lo, hi) = log_decades(low, top);
        let span = (hi - lo).max(1);
        let every = (span + 4) / 5;
        let mut k = lo;
        while k <= hi {
            ticks.push(pow10(k));
            k += every;
        }
        Box::new(move |v: f64| {
            bottom - ((v.max(pow10(lo)).log10() - lo as f64) / span as f64) * (bottom - FRAME.top)
        })
    } else {
        let ceiling;
        (ceiling, ticks) = linear_ticks(top);
        Box::new(move |v: f64| FRAME.linear_y(v, ceiling))
    };
    let mut svg = String::new();
    let mut add = |tag: &str, attrs: &[(&str, String)], text: Option<String>| {
        element(&mut svg, tag, attrs, &text.unwrap_or_default());
    };
    let num = crate::report::js_number;
    for &v in &ticks {
        add(
            "path",
            &[("d", FRAME.grid_line(y(v))), ("class", "chart-grid".into())],
            None,
        );
        add(
            "text",
            &[
                ("x", num(FRAME.left - 6.0)),
                ("y", fix(y(v) + 5.0)),
                ("text-anchor", "end".into()),
                ("class", "chart-tick".into()),
            ],
            Some(figure(v)),
        );
    }
    let x_step = if n <= 6 {
        1
    } else {
        nice_step(n as f64 / 6.0) as usize
    };
    let mut r = 1;
    while r <= n {
        add(
            "text",
            &[
                ("x", x(r - 1)),
                ("y", num(bottom + 22.0)),
                ("text-anchor", "middle".into()),
                ("class", "chart-tick".into()),
            ],
            Some(intl.number(r as f64)),
        );
        r = if r == 1 && x_step > 1 {
            x_step
        } else {
            r + x_step
        };
    }
    add(
        "text",
        &[
            ("x", fix(FRAME.centre_x())),
            ("y", num(FRAME.height - 8.0)),
            ("text-anchor", "middle".into()),
            ("class", "chart-title".into()),
        ],
        Some(words.retry.clone()),
    );
    let line = |value: &dyn Fn(usize) -> f64, order: &mut dyn Iterator<Item = usize>| {
        order
            .map(|i| format!("{},{}", x(i), fix(y(value(i)))))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let jittered = schedule.policy().jitter != Jitter::None;
    if jittered {
        let band = format!(
            "{} {}",
            line(&|i| rows[i].max, &mut (0..n)),
            line(&|i| rows[i].min, &mut (0..n).rev())
        );
        add(
            "polygon",
            &[("points", band), ("class", "chart-band".into())],
            None,
        );
    }
    add(
        "polyline",
        &[
            ("points", line(&|i| rows[i].mean, &mut (0..n))),
            ("class", "chart-mean".into()),
        ],
        None,
    );
    let first_capped = rows.iter().find(|r| r.capped);
    if let Some(row) = first_capped {
        add(
            "path",
            &[
                ("d", FRAME.grid_line(y(row.delay))),
                ("class", "chart-cap".into()),
            ],
            None,
        );
    }
    add(
        "path",
        &[("d", FRAME.axes()), ("class", "chart-axis".into())],
        None,
    );
    let mut legend = String::new();
    let mut item = |kind: &str, text: &str| {
        legend.push_str(&format!(
            r#"<li><span class="swatch swatch-{kind}"></span>{}</li>"#,
            escape(text)
        ));
    };
    if jittered {
        item("band", &words.band);
    }
    item("mean", if jittered { &words.mean } else { &words.delay });
    if let Some(row) = first_capped {
        item("cap", &format!("{}: {}", words.cap, figure(row.delay)));
    }
    // Nominal delays never shrink: a last equal to the first is constant.
    // The script's renderChart picks the same.
    let pattern = if rows[0].delay == rows[n - 1].delay {
        &words.summary_constant
    } else if first_capped.is_some() {
        &words.summary_capped
    } else {
        &words.summary
    };
    let mut summary = pattern
        .replace("{first}", &figure(rows[0].delay))
        .replace("{last}", &figure(rows[n - 1].delay))
        .replace(
            "{retry}",
            &intl.number(first_capped.map_or(0, |r| r.retry) as f64),
        );
    if log {
        summary.push(' ');
        summary.push_str(&words.log);
    }
    let label = escape(&words.label);
    format!(
        concat!(
            r#"<div class="chart-body" id="calc-chart-body">"#,
            r#"<div class="chart-scroll" role="region" aria-label="{label}" tabindex="0">"#,
            r#"<svg viewBox="0 0 {w} {h}" role="img" aria-label="{label}">{svg}</svg></div>"#,
            r#"<ul class="chart-legend">{legend}</ul>"#,
            r#"<p class="chart-summary">{summary}</p></div>"#
        ),
        label = label,
        w = num(FRAME.width),
        h = num(FRAME.height),
        svg = svg,
        legend = legend,
        summary = escape(&summary),
    )
}
