//! The command line (clap derive) and [`run`]. No game logic lives here.

mod pipe;

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use crate::referee::ReplayOptions;
use crate::report::{self, DiagnosticFormat, RenderOptions};
use crate::rules::Edition;
use crate::tiles::{Rotation, TileCatalog, picture::picture};

/// The text of `notation/diagnostics.md`, for `carcref explain`.
pub const DIAGNOSTICS_MD: &str = include_str!("../notation/diagnostics.md");

/// carcref — a referee for Carcassonne game records (CGN).
#[derive(Debug, Parser)]
#[command(name = "carcref", version, about)]
pub struct Cli {
    /// When to use colour.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true)]
    pub color: ColorChoice,
    /// Print faults only: no summary line (`check`) and no note of a file
    /// written (`fix --apply`); the exit status tells the rest.
    #[arg(long, short, global = true)]
    pub quiet: bool,
    /// A tile set of one's own, in the catalog's YAML format (SPEC 3.7), added
    /// to the built-in catalog; repeat for several. A record plays its tiles
    /// only by naming its set in its Expansions tag (`gen`: in --expansions).
    #[arg(long = "tiles", value_name = "FILE", global = true)]
    pub tiles: Vec<PathBuf>,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Colour choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour on a terminal, unless NO_COLOR is set.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

impl ColorChoice {
    /// Whether to colour an output that is (`terminal`) or is not a terminal:
    /// `always` and `never` decide; `auto` colours a terminal, and any output
    /// when `CLICOLOR_FORCE` or `FORCE_COLOR` is set (to anything but `0`),
    /// unless `NO_COLOR` is set.
    pub fn resolve(self, terminal: bool) -> bool {
        let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0");
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) => {
                false
            }
            ColorChoice::Auto => terminal || set("CLICOLOR_FORCE") || set("FORCE_COLOR"),
        }
    }
}

/// Whether the human reports of every command (faults of `score`, `fmt`,
/// `show`, `moves`, as well as `check`) are coloured: decided once by [`run`]
/// from `--color` and the environment.
static REPORT_COLOR: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether `--quiet` was given: no summary lines.
static QUIET: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn quiet() -> bool {
    QUIET.load(std::sync::atomic::Ordering::Relaxed)
}

/// The options of a human report to standard error, in the run's colour.
fn human_report() -> RenderOptions {
    RenderOptions {
        color: REPORT_COLOR.load(std::sync::atomic::Ordering::Relaxed),
        ..RenderOptions::default()
    }
}

/// Diagnostic output formats of `check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// Graphical reports with the source (stderr).
    Human,
    /// `file:line:col: CODE message`, one per line.
    Short,
    /// One JSON object a line: each diagnostic, and each path that cannot be
    /// read (`notation/json.md`).
    Json,
    /// GitHub Actions annotations.
    Github,
}

/// Output formats of `score`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ScoreFormat {
    /// A readable breakdown.
    Human,
    /// One JSON object per game per line.
    Json,
    /// YAML documents.
    Yaml,
}

/// Output formats of `show`, `moves`, `tiles`, `explain` and of the errors of
/// `import`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Text for people.
    Human,
    /// A JSON document (`notation/json.md`).
    Json,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check records: every turn replayed, every claim verified.
    Check {
        /// Files, folders (searched for *.cgn) or - for standard input.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Diagnostic format.
        #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
        format: CheckFormat,
        /// Worker threads (0 = one per core; never more than there are cores).
        /// Output order never depends on it.
        #[arg(long, default_value_t = 0)]
        jobs: usize,
    },
    /// Explain every point of a record's score: a sheet of every turn's
    /// running totals, claims and scorings with their arithmetic. A faulty
    /// record is scored up to its last legal turn, labelled so.
    Score {
        /// The records (or - for standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ScoreFormat::Human)]
        format: ScoreFormat,
        /// Score by the text of a rules edition (HiG-2012 or RGG-2000), without
        /// the record's variants: the rulebook's verdict. Claims are checked only
        /// when that is the record's own edition and it names no variant.
        #[arg(long, value_parser = EditionValue, hide_possible_values = true, conflicts_with = "compare_editions")]
        rules: Option<Edition>,
        /// The position after this turn, with the final scoring as if the game
        /// ended there: how an unfinished game is adjudicated (the Result tag
        /// is then not compared).
        #[arg(long)]
        turn: Option<u32>,
        /// Apply the final scoring where the record stops, whatever its
        /// Termination tag says: at its end, or after its last legal turn.
        #[arg(long = "final")]
        final_scoring: bool,
        /// Only this game of each file (1-based).
        #[arg(long)]
        game: Option<usize>,
        /// Score under both editions by their texts (the record's variants
        /// dropped) and show the items that differ and the winner under each.
        #[arg(long)]
        compare_editions: bool,
    },
    /// Write records in canonical form (in place; `-` writes standard input's
    /// canonical form to standard output).
    Fmt {
        /// Only report the files that are not canonical (exit 1 if any).
        #[arg(long)]
        check: bool,
        /// Print what would change, as a unified diff of each file against
        /// its canonical form, and write nothing (implies --check).
        #[arg(long)]
        diff: bool,
        /// Files, folders (searched for *.cgn) or -.
        #[arg(default_value = "-")]
        paths: Vec<PathBuf>,
    },
    /// Suggest repairs for the first illegal turn of each game (another
    /// rotation, a neighbouring square, another tile letter, another spot) and
    /// show them as a diff; --apply writes the one every claim confirms.
    Fix {
        /// The records: files, folders (searched for `.cgn` files), or - for
        /// standard input.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Write each repaired record (atomically) where exactly one reading
        /// explains every fault; a file whose repair is ambiguous is not
        /// written.
        #[arg(long)]
        apply: bool,
        /// Output format: the readings in words with a diff, or one JSON
        /// object a game (`notation/schemas/fix.schema.json`).
        #[arg(long, value_enum, default_value_t = OutputFormat::Human)]
        format: OutputFormat,
    },
    /// Show the board after a turn (default: the end) in the terminal, or as SVG.
    Show {
        /// The record (or - for standard input).
        file: PathBuf,
        /// Show the board after this turn.
        #[arg(long)]
        turn: Option<u32>,
        /// Which game of the file (1-based).
        #[arg(long, default_value_t = 1)]
        game: usize,
        /// Write an SVG picture to this file instead (- for standard output).
        #[arg(long)]
        svg: Option<PathBuf>,
        /// Highlight one feature, named by a tile and a spot: "x,y SPOT" (e.g.
        /// "0,1 S", "-3,-4 W"): its segments marked in orange in the SVG
        /// picture, drawn heavy (and orange) on the terminal. A square with no
        /// tile, or a spot the tile lacks, is refused.
        #[arg(long, value_parser = parse_feature_ref, allow_hyphen_values = true)]
        highlight: Option<crate::score::FeatureRef>,
        /// Output format: the picture, or the board as data (tiles, figures,
        /// features with their owners and completion).
        #[arg(long, value_enum, default_value_t = OutputFormat::Human, conflicts_with = "svg")]
        format: OutputFormat,
    },
    /// List every legal placement of the tile drawn at a turn, on the board before
    /// it, with the follower spots each allows (how a disputed discard is settled).
    Moves {
        /// The record (or - for standard input).
        file: PathBuf,
        /// The turn whose tile is placed.
        #[arg(long)]
        turn: u32,
        /// Which game of the file (1-based).
        #[arg(long, default_value_t = 1)]
        game: usize,
        /// Output format.
        #[arg(long, value_enum, default_value_t = OutputFormat::Human)]
        format: OutputFormat,
    },
    /// Import records from other formats as CGN (written to standard output).
    Import {
        /// How errors are written to standard error (the records are CGN
        /// either way): text, or one JSON object a line.
        #[arg(long, value_enum, default_value_t = OutputFormat::Human, global = true)]
        format: OutputFormat,
        /// The source format.
        #[command(subcommand)]
        source: ImportSource,
    },
    /// Explain a diagnostic code.
    Explain {
        /// The code, e.g. E301.
        code: String,
        /// Output format.
        #[arg(long, value_enum, default_value_t = OutputFormat::Human)]
        format: OutputFormat,
    },
    /// Generate random legal complete games (deterministic for a seed).
    Gen {
        /// The seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many games.
        #[arg(long, default_value_t = 1)]
        games: usize,
        /// Rules edition (HiG-2012 or RGG-2000).
        #[arg(long, value_parser = EditionValue, hide_possible_values = true, default_value = "HiG-2012")]
        rules: Edition,
        /// Number of players (2 to 6).
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=6))]
        players: u8,
        /// Expansions in play, comma-separated (river, inns-and-cathedrals,
        /// traders-and-builders, tower, princess-and-dragon, gold-mines,
        /// flying-machines, crop-circles-1, crop-circles-2, mage-and-witch,
        /// ferries, robbers, messengers), and the tile sets given by --tiles to play.
        #[arg(long, value_parser = ExpansionsValue, hide_possible_values = true, default_value = "")]
        expansions: String,
    },
    /// Print a shell's completion script for carcref (to standard output).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print carcref's manual page, in roff (to standard output).
    Man,
    /// Show the tile catalog.
    Tiles {
        /// One tile id, to see it at every rotation.
        id: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = OutputFormat::Human)]
        format: OutputFormat,
    },
}

/// Formats `carcref import` reads. Each takes several files and folders; a
/// file may be gzip-compressed (`.gz`). A file that cannot be imported is
/// named in each of its faults, and the others are imported all the same.
#[derive(Debug, Subcommand)]
pub enum ImportSource {
    /// Board Game Arena notification logs (JSON).
    Bga {
        /// The logs: files, folders (searched for *.json and *.json.gz) or -
        /// for standard input.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Carcassonne Lab replay URLs, or CSV files with a `URL` column.
    Lab {
        /// URLs, CSV files, folders (searched for *.csv and *.csv.gz) or - for
        /// standard input.
        #[arg(required = true)]
        inputs: Vec<String>,
    },
    /// Japanese championship score sheets (JSON).
    Kifu {
        /// The score sheets: files, folders (searched for *.json and
        /// *.json.gz) or - for standard input.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// JCloisterZone saves (`.jcz`, JSON), each one game.
    Jcz {
        /// The saves: files, folders (searched for *.jcz and *.jcz.gz) or -
        /// for standard input.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
}

fn parse_feature_ref(s: &str) -> Result<crate::score::FeatureRef, String> {
    let bad = || format!("{s:?} is not a feature: write a tile and a spot, e.g. \"0,1 S\"");
    let (pos, spot) = s.trim().split_once(' ').ok_or_else(bad)?;
    let (x, y) = pos.split_once(',').ok_or_else(bad)?;
    let pos = crate::Pos::new(
        x.trim().parse().map_err(|_| bad())?,
        y.trim().parse().map_err(|_| bad())?,
    );
    let spot = spot.trim();
    let spot = spot.parse().map_err(|()| {
        let names: Vec<String> = crate::tiles::Spot::all().map(|s| s.to_string()).collect();
        format!(
            "{} is not a spot name (N, E, S, W, NNW … WNW, C){}",
            crate::report::shown_text(spot, crate::report::MAX_TEXT),
            crate::suggest::did_you_mean(spot, names.iter().map(String::as_str))
        )
    })?;
    Ok(crate::score::FeatureRef { pos, spot })
}

fn parse_edition(s: &str) -> Result<Edition, String> {
    s.parse()
        .map_err(|()| format!("{s} is not an edition (HiG-2012 or RGG-2000)"))
}

/// `--rules`: an edition ([`parse_edition`]), whose names the shell
/// completions offer.
#[derive(Debug, Clone, Copy)]
struct EditionValue;

impl clap::builder::TypedValueParser for EditionValue {
    type Value = Edition;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Edition, clap::Error> {
        parse_edition.parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            Edition::ALL
                .into_iter()
                .map(|e| clap::builder::PossibleValue::new(e.name())),
        ))
    }
}

/// `gen --expansions`: a comma-separated list, read once the catalog is
/// ([`parse_expansions`]: it may name tile sets of `--tiles`), whose
/// expansions the shell completions offer.
#[derive(Debug, Clone, Copy)]
struct ExpansionsValue;

impl clap::builder::TypedValueParser for ExpansionsValue {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        use crate::rules::expansions::Expansion;
        Some(Box::new(
            Expansion::ALL
                .into_iter()
                .map(|e| clap::builder::PossibleValue::new(e.name())),
        ))
    }
}

/// The expansions `gen --expansions` names, and the tile sets of the user's
/// own it names (of those the catalog holds); the usage error of a name that
/// is neither.
fn parse_expansions(
    s: &str,
    catalog: &TileCatalog,
) -> Result<(crate::rules::expansions::Expansions, Vec<String>), String> {
    use crate::rules::expansions::{Expansion, Expansions};
    let names: Vec<&str> = s
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    let user = catalog.user_sets();
    let mut played: Vec<&str> = Expansion::ALL.into_iter().map(Expansion::name).collect();
    played.extend(user.iter().map(String::as_str));
    if let Some(bad) = names.iter().find(|n| !played.contains(n)) {
        return Err(format!(
            "{bad} is not an expansion ({}){}",
            played.join(", "),
            crate::suggest::did_you_mean(bad, played.iter().copied())
        ));
    }
    let mut sets: Vec<String> = Vec::new();
    for name in names.iter().filter(|n| user.iter().any(|u| u == *n)) {
        if !sets.iter().any(|s| s == name) {
            sets.push((*name).to_string());
        }
    }
    Ok((Expansions::from_sets(names), sets))
}

/// The built-in catalog with the tile sets of `--tiles`, or the exit code of a
/// file that cannot be read or that the catalog refuses, reported to `err`
/// (`E217` in the human format, pointing into the file).
fn load_catalog(files: &[PathBuf], err: &mut impl Write) -> Result<TileCatalog, u8> {
    let mut texts: Vec<(String, String)> = Vec::new();
    for file in files {
        let name = file.display().to_string();
        match std::fs::read(file).map(String::from_utf8) {
            Ok(Ok(text)) => texts.push((name, text)),
            Ok(Err(e)) => {
                let _ = writeln!(
                    err,
                    "error: cannot read {name}: not UTF-8 text (byte {})",
                    e.utf8_error().valid_up_to()
                );
                return Err(EXIT_USAGE);
            }
            Err(e) => {
                let _ = writeln!(err, "error: cannot read {name}: {e}");
                return Err(EXIT_USAGE);
            }
        }
    }
    TileCatalog::with_user_sets(texts.iter().map(|(n, t)| (n.as_str(), t.as_str()))).map_err(|e| {
        match texts.iter().find(|(name, _)| *name == e.file) {
            Some((name, text)) => {
                let view = report::SourceView::new(name, text, 0, 0);
                let mut shown = String::new();
                report::render_game(
                    &mut shown,
                    &view,
                    0,
                    &[crate::diagnostics::Diagnostic::of_tile_set(&e)],
                    &human_report(),
                );
                let _ = write!(err, "{shown}");
            }
            None => {
                let _ = writeln!(err, "error: the built-in tile catalog is broken: {e}");
            }
        }
        EXIT_USAGE
    })
}

/// Exit code for usage and I/O errors.
const EXIT_USAGE: u8 = 2;

/// Runs a parsed command line, writing to the given streams.
pub fn run(cli: Cli) -> ExitCode {
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let mut out = pipe::Stdout(stdout.lock());
    let mut err = pipe::Stderr(stderr.lock());
    let color = cli.color.resolve(std::io::stderr().is_terminal());
    REPORT_COLOR.store(color, std::sync::atomic::Ordering::Relaxed);
    QUIET.store(cli.quiet, std::sync::atomic::Ordering::Relaxed);
    let uses_catalog = !matches!(
        cli.command,
        Command::Import { .. }
            | Command::Explain { .. }
            | Command::Completions { .. }
            | Command::Man
    );
    if !uses_catalog && !cli.tiles.is_empty() {
        let _ = writeln!(
            err,
            "error: --tiles is for the commands that read the tile catalog (check, score, fmt, fix, show, moves, tiles, gen)"
        );
        return ExitCode::from(EXIT_USAGE);
    }
    let catalog = match load_catalog(&cli.tiles, &mut err) {
        Ok(c) => c,
        Err(code) => return ExitCode::from(code),
    };
    let code = match cli.command {
        Command::Check {
            paths,
            format,
            jobs,
        } => check(&paths, format, jobs, color, &catalog, &mut out, &mut err),
        Command::Score {
            files,
            format,
            rules,
            turn,
            final_scoring,
            game,
            compare_editions,
        } => {
            let request = ScoreRequest {
                format,
                options: ReplayOptions {
                    edition: rules,
                    until: turn,
                    final_scoring,
                },
                game,
                compare_editions,
            };
            score(&files, &request, &catalog, &mut out, &mut err)
        }
        Command::Fmt { check, diff, paths } => {
            fmt(&paths, check || diff, diff, &catalog, &mut out, &mut err)
        }
        Command::Fix {
            files,
            apply,
            format,
        } => {
            let options = crate::repair::render::Options {
                apply,
                json: format == OutputFormat::Json,
                quiet: quiet(),
                report: human_report(),
            };
            crate::repair::render::run(&files, &options, &catalog, &mut out, &mut err)
        }
        Command::Show {
            file,
            turn,
            game,
            svg,
            highlight,
            format,
        } => {
            let color = cli.color.resolve(std::io::stdout().is_terminal());
            let view = match (format, svg.as_deref()) {
                (OutputFormat::Json, _) => ShowView::Json,
                (OutputFormat::Human, Some(path)) => ShowView::Svg(path),
                (OutputFormat::Human, None) => ShowView::Text { color },
            };
            show(
                &file, turn, game, view, highlight, &catalog, &mut out, &mut err,
            )
        }
        Command::Moves {
            file,
            turn,
            game,
            format,
        } => moves(&file, turn, game, format, &catalog, &mut out, &mut err),
        Command::Import { source, format } => import(source, format, &mut out, &mut err),
        Command::Explain { code, format } => explain(&code, format, &mut out, &mut err),
        Command::Gen {
            seed,
            games,
            rules,
            players,
            expansions,
        } => generate(
            seed,
            games,
            rules,
            players,
            &expansions,
            &catalog,
            &mut out,
            &mut err,
        ),
        Command::Tiles { id, format } => tiles(id.as_deref(), format, &catalog, &mut out, &mut err),
        Command::Completions { shell } => {
            use clap::CommandFactory;
            // Written whole once made: the generator cannot report a failing
            // write.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "carcref", &mut script);
            match out.write_all(&script) {
                Ok(()) => 0,
                Err(e) => {
                    let _ = writeln!(err, "error: {e}");
                    EXIT_USAGE
                }
            }
        }
        Command::Man => {
            use clap::CommandFactory;
            let mut page = Vec::new();
            match clap_mangen::Man::new(Cli::command())
                .render(&mut page)
                .and_then(|()| out.write_all(&page))
            {
                Ok(()) => 0,
                Err(e) => {
                    let _ = writeln!(err, "error: {e}");
                    EXIT_USAGE
                }
            }
        }
    };
    // A reader that stopped reading (`carcref gen | head -1`) ends the run
    // normally.
    let _ = out.flush();
    if pipe::closed() {
        return ExitCode::SUCCESS;
    }
    ExitCode::from(code)
}

/// Inputs this large show a progress bar (on a terminal only).
const PROGRESS_FROM_BYTES: u64 = 8 << 20;

/// A file (or standard input) as a reader, with its size if known. The reader
/// is not buffered: [`crate::stream::GameReader`] reads it in large blocks.
fn open_input(path: &Path) -> std::io::Result<(Box<dyn std::io::Read>, Option<u64>)> {
    if path == Path::new("-") {
        Ok((Box::new(std::io::stdin()), None))
    } else {
        let file = std::fs::File::open(path)?;
        let size = file.metadata().ok().map(|m| m.len());
        Ok((Box::new(file), size))
    }
}

/// A [`std::fmt::Write`] over an output stream, for the renderers: it keeps
/// the first I/O error (a closed pipe stops the writing, not the program).
struct Sink<'a, W: Write> {
    inner: &'a mut W,
    failed: bool,
}

impl<'a, W: Write> Sink<'a, W> {
    fn new(inner: &'a mut W) -> Sink<'a, W> {
        Sink {
            inner,
            failed: false,
        }
    }
}

impl<W: Write> std::fmt::Write for Sink<'_, W> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        if self.failed {
            return Err(std::fmt::Error);
        }
        self.inner.write_all(s.as_bytes()).map_err(|_| {
            self.failed = true;
            std::fmt::Error
        })
    }
}

/// The worker threads for `check --jobs`: one per core when 0, and never more
/// than there are cores (more threads only wait on each other).
pub fn worker_threads(jobs: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    if jobs == 0 { cores } else { jobs.min(cores) }
}

/// Renders a fault that ended a file's games (a game past the size limit), as
/// the game after those read, and whether it was one (an I/O error is not).
fn render_stream_fault(
    out: &mut impl std::fmt::Write,
    name: &str,
    fault: &crate::stream::StreamError,
    index: usize,
    options: &RenderOptions,
) -> bool {
    use crate::report::{SourceView, render_game};
    let Some((diagnostic, head, offset, line)) = fault.diagnostic() else {
        return false;
    };
    let view = SourceView::new(name, head, offset, line);
    render_game(
        out,
        &view,
        index,
        std::slice::from_ref(&diagnostic),
        options,
    );
    true
}

fn check(
    paths: &[PathBuf],
    format: CheckFormat,
    jobs: usize,
    color: bool,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    use crate::stream::{Game, GameReader};
    use rayon::prelude::*;
    let inputs = crate::files::find_inputs(paths);
    // The JSON format reports paths it cannot read among its diagnostics.
    let json = format == CheckFormat::Json;
    let found = if json {
        for problem in &inputs.problems {
            let _ = writeln!(out, "{}", crate::report::json::file_problem(problem));
        }
        inputs.exit_code()
    } else {
        inputs.report(err)
    };
    let files = inputs.files;
    let options = RenderOptions {
        format: match format {
            CheckFormat::Human => DiagnosticFormat::Human,
            CheckFormat::Short => DiagnosticFormat::Short,
            CheckFormat::Json => DiagnosticFormat::Json,
            CheckFormat::Github => DiagnosticFormat::Github,
        },
        color,
        width: 80,
    };
    // One job runs on this thread, with one referee for every game; more run
    // on a pool, a referee per worker.
    let threads = worker_threads(jobs);
    let pool = (threads > 1)
        .then(|| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .ok()
        })
        .flatten();
    let mut referee = crate::referee::Referee::new(catalog);
    let (mut games, mut valid, mut io_error) = (0usize, 0usize, false);
    // Diagnostics go where the format sends them, as they are found; errors
    // reading a file go to standard error (with the diagnostics, for humans).
    let (diagnostics_to, mut errors_to): (&mut dyn Write, Option<&mut dyn Write>) =
        if format == CheckFormat::Human {
            (&mut *err, None)
        } else {
            (&mut *out, Some(&mut *err))
        };
    let mut diagnostics_out = std::io::BufWriter::with_capacity(1 << 16, diagnostics_to);
    let mut file_error =
        |diagnostics_out: &mut std::io::BufWriter<&mut dyn Write>, name: &str, message: String| {
            if json {
                let line = crate::report::json::unreadable(name, &message);
                let _ = writeln!(diagnostics_out, "{line}");
                return;
            }
            let message = format!("{name}: {message}");
            let _ = diagnostics_out.flush();
            let _ = match errors_to.as_mut() {
                Some(e) => writeln!(e, "error: {message}"),
                None => writeln!(diagnostics_out.get_mut(), "error: {message}"),
            };
        };
    for file in &files {
        let name = file.display().to_string();
        let (reader, size) = match open_input(file) {
            Ok(r) => r,
            Err(e) => {
                file_error(&mut diagnostics_out, &name, e.to_string());
                io_error = true;
                continue;
            }
        };
        let progress = (std::io::stderr().is_terminal()
            && size.is_some_and(|s| s >= PROGRESS_FROM_BYTES))
        .then(|| indicatif::ProgressBar::new(size.unwrap_or(0)));
        // The start of the input, kept to tell another program's record
        // (`E112`) from CGN.
        let head = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let mut stream = GameReader::new(crate::sniff::Recorder::new(reader, head.clone()));
        let mut index = 0usize;
        let mut ended = None;
        // Reports the input as another program's record, if it is one.
        let foreign = |diagnostics_out: &mut std::io::BufWriter<&mut dyn Write>| {
            let head = head.borrow();
            let text = crate::sniff::text_of(&head);
            let fault = crate::sniff::not_cgn(text, 0)?;
            let view = report::SourceView::new(&name, text, 0, 0);
            report::render_game(
                &mut Sink::new(diagnostics_out),
                &view,
                0,
                std::slice::from_ref(&fault),
                &options,
            );
            Some(())
        };
        loop {
            let batch = match stream.next_batch() {
                Ok(Some(batch)) => batch,
                Ok(None) => break,
                Err(e) => {
                    ended = Some(e);
                    break;
                }
            };
            // Another program's record is one fault, and is read no further.
            if index == 0 && foreign(&mut diagnostics_out).is_some() {
                index = 1;
                games += 1;
                break;
            }
            let mut sink = Sink::new(&mut diagnostics_out);
            let mut report = |g: &Game<'_>, diagnostics: &[crate::diagnostics::Diagnostic]| {
                if !diagnostics.is_empty() {
                    crate::render_faults(&mut sink, &name, g, index, diagnostics, &options);
                }
                index += 1;
                games += 1;
                valid += usize::from(
                    !diagnostics
                        .iter()
                        .any(crate::diagnostics::Diagnostic::is_error),
                );
            };
            match &pool {
                Some(pool) if batch.len() > 1 => {
                    let batch: Vec<Game<'_>> = batch.games().collect();
                    let outcomes: Vec<Vec<crate::diagnostics::Diagnostic>> = pool.install(|| {
                        batch
                            .par_iter()
                            .map_init(
                                || crate::referee::Referee::new(catalog),
                                |referee, g| referee.verdict_read(g),
                            )
                            .collect()
                    });
                    for (g, diagnostics) in batch.iter().zip(&outcomes) {
                        report(g, diagnostics);
                    }
                }
                _ => {
                    for g in batch.games() {
                        report(&g, &referee.verdict_read(&g));
                    }
                }
            }
            if let Some(p) = &progress {
                p.inc(batch.text().len() as u64);
            }
            // What a batch found is seen before the next is read (a pipe
            // writing slowly sees each game's answer as it comes).
            let _ = diagnostics_out.flush();
        }
        if let Some(p) = progress {
            p.finish_and_clear();
        }
        if index == 0 && foreign(&mut diagnostics_out).is_some() {
            // Another program's record too long to read, or with no line
            // that CGN reads as a game (JSON on one line): one fault.
            index = 1;
            games += 1;
        } else if let Some(e) = &ended {
            let mut sink = Sink::new(&mut diagnostics_out);
            if render_stream_fault(&mut sink, &name, e, index, &options) {
                // The game past the limit is a game, and invalid.
                index += 1;
                games += 1;
            } else {
                file_error(&mut diagnostics_out, &name, e.to_string());
                io_error = true;
            }
        }
        if index == 0 && ended.is_none() {
            games += 1;
            render_no_game(&mut Sink::new(&mut diagnostics_out), &name, &options);
        }
    }
    let _ = diagnostics_out.flush();
    drop(diagnostics_out);
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let summary = format!(
        "checked {} in {}: {valid} valid, {} invalid",
        plural(games, "game"),
        plural(files.len(), "file"),
        games - valid
    );
    if quiet() {
        // Faults only: the exit status tells whether there were any.
    } else if matches!(format, CheckFormat::Human | CheckFormat::Short) {
        let _ = writeln!(out, "{summary}");
    } else {
        let _ = writeln!(err, "{summary}");
    }
    let code = if io_error {
        EXIT_USAGE
    } else if valid < games {
        1
    } else {
        0
    };
    code.max(found)
}

/// The games of a file (or standard input) read as `check` reads them, one at a
/// time, each handed to `each` with its 0-based index until it breaks: nothing
/// but the game in hand is held. The number of games read, or the fault that
/// ended the input (an I/O error, or a game past the size limit).
fn each_game(
    path: &Path,
    mut each: impl FnMut(usize, &crate::stream::Game<'_>) -> std::ops::ControlFlow<()>,
) -> Result<usize, crate::stream::StreamError> {
    let (reader, _) = open_input(path)?;
    crate::read_games(reader, &mut each)
}

/// Reports what ended a file's games early: a game past the size limit is
/// rendered as the game after those read (exit 1); an I/O error is one line
/// (exit 2).
fn report_stream_fault(
    err: &mut impl Write,
    name: &str,
    fault: &crate::stream::StreamError,
    index: usize,
) -> u8 {
    let mut sink = Sink::new(&mut *err);
    if render_stream_fault(&mut sink, name, fault, index, &human_report()) {
        1
    } else {
        let _ = writeln!(err, "error: {name}: {fault}");
        EXIT_USAGE
    }
}

/// Writes the faults of a game of a file in the human format (`index`: its
/// 0-based place in the file).
fn report_game(
    err: &mut impl Write,
    name: &str,
    g: &crate::stream::Game<'_>,
    index: usize,
    diagnostics: &[crate::Diagnostic],
) {
    crate::render_faults(
        &mut Sink::new(err),
        name,
        g,
        index,
        diagnostics,
        &human_report(),
    );
}

/// Renders the fault of a file that holds no game (`E108`).
fn render_no_game(out: &mut impl std::fmt::Write, name: &str, options: &RenderOptions) {
    let view = crate::report::SourceView::new(name, "", 0, 0);
    let fault = crate::Diagnostic::NoGame {
        span: crate::notation::Span::default(),
    };
    crate::report::render_game(out, &view, 0, std::slice::from_ref(&fault), options);
}

/// Reports in the human format that a file holds no game.
fn report_no_game(err: &mut impl Write, name: &str) {
    render_no_game(&mut Sink::new(err), name, &human_report());
}

/// What `carcref score` was asked.
#[derive(Debug, Clone, Copy)]
struct ScoreRequest {
    format: ScoreFormat,
    /// The edition, the turn to stop after, the final scoring.
    options: ReplayOptions,
    /// Only this game of each file (1-based).
    game: Option<usize>,
    compare_editions: bool,
}

fn score(
    files: &[PathBuf],
    request: &ScoreRequest,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    if request.game == Some(0) {
        let _ = writeln!(err, "error: games are numbered from 1");
        return EXIT_USAGE;
    }
    let mut code = 0;
    for file in files {
        code = code.max(score_file(file, request, catalog, out, err));
    }
    code
}

/// `carcref score` on one file, a game at a time.
fn score_file(
    file: &Path,
    request: &ScoreRequest,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    let name = file.display().to_string();
    let format = match request.format {
        ScoreFormat::Human => report::ScoreFormat::Human,
        ScoreFormat::Json => report::ScoreFormat::Json,
        ScoreFormat::Yaml => report::ScoreFormat::Yaml,
    };
    let mut code = 0;
    let mut found = false;
    let mut text = String::new();
    let read = each_game(file, |index, g| {
        if request.game.is_some_and(|n| index + 1 != n) {
            return std::ops::ControlFlow::Continue(());
        }
        found = true;
        let view = crate::report::SourceView::new(&name, g.text, g.base, g.first_line);
        let outcome = if request.compare_editions {
            compare_editions(&view, index, g, request, catalog, &mut text)
        } else {
            let outcome = crate::check_game(g, catalog, request.options);
            text.clear();
            crate::score_game(&mut text, &name, g, index, &outcome, format);
            outcome
        };
        if let Some(t) = request.options.until
            && t > 0
            && outcome.replay.is_some()
            && !outcome.record.turns.iter().any(|r| r.number.value == t)
        {
            let _ = writeln!(err, "error: {name}: game {} has no turn {t}", index + 1);
            code = EXIT_USAGE;
            return std::ops::ControlFlow::Continue(());
        }
        let _ = out.write_all(text.as_bytes());
        if outcome.has_errors() {
            report_game(&mut *err, &name, g, index, &outcome.diagnostics);
            code = code.max(1);
        }
        if request.game.is_some() {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    });
    match read {
        Ok(0) => {
            report_no_game(err, &name);
            1
        }
        Ok(count) if !found => {
            let n = request.game.unwrap_or(0);
            let _ = writeln!(err, "error: {name} has {count} games; there is no game {n}");
            EXIT_USAGE
        }
        Ok(_) => code,
        Err(e) => code.max(report_stream_fault(err, &name, &e, 0)),
    }
}

/// `score --compare-editions` on one game: the game replayed by the text of
/// each edition (its variants dropped), the items that differ written to
/// `text`. The outcome under the record's own edition (for its faults).
fn compare_editions(
    view: &crate::report::SourceView<'_>,
    index: usize,
    g: &crate::stream::Game<'_>,
    request: &ScoreRequest,
    catalog: &TileCatalog,
    text: &mut String,
) -> crate::referee::GameOutcome {
    use crate::report::sheet;
    let by = |edition| {
        crate::check_game(
            g,
            catalog,
            ReplayOptions {
                edition: Some(edition),
                ..request.options
            },
        )
    };
    let (a, b) = (by(Edition::HiG2012), by(Edition::Rgg2000));
    let outcome = crate::referee::check_game_read(
        g,
        catalog,
        ReplayOptions {
            edition: None,
            ..request.options
        },
    );
    text.clear();
    let variants: Vec<String> = outcome
        .record
        .tag("Variants")
        .map(|t| {
            t.value
                .value
                .split(',')
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    let sheets = (
        a.replay.as_ref().and_then(|r| Some((r, r.sheet()?))),
        b.replay.as_ref().and_then(|r| Some((r, r.sheet()?))),
    );
    match request.format {
        ScoreFormat::Human => {
            use std::fmt::Write as _;
            let _ = writeln!(
                text,
                "Game {} — HiG-2012 against RGG-2000, each by its text",
                index + 1
            );
            if !variants.is_empty() {
                let _ = writeln!(
                    text,
                    "the record's variants are dropped: {}",
                    crate::report::shown_text(&variants.join(", "), crate::report::MAX_TEXT)
                );
            }
            for o in [&a, &b] {
                let label = crate::report::position_label(o, view);
                let _ = writeln!(text, "{label}");
            }
            if let (Some(sa), Some(sb)) = sheets {
                sheet::write_comparison(text, sa, sb);
            }
        }
        ScoreFormat::Json | ScoreFormat::Yaml => {
            let editions: Vec<serde_json::Value> = [&a, &b]
                .into_iter()
                .map(|o| {
                    let v = crate::report::score_view(index, o, view);
                    let winners = o
                        .replay
                        .as_ref()
                        .and_then(|r| r.sheet())
                        .map(sheet::winners);
                    serde_json::json!({
                        "rules": v.rules,
                        "status": v.status,
                        "position_after": v.position_after,
                        "stopped_at": v.stopped_at,
                        "final_scoring": v.final_scoring,
                        "totals": v.totals,
                        "winners": winners,
                    })
                })
                .collect();
            let differences: Vec<serde_json::Value> = match sheets {
                (Some(sa), Some(sb)) => sheet::differences(sa, sb)
                    .into_iter()
                    .map(|d| {
                        let [ta, tb] = d.by_edition;
                        serde_json::json!({
                            "turn": d.turn,
                            "item": d.item,
                            "HiG-2012": ta,
                            "RGG-2000": tb,
                        })
                    })
                    .collect(),
                _ => Vec::new(),
            };
            let winner_changes = match sheets {
                (Some(sa), Some(sb)) => Some(sheet::winners(sa.1) != sheet::winners(sb.1)),
                _ => None,
            };
            let value = serde_json::json!({
                "file": view.name,
                "game": index + 1,
                "variants_dropped": variants,
                "editions": editions,
                "winner_changes": winner_changes,
                "differences": differences,
            });
            if request.format == ScoreFormat::Json {
                let value = crate::report::json::Versioned::new(value);
                text.push_str(&serde_json::to_string(&value).unwrap_or_default());
                text.push('\n');
            } else if let Ok(y) = crate::report::yaml::to_string(&value) {
                text.push_str("---\n");
                text.push_str(&y);
            }
        }
    }
    outcome
}

/// One game of a file, read for a command that works on one game.
struct OneGame {
    name: String,
    /// Its text, byte offset and first line (0-based) in the file.
    text: String,
    base: usize,
    first_line: usize,
    /// 1-based, as `--game` names it.
    number: usize,
    record: crate::notation::GameRecord,
    /// Whether it has lines too long to read (`E110`) that it does not need
    /// to be replayed: reported, and the game is replayed without them.
    unread_lines: bool,
}

impl OneGame {
    /// Writes faults of this game in the human format.
    fn write_faults(&self, err: &mut impl Write, diagnostics: &[crate::Diagnostic]) {
        let view =
            crate::report::SourceView::new(&self.name, &self.text, self.base, self.first_line);
        crate::report::render_game(
            &mut Sink::new(err),
            &view,
            self.number - 1,
            diagnostics,
            &human_report(),
        );
    }
}

/// Reads game `game` (1-based) of a file, reading no further, and reports its
/// syntax faults; `None` after an error message.
fn read_game(file: &Path, game: usize, err: &mut impl Write) -> Option<OneGame> {
    let name = file.display().to_string();
    if game == 0 {
        let _ = writeln!(err, "error: games are numbered from 1");
        return None;
    }
    let mut found = None;
    let read = each_game(file, |index, g| {
        if index + 1 < game {
            return std::ops::ControlFlow::Continue(());
        }
        found = Some((g.text.to_string(), g.base, g.first_line, g.parse()));
        std::ops::ControlFlow::Break(())
    });
    let count = match read {
        Ok(count) => count,
        Err(e) => {
            report_stream_fault(err, &name, &e, game.saturating_sub(1));
            return None;
        }
    };
    let Some((text, base, first_line, p)) = found else {
        let _ = writeln!(
            err,
            "error: {name} has {count} games; there is no game {game}"
        );
        return None;
    };
    let unread_lines = p.has_errors();
    let replayable = p.is_replayable();
    let one = OneGame {
        name,
        text,
        base,
        first_line,
        number: game,
        record: p.record,
        unread_lines,
    };
    if unread_lines {
        one.write_faults(err, &p.diagnostics);
        if !replayable {
            return None;
        }
    }
    Some(one)
}

/// What `carcref show` writes.
#[derive(Debug, Clone, Copy)]
enum ShowView<'a> {
    /// The picture for a terminal (to standard output).
    Text {
        /// Whether to colour it.
        color: bool,
    },
    /// An SVG picture, to this file (`-`: standard output).
    Svg(&'a Path),
    /// The board as a JSON document (to standard output).
    Json,
}

#[allow(clippy::too_many_arguments)]
fn show(
    file: &Path,
    turn: Option<u32>,
    game: usize,
    view: ShowView<'_>,
    highlight: Option<crate::score::FeatureRef>,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    let Some(one) = read_game(file, game, err) else {
        return EXIT_USAGE;
    };
    if let Some(t) = turn
        && t > 0
        && !one.record.turns.iter().any(|r| r.number.value == t)
    {
        let _ = writeln!(err, "error: {}: game {game} has no turn {t}", one.name);
        return EXIT_USAGE;
    }
    let position = match crate::referee::replay_until(&one.record, catalog, turn) {
        Ok(p) => p,
        Err(diagnostics) => {
            one.write_faults(err, &diagnostics);
            return 1;
        }
    };
    // A feature to highlight must be on the board shown.
    if let Some(h) = highlight
        && let Some(why) = crate::show::highlight_fault(&position.game, h)
    {
        let _ = writeln!(err, "error: --highlight \"{h}\": {why}");
        return EXIT_USAGE;
    }
    // A faulty record is shown after its last legal turn, labelled so.
    let mut code = u8::from(one.unread_lines);
    let label = position.stopped.as_ref().map(|(illegal, fault)| {
        format!(
            "position after turn {}; turn {illegal} is illegal: {} {}",
            position.game.turn(),
            fault.code(),
            crate::report::shown_text(&fault.to_string(), crate::report::MAX_TEXT)
        )
    });
    if let (Some(label), Some((_, fault))) = (&label, &position.stopped) {
        one.write_faults(err, std::slice::from_ref(fault));
        match view {
            ShowView::Svg(_) => {
                let _ = writeln!(err, "{label}");
            }
            ShowView::Text { .. } => {
                let _ = writeln!(out, "{label}");
            }
            // The document carries the label.
            ShowView::Json => {}
        }
        code = 1;
    }
    let state = &position.game;
    // A finished game shown at its end: its scoreboard after the final
    // scoring, titled so (the JSON's scores stay those of play).
    let at_end = turn.is_none_or(|t| one.record.turns.last().is_none_or(|l| t >= l.number.value));
    let final_scoring = at_end
        && position.stopped.is_none()
        && crate::header::Header::read_for(&one.record, catalog.user_sets())
            .0
            .is_some_and(|h| h.termination.scores_final());
    match view {
        ShowView::Json => {
            // The scorings of the turns played, for the points of each
            // completed feature.
            let replay = crate::referee::replay_with(
                &one.record,
                catalog,
                ReplayOptions {
                    until: turn,
                    ..ReplayOptions::default()
                },
            );
            let mut board = crate::show::board_view(state, &replay.events);
            board.set_meals(state, &replay.dragon_meals);
            let stopped = position.stopped.as_ref().map(|(illegal, fault)| {
                let view =
                    crate::report::SourceView::new(&one.name, &one.text, one.base, one.first_line);
                crate::report::json::Stopped {
                    turn: *illegal,
                    code: fault.code(),
                    message: fault.to_string(),
                    line: view.line_col(fault.span().start).0,
                }
            });
            let document = crate::report::json::ShowDocument {
                file: one.name.clone(),
                game,
                rules: state.edition().to_string(),
                position_after: state.turn(),
                status: if stopped.is_some() {
                    "invalid"
                } else {
                    "valid"
                },
                label,
                stopped,
                board,
            };
            let text = serde_json::to_string(&crate::report::json::Versioned::new(document))
                .unwrap_or_default();
            let _ = writeln!(out, "{text}");
        }
        ShowView::Svg(path) => {
            let picture = crate::show::board_svg(
                state,
                &crate::show::SvgOptions {
                    highlight,
                    last: true,
                    final_scoring,
                },
            );
            let written = if path == Path::new("-") {
                out.write_all(picture.as_bytes())
            } else {
                std::fs::write(path, picture)
            };
            if let Err(e) = written {
                let _ = writeln!(err, "error: {}: {e}", path.display());
                return EXIT_USAGE;
            }
        }
        ShowView::Text { color } => {
            let _ = out.write_all(
                crate::show::board_text(
                    state,
                    &crate::show::ShowOptions {
                        color,
                        highlight,
                        final_scoring,
                    },
                )
                .as_bytes(),
            );
        }
    }
    code
}

fn moves(
    file: &Path,
    turn: u32,
    game: usize,
    format: OutputFormat,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    use crate::report::json::{MoveFigure, MovesDocument, NoPlacement, Placement};
    let Some(one) = read_game(file, game, err) else {
        return EXIT_USAGE;
    };
    let Some(written) = one.record.turns.iter().find(|t| t.number.value == turn) else {
        let _ = writeln!(err, "error: {}: game {game} has no turn {turn}", one.name);
        return EXIT_USAGE;
    };
    let state = match crate::referee::replay_to(&one.record, catalog, Some(turn.saturating_sub(1)))
    {
        Ok(g) => g,
        Err(diagnostics) => {
            one.write_faults(err, &diagnostics);
            let _ = writeln!(err, "error: the turns before turn {turn} are not all legal");
            return 1;
        }
    };
    let Some(tile) = catalog
        .id(&written.tile.value)
        .filter(|t| state.in_play(*t))
    else {
        let _ = writeln!(
            err,
            "error: turn {turn} draws {}, which is not a tile in play",
            written.tile.value
        );
        return 1;
    };
    let player = state.next_player();
    let def = catalog.def(tile);
    // The Princess & the Dragon's actions with each placement, as the engine
    // accepts them; a placement the engine refuses whatever the turn does
    // (a dragon tile before the first volcano) is left out.
    let with_dragon = state.princess_and_dragon().is_some();
    let (legal, dragon_options): (Vec<_>, Vec<_>) = state
        .legal_placements(tile)
        .into_iter()
        .map(|p| {
            let options = crate::generate::dragon_options(&state, tile, p);
            (p, options)
        })
        .filter(|(p, o)| {
            !with_dragon
                || !o.princess.is_empty()
                || crate::generate::verdict(&state, tile, *p, None, &[])
                    != crate::generate::Verdict::Refused
        })
        .unzip();
    let set_aside = with_dragon && {
        let input = crate::rules::TurnInput {
            number: state.turn().saturating_add(1),
            player: state.name(player),
            tile: def.id.as_str(),
            place: None,
            figure: None,
            aside: true,
            steps: &[],
        };
        state.check_due(&input).is_ok()
    };
    // The Tower's actions with each placement, as the engine accepts them;
    // those legal with every placement are listed once.
    let tower_options: Vec<crate::generate::TowerOptions> = legal
        .iter()
        .map(|p| crate::generate::tower_options(&state, tile, *p, &[]))
        .collect();
    let everywhere = |piece: &crate::generate::PieceOption| {
        tower_options.iter().all(|o| o.pieces.contains(piece))
    };
    let fairy_everywhere =
        |f: &crate::generate::FairyOption| dragon_options.iter().all(|o| o.fairy.contains(f));
    let portal_everywhere =
        |f: &crate::generate::PortalOption| dragon_options.iter().all(|o| o.portal.contains(f));
    let placements: Vec<Placement> = legal
        .into_iter()
        .zip(&tower_options)
        .zip(&dragon_options)
        .map(|(((pos, rotation), options), dragon)| {
            let mut spots: Vec<(
                crate::figures::Figure,
                crate::tiles::Spot,
                crate::tiles::FeatureKind,
            )> = state
                .legal_figures(player, tile, pos, rotation)
                .into_iter()
                .filter_map(|f| {
                    Some((
                        f.figure,
                        crate::generate::spot_of(&state, tile, rotation, f.segment)?,
                        def.segment(f.segment)?.kind,
                    ))
                })
                // With The Princess & the Dragon the engine has the last
                // word: none on a volcano, none where the princess must act.
                .filter(|(figure, spot, _)| {
                    !with_dragon
                        || crate::generate::verdict(
                            &state,
                            tile,
                            (pos, rotation),
                            Some((figure.notation(), *spot)),
                            &[],
                        ) != crate::generate::Verdict::Refused
                })
                .collect();
            spots.sort();
            Placement {
                at: pos.to_string(),
                rotation: rotation.to_string(),
                figures: spots
                    .into_iter()
                    .map(|(figure, spot, feature)| MoveFigure {
                        figure,
                        spot: spot.to_string(),
                        feature,
                    })
                    .collect(),
                tower_pieces: options
                    .pieces
                    .iter()
                    .filter(|p| !everywhere(p))
                    .map(|p| piece_move(&state, p))
                    .collect(),
                princess: dragon
                    .princess
                    .iter()
                    .map(|k| crate::report::json::KnightMove {
                        at: k.at.to_string(),
                        spot: k.spot.to_string(),
                        player: state.name(k.owner).to_string(),
                        figure: k.figure,
                        written: crate::notation::write::step(&k.step),
                    })
                    .collect(),
                princess_required: dragon.princess_required,
                fairy: dragon
                    .fairy
                    .iter()
                    .filter(|f| !fairy_everywhere(f))
                    .map(fairy_move)
                    .collect(),
                portal: dragon
                    .portal
                    .iter()
                    .filter(|p| !portal_everywhere(p))
                    .map(portal_move)
                    .collect(),
                magic: state
                    .magic_steps(tile, pos, rotation)
                    .into_iter()
                    .map(|(pawn, to)| match to {
                        None => format!("{pawn}:-"),
                        Some((at, spot)) if at == pos => format!("{pawn}:{spot}"),
                        Some((at, spot)) => format!("{pawn}:{at}/{spot}"),
                    })
                    .collect(),
                dragon: dragon
                    .dragon
                    .iter()
                    .map(|m| crate::report::json::DragonStepMove {
                        direction: m.side.to_string(),
                        to: state
                            .princess_and_dragon()
                            .and_then(|d| d.dragon())
                            .and_then(|d| d.neighbour(m.side))
                            .map_or_else(String::new, |p| p.to_string()),
                        player: state.name(m.actor).to_string(),
                        written: crate::notation::write::step(&m.step),
                    })
                    .collect(),
                ferries: state
                    .ferry_choices(tile, pos, rotation)
                    .into_iter()
                    .flat_map(|(set, moves)| {
                        let set = set
                            .map(|(a, b)| format!("ferry:{}", crate::notation::Place::Ends(a, b)));
                        let moves = moves.into_iter().map(move |(at, (a, b))| {
                            format!("ferry:{at}/{}", crate::notation::Place::Ends(a, b))
                        });
                        match set {
                            Some(set) => std::iter::once(set.clone())
                                .chain(moves.map(|m| format!("{set} {m}")).collect::<Vec<_>>())
                                .collect::<Vec<_>>(),
                            None => moves.collect(),
                        }
                    })
                    .collect(),
                flights: crate::generate::flight_options(&state, tile, (pos, rotation))
                    .into_iter()
                    .map(|(die, to, written)| crate::report::json::FlightMove {
                        die,
                        to: to.to_string(),
                        landings: written
                            .iter()
                            .filter(|steps| steps.len() > 1)
                            .map(|steps| {
                                steps
                                    .iter()
                                    .map(crate::notation::write::step)
                                    .collect::<Vec<_>>()
                                    .join(" ")
                            })
                            .collect(),
                    })
                    .collect(),
            }
        })
        .collect();
    let princess_and_dragon = state.princess_and_dragon().map(|d| {
        let first = dragon_options.first().cloned().unwrap_or_default();
        crate::report::json::DragonMoves {
            dragon: d.dragon().map(|p| p.to_string()),
            fairy: d.fairy().map(|f| f.pos.to_string()),
            set_aside,
            fairy_moves: first
                .fairy
                .iter()
                .filter(|f| fairy_everywhere(f))
                .map(fairy_move)
                .collect(),
            portal: first
                .portal
                .iter()
                .filter(|p| portal_everywhere(p))
                .map(portal_move)
                .collect(),
        }
    });
    let tower = state.towers().map(|towers| {
        let first = tower_options.first().cloned().unwrap_or_default();
        let write = crate::notation::write::step;
        crate::report::json::TowerMoves {
            pieces_in_hand: towers.pieces().get(player).copied().unwrap_or(0),
            pieces: first
                .pieces
                .iter()
                .filter(|p| everywhere(p))
                .map(|p| piece_move(&state, p))
                .collect(),
            closings: first
                .closings
                .iter()
                .filter(|c| tower_options.iter().all(|o| o.closings.contains(c)))
                .map(|c| crate::report::json::ClosingMove {
                    at: c.at.to_string(),
                    figure: c.figure,
                    written: write(&c.step),
                })
                .collect(),
            ransoms: first
                .ransoms
                .iter()
                .filter(|r| tower_options.iter().all(|o| o.ransoms.contains(r)))
                .map(|r| crate::report::json::RansomMove {
                    jailer: state.name(r.jailer).to_string(),
                    figure: r.figure,
                    points: crate::rules::expansions::tower::RANSOM,
                    written: write(&r.step),
                })
                .collect(),
        }
    });
    let crop_circle = circle_moves(&state, written);
    let robbers = state.robbers().map(|r| crate::report::json::RobberMoves {
        on_scoreboard: crate::report::OrderedMap(
            r.on_board()
                .map(|(p, at)| (state.name(p).to_string(), at.number()))
                .collect(),
        ),
        placements: state
            .robber_options(tile)
            .into_iter()
            .map(|(p, beside)| crate::report::json::RobberTurn {
                player: state.name(p).to_string(),
                written: beside
                    .into_iter()
                    .map(|b| {
                        let name = crate::notation::write::player_name(state.name(b));
                        if p == player {
                            format!("robber:{name}")
                        } else {
                            format!(
                                "robber:{name}({})",
                                crate::notation::write::player_name(state.name(p))
                            )
                        }
                    })
                    .collect(),
            })
            .collect(),
    });
    let messengers = state
        .messengers()
        .map(|m| crate::report::json::MessengerMoves {
            pawns: crate::report::OrderedMap(
                state
                    .pawns()
                    .iter()
                    .map(|(p, x)| {
                        (
                            state.name(p).to_string(),
                            [x.marker, x.messenger.unwrap_or(0)],
                        )
                    })
                    .collect(),
            ),
            stack: m.stack().to_vec(),
            drawn: m.drawn(),
            top: m.top(),
            extra_tiles: m.extra_tiles(),
        });
    let document = MovesDocument {
        file: one.name.clone(),
        game,
        turn,
        player: state.name(player).to_string(),
        tile: def.id.clone(),
        tile_name: def.name.clone(),
        followers_in_hand: state.followers_in_hand(player),
        none: match (placements.is_empty(), def.river != 0) {
            (false, _) => None,
            (true, _) if set_aside => Some(NoPlacement::SetAside),
            (true, true) => Some(NoPlacement::RiverBlocked),
            (true, false) => Some(NoPlacement::FitsNowhere),
        },
        placements,
        tower,
        princess_and_dragon,
        crop_circle,
        robbers,
        messengers,
    };
    match format {
        OutputFormat::Json => {
            let text = serde_json::to_string(&crate::report::json::Versioned::new(&document))
                .unwrap_or_default();
            let _ = writeln!(out, "{text}");
        }
        OutputFormat::Human => write_moves(&document, out),
    }
    0
}

/// `carcref moves` for people: a line for the tile drawn, then a line a
/// placement with the figures it allows.
fn write_moves(m: &crate::report::json::MovesDocument, out: &mut impl Write) {
    let count = m.placements.len();
    let _ = writeln!(
        out,
        "turn {}: {} draws {} ({}): {count} legal {}",
        m.turn,
        m.player,
        m.tile,
        m.tile_name,
        if count == 1 {
            "placement"
        } else {
            "placements"
        }
    );
    match m.none {
        Some(crate::report::json::NoPlacement::RiverBlocked) => {
            let _ = writeln!(
                out,
                "  none: the river cannot be continued with this tile (E309)"
            );
        }
        Some(crate::report::json::NoPlacement::FitsNowhere) => {
            let _ = writeln!(out, "  none: the tile fits nowhere and is discarded");
        }
        Some(crate::report::json::NoPlacement::SetAside) => {
            let _ = writeln!(
                out,
                "  none: a dragon tile before the first volcano is set aside (aside)"
            );
        }
        None => {}
    }
    if m.followers_in_hand == 0 && count > 0 {
        let _ = writeln!(out, "  ({} has no follower in supply)", m.player);
    }
    for p in &m.placements {
        let followers = if p.figures.is_empty() {
            "-".to_string()
        } else {
            p.figures
                .iter()
                .map(|f| match f.figure.notation() {
                    Some(name) => format!("{name}:{} ({})", f.spot, f.feature),
                    None => format!("{} ({})", f.spot, f.feature),
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(
            out,
            "  {:<12} {followers}",
            format!("{} {}", p.at, p.rotation)
        );
        for piece in &p.tower_pieces {
            let _ = writeln!(out, "  {:<12} {}", "", piece_line(piece));
        }
        if !p.princess.is_empty() {
            let knights: Vec<String> = p
                .princess
                .iter()
                .map(|k| format!("{} ({}'s {})", k.written, k.player, k.figure.word()))
                .collect();
            let _ = writeln!(
                out,
                "  {:<12} the princess {} send home: {}",
                "",
                if p.princess_required { "must" } else { "may" },
                knights.join(", ")
            );
        }
        for (what, list) in [
            (
                "the fairy to:",
                p.fairy
                    .iter()
                    .map(|f| f.written.as_str())
                    .collect::<Vec<_>>(),
            ),
            (
                "portal:",
                p.portal.iter().map(|f| f.written.as_str()).collect(),
            ),
        ] {
            if !list.is_empty() {
                let _ = writeln!(out, "  {:<12} {what} {}", "", list.join(", "));
            }
        }
        for f in &p.flights {
            let landings = if f.landings.is_empty() {
                format!("fly:{} (no landing: the follower comes back)", f.die)
            } else {
                f.landings.join(", ")
            };
            let _ = writeln!(
                out,
                "  {:<12} a flight of {} (to {}): {landings}",
                "", f.die, f.to
            );
        }
        if !p.magic.is_empty() {
            let _ = writeln!(out, "  {:<12} magic pawn: {}", "", p.magic.join(", "));
        }
        if !p.ferries.is_empty() {
            let _ = writeln!(out, "  {:<12} ferries: {}", "", p.ferries.join(", "));
        }
        if let Some(first) = p.dragon.first() {
            let moves: Vec<String> = p
                .dragon
                .iter()
                .map(|m| format!("{} (to {})", m.written, m.to))
                .collect();
            let _ = writeln!(
                out,
                "  {:<12} the dragon's first move, by {}: {}",
                "",
                first.player,
                moves.join(", ")
            );
        }
    }
    if let Some(ms) = &m.messengers {
        let pawns: Vec<String> = ms
            .pawns
            .0
            .iter()
            .map(|(p, [marker, messenger])| format!("{p} {marker} + {messenger}"))
            .collect();
        let _ = writeln!(out, "the pawns (marker + messenger): {}", pawns.join(", "));
        let stack: Vec<String> = ms.stack.iter().map(u8::to_string).collect();
        let _ = writeln!(
            out,
            "the messages drawn: {}{}",
            if stack.is_empty() {
                "none".to_string()
            } else {
                format!("{} in all, first {}", ms.drawn, stack.join(", "))
            },
            ms.top.map_or(String::new(), |t| format!(
                "; the top of the stack: message {t}"
            ))
        );
    }
    if let Some(r) = &m.robbers {
        let on: Vec<String> = r
            .on_scoreboard
            .0
            .iter()
            .map(|(p, at)| format!("{p}'s on {at}"))
            .collect();
        let _ = writeln!(
            out,
            "the robbers on the scoreboard: {}",
            if on.is_empty() {
                "none".to_string()
            } else {
                on.join(", ")
            }
        );
        if !r.placements.is_empty() {
            let _ = writeln!(out, "  after the tile, before the figure, each may pass:");
        }
        for t in &r.placements {
            let _ = writeln!(out, "  {:<12} {}", t.player, t.written.join(", "));
        }
    }
    if let Some(c) = &m.crop_circle {
        let _ = writeln!(
            out,
            "the crop circle ({}), after the turn as written:",
            c.followers
        );
        for (choice, turns) in [("circle:add", &c.add), ("circle:remove", &c.remove)] {
            if turns.is_empty() {
                let _ = writeln!(out, "  {choice:<14} nobody can act");
            }
            for (i, t) in turns.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "  {:<14} {}: {}",
                    if i == 0 { choice } else { "" },
                    t.player,
                    t.written.join(", ")
                );
            }
        }
    }
    if let Some(d) = &m.princess_and_dragon {
        let _ = writeln!(
            out,
            "the Princess & the Dragon: the dragon {}, the fairy {}{}",
            d.dragon
                .as_ref()
                .map_or_else(|| "not yet in play".to_string(), |p| format!("at {p}")),
            d.fairy
                .as_ref()
                .map_or_else(|| "not yet placed".to_string(), |p| format!("at {p}")),
            if m.placements.is_empty() {
                ""
            } else {
                "; with any placement:"
            }
        );
        if !m.placements.is_empty() && d.fairy_moves.is_empty() && d.portal.is_empty() {
            let _ = writeln!(out, "  nothing more");
        }
        for f in &d.fairy_moves {
            let _ = writeln!(out, "  {:<22} moves the fairy to {}", f.written, f.at);
        }
        for p in &d.portal {
            let _ = writeln!(
                out,
                "  {:<22} a {} through the magic portal",
                p.written,
                p.figure.word()
            );
        }
    }
    if let Some(t) = &m.tower {
        let _ = writeln!(
            out,
            "the Tower: {} has {} tower {} left; with any placement:",
            m.player,
            t.pieces_in_hand,
            if t.pieces_in_hand == 1 {
                "piece"
            } else {
                "pieces"
            }
        );
        if t.pieces.is_empty() && t.closings.is_empty() && t.ransoms.is_empty() {
            let _ = writeln!(out, "  nothing more");
        }
        for piece in &t.pieces {
            let _ = writeln!(out, "  {}", piece_line(piece));
        }
        for c in &t.closings {
            let _ = writeln!(
                out,
                "  {:<22} closes the tower with a {}",
                c.written,
                c.figure.word()
            );
        }
        for r in &t.ransoms {
            let _ = writeln!(
                out,
                "  {:<22} buys back a {} from {} for {} points",
                r.written,
                r.figure.word(),
                r.jailer,
                r.points
            );
        }
    }
}

/// A move of the fairy, as `moves` lists it.
fn fairy_move(f: &crate::generate::FairyOption) -> crate::report::json::FairyMove {
    crate::report::json::FairyMove {
        at: f.at.to_string(),
        spot: f.spot.map(|s| s.to_string()),
        written: crate::notation::write::step(&f.step),
    }
}

/// The crop circle's effects after the turn as the record writes it (its
/// placement, figure and actions, without its circle's): for each effect,
/// what each player can do, in order. `None` where the tile shows no crop
/// circle or the turn as written is not legal.
fn circle_moves(
    state: &crate::rules::Game<'_>,
    written: &crate::notation::TurnRecord,
) -> Option<crate::report::json::CircleMoves> {
    use crate::notation::{ActArg, ActRecord, Place, Span, Spanned, StepRecord, Target};
    let tile = state.catalog().id(&written.tile.value)?;
    let kind = state.catalog().def(tile).circle?;
    fn sp<T>(v: T) -> Spanned<T> {
        Spanned::new(v, Span::default())
    }
    let mut turn = written.clone();
    turn.steps.retain(|s| {
        !matches!(s, StepRecord::Act(a) if ["circle", "add", "remove", "pass"].contains(&a.verb.value.as_str()))
    });
    let mut effects = Vec::new();
    for add in [true, false] {
        let mut t = turn.clone();
        t.steps.push(StepRecord::Act(ActRecord {
            verb: sp("circle".into()),
            arg: Some(sp(ActArg::Kind(if add { "add" } else { "remove" }.into()))),
            player: None,
            span: Span::default(),
        }));
        let options = state.circle_options(&crate::rules::TurnInput::of(&t), add)?;
        let turns = options
            .into_iter()
            .map(|(player, open)| {
                let name = state.name(player).to_string();
                let mut list: Vec<String> = open
                    .iter()
                    .map(|(at, spot, figure)| {
                        let step = StepRecord::Act(ActRecord {
                            verb: sp(if add { "add" } else { "remove" }.into()),
                            arg: Some(sp(ActArg::At {
                                figure: figure.notation().map(|n| sp(n.into())),
                                target: Target {
                                    pos: Some(sp(*at)),
                                    place: Some(sp(Place::Spot(*spot))),
                                },
                            })),
                            player: Some(sp(name.as_str().into())),
                            span: Span::default(),
                        });
                        crate::notation::write::step(&step)
                    })
                    .collect();
                if add {
                    list.push(format!("pass({name})"));
                }
                crate::report::json::CircleTurn {
                    player: name,
                    written: list,
                }
            })
            .collect();
        effects.push(turns);
    }
    let remove = effects.pop()?;
    let add = effects.pop()?;
    Some(crate::report::json::CircleMoves {
        followers: match kind {
            crate::tiles::FeatureKind::Field => "farmers",
            crate::tiles::FeatureKind::Road => "thieves",
            _ => "knights",
        }
        .to_string(),
        add,
        remove,
    })
}

/// A follower through the magic portal, as `moves` lists it.
fn portal_move(p: &crate::generate::PortalOption) -> crate::report::json::PortalMove {
    crate::report::json::PortalMove {
        at: p.at.to_string(),
        spot: p.spot.to_string(),
        figure: p.figure,
        written: crate::notation::write::step(&p.step),
    }
}

/// A tower piece the player may build, as `moves` lists it.
fn piece_move(
    game: &crate::Game<'_>,
    p: &crate::generate::PieceOption,
) -> crate::report::json::TowerPieceMove {
    let write = crate::notation::write::step;
    crate::report::json::TowerPieceMove {
        at: p.at.to_string(),
        height: p.height,
        written: write(&p.step),
        captures: p
            .captures
            .iter()
            .map(|c| crate::report::json::CaptureMove {
                at: c.at.to_string(),
                spot: c.spot.map_or_else(|| "T".to_string(), |s| s.to_string()),
                player: game.name(c.owner).to_string(),
                figure: c.figure,
                exchange: c.exchange,
                written: c.steps.iter().map(write).collect::<Vec<_>>().join(" "),
            })
            .collect(),
    }
}

/// One line of `moves` for a tower piece: where, the height, the captures.
fn piece_line(p: &crate::report::json::TowerPieceMove) -> String {
    let captures = if p.captures.is_empty() {
        "no prisoner within reach".to_string()
    } else {
        let list: Vec<String> = p
            .captures
            .iter()
            .map(|c| {
                let exchange = c
                    .exchange
                    .map(|k| format!(", {} back in exchange", k.word()))
                    .unwrap_or_default();
                format!(
                    "{} ({}'s {}{exchange})",
                    c.written,
                    c.player,
                    c.figure.word()
                )
            })
            .collect();
        format!("may take: {}", list.join(", "))
    };
    format!("{:<22} height {}; {captures}", p.written, p.height)
}

/// One input of `carcref import`: a Carcassonne Lab URL, or a file.
#[derive(Debug)]
enum ImportInput {
    Url(String),
    File(PathBuf),
}

/// `carcref import`: each input in turn, files and the files found in
/// folders, its records written (in canonical form) as soon as it is read.
/// Each fault names its input, and a bad input does not stop the others: the
/// exit code is 1 if an input had faults, 2 if one could not be read (or a
/// folder held no file of the format), at the end.
fn import(
    source: ImportSource,
    output: OutputFormat,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    use crate::import::{Format, input};
    let files = |paths: Vec<PathBuf>| paths.into_iter().map(ImportInput::File).collect();
    let (format, args): (Format, Vec<ImportInput>) = match source {
        ImportSource::Bga { paths } => (Format::Bga, files(paths)),
        ImportSource::Kifu { paths } => (Format::Kifu, files(paths)),
        ImportSource::Jcz { paths } => (Format::Jcz, files(paths)),
        // A replay URL is imported as it is; anything else names a table or a
        // folder of tables.
        ImportSource::Lab { inputs } => (
            Format::Lab,
            inputs
                .into_iter()
                .map(|i| {
                    if i.contains("#/") {
                        ImportInput::Url(i)
                    } else {
                        ImportInput::File(PathBuf::from(i))
                    }
                })
                .collect(),
        ),
    };
    let mut code = 0;
    // The paths of each run of them between URLs are searched together (so a
    // file named twice is read once), files and folders in the order named.
    let mut inputs = Vec::new();
    let mut paths = Vec::new();
    let mut find = |paths: &mut Vec<PathBuf>, inputs: &mut Vec<ImportInput>, code: &mut u8| {
        if paths.is_empty() {
            return;
        }
        let found = crate::files::find_inputs_named(paths, format.suffixes());
        let reported = match output {
            OutputFormat::Human => found.report(err),
            OutputFormat::Json => {
                for problem in &found.problems {
                    let _ = writeln!(err, "{}", crate::report::json::file_problem(problem));
                }
                found.exit_code()
            }
        };
        // A folder holding no file of the format is a usage error here (2), as
        // a path that cannot be read: there is nothing to import.
        let empty = found
            .problems
            .iter()
            .any(|p| p.kind == crate::files::ProblemKind::NoRecords);
        *code = (*code)
            .max(reported)
            .max(if empty { EXIT_USAGE } else { 0 });
        inputs.extend(found.files.into_iter().map(ImportInput::File));
        paths.clear();
    };
    for arg in args {
        match arg {
            ImportInput::File(path) => paths.push(path),
            url @ ImportInput::Url(_) => {
                find(&mut paths, &mut inputs, &mut code);
                inputs.push(url);
            }
        }
    }
    find(&mut paths, &mut inputs, &mut code);
    let mut games = 0usize;
    for item in inputs {
        let (name, (records, errors)) = match item {
            ImportInput::Url(url) => {
                let imported = match crate::import::lab::import_url(&url) {
                    Ok(record) => (vec![record], Vec::new()),
                    Err(errors) => (Vec::new(), errors),
                };
                (url, imported)
            }
            ImportInput::File(path) => {
                let name = path.display().to_string();
                match input::read(&path) {
                    Ok(text) => (name, format.import(&text)),
                    Err(e) => {
                        let _ = match output {
                            OutputFormat::Human => writeln!(err, "error: {name}: {e}"),
                            OutputFormat::Json => writeln!(
                                err,
                                "{}",
                                crate::report::json::unreadable(&name, &e.to_string())
                            ),
                        };
                        code = code.max(EXIT_USAGE);
                        continue;
                    }
                }
            }
        };
        let mut text = String::new();
        for record in &records {
            // Games are separated by a blank line, as `fmt` writes them.
            if games > 0 {
                text.push('\n');
            }
            crate::import::write_game(&mut text, record);
            games += 1;
        }
        let _ = out.write_all(text.as_bytes());
        let _ = out.flush();
        for e in &errors {
            let _ = match output {
                OutputFormat::Human => writeln!(
                    err,
                    "error[{}]: {name}: {} (at {})",
                    e.code, e.message, e.location
                ),
                OutputFormat::Json => {
                    writeln!(err, "{}", crate::report::json::import_error(Some(&name), e))
                }
            };
        }
        if !errors.is_empty() {
            code = code.max(1);
        }
    }
    code
}

/// The canonical text of one game of a stream, or its faults (syntax, and
/// bytes that are not UTF-8) when it has any error.
fn canonical_game(
    g: &crate::stream::Game<'_>,
    catalog: &TileCatalog,
) -> Result<String, Vec<crate::Diagnostic>> {
    let p = g.parse();
    if p.has_errors() {
        return Err(p.diagnostics);
    }
    let mut text = String::new();
    crate::notation::write::write_game(
        &mut text,
        &crate::notation::write::canonical_with(&p.record, catalog),
    );
    Ok(text)
}

/// What reading a file for `fmt` found.
#[derive(Debug, Default)]
struct FmtCheck {
    /// Games read.
    games: usize,
    /// Whether a game has syntax errors (reported).
    faulty: bool,
    /// Whether the file is written as `fmt` would write it.
    canonical: bool,
}

/// Reads a file's games one at a time, reporting the syntax faults of each,
/// and tells whether the file is canonical: each game is its canonical text
/// followed by the blank line that separates it from the next (SPEC 5), and
/// there is no byte order mark.
///
/// With `diff`, the differences between the file and its canonical form are
/// added to it, a game at a time.
fn fmt_check(
    file: &Path,
    name: &str,
    catalog: &TileCatalog,
    err: &mut impl Write,
    mut diff: Option<&mut crate::diff::UnifiedDiff>,
) -> Result<FmtCheck, crate::stream::StreamError> {
    let mut found = FmtCheck {
        canonical: true,
        ..FmtCheck::default()
    };
    // Whether the last game read ends without the blank line: only the last
    // game of a file may.
    let mut unseparated = false;
    // The game before, as written and canonical: whether it is the last, and
    // so ends without the blank line, is known when the next is read.
    let mut pending: Option<(String, String)> = None;
    let read = each_game(file, |index, g| {
        found.games += 1;
        match canonical_game(g, catalog) {
            Ok(text) => {
                if let Some(d) = diff.as_deref_mut() {
                    if let Some((old, new)) = pending.take() {
                        d.piece(&old, &format!("{new}\n"));
                    }
                    let bom = if index == 0 && g.base > 0 {
                        "\u{feff}"
                    } else {
                        ""
                    };
                    pending = Some((format!("{bom}{}", g.text), text.clone()));
                }
                // The game's text, then the blank line before the next game.
                let separated = g.text.strip_suffix('\n') == Some(text.as_str());
                // A first game that does not start the file follows a byte
                // order mark, which the canonical form does not have.
                let unmarked = index > 0 || g.base == 0;
                found.canonical &= !unseparated && unmarked && (separated || g.text == text);
                unseparated = !separated;
            }
            Err(faults) => {
                report_game(&mut *err, name, g, index, &faults);
                found.faulty = true;
            }
        }
        std::ops::ControlFlow::Continue(())
    });
    // The last game ends without the blank line.
    found.canonical &= unseparated || found.games == 0;
    if let (Some(d), Some((old, new))) = (diff, pending) {
        d.piece(&old, &new);
    }
    read.map(|_| found)
}

/// Writes the canonical form of a file's games to `w`, a game at a time.
/// `carcref fix`: the repairs of each game's first illegal turn, a diff of the
/// confirmed ones, and with `apply` the file written with them.
fn fmt_write(file: &Path, catalog: &TileCatalog, w: &mut dyn Write) -> std::io::Result<()> {
    let mut result = Ok(());
    let read = each_game(file, |index, g| {
        let written = match canonical_game(g, catalog) {
            Ok(text) if index == 0 => w.write_all(text.as_bytes()),
            Ok(text) => w
                .write_all(b"\n")
                .and_then(|()| w.write_all(text.as_bytes())),
            Err(_) => Err(std::io::Error::other("the record has syntax errors")),
        };
        result = written;
        if result.is_err() {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    });
    result?;
    read.map(|_| ()).map_err(|e| match e {
        crate::stream::StreamError::Io(e) => e,
        other => std::io::Error::other(other.to_string()),
    })
}

fn fmt(
    paths: &[PathBuf],
    check: bool,
    diff: bool,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    let inputs = crate::files::find_inputs(paths);
    let mut code = inputs.report(err);
    let files = inputs.files;
    for file in &files {
        let name = file.display().to_string();
        if file == Path::new("-") && !check {
            // Standard input is read once: each game is written as it is read,
            // and the first with a syntax error ends the output.
            code = code.max(fmt_stdin(&name, catalog, out, err));
            continue;
        }
        let mut changes = diff.then(crate::diff::UnifiedDiff::new);
        let found = match fmt_check(file, &name, catalog, err, changes.as_mut()) {
            Ok(found) => found,
            Err(e) => {
                code = code.max(report_stream_fault(err, &name, &e, 0));
                continue;
            }
        };
        if found.games == 0 {
            report_no_game(err, &name);
            found_error(err, &name);
            code = code.max(1);
        } else if found.faulty {
            found_error(err, &name);
            code = code.max(1);
        } else if found.canonical {
        } else if let Some(changes) = changes {
            let _ = out.write_all(changes.finish(&name).as_bytes());
            code = code.max(1);
        } else if check {
            let _ = writeln!(out, "{name}: not canonical");
            code = code.max(1);
        } else if let Err(e) = crate::files::replace_file(file, |w| fmt_write(file, catalog, w)) {
            let _ = writeln!(err, "error: {name}: {e}");
            code = EXIT_USAGE;
        }
    }
    code
}

/// Says that a file was left as it is because of its faults.
fn found_error(err: &mut impl Write, name: &str) {
    let _ = writeln!(err, "error: {name}: not formatted: it has syntax errors");
}

/// `fmt -`: standard input's canonical form to standard output, a game at a
/// time.
fn fmt_stdin(name: &str, catalog: &TileCatalog, out: &mut impl Write, err: &mut impl Write) -> u8 {
    let mut faulty = false;
    let read = each_game(Path::new("-"), |index, g| {
        match canonical_game(g, catalog) {
            Ok(text) => {
                if index > 0 {
                    let _ = out.write_all(b"\n");
                }
                let _ = out.write_all(text.as_bytes());
                std::ops::ControlFlow::Continue(())
            }
            Err(faults) => {
                report_game(&mut *err, name, g, index, &faults);
                faulty = true;
                std::ops::ControlFlow::Break(())
            }
        }
    });
    match read {
        Ok(0) => {
            report_no_game(err, name);
            found_error(err, name);
            1
        }
        Ok(_) if faulty => {
            found_error(err, name);
            1
        }
        Ok(_) => 0,
        Err(e) => report_stream_fault(err, name, &e, 0),
    }
}

/// The section of `notation/diagnostics.md` for a code (from its `## CODE` heading
/// to the next one).
pub fn explanation(code: &str) -> Option<&'static str> {
    let code = code.trim().to_ascii_uppercase();
    let start = DIAGNOSTICS_MD.find(&format!("\n## {code} "))? + 1;
    let rest = DIAGNOSTICS_MD.get(start..)?;
    let end = rest.get(1..)?.find("\n## ").map_or(rest.len(), |i| i + 2);
    rest.get(..end).map(str::trim_end)
}

fn explain(code: &str, format: OutputFormat, out: &mut impl Write, err: &mut impl Write) -> u8 {
    match explanation(code) {
        Some(text) => {
            let _ = match format {
                OutputFormat::Human => writeln!(out, "{text}"),
                OutputFormat::Json => {
                    writeln!(out, "{}", crate::report::json::explanation(text))
                }
            };
            0
        }
        None => {
            let codes = crate::diagnostics::CODES
                .iter()
                .chain(crate::import::CODES)
                .map(|(c, _)| *c);
            let _ = match crate::suggest::nearest_code(code, codes.clone()) {
                Some(near) => writeln!(
                    err,
                    "error: no diagnostic has the code {code}; did you mean `{near}`?"
                ),
                None => writeln!(
                    err,
                    "error: no diagnostic has the code {code}; codes: {}",
                    codes.collect::<Vec<_>>().join(" ")
                ),
            };
            EXIT_USAGE
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn generate(
    seed: u64,
    games: usize,
    rules: Edition,
    players: u8,
    expansions: &str,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    let (expansions, tile_sets) = match parse_expansions(expansions, catalog) {
        Ok(named) => named,
        Err(e) => {
            let _ = writeln!(
                err,
                "error: invalid value '{expansions}' for '--expansions <EXPANSIONS>': {e}"
            );
            return EXIT_USAGE;
        }
    };
    if usize::from(players) > rules.max_players() {
        let _ = writeln!(
            err,
            "error: the {rules} basic game seats 2 to {} players",
            rules.max_players()
        );
        return EXIT_USAGE;
    }
    let mut rng = crate::generate::Rng::new(seed);
    let options = crate::generate::GenOptions {
        edition: rules,
        players: usize::from(players),
        expansions,
    };
    for i in 0..games {
        let record = crate::generate::random_game_with(catalog, &options, &tile_sets, &mut rng);
        let mut text = String::new();
        if i > 0 {
            text.push('\n');
        }
        crate::notation::write::write_game(&mut text, &record);
        if out.write_all(text.as_bytes()).is_err() {
            return EXIT_USAGE;
        }
    }
    0
}

fn tiles(
    id: Option<&str>,
    format: OutputFormat,
    catalog: &TileCatalog,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    if format == OutputFormat::Json {
        let document = match id {
            None => crate::report::json::tiles(catalog.iter().map(|(_, def)| def), false),
            Some(id) => {
                let Some(def) = catalog.id(id).and_then(|t| catalog.get(t)) else {
                    let _ = writeln!(err, "error: no tile {id}; `carcref tiles` lists them");
                    return EXIT_USAGE;
                };
                crate::report::json::tiles([def], true)
            }
        };
        let _ = writeln!(out, "{document}");
        return 0;
    }
    match id {
        None => {
            for (_, def) in catalog.iter() {
                let _ = writeln!(out, "{} ×{} — {}", def.id, def.count, def.name);
                for row in picture(def, Rotation::R0) {
                    let _ = writeln!(out, "    {row}");
                }
                let _ = writeln!(out);
            }
            0
        }
        Some(id) => {
            let Some(def) = catalog.id(id).and_then(|t| catalog.get(t)) else {
                let _ = writeln!(
                    err,
                    "error: no tile {id}; `carcref tiles` lists them{}",
                    crate::suggest::did_you_mean(id, catalog.iter().map(|(_, d)| d.id.as_str()))
                );
                return EXIT_USAGE;
            };
            let _ = writeln!(
                out,
                "{} ×{} ({} set) — {}",
                def.id, def.count, def.set, def.name
            );
            let pics: Vec<Vec<String>> = Rotation::ALL.iter().map(|r| picture(def, *r)).collect();
            let _ = writeln!(
                out,
                "{}",
                Rotation::ALL
                    .map(|r| format!("{:<11}", r.to_string()))
                    .join("  ")
            );
            for row in 0..5 {
                let line: Vec<String> = pics
                    .iter()
                    .map(|p| p.get(row).cloned().unwrap_or_default())
                    .collect();
                let _ = writeln!(out, "{}", line.join("  "));
            }
            0
        }
    }
}
