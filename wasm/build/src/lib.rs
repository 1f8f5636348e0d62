//! How the site tool gets the calculator's WebAssembly modules.
//!
//! Three modules are built from the same sources ([`KINDS`]): the base
//! module ([`BASE`]) that every calculator page loads at start, and the two
//! method modules, each the distribution export for some jitter kinds and
//! none of the base module's functions: the grid module ([`GRID`], `--cfg
//! backoff_grid`: the independent kinds) and the Monte Carlo module
//! ([`MONTE_CARLO`], `--cfg backoff_monte_carlo`: the kinds whose delays
//! depend on earlier ones). The
//! script fetches the one for the reader's jitter kind on the first edit.
//! Each has its own kept copy and record; the rule below holds for each on
//! its own.
//!
//! This crate owns the two rustc commands that compile a module, the record
//! of the sources a kept module was compiled from, and the choice between a
//! fresh module and the kept one. The site tool's `build.rs` only calls
//! [`prepare`] (and [`keep`] when asked to refresh the kept copy); its tests
//! call [`current_sources`] and [`compile`] to check the kept copy.
//!
//! The rule:
//! - where rustc has the `wasm32-unknown-unknown` target, the module is
//!   compiled afresh: the core (`core/`) as an rlib, then the module
//!   (`wasm/`) as a cdylib linked against it, with no nested cargo;
//! - where the target is missing (a fresh machine with `RUSTUP_AUTO_INSTALL=0`,
//!   a container), the module kept in the repository (`wasm/backoff.wasm`) is
//!   used, but only while its record (`wasm/backoff.wasm.sources`) names the
//!   very sources and flags of the current tree and the kept bytes' hash;
//! - otherwise the build stops with one line naming the rustup command.
//!
//! It never writes into the repository except through [`keep`]. Over 500
//! lines only because its tests, which imitate a machine without the target,
//! sit at the end.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;

use sha2::{Digest, Sha256};

/// The target the module is compiled for.
pub const TARGET: &str = "wasm32-unknown-unknown";
/// The one command that makes a fresh compile possible.
pub const RUSTUP_COMMAND: &str = "rustup target add wasm32-unknown-unknown";
/// The command that refreshes the kept module and its record.
pub const KEEP_COMMAND: &str = "BACKOFF_SITE_KEEP_WASM=1 cargo build";
/// The kept module, relative to the workspace root.
pub const KEPT_MODULE: &str = "wasm/backoff.wasm";
/// The record of the kept module's sources, relative to the workspace root.
pub const KEPT_RECORD: &str = "wasm/backoff.wasm.sources";
/// One of the modules built from the same sources.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind {
    /// The file name in `$OUT_DIR`, and the asset's name before its hash.
    pub file: &'static str,
    /// The kept copy, relative to the workspace root.
    pub kept: &'static str,
    /// The kept copy's record, relative to the workspace root.
    pub record: &'static str,
    /// rustc's flags for this module on top of the shared module flags.
    pub cfg: &'static [&'static str],
}

/// The module every calculator page loads at start: within the 6.5 KiB
/// budget of `tests/suite/budgets.rs`.
pub const BASE: Kind = Kind {
    file: "backoff.wasm",
    kept: KEPT_MODULE,
    record: KEPT_RECORD,
    cfg: &[],
};

/// The distribution export of the independent jitter kinds (the grid
/// convolution) alone, without the base module's functions (see
/// `wasm/src/lib.rs`), fetched by the script when the reader first changes
/// an input with one of those kinds: within the 8 KiB budget of a method
/// module.
pub const GRID: Kind = Kind {
    file: "backoff-grid.wasm",
    kept: "wasm/backoff-grid.wasm",
    record: "wasm/backoff-grid.wasm.sources",
    cfg: &["--cfg", "backoff_grid"],
};

/// The distribution export of the kinds whose delays depend on earlier ones
/// (the Monte Carlo run) alone, fetched when the reader first changes an
/// input with one of those kinds: within the 8 KiB budget of a method
/// module.
pub const MONTE_CARLO: Kind = Kind {
    file: "backoff-monte-carlo.wasm",
    kept: "wasm/backoff-monte-carlo.wasm",
    record: "wasm/backoff-monte-carlo.wasm.sources",
    cfg: &["--cfg", "backoff_monte_carlo"],
};

/// The retry-storm lab's module: the storm model over its contract alone
/// (`wasm/src/storm.rs`), none of the calculator's functions.
pub const STORM: Kind = Kind {
    file: "backoff-storm.wasm",
    kept: "wasm/backoff-storm.wasm",
    record: "wasm/backoff-storm.wasm.sources",
    cfg: &["--cfg", "backoff_storm"],
};

/// Every module, in the order the build prepares them.
pub const KINDS: [Kind; 4] = [BASE, GRID, MONTE_CARLO, STORM];

/// The folders whose `.rs` files make the module, relative to the workspace
/// root.
pub const SOURCE_DIRS: &[&str] = &["core/src", "wasm/src"];

/// The core's crate root and the module's, relative to the workspace root.
const CORE_ROOT: &str = "core/src/lib.rs";
const MODULE_ROOT: &str = "wasm/src/lib.rs";

/// rustc's flags for the core as an rlib for the module. `opt-level=z`, as
/// the module, is measured, not guessed: with rustc 1.95 (before the
/// many-clients export) it gave 3,091 bytes against 3,192 with the core at
/// 2, and 14,505 against 17,169 for the module with the distribution export (then one module for both methods), whose
/// 1,000-retry figures take the same CPU time in Node at both (about 6 ms
/// for the grid, 10 ms for decorrelated jitter). `panic=abort` must match
/// the module's.
const CORE_FLAGS: &[&str] = &[
    "--edition",
    "2024",
    "--target",
    TARGET,
    "--crate-type",
    "rlib",
    "--crate-name",
    "backoff_core",
    "-C",
    "opt-level=z",
    "-C",
    "panic=abort",
];

/// rustc's flags for the module: small (`opt-level=z`, fat LTO over the core
/// and libcore, no unwinding, no symbol names).
const MODULE_FLAGS: &[&str] = &[
    "--edition",
    "2024",
    "--target",
    TARGET,
    "--crate-type",
    "cdylib",
    "--crate-name",
    "backoff_wasm",
    "-C",
    "opt-level=z",
    "-C",
    "lto",
    "-C",
    "panic=abort",
    "-C",
    "strip=symbols",
];

/// The compiler to run, and a sysroot to give it instead of its own.
///
/// `sysroot` exists for tests: a sysroot without the wasm32 target makes the
/// machine look like a fresh one without touching the installed toolchain.
#[derive(Clone, Debug)]
pub struct Compiler {
    pub rustc: PathBuf,
    pub sysroot: Option<PathBuf>,
}

/// Why a fresh compile did not give a module.
#[derive(Debug, PartialEq, Eq)]
pub enum CompileError {
    /// rustc has no `core` for the wasm32 target: the target is not installed.
    TargetMissing,
    /// rustc failed for another reason; its own diagnostics.
    Failed(String),
    /// rustc could not be run, or its output could not be read.
    Io(String),
}

/// A freshly compiled module and what rustc printed while compiling it.
#[derive(Debug)]
pub struct Compiled {
    pub bytes: Vec<u8>,
    /// Warnings from rustc: empty for a clean compile.
    pub warnings: String,
}

/// Compiles the base module from the sources under `root` into `out_dir`
/// (the core's rlib and `backoff.wasm` go there) and returns its bytes.
pub fn compile(root: &Path, compiler: &Compiler, out_dir: &Path) -> Result<Compiled, CompileError> {
    compile_with(root, compiler, out_dir, BASE.cfg)
}

/// [`compile`] with more flags for the module: [`GRID`]'s or
/// [`MONTE_CARLO`]'s `cfg` gives that method module.
pub fn compile_with(
    root: &Path,
    compiler: &Compiler,
    out_dir: &Path,
    module_flags: &[&str],
) -> Result<Compiled, CompileError> {
    let rlib = out_dir.join("libbackoff_core.rlib");
    let module = out_dir.join("backoff.wasm");
    let mut warnings = run_rustc(root, compiler, CORE_FLAGS, &[], &rlib, CORE_ROOT)?;
    let mut extern_arg = std::ffi::OsString::from("backoff_core=");
    extern_arg.push(&rlib);
    warnings += &run_rustc(
        root,
        compiler,
        MODULE_FLAGS,
        &[
            &["--extern".into(), extern_arg][..],
            &module_flags.iter().map(Into::into).collect::<Vec<_>>(),
        ]
        .concat(),
        &module,
        MODULE_ROOT,
    )?;
    let bytes = fs::read(&module)
        .map_err(|err| CompileError::Io(format!("{}: {err}", module.display())))?;
    Ok(Compiled { bytes, warnings })
}

fn run_rustc(
    root: &Path,
    compiler: &Compiler,
    flags: &[&str],
    more: &[std::ffi::OsString],
    output: &Path,
    crate_root: &str,
) -> Result<String, CompileError> {
    let mut command = Command::new(&compiler.rustc);
    command.args(flags).args(more);
    if let Some(sysroot) = &compiler.sysroot {
        command.arg("--sysroot").arg(sysroot);
    }
    command
        .arg("-o")
        .arg(output)
        // A path relative to the workspace root, so that no absolute path of
        // this machine can reach the module.
        .arg(crate_root)
        .current_dir(root)
        // The flags cargo passes to the host build (sanitizers under
        // cargo-fuzz, coverage, target-cpu=native) do not belong in the
        // module, and rustc must not see cargo's view of them either.
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("RUSTFLAGS");
    let out = command.output().map_err(|err| {
        CompileError::Io(format!("could not run {}: {err}", compiler.rustc.display()))
    })?;
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    if out.status.success() {
        return Ok(stderr);
    }
    if stderr.contains("can't find crate for `core`")
        || stderr.contains("target may not be installed")
    {
        Err(CompileError::TargetMissing)
    } else {
        Err(CompileError::Failed(stderr))
    }
}

/// Hex of the SHA-256 of `bytes`.
pub fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .fold(String::with_capacity(64), |mut hex, byte| {
            let _ = write!(hex, "{byte:02x}");
            hex
        })
}

/// The lines of a record that name what the module is compiled from: rustc's
/// flags, then each source file with the SHA-256 of its text, sorted by path.
/// Line endings are read as `\n`, so a checkout with CRLF matches too.
pub fn current_sources(root: &Path) -> io::Result<String> {
    current_sources_of(root, BASE)
}

/// [`current_sources`] for either module: its `flags module` line carries
/// the kind's own flags, so one module's record never stands for the other.
pub fn current_sources_of(root: &Path, kind: Kind) -> io::Result<String> {
    let mut files = Vec::new();
    for dir in SOURCE_DIRS {
        collect_rs_files(&root.join(dir), &mut files)?;
    }
    let mut names: Vec<(String, PathBuf)> = files
        .into_iter()
        .map(|path| {
            let name = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            (name, path)
        })
        .collect();
    names.sort();
    let mut text = format!(
        "flags core {}\nflags module {}\n",
        CORE_FLAGS.join(" "),
        [MODULE_FLAGS, kind.cfg].concat().join(" ")
    );
    for (name, path) in names {
        let bytes = fs::read(&path)
            .map_err(|err| io::Error::new(err.kind(), format!("{}: {err}", path.display())))?;
        let text_lf = String::from_utf8_lossy(&bytes).replace("\r\n", "\n");
        let _ = writeln!(text, "source {name} {}", sha256(text_lf.as_bytes()));
    }
    Ok(text)
}

fn collect_rs_files(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    let entries = fs::read_dir(dir)
        .map_err(|err| io::Error::new(err.kind(), format!("{}: {err}", dir.display())))?;
    for entry in entries {
        let path = entry?.path();
        if path.is_dir() {
            collect_rs_files(&path, out)?;
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
    Ok(())
}

/// The full text of a record: a header, the source lines, the compiler that
/// made the module (for the reader and the tests; a different compiler does
/// not make a kept module stale) and the module's own hash and size.
pub fn record_text(kind: Kind, sources: &str, rustc_version: &str, module: &[u8]) -> String {
    format!(
        "# The sources {} was compiled from, and the flags.\n\
         # Where the {TARGET} target is missing, build.rs uses the kept module\n\
         # only while every `flags` and `source` line matches the tree and the\n\
         # `module` line matches the kept bytes. Refresh both files with\n\
         #     {KEEP_COMMAND}\n\
         {sources}\
         rustc {rustc_version}\n\
         module {} {} bytes\n",
        kind.kept,
        sha256(module),
        module.len()
    )
}

/// The `flags` and `source` lines of a record.
fn source_lines(record: &str) -> String {
    record
        .lines()
        .filter(|line| line.starts_with("flags ") || line.starts_with("source "))
        .map(|line| format!("{line}\n"))
        .collect()
}

/// The compiler line of a record (`rustc 1.95.0 (…)`), if any.
pub fn recorded_rustc(record: &str) -> Option<&str> {
    record.lines().find_map(|line| line.strip_prefix("rustc "))
}

/// Why a kept module does not stand for the current sources, in a few words
/// that fit in one line (the files that changed, or what is missing), or
/// `None` when it does.
pub fn kept_mismatch(sources: &str, record: &str, module: &[u8]) -> Option<String> {
    kept_mismatch_of(BASE, sources, record, module)
}

/// [`kept_mismatch`] for either module.
pub fn kept_mismatch_of(kind: Kind, sources: &str, record: &str, module: &[u8]) -> Option<String> {
    let recorded = source_lines(record);
    if recorded != sources {
        let now: BTreeSet<&str> = sources.lines().collect();
        let then: BTreeSet<&str> = recorded.lines().collect();
        // A line in one and not the other names a file (or a set of flags)
        // that was added, removed or edited.
        let changed: BTreeSet<String> = now
            .symmetric_difference(&then)
            .map(|line| match line.split(' ').collect::<Vec<_>>()[..] {
                ["source", path, ..] => path.to_owned(),
                ["flags", which, ..] => format!("the {which} flags"),
                _ => (*line).to_owned(),
            })
            .collect();
        let changed: Vec<String> = changed.into_iter().collect();
        return Some(format!("changed since it was kept: {}", changed.join(", ")));
    }
    let want = format!("module {} {} bytes", sha256(module), module.len());
    if !record.lines().any(|line| line == want) {
        return Some(format!("{} does not match its record", kind.kept));
    }
    None
}

/// Where a module came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Compiled by this build.
    Fresh,
    /// The copy kept in the repository.
    Kept,
}

/// The module a build embeds.
#[derive(Debug)]
pub struct Module {
    pub bytes: Vec<u8>,
    pub origin: Origin,
    /// rustc's warnings, line by line: empty for a clean compile.
    pub warnings: Vec<String>,
    /// Why the kept copy no longer stands for the sources, when a fresh
    /// module was compiled and the kept one is stale.
    pub stale: Option<String>,
}

/// Gets the module for the workspace at `root`: compiled afresh into
/// `out_dir` where the target is there, else the kept copy while its record
/// matches the sources. The error is one line, or rustc's own diagnostics.
pub fn prepare(root: &Path, compiler: &Compiler, out_dir: &Path) -> Result<Module, String> {
    prepare_of(root, compiler, out_dir, BASE)
}

/// [`prepare`] for either module.
pub fn prepare_of(
    root: &Path,
    compiler: &Compiler,
    out_dir: &Path,
    kind: Kind,
) -> Result<Module, String> {
    let sources = current_sources_of(root, kind).map_err(|err| format!("error: {err}"))?;
    let kept = fs::read(root.join(kind.kept)).ok();
    let record = fs::read_to_string(root.join(kind.record)).ok();
    let mismatch = match (&kept, &record) {
        (Some(module), Some(record)) => kept_mismatch_of(kind, &sources, record, module),
        _ => Some(format!("{} or {} is missing", kind.kept, kind.record)),
    };
    match compile_with(root, compiler, out_dir, kind.cfg) {
        Ok(compiled) => {
            let warnings = compiled
                .warnings
                .lines()
                .filter(|line| !line.trim().is_empty())
                .map(str::to_owned)
                .collect();
            Ok(Module {
                bytes: compiled.bytes,
                origin: Origin::Fresh,
                warnings,
                stale: mismatch,
            })
        }
        Err(CompileError::TargetMissing) => match (kept, mismatch) {
            (Some(bytes), None) => Ok(Module {
                bytes,
                origin: Origin::Kept,
                warnings: Vec::new(),
                stale: None,
            }),
            (_, why) => Err(format!(
                "error: the {TARGET} target is missing and {} cannot stand in ({}); run: {RUSTUP_COMMAND}",
                kind.kept,
                why.unwrap_or_default()
            )),
        },
        Err(CompileError::Failed(stderr)) => Err(stderr),
        Err(CompileError::Io(err)) => Err(format!("error: {err}")),
    }
}

/// The version line of `rustc` (`rustc 1.95.0 (59807616e 2026-04-14)`).
pub fn rustc_version(rustc: &Path) -> io::Result<String> {
    let out = Command::new(rustc).arg("-V").output()?;
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

/// Writes `module` as the kept copy of `kind` in the workspace at `root`,
/// with its record. Only for a module [`prepare_of`] compiled afresh from
/// these sources.
pub fn keep(root: &Path, kind: Kind, module: &[u8], rustc_version: &str) -> io::Result<()> {
    let sources = current_sources_of(root, kind)?;
    fs::write(root.join(kind.kept), module)?;
    fs::write(
        root.join(kind.record),
        record_text(kind, &sources, rustc_version, module),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The workspace this crate belongs to: the real sources and kept module.
    fn workspace() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    /// A copy of what `prepare` reads (the sources, the kept module and its
    /// record), to edit without touching the repository.
    fn copy_of_workspace() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let mut files = Vec::new();
        for source_dir in SOURCE_DIRS {
            collect_rs_files(&workspace().join(source_dir), &mut files).unwrap();
        }
        let names = files
            .iter()
            .map(|path| path.strip_prefix(workspace()).unwrap().to_path_buf());
        let kept = KINDS.iter().flat_map(|k| [k.kept, k.record]);
        for name in names.chain(kept.map(PathBuf::from)) {
            let to = dir.path().join(&name);
            fs::create_dir_all(to.parent().unwrap()).unwrap();
            fs::copy(workspace().join(&name), to).unwrap();
        }
        dir
    }

    fn rustc() -> PathBuf {
        PathBuf::from(std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into()))
    }

    /// A compiler whose sysroot has no libcore for wasm32, as on a machine
    /// where the target was never installed.
    fn without_target(sysroot: &Path) -> Compiler {
        Compiler {
            rustc: rustc(),
            sysroot: Some(sysroot.to_path_buf()),
        }
    }

    fn append(path: &Path, text: &str) {
        let mut bytes = fs::read(path).unwrap();
        bytes.extend_from_slice(text.as_bytes());
        fs::write(path, bytes).unwrap();
    }

    #[test]
    fn the_record_names_every_source_file_and_both_sets_of_flags() {
        let sources = current_sources(&workspace()).unwrap();
        let names: Vec<String> = sources
            .lines()
            .map(|line| line.split(' ').take(2).collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(names[..2], ["flags core", "flags module"]);
        for name in ["source core/src/lib.rs", "source wasm/src/lib.rs"] {
            assert!(names.iter().any(|n| n == name), "{name} in {sources}");
        }
        let mut files = Vec::new();
        for dir in SOURCE_DIRS {
            collect_rs_files(&workspace().join(dir), &mut files).unwrap();
        }
        assert_eq!(names.len(), 2 + files.len(), "{sources}");
        // CRLF line endings (a Windows checkout) hash like LF.
        let dir = copy_of_workspace();
        let lib = dir.path().join(CORE_ROOT);
        let text = fs::read_to_string(&lib).unwrap();
        fs::write(&lib, text.replace('\n', "\r\n")).unwrap();
        assert_eq!(current_sources(dir.path()).unwrap(), sources);
    }

    #[test]
    fn without_the_target_the_kept_module_is_used_while_it_matches() {
        let dir = copy_of_workspace();
        let out = tempfile::tempdir().unwrap();
        let module = prepare(dir.path(), &without_target(out.path()), out.path())
            .unwrap_or_else(|err| panic!("{err}"));
        assert_eq!(module.origin, Origin::Kept);
        assert_eq!(
            module.bytes,
            fs::read(dir.path().join(KEPT_MODULE)).unwrap()
        );
    }

    #[test]
    fn each_method_module_has_its_own_record_and_its_kept_copy_stands_in_too() {
        for (kind, cfg) in [(GRID, "backoff_grid"), (MONTE_CARLO, "backoff_monte_carlo")] {
            let sources = current_sources_of(&workspace(), kind).unwrap();
            assert!(
                sources.contains(&format!("-C strip=symbols --cfg {cfg}\n")),
                "{sources}"
            );
            // Another module's record never stands for this one.
            let bytes = fs::read(workspace().join(kind.kept)).unwrap();
            for other in KINDS.iter().filter(|k| **k != kind) {
                let record = fs::read_to_string(workspace().join(other.record)).unwrap();
                assert_eq!(
                    kept_mismatch_of(kind, &sources, &record, &bytes).as_deref(),
                    Some("changed since it was kept: the module flags"),
                    "{} for {}",
                    other.record,
                    kind.kept
                );
            }
            let dir = copy_of_workspace();
            let out = tempfile::tempdir().unwrap();
            let module = prepare_of(dir.path(), &without_target(out.path()), out.path(), kind)
                .unwrap_or_else(|err| panic!("{err}"));
            assert_eq!(module.origin, Origin::Kept);
            assert_eq!(module.bytes, bytes);
            // Without its record, it cannot stand in, and the error names it.
            fs::remove_file(dir.path().join(kind.record)).unwrap();
            let err =
                prepare_of(dir.path(), &without_target(out.path()), out.path(), kind).unwrap_err();
            assert!(
                err.contains(&format!("{} cannot stand in", kind.kept)),
                "{err}"
            );
        }
    }

    #[test]
    fn without_the_target_a_changed_core_stops_with_one_line_naming_rustup() {
        let dir = copy_of_workspace();
        append(&dir.path().join(CORE_ROOT), "\n// a change\n");
        let out = tempfile::tempdir().unwrap();
        let err = prepare(dir.path(), &without_target(out.path()), out.path()).unwrap_err();
        assert_eq!(
            err,
            "error: the wasm32-unknown-unknown target is missing and wasm/backoff.wasm \
             cannot stand in (changed since it was kept: core/src/lib.rs); \
             run: rustup target add wasm32-unknown-unknown"
        );
    }

    #[test]
    fn without_the_target_changed_flags_or_module_bytes_are_refused_too() {
        let out = tempfile::tempdir().unwrap();
        let dir = copy_of_workspace();
        let record = dir.path().join(KEPT_RECORD);
        let text = fs::read_to_string(&record).unwrap();
        // The module's line only: the core's is at opt-level z too.
        let module_flags = "backoff_wasm -C opt-level=z";
        assert!(text.contains(module_flags));
        let changed = text.replace(module_flags, "backoff_wasm -C opt-level=s");
        fs::write(&record, changed).unwrap();
        let err = prepare(dir.path(), &without_target(out.path()), out.path()).unwrap_err();
        assert!(
            err.contains("(changed since it was kept: the module flags)"),
            "{err}"
        );

        let dir = copy_of_workspace();
        append(&dir.path().join(KEPT_MODULE), "\0");
        let err = prepare(dir.path(), &without_target(out.path()), out.path()).unwrap_err();
        assert!(
            err.contains("(wasm/backoff.wasm does not match its record)"),
            "{err}"
        );

        let dir = copy_of_workspace();
        fs::remove_file(dir.path().join(KEPT_RECORD)).unwrap();
        let err = prepare(dir.path(), &without_target(out.path()), out.path()).unwrap_err();
        assert!(err.contains("is missing"), "{err}");
        assert!(
            err.ends_with(RUSTUP_COMMAND) && !err.contains('\n'),
            "{err}"
        );
    }

    #[test]
    fn with_the_target_the_module_is_compiled_afresh_and_a_stale_copy_reported() {
        let dir = copy_of_workspace();
        append(&dir.path().join(MODULE_ROOT), "\n// a change\n");
        let out = tempfile::tempdir().unwrap();
        let compiler = Compiler {
            rustc: rustc(),
            sysroot: None,
        };
        match prepare(dir.path(), &compiler, out.path()) {
            Ok(module) => {
                assert_eq!(module.origin, Origin::Fresh);
                assert!(module.bytes.starts_with(b"\0asm"));
                assert_eq!(
                    module.stale.as_deref(),
                    Some("changed since it was kept: wasm/src/lib.rs")
                );
                // Nothing was written into the (copied) repository.
                assert_eq!(
                    fs::read(dir.path().join(KEPT_MODULE)).unwrap(),
                    fs::read(workspace().join(KEPT_MODULE)).unwrap()
                );
            }
            Err(err) if err.contains(RUSTUP_COMMAND) => {
                eprintln!("skipped: this machine has no {TARGET} target");
            }
            Err(err) => panic!("{err}"),
        }
    }
}
