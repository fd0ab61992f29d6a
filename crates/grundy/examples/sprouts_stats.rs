//! Search statistics of Sprouts starts, one thread:
//! `cargo run --release -p grundy --example sprouts_stats -- 10` prints, for each start of 1 to
//! 10 spots, its value, the search's positions (questions the table did not answer), the
//! table's filled slots and the time; with `reachable` after the number, the count of distinct
//! lands reachable from each start instead (every option made, nothing searched); with
//! `misere`, each start's misère outcome by the search over whole positions, lands of at most
//! `L` lives by their misère canonical forms (`misere L`, default 12; 0: none).

use std::collections::HashSet;
use std::time::Instant;

use grundy::games::sprouts::Sprouts;
use grundy::solve::search::{Search, Splittable};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let to: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(6);
    let count_reachable = args.get(2).is_some_and(|a| a == "reachable");
    let misere = args.get(2).is_some_and(|a| a == "misere");
    for p in 1..=to {
        let t = Instant::now();
        let start = Sprouts::start_position(p).expect("a start");
        let lands = Sprouts::lands(&start);
        if count_reachable {
            let n = reachable(&lands);
            println!(
                "p={p} reachable_lands={n} seconds={:.2}",
                t.elapsed().as_secs_f64()
            );
            continue;
        }
        if misere {
            let lives = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(12);
            let forms = Box::new(grundy::misere::canonical::Universe::default());
            let mut search =
                grundy::games::sprouts::misere::OutcomeSearch::with_forms(forms, lives);
            let p_position = search.is_p(&lands).expect("an outcome");
            println!(
                "p={p} misere_outcome={} nodes={} options_made={} lands_formed={} forms={} seconds={:.2}",
                if p_position { "P" } else { "N" },
                search.nodes,
                grundy::games::sprouts::options_made(),
                search.lands_formed,
                search.forms_interned(),
                t.elapsed().as_secs_f64()
            );
            continue;
        }
        let mut search = Search::new(&Sprouts, "sprouts").expect("a search");
        let value = search.value(&lands).expect("a value");
        let stats = search.stats();
        println!(
            "p={p} value={value} nodes={} filled={} seconds={:.2}",
            stats.nodes,
            stats.filled,
            t.elapsed().as_secs_f64()
        );
    }
}

/// Distinct lands reachable from `lands` (every land of every option).
fn reachable(lands: &[<Sprouts as Splittable>::Part]) -> usize {
    let mut seen: HashSet<_> = lands.iter().copied().collect();
    let mut stack: Vec<_> = seen.iter().copied().collect();
    let (mut moves, mut parts) = (Vec::new(), Vec::new());
    while let Some(land) = stack.pop() {
        moves.clear();
        Sprouts.moves(&land, &mut moves).expect("moves");
        for &m in &moves {
            parts.clear();
            Sprouts.play(&land, m, &mut parts).expect("an option");
            for q in &parts {
                if seen.insert(*q) {
                    stack.push(*q);
                }
            }
        }
    }
    seen.len()
}
