//! Independent parts of a letter system: equations and conditions that
//! share no variable, directly or through all-different, are counted
//! apart and their counts multiplied. With distinct symbols every symbol
//! meets every other in the all-different rule, so parts come from `?`
//! cells, wild classes and `repeats`: `count AB + CD = EF, GH + IJ = KL
//! with repeats` is two counts of about 4,000 multiplied, not a search of
//! sixteen million assignments.

use crate::ir::{vars, Digits, Expr, Letters, Member};

/// The variables joined into parts (a union-find forest), each part's
/// root, and the part of each equation and condition.
struct Components {
    parent: Vec<usize>,
    roots: Vec<Option<usize>>,
    eq_part: Vec<usize>,
    cond_part: Vec<usize>,
}

fn root(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

/// Whether the system falls into several parts: what is worth counting
/// apart when no part could be counted by columns (a system with a
/// condition), found without copying the system.
pub fn several(letters: &Letters) -> bool {
    components(letters).is_some_and(|c| c.roots.len() > 1)
}

/// The parts of `letters`, each a system of its own over the same
/// variables: the variables of other parts are fixed at 0 (they appear in
/// none of its equations or conditions, so they change nothing), which
/// keeps every index the same. `None` when some variable is in no
/// equation or condition (it could not be counted from them).
pub fn split(letters: &Letters) -> Option<Vec<Letters>> {
    let n = letters.vars.len();
    let Components {
        mut parent,
        roots,
        eq_part,
        cond_part,
    } = components(letters)?;
    let parts = (0..roots.len())
        .map(|p| {
            let mut part = letters.clone();
            let keep_eq: Vec<usize> = (0..eq_part.len()).filter(|&e| eq_part[e] == p).collect();
            let keep_cond: Vec<usize> = (0..cond_part.len())
                .filter(|&c| cond_part[c] == p)
                .collect();
            part.equations = keep_eq
                .iter()
                .map(|&e| letters.equations[e].clone())
                .collect();
            part.conditions = keep_cond
                .iter()
                .map(|&c| letters.conditions[c].clone())
                .collect();
            part.members = letters
                .members
                .iter()
                .filter_map(|m| match *m {
                    Member::Equation(e) => {
                        keep_eq.iter().position(|&k| k == e).map(Member::Equation)
                    }
                    Member::Condition(c) => keep_cond
                        .iter()
                        .position(|&k| k == c)
                        .map(Member::Condition),
                })
                .collect();
            for v in 0..n {
                if roots[p] != Some(root(&mut parent, v)) {
                    part.vars[v].domain = Digits::single(0);
                    part.vars[v].groups = 0;
                }
            }
            part
        })
        .collect();
    Some(parts)
}

fn components(letters: &Letters) -> Option<Components> {
    let n = letters.vars.len();
    let mut parent: Vec<usize> = (0..n).collect();
    let union = |parent: &mut Vec<usize>, vars: &[usize]| {
        for pair in vars.windows(2) {
            let (a, b) = (root(parent, pair[0]), root(parent, pair[1]));
            parent[a] = b;
        }
    };
    let equation_vars: Vec<Vec<usize>> = letters
        .equations
        .iter()
        .map(|eq| {
            let mut words = Vec::new();
            expr_words(&eq.lhs, &mut words);
            expr_words(&eq.rhs, &mut words);
            word_vars(letters, &words)
        })
        .collect();
    let condition_vars: Vec<Vec<usize>> = letters
        .conditions
        .iter()
        .map(|c| c.vars(&letters.words))
        .collect();
    for vars in equation_vars.iter().chain(&condition_vars) {
        union(&mut parent, vars);
    }
    // Each all-different group ties its variables together.
    for g in 0..crate::ir::vars::group_count(&letters.vars) {
        let group: Vec<usize> = (0..n)
            .filter(|&v| letters.vars[v].groups >> g & 1 == 1)
            .collect();
        union(&mut parent, &group);
    }

    let mut constrained = vec![false; n];
    for &v in equation_vars.iter().chain(&condition_vars).flatten() {
        constrained[v] = true;
    }
    if constrained.contains(&false) {
        return None;
    }
    // A part per root, in order of first variable; equations and
    // conditions without variables (`12 + 3 = 15`) make a part of their own.
    let mut roots: Vec<Option<usize>> = Vec::new();
    let mut part_of = |vars: &[usize], parent: &mut Vec<usize>| {
        let r = vars.first().map(|&v| root(parent, v));
        match roots.iter().position(|&x| x == r) {
            Some(i) => i,
            None => {
                roots.push(r);
                roots.len() - 1
            }
        }
    };
    let eq_part: Vec<usize> = equation_vars
        .iter()
        .map(|vars| part_of(vars, &mut parent))
        .collect();
    let cond_part: Vec<usize> = condition_vars
        .iter()
        .map(|vars| part_of(vars, &mut parent))
        .collect();
    Some(Components {
        parent,
        roots,
        eq_part,
        cond_part,
    })
}

fn expr_words(e: &Expr, out: &mut Vec<usize>) {
    match e {
        Expr::Word(w) => out.push(*w),
        Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) => {
            expr_words(a, out);
            expr_words(b, out);
        }
    }
}

fn word_vars(letters: &Letters, words: &[usize]) -> Vec<usize> {
    vars::vars_in(words.iter().map(|&w| &letters.words[w]))
}
