//! The schedule as JSON: the document `schedule` prints and the calculator
//! copies, written by serde_json.
//!
//! The document must be byte-identical to what the browser's
//! `JSON.stringify(doc, null, 2)` writes for the same schedule, so it is
//! serialized with serde_json's pretty layout (two spaces per level) through
//! [`JsNumbers`], a `serde_json::ser::Formatter` that writes every `f64` as
//! ECMAScript's `Number::toString` does ([`js_number`]: `250`, not `250.0`;
//! `1e+300`, not `1e300`). The formatter's methods and their defaults are
//! serde_json's (https://docs.serde.rs/serde_json/ser/trait.Formatter.html).
//! serde_json writes `null` for a NaN or an infinity, as `JSON.stringify`
//! does; the core returns neither. `static/calculator/json.js` builds the same
//! document; the browser tests compare the two.
//!
//! The structs below are the document's layout, in the order of its fields;
//! they copy the core's figures and compute none.
//! Over 500 lines only with its unit tests at the end (the code is about 440).

use std::io;

use serde::Serialize;
use serde_json::ser::{Formatter, PrettyFormatter};

use super::figures::{CostFigures, Count, Distribution, FitAnswers, Method, Unit, js_number};
use crate::backoff::dist::fit::{Bound, PRECISION};
use crate::backoff::dist::{AttemptStart, DeadlineFit, Summary};
use crate::backoff::{Policy, Retry, Schedule};

/// The schedule as pretty-printed JSON, two spaces per level, ending without
/// a newline (as `JSON.stringify(doc, null, 2)` does).
pub fn to_json(schedule: &Schedule, unit: Unit, count: Count) -> String {
    let rows: Vec<Retry> = schedule.rows().collect();
    let totals = schedule.totals();
    let total = Total {
        min: totals.min,
        mean: totals.mean,
        max: totals.max,
    };
    write(&Document::new(schedule, &rows, total, unit, count))
}

/// The schedule and its distribution as pretty-printed JSON, two spaces per
/// level, ending without a newline (as `JSON.stringify(doc, null, 2)` does).
///
/// The document of the schedule alone (see [`to_json`]) comes first,
/// unchanged but for `policy.jitter_factor` with proportional jitter and
/// decorrelated jitter's means; the new figures follow in two objects of
/// their own, `distribution` and (with a timeout or deadline) `timeline`.
pub fn to_json_with(
    schedule: &Schedule,
    figures: &Distribution,
    unit: Unit,
    count: Count,
) -> String {
    let rows = figures.rows(schedule);
    let (min, mean, max) = figures.totals();
    let mut document = Document::new(schedule, &rows, Total { min, mean, max }, unit, count);
    document.distribution = Some(DistributionJson {
        method: &figures.method,
        total: SummaryJson::from(&figures.total),
        cumulative: (1..)
            .zip(&figures.cumulative)
            .map(|(retry, summary)| Cumulative {
                retry,
                summary: summary.into(),
            })
            .collect(),
    });
    document.timeline = figures.attempts.as_deref().map(|attempts| Timeline {
        timeout: figures.limits.timeout,
        deadline: figures.limits.deadline,
        attempts: attempts.iter().map(Attempt::from).collect(),
        deadline_fit: figures.deadline.as_ref().map(Fit::from),
    });
    document.fit = figures.fit.as_ref().map(FitJson::from);
    document.cost = figures.cost.as_ref().map(CostJson::from);
    document.curve = figures.curve.as_deref().map(|total| CurveJson {
        p: (0..total.len())
            .map(crate::backoff::dist::curve_probability)
            .collect(),
        total,
    });
    document.sample = figures.sample.as_ref().map(|run| SampleJson {
        generator: crate::backoff::rng::GENERATOR,
        seed: run.seed,
        delays: &run.delays,
        total: run.total,
    });
    write(&document)
}

/// `value` as serde_json's pretty layout (two spaces per level, no final
/// newline) with ECMAScript's numbers: the writer of every JSON document a
/// command prints (the schedule's here, the experiment's in
/// `crate::simulation`).
pub fn write(value: &impl Serialize) -> String {
    let mut out = Vec::new();
    let formatter = JsNumbers(PrettyFormatter::with_indent(b"  "));
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, formatter);
    value
        .serialize(&mut serializer)
        .expect("writing plain data to memory cannot fail");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// serde_json's pretty layout, with every `f64` written by [`js_number`].
/// Integers (`retry`, `seed`) are written as serde_json writes them, which
/// is ECMAScript's notation for every integer below 2^53.
struct JsNumbers(PrettyFormatter<'static>);

impl Formatter for JsNumbers {
    fn write_f64<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: f64) -> io::Result<()> {
        writer.write_all(js_number(value).as_bytes())
    }

    // The layout is the pretty formatter's, which keeps the indentation.
    fn begin_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_array(writer)
    }

    fn end_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_array(writer)
    }

    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_array_value(writer, first)
    }

    fn end_array_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_array_value(writer)
    }

    fn begin_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_object(writer)
    }

    fn end_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_object(writer)
    }

    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_object_key(writer, first)
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_object_value(writer)
    }

    fn end_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_object_value(writer)
    }
}

/// The whole document; `distribution`, `timeline`, `fit`, `cost`,
/// `sample` and `curve` only in
/// [`to_json_with`].
#[derive(Serialize)]
struct Document<'a> {
    policy: PolicyJson,
    retries: Vec<Row>,
    total: Total,
    #[serde(skip_serializing_if = "Option::is_none")]
    distribution: Option<DistributionJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    timeline: Option<Timeline>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fit: Option<FitJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cost: Option<CostJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sample: Option<SampleJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    curve: Option<CurveJson<'a>>,
}

impl Document<'_> {
    fn new(
        schedule: &Schedule,
        rows: &[Retry],
        total: Total,
        unit: Unit,
        count: Count,
    ) -> Document<'static> {
        let policy: Policy = schedule.policy();
        Document {
            policy: PolicyJson {
                base: policy.base,
                multiplier: policy.multiplier,
                max_delay: policy.max_delay,
                retries: policy.retries,
                count,
                jitter: policy.jitter.name(),
                jitter_factor: policy.jitter.factor(),
                unit,
            },
            retries: rows.iter().map(Row::from).collect(),
            total,
            distribution: None,
            timeline: None,
            fit: None,
            cost: None,
            sample: None,
            curve: None,
        }
    }
}

#[derive(Serialize)]
struct PolicyJson {
    base: f64,
    multiplier: f64,
    max_delay: Option<f64>,
    retries: u32,
    /// Only when the reader counted attempts (`"attempts"`); retries are
    /// the default.
    #[serde(skip_serializing_if = "Count::is_retries")]
    count: Count,
    jitter: &'static str,
    /// Only proportional jitter has a factor; the other kinds' documents
    /// have no such field.
    #[serde(skip_serializing_if = "Option::is_none")]
    jitter_factor: Option<f64>,
    unit: Unit,
}

/// One retry: the core's [`Retry`], field for field.
#[derive(Serialize)]
struct Row {
    retry: u32,
    delay: f64,
    capped: bool,
    min: f64,
    mean: f64,
    max: f64,
    cumulative_min: f64,
    cumulative_mean: f64,
    cumulative_max: f64,
}

impl From<&Retry> for Row {
    fn from(r: &Retry) -> Row {
        Row {
            retry: r.retry,
            delay: r.delay,
            capped: r.capped,
            min: r.min,
            mean: r.mean,
            max: r.max,
            cumulative_min: r.cumulative_min,
            cumulative_mean: r.cumulative_mean,
            cumulative_max: r.cumulative_max,
        }
    }
}

#[derive(Serialize)]
struct Total {
    min: f64,
    mean: f64,
    max: f64,
}

#[derive(Serialize)]
struct DistributionJson<'a> {
    /// `method` and the fields of that method.
    #[serde(flatten)]
    method: &'a Method,
    total: SummaryJson,
    cumulative: Vec<Cumulative>,
}

#[derive(Serialize)]
struct SummaryJson {
    min: f64,
    mean: f64,
    max: f64,
    p50: f64,
    p90: f64,
    p99: f64,
}

impl From<&Summary> for SummaryJson {
    fn from(s: &Summary) -> SummaryJson {
        SummaryJson {
            min: s.min,
            mean: s.mean,
            max: s.max,
            p50: s.p50,
            p90: s.p90,
            p99: s.p99,
        }
    }
}

#[derive(Serialize)]
struct Cumulative {
    retry: u32,
    #[serde(flatten)]
    summary: SummaryJson,
}

#[derive(Serialize)]
struct Timeline {
    timeout: Option<f64>,
    deadline: Option<f64>,
    attempts: Vec<Attempt>,
    /// `null` without a deadline.
    deadline_fit: Option<Fit>,
}

#[derive(Serialize)]
struct Attempt {
    attempt: u32,
    min: f64,
    p50: f64,
    max: f64,
}

impl From<&AttemptStart> for Attempt {
    fn from(a: &AttemptStart) -> Attempt {
        Attempt {
            attempt: a.attempt,
            min: a.min,
            p50: a.p50,
            max: a.max,
        }
    }
}

#[derive(Serialize)]
struct Fit {
    retries_worst: u32,
    retries_p50: u32,
    retries_best: u32,
    last_retry_probability: f64,
}

/// What fits a deadline (`schedule --fit-deadline`).
#[derive(Serialize)]
struct FitJson {
    deadline: f64,
    timeout: Option<f64>,
    most_retries: MostRetries,
    largest_base_p99: BoundJson,
    largest_max_delay_p99: BoundJson,
    /// The searches' relative width.
    precision: f64,
}

#[derive(Serialize)]
struct MostRetries {
    worst: u32,
    p99: u32,
    p50: u32,
}

/// A bound as `{"fits": "up_to", "value": x}`, `{"fits": "any", "value":
/// null}` or `{"fits": "none", "value": null}`.
#[derive(Serialize)]
struct BoundJson {
    fits: &'static str,
    value: Option<f64>,
}

impl From<Bound> for BoundJson {
    fn from(bound: Bound) -> BoundJson {
        let (fits, value) = match bound {
            Bound::Any => ("any", None),
            Bound::UpTo(x) => ("up_to", Some(x)),
            Bound::None => ("none", None),
        };
        BoundJson { fits, value }
    }
}

impl From<&FitAnswers> for FitJson {
    fn from(f: &FitAnswers) -> FitJson {
        let a = &f.answers;
        FitJson {
            deadline: f.deadline,
            timeout: f.timeout,
            most_retries: MostRetries {
                worst: a.most_retries_worst,
                p99: a.most_retries_p99,
                p50: a.most_retries_p50,
            },
            largest_base_p99: a.largest_base_p99.into(),
            largest_max_delay_p99: a.largest_max_delay_p99.into(),
            precision: PRECISION,
        }
    }
}

/// The total wait's curve (`schedule --curve`): each point's probability
/// and the total's quantile there.
#[derive(Serialize)]
struct CurveJson<'a> {
    p: Vec<f64>,
    total: &'a [f64],
}

/// One seeded sample run (`schedule --sample`).
#[derive(Serialize)]
struct SampleJson<'a> {
    generator: &'static str,
    seed: u64,
    delays: &'a [f64],
    total: f64,
}

/// What the retries cost the server (`schedule --failure-rate`).
#[derive(Serialize)]
struct CostJson {
    failure_rate: f64,
    layers: u32,
    attempts: f64,
    success: f64,
    bottom_attempts: f64,
    bottom_attempts_worst: f64,
    top_success: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    budget: Option<BudgetJson>,
}

/// What a preset's retry budget does (`backoff::budget::Effect`).
#[derive(Serialize)]
struct BudgetJson {
    name: &'static str,
    retries_from_full: Option<u32>,
    calls_from_full: Option<u32>,
    held_attempts: f64,
    edge: Option<f64>,
}

impl From<&CostFigures> for CostJson {
    fn from(c: &CostFigures) -> CostJson {
        CostJson {
            failure_rate: c.failure_rate,
            layers: c.layers,
            attempts: c.cost.attempts,
            success: c.cost.success,
            bottom_attempts: c.cost.bottom_attempts,
            bottom_attempts_worst: c.cost.bottom_attempts_worst,
            top_success: c.cost.top_success,
            budget: c.budget.map(|(name, e)| BudgetJson {
                name,
                retries_from_full: e.retries_from_full,
                calls_from_full: e.calls_from_full,
                held_attempts: e.held_attempts,
                edge: e.edge,
            }),
        }
    }
}

impl From<&DeadlineFit> for Fit {
    fn from(f: &DeadlineFit) -> Fit {
        Fit {
            retries_worst: f.retries_worst,
            retries_p50: f.retries_p50,
            retries_best: f.retries_best,
            last_retry_probability: f.last_retry_probability,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backoff::Jitter;
    use crate::backoff::dist::Limits;

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
        let json = to_json(&schedule, Unit::Ms, Count::Retries);
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

    #[test]
    fn the_document_with_figures_begins_with_the_schedule_document() {
        for jitter in [Jitter::None, Jitter::Full, Jitter::Equal] {
            let schedule = Schedule::new(Policy {
                base: 250.0,
                multiplier: 2.0,
                max_delay: Some(2000.0),
                retries: 6,
                jitter,
            })
            .unwrap();
            let figures = Distribution::new(&schedule, Limits::default()).unwrap();
            let alone = to_json(&schedule, Unit::Ms, Count::Retries);
            let with = to_json_with(&schedule, &figures, Unit::Ms, Count::Retries);
            let head = alone.strip_suffix("\n}").unwrap();
            assert!(with.starts_with(head), "{jitter:?}");
            assert!(with[head.len()..].starts_with(",\n  \"distribution\": {\n"));
            let value: serde_json::Value = serde_json::from_str(&with).unwrap();
            assert_eq!(value["distribution"]["method"], "grid");
        }
    }

    #[test]
    fn numbers_are_spelled_as_json_stringify_spells_them() {
        let schedule = Schedule::new(Policy {
            base: 0.1,
            multiplier: 3.0,
            max_delay: Some(1.5e300),
            retries: 2,
            jitter: Jitter::None,
        })
        .unwrap();
        let json = to_json(&schedule, Unit::S, Count::Retries);
        assert!(json.contains("\"base\": 0.1,"), "{json}");
        assert!(json.contains("\"max_delay\": 1.5e+300,"), "{json}");
        assert!(json.contains("\"delay\": 0.30000000000000004,"), "{json}");
        assert!(json.contains("\"retries\": 2,"), "{json}");
        assert!(!json.ends_with('\n'));
    }
}
