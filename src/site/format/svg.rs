//! The arithmetic of the site's SVG charts' axes, shared by the calculator's
//! charts (`figures.rs`, `calculator/herd.rs`, `calculator/distribution.rs`)
//! and the contention charts (`charts.rs`): powers of ten, round steps, the
//! ticks of a linear or logarithmic value axis, the one-decimal coordinates,
//! the escaping of text and attributes, and the [`Frame`] every chart draws
//! in (its size, margins, plot area, grid lines and axes).
//!
//! `static/calculator/chart.js` redraws the calculator's chart with the same
//! rules (`decade`, `niceStep`, its tick loops), so every function here
//! computes as the script does, operation for operation: the same doubles
//! on both sides. It draws nothing and knows no page.

/// 10^k by repeated exact steps, as the script computes it: the same double
/// on both sides, where `powi` and `Math.pow` may differ in the last bit.
pub(crate) fn pow10(k: i32) -> f64 {
    let p = (0..k.unsigned_abs()).fold(1.0, |p, _| p * 10.0);
    if k < 0 { 1.0 / p } else { p }
}

/// The power of ten at or below `x` (> 0), as an exponent.
pub(crate) fn decade(x: f64) -> i32 {
    let mut k = 0;
    while pow10(k + 1) <= x {
        k += 1;
    }
    while pow10(k) > x {
        k -= 1;
    }
    k
}

/// A round step (1, 2 or 5 × 10^k) at least `raw`.
pub(crate) fn nice_step(raw: f64) -> f64 {
    let p = pow10(decade(raw));
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * p)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * p)
}

/// A linear value axis from 0 for values up to `top` (> 0): about four
/// round steps, the ceiling the first step at or above `top`. Returns the
/// ceiling and the ticks, 0 to the ceiling.
pub(crate) fn linear_ticks(top: f64) -> (f64, Vec<f64>) {
    let step = nice_step(top / 4.0);
    let ceiling = (top / step).ceil() * step;
    let mut ticks = Vec::new();
    let mut k = 0.0;
    while k * step <= ceiling {
        ticks.push(k * step);
        k += 1.0;
    }
    (ceiling, ticks)
}

/// A logarithmic value axis for values from `low` to `top` (both > 0):
/// the whole decades around them, as exponents `(lo, hi)`.
pub(crate) fn log_decades(low: f64, top: f64) -> (i32, i32) {
    let hi = decade(top) + i32::from(pow10(decade(top)) < top);
    (decade(low), hi)
}

/// A coordinate to one decimal, written as JavaScript writes the same
/// double: coordinates stay short and match the script's.
pub(crate) fn fix(v: f64) -> String {
    crate::report::js_number((v * 10.0).round() / 10.0)
}

/// Text or an attribute's value, safe inside SVG markup.
pub(crate) fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Appends `<tag name="value"…>text</tag>` to `svg`, every value and the
/// text escaped: the element form of the calculator's charts, which the
/// script writes alike.
pub(crate) fn element(svg: &mut String, tag: &str, attrs: &[(&str, String)], text: &str) {
    svg.push('<');
    svg.push_str(tag);
    for (name, value) in attrs {
        svg.push_str(&format!(" {name}=\"{}\"", escape(value)));
    }
    svg.push('>');
    svg.push_str(&escape(text));
    svg.push_str(&format!("</{tag}>"));
}

/// A chart's drawing: its size and the margins around the plot, in SVG
/// units. The value axis runs up the left margin, the x axis's ticks and
/// title sit in the bottom margin.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    pub width: f64,
    pub height: f64,
    pub left: f64,
    pub right: f64,
    pub top: f64,
    /// The bottom margin.
    pub bottom: f64,
}

impl Frame {
    /// The y of the plot's bottom edge.
    pub fn plot_bottom(&self) -> f64 {
        self.height - self.bottom
    }

    /// The x of the plot's right edge.
    pub fn plot_right(&self) -> f64 {
        self.width - self.right
    }

    pub fn plot_width(&self) -> f64 {
        self.width - self.left - self.right
    }

    /// The x of the plot's middle, where the x axis's title is centred.
    pub fn centre_x(&self) -> f64 {
        (self.left + self.width - self.right) / 2.0
    }

    /// The y of `v` on a linear value axis from 0 at the plot's bottom to
    /// `ceiling` at its top.
    pub fn linear_y(&self, v: f64, ceiling: f64) -> f64 {
        let bottom = self.plot_bottom();
        bottom - v / ceiling * (bottom - self.top)
    }

    /// The path of a grid line across the plot at `y`.
    pub fn grid_line(&self, y: f64) -> String {
        format!("M{} {}H{}", fix(self.left), fix(y), fix(self.plot_right()))
    }

    /// The path of the axes: down the plot's left edge, along its bottom.
    pub fn axes(&self) -> String {
        format!(
            "M{} {}V{}H{}",
            fix(self.left),
            fix(self.top),
            fix(self.plot_bottom()),
            fix(self.plot_right())
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_round_and_at_least_asked() {
        assert_eq!(nice_step(0.3), 0.5);
        assert_eq!(nice_step(1.0), 1.0);
        assert_eq!(nice_step(1.5), 2.0);
        assert_eq!(nice_step(7.0), 10.0);
        assert_eq!(nice_step(2500.0), 5000.0);
        assert_eq!(decade(0.05), -2);
        assert_eq!(decade(1000.0), 3);
    }

    #[test]
    fn linear_ticks_reach_the_first_step_above_the_top() {
        assert_eq!(
            linear_ticks(310.0),
            (400.0, vec![0.0, 100.0, 200.0, 300.0, 400.0])
        );
        assert_eq!(linear_ticks(8.0), (8.0, vec![0.0, 2.0, 4.0, 6.0, 8.0]));
    }

    #[test]
    fn log_decades_enclose_the_values() {
        assert_eq!(log_decades(0.4, 36.0), (-1, 2));
        assert_eq!(log_decades(1.0, 100.0), (0, 2));
    }

    #[test]
    fn a_frame_places_its_plot_inside_the_margins() {
        let frame = Frame {
            width: 640.0,
            height: 240.0,
            left: 60.0,
            right: 16.0,
            top: 16.0,
            bottom: 56.0,
        };
        assert_eq!(frame.plot_bottom(), 184.0);
        assert_eq!(frame.plot_right(), 624.0);
        assert_eq!(frame.plot_width(), 564.0);
        assert_eq!(frame.centre_x(), 342.0);
        assert_eq!(frame.linear_y(0.0, 8.0), 184.0);
        assert_eq!(frame.linear_y(8.0, 8.0), 16.0);
        assert_eq!(frame.grid_line(100.04), "M60 100H624");
        assert_eq!(frame.axes(), "M60 16V184H624");
    }
}
