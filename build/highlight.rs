//! A small lexer for the lesson's three code blocks (protocol pseudocode, SQL, shell): it marks
//! comments, keywords, `:params`, numbers, operators and (in shell) paths. A general highlighter
//! (syntect) would cost a heavy build dependency for three short blocks.

use crate::tok::Tok;

/// One line's tokens, with their classes; neighbours of one class joined.
pub fn highlight(lang: &str, line: &str) -> Vec<(Tok, String)> {
    const SQL: &[&str] =
        &["BEGIN", "UPDATE", "SET", "WHERE", "AND", "OR", "COMMIT", "SELECT", "FROM"];
    const PSEUDO: &[&str] = &["atomic"];
    let comment = match lang {
        "sql" => "--",
        "bash" => "#",
        _ => "\u{0}",
    };
    let mut out: Vec<(Tok, String)> = Vec::new();
    // A path's parts stay apart: a phone wraps the line between them.
    let push = |out: &mut Vec<(Tok, String)>, t: Tok, s: &str| match out.last_mut() {
        Some((last, text)) if *last == t && t != Tok::Path => text.push_str(s),
        _ => out.push((t, s.to_string())),
    };
    let (code, rest) = match line.find(comment) {
        Some(i) => (&line[..i], Some(&line[i..])),
        None => (line, None),
    };
    let mut word = String::new();
    let flush = |out: &mut Vec<(Tok, String)>, word: &mut String| {
        if word.is_empty() {
            return;
        }
        let w = std::mem::take(word);
        let tok = if (lang == "sql" && SQL.contains(&w.as_str()))
            || (lang == "text" && PSEUDO.contains(&w.as_str()))
        {
            Tok::Keyword
        } else if w.starts_with(':') && w.len() > 1 {
            Tok::Param
        } else if lang == "bash" && w.starts_with("--") {
            Tok::Keyword
        } else if lang == "bash" && w.contains('/') {
            for part in w.split_inclusive('/') {
                push(out, Tok::Path, part);
            }
            return;
        } else if w.chars().all(|c| c.is_ascii_digit()) {
            Tok::Number
        } else {
            Tok::Plain
        };
        push(out, tok, &w);
    };
    for ch in code.chars() {
        if ch.is_alphanumeric()
            || ch == '_'
            || ch == ':' && word.is_empty()
            || ch == '-' && (word.is_empty() || word.starts_with('-'))
            || ch == '.' && !word.is_empty()
            || lang == "bash" && "/-".contains(ch) && !word.is_empty()
        {
            word.push(ch);
            continue;
        }
        flush(&mut out, &mut word);
        let tok = if "<>=:+*".contains(ch) { Tok::Operator } else { Tok::Plain };
        push(&mut out, tok, &ch.to_string());
    }
    flush(&mut out, &mut word);
    if let Some(c) = rest {
        push(&mut out, Tok::Comment, c);
    }
    out
}
