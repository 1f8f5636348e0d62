//! The chart of the total wait's distribution: the share of runs whose
//! total wait is below each figure, drawn through the core's curve of the
//! total (`report::Distribution::new_with_curve`, the quantiles at p = 0, 0.01,
//! …, 1), with its P50, P90 and P99 marked and, with a deadline, the
//! longest total with which the last retry still starts before it; a
//! summary in words, and the curve's every tenth point and P99 in a table.
//! `static/calculator/curve.js` writes the same markup from the method
//! module's curve. A certain total (no jitter) has no chart.
//!
//! Figures shown are rounded as the percentiles are
//! (`distribution::round_within`): no digit finer than the method's error.

use fluent_bundle::FluentArgs;

use crate::report::{Distribution, js_number};
use crate::site::format::svg::{escape, fix, linear_ticks};
use crate::site::format::texts::Texts;
use crate::site::sections::calculator::distribution::{Figure, precision, round_within};

/// The drawing's size and margins: 640 wide, the plot from x 64 to 592
/// (room for the last tick's and P99's labels) and from y 24 to 232.
const W: f64 = 640.0;
const H: f64 = 280.0;
const L: f64 = 64.0;
const R: f64 = 48.0;
const T: f64 = 24.0;
const B: f64 = 48.0;

/// The shares the vertical axis marks, in percent.
pub const SHARES: [f64; 5] = [0.0, 25.0, 50.0, 75.0, 100.0];

/// The points of the curve marked on the chart (P50, P90, P99).
pub const MARKED: [usize; 3] = [50, 90, 99];

/// Whether the line passes through point `i`: every fourth point, and the
/// marked ones (the curve is smooth between, some 20 px a segment; fewer
/// points keep the page within its weight at start).
pub fn drawn(i: usize) -> bool {
    i.is_multiple_of(4) || MARKED.contains(&i)
}

/// The points of the curve the table lists: every tenth, and P99.
pub const LISTED: [usize; 12] = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 99, 100];

/// The island's words of the chart, by key: `curve_percentile` has the
/// hole `{percentile}`, `curve_summary` the holes `{min}`, `{max}`, `{p50}`,
/// `{p90}`, `{p99}`, `{share90}` and `{share99}` (90 % and 99 % in the
/// page's notation, `calc-cost-percent`), `curve_room` `{room}`.
pub const TEXT: [(&str, &str); 7] = [
    ("curve_label", "calc-curve-label"),
    ("curve_total", "calc-curve-total"),
    ("curve_head_percentile", "calc-curve-head-percentile"),
    ("curve_percentile", "calc-curve-percentile"),
    ("curve_room", "calc-curve-room"),
    ("curve_summary", "calc-curve-summary"),
    ("curve_caption", "calc-curve-caption"),
];

/// The messages that receive variables, and their names.
pub const VARIABLES: &[(&str, &[&str])] = &[
    ("calc-curve-percentile", &["percentile"]),
    ("calc-curve-room", &["room"]),
    (
        "calc-curve-summary",
        &["min", "max", "p50", "p90", "p99", "share90", "share99"],
    ),
];

/// The variables the chart passes to message `id`, if it is one of its own.
pub fn variables(id: &str) -> Option<&'static [&'static str]> {
    VARIABLES.iter().find(|(m, _)| *m == id).map(|(_, v)| *v)
}

/// The chart of the defaults' total wait, as the template writes it: its
/// drawing, summary and table, all empty and the chart hidden when the
/// total is certain (the script fills them for other inputs).
pub struct CurveView {
    pub hidden: bool,
    pub label: String,
    pub chart_html: String,
    pub summary: String,
    pub caption: String,
    pub head_percentile: String,
    pub head_total: String,
    /// Each listed point: its percentile's name and the figure.
    pub rows: Vec<[String; 2]>,
}

/// The chart of `dist` (computed with its curve) for a policy of `retries`
/// retries; hidden and empty when the total is certain or no curve was
/// computed.
pub fn view(dist: &Distribution, retries: u32, texts: &Texts, figure: &Figure) -> CurveView {
    let empty = CurveView {
        hidden: true,
        label: texts.get("calc-curve-label", None),
        chart_html: String::new(),
        summary: String::new(),
        caption: texts.get("calc-curve-caption", None),
        head_percentile: texts.get("calc-curve-head-percentile", None),
        head_total: texts.get("calc-curve-total", None),
        rows: Vec::new(),
    };
    let (min, max) = (dist.total.min, dist.total.max);
    let Some(curve) = dist.curve.as_deref().filter(|_| min != max) else {
        return empty;
    };
    let place = precision(&dist.method);
    let shown = |i: usize| figure.of(round_within(curve[i], place, min, max));
    let percentile = |i: usize| {
        let mut args = FluentArgs::new();
        args.set("percentile", i);
        texts.get("calc-curve-percentile", Some(&args))
    };
    let mut args = FluentArgs::new();
    args.set("min", figure.of(min));
    args.set("max", figure.of(max));
    for (name, i) in [("p50", 50), ("p90", 90), ("p99", 99)] {
        args.set(name, shown(i));
    }
    let percent = |x: f64| {
        let mut args = FluentArgs::new();
        args.set("percent", figure.intl.number(x));
        texts.get("calc-cost-percent", Some(&args))
    };
    args.set("share90", percent(90.0));
    args.set("share99", percent(99.0));

    // The longest total with which the last retry starts before the
    // deadline: the deadline less the retries' timeouts.
    let room = dist
        .limits
        .deadline
        .map(|d| d - f64::from(retries) * dist.limits.timeout_or_zero());
    let room_label = |r: f64| {
        let mut args = FluentArgs::new();
        args.set("room", figure.of(r));
        texts.get("calc-curve-room", Some(&args))
    };
    let words = Words {
        total: texts.get("calc-curve-total", None),
        shares: SHARES.map(percent),
        marks: MARKED.map(percentile),
    };
    CurveView {
        hidden: false,
        chart_html: chart_html(
            curve,
            room.map(|r| (r, room_label(r))),
            figure,
            &words,
            &empty.label,
        ),
        summary: texts.get("calc-curve-summary", Some(&args)),
        rows: LISTED.iter().map(|&i| [percentile(i), shown(i)]).collect(),
        ..empty
    }
}

/// The words the drawing holds.
struct Words {
    total: String,
    shares: [String; 5],
    marks: [String; 3],
}

/// The drawing: the curve's points from (shortest total, 0 %) to (longest,
/// 100 %) on a time axis from 0, the shares on the vertical axis, each
/// marked point a dot with its name below it to the right (clear of the
/// curve, which rises to the left, and of the deadline's label at the
/// top), and the room before the deadline as a line and a label, when
/// within the axis.
fn chart_html(
    curve: &[f64],
    room: Option<(f64, String)>,
    figure: &Figure,
    words: &Words,
    label: &str,
) -> String {
    let bottom = H - B;
    let (end, ticks) = linear_ticks(curve[curve.len() - 1]);
    let x = |v: f64| fix(L + v / end * (W - L - R));
    let y = |share: f64| fix(bottom - share / 100.0 * (bottom - T));
    let mut svg = String::new();
    for (s, text) in SHARES.iter().zip(&words.shares) {
        svg.push_str(&format!(
            r#"<path d="M{L} {y}H{right}" class="chart-grid"></path><text x="{tx}" y="{ty}" text-anchor="end" class="chart-tick">{text}</text>"#,
            L = js_number(L),
            y = y(*s),
            right = js_number(W - R),
            tx = js_number(L - 6.0),
            ty = fix(bottom - s / 100.0 * (bottom - T) + 5.0),
            text = escape(text),
        ));
    }
    for v in ticks {
        svg.push_str(&format!(
            r#"<text x="{}" y="{}" text-anchor="middle" class="chart-tick">{}</text>"#,
            x(v),
            js_number(bottom + 20.0),
            escape(&figure.of(v)),
        ));
    }
    svg.push_str(&format!(
        r#"<text x="{}" y="{}" text-anchor="middle" class="chart-title">{}</text>"#,
        fix((L + W - R) / 2.0),
        js_number(H - 6.0),
        escape(&words.total),
    ));
    let points: Vec<String> = curve
        .iter()
        .enumerate()
        .filter(|(i, _)| drawn(*i))
        .map(|(i, v)| format!("{},{}", x(*v), y(i as f64)))
        .collect();
    svg.push_str(&format!(
        r#"<polyline points="{}" class="curve-line"></polyline>"#,
        points.join(" ")
    ));
    for (&i, name) in MARKED.iter().zip(&words.marks) {
        svg.push_str(&format!(
            r#"<circle cx="{cx}" cy="{cy}" r="4" class="curve-point"></circle><text x="{tx}" y="{ty}" text-anchor="start" class="chart-tick">{name}</text>"#,
            cx = x(curve[i]),
            cy = y(i as f64),
            tx = fix(L + curve[i] / end * (W - L - R) + 8.0),
            ty = fix(bottom - i as f64 / 100.0 * (bottom - T) + 16.0),
            name = escape(name),
        ));
    }
    if let Some((r, text)) = room.filter(|(r, _)| *r > 0.0 && *r <= end) {
        // The label runs away from the nearer edge, so that it is never cut.
        let anchor = if L + r / end * (W - L - R) < W / 2.0 {
            "start"
        } else {
            "end"
        };
        svg.push_str(&format!(
            r#"<path d="M{x} {top}V{bottom}" class="timeline-deadline"></path><text x="{x}" y="{ty}" text-anchor="{anchor}" class="chart-title">{text}</text>"#,
            x = x(r),
            top = js_number(T - 10.0),
            bottom = js_number(bottom),
            ty = js_number(T - 12.0 + 8.0),
            text = escape(&text),
        ));
    }
    svg.push_str(&format!(
        r#"<path d="M{L} {T}V{bottom}H{right}" class="chart-axis"></path>"#,
        L = js_number(L),
        T = js_number(T),
        bottom = js_number(bottom),
        right = js_number(W - R),
    ));
    let label = escape(label);
    format!(
        concat!(
            r#"<div class="chart-scroll" role="region" aria-label="{label}" tabindex="0">"#,
            r#"<svg viewBox="0 0 {w} {h}" role="img" aria-label="{label}">{svg}</svg></div>"#
        ),
        label = label,
        w = js_number(W),
        h = js_number(H),
        svg = svg,
    )
}
