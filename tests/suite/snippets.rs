//! "As code": each snippet's settings, put through its library's rule as
//! the library's source states it (cited in `src/snippets/`), give the
//! core's schedule whenever the snippet claims to; where it lists
//! differences, they are the ones the rule shows. tenacity and urllib3 are
//! also run themselves (pinned versions in `target/py-venv`, installed by
//! `scripts/test.sh`) on the generated code.
//! Over 500 lines: each library's cases next to the others, one file for one rule.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use backoff_site::backoff::{Jitter, Policy, Schedule};
use backoff_site::snippets::{self, Comments, DifferenceCode, Library, Snippet, Var};

const COMMENTS: Comments = Comments {
    policy: "Policy: 3 retries\nsecond line",
    differs: "Not the same schedule",
};

fn policy(base: f64, multiplier: f64, max: Option<f64>, retries: u32, jitter: Jitter) -> Policy {
    Policy {
        base,
        multiplier,
        max_delay: max,
        retries,
        jitter,
    }
}

/// Policies that exercise every branch: each jitter kind, a multiplier of
/// 1, 2 and others, with and without a cap, whole and fractional delays.
fn policies() -> Vec<Policy> {
    vec![
        policy(100.0, 2.0, Some(1000.0), 3, Jitter::None),
        policy(100.0, 2.0, None, 5, Jitter::Full),
        policy(250.0, 1.5, Some(5000.0), 8, Jitter::Equal),
        policy(
            1000.0,
            1.6,
            Some(120_000.0),
            10,
            Jitter::Proportional { factor: 0.2 },
        ),
        policy(2000.0, 1.0, None, 3, Jitter::None),
        policy(100.0, 1.1, Some(1000.0), 6, Jitter::None),
        policy(
            300.0,
            2.0,
            Some(1000.0),
            6,
            Jitter::Proportional { factor: 1.0 / 3.0 },
        ),
        policy(50.0, 3.0, Some(60_000.0), 6, Jitter::Decorrelated),
        policy(2000.0, 1.0, None, 3, Jitter::Proportional { factor: 0.25 }),
        policy(0.5, 2.0, Some(7.5), 5, Jitter::Full),
        policy(2000.0, 2.0, None, 6, Jitter::Polly),
        policy(1000.0, 1.0, Some(30_000.0), 12, Jitter::Polly),
    ]
}

/// The core's shortest and longest delay of each retry.
fn core_bounds(policy: &Policy) -> Vec<(f64, f64)> {
    Schedule::new(*policy)
        .unwrap()
        .rows()
        .map(|r| (r.min, r.max))
        .collect()
}

fn get(snippet: &Snippet, name: &str) -> f64 {
    snippet
        .setting(name)
        .unwrap_or_else(|| panic!("{}: no setting {name}", snippet.library.id()))
}

fn opt(snippet: &Snippet, name: &str) -> f64 {
    snippet.setting(name).unwrap_or(f64::INFINITY)
}

/// Each library's rule on its settings: the shortest and longest delay of
/// each retry in milliseconds, as the library computes them.
fn library_bounds(snippet: &Snippet, retries: u32) -> Vec<(f64, f64)> {
    let n = retries as i32;
    match snippet.library {
        // wait_exponential: min(multiplier * exp_base^(k-1), max); the
        // random part: uniform(0, the same with its own settings).
        Library::Tenacity => {
            let m = get(snippet, "exp_base");
            (1..=n)
                .map(|k| {
                    let part = |multiplier: &str, max: &str| {
                        snippet
                            .setting(multiplier)
                            .map_or(0.0, |a| (a * m.powi(k - 1)).min(opt(snippet, max)))
                    };
                    let fixed = part("wait_exponential.multiplier", "wait_exponential.max");
                    let random = part(
                        "wait_random_exponential.multiplier",
                        "wait_random_exponential.max",
                    );
                    (fixed * 1000.0, (fixed + random) * 1000.0)
                })
                .collect()
        }
        // 0 for the first retry, then min(backoff_max, factor * 2^(k-1)).
        Library::Urllib3 => (1..=n)
            .map(|k| {
                let d = if k <= 1 {
                    0.0
                } else {
                    (get(snippet, "backoff_factor") * 2f64.powi(k - 1))
                        .min(get(snippet, "backoff_max"))
                };
                (d * 1000.0, d * 1000.0)
            })
            .collect(),
        // x -> (long) (x * multiplier); randomized on [x(1-f), x(1+f)]
        // (truncated), capped after.
        Library::Resilience4j => {
            let cap = opt(snippet, "maxInterval");
            let f = snippet.setting("randomizationFactor").unwrap_or(0.0);
            let mut x = get(snippet, "initialInterval");
            (0..n)
                .map(|_| {
                    let bounds = (
                        (x * (1.0 - f)).trunc().max(1.0).min(cap),
                        (x * (1.0 + f)).min(cap),
                    );
                    x = (x * get(snippet, "multiplier")).trunc();
                    bounds
                })
                .collect()
        }
        // Fixed period, or sleep = min(interval, max), interval = (long) (interval * multiplier).
        Library::SpringRetry => match snippet.setting("backOffPeriod") {
            Some(period) => vec![(period, period); retries as usize],
            None => {
                let mut x = get(snippet, "initialInterval");
                (0..n)
                    .map(|_| {
                        let sleep = x.min(opt(snippet, "maxInterval"));
                        x = (x * get(snippet, "multiplier")).trunc();
                        (sleep, sleep)
                    })
                    .collect()
            }
        },
        // Exponential with jitter: DecorrelatedJitterBackoffV2, whose delay
        // before retry k lies in [0, (f(k) − f(k − 2))/1.4 · Delay), cut by
        // MaxDelay (backoff_core_testing::polly ports it).
        Library::Polly
            if get(snippet, "UseJitter") == 1.0 && get(snippet, "ExponentialFactor") == 2.0 =>
        {
            let cap = snippet.setting("MaxDelay");
            backoff_core_testing::polly::figures(get(snippet, "Delay"), cap, retries)
                .iter()
                .map(|f| (0.0, f.hi))
                .collect()
        }
        // factor^attempt * Delay (attempt 0 first); Constant with jitter:
        // Delay ± 25 %; MaxDelay after.
        Library::Polly => (0..n)
            .map(|attempt| {
                let d = get(snippet, "ExponentialFactor").powi(attempt) * get(snippet, "Delay");
                let spread = if get(snippet, "UseJitter") == 1.0 {
                    0.25
                } else {
                    0.0
                };
                let cap = opt(snippet, "MaxDelay");
                ((d * (1.0 - spread)).min(cap), (d * (1.0 + spread)).min(cap))
            })
            .collect(),
        // [d(1-f), d(1+f)], then d = min(d * multiplier, max).
        Library::CenkaltiBackoff => {
            let f = get(snippet, "RandomizationFactor");
            let max = get(snippet, "MaxInterval");
            let mut d = get(snippet, "InitialInterval");
            (0..n)
                .map(|_| {
                    let bounds = (d * (1.0 - f), d * (1.0 + f));
                    d = (d * get(snippet, "Multiplier")).min(max);
                    bounds
                })
                .collect()
        }
        // min_delay, then d * factor while under max, capped; jitter [d, 2d).
        Library::Backon => {
            let max = get(snippet, "max_delay");
            let jitter = get(snippet, "jitter");
            let mut d = get(snippet, "min_delay");
            (0..n)
                .map(|k| {
                    if k > 0 && d < max {
                        d = (d * get(snippet, "factor")).min(max);
                    }
                    (d, d * (1.0 + jitter))
                })
                .collect()
        }
        // min(initial * multiplier^(k-1), max) * random(0.8, 1.2).
        Library::GrpcServiceConfig => (1..=n)
            .map(|k| {
                let d = (get(snippet, "initialBackoff")
                    * get(snippet, "backoffMultiplier").powi(k - 1))
                .min(get(snippet, "maxBackoff"));
                (0.8 * d, 1.2 * d)
            })
            .collect(),
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()) + 1e-12
}

fn same(a: &[(f64, f64)], b: &[(f64, f64)]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| close(x.0, y.0) && close(x.1, y.1))
}

/// Differences the f64 model of a rule cannot show.
const NOT_MODELLED: [DifferenceCode; 3] = [
    DifferenceCode::SinglePrecision,
    DifferenceCode::WholeMillisecondDraws,
    DifferenceCode::AttemptsLimited,
];

#[test]
fn exact_snippets_follow_the_libraries_rules_and_the_others_say_how_they_differ() {
    let mut exact = 0;
    for policy in policies() {
        let core = core_bounds(&policy);
        for snippet in snippets::all(&policy, &COMMENTS) {
            let library = library_bounds(&snippet, policy.retries);
            let id = snippet.library.id();
            if snippet.is_exact() {
                exact += 1;
                assert!(
                    same(&library, &core),
                    "{id} claims {policy:?} exactly:\n library {library:?}\n core    {core:?}"
                );
            } else {
                let modelled = snippet
                    .differences
                    .iter()
                    .any(|d| !NOT_MODELLED.contains(&d.code));
                assert!(
                    !modelled || !same(&library, &core),
                    "{id} lists {:?} for {policy:?}, but its rule gives the core's schedule",
                    snippet.differences
                );
            }
        }
    }
    // Counted by hand from the libraries' rules: tenacity and cenkalti
    // reproduce every policy but the decorrelated one (their mappings of
    // equal and full jitter at work), the others the policies their
    // multiplier, jitter and count allow; Polly its own kind.
    assert_eq!(exact, 27);
}

fn codes(policy: &Policy, library: Library) -> Vec<DifferenceCode> {
    snippets::snippet(library, policy, &COMMENTS)
        .differences
        .iter()
        .map(|d| d.code)
        .collect()
}

/// Each difference fires where the library's rule departs from the core's,
/// and only there.
#[test]
fn each_difference_is_reported_where_it_applies() {
    use DifferenceCode as D;
    let plain = policy(100.0, 2.0, Some(1000.0), 3, Jitter::None);
    assert_eq!(codes(&plain, Library::Urllib3), [D::ImmediateFirstRetry]);
    let slow = policy(100.0, 3.0, Some(1000.0), 3, Jitter::None);
    assert_eq!(
        codes(&slow, Library::Urllib3),
        [D::ImmediateFirstRetry, D::MultiplierFixed]
    );
    assert_eq!(codes(&slow, Library::Polly), [D::MultiplierFixed]);
    assert_eq!(codes(&plain, Library::GrpcServiceConfig), [D::JitterFixed]);
    let grpc = policy(100.0, 2.0, None, 5, Jitter::Proportional { factor: 0.2 });
    assert_eq!(
        codes(&grpc, Library::GrpcServiceConfig),
        [D::AttemptsLimited]
    );
    let grpc = policy(100.0, 2.0, None, 4, Jitter::Proportional { factor: 0.2 });
    assert!(codes(&grpc, Library::GrpcServiceConfig).is_empty());
    // (long) (100 * 1.1) = 110 but (long) (110 * 1.1) = 121, (long) (121 * 1.1) = 133 where the core has 133.1.
    let fractional = policy(100.0, 1.1, None, 4, Jitter::None);
    let spring = snippets::snippet(Library::SpringRetry, &fractional, &COMMENTS);
    assert_eq!(spring.differences.len(), 1);
    assert_eq!(spring.differences[0].code, D::WholeMilliseconds);
    assert_eq!(spring.differences[0].vars[0], ("retry", Var::Number(4.0)));
    assert_eq!(
        spring.differences[0].vars[1],
        ("library", Var::Number(133.0))
    );
    // resilience4j jitters the uncapped delay: 800 * 1.2 > 900.
    let capped = policy(
        100.0,
        2.0,
        Some(900.0),
        4,
        Jitter::Proportional { factor: 0.2 },
    );
    assert_eq!(
        codes(&capped, Library::Resilience4j),
        [D::WholeMillisecondDraws, D::CapAfterJitter]
    );
    let roomy = policy(
        100.0,
        2.0,
        Some(1000.0),
        4,
        Jitter::Proportional { factor: 0.2 },
    );
    assert_eq!(
        codes(&roomy, Library::Resilience4j),
        [D::WholeMillisecondDraws]
    );
    // Polly's ±25 % on a constant delay is proportional jitter of 0.25.
    let polly = policy(
        2000.0,
        1.0,
        Some(2400.0),
        3,
        Jitter::Proportional { factor: 0.25 },
    );
    assert_eq!(codes(&polly, Library::Polly), [D::CapAfterJitter]);
    let polly = policy(
        2000.0,
        1.0,
        Some(2500.0),
        3,
        Jitter::Proportional { factor: 0.25 },
    );
    assert!(codes(&polly, Library::Polly).is_empty());
    // No library but none has decorrelated jitter.
    let decorrelated = policy(100.0, 2.0, Some(1000.0), 3, Jitter::Decorrelated);
    for library in Library::ALL {
        let found = snippets::snippet(library, &decorrelated, &COMMENTS);
        let expected = if library == Library::GrpcServiceConfig {
            D::JitterFixed
        } else {
            D::JitterUnsupported
        };
        assert!(
            found.differences.iter().any(|d| d.code == expected),
            "{}",
            library.id()
        );
    }
    // backon: one retry without jitter needs no f32 product.
    let once = policy(100.0, 2.0, None, 1, Jitter::None);
    assert!(codes(&once, Library::Backon).is_empty());
    assert_eq!(codes(&plain, Library::Backon), [D::SinglePrecision]);
}

/// Comments are the caller's text, every line commented in the snippet's
/// language; the differs comment only where something differs; JSON has none.
#[test]
fn comments_are_the_callers_every_line_commented() {
    let plain = policy(100.0, 2.0, Some(1000.0), 3, Jitter::None);
    let tenacity = snippets::snippet(Library::Tenacity, &plain, &COMMENTS);
    assert!(
        tenacity
            .code
            .starts_with("# Policy: 3 retries\n# second line\nfrom tenacity")
    );
    assert!(!tenacity.code.contains("Not the same"));
    let urllib3 = snippets::snippet(Library::Urllib3, &plain, &COMMENTS);
    assert!(urllib3.code.contains("\n# Not the same schedule\n"));
    let polly = snippets::snippet(Library::Polly, &plain, &COMMENTS);
    assert!(
        polly
            .code
            .starts_with("// Policy: 3 retries\n// second line\n")
    );
    let grpc = snippets::snippet(Library::GrpcServiceConfig, &plain, &COMMENTS);
    assert!(!grpc.code.contains("Policy: 3"));
    let parsed: serde_json::Value = serde_json::from_str(&grpc.code).unwrap();
    assert_eq!(parsed["methodConfig"][0]["retryPolicy"]["maxAttempts"], 4);
    assert_eq!(
        parsed["methodConfig"][0]["retryPolicy"]["initialBackoff"],
        "0.1s"
    );
    // A line break in a translation cannot end the comment.
    let hostile = Comments {
        policy: "one\nimport os; os.system('x')",
        differs: "",
    };
    let code = snippets::snippet(Library::Tenacity, &plain, &hostile).code;
    assert!(code.contains("\n# import os"), "{code}");
}

// ---- Running the libraries themselves -------------------------------------

/// The virtual environment `scripts/test.sh` makes, with the pinned
/// tenacity and urllib3.
fn venv_python() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("target/py-venv/bin/python")
}

/// Runs `tests/snippets/run_python.py` on every policy's tenacity and
/// urllib3 snippets: it executes the code and asks the objects it makes for
/// their delays (the random draws pinned to the ends of their ranges), and
/// compares them with the core's. Skipped, with a message, only off CI when
/// the environment is missing; on CI (`CI` set) and under `scripts/test.sh`
/// (which sets `BACKOFF_SITE_REQUIRE_TOOLS=1`) a missing environment
/// fails.
#[test]
fn tenacity_and_urllib3_compute_the_same_delays() {
    let python = venv_python();
    if !python.exists() {
        let message = format!(
            "{} is missing: run scripts/test.sh (it installs the pinned tenacity and urllib3)",
            python.display()
        );
        backoff_core_testing::tools::skip(&message);
        return;
    }
    let mut cases = Vec::new();
    for policy in policies() {
        let core = core_bounds(&policy);
        for library in [Library::Tenacity, Library::Urllib3] {
            let snippet = snippets::snippet(library, &policy, &COMMENTS);
            // urllib3 gives the core's delays from the second retry on when
            // it says so; tenacity gives them all when it claims to.
            let expect: Vec<Option<(f64, f64)>> = core
                .iter()
                .enumerate()
                .map(|(i, &bounds)| match library {
                    Library::Urllib3 if i == 0 => Some((0.0, 0.0)),
                    Library::Urllib3 if snippet.differences.len() == 1 => Some(bounds),
                    Library::Tenacity if snippet.is_exact() => Some(bounds),
                    _ => None,
                })
                .collect();
            cases.push(serde_json::json!({
                "library": library.id(),
                "code": snippet.code,
                "retries": policy.retries,
                "expect": expect,
            }));
        }
    }
    let checked = cases
        .iter()
        .flat_map(|c| c["expect"].as_array().unwrap())
        .filter(|e| !e.is_null())
        .count();
    assert!(checked >= 60, "only {checked} delays checked");
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("cases.json");
    std::fs::write(&input, serde_json::to_string(&cases).unwrap()).unwrap();
    let mut run = Command::new(&python);
    run.arg(common::project_root().join("tests/snippets/run_python.py"))
        .arg(&input);
    let Some(stdout) = common::tools::run(run, "the pinned Python environment") else {
        return;
    };
    assert!(
        stdout.contains(&format!("checked {checked} delays")),
        "{stdout}"
    );
}

// The calculator's "as code" part, as the real site writes it.

/// Text of HTML as askama escapes it.
fn unescape(html: &str) -> String {
    html.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&#34;", "\"")
        .replace("&#39;", "'")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// A one-line message of a language's `site.ftl`.
fn message(lang: &str, id: &str) -> String {
    let path = common::project_root().join(format!("locales/{lang}/site.ftl"));
    let text = std::fs::read_to_string(path).unwrap();
    let prefix = format!("{id} = ");
    text.lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("{lang}: no {id}"))
        .to_string()
}

#[test]
fn every_calculator_shows_its_default_policy_as_each_librarys_code() {
    for lang in common::languages() {
        let policy_comment = message(lang, "calc-code-comment");
        let differs_comment = message(lang, "calc-code-differs");
        let comments = Comments {
            policy: &policy_comment,
            differs: &differs_comment,
        };
        for page in ["calculator", "practice", "schedule"] {
            let at = format!("{lang}/{page}");
            let html = common::pages::real_page(&format!("{at}/index.html"));
            let data: serde_json::Value = serde_json::from_str(common::pages::between(
                &html,
                r#"<script type="application/json" id="calc-data">"#,
                "</script>",
            ))
            .unwrap();
            let d = &data["defaults"];
            // Seconds become milliseconds; plain numbers are read as milliseconds.
            let k = if d["unit"] == "s" { 1000.0 } else { 1.0 };
            let policy = Policy {
                base: d["base"].as_f64().unwrap() * k,
                multiplier: d["multiplier"].as_f64().unwrap(),
                max_delay: d["max_delay"].as_f64().map(|m| m * k),
                retries: d["retries"].as_f64().unwrap() as u32,
                jitter: Jitter::from_name(
                    d["jitter"].as_str().unwrap(),
                    d["jitter_factor"].as_f64(),
                )
                .unwrap(),
            };
            let part = common::pages::between(&html, r#"<details class="calc-code""#, "</details>");
            for library in Library::ALL {
                let want = snippets::snippet(library, &policy, &comments);
                let shown = common::pages::between(
                    part,
                    &format!(r#"id="calc-code-{}-code">"#, library.id()),
                    "</code>",
                );
                assert_eq!(unescape(shown), want.code, "{at}: {}", library.id());
                // Comments are translated, the code is not.
                if library != Library::GrpcServiceConfig {
                    assert!(want.code.contains(&policy_comment), "{at}");
                }
                let section = common::pages::between(
                    part,
                    &format!(r#"id="calc-code-{}""#, library.id()),
                    "<pre ",
                );
                // Each difference is a note; an exact snippet says so.
                assert_eq!(
                    section.matches("<li>").count(),
                    want.differences.len(),
                    "{at}: {}",
                    library.id()
                );
                assert_eq!(
                    section.contains(&unescape_free(&message(lang, "calc-code-exact"))),
                    want.is_exact(),
                    "{at}: {}",
                    library.id()
                );
            }
        }
    }
    // A note names the figure in the page's notation and unit.
    let html = common::pages::real_page("ru/schedule/index.html");
    let urllib3 = common::pages::between(&html, r#"id="calc-code-urllib3""#, "<pre ");
    assert!(urllib3.contains("без ожидания 250\u{a0}мс"), "{urllib3}");
}

/// A message as askama writes it into the page (apostrophes escaped).
fn unescape_free(text: &str) -> String {
    text.replace('\'', "&#39;").replace('"', "&#34;")
}

/// No jitter kind of the core is dropped: for every library and every kind
/// ([`Jitter::KINDS`], so a kind added later is covered too), the snippet
/// either writes that kind (the recipe lists it, under no condition) or
/// says how it differs: the kind unsupported, or the library's own jitter
/// fixed.
#[test]
fn no_library_drops_a_jitter_kind() {
    use backoff_site::snippets::template::Jitters;
    for library in Library::ALL {
        let recipe = snippets::recipe(library);
        for (code, kind) in Jitter::KINDS.iter().enumerate() {
            let jitter = Jitter::from_code(code, 0.5).unwrap();
            let snippet = snippets::snippet(
                library,
                &policy(100.0, 2.0, Some(10_000.0), 5, jitter),
                &COMMENTS,
            );
            let said = snippet.differences.iter().any(|d| {
                matches!(
                    d.code,
                    DifferenceCode::JitterUnsupported | DifferenceCode::JitterFixed
                )
            });
            let written = match &recipe.jitters {
                Jitters::Kinds(kinds) => kinds.iter().any(|(k, _)| *k == kind.name),
                Jitters::Own => false,
            };
            assert!(
                written || said,
                "{library:?} writes {} as something else without a word",
                kind.name
            );
        }
    }
}

// ---- Hostile comments -----------------------------------------------------

/// What a hostile translation puts into the snippets' comments: every line
/// end some target language knows (LF, CR, CR LF, VT, FF, NEL, U+2028,
/// U+2029), Java's `\u000a` escape in its plain, doubled-`u` and
/// odd-backslash forms, NUL and ESC, and the bidirectional overrides that
/// make code display other than it runs. After each, `]](( INJECTED` is a
/// syntax error in every target language, so a comment it escaped makes the
/// compiler fail.
const HOSTILE: [&str; 14] = [
    "a\n]](( INJECTED",
    "a\r]](( INJECTED",
    "a\r\n]](( INJECTED",
    "a\u{0B}]](( INJECTED",
    "a\u{0C}]](( INJECTED",
    "a\u{85}]](( INJECTED",
    "a\u{2028}]](( INJECTED",
    "a\u{2029}]](( INJECTED",
    "Richtlinie \\u000a ]](( INJECTED",
    "Richtlinie \\uuu000d ]](( INJECTED",
    "Richtlinie \\\\\\u000a ]](( INJECTED",
    "nul \u{0} esc \u{1b}[2J bel \u{7}",
    "bidi \u{202E} ]]((\u{202C} \u{2066}x\u{2069}",
    "",
];

/// A program of `language` holding nothing but `comments`, and the command
/// that compiles (or parses) it; `None` when the language has no comments.
fn comment_program(language: &str, comments: &str, dir: &Path) -> Option<(PathBuf, Command)> {
    let (name, source, mut command) = match language {
        "python" => {
            let mut c = Command::new("python3");
            c.args([
                "-c",
                "import ast, sys; ast.parse(open(sys.argv[1], encoding='utf-8').read())",
            ]);
            ("t.py", format!("{comments}x = 1\n"), c)
        }
        "java" => {
            let mut c = Command::new("javac");
            c.args(["-d", dir.to_str().unwrap(), "-encoding", "UTF-8"]);
            ("T.java", format!("class T {{\n{comments}}}\n"), c)
        }
        "csharp" => {
            let mut c = Command::new("mcs");
            c.args([
                "-target:library",
                &format!("-out:{}", dir.join("t.dll").display()),
            ]);
            ("t.cs", format!("class T {{\n{comments}}}\n"), c)
        }
        "go" => {
            let mut c = Command::new("gofmt");
            c.arg("-e");
            ("t.go", format!("package t\n\n{comments}var x = 1\n"), c)
        }
        "rust" => {
            let mut c = Command::new("rustc");
            c.args([
                "--crate-type=lib",
                "--emit=metadata",
                "--edition=2021",
                "--out-dir",
                dir.to_str().unwrap(),
            ]);
            ("t.rs", format!("{comments}pub const X: u8 = 1;\n"), c)
        }
        _ => return None,
    };
    let path = dir.join(name);
    std::fs::write(&path, source).unwrap();
    command.arg(&path);
    Some((path, command))
}

/// Every snippet's comments, written from hostile translations, stay
/// comments: the program made of them alone compiles with each target
/// language's own compiler (javac, mcs, rustc, gofmt's parser, Python's
/// `ast`), holds no control or bidirectional character, and keeps each
/// text's words. The compilers are the oracle; without one the test skips
/// only off CI (scripts/test.sh installs them).
#[test]
fn hostile_comments_stay_comments_in_every_language() {
    let plain = policy(100.0, 2.0, Some(1000.0), 3, Jitter::Full);
    let mut compiled = 0;
    for library in Library::ALL {
        for text in HOSTILE {
            let hostile = Comments {
                policy: text,
                differs: text,
            };
            let snippet = snippets::snippet(library, &plain, &hostile);
            let Some(marker) = library.comment_marker() else {
                // JSON has no comments: nothing of the text is in the code.
                assert!(!snippet.code.contains("INJECTED"), "{}", snippet.code);
                continue;
            };
            // The comment lines: each starts with the marker.
            let comments: String = snippet
                .code
                .split_inclusive('\n')
                .take_while(|l| l.starts_with(marker))
                .collect();
            assert!(
                !comments.chars().any(|c| (c.is_control() && c != '\n')
                    || ('\u{202A}'..='\u{202E}').contains(&c)
                    || ('\u{2028}'..='\u{2029}').contains(&c)
                    || ('\u{2066}'..='\u{2069}').contains(&c)),
                "{}: {comments:?}",
                library.id()
            );
            if text.contains("INJECTED") {
                assert!(
                    comments.contains("INJECTED"),
                    "{}: {comments:?}",
                    library.id()
                );
            }
            let dir = tempfile::tempdir().unwrap();
            let (path, mut command) =
                comment_program(library.language(), &comments, dir.path()).unwrap();
            let output = match command.output() {
                Ok(output) => output,
                Err(_) => {
                    backoff_core_testing::tools::skip(&format!(
                        "no compiler for {} (scripts/test.sh installs javac, mcs and gofmt)",
                        library.language()
                    ));
                    return;
                }
            };
            assert!(
                output.status.success(),
                "{} ({text:?}) does not compile:\n{}\n{}{}",
                library.id(),
                std::fs::read_to_string(&path).unwrap(),
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            );
            compiled += 1;
        }
    }
    assert!(
        compiled >= 7 * (HOSTILE.len() - 1),
        "{compiled} programs compiled"
    );
}
