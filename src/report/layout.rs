//! Skeleton solutions: each row's digits, and the layout as printed with
//! every cell replaced by its digit.

use crate::ir::{digit_char, Skeleton};

/// The rows in the order written, as digit strings.
pub fn rows(sk: &Skeleton, values: &[u8]) -> Vec<String> {
    (0..sk.rows.len())
        .map(|r| {
            sk.row_digits(r, values)
                .into_iter()
                .map(digit_char)
                .collect()
        })
        .collect()
}

/// The block as written, every cell filled in: alignment is kept because a
/// cell is one character and so is a digit.
pub fn filled(sk: &Skeleton, values: &[u8]) -> String {
    let mut lines: Vec<Vec<char>> = sk.lines.iter().map(|l| l.chars().collect()).collect();
    for (r, row) in sk.rows.iter().enumerate() {
        for (&(line, col), d) in row.at.iter().zip(sk.row_digits(r, values)) {
            if let Some(c) = lines.get_mut(line).and_then(|l| l.get_mut(col)) {
                *c = digit_char(d);
            }
        }
    }
    lines
        .into_iter()
        .map(|l| l.into_iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}
