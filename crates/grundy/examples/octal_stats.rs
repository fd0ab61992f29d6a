//! Times the octal engine on `G(0..N)` and prints its work counts:
//! `cargo run --release -p grundy --example octal_stats -- 0.007 1000000` (an octal code, or
//! `grundy-game`).

use grundy::games::octal::code::{Base, Rules};
use grundy::games::octal::engine::{Engine, Run};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let code = args.get(1).map_or("0.007", String::as_str);
    let n: u64 = args
        .get(2)
        .map_or(1_000_000, |s| s.parse().expect("a length"));
    let rules = if code == "grundy-game" {
        Rules::grundy_game()
    } else {
        Rules::parse(code, Base::Octal).expect("an octal code")
    };
    let mut engine = Engine::new(rules);
    let start = std::time::Instant::now();
    engine
        .extend(n, &Run::default(), &mut |_| {})
        .expect("within the engine's limits");
    let s = engine.stats();
    println!(
        "{code} to {n}: {:.2} s; max value {}; rare {}; split {}; pairs {} block pairs {} scans {} presence pairs {}",
        start.elapsed().as_secs_f64(),
        engine.max_value(),
        engine.rare_positions().len(),
        engine.split().describe(),
        s.pairs,
        s.block_pairs,
        s.scans,
        s.presence_pairs
    );
}
