//! Members of the subtraction–division family (i-Mark, SD, Kupin: `games/subdivision`).
//!
//! A division move reaches far back, so these games are not periodic in general and no
//! periodicity theorem applies. A row reports the values computed by the dense engine to the
//! survey's bound, the largest value and where it first occurs, and every statement the papers
//! make about the member checked
//! against brute force: [`claims_for`] lists the claims whose hypotheses it meets (Sopena's
//! theorem; Friman and Nivasch, *Some i-Mark games*, Theorems 1-3, 5-7, Lemma 8 and Conjecture
//! 4), and each runs as `grundy verify` runs it, for every `n` below the bound. A member whose
//! every value a theorem *proven for its parameters* gives ([`ClosedForm::for_values`]) has the
//! status `closed form`; agreement of a conjecture is reported as what it is, a check to a bound.
//!
//! No period is reported, not even an observed one: the division move reaches back to `n/d`, so a
//! repetition inside the range says nothing beyond it (in 10^5 values, i-Mark({1},{2}) repeats
//! with period 16384 from 49153, an echo of its values at `n/2`), and searching every period
//! of 2^20 nearly periodic values costs time quadratic in their number.

use super::published::Verdict;
use super::Computed;
use crate::games::subdivision::theory::{claims_for, ClosedForm};
use crate::games::subdivision::SubDivision;
use crate::solve::DenseSolver;
use crate::verify::Status;
use crate::Result;

/// The values of `game` below `to` and the papers' statements about it, checked to `to - 1`.
pub(super) fn compute(game: &SubDivision, to: u64) -> Result<Computed> {
    let min = game.min_position();
    let mut dense = DenseSolver::new(game);
    dense.extend_to(to)?;
    let values: Vec<u64> = (0..to as usize).map(|n| dense.values().get(n)).collect();
    drop(dense);
    let mut max = (0, min);
    for n in min..to {
        if values[n as usize] > max.0 {
            max = (values[n as usize], n);
        }
    }
    let mut holds = true;
    let mut parts = Vec::new();
    let mut closed_holds = false;
    let closed = ClosedForm::for_values(game);
    for (claim, params) in claims_for(game)? {
        let verdict = (claim.check)(&params, to - 1, &mut |_| {})?;
        holds &= verdict.holds;
        let said = match (verdict.status, &verdict.counterexample) {
            (Status::Counterexample, Some(c)) => format!("counterexample: {c}"),
            (Status::Evidence, _) => format!(
                "evidence for every n <= {} ({} not compared)",
                verdict.checked_to,
                verdict.unchecked.as_deref().unwrap_or("part of it")
            ),
            _ => format!("holds for every n <= {}", verdict.checked_to),
        };
        parts.push(format!("{} ({}): {said}", claim.name, claim.source));
        let gives_values = matches!(
            (closed, claim.name),
            (Some(ClosedForm::Theorem1 { .. }), "imark-theorem1")
                | (Some(ClosedForm::Theorem2 { .. }), "imark-theorem2")
                | (Some(ClosedForm::Theorem3 { .. }), "imark-theorem3")
        );
        closed_holds |= gives_values && verdict.holds;
    }
    let claims = Verdict {
        word: match (parts.is_empty(), holds) {
            (true, _) => "not listed",
            (false, true) => "agrees",
            (false, false) => "disagrees",
        },
        detail: parts.join("; "),
    };
    Ok(Computed {
        values,
        proof: None,
        observed: None,
        arithmetic: None,
        max,
        heaps: 0,
        split: None,
        note: None,
        claims: Some(claims),
        closed_form: closed.filter(|_| closed_holds).map(|c| c.source()),
    })
}

#[cfg(test)]
mod tests {
    use super::super::{members, run_member};

    fn row(spec: &str, to: u64) -> super::super::Row {
        run_member(&members(spec).unwrap()[0], to)
    }

    /// i-Mark(S, D) by its definition: subtract an element of S, or divide by one of D that
    /// divides the pile.
    fn imark(s: &[u64], d: &[u64], to: usize) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::new();
        for n in 0..to {
            let mut options: Vec<u64> = s
                .iter()
                .filter(|&&x| x <= n as u64)
                .map(|&x| g[n - x as usize])
                .collect();
            options.extend(
                d.iter()
                    .filter(|&&x| n > 0 && (n as u64).is_multiple_of(x))
                    .map(|&x| g[n / x as usize]),
            );
            g.push((0..).find(|v| !options.contains(v)).unwrap());
        }
        g
    }

    #[test]
    fn rows_report_the_largest_value_of_the_definition() {
        for (s, d) in [(&[1][..], &[2, 3][..]), (&[2], &[5]), (&[1, 3], &[2])] {
            let show = |x: &[u64]| x.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
            let spec = format!("imark:s={}:d={}", show(s), show(d));
            let r = row(&spec, 3000);
            let g = imark(s, d, 3000);
            let max = *g.iter().max().unwrap();
            assert_eq!(r.max, max, "{spec}");
            assert_eq!(r.max_at, g.iter().position(|&v| v == max).unwrap() as u64);
            assert_eq!(r.computed, 3000);
            assert!(!r.proven);
        }
    }

    #[test]
    fn the_papers_statements_are_checked_for_each_member() {
        // Theorem 1 with t = 3 is proven: every value by the closed form.
        let r = row("imark:s=1,2:d=4", 5000);
        assert_eq!(r.status, "closed form");
        assert_eq!(r.published, "agrees");
        assert!(
            r.published_detail.contains("imark-theorem1"),
            "{}",
            r.published_detail
        );
        assert!(r.theorem.unwrap().contains("Theorem 1"));
        // Theorem 1 fails for t = 2 at alpha_1 = d + d^2 (see subdivision::theory): reported,
        // and the member is not given a closed form. d = 3: alpha_1 = 12.
        let r = row("imark:s=1:d=3", 200);
        assert_eq!(r.published, "disagrees");
        assert!(
            r.published_detail.contains("counterexample"),
            "{}",
            r.published_detail
        );
        assert_ne!(r.status, "closed form");
        // Sopena gives outcomes only: checked, no closed form for the values.
        let r = row("imark:s=1,2:d=2", 2000);
        assert_eq!(r.published, "agrees");
        assert!(r.published_detail.contains("imark-sopena"));
        assert_ne!(r.status, "closed form");
        // Conjecture 4's first sentence fails for s = 3, d = 2 at 16 (theory's own test).
        let r = row("imark:s=3:d=2", 1000);
        assert_eq!(r.published, "disagrees");
        assert!(
            r.published_detail.contains("SG(16) = 2"),
            "{}",
            r.published_detail
        );
        // Theorems 2 and 3 and Conjecture 4 for S = {2}, D = {k}, k odd.
        let r = row("imark:s=2:d=7", 5000);
        assert!(r.published_detail.contains("imark-theorem2"));
        assert!(r.published_detail.contains("imark-conjecture4"));
        // No statement about SD games.
        let r = row("sd:s=1:d=2", 1000);
        assert_eq!(r.published, "not listed");
        assert_eq!(r.max, 2);
    }
}
