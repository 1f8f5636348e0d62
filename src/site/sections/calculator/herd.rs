//! The calculator's "many clients" view as the build draws it: the retry
//! starts of the default number of clients that fail together under the
//! page's default policy, bucketed by the core (`contract::spread`, the very
//! function the module's `spread` export runs), as a bar chart with its
//! peak in words.
//!
//! `static/calculator/herd.js`'s `renderHerd` draws the same markup, element for
//! element, so the two must change together (the browser tests compare them
//! for the default inputs). It computes no count of its own and formats
//! figures only through `intl`.

use fluent_bundle::FluentArgs;

use crate::backoff::Policy;
use crate::backoff::contract::{
    self, CLIENTS_DEFAULT, SCHEDULE_LEN, SPREAD, SPREAD_BUCKETS, SPREAD_LEN,
};
use crate::report::{Unit, js_number};
use crate::site::format::duration::with_unit;
use crate::site::format::intl::Intl;
use crate::site::format::svg::{Frame, element, escape, fix, nice_step};
use crate::site::format::texts::Texts;

/// The drawing and its margins around the bars. Text is 14 units of 640,
/// as in the schedule's chart, so at the drawing's least width (560 px,
/// `style.css`) it is over 12 px.
const FRAME: Frame = Frame {
    width: 640.0,
    height: 240.0,
    left: 56.0,
    right: 16.0,
    top: 16.0,
    bottom: 56.0,
};

/// The core's view of `clients` clients under `policy`: its figures by the
/// contract's names, and the counts. `None` when the core refuses (a page's
/// defaults never are: they are validated when loaded).
pub fn compute(
    policy: &Policy,
    clients: u32,
) -> Option<([f64; SPREAD_LEN], [u32; SPREAD_BUCKETS])> {
    let inputs = contract::inputs(policy)?;
    let mut schedule = [0.0; SCHEDULE_LEN];
    contract::run(&inputs, &mut schedule).ok()?;
    let (mut out, mut counts) = ([0.0; SPREAD_LEN], [0; SPREAD_BUCKETS]);
    contract::spread(
        &inputs,
        &schedule,
        f64::from(clients),
        &mut out,
        &mut counts,
    )
    .ok()?;
    Some((out, counts))
}

/// A figure of the spread buffer by its name in `contract::SPREAD`.
pub fn figure(out: &[f64; SPREAD_LEN], key: &str) -> f64 {
    let at = SPREAD.iter().position(|k| *k == key);
    out[at.expect("a figure of contract::SPREAD")]
}

/// The section's markup for the page's defaults: the chart of
/// [`CLIENTS_DEFAULT`] clients and its summary. `summary` is the message
/// `calc-herd-summary` with `{width}` and `{at}` where the script puts
/// them; the build formats the same message with its figures.
pub fn html(policy: &Policy, intl: &Intl, unit: Unit, unit_label: &str, texts: &Texts) -> String {
    let Some((out, counts)) = compute(policy, CLIENTS_DEFAULT) else {
        return String::new();
    };
    let shown = |v: f64| with_unit(&intl.number(v), unit, unit_label);
    let width = figure(&out, "bucket_width");
    let peak = figure(&out, "peak");
    let mut args = FluentArgs::new();
    args.set("peak", peak);
    args.set("width", shown(width));
    args.set("at", shown(figure(&out, "peak_bucket") * width));
    let summary = texts.get("calc-herd-summary", Some(&args));
    let label = texts.get("calc-herd-label", None);
    let time = texts.get("calc-herd-time", None);
    draw(&out, &counts, intl, &shown, &label, &time, &summary)
}

/// The chart: count ticks (round steps from 0 to above the peak), time
/// ticks in the page's notation and unit, one path of bars, the axes; then
/// the summary.
fn draw(
    out: &[f64; SPREAD_LEN],
    counts: &[u32; SPREAD_BUCKETS],
    intl: &Intl,
    shown: &dyn Fn(f64) -> String,
    label: &str,
    time: &str,
    summary: &str,
) -> String {
    let n = figure(out, "buckets");
    let width = figure(out, "bucket_width");
    let peak = figure(out, "peak");
    let span = n * width;
    let bottom = FRAME.plot_bottom();
    let step = nice_step(peak / 4.0).max(1.0);
    let ceiling = (peak / step).ceil() * step;
    let y = |v: f64| FRAME.linear_y(v, ceiling);
    let x = |i: f64| FRAME.left + (i * FRAME.plot_width()) / n;
    let mut svg = String::new();
    let mut add = |tag: &str, attrs: &[(&str, String)], text: &str| {
        element(&mut svg, tag, attrs, text);
    };
    let mut k = 0.0;
    while k * step <= ceiling {
        let v = k * step;
        let path = FRAME.grid_line(y(v));
        add("path", &[("d", path), ("class", "chart-grid".into())], "");
        let at = [
            ("x", js_number(FRAME.left - 6.0)),
            ("y", fix(y(v) + 5.0)),
            ("text-anchor", "end".into()),
            ("class", "chart-tick".into()),
        ];
        add("text", &at, &intl.number(v));
        k += 1.0;
    }
    let t_step = nice_step(span / 6.0);
    let mut k = 0.0;
    while k * t_step <= span {
        let at = [
            ("x", fix(x(k * t_step / width))),
            ("y", js_number(bottom + 22.0)),
            ("text-anchor", "middle".into()),
            ("class", "chart-tick".into()),
        ];
        add("text", &at, &shown(k * t_step));
        k += 1.0;
    }
    let at = [
        ("x", fix(FRAME.centre_x())),
        ("y", js_number(FRAME.height - 8.0)),
        ("text-anchor", "middle".into()),
        ("class", "chart-title".into()),
    ];
    add("text", &at, time);
    let mut bars = String::new();
    for (i, &count) in counts.iter().enumerate().take(n as usize) {
        if count > 0 {
            let i = i as f64;
            bars.push_str(&format!(
                "M{} {}V{}H{}V{}Z",
                fix(x(i)),
                js_number(bottom),
                fix(y(f64::from(count))),
                fix(x(i + 1.0)),
                js_number(bottom)
            ));
        }
    }
    add("path", &[("d", bars), ("class", "herd-bars".into())], "");
    add(
        "path",
        &[("d", FRAME.axes()), ("class", "chart-axis".into())],
        "",
    );
    let label = escape(label);
    format!(
        concat!(
            r#"<div class="chart-body" id="calc-herd-body">"#,
            r#"<div class="chart-scroll" role="region" aria-label="{label}" tabindex="0">"#,
            r#"<svg viewBox="0 0 {w} {h}" role="img" aria-label="{label}">{svg}</svg></div>"#,
            r#"<p class="chart-summary">{summary}</p></div>"#
        ),
        label = label,
        w = js_number(FRAME.width),
        h = js_number(FRAME.height),
        svg = svg,
        summary = escape(summary),
    )
}

/// The summary for each plural category of the language, with `{peak}`,
/// `{width}` and `{at}` where the figures go; the script picks one with
/// `Intl.PluralRules`, as it does the table's caption.
pub fn summary_patterns(
    texts: &Texts,
    intl: &Intl,
) -> std::collections::BTreeMap<&'static str, String> {
    intl.count_samples()
        .iter()
        .map(|&(category, n)| {
            let mut args = FluentArgs::new();
            args.set("peak", n);
            args.set("width", "{width}");
            args.set("at", "{at}");
            let summary = texts.get("calc-herd-summary", Some(&args));
            (
                category,
                summary.replacen(&intl.number(n as f64), "{peak}", 1),
            )
        })
        .collect()
}
