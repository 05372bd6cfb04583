//! Rules on the letters themselves, not their columns: facts read off the
//! layout, and the all-different rule (taken digits, hidden singles,
//! naked pairs and triples).

use super::system::{bits, StepBug, System};
use crate::grade::Difficulty;

/// Easy: what the layout prints says so (a partial product row means its
/// multiplier digit is not 0, a missing one means it is).
pub fn printed(sys: &mut System) -> Result<bool, StepBug> {
    for u in sys.unary.clone() {
        let name = sys.names[u.var].clone();
        if sys.apply(
            "printed row",
            Difficulty::Easy,
            vec![name],
            u.why.clone(),
            &[(u.var, u.allowed)],
        )? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Easy: a letter with one digit left takes it from every other letter.
pub fn taken_digit(sys: &mut System) -> Result<bool, StepBug> {
    for i in 0..sys.distinct.len() {
        let v = sys.distinct[i];
        if !sys.fixed(v) {
            continue;
        }
        let digit = sys.cand[v];
        let keep: Vec<(usize, u64)> = sys
            .distinct
            .iter()
            .filter(|&&w| w != v && sys.cand[w] & digit != 0)
            .map(|&w| (w, !digit))
            .collect();
        if keep.is_empty() {
            continue;
        }
        let name = sys.names[v].clone();
        let why = format!(
            "{} = {}, and different letters are different digits",
            name,
            digit.trailing_zeros()
        );
        return sys.apply("taken digit", Difficulty::Easy, vec![name], why, &keep);
    }
    Ok(false)
}

/// The digits the all-different letters may still take, and whether they
/// must use every one of them (as many letters as digits): only then does
/// a digit need a letter.
fn all_used(sys: &System) -> Option<u64> {
    let union = sys.distinct.iter().fold(0u64, |acc, &v| acc | sys.cand[v]);
    (union.count_ones() as usize == sys.distinct.len()).then_some(union)
}

/// Easy: when the letters use every digit left, a digit only one letter
/// can take is that letter's.
pub fn hidden_single(sys: &mut System) -> Result<bool, StepBug> {
    let Some(union) = all_used(sys) else {
        return Ok(false);
    };
    for d in bits(union) {
        let bit = 1u64 << d;
        let holders: Vec<usize> = sys
            .distinct
            .iter()
            .copied()
            .filter(|&v| sys.cand[v] & bit != 0)
            .collect();
        if let [v] = holders[..] {
            if sys.cand[v] != bit {
                let name = sys.names[v].clone();
                let why = format!(
                    "the letters use every digit left, and only {} can still be {}",
                    name, d
                );
                return sys.apply(
                    "hidden single",
                    Difficulty::Easy,
                    vec![name],
                    why,
                    &[(v, bit)],
                );
            }
        }
    }
    Ok(false)
}

/// Hard: `size` letters with only `size` digits between them own those
/// digits; no other letter may take one.
fn naked(sys: &mut System, size: usize, rule: &'static str) -> Result<bool, StepBug> {
    let open: Vec<usize> = sys
        .distinct
        .iter()
        .copied()
        .filter(|&v| (2..=size as u32).contains(&sys.cand[v].count_ones()))
        .collect();
    let mut pick = vec![0usize; size];
    fn choose(
        open: &[usize],
        start: usize,
        depth: usize,
        pick: &mut Vec<usize>,
        found: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        if depth == pick.len() {
            return found(pick);
        }
        for i in start..open.len() {
            pick[depth] = open[i];
            if choose(open, i + 1, depth + 1, pick, found) {
                return true;
            }
        }
        false
    }
    let mut hit: Option<(Vec<usize>, u64)> = None;
    choose(&open, 0, 0, &mut pick, &mut |set| {
        let union = set.iter().fold(0u64, |acc, &v| acc | sys.cand[v]);
        let clears = union.count_ones() as usize == size
            && sys
                .distinct
                .iter()
                .any(|w| !set.contains(w) && sys.cand[*w] & union != 0);
        if clears {
            hit = Some((set.to_vec(), union));
        }
        clears
    });
    let Some((set, union)) = hit else {
        return Ok(false);
    };
    let names: Vec<String> = set.iter().map(|&v| sys.names[v].clone()).collect();
    let digits: Vec<String> = bits(union).map(|d| d.to_string()).collect();
    let keep: Vec<(usize, u64)> = sys
        .distinct
        .iter()
        .filter(|w| !set.contains(w))
        .map(|&w| (w, !union))
        .collect();
    let why = format!(
        "{} can only be {} between them, so no other letter is",
        names.join(", "),
        digits.join(", ")
    );
    sys.apply(rule, Difficulty::Hard, names, why, &keep)
}

/// Hard: two letters that share the same two digits.
pub fn naked_pair(sys: &mut System) -> Result<bool, StepBug> {
    naked(sys, 2, "naked pair")
}

/// Hard: three letters with three digits between them.
pub fn naked_triple(sys: &mut System) -> Result<bool, StepBug> {
    naked(sys, 3, "naked triple")
}
