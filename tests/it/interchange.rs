//! puzz.link Kakuro URLs in and out: generated grids go out as URLs and
//! come back as the same statements, and a URL's grid has the same
//! solutions as the script it came from; what crypta cannot write (a run
//! with no clue) or puzz.link cannot hold (givens) is an error.

use crypta_core::interchange::{from_puzzlink, to_puzzlink};

use crate::support::run;

#[test]
fn generated_grids_go_out_and_come_back_the_same() {
    for (size, seed) in [(5, 1), (7, 2), (10, 3), (14, 4), (20, 5)] {
        let grid = crypta_core::generate::kakuro::generate(&crypta_core::generate::kakuro::Spec {
            unique: true,
            ..crypta_core::generate::kakuro::Spec::new(size, seed)
        });
        let statement = format!("unique {}", grid.block());
        let urls = to_puzzlink(&statement).expect("exports");
        assert_eq!(urls.len(), 1);
        assert!(urls[0].starts_with(&format!(
            "https://puzz.link/p?kakuro/{}/{}/",
            size - 1,
            size - 1
        )));
        assert_eq!(from_puzzlink(&urls[0]).as_deref(), Ok(statement.as_str()));
    }
}

#[test]
fn the_command_line_imports_and_exports() {
    let statement = "unique kakuro {\n  #  4\\ 3\\\n  \\3 .  .\n  \\4 .  .\n}";
    let out = run(&["--format", "puzzlink", "eval", statement], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let url = String::from_utf8_lossy(&out.stdout).trim().to_string();
    // 2×2 inner cells, all white; down sums 4 and 3; across 3 and 4.
    assert_eq!(url, "https://puzz.link/p?kakuro/2/2/n4334");
    let back = run(&["import", &url], b"");
    assert!(back.status.success());
    assert_eq!(String::from_utf8_lossy(&back.stdout).trim(), statement);
    let solved = run(&["eval", statement], b"");
    assert!(String::from_utf8_lossy(&solved.stdout).contains("unique"));
}

#[test]
fn what_one_side_cannot_hold_is_an_error() {
    // A row whose run has no clue: any sum in puzz.link.
    let unclued = from_puzzlink("https://puzz.link/p?kakuro/2/2/n4300");
    assert!(unclued.unwrap_err().contains("has no clue"));
    assert!(from_puzzlink("https://puzz.link/p?kakuro/2/2/n4").is_err());
    assert!(from_puzzlink("https://puzz.link/p?sudoku/2/2/n4334").is_err());
    let given = to_puzzlink("unique kakuro { # 4\\ 3\\ ; \\3 1 . ; \\4 . . }");
    assert!(given.unwrap_err().contains("given"));
    let letters = to_puzzlink("unique SEND + MORE = MONEY");
    assert!(letters.unwrap_err().contains("letters"));
    let out = run(&["--format", "puzzlink", "check", "x"], b"");
    assert_eq!(out.status.code(), Some(2));
}
