//! The command-line grammar (see `shared/CLI.md` and the README).

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

/// Sprague-Grundy values, winning moves, sequences and analyses of impartial games.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, about, after_help = games_help())]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    #[command(flatten)]
    pub global: GlobalArgs,
}

/// The options every command takes, before or after its name.
#[derive(Debug, Args)]
pub struct GlobalArgs {
    /// At most N threads for the commands that compute in parallel (seq, period, value,
    /// moves and play on boards, record, survey, table; default: every core); the output is
    /// the same whatever N.
    #[arg(long, global = true, value_name = "N")]
    pub threads: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// The SG value and outcome (P or N) of a position, e.g. `grundy value nim 3,5,6` or
    /// `grundy value cram:5x7` (boards and graphs: the starting position by default).
    Value(ValueArgs),
    /// Every move from a position with its value; winning moves are marked (`--winning`: only
    /// those, also for heaps of any size with a proven period).
    Moves(MovesArgs),
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
    /// The values of a heap game (octal, hex, grundy-game, kayles, ...) until the periodicity
    /// theorem proves a period, resumable: `grundy period octal:0.127 --to 10^6`.
    Period(PeriodArgs),
    /// A record run of a heap game in bounded memory: the count of each value per power of
    /// two, the rare positions, the largest value and a checksum, resumable:
    /// `grundy record octal:0.6 --to 2^40 --memory 1G --checkpoint 06.ck`.
    Record(RecordArgs),
    /// Count k-pile Nim P-positions by largest pile or by total, e.g.
    /// `grundy count nim --piles 3 --by total --exact --to 20`.
    Count(CountArgs),
    /// Nim as a cellular automaton: generations, parents and children, a picture with --out.
    Evolve(EvolveArgs),
    /// The Ulam-Warburton cell of a three-pile Nim P-position (Theorem 23), or with --cell the
    /// P-position of a cell.
    Uw(UwArgs),
    /// Smith's remoteness of a position of any game, and of each of its moves.
    Remoteness(PositionArgs),
    /// The generation of every P-position reachable from a position (layered algorithm).
    Generations(GenerationsArgs),
    /// Decide a conjunctive compound (move in every component; it ends when one ends) from its
    /// components: `grundy conjunctive GAME POS GAME POS ...`.
    Conjunctive(ComponentsArgs),
    /// The disjunctive sum (a move is a move in one component): its value, the nim-sum of the
    /// components' values, and its winning moves: `grundy sum GAME POS GAME POS ...`.
    Sum(SumArgs),
    /// The misère quotient of a heap game for heaps up to N, or of a game of parts from every
    /// part reachable (Plambeck and Siegel): its order, presentation, P-portion, each heap's
    /// (part's) element and the multiplication table, e.g. `grundy quotient octal:0.75 --heaps
    /// 30`, `grundy quotient notakto`; with --position, the misère outcome of a position from
    /// it (and, for a game of parts, its winning moves).
    Quotient(QuotientArgs),
    /// Every member of a family, each until its period is proven or to --to, one row each,
    /// e.g. `grundy survey 'octal:0.???' --to 2^16` (quote the pattern in a shell).
    Survey(SurveyArgs),
    /// Every game family with an example spec and position (`--json`: name, keys, summary).
    Games(GamesArgs),
    /// The nim product of the nimbers *A and *B (Conway's field of characteristic 2), e.g.
    /// `grundy nim-product 3 5`.
    NimProduct(NimProductArgs),
    /// Every table, figure and checkable statement of the four papers (and the known periods of
    /// octal games, the misère quotients, Beling's Cram table, the board and graph values of
    /// the literature, the outcomes of Sprouts, the Notakto quotient and the Nimstring values of
    /// Winning Ways and Berlekamp), as a report in DIR
    /// (index.html, report.md, csv/, figures/), e.g. `grundy reproduce --quick --out report`.
    Reproduce(ReproduceArgs),
    /// The database of solved parts that `--db FILE` keeps: `db info FILE` says what it holds
    /// (its game, format, parts, values and size), `db merge OUT IN...` merges databases of one
    /// game from several runs or machines into one.
    #[command(subcommand)]
    Db(DbCommand),
    /// A local web page to explore and play every game, with a JSON API that answers as the
    /// commands do (`GET /api/value?game=kayles&position=7`), e.g. `grundy serve --port 0` (any
    /// free port: the first line printed names it).
    Serve(ServeArgs),
}

#[derive(Debug, Subcommand)]
pub enum DbCommand {
    /// What a database holds: its game, format, parts, values and size.
    Info {
        /// The database file.
        file: std::path::PathBuf,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Merge databases of one game into OUT (created if missing): per part, the value known
    /// in any of them and every value excluded in any.
    Merge {
        /// The database written (it may already hold parts of the same game).
        out: std::path::PathBuf,
        /// The databases read.
        #[arg(required = true, num_args = 1..)]
        inputs: Vec<std::path::PathBuf>,
        #[command(flatten)]
        output: OutputArgs,
    },
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port; the line printed at start names it).
    #[arg(long, value_name = "P", default_value = "8000")]
    pub port: String,
    /// The address to listen on (another than 127.0.0.1 opens the server to the network).
    #[arg(long, value_name = "H", default_value = "127.0.0.1")]
    pub host: String,
    /// The most seconds one request may compute; the computation is then stopped.
    #[arg(long, value_name = "SECONDS", default_value = "10")]
    pub timeout: String,
    /// The most memory (address space) one request may use, e.g. 512M or 2G.
    #[arg(long, value_name = "SIZE", default_value = "2G")]
    pub memory: String,
    /// How many requests compute at once (default: twice the cores).
    #[arg(long, value_name = "N")]
    pub jobs: Option<String>,
    /// How many more requests may wait for their turn; beyond, the server answers busy (503).
    #[arg(long, value_name = "N", default_value = "256")]
    pub queue: String,
    /// How many connections may be open at once; more wait in the system's queue of the
    /// listening socket, costing the server nothing, until one closes.
    #[arg(long, value_name = "N", default_value = "256")]
    pub connections: String,
    /// The most seconds a client may take to send a request's head (its request line and
    /// headers); the connection is then closed.
    #[arg(long, value_name = "SECONDS", default_value = "10")]
    pub header_timeout: String,
}

#[derive(Debug, Args)]
pub struct ReproduceArgs {
    /// Only this paper: sharing-nim, takeaway, imark, nim-fractals, octal, misere, boards, sprouts
    /// notakto or nimstring (default: all).
    #[arg(long, value_name = "NAME")]
    pub paper: Vec<String>,
    /// Smaller ranges (under a minute).
    #[arg(long)]
    pub quick: bool,
    /// The directory to write the report to (created if missing).
    #[arg(long, value_name = "DIR", required = true)]
    pub out: std::path::PathBuf,
    /// A finished `grundy gaps imark:s=1:d=2,3` result (e.g. runs/result-1e12.txt) to cite in
    /// the i-Mark Table 1.
    #[arg(long, value_name = "FILE")]
    pub gaps_result: Option<std::path::PathBuf>,
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
    /// Also draw each value's largest gap and count to this file (.svg or .png).
    #[arg(long, value_name = "FILE")]
    pub plot: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct QuotientArgs {
    /// The game spec: a heap game (octal:CODE, hex:CODE, nim, kayles, ...) or a game of parts
    /// (notakto, xonly:n=3: every board reachable).
    pub game: String,
    /// The heap bound N of a heap game: the quotient of every position made of heaps up to N
    /// (a game of parts takes every part reachable instead).
    #[arg(long, value_name = "N")]
    pub heaps: Option<String>,
    /// Also give the misère outcome of this position (heaps, like 3,5,7, or boards, like
    /// x../.x./...,.../.../...) from the quotient; for a game of parts, its winning moves too.
    #[arg(long, value_name = "POS")]
    pub position: Vec<String>,
    /// With --format csv: one row per heap (part) and its element instead of the
    /// multiplication table.
    #[arg(long)]
    pub heap_map: bool,
    /// Accepted for clarity: a misère quotient is of misère play anyway (`xonly --misere` is
    /// `notakto`).
    #[arg(long)]
    pub misere: bool,
    /// Refuse quotients of more than this many elements (at most 4096).
    #[arg(long, value_name = "M", default_value = "4096")]
    pub max_order: String,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct PeriodArgs {
    /// The game spec: octal:CODE, hex:CODE, grundy-game or a named game such as kayles.
    pub game: String,
    /// Compute at most the values G(0), ..., G(N - 1).
    #[arg(long, value_name = "N", default_value = "2^28")]
    pub to: String,
    /// Go on to --to after a period is proven.
    #[arg(long)]
    pub no_stop: bool,
    /// Save the values to FILE periodically and resume from it if it exists.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Seconds between checkpoint saves.
    #[arg(long, value_name = "SECONDS", default_value_t = 300.0)]
    pub checkpoint_every: f64,
    /// Search past the memory, within SIZE bytes (e.g. 64M): a record run (the first values, a
    /// window of the latest and the rare positions; games whose moves leave at most two
    /// heaps) with a watch over a window of the latest values (a quarter of SIZE): periods
    /// shorter than half that window are found and proven, from a preperiod that is an upper
    /// bound once the earlier values are gone; --to up to 2^56.
    #[arg(long, value_name = "SIZE")]
    pub memory: Option<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct RecordArgs {
    /// The game spec: octal:CODE, grundy-game or a named game such as kayles (no three-heap
    /// moves).
    pub game: String,
    /// Compute the values G(0), ..., G(N - 1).
    #[arg(long, value_name = "N")]
    pub to: String,
    /// Memory for the kept values and rare positions, e.g. 64M or 4G: the first values, a
    /// window of the latest ones (one byte a value below 256) and the rare positions. The run
    /// stops, reporting what it computed, at a value that needs one not kept.
    #[arg(long, value_name = "SIZE", default_value = "1G")]
    pub memory: String,
    /// Save the run to FILE periodically and on Ctrl-C, and resume from it if it exists (with
    /// the same --memory).
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Seconds between checkpoint saves.
    #[arg(long, value_name = "SECONDS", default_value_t = 300.0)]
    pub checkpoint_every: f64,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct SurveyArgs {
    /// The members: octal:0.??? (each ? any octal digit; ? before the point: 0 and 4),
    /// hex:0.?? (hexadecimal digits), subtraction:size=SET:max=M (every set of SET elements
    /// from 1..M).
    pub pattern: String,
    /// Compute at most the values G(0), ..., G(N - 1) of each member (fewer once a period is
    /// proven).
    #[arg(long, value_name = "N")]
    pub to: String,
    /// Run the I-th of K shards (a deterministic K-th of the members; groups of equivalent
    /// members stay together).
    #[arg(long, value_name = "I/K", conflicts_with = "merge")]
    pub shard: Option<String>,
    /// Merge the outputs of shards (CSV or JSON lines, as --format csv or json wrote them) into
    /// the table of the whole survey, computing nothing.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with = "checkpoint")]
    pub merge: Vec<std::path::PathBuf>,
    /// Save finished rows to FILE and, if it exists, resume from it (finished members are not
    /// computed again; the output is the whole table).
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Seconds between checkpoint saves (it is also saved at the end and on Ctrl-C).
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub checkpoint_every: f64,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct GamesArgs {
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct NimProductArgs {
    /// The first factor, below 2^64 (e.g. 3, 2^63).
    #[arg(allow_hyphen_values = true)]
    pub a: String,
    /// The second factor, below 2^64.
    #[arg(allow_hyphen_values = true)]
    pub b: String,
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
    /// The position, e.g. 3,5,6 (a board: ..../..#./....); left out, the game's starting
    /// position (the empty board, the full Chomp bar, the whole graph).
    pub position: Option<String>,
    /// Misère play: the player who makes the last move loses (also: a `misere-` prefix on the
    /// game, e.g. misere-kayles).
    #[arg(long)]
    pub misere: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// How the board search (Cram, Chomp, Node-Kayles, Arc-Kayles) runs.
#[derive(Debug, Args, Default)]
pub struct SearchArgs {
    /// The most memory, e.g. 512M or 4G (default 1G): for the board search's transposition
    /// table (when it is full, the entries cheapest to recompute are replaced); for a heap
    /// game whose values up to the heap would not fit (two bytes a value), the kept values of
    /// a record run (as the record command keeps them), which computes them in turn.
    #[arg(long, value_name = "SIZE")]
    pub memory: Option<String>,
    /// Save the board search's table (or a heap game's record run) to FILE every few minutes
    /// and on Ctrl-C, and load it from there first if it exists (a rerun resumes).
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// The database of solved parts of the board search (boards, graphs, Sprouts): read before
    /// searching, and what the search proves merged into it after each question, every few
    /// minutes and on Ctrl-C (created if missing; see the db command).
    #[arg(long, value_name = "FILE")]
    pub db: Option<std::path::PathBuf>,
}

#[derive(Debug, Args)]
pub struct ValueArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    #[command(flatten)]
    pub search: SearchArgs,
    /// With --misere: the position's misère canonical form in CGSuite's notation, its
    /// birthday, genus (Conway's and CGSuite's notation) and CGSuite's IsTame.
    #[arg(long)]
    pub canonical: bool,
    /// Only the outcome (P or N): a searched position (boards, graphs, Sprouts) is asked only
    /// whether its value is 0, as Glop's Sprouts records are, which for an N-position needs one
    /// winning move instead of the value; the value is then not given (null in JSON).
    #[arg(long, conflicts_with = "canonical")]
    pub outcome: bool,
}

#[derive(Debug, Args)]
pub struct MovesArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    #[command(flatten)]
    pub search: SearchArgs,
    /// List only the winning moves (heap games: the splits of a huge heap in residue classes
    /// of the proven period). The default past 10^6 moves.
    #[arg(long)]
    pub winning: bool,
}

#[derive(Debug, Args)]
pub struct SeqArgs {
    /// The game spec.
    pub game: String,
    /// The position with one `_` where the coordinate varies; optional for one-pile games.
    pub position: Option<String>,
    /// The last value of the varying coordinate. Optional with --analyze for heap games
    /// (octal, hex): then the values run to where the periodicity theorem proves the period.
    #[arg(long)]
    pub to: Option<String>,
    /// The first value (default: the smallest legal one).
    #[arg(long)]
    pub from: Option<String>,
    /// Also report maximum, counts, gaps, periodicity (and whether it is proven).
    #[arg(long)]
    pub analyze: bool,
    /// Also draw the sequence to this file (.svg or .png).
    #[arg(long, value_name = "FILE")]
    pub plot: Option<std::path::PathBuf>,
    /// Misère play: the player who makes the last move loses (also: a `misere-` prefix on the
    /// game, e.g. misere-kayles).
    #[arg(long)]
    pub misere: bool,
    /// For a heap game: each heap's genus (Conway): normal value and the misère values of the
    /// heap plus 0, 1, 2, ... copies of *2, until they provably alternate; genus-tame when every
    /// position reachable from the heap has the genus of a Nim position (Conway, ONAG ch. 12),
    /// which is not CGSuite's IsTame (that one tests the misère canonical form).
    #[arg(long)]
    pub genus: bool,
    /// Compute within SIZE bytes, e.g. 64M or 4G: a heap game whose values would not fit (two
    /// bytes a value) is computed in record mode (the first values, a window of the latest
    /// ones and the rare positions; octal games whose moves leave at most two heaps, and
    /// Grundy's game), the values written as they come; a board search keeps its table
    /// within it. Without it, heap games keep every value, up to 2^34.
    #[arg(long, value_name = "SIZE")]
    pub memory: Option<String>,
    /// The board search's database of solved parts, as for `value --db`.
    #[arg(long, value_name = "FILE")]
    pub db: Option<std::path::PathBuf>,
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
    /// With --format csv: one line per row coordinate and one column per column coordinate
    /// (a spreadsheet's or numpy's layout), instead of one line per cell.
    #[arg(long)]
    pub matrix: bool,
    /// Also draw the table as a heat map to this file (.svg or .png).
    #[arg(long, value_name = "FILE")]
    pub plot: Option<std::path::PathBuf>,
    /// Misère play: the player who makes the last move loses (also: a `misere-` prefix on the
    /// game, e.g. misere-kayles).
    #[arg(long)]
    pub misere: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game spec.
    pub game: String,
    /// The starting position (boards and graphs: the game's own start when left out).
    pub position: Option<String>,
    /// Let the computer make the first move.
    #[arg(long)]
    pub computer_first: bool,
    /// Misère play: the player who makes the last move loses (also: a `misere-` prefix on the
    /// game, e.g. misere-kayles).
    #[arg(long)]
    pub misere: bool,
    #[command(flatten)]
    pub search: SearchArgs,
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
#[command(disable_help_flag = true)]
pub struct VerifyArgs {
    /// The claim's name (see --list).
    pub claim: Option<String>,
    /// List the claims with their sources, parameters and ranges.
    #[arg(long)]
    pub list: bool,
    /// Print help; after a claim's name, that claim's statement, parameters and defaults.
    #[arg(short, long)]
    pub help: bool,
    /// The claim's parameters as `--name value`, and `--to N`, `--json`, `--format F`.
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "ARGS"
    )]
    pub args: Vec<String>,
}

#[derive(Debug, Args)]
pub struct CountArgs {
    /// What to count: `nim` (P-positions of k-pile Nim, ordered, empty piles allowed).
    pub what: String,
    /// The number of piles k (at least 1).
    #[arg(long, allow_hyphen_values = true)]
    pub piles: String,
    /// Index by the largest pile (a_k, d_k) or by the total 2n (A_k, D_k).
    #[arg(long, value_enum)]
    pub by: CountBy,
    /// Largest pile exactly n / total exactly 2n (d_k, D_k) instead of at most (a_k, A_k).
    #[arg(long)]
    pub exact: bool,
    /// The last index n (any size up to 2^128-1).
    #[arg(long, allow_hyphen_values = true)]
    pub to: String,
    /// The first index n (default 0).
    #[arg(long, allow_hyphen_values = true)]
    pub from: Option<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CountBy {
    /// By the largest pile.
    Max,
    /// By the total number of counters (2n).
    Total,
}

#[derive(Debug, Args)]
pub struct EvolveArgs {
    /// The game: `nim`.
    pub game: String,
    /// The number of piles (at least 1).
    #[arg(long, allow_hyphen_values = true)]
    pub piles: String,
    /// The last generation (P-positions of total 2 * generations).
    #[arg(long, allow_hyphen_values = true)]
    pub generations: String,
    /// Draw the automaton with its parent-child links into this file (.svg or .png).
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Where the P-positions go in the picture (default: uw for 3 piles, layers otherwise).
    #[arg(long, value_enum)]
    pub layout: Option<LayoutArg>,
    /// The picture's width and height in pixels.
    #[arg(long, default_value = "800", allow_hyphen_values = true)]
    pub size: String,
    /// Also list every P-position with its generation.
    #[arg(long)]
    pub list: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LayoutArg {
    /// Each P-position at its Ulam-Warburton cell (3 piles; the paper's Figure 1).
    Uw,
    /// Generation n on row n.
    Layers,
}

#[derive(Debug, Args)]
pub struct UwArgs {
    /// A three-pile P-position, e.g. 14,11,5.
    pub position: Option<String>,
    /// A cell x,y instead, e.g. --cell 10,-3.
    #[arg(long, allow_hyphen_values = true)]
    pub cell: Option<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct GenerationsArgs {
    /// The game spec.
    pub game: String,
    /// The start position: every position reachable from it is classified.
    pub position: String,
    /// Also list every P-position with its generation.
    #[arg(long)]
    pub list: bool,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct ComponentsArgs {
    /// Pairs GAME POS, one per component.
    #[arg(required = true, num_args = 2.., value_name = "GAME POS")]
    pub components: Vec<String>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, Args)]
pub struct SumArgs {
    /// Pairs GAME POS, one per component.
    #[arg(required = true, num_args = 2.., value_name = "GAME POS")]
    pub components: Vec<String>,
    /// Misère play: the player who makes the last move loses (also: a `misere-` prefix on the
    /// game, e.g. misere-kayles).
    #[arg(long)]
    pub misere: bool,
    /// The board search's database of solved parts, as for `value --db` (the parts of one
    /// game: the components searched must share it).
    #[arg(long, value_name = "FILE")]
    pub db: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub output: OutputArgs,
}

fn games_help() -> String {
    let mut text = String::from("Games (spec strings):\n");
    for family in grundy::registry::families() {
        text.push_str(&format!("  {}\n", family.summary));
    }
    text.push_str("\nNumbers accept 1000000, 1_000_000, 10^6, 1e6 and 2^31-1.");
    text
}

fn claims_help() -> String {
    let mut text = String::from(
        "`grundy verify CLAIM --help` describes one claim. A verdict is `holds` (the whole statement \
         compared on every case of the range), `counterexample` or `evidence` (part of it compared).\n\nClaims, by paper:\n",
    );
    for (entry, claim) in
        grundy::claims::papers().flat_map(|e| e.claims.iter().map(move |c| (e, c)))
    {
        if std::ptr::eq(claim, &entry.claims[0]) {
            text.push_str(&format!("\n{}:\n", entry.title));
        }
        let params: Vec<_> = claim
            .params
            .iter()
            .map(|p| match p.default {
                Some(d) => format!("--{} ({d})", p.name),
                None => format!("--{}", p.name),
            })
            .collect();
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

/// The help of `grundy verify` (with the claim list); `verify` handles its own `--help`, so
/// that `grundy verify CLAIM --help` can describe one claim.
pub fn verify_help() -> String {
    let mut command = Cli::command().mut_subcommand("verify", |c| c.after_help(claims_help()));
    command.build();
    command
        .find_subcommand_mut("verify")
        .expect("verify is a subcommand")
        .render_help()
        .to_string()
}

/// The commands that take `--misere`.
pub const PLAYED: [&str; 8] = [
    "value",
    "moves",
    "seq",
    "table",
    "sum",
    "play",
    "remoteness",
    "quotient",
];

/// The error for `--misere` on a command where misère play has no meaning (checked before clap
/// parses, whose own message would suggest `-- --misere`): `None` when the arguments are fine
/// in this respect.
pub fn misere_refusal(args: &[String]) -> Option<String> {
    let command = named_command(args)?;
    if PLAYED.contains(&command) || !args.iter().skip(1).any(|a| a == "--misere") {
        return None;
    }
    Cli::command().find_subcommand(command)?;
    Some(format!(
        "error: misère play has no meaning for `grundy {command}` (--misere applies to {})",
        PLAYED.join(", ")
    ))
}

/// Parses the process arguments.
///
/// A command line that names a command is first parsed by that command's grammar alone
/// ([`alone`]): building the whole grammar, every command with every option and its help, took
/// a third of the CPU time of `grundy --threads 1 value cram:4x5` (BENCHMARKS.md, "Start-up").
/// Whatever that parse refuses (help, a typo, a missing argument) is parsed again by the whole
/// grammar, so that every message, and the help, is the whole grammar's. The claim list is
/// added to `verify --help` only when `verify` is among the arguments.
pub fn parse() -> Result<Cli, clap::Error> {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(matches) = named_command(&args)
        .and_then(alone)
        .and_then(|command| command.try_get_matches_from(&args).ok())
    {
        return Cli::from_arg_matches(&matches);
    }
    let mut command = Cli::command();
    if args.iter().any(|a| a == "verify") {
        command = command.mut_subcommand("verify", |c| c.after_help(claims_help()));
    }
    let matches = command.try_get_matches_from(&args)?;
    Cli::from_arg_matches(&matches)
}

/// The command a command line names: its first argument that is neither an option nor the
/// value of `--threads` (`None` if there is none, or it is not text).
fn named_command<A: AsRef<std::ffi::OsStr>>(args: &[A]) -> Option<&str> {
    let mut rest = args.iter().skip(1).map(|a| a.as_ref().to_str());
    while let Some(arg) = rest.next() {
        match arg? {
            "--threads" => {
                rest.next();
            }
            option if option.starts_with('-') => {}
            name => return Some(name),
        }
    }
    None
}

/// What adds a command's arguments to its grammar.
type Grammar = fn(clap::Command) -> clap::Command;

/// The commands with a grammar alone, and the function that adds each one's arguments.
const COMMANDS: [(&str, Grammar); 23] = [
    ("value", ValueArgs::augment_args),
    ("moves", MovesArgs::augment_args),
    ("seq", SeqArgs::augment_args),
    ("table", TableArgs::augment_args),
    ("verify", VerifyArgs::augment_args),
    ("play", PlayArgs::augment_args),
    ("base", BaseArgs::augment_args),
    ("gaps", GapsArgs::augment_args),
    ("period", PeriodArgs::augment_args),
    ("record", RecordArgs::augment_args),
    ("count", CountArgs::augment_args),
    ("evolve", EvolveArgs::augment_args),
    ("uw", UwArgs::augment_args),
    ("remoteness", PositionArgs::augment_args),
    ("generations", GenerationsArgs::augment_args),
    ("conjunctive", ComponentsArgs::augment_args),
    ("sum", SumArgs::augment_args),
    ("quotient", QuotientArgs::augment_args),
    ("survey", SurveyArgs::augment_args),
    ("games", GamesArgs::augment_args),
    ("nim-product", NimProductArgs::augment_args),
    ("reproduce", ReproduceArgs::augment_args),
    ("serve", ServeArgs::augment_args),
];

/// The grammar of `grundy NAME` without the other commands: the global options and that one
/// command, exactly as in the whole grammar (a test compares them), but without the help texts
/// of the command and of the program. A command line this grammar accepts, the whole grammar
/// accepts with the same meaning: both read the options before NAME the same way, and NAME
/// is then a command in both. `None` for a name that is not a command, and for `db`, whose
/// own commands are parsed by the whole grammar.
pub fn alone(name: &str) -> Option<clap::Command> {
    let (name, arguments) = COMMANDS.into_iter().find(|(command, _)| *command == name)?;
    let program = clap::Command::new("grundy").subcommand_required(true);
    Some(GlobalArgs::augment_args(program).subcommand(arguments(clap::Command::new(name))))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What parsing depends on in an argument: everything but its help.
    fn shape(arg: &clap::Arg) -> String {
        format!(
            "{} long {:?} short {:?} positional {} index {:?} required {} global {} \
             action {:?} values {:?} names {:?} defaults {:?} possible {:?} last {} \
             trailing {} hyphen {} conflicts {:?}",
            arg.get_id(),
            arg.get_long(),
            arg.get_short(),
            arg.is_positional(),
            arg.get_index(),
            arg.is_required_set(),
            arg.is_global_set(),
            arg.get_action(),
            arg.get_num_args(),
            arg.get_value_names(),
            arg.get_default_values(),
            arg.get_possible_values()
                .iter()
                .map(|v| v.get_name().to_string())
                .collect::<Vec<_>>(),
            arg.is_last_set(),
            arg.is_trailing_var_arg_set(),
            arg.is_allow_hyphen_values_set(),
            arg.get_value_delimiter(),
        )
    }

    fn shapes(command: &clap::Command) -> Vec<String> {
        let mut shapes: Vec<String> = command.get_arguments().map(shape).collect();
        shapes.extend(command.get_groups().map(|g| format!("{g:?}")));
        shapes.sort();
        shapes
    }

    #[test]
    fn each_command_alone_has_the_arguments_it_has_in_the_whole_grammar() {
        let mut whole = Cli::command();
        whole.build();
        let mut compared = 0;
        for command in whole.get_subcommands() {
            let name = command.get_name();
            let Some(mut program) = alone(name) else {
                // `help` is clap's own command.
                assert!(
                    ["db", "help"].contains(&name),
                    "grundy {name} has a grammar alone"
                );
                continue;
            };
            program.build();
            let single = program.find_subcommand(name).expect("the command is there");
            assert_eq!(shapes(single), shapes(command), "grundy {name}");
            let top = |c: &clap::Command| {
                c.get_arguments()
                    .filter(|a| !matches!(a.get_id().as_str(), "help" | "version"))
                    .map(shape)
                    .collect::<Vec<_>>()
            };
            assert_eq!(top(&program), top(&whole), "grundy {name}: global options");
            compared += 1;
        }
        assert_eq!(compared, whole.get_subcommands().count() - 2);
    }

    #[test]
    fn a_command_line_means_the_same_to_its_command_alone_and_to_the_whole_grammar() {
        let lines = [
            "grundy value cram:4x5",
            "grundy --threads 1 value cram:4x5",
            "grundy value --threads=2 nim 3,5,6 --json",
            "grundy moves kayles 7 --winning",
            "grundy seq nim 3,_ --to 20 --misere",
            "grundy sum nim 3 kayles 7",
            "grundy nim-product 3 5",
            "grundy table nim _,_,5 --max 8 --threads 2",
            "grundy remoteness nim 3,4",
        ];
        for line in lines {
            let args: Vec<std::ffi::OsString> = line.split(' ').map(Into::into).collect();
            let name = named_command(&args).expect("a command is named");
            let matches = alone(name)
                .expect("a grammar alone")
                .try_get_matches_from(&args)
                .expect("the command alone accepts it");
            let whole = Cli::command()
                .try_get_matches_from(&args)
                .expect("accepted");
            assert_eq!(
                format!("{:?}", Cli::from_arg_matches(&matches).expect("read")),
                format!("{:?}", Cli::from_arg_matches(&whole).expect("read")),
                "{line}"
            );
        }
    }

    #[test]
    fn the_command_named_skips_options_and_the_value_of_threads() {
        let named = |line: &str| {
            let args: Vec<std::ffi::OsString> = line.split(' ').map(Into::into).collect();
            named_command(&args).map(str::to_string)
        };
        assert_eq!(named("grundy --threads 2 value nim"), Some("value".into()));
        assert_eq!(named("grundy --threads=2 moves nim"), Some("moves".into()));
        assert_eq!(named("grundy --version"), None);
        assert_eq!(named("grundy"), None);
    }

    #[test]
    fn what_a_command_alone_refuses_is_left_to_the_whole_grammar() {
        for line in [
            "grundy value",
            "grundy value --help",
            "grundy valeu nim 3",
            "grundy --version value nim 3",
        ] {
            let args: Vec<std::ffi::OsString> = line.split(' ').map(Into::into).collect();
            let refused = named_command(&args)
                .and_then(alone)
                .is_none_or(|c| c.try_get_matches_from(&args).is_err());
            assert!(refused, "{line}");
        }
    }
}
