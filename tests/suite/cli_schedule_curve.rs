//! `schedule --curve` as a script sees it: for every jitter kind, `curve.p`
//! is 0, 0.01, …, 1 and `curve.total` the total wait's quantile at each,
//! from the document's own shortest total to its longest, never falling,
//! with points 50, 90 and 99 the document's P50, P90 and P99 (the core's
//! tests hold the points to the exact quantiles and to the run's order
//! statistics); the table prints the same points.

use crate::common;

use backoff_site::backoff::Jitter;
use common::cli;
use serde_json::Value;

fn args(kind: &str) -> Vec<&str> {
    let mut args = cli::short_policy(kind);
    args.push("--curve");
    args
}

#[test]
fn the_curve_runs_from_the_shortest_total_to_the_longest_through_the_percentiles() {
    for kind in Jitter::NAMES {
        let json = cli::stdout_of("schedule", &args(kind));
        let doc: Value = serde_json::from_str(&json).unwrap();
        let f = |v: &Value| v.as_f64().unwrap();
        let p: Vec<f64> = doc["curve"]["p"]
            .as_array()
            .unwrap()
            .iter()
            .map(f)
            .collect();
        let want: Vec<f64> = (0..=100).map(|i| f64::from(i) / 100.0).collect();
        assert_eq!(p, want, "{kind}");
        let curve: Vec<f64> = doc["curve"]["total"]
            .as_array()
            .unwrap()
            .iter()
            .map(f)
            .collect();
        let total = &doc["distribution"]["total"];
        assert_eq!(curve.len(), 101, "{kind}");
        assert_eq!(curve[0], f(&total["min"]), "{kind}");
        assert_eq!(curve[100], f(&total["max"]), "{kind}");
        for (i, key) in [(50, "p50"), (90, "p90"), (99, "p99")] {
            assert_eq!(curve[i], f(&total[key]), "{kind} {key}");
        }
        assert!(
            curve.windows(2).all(|w| w[0] <= w[1]),
            "{kind}: the curve falls"
        );
        // The table: the same points, as JSON writes them.
        let mut table = args(kind);
        table.extend(["--format", "table"]);
        let text = cli::stdout_of("schedule", &table);
        let line = text
            .lines()
            .find(|l| l.starts_with("curve of the total wait"))
            .unwrap();
        // The points as the JSON writes them, compared as text: a parse
        // may round a digit.
        let array = &json[json.find("\"curve\"").unwrap()..];
        let array = &array[array.find("\"total\": [").unwrap() + 10..];
        let points: Vec<&str> = array[..array.find(']').unwrap()]
            .split(',')
            .map(str::trim)
            .collect();
        assert!(line.ends_with(&points.join(", ")), "{kind}: {line}");
    }
}
