//! The engines against the naive recursive definition `SG(p) = mex { SG(q) : q option of p }`
//! (no memo, no stack tricks) on thousands of random games and positions.

use grundy::solve::{mex, nim_sum, sum_winning_moves, DenseGame, DenseSolver, MemoSolver};
use grundy::{Game, Sum};
use proptest::prelude::*;

/// A random acyclic game on 0..n: `options[i]` lists positions below i.
#[derive(Debug, Clone)]
struct RandomDag {
    options: Vec<Vec<u64>>,
}

impl Game for RandomDag {
    type Position = u64;
    fn options(&self, p: &u64, out: &mut Vec<u64>) {
        out.extend(&self.options[*p as usize]);
    }
}

impl DenseGame for &RandomDag {
    fn value_bound(&self) -> u64 {
        self.options.iter().map(Vec::len).max().unwrap_or(0) as u64
    }
    fn for_each_option(&self, n: u64, visit: impl FnMut(u64)) {
        self.options[n as usize].iter().copied().for_each(visit);
    }
}

/// The definition, by plain recursion.
fn naive<G: Game>(game: &G, p: &G::Position) -> u64 {
    let mut options = Vec::new();
    game.options(p, &mut options);
    mex(options.iter().map(|q| naive(game, q)))
}

fn random_dag(max_len: usize) -> impl Strategy<Value = RandomDag> {
    (1..max_len).prop_flat_map(|n| {
        prop::collection::vec(prop::collection::vec(any::<prop::sample::Index>(), 0..5), n)
            .prop_map(|raw| {
                let options = raw
                    .into_iter()
                    .enumerate()
                    .map(|(i, picks)| {
                        let mut opts: Vec<u64> = if i == 0 {
                            vec![]
                        } else {
                            picks.iter().map(|x| x.index(i) as u64).collect()
                        };
                        opts.sort_unstable();
                        opts.dedup();
                        opts
                    })
                    .collect();
                RandomDag { options }
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn memo_and_dense_match_the_definition(game in random_dag(14)) {
        let mut memo = MemoSolver::new(game.clone());
        let mut dense = DenseSolver::new(&game);
        for p in 0..game.options.len() as u64 {
            let expected = naive(&game, &p);
            prop_assert_eq!(memo.value(&p).unwrap(), expected);
            prop_assert_eq!(dense.value(p).unwrap(), expected);
        }
    }

    #[test]
    fn sums_are_nim_sums_and_their_winning_moves_are_found_from_the_parts(
        parts in prop::collection::vec(random_dag(8), 1..4),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 3),
    ) {
        let position: Vec<u64> = parts.iter().zip(&picks).map(|(g, i)| i.index(g.options.len()) as u64).collect();
        let sum = Sum { components: parts.clone() };
        let mut memo = MemoSolver::new(sum.clone());
        let values: Vec<u64> = parts.iter().zip(&position).map(|(g, p)| naive(g, p)).collect();
        prop_assert_eq!(memo.value(&position).unwrap(), nim_sum(values.iter().copied()));
        prop_assert_eq!(naive(&sum, &position), nim_sum(values.iter().copied()));

        // Winning moves by brute force on the sum, and from the components alone.
        let mut brute = Vec::new();
        for (i, g) in parts.iter().enumerate() {
            for &q in &g.options[position[i] as usize] {
                let mut next = position.clone();
                next[i] = q;
                if memo.value(&next).unwrap() == 0 {
                    brute.push(next);
                }
            }
        }
        let option_values: Vec<Vec<u64>> = parts.iter().zip(&position)
            .map(|(g, &p)| g.options[p as usize].iter().map(|q| naive(g, q)).collect()).collect();
        let by_parts: Vec<Vec<u64>> = sum_winning_moves(&values, &option_values).into_iter().map(|m| {
            let mut next = position.clone();
            next[m.component] = parts[m.component].options[position[m.component] as usize][m.option];
            next
        }).collect();
        prop_assert_eq!(by_parts, brute);
    }
}
