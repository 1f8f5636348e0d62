//! Every file the build reads goes through one reader (`backoff_site::input`):
//! for each kind of input (the site's configuration, a page definition,
//! the presets, a language's typography and glossary, a translation, the
//! stylesheet and icon, a module of the calculator), a link out of the
//! project, a link to `/proc/self/environ` or `/dev/zero`, a pipe, a
//! folder, a file over its kind's limit and, where it is needed, a missing
//! file are each a located error that shows nothing of the refused file,
//! and none blocks or runs out of memory.

use crate::common;

use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use backoff_site::input::Kind;

/// A secret the refused files hold; no diagnostic may show it.
const SECRET: &str = "SECRET-TOKEN-7f3a";

/// The inputs, each with its kind, the command that reads it, and whether
/// the site may go without it.
const INPUTS: [(&str, Kind, &str, bool); 9] = [
    ("site.toml", Kind::Definition, "check", false),
    ("content/calculator.toml", Kind::Definition, "check", true),
    ("content/presets.toml", Kind::Definition, "check", true),
    (
        "locales/de/typography.toml",
        Kind::Definition,
        "check",
        true,
    ),
    ("locales/de/glossary.toml", Kind::Definition, "check", true),
    ("locales/de/site.ftl", Kind::Translation, "check", false),
    ("static/style.css", Kind::Asset, "check", false),
    ("static/favicon.svg", Kind::Asset, "check", false),
    ("static/calculator/main.js", Kind::Script, "build", false),
];

/// Runs `subcommand` on the project at `root` with a secret in the
/// environment; its exit status and stderr, or a panic after 60 s (a read
/// that blocks).
fn run(root: &Path, subcommand: &str) -> (bool, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_backoff-site"));
    command
        .arg(subcommand)
        .arg("--root")
        .arg(root)
        .env("NO_COLOR", "1")
        .env("BACKOFF_TEST_SECRET", SECRET);
    if subcommand == "build" {
        command.arg("--out").arg(root.join("dist"));
    }
    let mut child = command
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut stderr = String::new();
            std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut stderr).unwrap();
            return (status.success(), stderr);
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("`{subcommand}` still running after 60 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Puts something other than the file at the path.
type Make<'a> = dyn Fn(&Path) + 'a;

#[test]
fn every_input_is_read_only_as_a_bounded_regular_file_inside_the_project() {
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secret.txt");
    fs::write(&secret, format!("{SECRET}\n")).unwrap();
    let mut cases = 0;
    for (input, kind, subcommand, optional) in INPUTS {
        let ways: [(&str, &Make); 7] = [
            ("a link out of the project", &|p| {
                symlink(&secret, p).unwrap()
            }),
            ("a link to /proc/self/environ", &|p| {
                symlink("/proc/self/environ", p).unwrap()
            }),
            ("a link to /dev/zero", &|p| symlink("/dev/zero", p).unwrap()),
            ("a pipe", &|p| {
                let made = Command::new("mkfifo").arg(p).status().expect("mkfifo runs");
                assert!(made.success());
            }),
            ("a folder", &|p| fs::create_dir(p).unwrap()),
            ("a file over the limit", &|p| {
                fs::write(p, vec![b'#'; kind.limit() as usize + 1]).unwrap()
            }),
            ("missing", &|_| {}),
        ];
        for (way, make) in ways {
            let project = common::copy_project();
            let path = project.path().join(input);
            fs::remove_file(&path).unwrap();
            make(&path);
            let (succeeded, stderr) = run(project.path(), subcommand);
            let what = format!("{input} as {way}");
            assert!(
                !stderr.contains(SECRET),
                "{what}: the secret is shown:\n{stderr}"
            );
            if way == "missing" && optional {
                continue;
            }
            assert!(!succeeded, "{what}: accepted\n{stderr}");
            assert!(
                stderr.contains(&format!("--> {input}"))
                    || stderr.contains(&format!(
                        "--> {}",
                        input.rsplit_once('/').map_or(input, |(dir, _)| dir)
                    )),
                "{what}: the error does not name the file\n{stderr}"
            );
            cases += 1;
        }
    }
    println!("{cases} refused inputs, none read");
    assert!(cases >= 55, "{cases}");
}
