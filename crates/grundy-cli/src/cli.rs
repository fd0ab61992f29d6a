//! The command-line grammar (see `shared/CLI.md` and the README).

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

/// Sprague-Grundy values, winning moves, sequences and analyses of impartial games.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, about, after_help = games_help())]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// The SG value and outcome (P or N) of a position, e.g. `grundy value nim 3,5,6`.
    Value(PositionArgs),
    /// Every move from a position with its value; winning moves are marked.
    Moves(PositionArgs),
    /// The values along one varying coordinate `_`, e.g. `grundy seq nim 3,_ --to 20`.
    Seq(SeqArgs),
    /// The values over two varying coordinates, e.g. `grundy table nim _,_,5 --max 8`.
    Table(TableArgs),
    /// Check a claim (theorem or conjecture) against brute force; `grundy verify --list`.
    Verify(VerifyArgs),
    /// Play against the perfect strategy in the terminal, e.g. `grundy play nim 3,5,7`.
    Play(PlayArgs),
    /// The g-base B_f and g0 of a takeaway game, e.g. `grundy base takeaway:f=2*k --to 10^18`.
    Base(BaseArgs),
    /// Gaps between equal values of a one-pile subtraction-division game, streamed in bounded
    /// memory, e.g. `grundy gaps imark:s=1:d=2,3 --to 2^31-1`.
    Gaps(GapsArgs),
}

#[derive(Debug, Args)]
pub struct GapsArgs {
    /// The game spec (imark, sd, mark, upmark, mark-t, kupin).
    pub game: String,
    /// The last position counted.
    #[arg(long)]
    pub to: String,
    /// Save the state to FILE periodically and resume from it if it exists.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Seconds between checkpoint saves.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    pub checkpoint_every: f64,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct OutputArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Short for --format json.
    #[arg(long)]
    pub json: bool,
}

impl OutputArgs {
    pub fn format(&self) -> Format {
        if self.json {
            Format::Json
        } else {
            self.format
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Csv,
    Json,
    /// OEIS b-file: `n a(n)` per line (sequences only).
    Bfile,
}

#[derive(Debug, Args)]
pub struct PositionArgs {
    /// The game spec, e.g. nim or subtraction:s=1,3,4.
    pub game: String,
    /// The position, e.g. 3,5,6.
    pub position: String,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct SeqArgs {
    /// The game spec.
    pub game: String,
    /// The position with one `_` where the coordinate varies; optional for one-pile games.
    pub position: Option<String>,
    /// The last value of the varying coordinate.
    #[arg(long)]
    pub to: String,
    /// The first value (default: the smallest legal one).
    #[arg(long)]
    pub from: Option<String>,
    /// Also report maximum, counts, gaps, periodicity (and whether it is proven).
    #[arg(long)]
    pub analyze: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct TableArgs {
    /// The game spec.
    pub game: String,
    /// The position with two `_`: the first varies by row, the second by column.
    pub position: String,
    /// The largest value of each varying coordinate.
    #[arg(long)]
    pub max: String,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game spec.
    pub game: String,
    /// The starting position.
    pub position: String,
    /// Let the computer make the first move.
    #[arg(long)]
    pub computer_first: bool,
}

#[derive(Debug, Args)]
pub struct BaseArgs {
    /// The game spec: takeaway:f=EXPR or takeaway:table=FILE.
    pub game: String,
    /// List every member up to this bound (up to 2^127).
    #[arg(long)]
    pub to: String,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The claim's name (see --list).
    pub claim: Option<String>,
    /// List the claims with their sources, parameters and ranges.
    #[arg(long)]
    pub list: bool,
    /// The claim's parameters as `--name value`, and `--to N`, `--json`, `--format F`.
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "ARGS"
    )]
    pub args: Vec<String>,
}

fn games_help() -> String {
    let mut text = String::from("Games (spec strings):\n");
    for family in grundy::spec::FAMILIES {
        text.push_str(&format!("  {}\n", family.summary));
    }
    text.push_str("\nNumbers accept 1000000, 1_000_000, 10^6, 1e6 and 2^31-1.");
    text
}

fn claims_help() -> String {
    let mut text = String::from("Claims:\n");
    for claim in grundy::verify::claims() {
        let params: Vec<_> = claim.params.iter().map(|(n, _)| format!("--{n}")).collect();
        text.push_str(&format!(
            "  {:<24} {} [{}] {}\n",
            claim.name,
            claim.statement,
            claim.source,
            params.join(" ")
        ));
    }
    text
}

/// Parses the process arguments (the claim list is added to `verify --help`).
pub fn parse() -> Result<Cli, clap::Error> {
    let command = Cli::command().mut_subcommand("verify", |c| c.after_help(claims_help()));
    let matches = command.try_get_matches()?;
    Cli::from_arg_matches(&matches)
}
