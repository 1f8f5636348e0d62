//! The contention page's charts keep every text inside their drawing, in
//! every language: each `<text>` of each chart, measured by the charts'
//! own conservative estimate of a text's width (`charts::text_width`) from
//! its anchor, lies within the SVG's `viewBox`. The lines' end labels are
//! the longest texts and stand at the right edge, so a language with long
//! strategy names (Russian's „Декоррелированный джиттер") is the case this
//! guards. `tests/e2e/chart_labels.test.js` holds the estimate to the widths
//! a browser measures.

use crate::common;

use backoff_site::site::sections::charts::text_width;
use common::pages::real_page;

/// The inline SVG drawings of a page, each as its own XML text.
fn svgs(html: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<svg ") {
        let end = start + rest[start..].find("</svg>").expect("an SVG is closed") + "</svg>".len();
        out.push(&rest[start..end]);
        rest = &rest[end..];
    }
    out
}

/// The texts of one drawing that leave its `viewBox`, with how.
fn overflows(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}: {svg}"));
    let root = doc.root_element();
    let view: Vec<f64> = root
        .attribute("viewBox")
        .expect("a chart has a viewBox")
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    let (width, height) = (view[2], view[3]);
    let mut out = Vec::new();
    for text in root.descendants().filter(|n| n.has_tag_name("text")) {
        let content = text.text().unwrap_or_default();
        let x: f64 = text.attribute("x").unwrap().parse().unwrap();
        let y: f64 = text.attribute("y").unwrap().parse().unwrap();
        let w = text_width(content);
        let (left, right) = match text.attribute("text-anchor").unwrap_or("start") {
            "start" => (x, x + w),
            "middle" => (x - w / 2.0, x + w / 2.0),
            "end" => (x - w, x),
            other => panic!("anchor {other}"),
        };
        // The baseline is `y`: a 14-unit text's capitals rise about 11 units
        // above it (the ticks' figures stand on it, with nothing below).
        if left < 0.0 || right > width || y - 11.0 < 0.0 || y > height {
            out.push(format!(
                "{content:?} spans x {left:.1}..{right:.1}, baseline {y} in 0 0 {width} {height}"
            ));
        }
    }
    out
}

#[test]
fn every_chart_text_lies_within_its_drawing_in_every_language() {
    for lang in common::languages() {
        let page = real_page(&format!("{lang}/contention/index.html"));
        let charts: Vec<&str> = svgs(&page)
            .into_iter()
            .filter(|svg| svg.contains("<text"))
            .collect();
        // Two line charts and five herd panels.
        assert!(charts.len() >= 7, "{lang}: {} charts", charts.len());
        let labels = charts
            .iter()
            .filter(|svg| svg.contains("chart-label"))
            .count();
        assert_eq!(labels, 2, "{lang}: line charts with end labels");
        for svg in charts {
            let bad = overflows(svg);
            assert!(bad.is_empty(), "{lang}: {bad:#?}");
        }
    }
}

#[test]
fn a_label_past_the_edge_is_seen() {
    // The check itself: a label drawn where the old fixed margin put it
    // (x 470 of 640) with the Russian name is caught.
    let svg = r#"<svg viewBox="0 0 640 360"><text x="470" y="185" class="chart-label">Декоррелированный джиттер</text></svg>"#;
    assert_eq!(overflows(svg).len(), 1);
}
