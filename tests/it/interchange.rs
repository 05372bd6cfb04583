//! puzz.link Kakuro URLs in and out: generated grids go out as URLs and
//! come back as the same statements, and a URL's grid has the same
//! solutions as the script it came from; runs with no clue (pzprjs's sum
//! 0) are crypta's `?` both ways; what puzz.link cannot hold (givens) is
//! an error.

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
    assert!(from_puzzlink("https://puzz.link/p?kakuro/2/2/n4").is_err());
    assert!(from_puzzlink("https://puzz.link/p?sudoku/2/2/n4334").is_err());
    let given = to_puzzlink("unique kakuro { # 4\\ 3\\ ; \\3 1 . ; \\4 . . }");
    assert!(given.unwrap_err().to_string().contains("given"));
    let letters = to_puzzlink("unique SEND + MORE = MONEY");
    assert!(letters.unwrap_err().to_string().contains("letters"));
    let out = run(&["--format", "puzzlink", "check", "x"], b"");
    assert_eq!(out.status.code(), Some(2));
}

/// pzprjs's sum 0 before white cells is a run of any sum: crypta's `?`,
/// both ways. A lone cell after a 0 gets `?` only when nothing else puts
/// it in a run; a wall of two 0s is pzprjs's `.`.
#[test]
fn runs_with_no_clue_are_question_marks() {
    let unclued = from_puzzlink("https://puzz.link/p?kakuro/2/2/n4300");
    assert_eq!(
        unclued.as_deref(),
        Ok("unique kakuro {\n  #  4\\ 3\\\n  \\? .  .\n  \\? .  .\n}")
    );
    let back = to_puzzlink(&unclued.unwrap_or_default());
    assert_eq!(
        back,
        Ok(vec!["https://puzz.link/p?kakuro/2/2/n4300".to_string()])
    );
    // One white cell whose runs both have no number.
    let lone = "unique kakuro {\n  #  ?\\ #\n  \\? .  #\n  #  #  #\n}";
    let url = to_puzzlink(lone);
    assert_eq!(
        url,
        Ok(vec!["https://puzz.link/p?kakuro/2/2/k...00".to_string()])
    );
    assert_eq!(
        from_puzzlink("https://puzz.link/p?kakuro/2/2/k...00").as_deref(),
        Ok(lone)
    );
    // A lone cell after a 0 whose other run has a sum: no `?` needed.
    let covered = from_puzzlink("https://puzz.link/p?kakuro/2/2/k.k.400");
    assert_eq!(
        covered.as_deref(),
        Ok("unique kakuro {\n  #  4\\ #\n  #  .  #\n  #  .  #\n}")
    );
    let wall = to_puzzlink("count kakuro { # ?\\ ?\\ ; \\? . . ; \\? . . }");
    assert_eq!(
        wall,
        Ok(vec!["https://puzz.link/p?kakuro/2/2/n0000".to_string()])
    );
}

/// The solutions of the first statement of `script`, counted.
fn count(script: &str) -> u64 {
    use crypta_engine::run::{run_statement, ResultBody, RunOptions};
    let script = script.replacen("unique", "count", 1);
    let (statements, diagnostics) = crypta_engine::program::check_script(&script);
    assert!(diagnostics.is_empty(), "{}\n{:?}", script, diagnostics);
    let statement = statements.first().expect("a statement");
    let result = run_statement(statement, &RunOptions::default()).expect("runs");
    let ResultBody::Searched(search) = result.body else {
        panic!("{} did not search", script);
    };
    search.count.to_u64().unwrap_or(u64::MAX)
}

/// Generated grids with some sums made `?` go out as URLs and come back
/// with the same solutions; the URL of what comes back is the same URL.
#[test]
fn grids_with_unclued_runs_go_out_and_come_back() {
    use crypta_core::generate::kakuro::{block, generate, Spec};
    use crypta_engine::kinds::{KakuroCell, Sum};
    let mut compared = 0;
    for seed in 0..crate::support::scaled(40) {
        let grid = generate(&Spec::new(4 + (seed % 3) as usize, seed));
        let mut cells = grid.cells();
        let mut k = 0;
        for cell in &mut cells {
            if let KakuroCell::Clue { down, across } = cell {
                for side in [down, across] {
                    if side.is_some() {
                        k += 1;
                        if (k + seed as usize).is_multiple_of(3) {
                            *side = Some(Sum::Any);
                        }
                    }
                }
            }
        }
        let statement = format!("unique {}", block(&cells, grid.cols));
        let urls = to_puzzlink(&statement).expect("exports");
        let back = from_puzzlink(&urls[0]).expect("imports");
        assert_eq!(
            to_puzzlink(&back).as_deref(),
            Ok(&urls[..]),
            "{}",
            statement
        );
        let n = count(&statement);
        if n < 2000 {
            assert_eq!(count(&back), n, "{}\n{}", statement, back);
            compared += 1;
        }
    }
    assert!(
        compared >= crate::support::scaled(20),
        "only {} grids compared",
        compared
    );
}

/// Janko's format: generated grids (givens included) go out as Janko files
/// and come back as the same statements; the command line reads a file
/// with the site's information lines and a solution, and writes one.
#[test]
fn janko_files_go_out_and_come_back() {
    use crypta_core::interchange::{import, janko::from_janko, to_janko};
    for (size, seed) in [(4, 1), (6, 2), (9, 3), (12, 4)] {
        let grid = crypta_core::generate::kakuro::generate(&crypta_core::generate::kakuro::Spec {
            givens: 0.1,
            ..crypta_core::generate::kakuro::Spec::new(size, seed)
        });
        let statement = format!("unique {}", grid.block());
        let files = to_janko(&statement).expect("exports");
        assert_eq!(files.len(), 1);
        assert!(files[0].starts_with(&format!(
            "begin\npuzzle kakuro\nrows {}\ncols {}\nproblem\n",
            size, size
        )));
        assert!(files[0].ends_with("end\n"));
        assert_eq!(from_janko(&files[0]), Ok(vec![statement.clone()]));
        assert_eq!(import(&files[0]), vec![Ok(statement)]);
    }
    let file = "begin\npuzzle kakuro\nauthor Otto Janko\nsize 3\nproblem\n\
                # 4\\0 3\\0\n0\\3 - -\n0\\4 - -\nsolution\n- - -\n- 1 2\n- 3 1\nend\n";
    let statement = "unique kakuro {\n  #  4\\ 3\\\n  \\3 .  .\n  \\4 .  .\n}";
    assert_eq!(from_janko(file), Ok(vec![statement.to_string()]));
    let dir = crate::support::Scratch::new("janko");
    let path = dir.file("janko.txt", file);
    let out = run(&["import", &path.to_string_lossy()], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), statement);
    let out = run(&["--format", "janko", "eval", statement], b"");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "begin\npuzzle kakuro\nrows 3\ncols 3\nproblem\n# 4\\0 3\\0\n0\\3 - -\n0\\4 - -\nend\n"
    );
}

/// What Janko's format cannot say, or a file that is not one, is an error.
#[test]
fn janko_errors() {
    use crypta_core::interchange::{janko::from_janko, to_janko};
    let any = to_janko("count kakuro { # ?\\ 3\\ ; \\? . . ; \\4 . . }");
    assert!(any.unwrap_err().to_string().contains("any sum"));
    let sudoku = from_janko("begin\npuzzle sudoku\nsize 9\nend\n");
    assert!(sudoku.unwrap_err().to_string().contains("only Kakuro"));
    let short = from_janko("begin\npuzzle kakuro\nsize 3\nproblem\n# 4\\0 3\\0\n0\\3 - -\n");
    assert!(short.unwrap_err().to_string().contains("ends inside"));
    let ragged = from_janko("begin\nrows 1\ncols 3\nproblem\n0\\3 -\nend\n");
    assert!(ragged
        .unwrap_err()
        .to_string()
        .contains("2 cells where `cols` says 3"));
    let cell = from_janko("begin\nrows 1\ncols 3\nproblem\n0\\3 - x\nend\n");
    assert!(cell
        .unwrap_err()
        .to_string()
        .contains("`x` is not a Kakuro cell"));
    let no_size = from_janko("begin\nproblem\nend\n");
    assert!(no_size
        .unwrap_err()
        .to_string()
        .contains("before the grid's `size`"));
    assert!(from_janko("").is_err());
}

/// `crypta import` of a grid that does not check (a white cell in no
/// run, a sum with no run after it) fails with the checker's diagnostics;
/// a URL that goes on after its grid is refused; the site is puzz.link.
#[test]
fn import_refuses_what_does_not_check() {
    let dir = crate::support::Scratch::new("import-checks");
    let lone = dir.file(
        "lone.txt",
        "begin\nrows 3\ncols 3\nproblem\n# 4\\0 #\n0\\4 - #\n# # -\nend\n",
    );
    let dangling = dir.file(
        "dangling.txt",
        "begin\nrows 4\ncols 3\nproblem\n# 4\\0 3\\0\n0\\3 - -\n0\\4 - -\n4\\0 # #\nend\n",
    );
    for path in [&lone, &dangling] {
        let out = run(&["import", &path.to_string_lossy()], b"");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{}", err);
        assert!(err.contains("imported puzzle 1"), "{}", err);
        assert!(
            out.stdout.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
    // A sum with no white cell after it cannot be kept: refused, not lost.
    let lost = from_puzzlink("https://puzz.link/p?kakuro/2/2/40k.k3")
        .unwrap_err()
        .to_string();
    assert!(lost.contains("no white cell"), "{}", lost);
    let url = "https://puzz.link/p?kakuro/2/2/n4334";
    let out = run(&["import", &format!("{}garbage", url)], b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{}", err);
    assert!(
        err.contains("the URL goes on after its 2x2 grid: `garbage`"),
        "{}",
        err
    );
    assert!(out.stdout.is_empty());
    let bad = from_puzzlink("https://puzz.link/p?kakuro/2/2/n4!34")
        .unwrap_err()
        .to_string();
    assert!(bad.contains("puzz.link"), "{}", bad);
    assert!(!bad.contains("puz.link"), "{}", bad);
}

/// The puzz.link URL docs/language.md imports gives the statements shown
/// under it.
#[test]
fn the_documented_url_imports_as_shown() {
    let docs = crate::support::read("docs/language.md");
    let prompt = "$ crypta import 'https://puzz.link/";
    let at = docs.find(prompt).expect("an import of a puzz.link URL");
    let (command, rest) = docs[at..].split_once('\n').expect("lines after it");
    let url = command
        .trim_start_matches("$ crypta import '")
        .trim_end_matches('\'');
    let shown = &rest[..rest.find("```").expect("the block's end")];
    let out = run(&["import", url], b"");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), shown);
    // And it is the same puzzle going back out.
    let back = run(&["--format", "puzzlink", "eval", shown], b"");
    assert_eq!(String::from_utf8_lossy(&back.stdout).trim(), url);
}

/// The errors are values a caller can tell apart, and their sentences are
/// the ones the command line has always printed, byte for byte.
#[test]
fn interchange_errors_are_values_with_their_sentences() {
    use crypta_core::interchange::{import, janko::from_janko, ExportError, ImportError};
    assert_eq!(from_janko(""), Err(ImportError::NoBlock));
    let cell = from_janko("begin\nrows 1\ncols 3\nproblem\n0\\3 - x\nend\n").unwrap_err();
    assert_eq!(
        cell,
        ImportError::NotACell {
            line: 5,
            cell: "x".into()
        }
    );
    assert_eq!(
        cell.to_string(),
        "line 5: `x` is not a Kakuro cell (`-` white, `#` block, `D\\A` a clue)"
    );
    let lost = from_puzzlink("https://puzz.link/p?kakuro/2/2/40k.k3").unwrap_err();
    assert_eq!(
        lost.to_string(),
        "the clue in row 2, column 2 has a down sum of 4 and no white cell under it"
    );
    assert_eq!(
        import("kakuro/2/2/n4!34"),
        vec![Err(ImportError::Line {
            line: "kakuro/2/2/n4!34".into(),
            error: Box::new(ImportError::NotASum('!')),
        })]
    );
    assert_eq!(
        import("kakuro/2/2/n4!34")[0]
            .as_ref()
            .map_err(|e| e.to_string()),
        Err("kakuro/2/2/n4!34: `!` is not a sum in a puzz.link Kakuro URL".to_string())
    );
    let letters = to_puzzlink("unique SEND + MORE = MONEY").unwrap_err();
    assert!(matches!(letters, ExportError::NotKakuro { number: 1, .. }));
    assert_eq!(
        letters.to_string(),
        "statement 1 is a letters puzzle: only plain Kakuro grids have a puzz.link or Janko form"
    );
}
