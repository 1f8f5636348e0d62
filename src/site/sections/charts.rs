//! The explainer pages' charts of simulations as inline SVG, drawn at build
//! time: line charts (a value against client counts, failure rates or
//! seconds, one line per series, a band marking a stretch of the x axis)
//! and the contention herd's small multiples (writes per time bucket, one
//! panel per strategy). The contention and retry-storm sections use them.
//!
//! It draws what it is given: the figures come from the simulations, the
//! words and the number notation from the page (the sections pass them,
//! numbers formatted by `intl`). It shares the calculator chart's axis
//! arithmetic (`format/svg.rs`: round steps, powers of ten, ticks,
//! coordinates, escaping) and its classes (`chart-grid`, `chart-axis`,
//! `chart-tick`, `chart-title`), so every chart reads alike.
//!
//! Colours come from CSS classes (`series-<colour>`, set for light and dark
//! mode in `static/style.css`), never from attributes: the CSP allows no
//! inline style. Each series is drawn in a [`Look`]: a colour, a dash
//! pattern and (for few points) a marker, and is labelled at its line's end,
//! so the lines tell apart without colour.
//! Text is 14 units high in a drawing 640 wide that the page never shows
//! narrower than 560 CSS px (`.chart-scroll svg`): at least 12 CSS px.
//! Over 500 lines only with its unit tests at the end (the drawing is about
//! 400): both charts share one frame and legend, so they stay together.

use crate::site::format::svg::{Frame, escape, fix, linear_ticks, log_decades, nice_step, pow10};

/// The line charts' drawing and margins: left (value ticks), top and bottom
/// (client ticks and the axis title). The right margin holds the lines'
/// labels, so it follows the longest name in the page's language
/// ([`label_margin`]); 0 here.
const LINES: Frame = Frame {
    width: 640.0,
    height: 360.0,
    left: 72.0,
    right: 0.0,
    top: 40.0,
    bottom: 56.0,
};
/// One panel of the herd's small multiples: as wide as the line charts,
/// the bars' bottom 6 units above the panel's.
const PANEL: Frame = Frame {
    height: 112.0,
    right: 16.0,
    top: 26.0,
    bottom: 6.0,
    ..LINES
};
/// From a line's end to its label's start.
const LABEL_OFFSET: f64 = 10.0;
/// The size of every text of the charts (`.chart-tick`, `.chart-title`,
/// `.chart-label` in `static/style.css`).
const TEXT_SIZE: f64 = 14.0;
/// The width of a character, in ems, taken wide on purpose: the build cannot
/// measure the reader's font (`system-ui` and its fallbacks), so a label's
/// width is estimated from its length, with room for wide letters and the
/// titles' bold weight: Chromium's default sans-serif font on Linux gives
/// Russian labels up to 0.71 em per character. The browser test
/// `tests/e2e/chart_labels.test.js` measures the real widths against this
/// estimate.
const EM_PER_CHAR: f64 = 0.75;
/// The least vertical distance between two lines' labels.
const LABEL_GAP: f64 = 16.0;

/// The palette: five colours, each at least 5:1 against the page in light
/// and dark mode (`--series-<name>` in `static/style.css`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    Red,
    Orange,
    Purple,
    Blue,
    Green,
}

impl Colour {
    /// Its name in the classes `series-<name>` and `series-text-<name>`.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Orange => "orange",
            Colour::Purple => "purple",
            Colour::Blue => "blue",
            Colour::Green => "green",
        }
    }
}

/// The shape marking a series' points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    Circle,
    Square,
    Up,
    Diamond,
    Down,
}

/// How a series is drawn: its colour, its dash pattern (`None`: solid) and
/// its points' marker (`None` for series of many points, seconds say).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    pub colour: Colour,
    pub dashes: Option<&'static str>,
    pub marker: Option<Marker>,
}

/// `look`'s marker centred on (x, y), as a path; nothing without one.
fn marker(look: Look, x: f64, y: f64) -> String {
    let Some(shape) = look.marker else {
        return String::new();
    };
    let (fx, fy) = (fix(x), fix(y));
    let d = match shape {
        // A circle as two arcs.
        Marker::Circle => format!("M{} {fy}a5 5 0 1 0 10 0a5 5 0 1 0 -10 0", fix(x - 5.0)),
        Marker::Square => format!("M{} {}h9v9h-9z", fix(x - 4.5), fix(y - 4.5)),
        Marker::Up => format!("M{fx} {}l5.5 9.5h-11z", fix(y - 6.0)),
        Marker::Diamond => format!("M{fx} {}l6 6l-6 6l-6 -6z", fix(y - 6.0)),
        Marker::Down => format!("M{fx} {}l5.5 -9.5h-11z", fix(y + 6.0)),
    };
    format!(
        r#"<path d="{d}" class="marker series-{}"/>"#,
        look.colour.name()
    )
}

/// The `stroke-dasharray` attribute of `look`, or nothing.
fn dash_attribute(look: Look) -> String {
    look.dashes
        .map(|d| format!(r#" stroke-dasharray="{d}""#))
        .unwrap_or_default()
}

/// The width `content` takes at most, drawn at [`TEXT_SIZE`]: its
/// characters at [`EM_PER_CHAR`] each.
pub fn text_width(content: &str) -> f64 {
    content.chars().count() as f64 * EM_PER_CHAR * TEXT_SIZE
}

/// The right margin of a line chart: room for the longest of the lines'
/// names after [`LABEL_OFFSET`], and a few units to the drawing's edge.
fn label_margin(lines: &[Line]) -> f64 {
    let widest = lines.iter().map(|l| text_width(l.name)).fold(0.0, f64::max);
    LABEL_OFFSET + widest + 4.0
}

fn text(x: f64, y: f64, anchor: &str, class: &str, content: &str) -> String {
    format!(
        r#"<text x="{}" y="{}" text-anchor="{anchor}" class="{class}">{}</text>"#,
        fix(x),
        fix(y),
        escape(content)
    )
}

/// A series' values, its look and its name in the page's language.
pub struct Line<'a> {
    pub look: Look,
    pub name: &'a str,
    /// `(x, y)` in the order of x.
    pub points: Vec<(f64, f64)>,
}

/// How the x axis is drawn: its title, its ticks (the x range spans them
/// and the points), and a stretch of it to shade (a trigger's seconds),
/// if any.
pub struct XAxis<'a> {
    pub title: &'a str,
    pub ticks: Vec<f64>,
    pub band: Option<(f64, f64)>,
}

/// How the value axis is drawn.
pub struct ValueAxis<'a> {
    pub title: &'a str,
    /// Logarithmic: for values that span orders of magnitude.
    pub log: bool,
}

/// A line chart's SVG: the x axis's ticks, value ticks in the page's
/// notation (`number`), one line per series with its markers and its name
/// at its end. `label` is the image's accessible name; the text alternative
/// is the caption the page puts beside it.
pub fn line_chart(
    lines: &[Line],
    x_axis: &XAxis,
    axis: &ValueAxis,
    label: &str,
    number: &dyn Fn(f64) -> String,
) -> String {
    let frame = Frame {
        right: label_margin(lines),
        ..LINES
    };
    let bottom = frame.plot_bottom();
    let xs = &x_axis.ticks;
    let all_x = lines
        .iter()
        .flat_map(|l| l.points.iter().map(|p| p.0))
        .chain(xs.iter().copied());
    let x_lo = all_x.clone().fold(f64::INFINITY, f64::min);
    let x_hi = all_x.fold(f64::NEG_INFINITY, f64::max);
    let x = |v: f64| {
        if x_hi > x_lo {
            frame.left + (v - x_lo) / (x_hi - x_lo) * frame.plot_width()
        } else {
            frame.centre_x()
        }
    };
    let values = lines.iter().flat_map(|l| l.points.iter().map(|p| p.1));
    let top = values.clone().fold(0.0, f64::max);
    let low = values.fold(f64::INFINITY, f64::min);
    let mut ticks = Vec::new();
    let y: Box<dyn Fn(f64) -> f64> = if axis.log && low > 0.0 {
        // Whole decades around the data: each tick ten times the last.
        let (lo, hi) = log_decades(low, top);
        let span = f64::from((hi - lo).max(1));
        ticks.extend((lo..=hi).map(pow10));
        Box::new(move |v: f64| bottom - (v.log10() - f64::from(lo)) / span * (bottom - frame.top))
    } else {
        // A floor far below any figure keeps the steps finite when every
        // value is 0.
        let ceiling;
        (ceiling, ticks) = linear_ticks(top.max(4.0 * f64::MIN_POSITIVE));
        Box::new(move |v: f64| frame.linear_y(v, ceiling))
    };
    let mut svg = String::new();
    if let Some((from, to)) = x_axis.band {
        svg.push_str(&format!(
            r#"<path d="M{} {}H{}V{}H{}Z" class="chart-band"/>"#,
            fix(x(from)),
            fix(frame.top),
            fix(x(to)),
            fix(bottom),
            fix(x(from))
        ));
    }
    for &v in &ticks {
        let ty = y(v);
        svg.push_str(&format!(
            r#"<path d="{}" class="chart-grid"/>"#,
            frame.grid_line(ty)
        ));
        let left = frame.left - 6.0;
        svg.push_str(&text(left, ty + 5.0, "end", "chart-tick", &number(v)));
    }
    for &v in xs {
        svg.push_str(&text(
            x(v),
            bottom + 22.0,
            "middle",
            "chart-tick",
            &number(v),
        ));
    }
    svg.push_str(&text(
        frame.centre_x(),
        frame.height - 8.0,
        "middle",
        "chart-title",
        x_axis.title,
    ));
    svg.push_str(&format!(
        r#"<path d="{}" class="chart-axis"/>"#,
        frame.axes()
    ));
    // The value axis's title stands above the plot, left-aligned: read
    // horizontally, as every other text of the page.
    svg.push_str(&text(
        4.0,
        frame.top - 18.0,
        "start",
        "chart-title",
        axis.title,
    ));
    let mut labels: Vec<(f64, &Line)> = Vec::new();
    for line in lines {
        let points: Vec<String> = line
            .points
            .iter()
            .map(|&(px, py)| format!("{},{}", fix(x(px)), fix(y(py))))
            .collect();
        svg.push_str(&format!(
            r#"<polyline points="{}" class="series-line series-{}"{}/>"#,
            points.join(" "),
            line.look.colour.name(),
            dash_attribute(line.look)
        ));
        for &(px, py) in &line.points {
            svg.push_str(&marker(line.look, x(px), y(py)));
        }
        if let Some(&(_, last)) = line.points.last() {
            labels.push((y(last), line));
        }
    }
    for (ly, line) in spread_labels(labels) {
        svg.push_str(&format!(
            r#"<text x="{}" y="{}" class="chart-label series-text-{}">{}</text>"#,
            fix(frame.plot_right() + LABEL_OFFSET),
            fix(ly + 5.0),
            line.look.colour.name(),
            escape(line.name)
        ));
    }
    format!(
        r#"<svg viewBox="0 0 {} {}" role="img" aria-label="{}">{svg}</svg>"#,
        fix(frame.width),
        fix(frame.height),
        escape(label)
    )
}

/// The labels' heights, moved apart to at least [`LABEL_GAP`] (lines that
/// end close together keep their labels readable), kept inside the plot.
fn spread_labels<'a, 'b>(mut labels: Vec<(f64, &'b Line<'a>)>) -> Vec<(f64, &'b Line<'a>)> {
    labels.sort_by(|a, b| a.0.total_cmp(&b.0));
    // Down from the top, then back up from the bottom if the last one left
    // the plot.
    for i in 1..labels.len() {
        labels[i].0 = labels[i].0.max(labels[i - 1].0 + LABEL_GAP);
    }
    if let Some(last) = labels.last_mut() {
        last.0 = last.0.min(LINES.plot_bottom());
    }
    for i in (0..labels.len().saturating_sub(1)).rev() {
        labels[i].0 = labels[i].0.min(labels[i + 1].0 - LABEL_GAP);
    }
    labels
}

/// One panel of the herd: a strategy's writes per bucket, in its look's
/// colour.
pub struct Panel<'a> {
    pub look: Look,
    pub name: &'a str,
    pub buckets: &'a [u32],
}

/// The herd's panels, one SVG each on a common scale (so their heights
/// compare): bars of writes per bucket, the value ticks 0 and a round
/// figure at or above the highest bucket, a dashed line at `mark_ms` (from
/// where the text counts), time ticks under the last panel only.
/// `width_ms` is a bucket's width, `number` the page's notation.
pub fn herd_panels(
    panels: &[Panel],
    width_ms: f64,
    mark_ms: f64,
    x_title: &str,
    y_title: &str,
    number: &dyn Fn(f64) -> String,
) -> Vec<String> {
    const AXIS_H: f64 = 52.0;
    let peak = panels
        .iter()
        .flat_map(|p| p.buckets.iter().copied())
        .max()
        .unwrap_or(0)
        .max(1);
    let ceiling = {
        let step = nice_step(f64::from(peak) / 2.0);
        (f64::from(peak) / step).ceil() * step
    };
    let count = panels.first().map_or(1, |p| p.buckets.len()).max(1);
    let window_ms = width_ms * count as f64;
    let bar = PANEL.plot_width() / count as f64;
    let mut out = Vec::with_capacity(panels.len());
    for (i, panel) in panels.iter().enumerate() {
        let last = i + 1 == panels.len();
        let height = PANEL.height + if last { AXIS_H } else { 0.0 };
        let bottom = PANEL.plot_bottom();
        let y = |v: f64| PANEL.linear_y(v, ceiling);
        let mut svg = String::new();
        for v in [0.0, ceiling] {
            svg.push_str(&format!(
                r#"<path d="{}" class="chart-grid"/>"#,
                PANEL.grid_line(y(v))
            ));
            let left = PANEL.left - 6.0;
            svg.push_str(&text(left, y(v) + 5.0, "end", "chart-tick", &number(v)));
        }
        let mut bars = String::new();
        for (b, &writes) in panel.buckets.iter().enumerate() {
            if writes > 0 {
                let x0 = PANEL.left + b as f64 * bar;
                bars.push_str(&format!(
                    "M{} {}H{}V{}H{}Z",
                    fix(x0),
                    fix(bottom),
                    fix(x0 + bar),
                    fix(y(f64::from(writes))),
                    fix(x0)
                ));
            }
        }
        if !bars.is_empty() {
            svg.push_str(&format!(
                r#"<path d="{bars}" class="herd-bars series-{}"/>"#,
                panel.look.colour.name()
            ));
        }
        if mark_ms > 0.0 && mark_ms < window_ms {
            svg.push_str(&format!(
                r#"<path d="M{} {}V{}" class="chart-axis" stroke-dasharray="4 4"/>"#,
                fix(PANEL.left + mark_ms / window_ms * PANEL.plot_width()),
                fix(PANEL.top),
                fix(bottom)
            ));
        }
        svg.push_str(&format!(
            r#"<path d="{}" class="chart-axis"/>"#,
            PANEL.axes()
        ));
        svg.push_str(&text(
            PANEL.left,
            PANEL.top - 8.0,
            "start",
            &format!("chart-title series-text-{}", panel.look.colour.name()),
            panel.name,
        ));
        if i == 0 {
            svg.push_str(&text(
                PANEL.plot_right(),
                PANEL.top - 8.0,
                "end",
                "chart-tick",
                y_title,
            ));
        }
        if last {
            let step = nice_step(window_ms / 4.0);
            let mut t = 0.0;
            while t <= window_ms {
                let tx = PANEL.left + t / window_ms * PANEL.plot_width();
                svg.push_str(&text(
                    tx,
                    bottom + 22.0,
                    "middle",
                    "chart-tick",
                    &number(t / 1000.0),
                ));
                t += step;
            }
            svg.push_str(&text(
                PANEL.centre_x(),
                height - 8.0,
                "middle",
                "chart-title",
                x_title,
            ));
        }
        out.push(format!(
            r#"<svg viewBox="0 0 {} {}" role="img" aria-label="{}">{svg}</svg>"#,
            fix(PANEL.width),
            fix(height),
            escape(panel.name)
        ));
    }
    out
}

/// A legend entry's swatch: a short stretch of the line with its marker.
pub fn swatch(look: Look) -> String {
    format!(
        r#"<svg class="swatch-line" viewBox="0 0 40 14" aria-hidden="true"><path d="M0 7H40" class="series-line series-{}"{}/>{}</svg>"#,
        look.colour.name(),
        dash_attribute(look),
        marker(look, 20.0, 7.0)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const COLOURS: [Colour; 5] = [
        Colour::Red,
        Colour::Orange,
        Colour::Purple,
        Colour::Blue,
        Colour::Green,
    ];

    fn look(colour: Colour) -> Look {
        Look {
            colour,
            dashes: Some("6 3"),
            marker: Some(Marker::Square),
        }
    }

    fn lines() -> Vec<Line<'static>> {
        COLOURS
            .iter()
            .enumerate()
            .map(|(i, &colour)| Line {
                look: look(colour),
                name: colour.name(),
                points: vec![(10.0, 40.0 + i as f64), (50.0, 300.0 + i as f64)],
            })
            .collect()
    }

    fn x_axis(ticks: Vec<f64>) -> XAxis<'static> {
        XAxis {
            title: "clients",
            ticks,
            band: None,
        }
    }

    #[test]
    fn labels_that_end_together_are_moved_apart() {
        let lines = lines();
        let spread = spread_labels(lines.iter().map(|l| (100.0, l)).collect());
        for pair in spread.windows(2) {
            assert!(pair[1].0 - pair[0].0 >= LABEL_GAP - 1e-9, "{}", pair[1].0);
        }
        assert!(spread.iter().all(|(y, _)| *y <= LINES.plot_bottom()));
    }

    #[test]
    fn every_series_has_its_line_marker_and_label() {
        let svg = line_chart(
            &lines(),
            &x_axis(vec![10.0, 50.0]),
            &ValueAxis {
                title: "calls",
                log: false,
            },
            "a <chart>",
            &|v| v.to_string(),
        );
        for colour in COLOURS {
            let name = colour.name();
            assert!(
                svg.contains(&format!("series-line series-{name}")),
                "{name}"
            );
            assert!(svg.contains(&format!("marker series-{name}")), "{name}");
            assert!(svg.contains(&format!(">{name}</text>")), "{name}");
        }
        assert!(svg.contains(r#"aria-label="a &lt;chart&gt;""#));
        // Ticks at 0, 100, 200, 300 and 400: round steps above the top value.
        for tick in ["0", "100", "200", "300", "400"] {
            assert!(
                svg.contains(&format!(r#"class="chart-tick">{tick}</text>"#)),
                "{tick}"
            );
        }
    }

    #[test]
    fn a_log_axis_ticks_whole_decades_around_the_data() {
        let line = Line {
            look: look(Colour::Red),
            name: "none",
            points: vec![(10.0, 0.4), (50.0, 36.0)],
        };
        let svg = line_chart(
            &[line],
            &x_axis(vec![10.0, 50.0]),
            &ValueAxis {
                title: "s",
                log: true,
            },
            "chart",
            &|v| v.to_string(),
        );
        for tick in ["0.1", "1", "10", "100"] {
            assert!(
                svg.contains(&format!(r#"class="chart-tick">{tick}</text>"#)),
                "{tick}"
            );
        }
        assert!(!svg.contains(r#"class="chart-tick">1000<"#));
    }

    #[test]
    fn herd_panels_share_one_scale() {
        let a = [0, 4, 2];
        let b = [1, 1, 1];
        let panels = herd_panels(
            &[
                Panel {
                    look: look(Colour::Red),
                    name: "none",
                    buckets: &a,
                },
                Panel {
                    look: look(Colour::Blue),
                    name: "full",
                    buckets: &b,
                },
            ],
            10.0,
            10.0,
            "time",
            "writes",
            &|v| v.to_string(),
        );
        assert_eq!(panels.len(), 2);
        // Both panels tick the same ceiling: 4, the round figure at the peak.
        for panel in &panels {
            assert!(panel.contains(r#"class="chart-tick">4</text>"#), "{panel}");
        }
        assert!(!panels[0].contains(">time<") && panels[1].contains(">time<"));
    }

    /// A series without markers draws none; a band is shaded across the
    /// plot from its start to its end; ticks stand where they are asked,
    /// not at every point.
    #[test]
    fn a_time_series_has_its_band_and_ticks_and_no_markers() {
        let line = Line {
            look: Look {
                colour: Colour::Green,
                dashes: None,
                marker: None,
            },
            name: "successes",
            points: (0..80).map(|t| (f64::from(t), 40.0)).collect(),
        };
        let axis = XAxis {
            title: "s",
            ticks: vec![0.0, 20.0, 40.0, 60.0, 80.0],
            band: Some((20.0, 25.0)),
        };
        let value = ValueAxis {
            title: "per second",
            log: false,
        };
        let svg = line_chart(&[line], &axis, &value, "chart", &|v| v.to_string());
        assert!(!svg.contains("marker"));
        assert!(svg.contains(r#"class="chart-band""#));
        assert!(!svg.contains("stroke-dasharray"));
        let x_ticks = svg
            .matches(r#"text-anchor="middle" class="chart-tick""#)
            .count();
        assert_eq!(x_ticks, 5);
    }
}
