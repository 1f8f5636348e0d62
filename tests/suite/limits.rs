//! Inputs made to crash, hang or slow the tool: nesting far past the limit,
//! a file over the size limit, 80,000 messages, thousands of languages, a
//! translation linked to the process's environment. Each runs the binary on
//! a generated site and asserts the located error (or success) and a
//! generous bound of processor time (the messages: that four times as many
//! take at most eight times as long); the speed figures themselves are the
//! benchmark's (`benches/site_scale.rs`). Over 500 lines: one case per
//! limit, each beside the others.

use crate::common;

use std::fmt::Write as _;
use std::fs;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;
use std::process::{Command, Output};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use backoff_site::site::load::config::MAX_LANGUAGES;
use backoff_site::site::load::locales::{MAX_FILE_BYTES, MAX_NESTING};

/// Far more processor time than any of these runs needs in a debug build
/// (the largest takes a few seconds); a quadratic step or an endless read
/// exceeds it by minutes.
const BOUND: Duration = Duration::from_secs(60);

/// The wall time after which a run is taken for hung and killed: only a
/// guard against waiting forever, far beyond what load could stretch a
/// run to, since the bounds are judged on processor time.
const HANG: Duration = Duration::from_secs(600);

/// The fixture suite's small valid site.
fn site() -> tempfile::TempDir {
    common::fixture_site()
}

/// One run at a time, so that each is timed alone rather than beside the
/// other tests of this file.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Runs the binary in `dir`; its output and the processor time it took.
/// Processor time, not wall time: on a machine shared with other builds
/// the wall clock says more about the neighbours than about the tool.
fn run(dir: &Path, args: &[&str]) -> (Output, Duration) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_backoff-site"));
    command.args(args).current_dir(dir).env("NO_COLOR", "1");
    timed(&mut command)
}

/// Runs `command` alone; its output and processor time. A run that goes on
/// for [`HANG`] of wall time is killed (and fails its bound), so that a
/// regression fails the test instead of hanging it.
fn timed(command: &mut Command) -> (Output, Duration) {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // Files, not pipes: a run with thousands of diagnostics would fill a
    // pipe nobody reads while waiting.
    let stdout = tempfile::tempfile().unwrap();
    let stderr = tempfile::tempfile().unwrap();
    let before = children_cpu();
    let started = Instant::now();
    let mut child = command
        .stdout(stdout.try_clone().unwrap())
        .stderr(stderr.try_clone().unwrap())
        .spawn()
        .unwrap();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > HANG {
            child.kill().unwrap();
            break child.wait().unwrap();
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let cpu = children_cpu() - before;
    eprintln!(
        "{command:?}: {cpu:?} processor time, {:?} wall",
        started.elapsed()
    );
    let read = |mut file: fs::File| {
        let mut bytes = Vec::new();
        file.seek(SeekFrom::Start(0)).unwrap();
        file.read_to_end(&mut bytes).unwrap();
        bytes
    };
    let output = Output {
        status,
        stdout: read(stdout),
        stderr: read(stderr),
    };
    // Killed at the wall-clock limit: over the bound whatever the processor
    // time says.
    (output, if started.elapsed() > HANG { HANG } else { cpu })
}

/// User and system time of every child this process has waited for.
fn children_cpu() -> Duration {
    // SAFETY: `rusage` is plain data that getrusage fills in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let done = unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    assert_eq!(done, 0, "getrusage failed");
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    time(usage.ru_utime) + time(usage.ru_stime)
}

/// Runs `args`, which must fail with exit code 1 within [`BOUND`] and say
/// `expected`; returns stderr.
fn fails_with(dir: &Path, args: &[&str], expected: &[&str]) -> String {
    let (output, took) = run(dir, args);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(took < BOUND, "{args:?} took {took:?}");
    assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
    for part in expected {
        assert!(stderr.contains(part), "{args:?}: no {part:?} in\n{stderr}");
    }
    stderr
}

/// `ru/p.ftl` with its title replaced by `levels` nested selectors.
fn nested_selectors(dir: &Path, levels: usize) {
    let path = dir.join("locales/ru/p.ftl");
    let text = fs::read_to_string(&path).unwrap();
    let deep = format!(
        "title = {}Страница{}\n",
        "{ $retries ->\n *[other] ".repeat(levels),
        "\n}".repeat(levels)
    );
    fs::write(&path, text.replace("title = Страница-пример\n", &deep)).unwrap();
}

#[test]
fn ten_thousand_nested_selectors_are_a_located_error_in_check_and_build() {
    let dir = site();
    nested_selectors(dir.path(), 10_000);
    // The title is on line 3, one level per line: the first level past the
    // limit is on line 3 + MAX_NESTING, after ` *[other] `.
    let at = format!("locales/ru/p.ftl:{}:11", 3 + MAX_NESTING);
    for command in ["check", "build"] {
        fails_with(dir.path(), &[command], &["nested too deeply", &at]);
    }
}

#[test]
fn ten_thousand_three_hundred_nested_placeables_are_a_located_error() {
    let dir = site();
    let path = dir.path().join("locales/en/p.ftl");
    let text = fs::read_to_string(&path).unwrap();
    let deep = format!(
        "intro = {}\"x\"{}\n",
        "{ ".repeat(10_300),
        " }".repeat(10_300)
    );
    fs::write(
        &path,
        text.replace("intro = An introduction with *emphasis*.\n", &deep),
    )
    .unwrap();
    // `intro = ` is 8 characters, each level 2 more.
    let at = format!("locales/en/p.ftl:6:{}", 9 + 2 * MAX_NESTING);
    let stderr = fails_with(dir.path(), &["check"], &["nested too deeply", &at]);
    assert!(stderr.ends_with("1 error, 0 warnings\n"), "{stderr}");
}

#[test]
fn ten_thousand_nested_function_calls_are_a_located_error() {
    let dir = site();
    let path = dir.path().join("locales/de/p.ftl");
    let mut text = fs::read_to_string(&path).unwrap();
    let line = text.lines().count() + 1;
    writeln!(
        text,
        "deep = {{ {}$retries{} }}",
        "NUMBER(".repeat(10_000),
        ")".repeat(10_000)
    )
    .unwrap();
    fs::write(&path, text).unwrap();
    // `deep = { ` is 9 characters, the `{` the first level, each `NUMBER(`
    // one more.
    let at = format!("locales/de/p.ftl:{line}:{}", 9 + 7 * MAX_NESTING);
    fails_with(dir.path(), &["build"], &["nested too deeply", &at]);
}

#[test]
fn nesting_up_to_the_limit_is_accepted_and_one_more_level_is_not() {
    let dir = site();
    // The selectors and the placeable inside the last one.
    nested_selectors(dir.path(), MAX_NESTING - 1);
    let path = dir.path().join("locales/ru/p.ftl");
    let text = fs::read_to_string(&path).unwrap();
    fs::write(&path, text.replace("Страница\n", "{ \"Страница\" }\n")).unwrap();
    let (output, _) = run(dir.path(), &["check"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    // Accepted as nesting; the lint then notes that the title gets no
    // `$retries`, which shows the file was parsed and checked.
    assert!(!stderr.contains("nested too deeply"), "{stderr}");
    assert!(stderr.contains("uses `$retries`"), "{stderr}");

    let one_more = fs::read_to_string(&path)
        .unwrap()
        .replace("{ \"Страница\" }", "{ { \"Страница\" } }");
    fs::write(&path, one_more).unwrap();
    fails_with(dir.path(), &["check"], &["nested too deeply"]);
}

#[test]
fn a_file_over_the_size_limit_is_refused_unread() {
    let dir = site();
    let path = dir.path().join("locales/en/p.ftl");
    let mut text = fs::read_to_string(&path).unwrap();
    // Valid Fluent all the way: comments up to one byte past the limit.
    let comment = format!("# {}\n", "padding ".repeat(100));
    while (text.len() + comment.len()) as u64 <= MAX_FILE_BYTES {
        text.push_str(&comment);
    }
    let rest = MAX_FILE_BYTES as usize + 1 - text.len();
    text.push_str(&format!("#{}\n", " ".repeat(rest - 2)));
    assert_eq!(text.len() as u64, MAX_FILE_BYTES + 1);
    fs::write(&path, text).unwrap();
    let stderr = fails_with(
        dir.path(),
        &["check"],
        &[&format!(
            "error: the file is {} bytes long; the limit is {MAX_FILE_BYTES} (16 MiB)\n--> locales/en/p.ftl\n",
            MAX_FILE_BYTES + 1
        )],
    );
    assert!(!stderr.contains("padding"), "{stderr}");
}

/// A site with `count` more messages in each language's page file.
fn site_with_messages(count: usize) -> tempfile::TempDir {
    let dir = site();
    for lang in common::languages_of(dir.path()) {
        let path = dir.path().join(format!("locales/{lang}/p.ftl"));
        let mut text = fs::read_to_string(&path).unwrap();
        for m in 0..count {
            writeln!(text, "bulk-{m} = A message no page shows.").unwrap();
        }
        fs::write(&path, text).unwrap();
    }
    dir
}

/// Four times the messages take at most eight times the processor time:
/// linear work takes about four (less, with the fixed cost of a run), a
/// step quadratic in the messages about sixteen. A ratio of two runs of
/// the same binary rather than a limit in seconds, so that a busy
/// machine, which slows both, cannot fail it.
#[test]
fn messages_are_checked_in_linear_time() {
    let check = |dir: &Path| {
        let (output, took) = run(dir, &["check"]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{stderr}");
        assert_eq!(stderr, "0 errors, 0 warnings\n");
        took
    };
    let small = check(site_with_messages(20_000).path());
    let dir = site_with_messages(80_000);
    let large = check(dir.path());
    assert!(
        large < 8 * small,
        "20,000 messages: {small:?}; 80,000: {large:?}"
    );

    let (output, _) = run(dir.path(), &["status", "--format", "json"]);
    let rows: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    for row in rows.as_array().unwrap() {
        assert!(row["total"].as_u64().unwrap() > 80_000, "{row}");
        assert_eq!(row["missing"].as_array().unwrap().len(), 0, "{row}");
    }
}

#[test]
fn twenty_thousand_stale_messages_each_get_their_line() {
    let dir = site();
    let path = dir.path().join("locales/ru/p.ftl");
    let mut text = fs::read_to_string(&path).unwrap();
    let first_line = text.lines().count() + 1;
    for m in 0..20_000 {
        writeln!(text, "bulk-{m} = A message no page shows.").unwrap();
    }
    fs::write(&path, text).unwrap();
    // Warnings only: `check` succeeds and prints all 20,000, each with its
    // line (found through the file's line index, not by counting lines
    // from the start for each).
    let (output, took) = run(dir.path(), &["check"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(took < BOUND, "check took {took:?}");
    assert_eq!(output.status.code(), Some(0));
    assert!(stderr.ends_with("0 errors, 20000 warnings\n"));
    let message = "message `bulk-19999` is not in locales/en/p.ftl (stale)\n";
    let place = format!("--> locales/ru/p.ftl:{}:1\n", first_line + 19_999);
    let at = stderr.find(message).expect("the last message is reported");
    let after = stderr[at + message.len()..].trim_start_matches(' ');
    assert!(after.starts_with(&place), "{message}{after:.200}");
}

#[test]
fn eighteen_thousand_languages_are_one_located_error() {
    let dir = site();
    let letters = b'a'..=b'z';
    let mut codes = vec!["en".to_string()];
    for a in letters.clone() {
        for b in letters.clone() {
            codes.push(format!("{}{}", a as char, b as char));
            for c in letters.clone() {
                codes.push(format!("{}{}{}", a as char, b as char, c as char));
            }
        }
    }
    codes.retain(|c| c != "en");
    codes.insert(0, "en".into());
    assert!(codes.len() > 18_000);
    let path = dir.path().join("site.toml");
    let quoted: Vec<String> = codes.iter().map(|c| format!("\"{c}\"")).collect();
    let text = fs::read_to_string(&path).unwrap().replace(
        "languages = [\"en\", \"ru\", \"de\"]",
        &format!("languages = [{}]", quoted.join(", ")),
    );
    fs::write(&path, text).unwrap();
    let stderr = fails_with(
        dir.path(),
        &["check"],
        &[
            &format!(
                "{} languages are listed; a site may have at most {MAX_LANGUAGES}",
                codes.len()
            ),
            "site.toml:13:1",
        ],
    );
    assert!(stderr.ends_with("1 error, 0 warnings\n"), "{stderr}");
}

#[test]
fn a_translation_linked_to_the_environment_is_refused_unread() {
    let dir = site();
    let link = dir.path().join("locales/ru/p.ftl");
    fs::remove_file(&link).unwrap();
    std::os::unix::fs::symlink("/proc/self/environ", &link).unwrap();
    let marker = "A_VALUE_NO_DIAGNOSTIC_MAY_SHOW";
    for command in ["check", "build", "status"] {
        let (output, _) = timed(
            Command::new(env!("CARGO_BIN_EXE_backoff-site"))
                .arg(command)
                .current_dir(dir.path())
                .env("BACKOFF_TEST_SECRET", marker),
        );
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            !all.contains(marker),
            "{command} printed the environment:\n{all}"
        );
        if command != "status" {
            assert!(
                all.contains("symbolic link to a place outside the project"),
                "{command}: {all}"
            );
        }
    }
}

/// One id defined thousands of times in a file (each a located error)
/// is checked in linear time: the glossary rules out its terms once for
/// the id, not once per definition. Four times the definitions, well under
/// eight times the time (a quadratic check took sixteen).
#[test]
fn one_id_defined_many_times_is_checked_in_linear_time() {
    let check = |copies: usize| {
        // The real site, with its glossaries' many terms.
        let dir = common::copy_project();
        let path = dir.path().join("locales/de/schedule.ftl");
        let mut text = fs::read_to_string(&path).unwrap();
        for _ in 0..copies {
            text.push_str("intro = Beachten Sie die Wiederholung.\n");
        }
        fs::write(&path, text).unwrap();
        let (output, took) = run(dir.path(), &["check"]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        let errors = format!("{copies} errors");
        assert!(
            stderr.lines().last().unwrap().starts_with(&errors),
            "{}",
            stderr.lines().last().unwrap()
        );
        took
    };
    let small = check(5_000);
    let large = check(20_000);
    assert!(
        large < 8 * small,
        "5,000 definitions: {small:?}; 20,000: {large:?}"
    );
}

/// A glossary of the real site's German with `extra` terms appended, each
/// from `term(i)`; `check` on it, run with [`fails_with`]'s bound.
fn glossary_with(extra: usize, term: impl Fn(usize) -> String) -> tempfile::TempDir {
    let dir = common::copy_project();
    let path = dir.path().join("locales/en/glossary.toml");
    let mut text = fs::read_to_string(&path).unwrap();
    for i in 0..extra {
        text.push_str(&term(i));
    }
    assert!(text.len() < 1024 * 1024, "within the file's size limit");
    fs::write(&path, text).unwrap();
    dir
}

/// 20,000 wildcard terms (under the file's 1 MiB limit) are one located
/// error at the first term past the bound, and `check` stays quick (it ran
/// past 300 s at 2.5 GiB when every term was compared with every message);
/// so are 60,000 variants of one term.
#[test]
fn a_glossary_past_its_bounds_is_one_located_error_and_stays_quick() {
    use backoff_site::site::check::glossary::{MAX_PATTERNS, MAX_TERMS};
    let many_terms = glossary_with(20_000, |i| format!("[terms.t{i}]\nuse = [\"*e*\"]\n"));
    let stderr = fails_with(
        many_terms.path(),
        &["check"],
        &[
            &format!("more than {MAX_TERMS} terms"),
            "locales/en/glossary.toml:",
        ],
    );
    assert_eq!(
        stderr.matches("more than").count(),
        1,
        "one error for the bound"
    );
    let many_variants = glossary_with(1, |_| {
        let avoid: Vec<String> = (0..60_000).map(|i| format!("\"w{i}*\"")).collect();
        format!(
            "[terms.variants]\nuse = [\"*e*\"]\navoid = [{}]\n",
            avoid.join(",")
        )
    });
    fails_with(
        many_variants.path(),
        &["check"],
        &[
            &format!("more than {MAX_PATTERNS} words and variants"),
            "[terms.variants]",
        ],
    );
}

/// At its bounds (500 terms, 2,000 patterns that all match, since each is a
/// common letter between stars) the glossary check of the whole site is
/// one automaton pass per message and a word-by-word comparison per
/// pattern present: well within the bound.
#[test]
fn a_glossary_at_its_bounds_is_checked_quickly() {
    use backoff_site::site::check::glossary::{MAX_PATTERNS, MAX_TERMS};
    let existing = 23;
    let per_term = MAX_PATTERNS / MAX_TERMS;
    let dir = glossary_with(MAX_TERMS - existing - 1, |i| {
        let patterns: Vec<String> = (0..per_term)
            .map(|k| format!("\"*{}*\"", ["e", "a", "t", "o"][k % 4]))
            .collect();
        format!("[terms.t{i}]\nuse = [{}]\n", patterns.join(","))
    });
    let (output, took) = run(dir.path(), &["check"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("more than"), "within the bounds: {stderr}");
    assert!(took < BOUND, "took {took:?}");
}

/// A list nested 3,000 levels deep by indentation (parsed before the
/// nesting limit could apply, 1,000 levels took 32 s and 3,000 over 120 s) is refused at once with the
/// located error of a message nested too deeply; 12 levels (24 elements) are accepted.
#[test]
fn markdown_lists_indented_thousands_of_levels_are_refused_before_parsing() {
    let with_list = |levels: usize| {
        let dir = site();
        let path = dir.path().join("locales/en/p.ftl");
        let text = fs::read_to_string(&path).unwrap();
        let list: String = (0..levels)
            .map(|i| format!("    {}- level {i}\n", "  ".repeat(i)))
            .collect();
        fs::write(
            &path,
            text.replace(
                "tips = Respect `Retry-After`.\n",
                &format!("tips =\n{list}"),
            ),
        )
        .unwrap();
        dir
    };
    let deep = with_list(3_000);
    fails_with(
        deep.path(),
        &["check"],
        &["message `tips`", "nested too deeply", "locales/en/p.ftl:"],
    );
    let (output, took) = run(with_list(12).path(), &["check"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("nested too deeply"), "{stderr}");
    assert!(took < BOUND);
}
