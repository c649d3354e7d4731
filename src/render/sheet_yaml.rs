//! YAML for score sheets, safe for every YAML reader: a string that a reader of
//! YAML 1.1 (still the default of many) or 1.2 would take for something else —
//! a boolean (`No`, `on`, `y`), null (`~`, `null`), a number (`12`, `0x1F`,
//! `1:30`, `.inf`), a date, or YAML syntax — is written in double quotes; every
//! other string is written plain, as a person would. A player named `No` keeps
//! their total.

use std::fmt::Write as _;

use serde::Serialize;
use serde_yaml::Value;

use super::sheet_json::score_view;
use super::source::SourceView;
use crate::referee::GameOutcome;

/// A value as one YAML document (without the `---` line).
///
/// # Errors
/// When the value cannot be represented in YAML (serde's error).
pub fn to_string<T: Serialize>(value: &T) -> Result<String, serde_yaml::Error> {
    let value = serde_yaml::to_value(value)?;
    let mut out = String::new();
    match &value {
        Value::Mapping(m) if !m.is_empty() => mapping(&mut out, m, 0, None),
        Value::Sequence(s) if !s.is_empty() => sequence(&mut out, s, 0),
        other => {
            out.push_str(&inline(other));
            out.push('\n');
        }
    }
    Ok(out)
}

/// Writes the score of one game as a YAML document (`index`: 0-based, in its
/// file; `view`: its text): the `---` line, then its
/// [`super::sheet_json::ScoreView`] with the file's name.
pub fn write_score(out: &mut String, view: &SourceView<'_>, index: usize, game: &GameOutcome) {
    let mut score = score_view(index, game, view);
    score.file = Some(view.name.to_string());
    if let Ok(s) = to_string(&score) {
        out.push_str("---\n");
        out.push_str(&s);
    }
}

/// Words a YAML 1.1 or 1.2 reader takes for booleans or null, and keys with a
/// meaning of their own.
const SPECIAL: &[&str] = &[
    "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE", "false",
    "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF", "~", "null", "Null", "NULL", "<<",
    "=",
];

/// Whether a string must be quoted to read back as that string.
pub fn needs_quotes(s: &str) -> bool {
    let Some(first) = s.chars().next() else {
        return true;
    };
    if SPECIAL.contains(&s) || s.trim() != s || s.chars().any(|c| c.is_control()) {
        return true;
    }
    // Numbers of either version (decimal, octal, hexadecimal, binary,
    // sexagesimal, floats, .inf and .nan) and dates: a digit or a point after an
    // optional sign, and nothing but number characters.
    let unsigned = s.strip_prefix(['-', '+']).unwrap_or(s);
    let numeric = unsigned.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        && unsigned
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | ':' | '-' | '+'));
    if numeric {
        return true;
    }
    // YAML syntax: an indicator first (`-`, `?` and `:` only before a space or
    // the end), a comment, or a key separator.
    let second = s.chars().nth(1);
    let indicator = match first {
        '-' | '?' | ':' => second.is_none_or(char::is_whitespace),
        ',' | '[' | ']' | '{' | '}' | '#' | '&' | '*' | '!' | '|' | '>' | '\'' | '"' | '%'
        | '@' | '`' => true,
        _ => false,
    };
    indicator || s.contains(": ") || s.contains(" #") || s.ends_with(':')
}

/// A string as YAML writes it: plain, or double-quoted with escapes.
fn string(s: &str) -> String {
    if !needs_quotes(s) {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A scalar, or an empty collection, on one line.
fn inline(v: &Value) -> String {
    match v {
        Value::Null => "null".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => string(s),
        Value::Sequence(_) => "[]".to_string(),
        Value::Mapping(_) => "{}".to_string(),
        Value::Tagged(t) => format!("!{} {}", t.tag, inline(&t.value)),
    }
}

/// Whether a value is written on its own lines after its key or dash.
fn is_block(v: &Value) -> bool {
    match v {
        Value::Sequence(s) => !s.is_empty(),
        Value::Mapping(m) => !m.is_empty(),
        _ => false,
    }
}

/// A mapping's entries at `indent`; the first after `first` (a sequence's dash)
/// when given, on the same line.
fn mapping(out: &mut String, m: &serde_yaml::Mapping, indent: usize, first: Option<&str>) {
    for (i, (k, v)) in m.iter().enumerate() {
        match (i, first) {
            (0, Some(dash)) => out.push_str(dash),
            _ => out.push_str(&" ".repeat(indent)),
        }
        out.push_str(&inline(k));
        out.push(':');
        match v {
            Value::Mapping(inner) if is_block(v) => {
                out.push('\n');
                mapping(out, inner, indent + 2, None);
            }
            Value::Sequence(items) if is_block(v) => {
                out.push('\n');
                sequence(out, items, indent);
            }
            _ => {
                out.push(' ');
                out.push_str(&inline(v));
                out.push('\n');
            }
        }
    }
}

/// A sequence's items at `indent`, each after a dash.
fn sequence(out: &mut String, items: &[Value], indent: usize) {
    let dash = format!("{}- ", " ".repeat(indent));
    for item in items {
        match item {
            Value::Mapping(m) if is_block(item) => mapping(out, m, indent + 2, Some(&dash)),
            Value::Sequence(s) if is_block(item) => {
                out.push_str(dash.trim_end());
                out.push('\n');
                sequence(out, s, indent + 2);
            }
            _ => {
                out.push_str(&dash);
                out.push_str(&inline(item));
                out.push('\n');
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_a_reader_would_take_for_something_else_are_quoted() {
        for s in [
            "No",
            "no",
            "on",
            "Off",
            "y",
            "N",
            "yes",
            "TRUE",
            "null",
            "~",
            "",
            " Ann",
            "Ann ",
            "12",
            "-3",
            "+4",
            "0x1F",
            "0o17",
            "0b101",
            "1_000",
            "1:30",
            "3.5",
            ".5",
            ".inf",
            "-.inf",
            ".nan",
            "1e3",
            "2024-05-01",
            "- x",
            "-",
            "? x",
            ": x",
            "#x",
            "&a",
            "*a",
            "!t",
            "|",
            ">",
            "'a'",
            "\"a\"",
            "%x",
            "@x",
            "`x",
            "[a]",
            "{a}",
            ",",
            "a: b",
            "a #b",
            "a:",
            "a\nb",
            "a\u{1b}b",
            "<<",
            "=",
        ] {
            assert!(needs_quotes(s), "{s:?}");
        }
        for s in [
            "Ann",
            "Bob Smith",
            "HiG-2012",
            "0,0",
            "-1,0",
            "0,0 N",
            "-1,-2 S",
            "city",
            "Zoë",
            "名人",
            "a:b",
            "a#b",
            "A.B-c",
            "no one",
            "Noah",
            "yess",
            "-x",
            "1,000",
        ] {
            assert!(!needs_quotes(s), "{s:?}");
        }
    }

    #[test]
    fn quoted_strings_read_back_as_written() {
        let names = ["No", "on", "12", "null", "a \"b\" \\ c", "x\ty", "é\u{7}"];
        let mut m = serde_yaml::Mapping::new();
        for (i, n) in names.iter().enumerate() {
            m.insert(Value::String((*n).to_string()), Value::from(i as u64));
        }
        let text = to_string(&Value::Mapping(m)).unwrap();
        let back: serde_yaml::Mapping = serde_yaml::from_str(&text).unwrap();
        for (i, n) in names.iter().enumerate() {
            assert_eq!(
                back.get(*n),
                Some(&Value::from(i as u64)),
                "{n:?} in {text}"
            );
        }
        // Block style as serde writes it, for plain data.
        let sheet = serde_yaml::to_value(serde_json::json!({
            "game": 1, "totals": {"Ann": 4, "No": 3},
            "events": [{"turn": 1, "tiles": ["0,0", "-1,0"], "points": {"Ann": 4}}],
            "empty": [], "none": {}
        }))
        .unwrap();
        let text = to_string(&sheet).unwrap();
        assert_eq!(
            text,
            "empty: []\nevents:\n- points:\n    Ann: 4\n  tiles:\n  - 0,0\n  - -1,0\n  turn: 1\ngame: 1\nnone: {}\ntotals:\n  Ann: 4\n  \"No\": 3\n"
        );
    }
}
