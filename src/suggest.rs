//! "Did you mean": the nearest of some known names to a name written wrong,
//! for the help of a diagnostic or a command line error (an unknown player,
//! tile id, spot or expansion).
//!
//! A known name is near the name written when it is the same but for case, or
//! at most two edits away (a character inserted, deleted or replaced; case
//! ignored) and fewer edits than the shorter name has characters (any letter
//! is one edit from any other), or when one begins
//! with the other (case ignored). The nearest wins in that order, then by the
//! fewest edits (or the least left over of the longer name); a tie goes to the
//! name listed first, so the answer never depends on anything but the list.

/// The most edits a suggestion may be away.
const MAX_EDITS: usize = 2;

/// Names longer than this (in characters) are compared by case and prefix
/// only: an edit distance costs the product of the lengths.
const MAX_COMPARED: usize = 64;

/// The known name nearest to `written`, if one is near enough (see the module
/// docs). A name equal to `written` is not a suggestion: `None` then.
///
/// ```
/// use carcref::suggest::nearest;
///
/// assert_eq!(nearest("Bbo", ["Ann", "Bob"]), Some("Bob"));
/// assert_eq!(nearest("ann", ["Ann", "Bob"]), Some("Ann"));
/// assert_eq!(nearest("inns", ["river", "inns-and-cathedrals"]), Some("inns-and-cathedrals"));
/// assert_eq!(nearest("Zed", ["Ann", "Bob"]), None);
/// ```
pub fn nearest<'a>(written: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut best: Option<((u8, usize), &'a str)> = None;
    for name in known {
        if name == written || name.is_empty() {
            continue;
        }
        let Some(rank) = closeness(written, name) else {
            continue;
        };
        // Strictly nearer only: a tie keeps the name listed first.
        if best.is_none_or(|(b, _)| rank < b) {
            best = Some((rank, name));
        }
    }
    best.map(|(_, name)| name)
}

/// The help's sentence for [`nearest`]: `"; did you mean `X`?"`, or nothing.
pub fn did_you_mean<'a>(written: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    nearest(written, known).map_or_else(String::new, |name| {
        format!(
            "; did you mean `{}`?",
            crate::shown::shown_text(name, crate::shown::MAX_TEXT)
        )
    })
}

/// The diagnostic code nearest to a code written wrong (`carcref explain
/// E5O1`): a code is a capital letter and digits, so a letter that looks like
/// a digit there (`O`, `o` for `0`; `I`, `l` for `1`) is read as that digit
/// first, case ignored; otherwise the [`nearest`] code one edit away or
/// beginning with `written`. A known code equal to `written` is not a
/// suggestion.
///
/// ```
/// use carcref::suggest::nearest_code;
///
/// let codes = ["E401", "E501", "E511", "I104"];
/// assert_eq!(nearest_code("E5O1", codes), Some("E501"));
/// assert_eq!(nearest_code("il04", codes), Some("I104"));
/// assert_eq!(nearest_code("E50", codes), Some("E501"));
/// assert_eq!(nearest_code("E999", codes), None);
/// ```
pub fn nearest_code<'a>(
    written: &str,
    known: impl IntoIterator<Item = &'a str> + Clone,
) -> Option<&'a str> {
    let mut chars = written.trim().chars();
    let read: String = chars
        .next()
        .map(|c| c.to_ascii_uppercase())
        .into_iter()
        .chain(chars.map(|c| match c {
            'O' | 'o' => '0',
            'I' | 'l' => '1',
            c => c,
        }))
        .collect();
    if let Some(k) = known.clone().into_iter().find(|k| *k == read) {
        return (k != written).then_some(k);
    }
    // Codes are short and alike: one edit at most, or a prefix.
    let mut best: Option<((u8, usize), &'a str)> = None;
    for k in known {
        match closeness(written, k) {
            Some((1, edits)) if edits > 1 => {}
            Some(rank) if best.is_none_or(|(b, _)| rank < b) => best = Some((rank, k)),
            _ => {}
        }
    }
    best.map(|(_, k)| k)
}

/// How near a known name is to the name written, smaller nearer: (0, 0) the
/// same but for case, (1, edits) a few edits away, (2, rest) one a prefix of
/// the other with `rest` characters over; `None` when it is not near.
fn closeness(written: &str, name: &str) -> Option<(u8, usize)> {
    let (a, b) = (lower(written), lower(name));
    if a == b {
        return Some((0, 0));
    }
    let shorter = a.len().min(b.len());
    if a.len() <= MAX_COMPARED
        && b.len() <= MAX_COMPARED
        && let Some(d) = edits_within(&a, &b, MAX_EDITS)
        // One letter for another is no likeness: the edits must leave most of
        // the shorter name.
        && d < shorter
    {
        return Some((1, d));
    }
    if shorter > 0 && (a.starts_with(&b) || b.starts_with(&a)) {
        return Some((2, a.len().abs_diff(b.len())));
    }
    None
}

fn lower(s: &str) -> Vec<char> {
    s.chars().flat_map(char::to_lowercase).collect()
}

/// The edit distance between two names (insertions, deletions and
/// replacements), if it is at most `limit`.
fn edits_within(a: &[char], b: &[char], limit: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    // One row of the table at a time.
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row.first().copied().unwrap_or(0);
        if let Some(first) = row.first_mut() {
            *first = i + 1;
        }
        let mut smallest = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row.get(j + 1).copied().unwrap_or(usize::MAX);
            let left = row.get(j).copied().unwrap_or(usize::MAX);
            let value = (diagonal + usize::from(ca != cb))
                .min(above.saturating_add(1))
                .min(left.saturating_add(1));
            diagonal = above;
            if let Some(cell) = row.get_mut(j + 1) {
                *cell = value;
            }
            smallest = smallest.min(value);
        }
        if smallest > limit {
            return None;
        }
    }
    row.last().copied().filter(|d| *d <= limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distances() {
        let d = |a: &str, b: &str| edits_within(&lower(a), &lower(b), 2);
        assert_eq!(d("Bob", "Bob"), Some(0));
        assert_eq!(d("Bob", "Bbo"), Some(2));
        assert_eq!(d("Carl", "Karl"), Some(1));
        assert_eq!(d("Alice", "Al"), None);
        assert_eq!(d("abc", "xyz"), None);
    }

    #[test]
    fn nearest_names() {
        let players = ["Ann", "Bob", "Carla"];
        assert_eq!(nearest("Carl", players), Some("Carla"));
        assert_eq!(nearest("bob", players), Some("Bob"));
        assert_eq!(nearest("An", players), Some("Ann"));
        assert_eq!(nearest("Dave", players), None);
        // The same name is no suggestion.
        assert_eq!(nearest("Ann", players), None);
    }

    #[test]
    fn one_letter_ids_need_case_or_prefix() {
        let tiles = ["A", "B", "U", "X"];
        assert_eq!(nearest("u", tiles), Some("U"));
        assert_eq!(nearest("Ux", tiles), Some("U"));
        // Any letter is one edit from any other: no suggestion.
        assert_eq!(nearest("Y", tiles), None);
    }

    #[test]
    fn spots() {
        let spots = ["N", "E", "S", "W", "NNW", "NNE", "ENE", "ESE", "C"];
        assert_eq!(nearest("NW", spots), Some("NNW"));
        assert_eq!(nearest("s", spots), Some("S"));
        assert_eq!(nearest("ESW", spots), Some("ESE"));
    }

    #[test]
    fn ties_go_to_the_first_listed() {
        assert_eq!(nearest("Bo", ["Bob", "Bon"]), Some("Bob"));
        assert_eq!(nearest("Bo", ["Bon", "Bob"]), Some("Bon"));
    }

    #[test]
    fn long_names_cost_no_more_than_a_prefix_test() {
        let long = "x".repeat(100_000);
        assert_eq!(nearest(&long, ["Ann", "Bob"]), None);
        let longer = format!("{long}y");
        assert_eq!(nearest(&longer, [long.as_str()]), Some(long.as_str()));
    }
}
