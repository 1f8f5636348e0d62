//! "As code" at the edges: every snippet of a policy the core accepts is
//! code its language compiles, against stubs of the libraries' signatures
//! (`tests/snippets/stubs/`), for durations and multipliers at each end of
//! each library's range and past it; the gRPC service configs are read by
//! grpc-go's own duration parser and validated by its rule
//! (`tests/snippets/grpc/`). The compilers are the oracle: an integer
//! literal past `long`, a `time.Duration` constant that overflows, an `f32`
//! literal out of range, a protobuf duration past 315,576,000,000 s are
//! each a compile or parse error. Where a value had to be brought within
//! the range, the snippet says so: its notes hold `longest-setting`,
//! `longest-delay` or `largest-multiplier`.

use std::path::Path;
use std::process::Command;

use backoff_site::backoff::{Jitter, Policy, Schedule};
use backoff_site::snippets::{self, Comments, DifferenceCode, Library, Snippet};

use crate::common;

const COMMENTS: Comments = Comments {
    policy: "Policy at the edge of a range",
    differs: "Not the same schedule",
};

/// Durations in milliseconds at the edges the libraries have: the
/// shortest, a nanosecond and below, Java's `int` (2^31), a day (Polly's
/// settings), Go's `time.Duration` (2^63 − 1 ns), protobuf's longest
/// duration, Rust's `from_nanos` (2^64 ns), Java's `long` (2^63 ms),
/// `from_millis` (2^64 ms), `Duration::MAX`, and the largest doubles.
const DURATIONS: [f64; 22] = [
    1e-300,
    1e-7,
    1e-6,
    0.5,
    2_147_483_647.0,
    2_147_483_648.0,
    86_400_000.0,
    86_400_000.5,
    9_223_372_036_854.0,
    9_223_372_036_855.0,
    9_223_372_036_854.7,
    315_576_000_000_000.0,
    315_576_000_000_001.0,
    18_446_744_073_709.5,
    18_446_744_073_710.5,
    9_223_372_036_854_774_784.0,
    9_223_372_036_854_775_808.0,
    18_446_744_073_709_549_568.0,
    18_446_744_073_709_551_616.0,
    1.844_674_407_370_955_2e22,
    1e300,
    f64::MAX,
];

/// Multipliers at the edges: 1, a plain one, `f32::MAX` and past it, the
/// largest double.
const MULTIPLIERS: [f64; 6] = [1.0, 1.5, 2.0, f32::MAX as f64, 3.5e38, f64::MAX];

fn jitters() -> [Jitter; 8] {
    [
        Jitter::None,
        Jitter::Full,
        Jitter::Equal,
        Jitter::Proportional { factor: 0.2 },
        Jitter::Proportional { factor: 1.0 / 3.0 },
        Jitter::Proportional { factor: 1e-300 },
        Jitter::Decorrelated,
        Jitter::Polly,
    ]
}

/// The policies: each duration as the first delay and as the cap, with
/// few and many retries and each jitter kind, and each multiplier with and
/// without a cap; only those the core accepts.
fn policies() -> Vec<Policy> {
    let mut all = Vec::new();
    let p = |base, multiplier, max_delay, retries, jitter| Policy {
        base,
        multiplier,
        max_delay,
        retries,
        jitter,
    };
    for (i, &d) in DURATIONS.iter().enumerate() {
        let jitter = jitters()[i % jitters().len()];
        all.push(p(d, 2.0, None, 3, Jitter::None));
        all.push(p(d, 1.0, None, 2, jitter));
        all.push(p(d, 1.5, Some(d), 4, jitter));
        all.push(p(1.0, 2.0, Some(d), 1000, Jitter::None));
        all.push(p(
            d,
            2.0,
            Some(f64::MAX),
            6,
            Jitter::Proportional { factor: 1.0 / 3.0 },
        ));
    }
    for &m in &MULTIPLIERS {
        all.push(p(1.0, m, None, 1000, Jitter::None));
        all.push(p(1.0, m, Some(60_000.0), 5, Jitter::None));
        all.push(p(
            1e-300,
            m,
            None,
            3,
            Jitter::Proportional { factor: 1.0 / 3.0 },
        ));
    }
    for jitter in jitters() {
        all.push(p(2.0, 2.0, None, 1000, jitter));
    }
    all.retain(|policy| Schedule::new(*policy).is_ok());
    all
}

fn snippets_of(library: Library) -> Vec<(Policy, Snippet)> {
    policies()
        .into_iter()
        .map(|policy| (policy, snippets::snippet(library, &policy, &COMMENTS)))
        .collect()
}

/// Runs `command` through `common::tools::run`; whether it ran (a missing
/// tool skips only off CI).
fn run(command: Command, what: &str) -> bool {
    common::tools::run(command, what).is_some()
}

/// The snippet's lines split into its imports (`import`, `use`) and the
/// rest, the statements a program wraps in a function.
fn split_imports(code: &str, import: &[&str]) -> (String, String) {
    let (mut head, mut body) = (String::new(), String::new());
    let mut in_block = false;
    for line in code.lines() {
        let starts = import.iter().any(|p| line.starts_with(p));
        if starts || in_block {
            in_block = line.ends_with('(') || (in_block && line != ")");
            head.push_str(line);
            head.push('\n');
        } else {
            body.push_str(line);
            body.push('\n');
        }
    }
    (head, body)
}

fn stubs() -> std::path::PathBuf {
    common::project_root().join("tests/snippets/stubs")
}

#[test]
fn java_snippets_compile_at_every_edge() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for library in [Library::Resilience4j, Library::SpringRetry] {
        for (i, (policy, snippet)) in snippets_of(library).into_iter().enumerate() {
            let (imports, body) = split_imports(&snippet.code, &["import "]);
            let class = format!("S{}{i}", library.id().replace('-', "_"));
            let path = dir.path().join(format!("{class}.java"));
            std::fs::write(
                &path,
                format!(
                    "// {policy:?}\n{imports}\nclass {class} {{\n  void f() {{\n{body}  }}\n}}\n"
                ),
            )
            .unwrap();
            files.push(path);
        }
    }
    let mut javac = Command::new("javac");
    javac
        .args(["-encoding", "UTF-8", "-nowarn", "-d"])
        .arg(dir.path().join("classes"))
        .arg("-sourcepath")
        .arg(stubs().join("java"))
        .args(&files);
    run(javac, "javac");
}

#[test]
fn csharp_snippets_compile_at_every_edge() {
    let dir = tempfile::tempdir().unwrap();
    let mut source = String::from("using System;\n");
    let mut classes = String::new();
    for (i, (policy, snippet)) in snippets_of(Library::Polly).into_iter().enumerate() {
        let (usings, body) = split_imports(&snippet.code, &["using "]);
        if i == 0 {
            source.push_str(&usings);
        }
        classes.push_str(&format!(
            "// {policy:?}\nclass S{i} {{\n  static void F() {{\n{body}  }}\n}}\n"
        ));
    }
    source.push_str(&classes);
    let path = dir.path().join("snippets.cs");
    std::fs::write(&path, source).unwrap();
    let mut mcs = Command::new("mcs");
    mcs.args(["-target:library", "-nowarn:219"])
        .arg(format!("-out:{}", dir.path().join("s.dll").display()))
        .arg(stubs().join("csharp/Polly.cs"))
        .arg(&path);
    run(mcs, "mcs");
}

#[test]
fn go_snippets_compile_at_every_edge() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("go.mod"),
        format!(
            "module snippets\n\ngo 1.19\n\nrequire github.com/cenkalti/backoff/v4 v4.3.0\n\n\
             replace github.com/cenkalti/backoff/v4 => {}\n",
            stubs().join("go").display()
        ),
    )
    .unwrap();
    for (i, (policy, snippet)) in snippets_of(Library::CenkaltiBackoff)
        .into_iter()
        .enumerate()
    {
        let (imports, body) = split_imports(&snippet.code, &["import "]);
        std::fs::write(
            dir.path().join(format!("s{i}.go")),
            format!(
                "// {policy:?}\npackage snippets\n\n{imports}\nfunc f{i}() {{\n{body}\t_ = policy\n}}\n"
            ),
        )
        .unwrap();
    }
    let mut go = Command::new("go");
    go.current_dir(dir.path())
        .args(["vet", "."])
        .env("GOFLAGS", "-mod=mod")
        .env("GOPROXY", "off")
        .env("GOCACHE", dir.path().join("cache"))
        .env("GOPATH", dir.path().join("gopath"));
    run(go, "go");
}

/// Compiled and run: `Duration::from_secs_f64` and its kin panic at run
/// time on a value out of range, where a literal out of range fails to
/// compile.
#[test]
fn rust_snippets_compile_and_run_at_every_edge() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let mut stub = Command::new("rustc");
    stub.args([
        "--crate-type=lib",
        "--crate-name=backon",
        "--edition=2021",
        "--out-dir",
        out,
    ])
    .arg(stubs().join("rust/backon.rs"));
    if !run(stub, "rustc") {
        return;
    }
    let mut source = String::from("#![allow(unused)]\n");
    let mut calls = String::new();
    for (i, (policy, snippet)) in snippets_of(Library::Backon).into_iter().enumerate() {
        let (uses, body) = split_imports(&snippet.code, &["use "]);
        source.push_str(&format!(
            "// {policy:?}\nmod s{i} {{\n{uses}\npub fn f() {{\n{body}}}\n}}\n"
        ));
        calls.push_str(&format!("    s{i}::f();\n"));
    }
    source.push_str(&format!(
        "fn main() {{\n{calls}    println!(\"ran\");\n}}\n"
    ));
    let path = dir.path().join("snippets.rs");
    std::fs::write(&path, source).unwrap();
    let mut rustc = Command::new("rustc");
    rustc
        .args(["--edition=2021", "-o"])
        .arg(dir.path().join("snippets"))
        .arg("--extern")
        .arg(format!(
            "backon={}",
            dir.path().join("libbackon.rlib").display()
        ))
        .arg(&path);
    if run(rustc, "rustc") {
        run(
            Command::new(dir.path().join("snippets")),
            "the compiled snippets",
        );
    }
}

#[test]
fn python_snippets_parse_at_every_edge() {
    let dir = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    for library in [Library::Tenacity, Library::Urllib3] {
        for (i, (_, snippet)) in snippets_of(library).into_iter().enumerate() {
            let path = dir.path().join(format!("{}{i}.py", library.id()));
            std::fs::write(&path, &snippet.code).unwrap();
            paths.push(path);
        }
    }
    let mut python = Command::new("python3");
    python
        .args([
            "-c",
            "import ast, sys\nfor p in sys.argv[1:]: ast.parse(open(p, encoding='utf-8').read(), p)",
        ])
        .args(&paths);
    run(python, "python3");
}

#[test]
fn grpc_service_configs_are_valid_for_grpc_go_at_every_edge() {
    let dir = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    for (i, (_, snippet)) in snippets_of(Library::GrpcServiceConfig)
        .into_iter()
        .enumerate()
    {
        let path = dir.path().join(format!("s{i}.json"));
        std::fs::write(&path, &snippet.code).unwrap();
        paths.push(path);
    }
    let mut go = Command::new("go");
    go.current_dir(common::project_root().join("tests/snippets/grpc"))
        .args(["run", "."])
        .args(&paths)
        .env("GOFLAGS", "-mod=mod")
        .env("GOPROXY", "off")
        .env("GOCACHE", dir.path().join("cache"))
        .env("GOPATH", dir.path().join("gopath"));
    run(go, "go");
}

/// Each library's range, as its source states it (cited in
/// `src/snippets/`), in milliseconds for durations: a setting written
/// outside it would fail the library's validation at run time.
fn within_range(library: Library, name: &str, value: f64) -> bool {
    match (library, name) {
        // Polly validates both against [0, 1 day].
        (Library::Polly, "Delay" | "MaxDelay") => value <= 86_400_000.0,
        (Library::GrpcServiceConfig, "initialBackoff" | "maxBackoff") => {
            value > 0.0 && value <= 315_576_000_000_000.0
        }
        (Library::Backon, "factor") => value <= f64::from(f32::MAX),
        _ => true,
    }
}

/// The written settings are within each library's range, and a snippet
/// whose value had to be brought within it says so.
#[test]
fn settings_outside_a_range_are_brought_within_it_and_noted() {
    let notes = [
        DifferenceCode::LongestSetting,
        DifferenceCode::LongestDelay,
        DifferenceCode::LargestMultiplier,
    ];
    let mut noted = 0;
    for library in Library::ALL {
        for (policy, snippet) in snippets_of(library) {
            for (name, value) in &snippet.settings {
                assert!(
                    within_range(library, name, *value),
                    "{}: {name} = {value} for {policy:?}",
                    library.id()
                );
            }
            let has_note = snippet.differences.iter().any(|d| notes.contains(&d.code));
            let past_polly_day =
                policy.base > 86_400_000.0 || policy.max_delay.is_some_and(|m| m > 86_400_000.0);
            if library == Library::Polly && past_polly_day {
                assert!(has_note, "polly: no note for {policy:?}");
            }
            if library == Library::Backon && policy.multiplier > f64::from(f32::MAX) {
                assert!(has_note, "backon: no note for {policy:?}");
            }
            noted += usize::from(has_note);
        }
    }
    assert!(noted > 50, "{noted} snippets noted a range");
}

#[test]
fn the_edges_are_policies_the_core_accepts() {
    let n = policies().len();
    println!(
        "{n} policies at the edges, each written for {} libraries",
        Library::ALL.len()
    );
    assert!(n > 100, "{n} policies");
    assert!(Path::new(&stubs()).is_dir());
}
