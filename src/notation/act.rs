//! An action of a turn in its compact form ([`StepToken`]): what the engine
//! checks and plays, with its verb read once ([`Verb`]), its names borrowed
//! from the text and no spans. The quick reader reads a turn's actions
//! straight into it; a parsed record's actions ([`StepRecord`]) give it
//! through [`StepToken::of`]. A turn's actions are either ([`TurnSteps`]).
//!
//! Spans are not kept: a fault found on an action is told by the full
//! reader, which keeps its record.

use super::{ActArg, ActRecord, FigureStep, Name, Place, Span, Spanned, StepRecord, Target};
use crate::board::Pos;

/// The verb of an act (SPEC 2.14) that an expansion defines, read once from
/// its word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verb {
    /// `message` (The Messengers).
    Message,
    /// `choose` (The Messengers).
    Choose,
    /// `score` (The Messengers, The Robbers).
    Score,
    /// `circle` (The Crop Circles).
    Circle,
    /// `add` (The Crop Circles).
    Add,
    /// `remove` (The Crop Circles).
    Remove,
    /// `pass` (The Crop Circles).
    Pass,
    /// `capture` (The Tower).
    Capture,
    /// `exchange` (The Tower).
    Exchange,
    /// `ransom` (The Tower).
    Ransom,
    /// `dragon` (The Princess & the Dragon).
    Dragon,
    /// `princess` (The Princess & the Dragon).
    Princess,
    /// `gold` (The Gold Mines).
    Gold,
    /// `ingot` (The Gold Mines).
    Ingot,
    /// `fly` (The Flying Machines).
    Fly,
    /// `robber` (The Robbers).
    Robber,
    /// `rob` (The Robbers).
    Rob,
    /// `ferry` (The Ferries).
    Ferry,
    /// `mage` (Mage & Witch).
    Mage,
    /// `witch` (Mage & Witch).
    Witch,
    /// A word no expansion defines.
    Other,
}

impl Verb {
    /// The verb a word names.
    pub fn of(word: &str) -> Verb {
        let b = word.as_bytes();
        match b.last() {
            // A word's last byte is the top one of its packed bytes: a word
            // ending in 0 would pack as a shorter one.
            Some(&last) if last != 0 && b.len() <= 8 => {
                Verb::of_packed(b.iter().rev().fold(0u64, |w, c| w << 8 | u64::from(*c)))
            }
            _ => Verb::Other,
        }
    }

    /// The verb of a word of one to eight bytes, none of them 0, packed
    /// into a number as [`u64::from_le_bytes`] of them followed by zeros:
    /// looked up in [`VERB_SLOTS`], one slot a word.
    #[inline]
    pub(super) fn of_packed(word: u64) -> Verb {
        match VERB_SLOTS.get(verb_slot(word)) {
            Some(&(w, verb)) if w == word => verb,
            _ => Verb::Other,
        }
    }

    /// Whether the verb's argument is a player (`robber:Cat`, `rob:Cat`),
    /// read by the one rule for a player's name.
    pub fn names_player(self) -> bool {
        matches!(self, Verb::Robber | Verb::Rob)
    }
}

/// A word of at most eight bytes packed as [`Verb::of_packed`] reads it.
// Worked out when compiling: an index out of range would fail the build, and
// cannot panic when running.
#[allow(clippy::indexing_slicing)]
const fn packed(word: &str) -> u64 {
    let b = word.as_bytes();
    let mut w = 0u64;
    let mut i = 0;
    while i < b.len() {
        w |= (b[i] as u64) << (8 * i);
        i += 1;
    }
    w
}

/// The slot of a packed word in [`VERB_SLOTS`]: the top five bits of its
/// product with a number that sends each verb's word to a slot of its own.
#[inline(always)]
const fn verb_slot(word: u64) -> usize {
    (word.wrapping_mul(0x16da_2a3a_96ec_1b5d) >> 59) as usize
}

/// The verbs by the slots of their packed words ([`verb_slot`]); 0 and
/// [`Verb::Other`] in a slot no verb has.
// Worked out when compiling: an index out of range, or two verbs in one slot,
// would fail the build, and cannot panic when running.
#[allow(clippy::indexing_slicing)]
static VERB_SLOTS: [(u64, Verb); 32] = {
    let verbs = [
        ("message", Verb::Message),
        ("choose", Verb::Choose),
        ("score", Verb::Score),
        ("circle", Verb::Circle),
        ("add", Verb::Add),
        ("remove", Verb::Remove),
        ("pass", Verb::Pass),
        ("capture", Verb::Capture),
        ("exchange", Verb::Exchange),
        ("ransom", Verb::Ransom),
        ("dragon", Verb::Dragon),
        ("princess", Verb::Princess),
        ("gold", Verb::Gold),
        ("ingot", Verb::Ingot),
        ("fly", Verb::Fly),
        ("robber", Verb::Robber),
        ("rob", Verb::Rob),
        ("ferry", Verb::Ferry),
        ("mage", Verb::Mage),
        ("witch", Verb::Witch),
    ];
    let mut slots = [(0u64, Verb::Other); 32];
    let mut i = 0;
    while i < verbs.len() {
        let word = packed(verbs[i].0);
        let slot = verb_slot(word);
        assert!(slots[slot].0 == 0, "two verbs in one slot");
        slots[slot] = (word, verbs[i].1);
        i += 1;
    }
    slots
};

/// Where an action puts or finds a figure, as [`Target`] without spans.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct TargetToken {
    /// The square, when written; without it, the tile placed this turn.
    pub pos: Option<Pos>,
    /// The place on that tile, when written; without it, the whole tile.
    pub place: Option<Place>,
}

impl TargetToken {
    /// The target of a parsed action.
    pub fn of(t: &Target) -> TargetToken {
        TargetToken {
            pos: t.pos.as_ref().map(|p| p.value),
            place: t.place.as_ref().map(|p| p.value),
        }
    }

    /// The parsed target, with empty spans.
    fn record(&self) -> Target {
        Target {
            pos: self.pos.map(|p| Spanned::new(p, Span::default())),
            place: self.place.map(|p| Spanned::new(p, Span::default())),
        }
    }
}

/// The argument of an act, as [`ActArg`] without spans, its names borrowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArgToken<'a> {
    /// A figure (by kind, when named) at a target.
    At {
        /// The figure name, if written.
        figure: Option<&'a str>,
        /// Where.
        target: TargetToken,
    },
    /// A figure by its kind alone, or another word.
    Kind(&'a str),
    /// A number.
    Number(u32),
    /// `-`: nothing.
    Nothing,
    /// A player by name.
    Player(&'a str),
}

impl<'a> ArgToken<'a> {
    /// The argument of a parsed act.
    pub fn of(a: &'a ActArg) -> ArgToken<'a> {
        match a {
            ActArg::At { figure, target } => ArgToken::At {
                figure: figure.as_ref().map(|f| f.value.as_str()),
                target: TargetToken::of(target),
            },
            ActArg::Kind(k) => ArgToken::Kind(k.as_str()),
            ActArg::Number(n) => ArgToken::Number(*n),
            ActArg::Nothing => ArgToken::Nothing,
            ActArg::Player(p) => ArgToken::Player(p.as_str()),
        }
    }

    /// The parsed argument, with empty spans.
    fn record(&self) -> ActArg {
        match *self {
            ArgToken::At { figure, target } => ActArg::At {
                figure: figure.map(|f| Spanned::new(Name::from(f), Span::default())),
                target: target.record(),
            },
            ArgToken::Kind(k) => ActArg::Kind(Name::from(k)),
            ArgToken::Number(n) => ActArg::Number(n),
            ArgToken::Nothing => ActArg::Nothing,
            ArgToken::Player(p) => ActArg::Player(Name::from(p)),
        }
    }
}

/// An act `verb[:arg][(player)]` in its compact form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ActToken<'a> {
    /// The verb, read from `word`.
    pub verb: Verb,
    /// The verb's word as written.
    pub word: &'a str,
    /// Its argument, if any.
    pub arg: Option<ArgToken<'a>>,
    /// The player in parentheses, if written.
    pub player: Option<&'a str>,
}

impl<'a> ActToken<'a> {
    /// The act of a parsed record.
    pub fn of(a: &'a ActRecord) -> ActToken<'a> {
        ActToken {
            verb: Verb::of(&a.verb.value),
            word: &a.verb.value,
            arg: a.arg.as_ref().map(|a| ArgToken::of(&a.value)),
            player: a.player.as_ref().map(|p| p.value.as_str()),
        }
    }
}

/// One action of a turn after its tile, in its compact form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StepToken<'a> {
    /// `+[figure:]target`: a figure put on the board.
    Figure {
        /// The figure name, if not the plain follower.
        figure: Option<&'a str>,
        /// Where it goes.
        target: TargetToken,
    },
    /// `verb[:arg][(player)]`: any other action.
    Act(ActToken<'a>),
}

impl<'a> StepToken<'a> {
    /// The action of a parsed record.
    pub fn of(s: &'a StepRecord) -> StepToken<'a> {
        match s {
            StepRecord::Figure(f) => StepToken::Figure {
                figure: f.figure.as_ref().map(|n| n.value.as_str()),
                target: TargetToken::of(&f.target),
            },
            StepRecord::Act(a) => StepToken::Act(ActToken::of(a)),
        }
    }

    /// The parsed record of the action, with empty spans: what the writer
    /// writes of it.
    pub fn record(&self) -> StepRecord {
        match *self {
            StepToken::Figure { figure, target } => StepRecord::Figure(FigureStep {
                figure: figure.map(|f| Spanned::new(Name::from(f), Span::default())),
                target: target.record(),
                span: Span::default(),
            }),
            StepToken::Act(a) => StepRecord::Act(ActRecord {
                verb: Spanned::new(Name::from(a.word), Span::default()),
                arg: a.arg.map(|a| Spanned::new(a.record(), Span::default())),
                player: a
                    .player
                    .map(|p| Spanned::new(Name::from(p), Span::default())),
                span: Span::default(),
            }),
        }
    }
}

/// The actions of a turn: a parsed record's, or those the quick reader read.
#[derive(Debug, Clone, Copy)]
pub enum TurnSteps<'a> {
    /// A parsed record's.
    Written(&'a [StepRecord]),
    /// Read in their compact form.
    Read(&'a [StepToken<'a>]),
}

impl Default for TurnSteps<'_> {
    fn default() -> Self {
        TurnSteps::NONE
    }
}

impl<'a> TurnSteps<'a> {
    /// No action.
    pub const NONE: TurnSteps<'static> = TurnSteps::Read(&[]);

    /// How many actions.
    #[inline(always)]
    pub fn len(&self) -> usize {
        match self {
            TurnSteps::Written(s) => s.len(),
            TurnSteps::Read(s) => s.len(),
        }
    }

    /// Whether there is none.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Action `i`.
    #[inline]
    pub fn get(&self, i: usize) -> Option<StepToken<'a>> {
        match *self {
            TurnSteps::Written(s) => s.get(i).map(StepToken::of),
            TurnSteps::Read(s) => s.get(i).copied(),
        }
    }

    /// The first action.
    pub fn first(&self) -> Option<StepToken<'a>> {
        self.get(0)
    }

    /// The actions in order.
    pub fn iter(&self) -> impl Iterator<Item = StepToken<'a>> + '_ {
        (0..self.len()).filter_map(|i| self.get(i))
    }
}

impl PartialEq for TurnSteps<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().zip(other.iter()).all(|(a, b)| a == b)
    }
}

impl Eq for TurnSteps<'_> {}

#[cfg(test)]
mod tests {
    use super::Verb;

    #[test]
    fn a_verb_is_read_from_its_word_alone() {
        let verbs = [
            ("message", Verb::Message),
            ("choose", Verb::Choose),
            ("score", Verb::Score),
            ("circle", Verb::Circle),
            ("add", Verb::Add),
            ("remove", Verb::Remove),
            ("pass", Verb::Pass),
            ("capture", Verb::Capture),
            ("exchange", Verb::Exchange),
            ("ransom", Verb::Ransom),
            ("dragon", Verb::Dragon),
            ("princess", Verb::Princess),
            ("gold", Verb::Gold),
            ("ingot", Verb::Ingot),
            ("fly", Verb::Fly),
            ("robber", Verb::Robber),
            ("rob", Verb::Rob),
            ("ferry", Verb::Ferry),
            ("mage", Verb::Mage),
            ("witch", Verb::Witch),
        ];
        for (word, verb) in verbs {
            assert_eq!(Verb::of(word), verb, "{word}");
            assert_eq!(
                verb.names_player(),
                crate::notation::lex::verb_names_player(word),
                "{word}"
            );
        }
        for word in [
            "",
            "a",
            "ad",
            "add\0",
            "Add",
            "adds",
            "robbers",
            "princesses",
            "tower",
            "fairy",
            "\0\0\0",
            "m\u{e9}ssage",
            "ro",
            "robbe",
            "dragon\0",
            "dragons",
            "exchanges",
            "\0dragon",
            "dr\0gon",
        ] {
            assert_eq!(Verb::of(word), Verb::Other, "{word:?}");
        }
    }
}
