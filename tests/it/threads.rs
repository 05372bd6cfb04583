//! The thread limit: a `--jobs` past what the machine runs at once is cut
//! to that (`crypta_core::limits::max_threads`), said on standard error,
//! and changes no answer; a time limit holds whatever `--jobs` asks (10,000
//! threads used to abort the process, and 1,000 to overrun `--timeout` 2
//! by six seconds).

use crate::support::run;

const COUNT: &str = "count ABC * DE = FGHIJ with repeats";

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_huge_jobs_is_cut_to_the_machine_and_says_so() {
    let cap = crypta_core::limits::max_threads();
    let one = run(&["--jobs", "1", "eval", COUNT], b"");
    assert_eq!(one.status.code(), Some(0), "{}", text(&one.stderr));
    assert!(text(&one.stderr).is_empty(), "{}", text(&one.stderr));
    for jobs in ["10000", "1000000"] {
        let many = run(&["--jobs", jobs, "eval", COUNT], b"");
        let err = text(&many.stderr);
        assert_eq!(many.status.code(), Some(0), "--jobs {}: {}", jobs, err);
        assert_eq!(text(&many.stdout), text(&one.stdout), "--jobs {}", jobs);
        assert_eq!(
            err,
            format!(
                "warning: --jobs {} is more than the {} threads this machine runs at once: using {}\n",
                jobs, cap, cap
            )
        );
        // `--quiet` keeps it quiet.
        let quiet = run(&["-q", "--jobs", jobs, "eval", COUNT], b"");
        assert!(quiet.stderr.is_empty(), "{}", text(&quiet.stderr));
    }
}

#[test]
fn the_library_cuts_jobs_to_the_machine_too() {
    use crypta_core::limits::{max_threads, threads};
    assert!(max_threads() >= 1);
    assert_eq!(threads(0), max_threads());
    assert_eq!(threads(1), 1);
    assert_eq!(threads(usize::MAX), max_threads());
    assert_eq!(
        crypta_core::Options::new().jobs(1_000_000).threads(),
        max_threads()
    );
}

/// A long count under `--timeout` ends with exit status 3 whatever
/// `--jobs` asks (the run is given the hang ceiling, not a time).
#[test]
fn a_time_limit_holds_whatever_jobs_asks() {
    let long =
        "count ABCDEFGHIJKLMNOP + QRSTUVWXYZabcdef = ghijklmnopqrstuv with base 62, leading zeros";
    // A product with a condition has no counter (`product-ranges` takes a
    // lone product only): its count is cut into parts for a pool.
    let long_split = "count ABCDEFG * HIJKLMN = OPQRSTUVWXYZab with repeats, A < B";
    for script in [long, long_split] {
        for jobs in ["1000", "1000000"] {
            let out = run(
                &[
                    "--jobs",
                    jobs,
                    "--timeout",
                    "0.5",
                    "--format",
                    "json",
                    "eval",
                    script,
                ],
                b"",
            );
            let err = text(&out.stderr);
            assert_eq!(out.status.code(), Some(3), "--jobs {}: {}", jobs, err);
            let value: serde_json::Value =
                serde_json::from_str(text(&out.stdout).trim()).expect("one JSON line");
            assert_eq!(value["complete"], false);
        }
    }
}

/// `generate` makes its puzzles on threads of its own: as many as the
/// machine runs at once, whatever `--jobs` asks, and the same puzzles.
#[test]
fn generate_cuts_jobs_too() {
    let args = [
        "generate", "kakuro", "--size", "6", "--count", "3", "--seed", "9",
    ];
    let one = run(&[&["--jobs", "1"], &args[..]].concat(), b"");
    let many = run(&[&["--jobs", "100000"], &args[..]].concat(), b"");
    assert_eq!(many.status.code(), Some(0), "{}", text(&many.stderr));
    assert_eq!(one.stdout, many.stdout);
}
