//! The command line: `build`, `schedule` (with `--preset`), `simulate`, `storm`, and the tools for
//! translators and authors. Each subcommand parses its flags here and hands
//! over to the library; errors are reported here, once, with their context.
//!
//! The policy `schedule`'s flags make, and the flag each error names, are
//! the library's (`schedule_flags`): this file only declares the flags,
//! calls the library and prints. Over 500 lines: the flags of seven
//! subcommands with their help texts, which clap's derive declares here.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::builder::PossibleValuesParser;
use clap::{Parser, Subcommand, ValueEnum};

use std::path::PathBuf;

use backoff_site::backoff::contention::{Model, Strategy};
use backoff_site::backoff::dist::Limits;
use backoff_site::backoff::{Policy, Schedule};
use backoff_site::diagnostics::Diagnostics;
use backoff_site::presets;
use backoff_site::report::{self, Distribution, Unit};
use backoff_site::simulation::{self, Experiment, ExperimentError};
use backoff_site::site::{self, BuildOptions};
use backoff_site::{schedule_flags, snippets};

/// Rendering thousands of pages is mostly many small allocations on two or
/// more threads at once, which mimalloc serves markedly faster than the
/// system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "backoff-site", version, about, arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Build the site into the output folder.
    Build(BuildArgs),
    /// Check content and translations without writing anything.
    Check(CheckArgs),
    /// Show, per language, translated, missing and stale messages.
    Status(StatusArgs),
    /// Build, serve on 127.0.0.1, and rebuild and reload on every save.
    Serve(ServeArgs),
    /// Print the retry schedule of a policy as JSON (or as a table).
    Schedule(ScheduleArgs),
    /// Run the contention experiment (many clients, one row) and print its
    /// results as JSON (or as a table).
    Simulate(SimulateArgs),
    /// Run the retry-storm model (clients, a server whose latency grows
    /// with its load, timeouts and retries) and print each second's
    /// figures, the totals and the verdict after a spike as JSON (or as a
    /// table). Every time is in seconds; the defaults are Brooker's spike.
    Storm(StormArgs),
}

#[derive(clap::Args)]
struct BuildArgs {
    /// The output folder; replaced as a whole only when the build succeeds.
    ///
    /// It must be new, empty, or an earlier output of this build holding
    /// nothing else (listed in `.<name>.manifest` beside it). Refused: a
    /// symbolic link, a version-control folder or anything in one, the
    /// project or a folder holding it, the project's own folders, and
    /// anything deeper inside the project than its top level except under
    /// `target/`.
    #[arg(long, default_value = "dist")]
    out: PathBuf,
    /// The project folder holding site.toml, content/, locales/ and static/.
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// Use the reference language's text for messages a language lacks,
    /// with a warning for each, instead of failing.
    #[arg(long)]
    allow_missing: bool,
    /// Render every page, keeping none unchanged from the last output
    /// (a repeated build keeps the pages whose files and inputs are as
    /// the last build recorded in `.<name>.pages` beside the output).
    #[arg(long)]
    clean: bool,
    /// Fail on warnings too (typography, glossary, …): the output is left
    /// as it was.
    #[arg(long)]
    deny_warnings: bool,
}

#[derive(clap::Args)]
struct CheckArgs {
    /// The project folder holding site.toml, content/, locales/ and static/.
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// Fail on warnings too.
    #[arg(long)]
    deny_warnings: bool,
}

#[derive(clap::Args)]
struct StatusArgs {
    /// The project folder holding site.toml, content/ and locales/.
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// The output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
}

#[derive(clap::Args)]
struct ServeArgs {
    /// The project folder holding site.toml, content/, locales/ and static/.
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// The preview folder (not `dist/`: its links point at this server).
    #[arg(long, default_value = "target/serve")]
    out: PathBuf,
    /// The port; 0 picks a free one.
    #[arg(long, default_value_t = 8000)]
    port: u16,
    /// The address to listen on; give another interface only on purpose.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Use the reference language's text for missing messages.
    #[arg(long)]
    allow_missing: bool,
}

#[derive(clap::Args)]
struct ScheduleArgs {
    #[command(flatten)]
    policy: schedule_flags::Flags,
    /// The unit of every figure; it only labels the output.
    #[arg(long, value_enum, default_value_t = UnitArg::Ms)]
    unit: UnitArg,
    /// The output format [default: json; table for `--preset list`].
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Prints the policy as configuration for a library instead, as the
    /// calculator's "as code" part writes it without its comments; what
    /// differs from the schedule goes to stderr, one code a line.
    #[arg(long, value_name = "LIBRARY", value_parser = PossibleValuesParser::new(snippets::Library::ALL.map(|l| l.id())))]
    as_code: Option<String>,
}

#[derive(clap::Args)]
struct SimulateArgs {
    /// Client counts, comma-separated (each 1 to 10,000).
    #[arg(long, value_delimiter = ',', allow_hyphen_values = true,
          default_values_t = simulation::DEFAULT_CLIENTS)]
    clients: Vec<u32>,
    /// Runs per strategy and client count (1 to 10,000).
    #[arg(long, allow_hyphen_values = true, default_value_t = simulation::DEFAULT_RUNS)]
    runs: u32,
    /// The seed of every random draw (0 to 2^64 - 1).
    #[arg(long, allow_hyphen_values = true, default_value_t = simulation::DEFAULT_SEED)]
    seed: u64,
    /// A strategy to simulate; repeat the flag for several. Default: all five.
    #[arg(long = "strategy", value_enum)]
    strategies: Vec<StrategyArg>,
    /// The base delay in ms (> 0); the first sleep is base × multiplier.
    #[arg(long, allow_hyphen_values = true, default_value_t = Model::AWS.base_ms)]
    base: f64,
    /// The largest sleep in ms (> 0).
    #[arg(long, allow_hyphen_values = true, default_value_t = Model::AWS.cap_ms)]
    max: f64,
    /// The growth of the exponential kinds per failure (>= 1).
    #[arg(long, allow_hyphen_values = true, default_value_t = Model::AWS.multiplier)]
    multiplier: f64,
    /// The output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
}

#[derive(clap::Args)]
struct StormArgs {
    /// The workload: a constant rate, a ramp up to a peak and down again,
    /// or a spike.
    #[arg(long, value_enum, default_value_t = WorkloadArg::Spike)]
    workload: WorkloadArg,
    /// Requests a second: the constant rate, or the rate outside the spike.
    #[arg(long, allow_hyphen_values = true, default_value_t = 40.0)]
    rate: f64,
    /// The spike's rate, or the ramp's at its peak.
    #[arg(long, allow_hyphen_values = true, default_value_t = 80.0)]
    peak: f64,
    /// When the spike starts, or the ramp peaks (s).
    #[arg(long, allow_hyphen_values = true, default_value_t = 20.0)]
    at: f64,
    /// How long the spike lasts (s).
    #[arg(long, allow_hyphen_values = true, default_value_t = 5.0)]
    length: f64,
    /// How fast the ramp climbs and falls: requests a second, each second.
    #[arg(long, allow_hyphen_values = true, default_value_t = 1.6)]
    slope: f64,
    /// The time simulated (s).
    #[arg(long, allow_hyphen_values = true, default_value_t = 80.0)]
    duration: f64,
    /// No new request after this time (s); the default is the duration.
    #[arg(long, allow_hyphen_values = true)]
    until: Option<f64>,
    /// The clients sharing the rate, each with its own budget or breaker.
    #[arg(long, allow_hyphen_values = true, default_value_t = 1)]
    clients: u32,
    /// Each client waits for its request to end before the next (a closed
    /// system); by default new requests come whatever happens (open).
    #[arg(long)]
    closed: bool,
    /// The server's time for an attempt alone (s).
    #[arg(long, allow_hyphen_values = true, default_value_t = 1.0)]
    server_time: f64,
    /// What each attempt in progress adds to the server's time (s).
    #[arg(long, allow_hyphen_values = true, default_value_t = 0.01)]
    server_slope: f64,
    /// The most attempts the server takes at once; the others wait in its
    /// queue.
    #[arg(long, allow_hyphen_values = true)]
    limit: Option<u32>,
    /// The queue's places, with --limit; an attempt that finds it full is
    /// refused at once.
    #[arg(
        long,
        allow_hyphen_values = true,
        default_value_t = 0,
        requires = "limit"
    )]
    queue: u32,
    /// The share of attempts the server fails at once, whatever its load.
    #[arg(long, allow_hyphen_values = true, default_value_t = 0.0)]
    server_failure_rate: f64,
    /// The mean of the network's delay each way (s; exponential).
    #[arg(long, allow_hyphen_values = true, default_value_t = 0.1)]
    network: f64,
    /// The client's timeout for each attempt (s).
    #[arg(long, allow_hyphen_values = true, default_value_t = 3.0)]
    timeout: f64,
    /// Retries a request makes at most; without a backoff flag each is
    /// sent the moment its attempt fails (0 to 1000; default 2, or the
    /// preset's).
    #[arg(long, allow_hyphen_values = true)]
    retries: Option<i64>,
    /// A library's retry policy (as `schedule --preset`; its delays in
    /// seconds here) and, unless --budget says otherwise, its retry budget.
    #[arg(long)]
    preset: Option<String>,
    /// The backoff's first delay (s); with --multiplier, the policy's delays
    /// wait before each retry.
    #[arg(long, allow_hyphen_values = true, requires = "multiplier")]
    base: Option<f64>,
    /// The backoff's growth between delays (>= 1).
    #[arg(long, allow_hyphen_values = true, requires = "base")]
    multiplier: Option<f64>,
    /// The backoff's largest delay (s).
    #[arg(long, allow_hyphen_values = true)]
    max: Option<f64>,
    /// The backoff's jitter, as `schedule --jitter`.
    #[arg(long, value_parser = PossibleValuesParser::new(backoff_site::backoff::Jitter::NAMES))]
    jitter: Option<String>,
    /// The jitter's factor, for the kinds that take one.
    #[arg(long, allow_hyphen_values = true)]
    jitter_factor: Option<f64>,
    /// A retry budget, each client its own, by its library's rule: `none`
    /// or a name (the preset's budget by default).
    #[arg(long, value_parser = PossibleValuesParser::new(backoff_site::storm::guard_names()),
          conflicts_with_all = ["breaker", "bucket"])]
    budget: Option<String>,
    /// Brooker's circuit breaker: no retry while a client's failed attempts
    /// per request, since it started, are above this ratio.
    #[arg(long, allow_hyphen_values = true, conflicts_with = "bucket")]
    breaker: Option<f64>,
    /// Brooker's adaptive token bucket, `FILL,SIZE`: a retry takes a token
    /// while more than 1 is left; each request adds FILL, up to SIZE.
    #[arg(long, allow_hyphen_values = true, value_delimiter = ',', num_args = 1)]
    bucket: Option<Vec<f64>>,
    /// Services in a row, each calling the one below with the same timeout
    /// and retries, the server at the bottom (1 to 10; the guard is the
    /// top's).
    #[arg(long, allow_hyphen_values = true, default_value_t = 1)]
    layers: u32,
    /// Runs, averaged (1 to 1000); run i draws from seed + i.
    #[arg(long, allow_hyphen_values = true, default_value_t = 10)]
    runs: u32,
    /// The seed of the first run (0 to 2^64 - 1).
    #[arg(long, allow_hyphen_values = true, default_value_t = 0)]
    seed: u64,
    /// The output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
}

#[derive(Clone, Copy, ValueEnum)]
enum WorkloadArg {
    Constant,
    Ramp,
    Spike,
}

#[derive(Clone, Copy, ValueEnum)]
enum StrategyArg {
    None,
    Exponential,
    Equal,
    Full,
    Decorrelated,
}

#[derive(Clone, Copy, ValueEnum)]
enum UnitArg {
    Ms,
    S,
    Units,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Json,
    Table,
}

/// Exit code for bad command-line arguments, as clap uses.
const USAGE_ERROR: u8 = 2;

/// The long flag that takes a value but is followed by another flag, as in
/// `--base --multiplier 2`: clap, told that numbers may start with `-`,
/// would take `--multiplier` for the value and then complain about `2`.
/// Returns the flag and what follows it.
fn flag_missing_its_value(args: &[String]) -> Option<(String, String)> {
    let command = <Cli as clap::CommandFactory>::command();
    let subcommand = command.find_subcommand(args.get(1)?)?;
    args.windows(2).skip(2).find_map(|pair| {
        let name = pair[0].strip_prefix("--")?;
        let takes_value = subcommand
            .get_arguments()
            .any(|a| a.get_long() == Some(name) && a.get_action().takes_values());
        (takes_value && pair[1].starts_with("--")).then(|| (pair[0].clone(), pair[1].clone()))
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if let Some((flag, next)) = flag_missing_its_value(&args) {
        eprintln!("error: `{flag}` needs a value, but it is followed by `{next}`");
        return ExitCode::from(USAGE_ERROR);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) if !err.use_stderr() => {
            // --help and --version.
            let _ = err.print();
            return ExitCode::SUCCESS;
        }
        Err(err)
            if err.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand =>
        {
            // `backoff-site` alone: the help is the answer.
            let _ = err.print();
            return ExitCode::from(USAGE_ERROR);
        }
        Err(err) => {
            // clap's message runs over several lines, the usage after a blank
            // line; one line that names the flag and the problem is all a
            // script needs.
            let rendered = err.render().to_string();
            let message: Vec<&str> = rendered
                .lines()
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect();
            eprintln!("{}", message.join(" "));
            return ExitCode::from(USAGE_ERROR);
        }
    };
    match cli.command {
        Command::Build(args) => build(args),
        Command::Check(args) => check(args),
        Command::Status(args) => status(args),
        Command::Serve(args) => {
            let options = backoff_site::serve::ServeOptions {
                root: args.root,
                out: args.out,
                host: args.host,
                port: args.port,
                allow_missing: args.allow_missing,
            };
            match backoff_site::serve::serve(options) {
                Ok(()) => ExitCode::SUCCESS,
                Err(err) => {
                    eprintln!("error: cannot serve: {err}");
                    ExitCode::from(SITE_ERROR)
                }
            }
        }
        Command::Schedule(args) => schedule(args),
        Command::Simulate(args) => simulate(args),
        Command::Storm(args) => storm(args),
    }
}

/// Exit code for a site with errors.
const SITE_ERROR: u8 = 1;

fn build(args: BuildArgs) -> ExitCode {
    // Warnings are known only once every page is rendered, after which the
    // build commits; so a denying build checks first, writing nothing.
    if args.deny_warnings {
        let diagnostics = site::check(&args.root);
        if !diagnostics.is_empty() {
            for diagnostic in &diagnostics {
                eprintln!("{}\n", diagnostic.render(stderr_color()));
            }
            eprintln!(
                "the build stopped (--deny-warnings); {} is unchanged",
                args.out.display()
            );
            return ExitCode::from(SITE_ERROR);
        }
    }
    let options = BuildOptions {
        root: args.root,
        out: args.out,
        allow_missing: args.allow_missing,
        base_url: None,
        clean: args.clean,
    };
    match site::build(&options) {
        Ok(summary) => {
            for warning in &summary.warnings {
                eprintln!("{}\n", warning.render(stderr_color()));
            }
            // The contention experiment is the build's largest single piece
            // of work: its share is stated.
            let simulation = summary
                .simulation_millis
                .map(|ms| format!(" (simulation {ms} ms)"))
                .unwrap_or_default();
            let kept = match summary.kept {
                0 => String::new(),
                kept => format!(", {kept} unchanged"),
            };
            println!(
                "built {} pages ({} files, {} bytes{kept}) into {} in {} ms{simulation}",
                summary.pages,
                summary.files,
                summary.bytes,
                options.out.display(),
                summary.millis
            );
            ExitCode::SUCCESS
        }
        Err(failed) => {
            for diagnostic in &failed.diagnostics {
                eprintln!("{}\n", diagnostic.render(stderr_color()));
            }
            eprintln!("the build stopped; {} is unchanged", options.out.display());
            ExitCode::from(SITE_ERROR)
        }
    }
}

/// Writes a command's output. A reader that went away (`| head`) is not an
/// error worth a panic; other write errors are reported.
fn write_stdout(text: &str) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: cannot write the output: {err}");
            ExitCode::from(SITE_ERROR)
        }
    }
}

/// Whether diagnostics on stderr may be coloured.
fn stderr_color() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

fn check(args: CheckArgs) -> ExitCode {
    let diagnostics = site::check(&args.root);
    let color = stderr_color();
    for diagnostic in &diagnostics {
        eprintln!("{}\n", diagnostic.render(color));
    }
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = diagnostics.len() - errors;
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    eprintln!(
        "{}, {}",
        plural(errors, "error"),
        plural(warnings, "warning")
    );
    if errors > 0 || (args.deny_warnings && warnings > 0) {
        ExitCode::from(SITE_ERROR)
    } else {
        ExitCode::SUCCESS
    }
}

fn status(args: StatusArgs) -> ExitCode {
    let mut diagnostics = Diagnostics::default();
    let Some(site) = site::load(&args.root, true, &mut diagnostics) else {
        for diagnostic in diagnostics.sorted() {
            eprintln!("{}\n", diagnostic.render(stderr_color()));
        }
        return ExitCode::from(SITE_ERROR);
    };
    let rows = site::check::status::status(&site);
    match args.format {
        Format::Json => write_stdout(&format!(
            "{}\n",
            serde_json::to_string_pretty(&rows).expect("plain data")
        )),
        Format::Table => write_stdout(&site::check::status::to_table(&rows)),
    }
}

fn schedule(args: ScheduleArgs) -> ExitCode {
    if args.policy.preset.as_deref() == Some("list") {
        return preset_list(args.format.unwrap_or(Format::Table));
    }
    let unit = match args.unit {
        UnitArg::Ms => Unit::Ms,
        UnitArg::S => Unit::S,
        UnitArg::Units => Unit::Units,
    };
    let flags = &args.policy;
    let limits = Limits {
        timeout: flags.timeout,
        deadline: flags.deadline,
    };
    let count = match schedule_flags::count(flags, unit) {
        Ok(count) => count,
        Err(line) => {
            eprintln!("error: {line}");
            return ExitCode::from(USAGE_ERROR);
        }
    };
    match schedule_flags::policy(flags, unit)
        .and_then(|p| {
            Schedule::new(p)
                .map_err(|e| schedule_flags::policy_error_line(e, p.max_delay.is_some()))
        })
        .and_then(|schedule| {
            // The curve, if asked for, from the method's one run.
            let figures = if flags.curve {
                Distribution::new_with_curve(&schedule, limits)
            } else {
                Distribution::new(&schedule, limits)
            };
            figures
                .map(|figures| (schedule, figures))
                .map_err(|e| schedule_flags::dist_error_line(e, flags))
        })
        .and_then(|(schedule, figures)| match flags.fit_deadline {
            Some(deadline) => figures
                .with_fit(&schedule, flags.timeout, deadline)
                .map(|figures| (schedule, figures))
                .map_err(|e| schedule_flags::fit_error_line(e, flags)),
            None => Ok((schedule, figures)),
        })
        .and_then(|(schedule, figures)| match flags.failure_rate {
            Some(rate) => {
                // Beyond `u32`, still a count the core refuses by its rule.
                let layers = flags.layers.unwrap_or(1).clamp(0, i64::from(u32::MAX)) as u32;
                figures
                    .with_cost(&schedule, rate, layers, schedule_flags::budget(flags))
                    .map(|figures| (schedule, figures))
                    .map_err(schedule_flags::cost_error_line)
            }
            None => Ok((schedule, figures)),
        })
        .and_then(|(schedule, figures)| match flags.sample {
            Some(seed) if seed > report::MAX_SAMPLE_SEED => Err(format!(
                "--sample: the seed must be a whole number from 0 to {}",
                report::MAX_SAMPLE_SEED
            )),
            Some(seed) => figures
                .with_sample(&schedule, seed)
                .map(|figures| (schedule, figures))
                .map_err(|e| schedule_flags::dist_error_line(e, flags)),
            None => Ok((schedule, figures)),
        }) {
        Ok((schedule, figures)) => {
            if let Some(library) = args.as_code.as_deref().and_then(snippets::Library::from_id) {
                return as_code(library, &schedule.policy(), unit);
            }
            match args.format.unwrap_or(Format::Json) {
                Format::Json
                    if schedule_flags::wants_distribution(flags, schedule.policy().jitter) =>
                {
                    write_stdout(&format!(
                        "{}\n",
                        report::to_json_with(&schedule, &figures, unit, count)
                    ))
                }
                Format::Json => {
                    write_stdout(&format!("{}\n", report::to_json(&schedule, unit, count)))
                }
                Format::Table => write_stdout(&report::to_table(&schedule, &figures, unit)),
            }
        }
        Err(line) => {
            eprintln!("error: {line}");
            ExitCode::from(USAGE_ERROR)
        }
    }
}

/// `schedule --as-code LIBRARY`: the snippet's code alone on stdout, the
/// codes of what differs on stderr.
fn as_code(library: snippets::Library, policy: &Policy, unit: Unit) -> ExitCode {
    let none = snippets::Comments {
        policy: "",
        differs: "",
    };
    let ms = backoff_site::site::sections::calculator::as_code::in_milliseconds(policy, unit);
    let snippet = snippets::snippet(library, &ms, &none);
    for difference in &snippet.differences {
        eprintln!("differs: {}", difference.code.name());
    }
    write_stdout(&snippet.code)
}

/// `schedule --preset list`: the presets, grouped, with their versions.
fn preset_list(format: Format) -> ExitCode {
    match presets::embedded() {
        Ok(all) => match format {
            Format::Json => write_stdout(&format!("{}\n", presets::list_json(&all))),
            Format::Table => write_stdout(&presets::list_table(&all)),
        },
        Err(problems) => preset_file_broken(&problems),
    }
}

/// The compiled-in presets file does not parse: only possible in a binary
/// built from a file edited since its tests ran. Its diagnostics say where.
fn preset_file_broken(problems: &[backoff_site::diagnostics::Diagnostic]) -> ExitCode {
    for diagnostic in problems {
        eprintln!("{}\n", diagnostic.render(stderr_color()));
    }
    ExitCode::from(SITE_ERROR)
}

fn simulate(args: SimulateArgs) -> ExitCode {
    let strategies = if args.strategies.is_empty() {
        Strategy::ALL.to_vec()
    } else {
        let by_name = |s: StrategyArg| match s {
            StrategyArg::None => Strategy::None,
            StrategyArg::Exponential => Strategy::Exponential,
            StrategyArg::Equal => Strategy::Equal,
            StrategyArg::Full => Strategy::Full,
            StrategyArg::Decorrelated => Strategy::Decorrelated,
        };
        args.strategies.iter().map(|&s| by_name(s)).collect()
    };
    let experiment = Experiment {
        model: Model {
            base_ms: args.base,
            cap_ms: args.max,
            multiplier: args.multiplier,
            ..Model::AWS
        },
        strategies,
        clients: args.clients,
        runs: args.runs,
        seed: args.seed,
    };
    if let Err(err) = experiment.validate() {
        eprintln!("error: {}: {err}", experiment_flag(&err));
        return ExitCode::from(USAGE_ERROR);
    }
    match experiment.run() {
        Ok(results) => match args.format {
            Format::Json => {
                write_stdout(&format!("{}\n", simulation::to_json(&experiment, &results)))
            }
            Format::Table => write_stdout(&simulation::to_table(&experiment, &results)),
        },
        // A case that stops is not a usage error: the flags were valid.
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::from(SITE_ERROR)
        }
    }
}

/// The flag behind a refused experiment.
fn experiment_flag(err: &ExperimentError) -> &'static str {
    match err {
        ExperimentError::Strategies { .. } => "--strategy",
        ExperimentError::Clients { .. } => "--clients",
        ExperimentError::Runs { .. } => "--runs",
        ExperimentError::Work { .. } => "--clients/--runs/--strategy",
        ExperimentError::Model { field, .. } => match *field {
            "base_ms" => "--base",
            "cap_ms" => "--max",
            "multiplier" => "--multiplier",
            // The other fields have no flag: they are the post's.
            _ => "--base",
        },
        ExperimentError::Case { .. } => "--clients",
    }
}

fn storm(args: StormArgs) -> ExitCode {
    match storm_work(&args) {
        Ok(work) => match work.run() {
            Ok(report) => match args.format {
                Format::Json => write_stdout(&format!("{}\n", work.to_json(&report))),
                Format::Table => write_stdout(&work.to_table(&report)),
            },
            // A run that stops is not a usage error: the flags were valid.
            Err(err) => {
                eprintln!("error: {}", err.message);
                ExitCode::from(SITE_ERROR)
            }
        },
        Err(line) => {
            eprintln!("error: {line}");
            ExitCode::from(USAGE_ERROR)
        }
    }
}

/// The work `storm`'s flags ask for, or the line naming the flag at fault.
fn storm_work(args: &StormArgs) -> Result<backoff_site::storm::Storm, String> {
    use backoff_site::backoff::storm::{
        Arrivals, Client, Guard, Rate, Retry, Scenario, Server, System,
    };
    let rate = match args.workload {
        WorkloadArg::Constant => Rate::Constant { rate: args.rate },
        WorkloadArg::Ramp => Rate::Ramp {
            peak: args.peak,
            slope: args.slope,
            at: args.at,
        },
        WorkloadArg::Spike => Rate::Spike {
            base: args.rate,
            peak: args.peak,
            start: args.at,
            width: args.length,
        },
    };
    let backoff = args.preset.is_some() || args.base.is_some();
    let retry = if backoff {
        let flags = schedule_flags::Flags {
            preset: args.preset.clone(),
            base: args.base,
            multiplier: args.multiplier,
            max: args.max,
            // Brooker's two retries, unless a preset has its own.
            retries: args
                .retries
                .or(if args.preset.is_none() { Some(2) } else { None }),
            jitter: args.jitter.clone(),
            jitter_factor: args.jitter_factor,
            ..Default::default()
        };
        let policy = schedule_flags::policy(&flags, report::Unit::S)?;
        policy
            .validate()
            .map_err(|err| schedule_flags::policy_error_line(err, policy.max_delay.is_some()))?;
        Retry::Backoff(policy)
    } else {
        if args.max.is_some() || args.jitter.is_some() || args.jitter_factor.is_some() {
            return Err(
                "--max, --jitter and --jitter-factor shape a backoff: give --base and \
                        --multiplier, or --preset"
                    .into(),
            );
        }
        let retries = args.retries.unwrap_or(2);
        let retries = u32::try_from(retries)
            .ok()
            .filter(|r| *r <= backoff_site::backoff::MAX_RETRIES)
            .ok_or_else(|| {
                format!(
                    "--retries: {retries}: give from 0 to {} retries",
                    backoff_site::backoff::MAX_RETRIES
                )
            })?;
        Retry::Immediately { retries }
    };
    let preset_budget = || {
        let flags = schedule_flags::Flags {
            preset: args.preset.clone(),
            ..Default::default()
        };
        schedule_flags::budget(&flags)
    };
    let (guard, guard_name) = match (&args.budget, args.breaker, &args.bucket) {
        (Some(name), _, _) => (
            backoff_site::storm::guard_by_name(name).expect("clap checks the name"),
            backoff_site::storm::guard_names()
                .find(|n| n == name)
                .expect("clap checks the name"),
        ),
        (None, Some(ratio), _) => (Guard::Breaker { ratio }, "breaker"),
        (None, None, Some(bucket)) => match bucket[..] {
            [fill, size] => (Guard::Bucket { fill, size }, "bucket"),
            _ => return Err("--bucket: give FILL,SIZE, as 0.1,5".into()),
        },
        (None, None, None) => match preset_budget() {
            Some((name, budget)) => (Guard::Budget(budget), name),
            None => (Guard::None, "none"),
        },
    };
    let scenario = Scenario {
        duration: args.duration,
        arrivals: Arrivals {
            system: if args.closed {
                System::Closed
            } else {
                System::Open
            },
            rate,
            first: 0.0,
            until: args.until.unwrap_or(args.duration),
            clients: args.clients,
        },
        server: Server {
            base: args.server_time,
            slope: args.server_slope,
            limit: args.limit,
            queue: args.queue,
            failure_rate: args.server_failure_rate,
        },
        network: args.network,
        client: Client {
            timeout: args.timeout,
            retry,
            guard,
            layers: args.layers,
        },
    };
    let work = backoff_site::storm::Storm {
        guard_name,
        ..backoff_site::storm::Storm::of(scenario, args.runs, args.seed)
    };
    work.validate()
        .map_err(|refused| format!("{}: {}", refused.flag, refused.message))?;
    Ok(work)
}
