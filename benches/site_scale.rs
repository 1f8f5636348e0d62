//! Build speed at scale: synthetic sites of N pages × L languages, built by
//! the release binary, timed, with the peak memory of each build.
//!
//! Also one page whose file holds 50,000 to 200,000 messages in each of
//! three languages, checked and built: the time must grow in proportion to
//! the number of messages (`-- --messages` runs only this part).
//!
//! Run: `cargo bench --bench site_scale` (all sizes, a few minutes), or
//! `cargo bench --bench site_scale -- --quick` (up to 1000 pages). Add
//! `--update-readme` to write the results table into README.md between its
//! `bench:site-scale` markers. `-- --generate DIR PAGES LANGUAGES` only
//! writes a synthetic site into DIR, for profiling a build by hand.
//!
//! Each synthetic page is like a real one: about thirty messages per
//! language (Markdown, a display formula, inline math), a worked example
//! computed by the core, and an FAQ of five entries. Each site is built
//! twice to warm the file cache, then measured twice: "cold", every page
//! rendered (the record of what the output was built from, `.dist.pages`,
//! removed first), and "repeated", a build with nothing changed, which
//! keeps every explainer page (README.md, "A repeated build keeps the
//! pages that did not change"). The HTML bytes per page are stated beside
//! them. `BACKOFF_SITE_BENCH_BINARY=PATH` measures another build of the
//! program (an earlier commit's release binary, to compare before and
//! after); the serve figure is always this build's. Peak memory is the
//! child's maximum resident set size and CPU time its user plus system time,
//! both from `wait4`; the machine's load average is printed beside them,
//! since on a shared machine the wall time depends on it.
//!
//! The synthetic sites are removed only at the end (they take some 15 GB by
//! then). On ext4 without a journal (this machine's `/`), a free inode
//! deleted in the last 5 seconds, or in the last 305 while its inode table
//! block is dirty (which allocating its neighbours makes it again), is
//! passed over when a new one is allocated, each at the cost of a lookup
//! (`find_inode_bit` and `recently_deleted` in the kernel's
//! `fs/ext4/ialloc.c`). So a build that makes its files within minutes of a
//! large removal, by anyone on the machine, pays for it: right after
//! 120,000 files and folders were removed, a build of 10,000 pages × 3
//! languages took 13.0 s of system time instead of 3.0 s. Removing each
//! site before making the next made the bench's own builds pay so.
//! Over 500 lines: the synthetic site, the runs and the README table are one bench.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use backoff_site::site::format::intl::plural_categories_of;

/// The languages synthetic sites use, in order; the first three are the real
/// site's, whose `site.ftl` files are used as they are.
const LANGUAGES: [&str; 10] = ["en", "ru", "de", "fr", "es", "it", "pt", "nl", "sv", "ja"];

/// Budgets on the 2-core machine this project is built on.
/// The real site includes the contention page, whose simulation is some
/// 40 ms of work on one core (README.md, "The contention experiment").
const REAL_SITE_MS: f64 = 100.0;
const THOUSAND_BY_THREE_S: f64 = 1.0;
const TEN_THOUSAND_BY_THREE_S: f64 = 10.0;
const TEN_THOUSAND_BY_THREE_REPEATED_S: f64 = 2.0;
const TEN_THOUSAND_BY_THREE_MIB: f64 = 150.0;
const SERVE_REBUILD_MS: f64 = 50.0;
const TWO_HUNDRED_THOUSAND_MESSAGES_S: f64 = 10.0;

/// Messages per file of the message-scale runs.
const MESSAGE_COUNTS: [usize; 3] = [50_000, 100_000, 200_000];

struct Run {
    pages: usize,
    languages: usize,
    html_files: usize,
    /// HTML bytes per HTML file.
    page_bytes: u64,
    /// Every page rendered.
    measured: Measured,
    /// Nothing changed since the last build.
    repeated: Measured,
}

/// What one build of the release binary took.
#[derive(Clone, Copy)]
struct Measured {
    wall: Duration,
    /// User plus system time of the child, on every core.
    cpu: Duration,
    peak_mib: f64,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let update_readme = args.iter().any(|a| a == "--update-readme");
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    if let Some(at) = args.iter().position(|a| a == "--generate") {
        let (Some(dir), Some(pages), Some(languages)) =
            (args.get(at + 1), args.get(at + 2), args.get(at + 3))
        else {
            panic!("usage: --generate DIR PAGES LANGUAGES");
        };
        let languages: usize = languages.parse().expect("LANGUAGES is a number");
        generate(
            &root,
            Path::new(dir),
            pages.parse().expect("PAGES is a number"),
            &LANGUAGES[..languages.min(LANGUAGES.len())],
        );
        return;
    }
    let binary = std::env::var_os("BACKOFF_SITE_BENCH_BINARY").map_or_else(
        || PathBuf::from(env!("CARGO_BIN_EXE_backoff-site")),
        PathBuf::from,
    );
    let scratch = tempfile::tempdir().expect("a temporary folder");
    if args.iter().any(|a| a == "--messages") {
        let (report, _) = message_scale(&root, &binary, scratch.path());
        println!("{report}");
        return;
    }

    let mut report = String::new();
    let _ = writeln!(report, "Machine: {}", machine());
    let load_before = load_average();

    // The real site, warm, through the release binary: every page rendered
    // (the record removed), and repeated with nothing changed; the best of
    // five of each.
    let out = scratch.path().join("real-dist");
    build(&binary, &root, &out);
    let record = scratch.path().join(".real-dist.pages");
    let real_cold = (0..5)
        .map(|_| {
            let _ = fs::remove_file(&record);
            build(&binary, &root, &out)
        })
        .min_by_key(|r| r.wall)
        .expect("five runs");
    build(&binary, &root, &out);
    let real = (0..5)
        .map(|_| build(&binary, &root, &out))
        .min_by_key(|r| r.wall)
        .expect("five runs");
    let real_ms = real_cold.wall.as_secs_f64() * 1000.0;
    let (real_html, real_html_bytes) = count_html_bytes(&out);
    let real_bytes = real_html_bytes / real_html as u64;

    // What `serve` does after a save: one in-process rebuild of the real site
    // after a one-file edit (in a copy, so the tree stays clean).
    let serve_ms = serve_rebuild_ms(&root, scratch.path());
    let _ = writeln!(
        report,
        "Load average (1 minute) after the real site and the serve rebuilds: {}.",
        load_average()
    );

    let sizes: &[usize] = if quick {
        &[10, 100, 1000]
    } else {
        &[10, 100, 1000, 10_000]
    };
    let mut runs = Vec::new();
    for &languages in &[3usize, 10] {
        for &pages in sizes {
            let site = scratch.path().join(format!("site-{pages}x{languages}"));
            generate(&root, &site, pages, &LANGUAGES[..languages]);
            let out = site.join("dist");
            build(&binary, &site, &out);
            build(&binary, &site, &out);
            let _ = fs::remove_file(site.join(".dist.pages"));
            let measured = build(&binary, &site, &out);
            let repeated = build(&binary, &site, &out);
            let (html_files, html_bytes) = count_html_bytes(&out);
            let page_bytes = html_bytes / html_files as u64;
            eprintln!(
                "{pages:>6} pages × {languages:>2} languages: {:>8.3} s (CPU {:.3} s), repeated {:.3} s, {:>7.1} MiB, {page_bytes} bytes per page",
                measured.wall.as_secs_f64(),
                measured.cpu.as_secs_f64(),
                repeated.wall.as_secs_f64(),
                measured.peak_mib
            );
            runs.push(Run {
                pages,
                languages,
                html_files,
                page_bytes,
                measured,
                repeated,
            });
            // The site stays until the scratch folder goes: see the header.
        }
    }

    let _ = writeln!(
        report,
        "Load average (1 minute) before the sites: {load_before}; after them: {}.",
        load_average()
    );
    let _ = writeln!(
        report,
        "\n| pages | languages | HTML files | bytes per page | wall time | CPU time | pages/s | peak memory | repeated, unchanged | its CPU time |"
    );
    let _ = writeln!(
        report,
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    );
    let _ = writeln!(
        report,
        "| real site | 3 | {real_html} | {real_bytes} | {real_ms:.1} ms | {:.1} ms | — | {:.1} MiB | {:.1} ms | {:.1} ms |",
        real_cold.cpu.as_secs_f64() * 1000.0,
        real_cold.peak_mib,
        real.wall.as_secs_f64() * 1000.0,
        real.cpu.as_secs_f64() * 1000.0,
    );
    for run in &runs {
        let seconds = run.measured.wall.as_secs_f64();
        let _ = writeln!(
            report,
            "| {} | {} | {} | {} | {:.3} s | {:.3} s | {:.0} | {:.1} MiB | {:.3} s | {:.3} s |",
            run.pages,
            run.languages,
            run.html_files,
            run.page_bytes,
            seconds,
            run.measured.cpu.as_secs_f64(),
            run.html_files as f64 / seconds,
            run.measured.peak_mib,
            run.repeated.wall.as_secs_f64(),
            run.repeated.cpu.as_secs_f64(),
        );
    }
    for languages in [3usize, 10] {
        let points: Vec<(f64, f64)> = runs
            .iter()
            .filter(|r| r.languages == languages)
            .map(|r| (r.html_files as f64, r.measured.wall.as_secs_f64() * 1000.0))
            .collect();
        let (slope, intercept, r2) = linear_fit(&points);
        let _ = writeln!(
            report,
            "\nLinear fit, {languages} languages: time ≈ {intercept:.1} ms + {slope:.4} ms × HTML files (R² = {r2:.4})."
        );
    }

    let (messages_report, check_200k) = message_scale(&root, &binary, scratch.path());
    report.push_str(&messages_report);

    let _ = writeln!(report, "\n| budget | limit | measured | |");
    let _ = writeln!(report, "| --- | ---: | ---: | --- |");
    let mut failed = false;
    let mut budget = |name: &str, limit: f64, measured: Option<f64>, unit: &str| {
        let Some(measured) = measured else { return };
        let ok = measured <= limit;
        failed |= !ok;
        let _ = writeln!(
            report,
            "| {name} | {limit} {unit} | {measured:.2} {unit} | {} |",
            if ok { "ok" } else { "OVER" }
        );
    };
    let find = |pages: usize, languages: usize| {
        runs.iter()
            .find(|r| r.pages == pages && r.languages == languages)
    };
    budget(
        "real site, release, warm, every page rendered",
        REAL_SITE_MS,
        Some(real_ms),
        "ms",
    );
    budget(
        "serve rebuild after a one-word edit",
        SERVE_REBUILD_MS,
        Some(serve_ms),
        "ms",
    );
    budget(
        "1000 pages × 3 languages",
        THOUSAND_BY_THREE_S,
        find(1000, 3).map(|r| r.measured.wall.as_secs_f64()),
        "s",
    );
    budget(
        "10000 pages × 3 languages",
        TEN_THOUSAND_BY_THREE_S,
        find(10_000, 3).map(|r| r.measured.wall.as_secs_f64()),
        "s",
    );
    budget(
        "10000 pages × 3 languages, repeated without changes",
        TEN_THOUSAND_BY_THREE_REPEATED_S,
        find(10_000, 3).map(|r| r.repeated.wall.as_secs_f64()),
        "s",
    );
    budget(
        "10000 pages × 3 languages, peak memory",
        TEN_THOUSAND_BY_THREE_MIB,
        find(10_000, 3).map(|r| r.measured.peak_mib),
        "MiB",
    );

    budget(
        "200,000 messages per file × 3 languages, check",
        TWO_HUNDRED_THOUSAND_MESSAGES_S,
        Some(check_200k),
        "s",
    );

    println!("{report}");
    if update_readme {
        update_readme_table(&root.join("README.md"), &report);
    }
    // `exit` runs no destructor: the scratch folder, which holds every
    // synthetic site by now, goes first.
    drop(scratch);
    if failed {
        eprintln!("some budgets are exceeded");
        std::process::exit(1);
    }
}

/// One page whose file holds [`MESSAGE_COUNTS`] extra messages in each of
/// three languages, checked and built (warm). Returns the report's table
/// and the seconds `check` took for the largest count.
fn message_scale(root: &Path, binary: &Path, scratch: &Path) -> (String, f64) {
    let mut report = String::from(
        "\n| messages per file | file size | check | build | peak memory (build) |\n| ---: | ---: | ---: | ---: | ---: |\n",
    );
    let mut points = Vec::new();
    let mut largest = 0.0;
    for count in MESSAGE_COUNTS {
        let site = scratch.join(format!("messages-{count}"));
        generate(root, &site, 1, &LANGUAGES[..3]);
        let mut bytes = 0;
        for lang in &LANGUAGES[..3] {
            let file = site.join("locales").join(lang).join("page-00000.ftl");
            let mut ftl = fs::read_to_string(&file).unwrap();
            for m in 0..count {
                let _ = writeln!(
                    ftl,
                    "bulk-message-{m} = Words of a message no page shows ({lang})."
                );
            }
            bytes = ftl.len();
            fs::write(&file, ftl).unwrap();
        }
        let root = site.to_str().unwrap();
        let out = site.join("dist");
        let run = |args: &[&str]| {
            timed(binary, args);
            timed(binary, args)
        };
        let (check, _) = run(&["check", "--root", root]);
        let (build, peak_mib) = run(&["build", "--root", root, "--out", out.to_str().unwrap()]);
        eprintln!(
            "{count:>7} messages per file: check {:.3} s, build {:.3} s, {peak_mib:.1} MiB",
            check.as_secs_f64(),
            build.as_secs_f64()
        );
        let _ = writeln!(
            report,
            "| {count} | {:.1} MiB | {:.3} s | {:.3} s | {peak_mib:.1} MiB |",
            bytes as f64 / (1024.0 * 1024.0),
            check.as_secs_f64(),
            build.as_secs_f64()
        );
        points.push((count as f64, check.as_secs_f64() * 1000.0));
        largest = check.as_secs_f64();
        let _ = fs::remove_dir_all(&site);
    }
    let (slope, intercept, r2) = linear_fit(&points);
    let _ = writeln!(
        report,
        "\nLinear fit, check: time ≈ {intercept:.1} ms + {:.2} µs × messages per file (R² = {r2:.4}).",
        slope * 1000.0
    );
    (report, largest)
}

/// Runs the binary with `args` (which must succeed); returns its wall time
/// and peak memory.
#[expect(
    clippy::zombie_processes,
    reason = "the child is reaped by wait4, which also reports its peak memory"
)]
fn timed(binary: &Path, args: &[&str]) -> (Duration, f64) {
    let started = Instant::now();
    let child = Command::new(binary)
        .args(args)
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("the release binary runs");
    let mut status = 0;
    // SAFETY: `rusage` is plain data that wait4 fills in; the pid is our child's.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let wall = started.elapsed();
    assert_eq!(waited, pid, "wait4 failed");
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "{args:?} failed"
    );
    (wall, usage.ru_maxrss as f64 / 1024.0)
}

/// Runs one build; returns its wall time and the child's CPU time and peak
/// memory.
#[expect(
    clippy::zombie_processes,
    reason = "the child is reaped by wait4, which also reports its peak memory"
)]
fn build(binary: &Path, root: &Path, out: &Path) -> Measured {
    let started = Instant::now();
    let child = Command::new(binary)
        .arg("build")
        .arg("--root")
        .arg(root)
        .arg("--out")
        .arg(out)
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("the release binary runs");
    let mut status = 0;
    // SAFETY: `rusage` is plain data that wait4 fills in; the pid is our child's.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let wall = started.elapsed();
    assert_eq!(waited, pid, "wait4 failed");
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "the build of {} failed",
        root.display()
    );
    let seconds = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    Measured {
        wall,
        cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime),
        // Linux reports ru_maxrss in KiB.
        peak_mib: usage.ru_maxrss as f64 / 1024.0,
    }
}

fn serve_rebuild_ms(root: &Path, scratch: &Path) -> f64 {
    let copy = scratch.join("serve-copy");
    for source in ["site.toml", "content", "locales", "static"] {
        copy_tree(&root.join(source), &copy.join(source));
    }
    let options = backoff_site::site::BuildOptions {
        root: copy.clone(),
        out: copy.join("preview"),
        allow_missing: false,
        base_url: Some("http://127.0.0.1:8000/".into()),
        clean: false,
    };
    backoff_site::site::build(&options).expect("the real site builds");
    let ftl = copy.join("locales/en/calculator.ftl");
    let text = fs::read_to_string(&ftl).unwrap();
    let mut best = f64::MAX;
    for i in 0..5 {
        fs::write(
            &ftl,
            text.replacen("\ntitle = ", &format!("\ntitle = Edit {i} "), 1),
        )
        .unwrap();
        let started = Instant::now();
        backoff_site::site::build(&options).expect("the edited site builds");
        best = best.min(started.elapsed().as_secs_f64() * 1000.0);
    }
    best
}

fn copy_tree(from: &Path, to: &Path) {
    if from.is_dir() {
        fs::create_dir_all(to).unwrap();
        for entry in fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            copy_tree(&entry.path(), &to.join(entry.file_name()));
        }
    } else {
        fs::create_dir_all(to.parent().expect("a file has a folder")).unwrap();
        fs::copy(from, to).unwrap();
    }
}

/// The HTML files under `dir` and their bytes in all.
fn count_html_bytes(dir: &Path) -> (usize, u64) {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "html"))
        .fold((0, 0), |(files, bytes), e| {
            (files + 1, bytes + e.metadata().map_or(0, |m| m.len()))
        })
}

/// Writes a synthetic site of `pages` pages in `languages` into `dir`.
fn generate(real: &Path, dir: &Path, pages: usize, languages: &[&str]) {
    let _ = fs::remove_dir_all(dir);
    fs::create_dir_all(dir.join("content")).unwrap();
    copy_tree(&real.join("static"), &dir.join("static"));
    let quoted: Vec<String> = languages.iter().map(|l| format!("\"{l}\"")).collect();
    fs::write(
        dir.join("site.toml"),
        format!(
            "base_url = \"https://bench.example.org/\"\nreference = \"en\"\nlanguages = [{}]\n",
            quoted.join(", ")
        ),
    )
    .unwrap();
    for lang in languages {
        let folder = dir.join("locales").join(lang);
        fs::create_dir_all(&folder).unwrap();
        let own = real.join("locales").join(lang).join("site.ftl");
        let site_ftl = if own.is_file() {
            own
        } else {
            real.join("locales/en/site.ftl")
        };
        fs::copy(site_ftl, folder.join("site.ftl")).unwrap();
    }
    for i in 0..pages {
        let slug = format!("page-{i:05}");
        fs::write(
            dir.join("content").join(format!("{slug}.toml")),
            page_definition(i),
        )
        .unwrap();
        for lang in languages {
            fs::write(
                dir.join("locales").join(lang).join(format!("{slug}.ftl")),
                page_messages(i, lang),
            )
            .unwrap();
        }
    }
}

fn page_definition(i: usize) -> String {
    // Only the first few pages are in the navigation, as on a large site.
    let nav = i < 5;
    let base = 100 + (i % 7) * 50;
    let retries = 3 + i % 10;
    format!(
        r#"template = "explainer"
order = {i}
nav = {nav}
sections = ["intro", "calculator", "how-to", "formula", "example", "tips", "faq"]
faq = ["one", "two", "three", "four", "five"]

[calculator]
units = ["ms", "s"]
zero_max = "unlimited"
unit = "ms"
base = {base}
multiplier = 2
max_delay = 30000
retries = {retries}
jitter = "none"

[[examples]]
id = "main"
unit = "s"
base = 0.5
multiplier = 2
max_delay = 30
retries = 8
jitter = "full"

[formulas]
delay-formula = '\text{{@formula-delay}}(n) = \min\left(\text{{@formula-max}}, \text{{@formula-base}} \times \text{{@formula-multiplier}}^{{n-1}}\right)'
"#
    )
}

/// About thirty messages of realistic length; words only, figures come in
/// as variables.
fn page_messages(i: usize, lang: &str) -> String {
    let categories = plural_categories_of(&lang.parse().expect("a language code"));
    let plural = |noun_one: &str, noun_other: &str| {
        let mut select = String::from("{ $retries ->\n");
        for category in categories.iter().filter(|c| **c != "other") {
            let noun = if *category == "one" {
                noun_one
            } else {
                noun_other
            };
            let _ = writeln!(select, "        [{category}] {{ $retries }} {noun}");
        }
        let _ = write!(
            select,
            "       *[other] {{ $retries }} {noun_other}\n    }}"
        );
        select
    };
    let paragraph = "Exponential backoff spreads retries out so that a failing service gets room to recover, and *jitter* keeps many clients from retrying in step. Read the [FAQ](#faq) for details, and keep `Retry-After` in mind.";
    let mut ftl = format!(
        "### Synthetic page {i} ({lang}).\n\ntitle = Synthetic page {i}\ndescription = A synthetic page for the build benchmark.\nnav-label = Page {i}\nintro =\n    {paragraph}\n\n    {paragraph}\nhow-to-heading = How to use it\nhow-to =\n    - Enter the first delay and the multiplier.\n    - Set the maximum delay and the number of retries.\n    - Choose the jitter and read the table.\nmax-delay-rule = A maximum of zero means no limit.\nformula-heading = Formula\nformula =\n    {{ $delay-formula }}\n\n    With full jitter the delay is uniform on $[0, d(n)]$, with equal jitter on $[d(n)/2, d(n)]$.\nformula-delay = delay\nformula-max = maximum\nformula-base = first delay\nformula-multiplier = multiplier\nexample-heading = Worked example\nexample-main =\n    With a first delay of {{ $base }} s and {retries}, the delays are {{ $delays }} s; the longest total wait is {{ $sum }} = {{ $total }} s, shown as {{ $total-human }}. With full jitter the mean is {{ $mean-total-full }} s.\ntips-heading = Tips\ntips =\n    - Respect `Retry-After`.\n    - Bound the loop by a deadline too.\n    - Log the attempt number.\nfaq-heading = Frequently asked questions\n",
        retries = plural("retry", "retries"),
    );
    for faq in ["one", "two", "three", "four", "five"] {
        let _ = write!(
            ftl,
            "faq-{faq} = Question {faq} about backoff?\n    .answer =\n        {paragraph}\n\n        The delay before retry $n$ grows by the multiplier each time.\n"
        );
    }
    ftl
}

/// Least squares `y = a + b·x`; returns (b, a, R²).
fn linear_fit(points: &[(f64, f64)]) -> (f64, f64, f64) {
    let n = points.len() as f64;
    if n < 2.0 {
        return (0.0, 0.0, 0.0);
    }
    let mean_x = points.iter().map(|p| p.0).sum::<f64>() / n;
    let mean_y = points.iter().map(|p| p.1).sum::<f64>() / n;
    let sxy: f64 = points.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
    let sxx: f64 = points.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
    let slope = sxy / sxx;
    let intercept = mean_y - slope * mean_x;
    let total: f64 = points.iter().map(|p| (p.1 - mean_y).powi(2)).sum();
    let residual: f64 = points
        .iter()
        .map(|p| (p.1 - intercept - slope * p.0).powi(2))
        .sum();
    (slope, intercept, 1.0 - residual / total)
}

/// The one-minute load average, from `/proc/loadavg`.
fn load_average() -> String {
    fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "?".to_string())
}

fn machine() -> String {
    let cpuinfo = fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split(':').nth(1))
        .map(str::trim)
        .unwrap_or("unknown CPU");
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let memory = fs::read_to_string("/proc/meminfo")
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with("MemTotal"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kib| kib.parse::<f64>().ok())
        .map_or(String::from("? GiB"), |kib| {
            format!("{:.0} GiB", kib / 1024.0 / 1024.0)
        });
    format!("{model}, {cores} cores, {memory}")
}

/// Replaces the text between the README's markers with `report`.
fn update_readme_table(readme: &Path, report: &str) {
    let text = fs::read_to_string(readme).expect("README.md");
    let (start, end) = (
        "<!-- bench:site-scale:start -->",
        "<!-- bench:site-scale:end -->",
    );
    let (Some(a), Some(b)) = (text.find(start), text.find(end)) else {
        eprintln!("README.md has no bench:site-scale markers; not updated");
        return;
    };
    let updated = format!("{}{start}\n{report}{}", &text[..a], &text[b..]);
    fs::write(readme, updated).expect("README.md is writable");
}
