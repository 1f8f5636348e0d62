//! The schedule as a document: the JSON that `schedule` prints and the
//! calculator copies, and the plain-text table of `schedule --format table`.
//!
//! The JSON is written by hand rather than through serde because it must be
//! byte-identical to what the browser's `JSON.stringify(doc, null, 2)` writes
//! for the same schedule: numbers follow ECMAScript's `Number::toString`
//! (`250`, not `250.0`; `1e+300`, not `1e300`). `static/calculator.js`
//! mirrors this module; the browser tests compare the two.
//!
//! Field names are stable and documented in README.md.

use std::fmt::Write as _;

use crate::backoff::{Policy, Schedule};

/// The unit a schedule is expressed in. The core never sees it; it only
/// labels the figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    /// Milliseconds.
    Ms,
    /// Seconds.
    S,
    /// No unit: plain numbers.
    Units,
}

impl Unit {
    /// The stable name used on the command line, in JSON and in content files.
    pub const fn name(self) -> &'static str {
        match self {
            Unit::Ms => "ms",
            Unit::S => "s",
            Unit::Units => "units",
        }
    }

    /// How many milliseconds one unit is, for humanized durations; `None` for
    /// plain numbers, which have no duration to humanize.
    pub const fn milliseconds(self) -> Option<f64> {
        match self {
            Unit::Ms => Some(1.0),
            Unit::S => Some(1000.0),
            Unit::Units => None,
        }
    }
}

/// Writes `x` exactly as ECMAScript's `Number.prototype.toString()` does.
///
/// Rust's `{:e}` gives the shortest digits that round-trip, as ECMAScript
/// requires; only the layout differs, and that is rebuilt here.
pub fn js_number(x: f64) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    if x == 0.0 {
        return "0".into();
    }
    let sign = if x < 0.0 { "-" } else { "" };
    let scientific = format!("{:e}", x.abs());
    let (mantissa, exponent) = scientific
        .split_once('e')
        .expect("`{:e}` always writes an exponent");
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let exponent: i32 = exponent.parse().expect("`{:e}` writes an integer exponent");
    // In ECMAScript's terms: value = digits × 10^(n − k).
    let k = digits.len() as i32;
    let n = exponent + 1;
    let body = if k <= n && n <= 21 {
        format!("{digits}{}", "0".repeat((n - k) as usize))
    } else if 0 < n && n <= 21 {
        format!("{}.{}", &digits[..n as usize], &digits[n as usize..])
    } else if -6 < n && n <= 0 {
        format!("0.{}{digits}", "0".repeat((-n) as usize))
    } else {
        let e = n - 1;
        let e_sign = if e < 0 { '-' } else { '+' };
        if k == 1 {
            format!("{digits}e{e_sign}{}", e.abs())
        } else {
            format!("{}.{}e{e_sign}{}", &digits[..1], &digits[1..], e.abs())
        }
    };
    format!("{sign}{body}")
}

/// The schedule as pretty-printed JSON, two spaces per level, ending without
/// a newline (as `JSON.stringify(doc, null, 2)` does).
pub fn to_json(schedule: &Schedule, unit: Unit) -> String {
    let policy: Policy = schedule.policy();
    let mut out = String::new();
    let max_delay = policy.max_delay.map_or("null".to_string(), js_number);
    // Writing to a String cannot fail.
    let _ = write!(
        out,
        "{{\n  \"policy\": {{\n    \"base\": {},\n    \"multiplier\": {},\n    \"max_delay\": {},\n    \"retries\": {},\n    \"jitter\": \"{}\",\n    \"unit\": \"{}\"\n  }},\n  \"retries\": [",
        js_number(policy.base),
        js_number(policy.multiplier),
        max_delay,
        policy.retries,
        policy.jitter.name(),
        unit.name(),
    );
    for (i, row) in schedule.rows().enumerate() {
        let _ = write!(
            out,
            "{}\n    {{\n      \"retry\": {},\n      \"delay\": {},\n      \"capped\": {},\n      \"min\": {},\n      \"mean\": {},\n      \"max\": {},\n      \"cumulative_min\": {},\n      \"cumulative_mean\": {},\n      \"cumulative_max\": {}\n    }}",
            if i == 0 { "" } else { "," },
            row.retry,
            js_number(row.delay),
            row.capped,
            js_number(row.min),
            js_number(row.mean),
            js_number(row.max),
            js_number(row.cumulative_min),
            js_number(row.cumulative_mean),
            js_number(row.cumulative_max),
        );
    }
    let totals = schedule.totals();
    let _ = write!(
        out,
        "\n  ],\n  \"total\": {{\n    \"min\": {},\n    \"mean\": {},\n    \"max\": {}\n  }}\n}}",
        js_number(totals.min),
        js_number(totals.mean),
        js_number(totals.max),
    );
    out
}

/// The schedule as a plain-text table with right-aligned columns, for reading
/// in a terminal.
pub fn to_table(schedule: &Schedule, unit: Unit) -> String {
    let header = [
        "retry",
        "delay",
        "capped",
        "min",
        "mean",
        "max",
        "cumulative min",
        "cumulative mean",
        "cumulative max",
    ];
    let mut rows: Vec<Vec<String>> = vec![header.iter().map(|h| h.to_string()).collect()];
    for row in schedule.rows() {
        rows.push(vec![
            row.retry.to_string(),
            js_number(row.delay),
            if row.capped { "yes" } else { "no" }.to_string(),
            js_number(row.min),
            js_number(row.mean),
            js_number(row.max),
            js_number(row.cumulative_min),
            js_number(row.cumulative_mean),
            js_number(row.cumulative_max),
        ]);
    }
    let totals = schedule.totals();
    let widths: Vec<usize> = (0..header.len())
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in &rows {
        let line: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(cell, width)| format!("{cell:>width$}"))
            .collect();
        out.push_str(line.join("  ").trim_end());
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "total wait ({}): min {}, mean {}, max {}",
        unit.name(),
        js_number(totals.min),
        js_number(totals.mean),
        js_number(totals.max),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backoff::Jitter;

    #[test]
    fn numbers_are_written_as_ecmascript_writes_them() {
        // Expected values are what `String(x)` gives in a browser console.
        let cases = [
            (250.0, "250"),
            (0.5, "0.5"),
            (45.75, "45.75"),
            (0.1 + 0.2, "0.30000000000000004"),
            (1e21, "1e+21"),
            (1e20, "100000000000000000000"),
            (123456789012345680000.0, "123456789012345680000"),
            (1e300, "1e+300"),
            (1.5e300, "1.5e+300"),
            (0.000001, "0.000001"),
            (0.0000001, "1e-7"),
            (1.25e-7, "1.25e-7"),
            (5e-324, "5e-324"),
            (f64::MAX, "1.7976931348623157e+308"),
            (0.0, "0"),
            (-2.5, "-2.5"),
        ];
        for (x, want) in cases {
            assert_eq!(js_number(x), want, "{x:e}");
        }
    }

    #[test]
    fn json_document_has_the_documented_shape() {
        let schedule = Schedule::new(Policy {
            base: 250.0,
            multiplier: 2.0,
            max_delay: Some(2000.0),
            retries: 2,
            jitter: Jitter::Full,
        })
        .unwrap();
        let json = to_json(&schedule, Unit::Ms);
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value["policy"]["max_delay"], 2000);
        assert_eq!(value["policy"]["jitter"], "full");
        assert_eq!(value["retries"][1]["delay"], 500);
        assert_eq!(value["retries"][1]["mean"], 250);
        assert_eq!(value["retries"][1]["cumulative_max"], 750);
        assert_eq!(value["total"]["mean"], 375);
        // Re-serialized by serde_json with the same layout, only the number
        // spelling could differ, and these numbers are all integers.
        assert_eq!(serde_json::to_string_pretty(&value).unwrap(), json);
    }
}
