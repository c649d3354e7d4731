//! Which turns written without actions concern an expansion in play.
//!
//! An expansion with rules for every turn (`ExpansionState::every_turn`: The
//! Princess & the Dragon, The Gold Mines, Mage & Witch, The Crop Circles,
//! The Ferries, The Robbers, The Messengers) sends its games' turns through
//! the check that asks the expansions ([`Game::check_actions`] and what
//! follows it). Most turns of such a game write no action and place a tile
//! none of these rules looks at; those take the basic game's check instead,
//! which gives the same answer and the same move.
//!
//! Each expansion says which turns it looks at, next to its rules: a
//! function `concerns_quiet_turn` of a tile kind (a dragon tile, a lake, a
//! crop circle), and, where the concern is the game's state rather than the
//! tile, a function of its state (the mage and the witch standing where a
//! tile may join them; for a check that plays the move ahead on a copy,
//! ingots lying and The Messengers in play). `QuietTurns` gathers the
//! tiles' answers of the expansions in play once per setup, a bit per tile
//! kind; `Game::is_quiet_turn` adds the state's.
//!
//! [`Game::check_actions`]: crate::rules::Game

use super::{Expansion, Expansions, crop_circles, ferries, gold_mines, mage_and_witch};
use super::{messengers, princess_and_dragon, robbers};
use crate::rules::Game;
use crate::tiles::{TileCatalog, TileDef, TileId};

/// Tile kinds the table holds, 64 a word; a kind beyond (a catalog with
/// many tile sets of the user's own) is taken as concerning.
const WORDS: usize = 8;

/// The tile kinds whose turns written without actions concern an expansion
/// in play, worked out once for a game's setup. Kept by a copy of the game
/// without an allocation.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(in crate::rules) struct QuietTurns {
    /// A bit per tile kind, by index: set when the kind concerns one.
    concerned: [u64; WORDS],
}

impl QuietTurns {
    /// The table of the expansions in play, asking each for every tile kind
    /// of the catalog.
    pub(in crate::rules) fn of(catalog: &TileCatalog, expansions: Expansions) -> QuietTurns {
        let asked: Vec<fn(&TileDef) -> bool> = [
            (
                Expansion::PrincessAndDragon,
                princess_and_dragon::concerns_quiet_turn as fn(&TileDef) -> bool,
            ),
            (Expansion::GoldMines, gold_mines::concerns_quiet_turn),
            (Expansion::MageAndWitch, mage_and_witch::concerns_quiet_turn),
            (Expansion::CropCircles1, crop_circles::concerns_quiet_turn),
            (Expansion::CropCircles2, crop_circles::concerns_quiet_turn),
            (Expansion::Ferries, ferries::concerns_quiet_turn),
            (Expansion::Robbers, robbers::concerns_quiet_turn),
            (Expansion::Messengers, messengers::concerns_quiet_turn),
        ]
        .into_iter()
        .filter(|(e, _)| expansions.contains(*e))
        .map(|(_, asks)| asks)
        .collect();
        let mut table = QuietTurns::default();
        for (id, def) in catalog.iter() {
            if asked.iter().any(|asks| asks(def)) {
                table.set(id);
            }
        }
        // The kinds beyond the table's words.
        if catalog.len() > WORDS * 64 && !asked.is_empty() {
            table.concerned = [u64::MAX; WORDS];
        }
        table
    }

    /// Marks a kind as concerning.
    fn set(&mut self, tile: TileId) {
        let i = tile.index();
        if let Some(w) = self.concerned.get_mut(i / 64) {
            *w |= 1 << (i % 64);
        }
    }

    /// Whether a turn of the kind written without actions concerns an
    /// expansion in play (a kind beyond the table does).
    #[inline]
    pub(in crate::rules) fn concerns(&self, tile: TileId) -> bool {
        let i = tile.index();
        self.concerned
            .get(i / 64)
            .is_none_or(|w| (w >> (i % 64)) & 1 == 1)
    }
}

impl Game<'_> {
    /// Whether a turn written without actions after its figure is one the
    /// basic game's check judges as the check with the expansions would in
    /// this game: its tile concerns no expansion in play ([`QuietTurns`]), and
    /// nothing on the board makes every turn concern one (the mage and the
    /// witch standing where a tile may join them; with `ahead`, for a check
    /// that plays the move ahead on a copy, ingots lying or The Messengers
    /// in play). `tile`: the turn's tile kind.
    #[inline]
    pub(in crate::rules) fn is_quiet_turn(&self, tile: TileId, ahead: bool) -> bool {
        !self.exp.quiet.concerns(tile)
            && !self.magic_concerns_quiet_turns()
            && (!ahead || !self.concerns_quiet_turns_ahead())
    }

    /// Whether the state makes every quiet turn one an expansion checks by
    /// playing the move ahead on a copy ([`Game::check_due`]): ingots lying
    /// (The Gold Mines), The Messengers in play. The verdict reads those
    /// faults on the game the move leaves, as it does for any turn.
    #[inline]
    fn concerns_quiet_turns_ahead(&self) -> bool {
        self.exp
            .gold
            .as_ref()
            .is_some_and(gold_mines::Gold::concerns_quiet_turns)
            || self
                .exp
                .messengers
                .as_ref()
                .is_some_and(messengers::Messengers::concerns_quiet_turns)
    }
}

#[cfg(test)]
mod tests {
    //! The basic game's check judges a quiet turn as the check with the
    //! expansions does: the same move or the same fault, and the same game
    //! after the verdict's play, on every turn of generated games and on
    //! turns changed from them (another spot, no follower, a figure on
    //! another tile kind). The general check is forced by a table that
    //! marks every kind.

    use super::{QuietTurns, WORDS};
    use crate::Edition;
    use crate::notation::{GameRecord, TurnInput};
    use crate::rules::Game;
    use crate::rules::expansions::{Expansion, Expansions};
    use crate::rules::generated_games::{EVERY_EXPANSION, start};
    use crate::tiles::{Spot, TileCatalog, TileId};
    use proptest::prelude::*;

    /// The expansions with rules for every turn, each alone, The Princess &
    /// the Dragon with two others, and every expansion.
    const TABLES: &[&str] = &[
        "princess-and-dragon",
        "gold-mines",
        "mage-and-witch",
        "crop-circles-1",
        "crop-circles-2",
        "ferries",
        "robbers",
        "messengers",
        "princess-and-dragon,gold-mines,mage-and-witch",
        "princess-and-dragon,tower,traders-and-builders,inns-and-cathedrals",
        "river,inns-and-cathedrals,traders-and-builders,tower,princess-and-dragon,gold-mines,flying-machines,mage-and-witch,crop-circles-1,ferries,robbers",
        EVERY_EXPANSION,
    ];

    /// A game of `sets` generated from `seed` (the 2012 rules), its record
    /// alone: the tests change its turns before they start it.
    fn generated(catalog: &TileCatalog, sets: &str, players: usize, seed: u64) -> GameRecord {
        crate::rules::generated_games::generated(catalog, sets, Edition::HiG2012, players, seed).1
    }

    /// The game with every kind marked: every turn takes the check with
    /// the expansions.
    fn general<'c>(game: &Game<'c>) -> Game<'c> {
        let mut g = game.clone();
        g.exp.quiet = QuietTurns {
            concerned: [u64::MAX; WORDS],
        };
        g
    }

    /// What the two ways give on a turn, in the check and in the verdict;
    /// whether the verdict took the quiet way, and whether the turn is legal.
    fn compare(game: &Game<'_>, turn: &TurnInput<'_>, what: &str) -> (bool, bool) {
        let all = general(game);
        let checked = game.check_due(turn);
        assert_eq!(checked, all.check_due(turn), "{what}: check_due");
        if game.quiet_placing(turn, true).is_some() {
            assert_eq!(
                game.check_due_as::<false>(turn, None),
                all.check_due_with_actions_as(turn, true),
                "{what}: the two checks"
            );
        }
        if game.quiet_placing(turn, false).is_none() {
            return (false, checked.is_ok());
        }
        let (mut a, mut b) = (game.clone(), all);
        assert_eq!(
            a.play_due_for_verdict(turn),
            b.play_due_for_verdict(turn),
            "{what}: the verdict"
        );
        // A game found at fault is not played on.
        if checked.is_ok() {
            b.exp.quiet = a.exp.quiet;
            assert_eq!(format!("{a:?}"), format!("{b:?}"), "{what}: the game after");
        }
        (true, checked.is_ok())
    }

    /// Turns changed from `turn`: another spot for its follower, none, and
    /// another tile kind (each of `kinds`) with its follower (a volcano's,
    /// a dragon tile's among them).
    fn changes<'a>(turn: &TurnInput<'a>, kinds: &'a [String]) -> Vec<TurnInput<'a>> {
        let mut out = Vec::new();
        out.push(TurnInput {
            figure: None,
            ..*turn
        });
        for spot in Spot::all() {
            out.push(TurnInput {
                figure: Some((None, spot)),
                ..*turn
            });
        }
        for name in kinds {
            out.push(TurnInput {
                tile: name,
                figure: turn.figure.or(Some((None, Spot::Centre))),
                ..*turn
            });
        }
        out
    }

    /// Plays a record through, comparing the two ways on each turn and on
    /// its changes (each `every`th turn). Returns the turns compared, those
    /// taken the quiet way and the changes the quiet way found at fault.
    fn replay(catalog: &TileCatalog, record: &GameRecord, every: usize) -> [usize; 3] {
        let kinds: Vec<String> = catalog
            .iter()
            .filter(|(id, _)| id.index() % 23 == 0 || catalog.def(*id).symbol.is_some())
            .map(|(_, d)| d.id.clone())
            .collect();
        let mut game = start(catalog, record);
        let mut counts = [0; 3];
        for (i, t) in record.turns.iter().enumerate() {
            let turn = TurnInput::of(t);
            let what = format!("turn {}", t.number.value);
            counts[0] += 1;
            counts[1] += usize::from(compare(&game, &turn, &what).0);
            if every > 0 && i % every == 0 {
                // A turn with actions, written without them (a dragon's
                // journey, a message, a ferry left out), and its changes.
                let quiet = TurnInput {
                    steps: crate::notation::act::TurnSteps::NONE,
                    ..turn
                };
                for changed in std::iter::once(quiet).chain(changes(&quiet, &kinds)) {
                    let (quiet, legal) = compare(&game, &changed, &what);
                    counts[2] += usize::from(quiet && !legal);
                }
            }
            let mv = game.check_due(&turn).expect("a generated turn is legal");
            game.apply(mv);
        }
        counts
    }

    #[test]
    fn a_quiet_turn_is_judged_as_the_expansions_judge_it() {
        let catalog = TileCatalog::embedded().expect("the catalog");
        let mut all = [0; 3];
        for (i, sets) in TABLES.iter().enumerate() {
            let mut quiet = 0;
            for seed in 0..2 {
                let record = generated(&catalog, sets, 2 + (i + seed as usize) % 4, seed);
                let counts = replay(&catalog, &record, 5);
                quiet += counts[1];
                for (a, c) in all.iter_mut().zip(counts) {
                    *a += c;
                }
            }
            eprintln!("{sets}: {quiet} quiet turns");
            assert!(quiet > 0, "{sets}: no quiet turn");
        }
        assert!(all[1] * 4 > all[0], "{all:?}");
        assert!(all[2] > 50, "too few faults among the changes: {all:?}");
    }

    /// The tiles the rules of The Princess & the Dragon look at on a turn
    /// written without actions concern it; the others do not, and the
    /// basic game has no table.
    #[test]
    fn the_table_marks_the_tiles_each_expansion_looks_at() {
        use crate::tiles::Symbol;
        let catalog = TileCatalog::embedded().expect("the catalog");
        assert!(catalog.len() <= WORDS * 64, "{} kinds", catalog.len());
        let table = QuietTurns::of(
            &catalog,
            Expansions::from_sets([Expansion::PrincessAndDragon.name()]),
        );
        let mut marked = 0;
        for (id, def) in catalog.iter() {
            let looked_at = matches!(def.symbol, Some(Symbol::Dragon | Symbol::Volcano))
                || def.princess().is_some();
            assert_eq!(table.concerns(id), looked_at, "{}", def.id);
            marked += usize::from(looked_at);
        }
        assert!(marked > 10, "{marked}");
        let basic = QuietTurns::of(&catalog, Expansions::NONE);
        assert!((0..catalog.len()).all(|i| !basic.concerns(TileId(i as u16))));
        // The Messengers and The Robbers look at the game, not at the tile.
        let robbers = QuietTurns::of(
            &catalog,
            Expansions::from_sets([Expansion::Messengers.name(), Expansion::Robbers.name()]),
        );
        assert!((0..catalog.len()).all(|i| !robbers.concerns(TileId(i as u16))));
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: 10,
            failure_persistence: None,
            rng_seed: proptest::test_runner::RngSeed::Fixed(43),
            ..ProptestConfig::default()
        })]

        /// Any game of a table, any number of players: the two ways agree on
        /// every turn, and on the changes of every fourth.
        #[test]
        fn the_quiet_way_agrees_with_the_general_one(
            table in 0..TABLES.len(),
            players in 2usize..=5,
            seed in 0u64..10_000,
        ) {
            let catalog = TileCatalog::embedded().expect("the catalog");
            let record = generated(&catalog, TABLES[table], players, seed);
            replay(&catalog, &record, 4);
        }
    }
}
