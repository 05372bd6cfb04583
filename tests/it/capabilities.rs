//! Every kind states what it can do (`kinds::Kind` has no defaults): a
//! capability a kind lacks is a typed `Unsupported` with its message.

use crypta_engine::kinds::{self, Capability, Unsupported};

use crate::fixes::checked;

/// One puzzle of each kind, and whether it has grading rules.
const KINDS: &[(&str, bool)] = &[
    ("SEND + MORE = MONEY", true),
    ("multiplication {\n  **3\nx  **\n-----\n *4**\n****\n-----\n2*45*\n}", true),
    ("kakuro { # 5\\ 5\\ ; \\4 . . ; \\6 . . }", true),
    (
        "kakuro { # A\\ 5\\ ; \\4 . . ; \\6 . . }",
        true,
    ),
    (
        "solve multiplication {\n  AB\nx  C\n---\n  DF\n},\n multiplication {\n  DF\nx  G\n---\n  H6\n}, AB + C = DF - 29",
        false,
    ),
];

#[test]
fn each_kind_says_whether_it_grades_and_gives() {
    for &(script, grades) in KINDS {
        let puzzle = checked(script);
        let kind = kinds::of(&puzzle);
        assert!(kind.givens().is_ok(), "{}", script);
        match kind.grader() {
            Ok(_) => assert!(grades, "{}", script),
            Err(unsupported) => {
                assert!(!grades, "{}", script);
                assert_eq!(
                    unsupported,
                    Unsupported {
                        kind: puzzle.kind_name(),
                        capability: Capability::Grading
                    }
                );
                assert_eq!(
                    unsupported.to_string(),
                    "grading by a person's steps is not supported for system puzzles"
                );
            }
        };
    }
}
