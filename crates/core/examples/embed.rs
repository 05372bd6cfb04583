//! Embeds crypta in a program: solves two puzzles, reads their solutions
//! as data, and shows a bad script's diagnostics. Run it with
//! `cargo run -p crypta-core --example embed`.

use std::time::Duration;

use crypta_core::{Error, Options, Script};

const PUZZLES: &str = "
SEND + MORE = MONEY
unique multiplication {
     **3
  x   **
  ------
    *4**
   ****
  ------
   2*45*
}
";

fn main() -> Result<(), Error> {
    let options = Options::new().timeout(Duration::from_secs(5)).jobs(1);
    for answer in Script::parse(PUZZLES).run_all(&options)? {
        for solution in answer.solutions() {
            let symbols: Vec<String> = solution
                .symbols()
                .iter()
                .map(|(c, d)| format!("{c}={d}"))
                .collect();
            println!(
                "{} ({}): {}",
                answer.kind(),
                answer.strategy().unwrap_or("-"),
                symbols.join(" ")
            );
            println!("  rows: {:?}\n{}\n", solution.rows(), solution.text());
        }
        if let Some(uniqueness) = answer.uniqueness() {
            println!("unique? {uniqueness:?}");
        }
    }
    let bad = Script::parse("SEND + MORE = MONEY +");
    for diagnostic in bad.diagnostics() {
        println!(
            "{:?} at bytes {:?}: {}",
            diagnostic.kind, diagnostic.span, diagnostic.message
        );
    }
    print!("{}", bad.render_diagnostics("bad.crypta", false));
    Ok(())
}
