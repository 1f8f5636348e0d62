//! `build --out` never deletes or writes what the build did not write: each
//! test lays a trap the way a careless user or a hostile folder would (the
//! output folder is `.git`, `tests`, a link, holds links or foreign files,
//! a killed build left a staging folder, two builds race), builds, and
//! checks that nothing outside the build's own files changed and that the
//! error says why. Over 500 lines: one trap per rule of the output folder,
//! side by side.
#![cfg(unix)]

use crate::common;

use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, SystemTime};

use backoff_site::site::output::{Sink, Staging};
use common::{copy_project, snapshot};

/// Runs `backoff-site build` in `dir` with `args` after it.
fn build(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_backoff-site"))
        .arg("build")
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Asserts that the build failed, saying `reason`.
fn assert_refused(output: &Output, reason: &str) {
    let stderr = stderr(output);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(reason), "expected `{reason}` in:\n{stderr}");
}

fn assert_built(output: &Output) {
    assert!(output.status.success(), "{}", stderr(output));
}

/// Files a folder holds that nobody may touch.
fn precious(dir: &Path, files: &[&str]) {
    for file in files {
        let path = dir.join(file);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, format!("precious {file}")).unwrap();
    }
}

#[test]
fn a_git_folder_is_never_the_output() {
    let project = copy_project();
    let git = project.path().join(".git");
    precious(&git, &["HEAD", "objects/ab/cdef", "refs/heads/main"]);
    let before = snapshot(&git);
    for _ in 0..2 {
        assert_refused(
            &build(project.path(), &["--out", ".git"]),
            "is a version-control folder (`.git/`)",
        );
        assert_refused(
            &build(project.path(), &["--out", ".git/site"]),
            "is inside a version-control folder (`.git/`)",
        );
    }
    assert_eq!(snapshot(&git), before);
    assert!(!project.path().join(".git/site").exists());
    // Another repository's history, outside the project: a new folder there
    // would hold nothing yet, and is refused all the same.
    let other = tempfile::tempdir().unwrap();
    precious(other.path(), &[".git/HEAD"]);
    let inside_git = other.path().join(".git/site");
    assert_refused(
        &build(project.path(), &["--out", inside_git.to_str().unwrap()]),
        "is inside a version-control folder (`.git/`)",
    );
    assert!(!inside_git.exists());
}

#[test]
fn the_tests_folder_is_never_the_output() {
    let project = copy_project();
    let tests = project.path().join("tests");
    precious(&tests, &["site_build.rs", "fixtures/case/case.toml"]);
    let before = snapshot(&tests);
    for _ in 0..2 {
        assert_refused(
            &build(project.path(), &["--out", "tests"]),
            "is the project's folder `tests/`",
        );
    }
    assert_eq!(snapshot(&tests), before);
}

#[test]
fn a_link_to_a_source_folder_is_never_the_output() {
    let project = copy_project();
    let content = project.path().join("content");
    let before = snapshot(&content);
    symlink("content", project.path().join("linkout")).unwrap();
    for _ in 0..2 {
        assert_refused(
            &build(project.path(), &["--out", "linkout"]),
            "`linkout` is a symbolic link (to `content`)",
        );
    }
    assert_eq!(snapshot(&content), before);
}

#[test]
fn an_output_folder_that_is_a_link_is_never_written_through() {
    let project = copy_project();
    let outside = tempfile::tempdir().unwrap();
    precious(outside.path(), &["index.html", "photos/cat.jpg"]);
    let before = snapshot(outside.path());
    symlink(outside.path(), project.path().join("dist")).unwrap();
    for _ in 0..2 {
        assert_refused(
            &build(project.path(), &["--out", "dist"]),
            "`dist` is a symbolic link",
        );
    }
    assert_eq!(snapshot(outside.path()), before);
    assert!(
        fs::symlink_metadata(project.path().join("dist"))
            .unwrap()
            .is_symlink()
    );
    // A link to an empty folder: nothing there to lose, but writing through
    // the link would still fill a folder that is not the output's.
    let empty = tempfile::tempdir().unwrap();
    symlink(empty.path(), project.path().join("www")).unwrap();
    for spelling in ["www", "www/", "./www/."] {
        assert_refused(
            &build(project.path(), &["--out", spelling]),
            "is a symbolic link",
        );
    }
    assert_eq!(fs::read_dir(empty.path()).unwrap().count(), 0);
}

#[test]
fn links_inside_the_output_folder_are_refused_not_followed() {
    let project = copy_project();
    let outside = tempfile::tempdir().unwrap();
    precious(outside.path(), &["secret.txt", "folder/keep.txt"]);
    let before = snapshot(outside.path());
    assert_built(&build(project.path(), &[]));
    let dist = project.path().join("dist");
    fs::remove_file(dist.join("robots.txt")).unwrap();
    symlink(outside.path().join("secret.txt"), dist.join("robots.txt")).unwrap();
    fs::remove_dir_all(dist.join("de")).unwrap();
    symlink(outside.path().join("folder"), dist.join("de")).unwrap();
    for _ in 0..2 {
        assert_refused(
            &build(project.path(), &[]),
            "holds `dist/de`, a symbolic link, which the build did not write",
        );
    }
    assert_eq!(snapshot(outside.path()), before);
}

#[test]
fn links_inside_the_previous_output_are_removed_not_followed() {
    let project = copy_project();
    let outside = tempfile::tempdir().unwrap();
    precious(outside.path(), &["secret.txt", "folder/keep.txt"]);
    let before = snapshot(outside.path());
    // Two builds: the first one's output becomes the folder the third
    // build writes into.
    assert_built(&build(project.path(), &[]));
    assert_built(&build(project.path(), &[]));
    let expected = snapshot(&project.path().join("dist"));
    let previous = project.path().join(".dist.previous");
    fs::remove_file(previous.join("robots.txt")).unwrap();
    symlink(
        outside.path().join("secret.txt"),
        previous.join("robots.txt"),
    )
    .unwrap();
    fs::remove_dir_all(previous.join("de")).unwrap();
    symlink(outside.path().join("folder"), previous.join("de")).unwrap();
    // A link where a folder is expected, one level down.
    fs::remove_dir_all(previous.join("en/schedule")).unwrap();
    symlink(outside.path().join("folder"), previous.join("en/schedule")).unwrap();
    assert_built(&build(project.path(), &[]));
    assert_eq!(snapshot(outside.path()), before);
    let dist = project.path().join("dist");
    assert_eq!(snapshot(&dist), expected);
    for real in ["robots.txt", "de", "en/schedule"] {
        assert!(
            !fs::symlink_metadata(dist.join(real)).unwrap().is_symlink(),
            "{real}"
        );
    }
    // The previous folder itself a link: the link goes, its target stays.
    let empty = tempfile::tempdir().unwrap();
    fs::remove_dir_all(&previous).unwrap();
    symlink(empty.path(), &previous).unwrap();
    assert_built(&build(project.path(), &[]));
    assert_eq!(fs::read_dir(empty.path()).unwrap().count(), 0);
    assert_eq!(snapshot(&dist), expected);
}

/// The pid of a process that has ended.
fn dead_pid() -> u32 {
    let mut child = Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    pid
}

#[test]
fn staging_folders_of_killed_builds_are_removed_and_live_ones_kept() {
    let project = copy_project();
    let dead = project.path().join(format!(".dist.staging-{}", dead_pid()));
    // This test's own process is alive: its folder may be a running build's.
    let live = project
        .path()
        .join(format!(".dist.staging-{}", std::process::id()));
    let other = project.path().join(".other.staging-1");
    for folder in [&dead, &live, &other] {
        precious(folder, &["en/index.html"]);
    }
    // A link named like a staging folder: removed, its target kept.
    let outside = tempfile::tempdir().unwrap();
    precious(outside.path(), &["keep.txt"]);
    let dead_link = project.path().join(format!(".dist.staging-{}", dead_pid()));
    symlink(outside.path(), &dead_link).unwrap();
    assert_built(&build(project.path(), &[]));
    assert!(!dead.exists(), "a dead build's staging folder was kept");
    assert!(fs::symlink_metadata(&dead_link).is_err());
    assert!(outside.path().join("keep.txt").is_file());
    assert!(live.join("en/index.html").is_file());
    assert!(other.join("en/index.html").is_file());
    // The same live folder, a day and more old: no build runs that long,
    // so its number belongs to another process by now.
    let old = SystemTime::now() - Duration::from_secs(2 * 24 * 60 * 60);
    fs::File::open(&live).unwrap().set_modified(old).unwrap();
    assert_built(&build(project.path(), &[]));
    assert!(!live.exists(), "a stale staging folder was kept");
}

#[test]
fn the_output_folder_always_holds_a_whole_output() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("dist");
    let commit = |round: usize| {
        let staging = Staging::create(&out).unwrap();
        staging
            .put("index.html", format!("{round}").as_bytes())
            .unwrap();
        staging.put("en/index.html", b"en").unwrap();
        staging.commit(b"").unwrap();
    };
    commit(0);
    let done = AtomicBool::new(false);
    let looks = AtomicUsize::new(0);
    let gaps = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                looks.fetch_add(1, Ordering::Relaxed);
                if !out.join("index.html").is_file() || !out.join("en/index.html").is_file() {
                    gaps.fetch_add(1, Ordering::Relaxed);
                }
            }
        });
        for round in 1..=300 {
            commit(round);
        }
        done.store(true, Ordering::Relaxed);
    });
    // The watcher must have run alongside the commits to prove anything.
    assert!(looks.load(Ordering::Relaxed) >= 10);
    assert_eq!(gaps.load(Ordering::Relaxed), 0, "the output was missing");
}

#[test]
fn a_foreign_folder_is_refused_and_a_foreign_file_in_the_output_too() {
    let project = copy_project();
    let public = project.path().join("public");
    precious(&public, &["notes.txt"]);
    assert_refused(
        &build(project.path(), &["--out", "public"]),
        "the output folder `public` is not empty, and no build made it",
    );
    assert_eq!(
        fs::read_to_string(public.join("notes.txt")).unwrap(),
        "precious notes.txt"
    );
    // A file dropped into the build's own output is not the build's either.
    assert_built(&build(project.path(), &[]));
    let dist = project.path().join("dist");
    precious(&dist, &["CNAME"]);
    let before = snapshot(&dist);
    assert_refused(
        &build(project.path(), &[]),
        "holds `dist/CNAME` which the build did not write",
    );
    assert_eq!(snapshot(&dist), before);
    fs::remove_file(dist.join("CNAME")).unwrap();
    assert_built(&build(project.path(), &[]));
}

#[test]
fn an_empty_folder_and_the_builds_own_output_are_accepted() {
    let project = copy_project();
    let out = project.path().join("site");
    fs::create_dir(&out).unwrap();
    assert_built(&build(project.path(), &["--out", "site"]));
    let first = snapshot(&out);
    assert!(first.iter().any(|(p, _)| p == Path::new("en/index.html")));
    // Again into its own output, and under `target/` as `serve` does.
    assert_built(&build(project.path(), &["--out", "site"]));
    assert_eq!(snapshot(&out), first);
    for _ in 0..2 {
        assert_built(&build(project.path(), &["--out", "target/serve"]));
    }
    // Outside the project, by an absolute path.
    let elsewhere = tempfile::tempdir().unwrap();
    let out = elsewhere.path().join("www");
    for _ in 0..2 {
        assert_built(&build(project.path(), &["--out", out.to_str().unwrap()]));
    }
    assert_eq!(snapshot(&out), first);
}

#[test]
fn builds_racing_on_one_output_take_turns_and_all_succeed() {
    let project = copy_project();
    for _ in 0..4 {
        let children: Vec<_> = (0..3)
            .map(|_| {
                Command::new(env!("CARGO_BIN_EXE_backoff-site"))
                    .arg("build")
                    .current_dir(project.path())
                    .env("NO_COLOR", "1")
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for child in children {
            let output = child.wait_with_output().unwrap();
            assert_built(&output);
            assert!(
                !stderr(&output).contains("unchanged"),
                "{}",
                stderr(&output)
            );
        }
    }
    // The manifest still matches the output: the next build accepts it.
    assert_built(&build(project.path(), &[]));
    let leftovers: Vec<_> = fs::read_dir(project.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("staging"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn builds_killed_at_any_moment_leave_a_whole_output_and_no_leftovers() {
    let project = copy_project();
    assert_built(&build(project.path(), &[]));
    let dist = project.path().join("dist");
    let whole = snapshot(&dist);
    // Every build of the same input writes the same files: whichever of the
    // old and the new output stands, it must be exactly this.
    for round in 0..24u64 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_backoff-site"))
            .arg("build")
            .current_dir(project.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(round * 15));
        let _ = child.kill();
        child.wait().unwrap();
        let now = snapshot(&dist);
        let differing: Vec<String> = now
            .iter()
            .filter(|file| !whole.contains(file))
            .chain(whole.iter().filter(|file| !now.contains(file)))
            .map(|(path, _)| path.display().to_string())
            .collect();
        assert!(
            differing.is_empty(),
            "after a kill at {} ms, these differ: {differing:?}",
            round * 15
        );
    }
    // The next build accepts the output (its manifest still covers it) and
    // removes what the killed builds left.
    assert_built(&build(project.path(), &[]));
    assert_eq!(snapshot(&dist), whole);
    let leftovers: Vec<_> = fs::read_dir(project.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("staging"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// A pipe (or any non-file) at the lock's name cannot hold the build: the
/// lock is opened without blocking and must be a regular file. (The build
/// would otherwise wait in `open` for a reader forever.)
#[test]
fn a_pipe_at_the_lock_is_refused_at_once() {
    let project = copy_project();
    let made = Command::new("mkfifo")
        .arg(project.path().join(".dist.lock"))
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let mut child = Command::new(env!("CARGO_BIN_EXE_backoff-site"))
        .arg("build")
        .current_dir(project.path())
        .env("NO_COLOR", "1")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("the build still waits on the pipe after 60 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let output = child.wait_with_output().unwrap();
    assert_refused(&output, "cannot lock");
    assert!(!project.path().join("dist").exists());
}

/// A folder the build refuses keeps nothing of the build's beside it: the
/// lock made to look inside is removed again (and one that was there
/// before stays).
#[test]
fn a_refused_folder_gets_no_lock_beside_it() {
    let project = copy_project();
    let outside = tempfile::tempdir().unwrap();
    let sub = outside.path().join("sub");
    precious(&sub, &["notes.txt"]);
    assert_refused(
        &build(project.path(), &["--out", sub.to_str().unwrap()]),
        "is not empty, and no build made it",
    );
    let beside: Vec<_> = fs::read_dir(outside.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(beside, ["sub"], "only the folder itself");
    fs::write(outside.path().join(".sub.lock"), "").unwrap();
    assert_refused(
        &build(project.path(), &["--out", sub.to_str().unwrap()]),
        "is not empty, and no build made it",
    );
    assert!(
        outside.path().join(".sub.lock").exists(),
        "a lock that was there stays"
    );
}

/// A file put into the output while a build runs is not swapped out with
/// the old output (where the next build's pruning would lose it): the
/// build stops, and the output keeps it.
#[test]
fn a_file_put_into_the_output_during_a_build_stops_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("dist");
    let staging = Staging::create(&out).unwrap();
    staging.put("index.html", b"first").unwrap();
    staging.commit(b"").unwrap();
    let staging = Staging::create(&out).unwrap();
    staging.put("index.html", b"second").unwrap();
    fs::write(out.join("CNAME"), "example.org").unwrap();
    let err = staging.commit(b"").unwrap_err().to_string();
    assert!(
        err.contains("CNAME") && err.contains("did not write"),
        "{err}"
    );
    assert_eq!(
        fs::read_to_string(out.join("CNAME")).unwrap(),
        "example.org"
    );
    assert_eq!(fs::read_to_string(out.join("index.html")).unwrap(), "first");
}

/// A tree in the previous output nested deeper than the longest path the
/// system takes (4,096 bytes on Linux) is pruned like any other leftover:
/// the next build succeeds, and so does the one after.
#[test]
fn a_tree_deeper_than_the_longest_path_in_the_previous_output_is_pruned() {
    let project = copy_project();
    assert_built(&build(project.path(), &[]));
    assert_built(&build(project.path(), &[]));
    let previous = project.path().join(".dist.previous");
    assert!(previous.is_dir());
    // 450 folders of 20 letters: 9,450 bytes of path, made one level at a
    // time from the folder before (no single path is that long).
    let mut folder = fs::File::open(&previous).unwrap();
    for _ in 0..450 {
        use std::os::fd::AsRawFd;
        let name = std::ffi::CString::new("d".repeat(20)).unwrap();
        // SAFETY: a valid folder descriptor and a NUL-terminated name.
        unsafe {
            assert_eq!(libc::mkdirat(folder.as_raw_fd(), name.as_ptr(), 0o755), 0);
            let fd = libc::openat(
                folder.as_raw_fd(),
                name.as_ptr(),
                libc::O_RDONLY | libc::O_DIRECTORY,
            );
            assert!(fd >= 0);
            folder = std::os::fd::FromRawFd::from_raw_fd(fd);
        }
    }
    assert_built(&build(project.path(), &[]));
    assert_built(&build(project.path(), &[]));
    assert!(!project.path().join("dist").join("d".repeat(20)).exists());
    assert!(!previous.join("d".repeat(20)).exists());
}
