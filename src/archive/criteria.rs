//! The criteria `carcref find` selects games by ([`Criterion`]), joined by
//! "and", each negatable, and what each asks of a game ([`Need`]): its tags
//! (read the quick way, with no replay), its verdict (the quick verdict, the
//! full referee only for a game it does not clear), its turns (the game
//! read whole), or its scores (the referee's replay, whose events give the
//! points of each scoring; no score sheet is written). A game is asked no
//! more than its criteria need, in that order, and the first criterion it
//! fails ends the look: the answer does not depend on the criteria's order.

use std::fmt;

use super::facts::{GameFacts, Scores, expansion_names, player_names, tag_value};

/// A comparison with a number: `>=N`, `<=N`, `>N`, `<N` or `=N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Compare {
    /// The comparison.
    pub op: Op,
    /// The number.
    pub n: u64,
}

/// How a value is compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// At least.
    AtLeast,
    /// At most.
    AtMost,
    /// More than.
    Above,
    /// Less than.
    Below,
    /// Exactly.
    Equal,
}

impl Compare {
    /// Reads `>=N`, `<=N`, `>N`, `<N`, `=N`, `==N` or `N` (exactly).
    pub fn parse(text: &str) -> Option<Compare> {
        let text = text.trim();
        let (op, rest) = [
            (">=", Op::AtLeast),
            ("<=", Op::AtMost),
            ("==", Op::Equal),
            (">", Op::Above),
            ("<", Op::Below),
            ("=", Op::Equal),
        ]
        .iter()
        .find_map(|(p, op)| text.strip_prefix(p).map(|r| (*op, r)))
        .unwrap_or((Op::Equal, text));
        let n = rest.trim().parse().ok()?;
        Some(Compare { op, n })
    }

    /// Whether `value` compares so.
    pub fn holds(self, value: u64) -> bool {
        match self.op {
            Op::AtLeast => value >= self.n,
            Op::AtMost => value <= self.n,
            Op::Above => value > self.n,
            Op::Below => value < self.n,
            Op::Equal => value == self.n,
        }
    }
}

impl fmt::Display for Compare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = match self.op {
            Op::AtLeast => ">=",
            Op::AtMost => "<=",
            Op::Above => ">",
            Op::Below => "<",
            Op::Equal => "=",
        };
        write!(f, "{op}{}", self.n)
    }
}

/// One criterion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Test {
    /// A player of that name plays.
    Player(String),
    /// The game checks valid and that player has the highest total (a
    /// shared first place is a win for each).
    Winner(String),
    /// The Rules tag (letter case aside).
    Rules(String),
    /// The Expansions tag names it.
    Expansion(String),
    /// The game checks valid.
    Valid,
    /// The game has an error with that code.
    Code(String),
    /// The game checks valid and one scoring of that kind gave one player
    /// so many points.
    Feature(String, Compare),
    /// The game has that tag with that value.
    Tag(String, String),
    /// The game has so many turns.
    Turns(Compare),
    /// The game checks valid and the winner leads the next player by so
    /// many points.
    Margin(Compare),
}

/// A criterion, or its negation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Criterion {
    /// What is tested.
    pub test: Test,
    /// Whether it is negated (`--not`).
    pub negated: bool,
}

/// What a criterion asks of a game, from the least to the most.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Need {
    /// Its tags.
    Tags,
    /// Its verdict: valid, or its faults.
    Verdict,
    /// The game read whole, and replayed with its scores.
    Scores,
}

impl Test {
    /// What the test asks of a game.
    pub fn need(&self) -> Need {
        match self {
            Test::Player(_) | Test::Rules(_) | Test::Expansion(_) | Test::Tag(..) => Need::Tags,
            // A valid game's Result tag, when it gives every player's
            // points, states its totals: the verdict checked them.
            Test::Valid | Test::Code(_) | Test::Winner(_) | Test::Margin(_) => Need::Verdict,
            Test::Feature(..) | Test::Turns(_) => Need::Scores,
        }
    }
}

/// A game as the criteria look at it, each part found when first asked.
pub trait GameView {
    /// Its tag pairs, in the order written.
    fn tags(&mut self) -> &[(String, String)];
    /// The codes of its errors (none: it checks valid).
    fn codes(&mut self) -> &[String];
    /// The game read whole and replayed.
    fn facts(&mut self) -> &GameFacts;

    /// The number of its turns.
    fn turns(&mut self) -> usize {
        self.facts().turns
    }

    /// For a game that checks valid, the most one scoring of the kind named
    /// `kind` gave one player (`None`: none of that kind scored, or the game
    /// does not check valid).
    fn best(&mut self, kind: &str) -> Option<u32> {
        self.facts()
            .scores
            .as_ref()
            .and_then(|s| s.best.get(kind))
            .copied()
    }

    /// The final scores of a game that checks valid, by player in seat
    /// order: from its Result tag when that gives every player's points
    /// (the verdict held them to the replay's), else from the replay.
    fn totals(&mut self) -> Option<Scores> {
        if !self.codes().is_empty() {
            return None;
        }
        let tags = self.tags();
        let players = tag_value(tags, "Players").map(player_names);
        let stated: Option<Vec<(String, u32)>> = tag_value(tags, "Result").and_then(|r| {
            crate::header::result_entries(r)
                .map(|e| e.map(|(n, p)| (n.to_string(), p)))
                .collect()
        });
        if let (Some(players), Some(stated)) = (players, stated)
            && !players.is_empty()
            && stated.len() == players.len()
        {
            let totals: Option<Vec<u32>> = players
                .iter()
                .map(|p| stated.iter().find(|(n, _)| n == p).map(|(_, t)| *t))
                .collect();
            if let Some(totals) = totals {
                return Some(Scores {
                    totals,
                    ..Scores::default()
                });
            }
        }
        self.facts().scores.clone()
    }

    /// The names of the players in seat order.
    fn players(&mut self) -> Vec<String> {
        tag_value(self.tags(), "Players")
            .map(player_names)
            .unwrap_or_default()
    }
}

impl Criterion {
    /// Whether a game meets the criterion.
    pub fn holds(&self, game: &mut dyn GameView) -> bool {
        self.test.holds(game) != self.negated
    }
}

impl Test {
    fn holds(&self, game: &mut dyn GameView) -> bool {
        match self {
            Test::Player(name) => tag_value(game.tags(), "Players")
                .is_some_and(|v| player_names(v).iter().any(|p| p == name)),
            Test::Rules(rules) => tag_value(game.tags(), "Rules")
                .is_some_and(|v| v.trim().eq_ignore_ascii_case(rules)),
            Test::Expansion(name) => tag_value(game.tags(), "Expansions")
                .is_some_and(|v| expansion_names(v).iter().any(|e| e == name)),
            Test::Tag(name, value) => tag_value(game.tags(), name) == Some(value.as_str()),
            Test::Valid => game.codes().is_empty(),
            Test::Code(code) => game.codes().iter().any(|c| c == code),
            Test::Turns(compare) => compare.holds(game.turns() as u64),
            Test::Winner(name) => {
                let seat = game.players().iter().position(|p| p == name);
                match (game.totals(), seat) {
                    (Some(scores), Some(seat)) => scores.won(seat),
                    _ => false,
                }
            }
            Test::Feature(kind, compare) => game
                .best(kind)
                .is_some_and(|best| compare.holds(u64::from(best))),
            Test::Margin(compare) => game
                .totals()
                .is_some_and(|s| compare.holds(u64::from(s.margin()))),
        }
    }
}

/// Whether a game meets every criterion. The criteria are asked in the order
/// of what they need (tags, then the verdict, then the scores), and the first
/// that fails ends the look.
pub fn all_hold(criteria: &[Criterion], game: &mut dyn GameView) -> bool {
    let mut order: Vec<&Criterion> = criteria.iter().collect();
    order.sort_by_key(|c| c.test.need());
    order.into_iter().all(|c| c.holds(game))
}

/// The most any of `criteria` needs.
pub fn most_needed(criteria: &[Criterion]) -> Option<Need> {
    criteria.iter().map(|c| c.test.need()).max()
}

/// The names of the criteria, for a suggestion.
pub const NAMES: &[&str] = &[
    "--player",
    "--winner",
    "--rules",
    "--expansion",
    "--valid",
    "--invalid",
    "--code",
    "--feature",
    "--tag",
    "--turns",
    "--margin",
];

/// The kinds of scoring `--feature` knows: the features, and the reasons the
/// score sheet names.
pub const KINDS: &[&str] = &[
    "road",
    "city",
    "monastery",
    "farm",
    "goods",
    "fairy",
    "gold",
    "mage",
    "robbed",
    "message",
    "message_points",
    super::facts::TRANSFER_KIND,
];

/// Reads one criterion: `flag` (e.g. `--player`) with its value, if it takes
/// one. An error says what is wrong, with a suggestion.
pub fn parse(flag: &str, value: Option<&str>) -> Result<Test, String> {
    let need_value = |v: Option<&str>| {
        v.map(str::to_string)
            .ok_or_else(|| format!("{flag} needs a value"))
    };
    let compare = |v: Option<&str>, example: &str| {
        let v = need_value(v)?;
        Compare::parse(&v).ok_or_else(|| {
            format!("{flag} {v:?}: write a comparison with a number, e.g. \"{example}\"")
        })
    };
    Ok(match flag {
        "--player" => Test::Player(need_value(value)?),
        "--winner" => Test::Winner(need_value(value)?),
        "--rules" => Test::Rules(need_value(value)?),
        "--expansion" => {
            let name = need_value(value)?;
            let known: Vec<&str> = crate::expansion::Expansion::ALL
                .iter()
                .map(|e| e.name())
                .collect();
            if !known.contains(&name.as_str()) {
                return Err(format!(
                    "--expansion {name:?} is not an expansion{}",
                    crate::suggest::did_you_mean(&name, known.iter().copied())
                ));
            }
            Test::Expansion(name)
        }
        "--valid" => Test::Valid,
        "--code" => Test::Code(need_value(value)?.to_ascii_uppercase()),
        "--feature" => {
            let v = need_value(value)?;
            let at = v.find(['>', '<', '=']).ok_or_else(|| {
                format!("--feature {v:?}: write a kind and a comparison, e.g. \"city>=20\"")
            })?;
            let kind = v[..at].trim().to_string();
            if !KINDS.contains(&kind.as_str()) {
                return Err(format!(
                    "--feature {v:?}: {kind:?} is not a kind of scoring ({}){}",
                    KINDS.join(", "),
                    crate::suggest::did_you_mean(&kind, KINDS.iter().copied())
                ));
            }
            let c = Compare::parse(&v[at..]).ok_or_else(|| {
                format!("--feature {v:?}: write a kind and a comparison, e.g. \"city>=20\"")
            })?;
            Test::Feature(kind, c)
        }
        "--tag" => {
            let v = need_value(value)?;
            let (name, value) = v.split_once('=').ok_or_else(|| {
                format!("--tag {v:?}: write NAME=VALUE, e.g. Event=\"League 2026\"")
            })?;
            Test::Tag(name.trim().to_string(), value.to_string())
        }
        "--turns" => Test::Turns(compare(value, ">=70")?),
        "--margin" => Test::Margin(compare(value, ">=10")?),
        other => {
            return Err(format!(
                "{other} is not a criterion{}",
                crate::suggest::did_you_mean(other, NAMES.iter().copied())
            ));
        }
    })
}

/// Reads one criterion, `--invalid` being `--valid` negated, and negates it
/// when `not` (written after `--not`).
pub fn criterion(flag: &str, value: Option<&str>, not: bool) -> Result<Criterion, String> {
    let (test, negated) = if flag == "--invalid" {
        (Test::Valid, !not)
    } else {
        (parse(flag, value)?, not)
    };
    Ok(Criterion { test, negated })
}

/// Whether a criterion's flag takes a value.
pub fn takes_value(flag: &str) -> bool {
    !matches!(flag, "--valid" | "--invalid")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comparisons_are_read() {
        let c = Compare::parse(">=20").unwrap();
        assert!(c.holds(20) && !c.holds(19));
        assert_eq!(Compare::parse("7").unwrap().op, Op::Equal);
        assert_eq!(Compare::parse("< 3").unwrap().to_string(), "<3");
        assert!(Compare::parse(">=x").is_none());
    }

    #[test]
    fn a_bad_criterion_gets_a_suggestion() {
        let e = parse("--playr", Some("Ann")).unwrap_err();
        assert!(e.contains("did you mean `--player`"), "{e}");
        let e = parse("--feature", Some("citty>=20")).unwrap_err();
        assert!(e.contains("did you mean `city`"), "{e}");
        let e = parse("--expansion", Some("towr")).unwrap_err();
        assert!(e.contains("did you mean `tower`"), "{e}");
        assert!(parse("--turns", Some("many")).is_err());
    }
}
