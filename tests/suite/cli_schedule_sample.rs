//! `schedule --sample SEED` as a script sees it: the `sample` object holds
//! the core's seeded run (`dist::sample`) bit for bit, every delay within
//! its row of the same document, the same seed gives the same run, and a
//! seed beyond what a JavaScript number holds exactly exits 2 naming the
//! flag.

use crate::common;

use backoff_site::backoff::Jitter;
use backoff_site::backoff::dist::Delay;
use backoff_site::backoff::dist::sample::sample;
use backoff_site::report::js_number;
use common::cli;
use serde_json::Value;

#[test]
fn the_sample_is_the_core_s_run_for_its_seed_within_every_row() {
    for kind in Jitter::KINDS {
        let factor = kind.takes_factor.then_some(0.3);
        let jitter = Jitter::parse(kind.name, factor).unwrap();
        let mut args = cli::short_policy(kind.name);
        args.extend(["--sample", "42"]);
        let text = cli::stdout_of("schedule", &args);
        let doc: Value = serde_json::from_str(&text).unwrap();
        let run = &doc["sample"];
        assert_eq!(run["generator"], "xoshiro256**");
        assert_eq!(run["seed"], 42);
        let policy = backoff_site::backoff::Policy {
            base: 100.0,
            multiplier: 2.0,
            max_delay: Some(900.0),
            retries: 6,
            jitter,
        };
        let (mut work, mut delays) = (vec![Delay::fixed(0.0); 6], vec![0.0; 6]);
        let total = sample(&policy, 42, &mut work, &mut delays).unwrap();
        // The numbers as written, not as a parser rounds them.
        let written: Vec<String> = delays.iter().map(|d| js_number(*d)).collect();
        let listed = format!("\"delays\": [\n      {}\n    ],", written.join(",\n      "));
        assert!(text.contains(&listed), "{}: {listed} in {text}", kind.name);
        assert!(
            text.contains(&format!("\"total\": {}\n", js_number(total))),
            "{}",
            kind.name
        );
        for (d, row) in delays.iter().zip(doc["retries"].as_array().unwrap()) {
            let (min, max) = (row["min"].as_f64().unwrap(), row["max"].as_f64().unwrap());
            assert!(
                min <= *d && *d <= max,
                "{}: {d} not in [{min}, {max}]",
                kind.name
            );
        }
        assert_eq!(
            cli::stdout_of("schedule", &args),
            text,
            "{}: the same seed",
            kind.name
        );
    }
}

#[test]
fn a_seed_beyond_two_to_the_53_exits_2_naming_the_flag() {
    let args = [
        "--base",
        "100",
        "--multiplier",
        "2",
        "--retries",
        "3",
        "--sample",
    ];
    let ok = cli::json_of("schedule", &[&args[..], &["9007199254740991"]].concat());
    assert_eq!(ok["sample"]["seed"].as_u64(), Some((1 << 53) - 1));
    for seed in ["9007199254740992", "18446744073709551615", "1.5", "x"] {
        let output = cli::command("schedule", &[&args[..], &[seed]].concat())
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(2), "{seed}: {stderr}");
        assert!(output.stdout.is_empty(), "{seed}");
        assert!(
            stderr.starts_with("error: ") && stderr.contains("--sample"),
            "{seed}: {stderr}"
        );
    }
}
