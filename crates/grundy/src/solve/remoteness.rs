//! Remoteness, the generations of P-positions, and conjunctive compounds.
//!
//! **Remoteness** (C. A. B. Smith, 1966; Winning Ways, ch. 9): how long a game lasts when the
//! winner hurries and the loser delays. A terminal position has remoteness 0; a position with an
//! option of even remoteness has `1 + min{even option remotenesses}` (the winner moves to the
//! quickest win); any other has `1 + max{option remotenesses}` (the loser moves to the slowest
//! loss). P-positions are exactly those of even remoteness.
//!
//! **Generations** (Khovanova and Xiong, *Nim Fractals*, Section 5.3, Lemma 22): the layered
//! algorithm finds the P-positions step by step. `P_0` is the terminal positions; `N_i` the
//! positions with a move into `P_i`; `P_{i+1}` adds the positions, not yet classified, all of whose
//! moves lead into `N_i`. A P-position found at step `i` is *born in generation* `i`, and by
//! induction `P_i` is the set of P-positions of remoteness `<= 2i`: the generation is half the
//! remoteness ([`layered_generations`] computes it the paper's way, independently of
//! [`remoteness`]). The paper also calls `n` the generation when "the longest game" from the
//! position takes `2n` moves, players moving to a P-position whenever they can
//! ([`longest_optimal_game`]); that is a different quantity in general, see `grundy verify
//! lemma-22`.
//!
//! **Conjunctive compounds** (Winning Ways, ch. 9): a move is a move in *every* component, and
//! the compound ends as soon as one component has ended. Its remoteness is the least remoteness
//! of its components, so its outcome is decided by the components alone (P when that least
//! remoteness is even), and a best move plays every component to remoteness one less. [`Conjunctive`]
//! builds the compound explicitly; the tests check the rule against it.

use serde::Serialize;

use super::graph::GameGraph;
use super::Outcome;
use crate::{Game, Result};

/// The remoteness of every position of the graph (by number).
pub fn remoteness<P: Clone + Eq + std::hash::Hash>(graph: &GameGraph<P>) -> Result<Vec<u32>> {
    remoteness_under(graph, crate::game::Convention::Normal)
}

/// The remoteness under either play convention. Under misère play the same rule applies with
/// the other base case: a terminal position is won by the player to move, with 0 moves left,
/// so P-positions are those of *odd* remoteness, and the winner hurries to the quickest odd
/// option. (It is the normal remoteness, less one, of the game in which every terminal position
/// gets one more move.)
pub fn remoteness_under<P: Clone + Eq + std::hash::Hash>(
    graph: &GameGraph<P>,
    convention: crate::game::Convention,
) -> Result<Vec<u32>> {
    let losing_parity = match convention {
        crate::game::Convention::Normal => 0,
        crate::game::Convention::Misere => 1,
    };
    let mut r = vec![0u32; graph.len()];
    for v in graph.order()? {
        let v = v as usize;
        let options = graph.options(v);
        if options.is_empty() {
            continue;
        }
        let quickest_win = options
            .iter()
            .map(|&o| r[o as usize])
            .filter(|x| x % 2 == losing_parity)
            .min();
        r[v] = 1 + quickest_win
            .unwrap_or_else(|| options.iter().map(|&o| r[o as usize]).max().unwrap_or(0));
    }
    Ok(r)
}

/// The outcome a remoteness implies under `convention`: P when it is even (normal play) or odd
/// (misère play).
pub fn outcome_of_remoteness_under(r: u32, convention: crate::game::Convention) -> Outcome {
    match convention {
        crate::game::Convention::Normal => outcome_of_remoteness(r),
        crate::game::Convention::Misere => outcome_of_remoteness(r + 1),
    }
}

/// The outcome a remoteness implies: P when it is even.
pub fn outcome_of_remoteness(r: u32) -> Outcome {
    if r.is_multiple_of(2) {
        Outcome::P
    } else {
        Outcome::N
    }
}

/// The step at which the layered algorithm of Lemma 22 classifies a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Layer {
    /// A P-position found at step `i` (in `P_i` but not `P_{i-1}`): born in generation `i`.
    P(u32),
    /// An N-position in `N_i` but not `N_{i-1}`.
    N(u32),
}

impl Layer {
    /// The generation of a P-position.
    pub fn generation(self) -> Option<u32> {
        match self {
            Layer::P(i) => Some(i),
            Layer::N(_) => None,
        }
    }
}

/// The layered algorithm of Lemma 22, by backward induction over the predecessors: each new
/// P-position puts its unclassified predecessors into `N_i`; a position all of whose options
/// are in `N_i` joins `P_{i+1}`. Errors on a cycle.
pub fn layered_generations<P: Clone + Eq + std::hash::Hash>(
    graph: &GameGraph<P>,
) -> Result<Vec<Layer>> {
    graph.order()?;
    let (offsets, sources) = graph.predecessors();
    let mut layer: Vec<Option<Layer>> = vec![None; graph.len()];
    let mut unresolved: Vec<usize> = (0..graph.len()).map(|i| graph.options(i).len()).collect();
    let mut found: Vec<usize> = (0..graph.len()).filter(|&i| unresolved[i] == 0).collect();
    for &p in &found {
        layer[p] = Some(Layer::P(0));
    }
    let mut step = 0u32;
    while !found.is_empty() {
        let mut n_layer = Vec::new();
        for &p in &found {
            for &q in &sources[offsets[p]..offsets[p + 1]] {
                if layer[q as usize].is_none() {
                    layer[q as usize] = Some(Layer::N(step));
                    n_layer.push(q as usize);
                }
            }
        }
        let mut next = Vec::new();
        for &q in &n_layer {
            for &r in &sources[offsets[q]..offsets[q + 1]] {
                let r = r as usize;
                unresolved[r] -= 1;
                if unresolved[r] == 0 && layer[r].is_none() {
                    layer[r] = Some(Layer::P(step + 1));
                    next.push(r);
                }
            }
        }
        found = next;
        step += 1;
    }
    Ok(layer
        .into_iter()
        .map(|l| l.expect("an acyclic game classifies every position"))
        .collect())
}

/// The length of the longest game from each position when the player who can move to a
/// P-position always does (any such move) and the other moves anywhere: the quantity Section 5.3
/// of *Nim Fractals* uses to define generations. `p_positions[i]` says whether position `i` is a
/// P-position.
pub fn longest_optimal_game<P: Clone + Eq + std::hash::Hash>(
    graph: &GameGraph<P>,
    p_positions: &[bool],
) -> Result<Vec<u32>> {
    let mut len = vec![0u32; graph.len()];
    for v in graph.order()? {
        let v = v as usize;
        let options = graph.options(v).iter().map(|&o| o as usize);
        len[v] = if p_positions[v] {
            options.map(|o| len[o] + 1).max().unwrap_or(0)
        } else {
            options
                .filter(|&o| p_positions[o])
                .map(|o| len[o] + 1)
                .max()
                .unwrap_or(0)
        };
    }
    Ok(len)
}

/// The remoteness of a conjunctive compound: the least remoteness of its components (Smith).
/// `None` for a compound of no components.
pub fn conjunctive_remoteness(components: &[u32]) -> Option<u32> {
    components.iter().copied().min()
}

/// The conjunctive compound of games of one type, built explicitly: a move moves every
/// component, and there is none as soon as one component has no move.
#[derive(Debug, Clone)]
pub struct Conjunctive<G> {
    /// The components.
    pub components: Vec<G>,
}

impl<G: Game> Game for Conjunctive<G> {
    type Position = Vec<G::Position>;

    fn options(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
        let mut partial: Vec<Self::Position> = vec![Vec::new()];
        let mut buffer = Vec::new();
        for (game, part) in self.components.iter().zip(position) {
            buffer.clear();
            game.options(part, &mut buffer);
            if buffer.is_empty() {
                return;
            }
            partial = partial
                .into_iter()
                .flat_map(|prefix| {
                    buffer.iter().map(move |o| {
                        let mut next = prefix.clone();
                        next.push(o.clone());
                        next
                    })
                })
                .collect();
        }
        out.extend(partial);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nim::Nim;
    use crate::games::subtraction::Subtraction;
    use crate::solve::MemoSolver;
    use proptest::prelude::*;

    /// A subtraction game as a typed game.
    #[derive(Clone)]
    struct Take(Vec<u64>);
    impl Game for Take {
        type Position = u64;
        fn options(&self, &n: &u64, out: &mut Vec<u64>) {
            out.extend(self.0.iter().filter(|&&s| s <= n).map(|s| n - s));
        }
    }

    /// Remoteness by its definition, recursively (a slow reference).
    fn remoteness_by_definition<G: Game>(game: &G, p: &G::Position) -> u32 {
        let mut options = Vec::new();
        game.options(p, &mut options);
        if options.is_empty() {
            return 0;
        }
        let r: Vec<u32> = options
            .iter()
            .map(|o| remoteness_by_definition(game, o))
            .collect();
        match r.iter().filter(|x| *x % 2 == 0).min() {
            Some(m) => m + 1,
            None => r.iter().max().unwrap() + 1,
        }
    }

    #[test]
    fn remoteness_by_hand() {
        // Take 1 or 2: n = 0 terminal; 1, 2 win at once; 3 loses in 2; 4, 5 win in 3; 6 loses in 4.
        let g = GameGraph::from_game(&Take(vec![1, 2]), 6, 100).unwrap();
        let r = remoteness(&g).unwrap();
        let by_n: Vec<u32> = (0..=6).map(|n| r[g.index_of(&n).unwrap()]).collect();
        assert_eq!(by_n, [0, 1, 1, 2, 3, 3, 4]);
        // Nim (1, 2, 3) is a P-position of total 6: the loser takes one counter at a time.
        let g = GameGraph::from_game(&Nim, vec![1, 2, 3], 1000).unwrap();
        assert_eq!(remoteness(&g).unwrap()[0], 6);
    }

    #[test]
    fn nim_generations_are_half_the_total_for_three_and_four_piles() {
        for (k, side) in [(3usize, 20u64), (4, 9)] {
            let start = vec![side; k];
            let g = GameGraph::from_game(&Nim, start, 1 << 20).unwrap();
            let layers = layered_generations(&g).unwrap();
            let r = remoteness(&g).unwrap();
            let mut born = vec![0u64; side as usize + 1];
            for (i, p) in g.positions().iter().enumerate() {
                let xor = p.iter().fold(0, |x, &q| x ^ q);
                let total: u64 = p.iter().sum();
                match layers[i] {
                    Layer::P(n) => {
                        assert_eq!(xor, 0, "{p:?}");
                        assert_eq!(u64::from(n), total / 2, "{p:?}");
                        assert_eq!(r[i], 2 * n);
                        if (n as u64) <= side {
                            born[n as usize] += 1;
                        }
                    }
                    Layer::N(_) => assert_ne!(xor, 0, "{p:?}"),
                }
            }
            if k == 3 {
                // Every P-position of total 2n <= 2 * side has piles <= n <= side, so these
                // generations are complete: 3^wt(n) (Theorem 17).
                for (n, &count) in born.iter().enumerate() {
                    assert_eq!(count, 3u64.pow((n as u32).count_ones()), "generation {n}");
                }
            }
        }
    }

    #[test]
    fn generation_is_half_the_remoteness_and_parity_is_the_outcome() {
        for set in [
            vec![1u64, 3, 4],
            vec![2, 5, 7],
            vec![1, 2],
            vec![3, 4, 9, 10],
        ] {
            let game = Take(set.clone());
            let g = GameGraph::from_game(&game, 300, 1000).unwrap();
            let (r, layers) = (remoteness(&g).unwrap(), layered_generations(&g).unwrap());
            let sub = Subtraction::new(set).unwrap();
            let mut memo = MemoSolver::new(&sub);
            for i in 0..g.len() {
                let n = *g.position(i);
                let value = memo.value(&n).unwrap();
                assert_eq!(outcome_of_remoteness(r[i]), Outcome::of(value), "n={n}");
                match layers[i] {
                    Layer::P(gen) => assert_eq!(r[i], 2 * gen),
                    // N_i holds the N-positions of remoteness 2i + 1.
                    Layer::N(step) => assert_eq!(r[i], 2 * step + 1),
                }
                if n <= 18 {
                    assert_eq!(r[i], remoteness_by_definition(&game, &n), "n={n}");
                }
            }
        }
    }

    #[test]
    fn nim_longest_optimal_game_is_the_total_on_p_positions() {
        let g = GameGraph::from_game(&Nim, vec![6, 6, 6], 1 << 20).unwrap();
        let p: Vec<bool> = g
            .positions()
            .iter()
            .map(|q| q.iter().fold(0, |x, &y| x ^ y) == 0)
            .collect();
        let longest = longest_optimal_game(&g, &p).unwrap();
        for (i, q) in g.positions().iter().enumerate() {
            if p[i] {
                assert_eq!(u64::from(longest[i]), q.iter().sum::<u64>());
            }
        }
    }

    impl Game for &Subtraction {
        type Position = u64;
        fn options(&self, &n: &u64, out: &mut Vec<u64>) {
            out.extend(self.set().iter().filter(|&&s| s <= n).map(|s| n - s));
        }
    }

    fn check_conjunctive<G: Game + Clone>(games: Vec<G>, start: Vec<G::Position>) {
        let compound = Conjunctive {
            components: games.clone(),
        };
        let whole = GameGraph::from_game(&compound, start, 1 << 20).unwrap();
        let whole_r = remoteness(&whole).unwrap();
        let mut memo = MemoSolver::new(compound.clone());
        for (i, position) in whole.positions().iter().enumerate() {
            // The components alone.
            let parts: Vec<u32> = games
                .iter()
                .zip(position)
                .map(|(g, p)| {
                    let graph = GameGraph::from_game(g, p.clone(), 1 << 20).unwrap();
                    remoteness(&graph).unwrap()[0]
                })
                .collect();
            let min = conjunctive_remoteness(&parts).unwrap();
            assert_eq!(whole_r[i], min, "remoteness");
            let brute = Outcome::of(memo.value(position).unwrap());
            assert_eq!(outcome_of_remoteness(min), brute, "outcome");
        }
    }

    #[test]
    fn conjunctive_compounds_follow_the_least_remoteness() {
        check_conjunctive(vec![Take(vec![1, 3, 4]), Take(vec![2, 5])], vec![14, 17]);
        check_conjunctive(
            vec![Take(vec![1, 2]), Take(vec![1, 4]), Take(vec![3])],
            vec![9, 11, 10],
        );
        check_conjunctive(vec![Nim, Nim], vec![vec![2, 3], vec![1, 2, 2]]);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn conjunctive_rule_on_random_subtraction_games(
            a in prop::collection::btree_set(1u64..7, 1..4),
            b in prop::collection::btree_set(1u64..7, 1..4),
            m in 0u64..16, n in 0u64..16,
        ) {
            check_conjunctive(vec![Take(a.into_iter().collect()), Take(b.into_iter().collect())], vec![m, n]);
        }
    }
}
