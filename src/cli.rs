//! The command line: its clap definitions (the commands, their arguments and
//! the parsers of their values). What each command does is in
//! `src/commands/`, one file each.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

use crate::edition::Edition;

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
    /// Read the settings of this file (in carcref.toml's format) in place of
    /// the carcref.toml found in the working folder or its parents.
    #[arg(long, value_name = "FILE", global = true, conflicts_with = "no_config")]
    pub config: Option<PathBuf>,
    /// Read no carcref.toml.
    #[arg(long, global = true)]
    pub no_config: bool,
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
    /// One SARIF 2.1.0 log (code scanning), written when the run ends.
    Sarif,
    /// One JUnit XML report (a testsuite a file, a testcase a game), written
    /// when the run ends.
    Junit,
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

/// Output formats of `stats`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StatsFormat {
    /// Tables for people.
    Human,
    /// One JSON document (`notation/schemas/stats.schema.json`).
    Json,
    /// A row a group, for spreadsheets.
    Csv,
}

/// What `stats` groups results by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StatsBy {
    /// Each player, by name.
    Player,
    /// Each seat (1 plays first): the first player's advantage.
    Seat,
    /// The Rules tag.
    Rules,
    /// The Expansions tag.
    Expansions,
    /// The month of the Date tag.
    Month,
}

impl StatsBy {
    /// The library's grouping.
    pub fn group_by(self) -> crate::archive::stats::GroupBy {
        use crate::archive::stats::GroupBy;
        match self {
            StatsBy::Player => GroupBy::Player,
            StatsBy::Seat => GroupBy::Seat,
            StatsBy::Rules => GroupBy::Rules,
            StatsBy::Expansions => GroupBy::Expansions,
            StatsBy::Month => GroupBy::Month,
        }
    }
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check records: every turn replayed, every claim verified.
    Check {
        /// Files, folders (searched for *.cgn and *.cgn.gz) or - for standard
        /// input; gzip-compressed records are read as they are.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Diagnostic format.
        #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
        format: CheckFormat,
        /// Worker threads (0 = one per core; never more than there are cores;
        /// default: carcref.toml's jobs, else 0). Output order never depends
        /// on it.
        #[arg(long)]
        jobs: Option<usize>,
        /// Report only these codes, comma-separated; a prefix stands for
        /// every code it starts (E5: the score claims; W: the warnings).
        #[arg(long, value_name = "CODES", value_delimiter = ',', value_parser = parse_code_prefix, value_hint = clap::ValueHint::Other)]
        select: Option<Vec<String>>,
        /// Do not report these codes (prefixes allowed): an ignored fault is
        /// neither shown nor counted. The longest prefix that matches a code
        /// decides between --select and --ignore.
        #[arg(long, value_name = "CODES", value_delimiter = ',', value_parser = parse_code_prefix, value_hint = clap::ValueHint::Other)]
        ignore: Option<Vec<String>>,
        /// A reported warning fails the run as an error does.
        #[arg(long)]
        warnings_as_errors: bool,
    },
    /// Explain every point of a record's score: a sheet of every turn's
    /// running totals, claims and scorings with their arithmetic. A faulty
    /// record is scored up to its last legal turn, labelled so.
    Score {
        /// The records: files, folders (searched for *.cgn and *.cgn.gz) or -
        /// for standard input, plain or gzip-compressed.
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
    /// Write records in canonical form (in place, a gzip-compressed file
    /// compressed again; `-` writes standard input's canonical form to
    /// standard output).
    Fmt {
        /// Only report the files that are not canonical (exit 1 if any).
        #[arg(long)]
        check: bool,
        /// Print what would change, as a unified diff of each file against
        /// its canonical form, and write nothing (implies --check).
        #[arg(long)]
        diff: bool,
        /// Files, folders (searched for *.cgn and *.cgn.gz) or -.
        #[arg(default_value = "-")]
        paths: Vec<PathBuf>,
    },
    /// Suggest repairs for the first illegal turn of each game (another
    /// rotation, a neighbouring square, another tile letter, another spot) and
    /// show them as a diff; --apply writes the one every claim confirms.
    Fix {
        /// The records: files, folders (searched for `.cgn` and `.cgn.gz`
        /// files), or - for standard input; a compressed file repaired is
        /// written compressed.
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
    /// Show the board after a turn (default: the end) in the terminal, as SVG
    /// or PNG, or write the verdict page (HTML) to replay the game.
    Show {
        /// The record (or - for standard input), plain or gzip-compressed, or a
        /// folder, whose games --game counts one after another, file by file;
        /// with --html into a folder, several records and folders.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Show the board after this turn.
        #[arg(long)]
        turn: Option<u32>,
        /// Which game of the file (1-based; the first by default). With --html
        /// into a folder: only this game of each file.
        #[arg(long)]
        game: Option<usize>,
        /// Write an SVG picture to this file instead (- for standard output).
        #[arg(long)]
        svg: Option<PathBuf>,
        /// Write a PNG picture of the board to this file instead (- for
        /// standard output).
        #[arg(long, conflicts_with_all = ["svg", "format"])]
        png: Option<PathBuf>,
        /// Write the verdict page instead: one self-contained HTML file to
        /// step through the game, with its faults, the repairs fix suggests
        /// and the score sheet (- for standard output). Given a folder (an
        /// existing one, or a name ending in /), or several records or a
        /// folder of them: a page for every game and an index.html.
        #[arg(long, conflicts_with_all = ["svg", "png", "format", "turn", "highlight"])]
        html: Option<PathBuf>,
        /// With --html: add the items the two editions score differently.
        #[arg(long, requires = "html")]
        compare_editions: bool,
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
        /// The record (or - for standard input), plain or gzip-compressed; or
        /// a folder, whose games --game counts one after another, file by file.
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
    /// The figures of an archive over the games that check valid, each once
    /// (it says how many it left out, and why): games, wins, points by kind
    /// of scoring, figures placed, time a turn, the score distribution.
    Stats {
        /// Files, folders (searched for *.cgn and *.cgn.gz) or - for standard
        /// input.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// What to group the results by.
        #[arg(long, value_enum, default_value_t = StatsBy::Player)]
        by: StatsBy,
        /// Output format.
        #[arg(long, value_enum, default_value_t = StatsFormat::Human)]
        format: StatsFormat,
        /// Also draw the main charts (points by kind, the score distribution)
        /// as SVG to this file (- for standard output, instead of the figures).
        #[arg(long, value_name = "OUT")]
        svg: Option<PathBuf>,
        /// Count a game each time it occurs (by default a game with the same
        /// players, tiles and turns as one counted before is left out).
        #[arg(long)]
        keep_duplicates: bool,
        /// Worker threads (0 = one per core). Output never depends on it.
        #[arg(long, default_value_t = 0)]
        jobs: usize,
    },
    /// Select the games of an archive: by default written as canonical CGN
    /// (to pipe into `stats -` or `check -`).
    ///
    /// Criteria, joined by "and", each negated by a --not before it:
    /// --player NAME, --winner NAME, --rules EDITION, --expansion NAME,
    /// --valid, --invalid, --code CODE (a game with that fault),
    /// --feature "KIND>=N" (one scoring of that kind worth N to one player:
    /// road, city, monastery, farm, goods, fairy, gold, mage, robbed,
    /// message, message_points, ransom), --tag NAME=VALUE, --turns ">=N",
    /// --margin ">=N" (the winner's lead). Comparisons: >=, <=, >, <, =.
    /// --winner, --feature and --margin hold only for games that check valid.
    ///
    /// Output: --list (FILE:GAME lines) or --count (one number).
    /// --duplicates: only the games that repeat one met before (the same
    /// players, tiles and turns). --jobs N: worker threads.
    Find {
        /// Files, folders (searched for *.cgn and *.cgn.gz) or -, and the
        /// criteria and options, in any order.
        #[arg(
            required = true,
            allow_hyphen_values = true,
            trailing_var_arg = true,
            value_name = "PATHS AND CRITERIA"
        )]
        args: Vec<String>,
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
        /// Rules edition (HiG-2012 or RGG-2000; default: carcref.toml's rules,
        /// else HiG-2012).
        #[arg(long, value_parser = EditionValue, hide_possible_values = true)]
        rules: Option<Edition>,
        /// Number of players (2 to 6).
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=6))]
        players: u8,
        /// Expansions in play, comma-separated (river, inns-and-cathedrals,
        /// traders-and-builders, tower, princess-and-dragon, gold-mines,
        /// flying-machines, crop-circles-1, crop-circles-2, mage-and-witch,
        /// ferries, robbers, messengers), and the tile sets given by --tiles to play.
        #[arg(long, value_parser = ExpansionsValue, hide_possible_values = true, default_value = "")]
        expansions: String,
        /// How each turn's placement and figure are chosen: at random, or
        /// greedily (what scores most were the game to end now, keeping
        /// followers for features worth them).
        #[arg(long, value_enum, default_value_t = GenPolicy::Random)]
        policy: GenPolicy,
    },
    /// Print a shell's completion script for carcref (to standard output).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print carcref's manual page, or a subcommand's, in roff (to standard
    /// output).
    Man {
        /// The subcommand whose page to print (check, score, …); none: the
        /// main page.
        subcommand: Option<String>,
    },
    /// Show the tile catalog.
    Tiles {
        /// One tile id, to see it at every rotation.
        id: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = OutputFormat::Human)]
        format: OutputFormat,
    },
}

/// How `carcref gen` chooses each turn's placement and figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GenPolicy {
    /// A uniformly random legal placement and figure (or none).
    Random,
    /// The placement and figure that score most were the game to end now,
    /// with a price on each follower left on the board.
    Greedy,
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
            crate::render::shown_text(spot, crate::render::MAX_TEXT),
            crate::suggest::did_you_mean(spot, names.iter().map(String::as_str))
        )
    })?;
    Ok(crate::score::FeatureRef { pos, spot })
}

/// A diagnostic code or a prefix of codes (`E501`, `E5`, `W`), as `--select`
/// and `--ignore` and carcref.toml's lists take it.
pub fn parse_code_prefix(s: &str) -> Result<String, String> {
    let code = s.trim();
    let codes = crate::diagnostics::CODES.iter().map(|(c, _)| *c);
    if !code.is_empty() && codes.clone().any(|c| c.starts_with(code)) {
        return Ok(code.to_string());
    }
    let upper = code.to_ascii_uppercase();
    let hint = if !upper.is_empty() && upper != code && codes.clone().any(|c| c.starts_with(&upper))
    {
        format!("; did you mean `{upper}`?")
    } else {
        match crate::suggest::nearest_code(code, codes) {
            Some(near) => format!("; did you mean `{near}`?"),
            None => String::new(),
        }
    };
    Err(format!(
        "{} is not a diagnostic code nor the start of one (such as E501, E5 or W){hint}",
        crate::render::shown_text(code, crate::render::MAX_TEXT)
    ))
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
