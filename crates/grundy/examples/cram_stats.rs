//! Search statistics of empty Cram boards, as `grundy --threads 1 value cram:RxC` searches
//! them (the same game, keys and theorem), without the command's start-up:
//! `cargo run --release -p grundy --example cram_stats -- 4x9 5x8` prints, for each board, its
//! value, the positions searched (questions the table did not answer), the table's filled
//! slots and the time of the search alone. Options, before the boards: `--memory 64M` bounds
//! the table; `--threads N` searches with N threads sharing it (one by default); `--positions
//! N` stops each search after about N positions (a fixed amount of work, to time the first
//! part of a search too long to finish; counted for one thread).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// Stops left: the search asks once every 4096 positions (one thread).
static ASKS_LEFT: AtomicU64 = AtomicU64::new(u64::MAX);

fn stop() -> bool {
    ASKS_LEFT.fetch_sub(1, Relaxed) == 0
}

use grundy::games::cram::{theory, Cram, WordRegions};
use grundy::solve::search::{Search, Settings};

fn main() {
    let mut memory = grundy::solve::search::DEFAULT_MEMORY;
    let mut positions = None;
    let mut threads = 1;
    let mut boards = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--memory" => {
                let megabytes: u64 = args
                    .next()
                    .and_then(|m| m.strip_suffix('M')?.parse().ok())
                    .expect("--memory SIZE, in megabytes like 64M");
                memory = megabytes << 20;
            }
            "--threads" => {
                threads = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--threads N");
            }
            "--positions" => {
                let n: u64 = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--positions N");
                positions = Some(n);
            }
            board => boards.push(board.to_string()),
        }
    }
    for board in boards {
        let (rows, cols) = board
            .split_once('x')
            .and_then(|(r, c)| Some((r.parse::<u32>().ok()?, c.parse::<u32>().ok()?)))
            .expect("a board like 4x9");
        let full = grundy::games::cram::region::full(rows, cols);
        let cram = Cram::new(rows, cols, full, format!("cram:{board}")).expect("a board");
        let parts = cram.regions(&[full as u64, (full >> 64) as u64]);
        let game = WordRegions::WITH_TABLE;
        let settings = Settings {
            memory,
            threads,
            stop: positions.map(|_| stop as fn() -> bool),
            ..Settings::default()
        };
        ASKS_LEFT.store(positions.map_or(u64::MAX, |n| n / 4096), Relaxed);
        let started = Instant::now();
        let mut search = Search::with(&game, "cram regions", settings).expect("a search");
        if theory::symmetry(rows, cols) == Some(false) && parts.len() == 1 {
            search.assume_not(&parts[0], 0);
        }
        let value = match theory::symmetry(rows, cols) {
            Some(true) => "0".to_string(),
            _ => match search.value(&parts) {
                Ok(v) => v.to_string(),
                Err(grundy::Error::Interrupted(_)) => "stopped".to_string(),
                Err(e) => panic!("{e}"),
            },
        };
        let stats = search.stats();
        println!(
            "cram:{board} value={value} positions={} filled={} seconds={:.3}",
            stats.nodes,
            stats.filled,
            started.elapsed().as_secs_f64()
        );
    }
}
