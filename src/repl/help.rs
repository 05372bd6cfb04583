//! The text of `:help`. Its words are the vocabulary's
//! (`crypta_core::vocab`), and its blocks are listed from it
//! (`vocab::BLOCKS`), so a new kind needs no line here; `tests/it/vocab.rs`
//! checks that it names every word.

use std::sync::LazyLock;

use crypta_core::vocab;

/// What `:help` shows.
pub static HELP: LazyLock<String> =
    LazyLock::new(|| format!("{}{}\n{}", BEFORE_BLOCKS, blocks(), AFTER_BLOCKS));

/// The block keywords, one a line (`usage`, then what `:help` says of it;
/// its further lines under that).
fn blocks() -> String {
    let mut text = String::new();
    for block in vocab::BLOCKS {
        let mut lines = block.help().lines();
        let first = lines.next().unwrap_or_default();
        text.push_str(&format!("  {:<23}  {}\n", block.word.usage, first));
        for line in lines {
            text.push_str(&format!("{:27}{}\n", "", line.trim()));
        }
    }
    text
}

const BEFORE_BLOCKS: &str = "\
crypta: type a statement, or a command starting with `:`.

Statements   [query] puzzle [with option, ...]
  SEND + MORE = MONEY                      every solution
  first 2 ABC * DE = FGHI                  at most 2 solutions
  count ACM + IBM = ICPC                   how many
  unique FORTY + TEN + TEN = SIXTY         exactly one?
  explain SEND + MORE = MONEY              the typed puzzle and the strategy
  grade kakuro { ... }                     solved by a person's steps, rated
  explain steps kakuro { ... }             the steps, one by one
  answer TEASER: TEASER = ...              each value of TEASER, with counts
  unique answer TEASER: ...                one value, even if many solutions
  solve ABC + ABC = DEF, DEF + ABC = GHI   systems share one assignment
  count AB ^ 2 = CDE, (A + B) % 3 = 0      relations, / % ^, properties
  let money = SEND + MORE = MONEY          name a puzzle, then:
  unique money with E != 5                 query it with more options

Options after `with`
  base 16, leading zeros, repeats, digits 1..9, digits {2,3,5,7},
  E = 5, A != 0, B in 1..4, C in {1,3,5}, D odd, F even,
  ? odd, * != 7 (every `?` cell), wild O E then O odd, E even,
  distinct ABC, xyz (each group all different, groups may share),
  SEVEN prime, TEN square (a word's value), MONEY > 10600, S < E
  (any relation or property: = != < <= > >=, prime square cube
  triangular palindrome odd even)
  A < B or B < C, not A = 4, (A odd and B odd) or C = 0,
  exactly 1 of (A = 1, B = 2), at least 2 of (...), at most 1 of (...)
  (conditions combined; `and` binds before `or`), 45d (decimal in any base)

Words are letters (symbols), digits 0-9 and `?` (a digit nobody names).
Blocks go on over several lines until their `}`:
";

const AFTER_BLOCKS: &str = "\
Commands
  :help               this text
  :load FILE          run a script
  :format text|json   output format
  :timeout SECONDS    stop each search after that long (:timeout off)
  :time               show how long each statement took (toggle)
  :clear              clear the screen
  :quit               leave (or Ctrl-D); `help`, `quit`, `exit`, `clear`
                      work without the colon too
Ctrl-C stops a running search; at the prompt it clears the line.
";
