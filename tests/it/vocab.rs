//! The one vocabulary (`crypta_core::vocab`) against the grammar, both ways:
//! every keyword the grammar spells is in the vocabulary, in the right
//! list, and every word of the vocabulary is a keyword of the grammar. Also
//! the REPL's help against the vocabulary, and `crypta fmt`'s refusal to
//! write a script whose statements would change.

use std::collections::BTreeSet;

use crypta_cli::repl::help::HELP;
use crypta_core::fmt::{verify, Refusal};
use crypta_core::vocab::{self, Word};

const GRAMMAR: &str = include_str!("../../crates/substrate/grammar/crypta.pest");

/// The body of a grammar rule, between the braces after `NAME =`.
fn body(name: &str) -> &'static str {
    let start = GRAMMAR
        .lines()
        .scan(0, |at, line| {
            let here = *at;
            *at += line.len() + 1;
            Some((here, line))
        })
        .find(|(_, line)| {
            line.strip_prefix(name)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .map(|(at, _)| at)
        .unwrap_or_else(|| panic!("the grammar has no rule `{}`", name));
    let text = &GRAMMAR[start..];
    let open = text.find('{').expect("a rule body opens with `{`");
    let (mut depth, mut quoted) = (0, false);
    for (i, c) in text[open..].char_indices() {
        match c {
            '"' => quoted = !quoted,
            '{' if !quoted => depth += 1,
            '}' if !quoted => {
                depth -= 1;
                if depth == 0 {
                    return &text[open + 1..open + i];
                }
            }
            _ => {}
        }
    }
    panic!("rule `{}` does not close", name)
}

/// A rule body as tokens: quoted literals (quotes kept), names, and the
/// punctuation `|`, `(`, `)`; look-aheads (`!x`, `&(...)`) and repetition
/// marks dropped, since they spell nothing.
fn tokens(body: &str) -> Vec<String> {
    let mut raw = Vec::new();
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                let mut lit = String::from('"');
                for d in chars.by_ref() {
                    lit.push(d);
                    if d == '"' {
                        break;
                    }
                }
                raw.push(lit);
            }
            c if c.is_ascii_alphanumeric() || c == '_' => {
                let mut name = String::from(c);
                while let Some(&d) = chars
                    .peek()
                    .filter(|d| d.is_ascii_alphanumeric() || **d == '_')
                {
                    name.push(d);
                    chars.next();
                }
                raw.push(name);
            }
            '|' | '(' | ')' | '!' | '&' => raw.push(c.to_string()),
            _ => {}
        }
    }
    // Drop each look-ahead with what it looks at.
    let mut out = Vec::new();
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == "!" || raw[i] == "&" {
            i += 1;
            if raw.get(i).map(String::as_str) == Some("(") {
                let mut depth = 0;
                while i < raw.len() {
                    depth += match raw[i].as_str() {
                        "(" => 1,
                        ")" => -1,
                        _ => 0,
                    };
                    i += 1;
                    if depth == 0 {
                        break;
                    }
                }
            } else {
                i += 1;
            }
            continue;
        }
        out.push(raw[i].clone());
        i += 1;
    }
    out
}

/// Every way the rule `name` spells its keywords: the words of `kw_*`
/// rules, joined by a space along a sequence, gathered over alternatives.
/// Numbers, names and operators spell nothing.
fn spell(name: &str, depth: usize) -> BTreeSet<String> {
    if name.starts_with("kw_") {
        return tokens(body(name))
            .iter()
            .filter_map(|t| t.strip_prefix('"')?.strip_suffix('"').map(String::from))
            .collect();
    }
    let known = GRAMMAR.lines().any(|l| {
        l.strip_prefix(name)
            .is_some_and(|r| r.trim_start().starts_with('='))
    });
    if depth > 8 || !known {
        return BTreeSet::new();
    }
    spell_tokens(&tokens(body(name)), depth)
}

fn spell_tokens(tokens: &[String], depth: usize) -> BTreeSet<String> {
    // Split on top-level `|`.
    let mut alternatives: Vec<&[String]> = Vec::new();
    let (mut level, mut from) = (0, 0);
    for (i, t) in tokens.iter().enumerate() {
        match t.as_str() {
            "(" => level += 1,
            ")" => level -= 1,
            "|" if level == 0 => {
                alternatives.push(&tokens[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    alternatives.push(&tokens[from..]);
    let mut all = BTreeSet::new();
    for sequence in alternatives {
        let mut spelled: Option<BTreeSet<String>> = None;
        let mut i = 0;
        while i < sequence.len() {
            let item = if sequence[i] == "(" {
                let mut level = 0;
                let start = i;
                loop {
                    level += match sequence[i].as_str() {
                        "(" => 1,
                        ")" => -1,
                        _ => 0,
                    };
                    i += 1;
                    if level == 0 {
                        break;
                    }
                }
                spell_tokens(&sequence[start + 1..i - 1], depth + 1)
            } else {
                i += 1;
                match sequence[i - 1].chars().next() {
                    Some('"') => BTreeSet::new(),
                    _ => spell(&sequence[i - 1], depth + 1),
                }
            };
            if item.is_empty() {
                continue;
            }
            spelled = Some(match spelled {
                None => item,
                Some(before) => before
                    .iter()
                    .flat_map(|a| item.iter().map(move |b| format!("{} {}", a, b)))
                    .collect(),
            });
        }
        all.extend(spelled.unwrap_or_default());
    }
    all
}

fn spellings<'a>(words: impl IntoIterator<Item = &'a Word>) -> BTreeSet<String> {
    words
        .into_iter()
        .flat_map(|w| std::iter::once(&w.text).chain(w.also))
        .map(|s| s.to_string())
        .collect()
}

#[test]
fn the_grammar_spells_the_queries_of_the_vocabulary() {
    assert_eq!(spell("query", 0), spellings(vocab::QUERIES));
    use crypta_substrate::ir::Query;
    let queries = [
        Query::Solve,
        Query::First(1),
        Query::Count,
        Query::Unique,
        Query::Grade,
        Query::Explain,
        Query::ExplainSteps,
        Query::Answer { unique: false },
        Query::Answer { unique: true },
    ];
    let named: BTreeSet<String> = queries.iter().map(|q| q.keyword().to_string()).collect();
    assert_eq!(named, spellings(vocab::QUERIES));
    assert_eq!(spell("kw_let", 0), spellings([&vocab::LET]));
    assert_eq!(spell("kw_with", 0), spellings([&vocab::WITH]));
}

#[test]
fn the_grammar_spells_the_blocks_of_the_vocabulary() {
    let words: Vec<&Word> = vocab::BLOCKS.iter().map(|b| &b.word).collect();
    assert_eq!(spell("block_kind", 0), spellings(words));
    for block in vocab::BLOCKS {
        assert_eq!(block.kind.keyword(), block.word.text);
    }
}

#[test]
fn the_grammar_spells_the_options_and_properties_of_the_vocabulary() {
    let properties: Vec<&Word> = vocab::PROPERTIES.iter().map(|e| &e.word).collect();
    assert_eq!(spell("property", 0), spellings(properties.iter().copied()));
    for entry in vocab::PROPERTIES {
        assert_eq!(entry.property.keyword(), entry.word.text);
        assert_eq!(vocab::property(entry.word.text), Some(entry.property));
    }
    let after_with = vocab::OPTIONS
        .iter()
        .map(|o| &o.word)
        .chain([&vocab::IN])
        .chain(properties.iter().copied());
    assert_eq!(spell("known_option", 0), spellings(after_with));
    // The options of words alone are those the vocabulary reads as flags.
    let alone: BTreeSet<String> = tokens(body("known_option"))
        .iter()
        .filter(|rule| *rule != "|" && *rule != "constraint")
        .filter(|rule| tokens(body(rule)).iter().all(|t| t.starts_with("kw_")))
        .flat_map(|rule| spell(rule, 0))
        .collect();
    let flags: BTreeSet<String> = spellings(
        vocab::OPTIONS
            .iter()
            .filter(|o| matches!(o.takes, vocab::Takes::Nothing(_)))
            .map(|o| &o.word),
    );
    assert_eq!(alone, flags);
    for spelling in &flags {
        let spaced = spelling.replace(' ', " \t ");
        assert!(vocab::flag(&spaced).is_some(), "{}", spaced);
    }
    assert_eq!(vocab::flag("leading"), None);
    let listed: BTreeSet<String> = vocab::after_with().map(String::from).collect();
    assert!(listed.is_subset(&spell("known_option", 0)));
}

#[test]
fn the_reserved_words_are_the_grammars() {
    let grammar: BTreeSet<String> = tokens(body("keyword"))
        .iter()
        .filter_map(|t| t.strip_prefix('"')?.strip_suffix('"').map(String::from))
        .collect();
    let vocab: BTreeSet<String> = vocab::reserved().map(String::from).collect();
    assert_eq!(grammar, vocab);
}

#[test]
fn every_keyword_rule_is_a_word_of_the_vocabulary_and_back() {
    let grammar: BTreeSet<String> = GRAMMAR
        .lines()
        .filter_map(|l| {
            let name = l.split_whitespace().next()?;
            (name.starts_with("kw_") && l.contains('=')).then(|| name.to_string())
        })
        .flat_map(|kw| spell(&kw, 0))
        .collect();
    let vocab: BTreeSet<String> = vocab::keywords().into_iter().map(String::from).collect();
    assert_eq!(grammar, vocab);
}

#[test]
fn every_entry_has_a_description_and_completion_shows_it() {
    for word in vocab::all() {
        assert!(!word.about.is_empty(), "{:?}", word);
        assert!(word.usage.contains(word.text) || word.text.contains(' '));
        assert_eq!(crypta_core::complete::detail(word.text), Some(word.about));
    }
}

#[test]
fn the_help_names_every_word_and_lists_the_properties_of_the_vocabulary() {
    // As a whole word: `in` is in many words.
    let says = |text: &str| {
        HELP.match_indices(text).any(|(at, _)| {
            let before = HELP[..at].chars().next_back();
            let after = HELP[at + text.len()..].chars().next();
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        })
    };
    assert!(!says("addition") && !says("mult"));
    for word in vocab::all() {
        assert!(says(word.text), "`:help` does not say `{}`", word.text);
    }
    // The list of properties after `with`, as the help gives it.
    let start = HELP.find("any relation or property:").expect("the list");
    let list = &HELP[start..];
    let list = &list[list.find(',').expect("operators, then properties") + 1..];
    let list = &list[..list.find(')').expect("a closed list")];
    let listed: BTreeSet<&str> = list.split_whitespace().collect();
    let properties: BTreeSet<&str> = vocab::PROPERTIES.iter().map(|e| e.word.text).collect();
    assert_eq!(listed, properties);
}

#[test]
fn the_comment_rule_skips_blocks() {
    assert_eq!(vocab::code("A + B = C # sum"), "A + B = C ");
    assert_eq!(vocab::code("kakuro { # 3\\ } # grid"), "kakuro { # 3\\ } ");
    assert_eq!(vocab::open_brace("kakuro {\n # 3\\\n"), Some(7));
    assert_eq!(vocab::open_brace("kakuro {\n # 3\\\n}"), None);
    assert_eq!(vocab::open_brace("A + B = C # {"), None);
    assert_eq!(vocab::comment_at("A # x\nB", 2), Some(2..5));
    assert_eq!(
        vocab::split_row("  *** # the multiplicand"),
        ("  *** ", Some("# the multiplicand"))
    );
}

#[test]
fn fmt_refuses_a_text_whose_statements_changed() {
    let source = "count SEND + MORE = MONEY\nlet m = A + B = C\n";
    assert_eq!(
        verify(source, source.to_string()).ok().as_deref(),
        Some(source)
    );
    // Respaced only: the same statements.
    let respaced = "count SEND+MORE = MONEY\nlet m = A+B = C";
    assert!(verify(source, respaced.to_string()).is_ok());
    for changed in [
        "count SEND + MORE = MONKY\nlet m = A + B = C\n",
        "solve SEND + MORE = MONEY\nlet m = A + B = C\n",
        "count SEND + MORE = MONEY\n",
        "count SEND + MORE = MONEY\nlet m = A + B = C with base 1\n",
        "count SEND + MORE = MONEY; let m = A + B = C; count m\n",
    ] {
        let Err(Refusal::Changed(why)) = verify(source, changed.to_string()) else {
            panic!("{:?} was written", changed);
        };
        assert!(why.message.contains("change"), "{}", why.message);
    }
    // An error that quotes the text as typed is the same error respaced.
    let quoted = "A+B=CD with colour red+blue\nA+B = CD with bse 16\n";
    assert_eq!(
        crypta_core::fmt::format_script(quoted).ok().as_deref(),
        Some("A + B = CD with colour red + blue\nA + B = CD with bse 16\n")
    );
    // The first statement that changed is the one pointed at.
    let Err(refusal) = verify(
        source,
        "count SEND + MORE = MONEY\nlet m = A + B = D\n".into(),
    ) else {
        panic!("a changed `let` was written");
    };
    assert_eq!(refusal.diagnostics()[0].span, 26..43);
}

/// Every option that takes a value means something to the checker: one
/// the parser builds from its vocabulary entry but the checker does not
/// read is refused as an unknown option, which this test turns into a
/// failure rather than a surprise.
#[test]
fn the_checker_reads_every_option_that_takes_a_value() {
    for option in vocab::OPTIONS {
        let value = match option.takes {
            vocab::Takes::Nothing(_) => continue,
            vocab::Takes::Number => "10",
            vocab::Takes::Digits => "0..9",
            vocab::Takes::Letters => "Z",
        };
        let script = format!("AB + BA = CC with {} {}", option.word.text, value);
        let parsed = crypta_core::Script::parse(&script);
        let unknown: Vec<String> = parsed
            .diagnostics()
            .iter()
            .filter(|d| d.kind == crypta_core::ErrorKind::UnknownOption)
            .map(|d| d.message.clone())
            .collect();
        assert!(unknown.is_empty(), "{}: {:?}", script, unknown);
    }
}
/// Each block keyword is checked by its kind's checker: none is left to the
/// dispatch's "no checker" (a kind missing from the registry).
#[test]
fn every_block_keyword_has_a_checker() {
    for block in vocab::BLOCKS {
        let script = format!("count {} {{\n}}", block.word.text);
        let (_, errors) = crypta_engine::program::check_script(&script);
        for error in &errors {
            assert!(
                !error.message.contains("no checker"),
                "{}: {}",
                script,
                error.message
            );
        }
    }
}
