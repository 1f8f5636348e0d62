//! The project's presets file: it loads, it covers the libraries the site
//! promises, and each preset's schedule in the core is the library's own
//! rule, transcribed here from the lines the preset cites (a preset whose
//! `differs` is empty must match its library's rule exactly; one with a
//! difference must differ just as the difference says).

use crate::common;

use backoff_site::backoff::{Jitter, Policy, Schedule};
use backoff_site::presets::{self, Counts, Difference, Group, Preset};
use backoff_site::site::load::content::ZeroMax;
use backoff_site::site::sections::calculator::presets::page_policy;
use common::pages::{between, real_page};

fn all() -> Vec<Preset> {
    presets::embedded().unwrap_or_else(|problems| {
        let text: Vec<String> = problems.iter().map(|d| d.render(false)).collect();
        panic!("content/presets.toml does not load:\n{}", text.join("\n"))
    })
}

fn preset(id: &str) -> Preset {
    let all = all();
    presets::find(&all, id)
        .unwrap_or_else(|| panic!("no preset `{id}`"))
        .clone()
}

/// The (min, max) of each retry's delay in the core.
fn bounds(p: &Preset) -> Vec<(f64, f64)> {
    Schedule::new(p.policy)
        .unwrap()
        .rows()
        .map(|r| (r.min, r.max))
        .collect()
}

fn nominal(p: &Preset) -> Vec<f64> {
    Schedule::new(p.policy)
        .unwrap()
        .rows()
        .map(|r| r.delay)
        .collect()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

#[test]
fn the_file_on_disk_is_the_one_compiled_in() {
    let on_disk = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(presets::FILE),
    )
    .unwrap();
    assert_eq!(on_disk, presets::EMBEDDED);
    let mut problems = Vec::new();
    let loaded = presets::load(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        &mut problems,
    );
    assert!(problems.is_empty());
    assert_eq!(loaded.len(), all().len());
}

#[test]
fn the_promised_libraries_are_there() {
    let all = all();
    assert!(all.len() >= 15, "{} presets", all.len());
    for id in [
        "aws-standard",
        "grpc-connection",
        "grpc-retry-policy",
        "google-api-core",
        "polly",
        "resilience4j",
        "spring-retry",
        "tenacity",
        "urllib3",
        "celery",
        "sidekiq",
        "cenkalti-backoff",
        "backon",
        "client-go-workqueue",
        "envoy",
        "finagle",
        "kafka",
        "stripe-python",
    ] {
        assert!(presets::find(&all, id).is_some(), "no preset `{id}`");
    }
    // Every preset here was read in its source at a pinned commit.
    for p in &all {
        assert!(p.verified, "{} is not verified", p.id);
        assert!(
            p.sources[0].contains("/blob/") && p.sources[0].contains("#L"),
            "{}",
            p.id
        );
    }
}

/// The count the library states, converted to the core's retries.
#[test]
fn counts_become_retries() {
    for p in all() {
        match (p.counts, p.count) {
            (Counts::Attempts, Some(n)) => assert_eq!(p.policy.retries, n - 1, "{}", p.id),
            (Counts::Retries, Some(n)) => assert_eq!(p.policy.retries, n, "{}", p.id),
            (Counts::Unlimited | Counts::Time, None) => {
                let named = [Difference::Unlimited, Difference::TimeLimit];
                assert!(p.differs.iter().any(|d| named.contains(d)), "{}", p.id);
            }
            other => panic!("{}: {other:?}", p.id),
        }
    }
}

/// Libraries without jitter: each delay is the library's formula.
#[test]
fn fixed_schedules_are_the_libraries_formulas() {
    // Polly, Constant: Delay every time (RetryHelper.cs, Constant => baseDelay).
    assert_eq!(nominal(&preset("polly")), [2000.0; 3]);
    // resilience4j: a fixed 500 ms wait, 3 attempts.
    assert_eq!(nominal(&preset("resilience4j")), [500.0; 2]);
    // Spring: sleep = interval, then interval = (long) (interval * multiplier), capped at max.
    let spring: Vec<f64> = (0..2)
        .map(|n| (100.0 * 2f64.powi(n)).min(30000.0))
        .collect();
    assert_eq!(nominal(&preset("spring-retry")), spring);
    assert_eq!(nominal(&preset("spring-retryable")), [1000.0; 2]);
    // Celery: countdown default_retry_delay = 180 s, 3 retries.
    assert_eq!(nominal(&preset("celery")), [180000.0; 3]);
    // backon: min_delay, then cur * factor while cur < max, capped.
    assert_eq!(nominal(&preset("backon")), [1000.0, 2000.0, 4000.0]);
    // go-retryablehttp: min * 2^i, i = 0 first, capped at max.
    let retryablehttp: Vec<f64> = (0..4)
        .map(|i| (1000.0 * 2f64.powi(i)).min(30000.0))
        .collect();
    assert_eq!(nominal(&preset("go-retryablehttp")), retryablehttp);
    // tenacity wait_exponential(): multiplier * 2^(attempt_number - 1).
    let tenacity: Vec<f64> = (1..=10).map(|n| 1000.0 * 2f64.powi(n - 1)).collect();
    assert_eq!(nominal(&preset("tenacity")), tenacity);
    // client-go: 5 ms * 2^failures, capped at 1000 s.
    let client_go: Vec<f64> = (0..10).map(|f| (5.0 * 2f64.powi(f)).min(1e6)).collect();
    assert_eq!(nominal(&preset("client-go-workqueue")), client_go);
}

/// Libraries with jitter: each delay's range is the library's.
#[test]
fn jittered_ranges_are_the_libraries() {
    // botocore: random() * min(2^(n-1), 20) s.
    let aws: Vec<(f64, f64)> = (1..=2).map(|n| (0.0, 1000.0 * 2f64.powi(n - 1))).collect();
    assert_eq!(bounds(&preset("aws-standard")), aws);
    // google-api-core: uniform(0, d), d = min(2d, 60 s) from 1 s.
    let google = bounds(&preset("google-api-core"));
    assert_eq!(google[0], (0.0, 1000.0));
    assert_eq!(google[9], (0.0, 60000.0));
    // gRPC retry policy: min(initial * mult^(n-1), max) * random(0.8, 1.2).
    for (n, (lo, hi)) in bounds(&preset("grpc-retry-policy")).into_iter().enumerate() {
        let d = (100.0 * 2f64.powi(n as i32)).min(1000.0);
        assert!(close(lo, 0.8 * d) && close(hi, 1.2 * d), "retry {}", n + 1);
    }
    // cenkalti/backoff: [d - 0.5d, d + 0.5d], d capped at 60 s before.
    let mut cenkalti = preset("cenkalti-backoff");
    cenkalti.policy.retries = 16;
    for (n, (lo, hi)) in bounds(&cenkalti).into_iter().enumerate() {
        let d = (500.0 * 1.5f64.powi(n as i32)).min(60000.0);
        assert!(close(lo, 0.5 * d) && close(hi, 1.5 * d), "retry {}", n + 1);
    }
    assert_eq!(bounds(&cenkalti)[15].1, 90000.0);
    // Envoy: random() % d ms with d = 25 ms for the one retry.
    assert_eq!(bounds(&preset("envoy")), [(0.0, 25.0)]);
}

/// Where the preset says how it differs, the difference is the one stated.
#[test]
fn differences_are_as_stated() {
    // urllib3 with backoff_factor 0.1 sleeps 0, 0.2, 0.4 s: the core's
    // delays from the second retry on, the first immediate.
    let urllib3 = preset("urllib3");
    assert!(urllib3.differs.contains(&Difference::ImmediateFirstRetry));
    let library: Vec<f64> = (1..=3)
        .map(|k| {
            if k <= 1 {
                0.0
            } else {
                100.0 * 2f64.powi(k - 1)
            }
        })
        .collect();
    assert_eq!(nominal(&urllib3)[1..], library[1..]);
    // grpc-go: Backoff(0) = 1 s unjittered, the core jitters it.
    let grpc = preset("grpc-connection");
    assert!(grpc.differs.contains(&Difference::FirstDelayUnjittered));
    assert!(matches!(grpc.policy.jitter, Jitter::Proportional { factor } if factor == 0.2));
    // Kafka caps after the jitter: the core's longest delay exceeds 1 s.
    let kafka = preset("kafka");
    assert!(kafka.differs.contains(&Difference::CapAfterJitter));
    assert!(bounds(&kafka).iter().any(|&(_, hi)| hi > 1000.0));
    // Stripe (Python): max(0.5, d * 0.5 * (1 + U)) — the core's equal
    // jitter, whose first retry may be under the floor the library keeps.
    let stripe = preset("stripe-python");
    assert!(stripe.differs.contains(&Difference::FloorAtFirstDelay));
    assert_eq!(bounds(&stripe)[0], (250.0, 500.0));
    // Sidekiq: count^4 + 15 s; the fit's nominal total is within 1 % of it.
    let sidekiq = preset("sidekiq");
    assert!(sidekiq.differs.contains(&Difference::Polynomial));
    let library: f64 = (0..25u32).map(|c| f64::from(c.pow(4) + 15) * 1000.0).sum();
    let fit: f64 = nominal(&sidekiq).iter().sum();
    assert!((fit / library - 1.0).abs() < 0.01, "{fit} vs {library}");
}

// The calculator's preset selector, as each calculator page of the real
// site writes it (`src/site/sections/calculator/presets.rs`).

/// The pages with the calculator, and their rule for a maximum of 0
/// (`content/<page>.toml`).
const CALCULATOR_PAGES: [(&str, ZeroMax); 3] = [
    ("calculator", ZeroMax::Unlimited),
    ("practice", ZeroMax::Refused),
    ("schedule", ZeroMax::Refused),
];

/// The page's presets data (by the page's path under `dist/`).
fn island(path: &str) -> serde_json::Value {
    common::pages::calculator_data(path)["presets"].clone()
}

/// The selector's groups: (label, option values) in the page's order.
fn optgroups(html: &str) -> Vec<(String, Vec<String>)> {
    let select = between(html, r#"<select id="calc-preset""#, "</select>");
    select
        .split(r#"<optgroup label=""#)
        .skip(1)
        .map(|group| {
            let label = group[..group.find('"').unwrap()].to_string();
            let ids = group
                .split(r#"<option value=""#)
                .skip(1)
                .map(|o| o[..o.find('"').unwrap()].to_string())
                .collect();
            (label, ids)
        })
        .collect()
}

#[test]
fn every_calculator_offers_every_preset_grouped_by_ecosystem() {
    let all = all();
    for lang in common::languages() {
        for (page, _) in CALCULATOR_PAGES {
            let html = real_page(&format!("{lang}/{page}/index.html"));
            let at = format!("{lang}/{page}");
            let select = between(&html, r#"<select id="calc-preset""#, "</select>");
            assert!(
                select.contains(r#"<option value="">"#),
                "{at}: the reader's own policy comes first"
            );
            let groups = optgroups(&html);
            // Groups in the selector's order, each once, each preset in its own.
            let expected: Vec<Group> = Group::ALL
                .into_iter()
                .filter(|g| all.iter().any(|p| p.group == *g))
                .collect();
            assert_eq!(groups.len(), expected.len(), "{at}: {groups:?}");
            for ((_, ids), group) in groups.iter().zip(expected) {
                let want: Vec<&str> = all
                    .iter()
                    .filter(|p| p.group == group)
                    .map(|p| p.id.as_str())
                    .collect();
                assert_eq!(ids, &want, "{at}: group {}", group.name());
            }
            let island = island(&format!("{lang}/{page}/index.html"));
            assert_eq!(
                island["presets"].as_object().unwrap().len(),
                all.len(),
                "{at}: every preset in the island"
            );
        }
    }
    // The group labels are translated.
    let ru = optgroups(&real_page("ru/calculator/index.html"));
    let en = optgroups(&real_page("en/calculator/index.html"));
    assert_eq!(en.last().unwrap().0, "Protocols and proxies");
    assert_eq!(ru.last().unwrap().0, "Протоколы и прокси");
}

#[test]
fn the_island_holds_each_presets_schedule() {
    let all = all();
    for (page, zero_max) in CALCULATOR_PAGES {
        let island = island(&format!("en/{page}/index.html"));
        for p in &all {
            let got = &island["presets"][&p.id]["policy"];
            let at = format!("{page}: {}", p.id);
            let jitter = Jitter::from_name(
                got["jitter"].as_str().unwrap(),
                got["jitter_factor"].as_f64(),
            )
            .unwrap_or_else(|| panic!("{at}: {got}"));
            let policy = Policy {
                base: got["base"].as_f64().unwrap(),
                multiplier: got["multiplier"].as_f64().unwrap(),
                max_delay: got["max_delay"].as_f64(),
                retries: got["retries"].as_u64().unwrap() as u32,
                jitter,
            };
            assert_eq!(policy, page_policy(p, zero_max), "{at}");
            if zero_max == ZeroMax::Refused {
                assert!(policy.max_delay.is_some(), "{at}: the page refuses no cap");
            }
            // The page's policy gives the preset's schedule, capped flags included.
            let rows = |policy: Policy| -> Vec<(f64, f64, f64, bool)> {
                Schedule::new(policy)
                    .unwrap()
                    .rows()
                    .map(|r| (r.delay, r.min, r.max, r.capped))
                    .collect()
            };
            assert_eq!(rows(policy), rows(p.policy), "{at}");
        }
    }
}

#[test]
fn the_selector_notes_convert_attempts_to_retries_and_say_what_differs() {
    let en = island("en/calculator/index.html");
    let note = |id: &str| en["presets"][id]["note"].as_str().unwrap().to_string();
    // botocore's standard mode: 3 attempts, so 2 retries, and a retry quota.
    assert_eq!(
        note("aws-standard"),
        "3 attempts, the first call included: 2 retries. \
         A retry quota or rate limiter can refuse or delay retries."
    );
    assert_eq!(note("polly"), "3 retries after the first call.");
    for p in all() {
        let note = note(&p.id);
        if p.counts == Counts::Attempts {
            let count = p.count.unwrap();
            assert_eq!(p.policy.retries + 1, count, "{}", p.id);
            let said = format!(
                "{count} attempts, the first call included: {} ",
                p.policy.retries
            );
            assert!(note.starts_with(&said), "{}: {note}", p.id);
        }
        if p.differs.is_empty() {
            assert!(
                note.ends_with("call.") || note.ends_with("retries."),
                "{}: {note}",
                p.id
            );
        }
        if p.differs.contains(&Difference::CapAfterJitter) {
            assert!(
                note.contains("The cap also applies after the jitter"),
                "{}: {note}",
                p.id
            );
        }
        // Each fact once: a library that stops at a time limit, or never by
        // count, is said to once, by the sentence of its way of counting.
        // The phrases that state each fact in English:
        for phrases in [&["time limit"][..], &["by count", "number of retries"]] {
            let said: usize = phrases.iter().map(|f| note.matches(f).count()).sum();
            assert!(said <= 1, "{}: {phrases:?} said twice: {note}", p.id);
        }
    }
    // The presets whose count sentence states one of their differences.
    assert_eq!(
        note("tenacity"),
        "No limit on the number of retries; the calculator shows 10."
    );
    let ru = island("ru/calculator/index.html");
    assert_eq!(
        ru["presets"]["grpc-retry-policy"]["note"]
            .as_str()
            .unwrap()
            .split('.')
            .next()
            .unwrap(),
        "4 попытки вместе с первым вызовом: 3 повтора"
    );
    let de = island("de/calculator/index.html");
    assert_eq!(de["modified"], "geändert");
}
