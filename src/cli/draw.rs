//! `--format svg`: each query of the scripts drawn as one SVG picture,
//! its first solution filled in (or blank for `explain`, `count`, a
//! search that found nothing, and `--blank`). One picture goes to
//! standard output; several need `--out DIR`, one file per statement, so
//! that documents are never run together on one stream.

use crate::errln;
use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

use crypta_core::{Script, Statement};

use super::output::{worse, Output, ERRORS, LIMIT, OK, USAGE};

/// What `--format svg` was given with.
#[derive(Clone, Debug, Default)]
pub struct DrawOptions {
    /// `--blank`: draw every puzzle unsolved, without searching.
    pub blank: bool,
    /// `--out DIR`: where each picture is written, one file per statement.
    pub out: Option<PathBuf>,
}

/// Checks every script, then draws each query; returns the exit status.
/// Nothing is drawn when a script has errors: the pictures would not be
/// the ones asked for.
pub fn scripts(out: &Output, draw: &DrawOptions, scripts: &[(String, String)]) -> u8 {
    let mut checked = Vec::new();
    let mut code = OK;
    for (name, source) in scripts {
        let script = Script::parse(source);
        if !script.is_ok() {
            out.problems(name, source, &script.problems());
            code = ERRORS;
        } else {
            out.problems(name, source, script.warnings());
        }
        checked.push((name.as_str(), script));
    }
    if code != OK {
        return code;
    }
    let pictures: usize = checked
        .iter()
        .map(|(_, s)| s.statements().iter().filter(|s| is_query(s)).count())
        .sum();
    let stems = match &draw.out {
        None if pictures == 0 => {
            out.error(
                "nothing to draw: --format svg draws the queries of a script, and it has none",
            );
            return USAGE;
        }
        None if pictures > 1 => {
            out.error(&format!(
                "{} pictures to draw: with --format svg, standard output takes one; \
                 write them to files with --out DIR, or draw one statement",
                pictures
            ));
            return USAGE;
        }
        None => Vec::new(),
        Some(dir) => match file_stems(&checked, dir) {
            Ok(stems) => stems,
            Err(message) => {
                out.error(&message);
                return USAGE;
            }
        },
    };
    for (k, (_, script)) in checked.iter().enumerate() {
        for statement in script.statements().iter().filter(|s| is_query(s)) {
            let (svg, complete) = match statement.picture(&out.options, draw.blank) {
                Ok(picture) => picture,
                Err(e) => {
                    out.error(&e.to_string());
                    code = worse(code, ERRORS);
                    continue;
                }
            };
            if !complete {
                code = worse(code, LIMIT);
                // Said, not only in the exit status: the picture may be
                // of no solution because none was found in time.
                errln!(
                    "note: statement {}: a limit stopped its search; the picture shows what was found",
                    statement.number()
                );
            }
            let written = match (&draw.out, stems.get(k)) {
                (Some(dir), Some(stem)) => {
                    let path = dir.join(format!("{}statement-{}.svg", stem, statement.number()));
                    std::fs::write(&path, svg)
                        .map_err(|e| format!("cannot write {}: {}", path.display(), e))
                }
                _ => {
                    let mut stdout = std::io::stdout().lock();
                    stdout
                        .write_all(svg.as_bytes())
                        .and_then(|()| stdout.flush())
                        .map_err(|e| format!("cannot write the output: {}", e))
                }
            };
            if let Err(message) = written {
                out.error(&message);
                return worse(code, USAGE);
            }
            if out
                .options
                .interrupt_flag()
                .is_some_and(|f| f.load(Ordering::Relaxed))
            {
                return code;
            }
        }
    }
    code
}

/// A statement that draws a picture: every query (a `let` draws none).
fn is_query(statement: &Statement) -> bool {
    statement.query().is_some()
}

/// The start of each script's file names in `dir`, which is created:
/// nothing for one script, its file stem and `-` for several (two
/// scripts with one stem would overwrite each other's pictures).
fn file_stems(checked: &[(&str, Script)], dir: &Path) -> Result<Vec<String>, String> {
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot create the directory {}: {}", dir.display(), e))?;
    if checked.len() == 1 {
        return Ok(vec![String::new()]);
    }
    let mut seen = HashSet::new();
    let mut stems = Vec::new();
    for (name, _) in checked {
        let stem = match *name {
            "<stdin>" => "stdin".to_string(),
            name => Path::new(name)
                .file_stem()
                .map_or_else(|| name.to_string(), |s| s.to_string_lossy().into_owned()),
        };
        if !seen.insert(stem.clone()) {
            return Err(format!(
                "two scripts are named {}: their pictures would have the same names in --out; \
                 draw them separately",
                stem
            ));
        }
        stems.push(format!("{}-", stem));
    }
    Ok(stems)
}
