//! The calculator's many-clients chart as the build writes it: for every
//! language and calculator page, the chart of the defaults is the core's
//! own answer (`contract::run`, then `contract::spread`, run here
//! directly), its figures in the page's notation; without jitter the herd is
//! the reference model's retry starts, and with jitter its counts follow the
//! exact distribution of the starts.

use crate::common;

use backoff_site::backoff::contract::{
    self, CLIENTS_DEFAULT, SCHEDULE_LEN, SPREAD, SPREAD_BUCKETS, SPREAD_LEN,
};
use backoff_site::backoff::{Jitter, Policy};
use backoff_site::site::format::intl::Intl;
use common::pages::{between, real_page};

const NBSP: char = '\u{a0}';

/// The page's default policy and what follows a figure of it (a no-break
/// space and the unit), read from its data island.
fn defaults(html: &str) -> (Policy, String) {
    let island: serde_json::Value = serde_json::from_str(between(
        html,
        r#"<script type="application/json" id="calc-data">"#,
        "</script>",
    ))
    .unwrap();
    let d = &island["defaults"];
    let jitter =
        Jitter::from_name(d["jitter"].as_str().unwrap(), d["jitter_factor"].as_f64()).unwrap();
    let policy = Policy {
        base: d["base"].as_f64().unwrap(),
        multiplier: d["multiplier"].as_f64().unwrap(),
        max_delay: d["max_delay"].as_f64(),
        retries: d["retries"].as_f64().unwrap() as u32,
        jitter,
    };
    // Plain numbers carry no unit.
    let unit = match d["unit"].as_str().unwrap() {
        "units" => String::new(),
        name => format!("{NBSP}{}", island["units"][name].as_str().unwrap()),
    };
    (policy, unit)
}

#[test]
fn the_built_chart_is_the_cores_herd_in_the_pages_notation() {
    let mut herds = 0;
    for lang in common::languages() {
        let intl = Intl::new(&lang.parse().unwrap()).unwrap();
        for page in ["calculator", "schedule"] {
            let at = format!("{lang}/{page}");
            let html = real_page(&format!("{lang}/{page}/index.html"));
            let (policy, unit) = defaults(&html);
            let inputs = contract::inputs(&policy).unwrap();
            let mut schedule = [0.0; SCHEDULE_LEN];
            contract::run(&inputs, &mut schedule).unwrap();
            let (mut out, mut counts) = ([0.0; SPREAD_LEN], [0u32; SPREAD_BUCKETS]);
            let clients = f64::from(CLIENTS_DEFAULT);
            contract::spread(&inputs, &schedule, clients, &mut out, &mut counts).unwrap();
            let figure = |key: &str| out[SPREAD.iter().position(|k| *k == key).unwrap()];
            let chart = between(
                &html,
                r#"<figure class="chart" id="calc-herd">"#,
                "</figure>",
            );
            // One bar per bucket where retries start.
            let bars = between(chart, r#"<path d=""#, r#"" class="herd-bars""#);
            let bars = bars.rsplit(r#"<path d=""#).next().unwrap();
            let nonzero = counts.iter().filter(|&&c| c > 0).count();
            assert_eq!(bars.matches('Z').count(), nonzero, "{at}");
            // The summary names the peak, the width and where the peak is.
            let summary = between(chart, r#"<p class="chart-summary">"#, "</p>");
            let with_unit = |x: f64| format!("{}{unit}", intl.number(x));
            let width = figure("bucket_width");
            for shown in [
                intl.number(figure("peak")),
                with_unit(width),
                with_unit(figure("peak_bucket") * width),
            ] {
                assert!(summary.contains(&shown), "{at}: {shown:?} in {summary:?}");
            }
            // Without jitter every client's retry k starts at the sum of the
            // first k delays, by the reference model: the herd is the whole
            // count in those retries' buckets, and nowhere else. Buckets are
            // `[i·w, (i + 1)·w)`, the last closed at the latest start.
            if policy.jitter == Jitter::None {
                let rows = backoff_core_testing::expected_rows(&policy);
                let latest: f64 = rows.iter().map(|(delay, _)| delay).sum();
                let last = (latest / width).ceil() as usize - 1;
                let mut want = [0u32; SPREAD_BUCKETS];
                let mut start = 0.0;
                for (delay, _) in rows {
                    start += delay;
                    want[((start / width) as usize).min(last)] += CLIENTS_DEFAULT;
                }
                assert_eq!(counts, want, "{at}");
                herds += 1;
            }
            // Every retry of every client is counted once.
            let total: u64 = counts.iter().map(|&c| u64::from(c)).sum();
            assert_eq!(
                total,
                u64::from(CLIENTS_DEFAULT) * u64::from(policy.retries)
            );
            // The default count is the field's.
            assert!(html.contains(&format!(
                r#"id="calc-clients" name="clients" type="text" inputmode="numeric" autocomplete="off" spellcheck="false" value="{CLIENTS_DEFAULT}""#
            )));
        }
    }
    assert!(herds > 0, "no page's defaults are without jitter");
}

/// With jitter the herd is sampled; its expectation is exact: retry `k` of
/// a client starts at the sum of its first `k` delays, whose CDF
/// `backoff_core_testing::exact::capped_sum_cdf` gives by
/// inclusion–exclusion, each delay uniform between the reference model's
/// shortest and longest. Each bucket's count lies within five standard
/// deviations of `clients × Σ_k P(start_k in the bucket)`.
#[test]
fn a_jittered_herd_is_spread_as_the_exact_distribution_says() {
    use backoff_core_testing::exact::capped_sum_cdf;
    const CLIENTS: u32 = 2000;
    let policies = [
        Policy {
            base: 100.0,
            multiplier: 2.0,
            max_delay: Some(1000.0),
            retries: 6,
            jitter: Jitter::Full,
        },
        Policy {
            base: 250.0,
            multiplier: 3.0,
            max_delay: None,
            retries: 4,
            jitter: Jitter::Equal,
        },
        Policy {
            base: 1000.0,
            multiplier: 1.5,
            max_delay: Some(4000.0),
            retries: 5,
            jitter: Jitter::Proportional { factor: 0.2 },
        },
    ];
    for policy in policies {
        let inputs = contract::inputs(&policy).unwrap();
        let mut schedule = [0.0; SCHEDULE_LEN];
        contract::run(&inputs, &mut schedule).unwrap();
        let (mut out, mut counts) = ([0.0; SPREAD_LEN], [0u32; SPREAD_BUCKETS]);
        contract::spread(
            &inputs,
            &schedule,
            f64::from(CLIENTS),
            &mut out,
            &mut counts,
        )
        .unwrap();
        let figure = |key: &str| out[SPREAD.iter().position(|k| *k == key).unwrap()];
        assert_eq!(
            figure("sampled"),
            f64::from(CLIENTS),
            "{policy:?}: every client drawn"
        );
        let width = figure("bucket_width");
        let used = figure("buckets") as usize;
        // Each retry's delay by the reference model, as (lo, hi, no cap).
        let delays: Vec<(f64, f64, f64)> = backoff_core_testing::expected_rows(&policy)
            .into_iter()
            .map(|(d, _)| {
                let (lo, _, hi) = backoff_core_testing::want_spread(&policy, d);
                (lo, hi, f64::INFINITY)
            })
            .collect();
        let latest: f64 = delays.iter().map(|d| d.1).sum();
        for (i, &count) in counts.iter().enumerate().take(used) {
            let (from, to) = (i as f64 * width, (i + 1) as f64 * width);
            let last = i + 1 == used || to >= latest;
            let (mut expected, mut spread) = (0.0, 0.0);
            for k in 1..=delays.len() {
                let cdf = |x: f64| capped_sum_cdf(&delays[..k], x);
                let p = if last { 1.0 } else { cdf(to) } - cdf(from);
                let p = p.clamp(0.0, 1.0);
                expected += f64::from(CLIENTS) * p;
                spread += (f64::from(CLIENTS) * p * (1.0 - p)).sqrt();
            }
            assert!(
                (f64::from(count) - expected).abs() <= 5.0 * spread + 1.0,
                "{policy:?}: bucket {i} [{from}, {to}) holds {count}, expected {expected:.1} ± {:.1}",
                5.0 * spread + 1.0
            );
            if last {
                break;
            }
        }
    }
}
