//! "As code" has one rule: over a grid of policies (every jitter kind,
//! with and without a cap, delays from 0.1 ms to 1e6 ms, multipliers 1 to
//! 3, 1 to 1000 retries), the calculator script's filler (`fillSnippets` in
//! `static/calculator/as_code.js`, run in Node by `tests/snippets/fill.mjs` on the
//! recipes the pages carry, the policy as the form gives it) writes exactly the code `snippets::snippet`
//! writes, and finds the same differences with the same figures; each
//! recipe's lets can be evaluated in the script's order. And
//! `schedule --as-code` prints that code.

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};

use backoff_site::backoff::{Jitter, Policy, Schedule};
use backoff_site::snippets::template::{Env, Expr};
use backoff_site::snippets::{self, Comments, Library, Var};
use serde_json::{Value, json};

const COMMENTS: Comments = Comments {
    policy: "Policy from the form\nsecond line",
    differs: "Not the same schedule",
};

fn grid() -> Vec<Policy> {
    let jitters = [
        Jitter::None,
        Jitter::Full,
        Jitter::Equal,
        Jitter::Decorrelated,
        Jitter::Proportional { factor: 0.2 },
        Jitter::Proportional { factor: 0.25 },
        Jitter::Proportional { factor: 1.0 / 3.0 },
        Jitter::Proportional { factor: 0.5 },
        Jitter::Proportional { factor: 1.0 },
    ];
    let mut grid = Vec::new();
    for base in [0.1, 100.0, 1234.5678, 1e6] {
        for multiplier in [1.0, 1.1, 2.0, 3.0] {
            for max_delay in [None, Some(0.3), Some(7.5), Some(5000.0)] {
                for retries in [1, 5, 1000] {
                    for jitter in jitters {
                        let policy = Policy {
                            base,
                            multiplier,
                            max_delay,
                            retries,
                            jitter,
                        };
                        if Schedule::new(policy).is_ok() {
                            grid.push(policy);
                        }
                    }
                }
            }
        }
    }
    // The edges of the libraries' ranges (tests/suite/snippet_ranges.rs).
    for base in [
        1e-300,
        2_147_483_648.0,
        86_400_000.5,
        9_223_372_036_855.0,
        1e20,
        1e300,
    ] {
        for multiplier in [2.0, 3.5e38] {
            for max_delay in [None, Some(1e20)] {
                for jitter in jitters {
                    let policy = Policy {
                        base,
                        multiplier,
                        max_delay,
                        retries: 3,
                        jitter,
                    };
                    if Schedule::new(policy).is_ok() {
                        grid.push(policy);
                    }
                }
            }
        }
    }
    grid
}

/// The policy as the script's form gives it (in milliseconds).
fn form_policy(p: &Policy) -> Value {
    let (jitter, factor) = match p.jitter {
        Jitter::Proportional { factor } => ("proportional", Some(factor)),
        other => (other.name(), None),
    };
    let mut policy = json!({
        "base": p.base,
        "multiplier": p.multiplier,
        "max_delay": p.max_delay,
        "retries": p.retries,
        "jitter": jitter,
    });
    // The form leaves out the field of another jitter kind.
    if let Some(factor) = factor {
        policy["jitter_factor"] = json!(factor);
    }
    policy
}

fn run_script_filler(input: &Value) -> Value {
    let root = common::project_root();
    let mut child = Command::new("node")
        .arg(root.join("tests/snippets/fill.mjs"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node runs (the browser tests need it too)");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.to_string().as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "fill.mjs failed");
    serde_json::from_slice(&out.stdout).expect("JSON from fill.mjs")
}

/// JSON with every number as a float (Node writes `2` where Rust writes
/// `2.0`: the same number); `fill.mjs` writes numbers as `#` and their
/// text, read here by Rust's correctly rounded parser.
fn as_floats(value: &Value) -> Value {
    match value {
        Value::Number(n) => json!(n.as_f64()),
        Value::String(s) if s.starts_with('#') => {
            json!(s[1..].parse::<f64>().expect("a number from fill.mjs"))
        }
        Value::Array(items) => Value::Array(items.iter().map(as_floats).collect()),
        Value::Object(map) => {
            Value::Object(map.iter().map(|(k, v)| (k.clone(), as_floats(v))).collect())
        }
        other => other.clone(),
    }
}

#[test]
fn the_scripts_filler_writes_what_the_build_writes() {
    let grid = grid();
    let cases: Vec<Value> = grid
        .iter()
        .map(|p| {
            let delays: Vec<f64> = Schedule::new(*p).unwrap().rows().map(|r| r.delay).collect();
            json!({ "policy": form_policy(p), "delays": delays })
        })
        .collect();
    let input = json!({ "recipes": snippets::script_recipes(&COMMENTS), "cases": cases });
    let output = run_script_filler(&input);
    let mut checked = 0;
    let mut different = 0;
    for (policy, filled) in grid.iter().zip(output.as_array().unwrap()) {
        for (library, script) in Library::ALL.into_iter().zip(filled.as_array().unwrap()) {
            let rust = snippets::snippet(library, policy, &COMMENTS);
            assert_eq!(
                script["code"].as_str().unwrap(),
                rust.code,
                "{library:?} for {policy:?}"
            );
            let rust_notes: Vec<Value> = rust
                .differences
                .iter()
                .map(|d| {
                    let vars: serde_json::Map<String, Value> = d
                        .vars
                        .iter()
                        .map(|(name, var)| {
                            let value = match var {
                                Var::Number(x) => json!(x),
                                Var::Code(code) => json!(code),
                            };
                            (name.to_string(), value)
                        })
                        .collect();
                    json!([d.code.name(), vars])
                })
                .collect();
            assert_eq!(
                as_floats(&script["notes"]),
                as_floats(&Value::Array(rust_notes)),
                "{library:?} for {policy:?}"
            );
            checked += 1;
            different += usize::from(!rust.is_exact());
        }
    }
    // The grid reaches both kinds of snippet, for every library.
    assert!(checked > 8 * 1000, "{checked} snippets compared");
    assert!(
        different > 0 && different < checked,
        "{different} of {checked} differ"
    );
}

/// `schedule ... --as-code LIBRARY`: the snippet without comments on
/// stdout, one `differs: CODE` line on stderr per difference; the delays
/// in seconds with `--unit s`.
#[test]
fn schedule_as_code_prints_the_snippet() {
    let none = Comments {
        policy: "",
        differs: "",
    };
    let policy = Policy {
        base: 250.0,
        multiplier: 1.5,
        max_delay: Some(5000.0),
        retries: 8,
        jitter: Jitter::Proportional { factor: 0.25 },
    };
    for library in Library::ALL {
        let output = common::cli::command(
            "schedule",
            &[
                "--base",
                "0.25",
                "--multiplier",
                "1.5",
                "--max",
                "5",
                "--retries",
                "8",
                "--jitter",
                "proportional",
                "--jitter-factor",
                "0.25",
                "--unit",
                "s",
                "--as-code",
                library.id(),
            ],
        )
        .output()
        .unwrap();
        assert!(output.status.success());
        let snippet = snippets::snippet(library, &policy, &none);
        assert_eq!(String::from_utf8(output.stdout).unwrap(), snippet.code);
        let differs: Vec<String> = snippet
            .differences
            .iter()
            .map(|d| format!("differs: {}\n", d.code.name()))
            .collect();
        assert_eq!(String::from_utf8(output.stderr).unwrap(), differs.concat());
    }
}

/// The names an expression reads with `v`.
fn reads(e: &Expr, names: &mut Vec<&'static str>) {
    if let Expr::Op(op, args) = e {
        match (*op, args.as_slice()) {
            ("v", [Expr::Str(name)]) => names.push(name),
            _ => args.iter().for_each(|a| reads(a, names)),
        }
    }
}

/// The script evaluates a recipe's lets once, in order, before the holes
/// and checks; the build evaluates each where it is read. They agree only
/// when each let reads the policy and earlier lets alone, and no let hides
/// a variable of the policy.
#[test]
fn each_let_reads_only_the_policy_and_earlier_lets() {
    let env = Env::of(&grid()[0]);
    for library in Library::ALL {
        let recipe = snippets::recipe(library);
        let mut known: Vec<&str> = Vec::new();
        for (name, e) in &recipe.lets {
            assert!(!env.has(name), "{library:?}: let {name} hides a variable");
            assert!(!known.contains(name), "{library:?}: let {name} twice");
            let mut names = Vec::new();
            reads(e, &mut names);
            for read in names {
                assert!(
                    env.has(read) || known.contains(&read),
                    "{library:?}: let {name} reads {read}, no variable nor earlier let"
                );
            }
            known.push(name);
        }
    }
}
