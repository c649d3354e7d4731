//! Writing the record: its turns as they are written, with an engine
//! following them, and the record they make under the tags.

use super::actions::{gold_steps, magic_steps, sp};
use crate::board::Pos;
use crate::import::{ImportError, ImportedTurn, record, with_notes};
use crate::notation::{ActionRecord, GameRecord, Name, Span, Spanned, StepRecord, TagRecord};
use crate::tiles::{Rotation, Spot, Symbol, TileCatalog, TileId};

/// The record's turns as they are written, and the engine following them:
/// whose turn it is next, where a message names no player (a builder's
/// second turn, a discard's redraw), and whether a drawn tile fits. Once a
/// turn is illegal the engine stops, and the seats then go round in order:
/// the referee reports that turn.
pub(super) struct Follow<'c> {
    pub(super) catalog: &'c TileCatalog,
    pub(super) game: Option<crate::rules::Game<'c>>,
    pub(super) players: Vec<String>,
    pub(super) seat: usize,
    pub(super) lines: Vec<ImportedTurn>,
    pub(super) figures: Vec<Option<&'static str>>,
    /// Each line's actions after its figure (version 2).
    pub(super) steps: Vec<Vec<StepRecord>>,
    /// The lines that set their tile aside rather than discard it.
    pub(super) asides: Vec<usize>,
}

impl<'c> Follow<'c> {
    pub(super) fn new(
        tags: &[crate::notation::TagRecord],
        catalog: &'c TileCatalog,
        players: &[String],
    ) -> Self {
        let header = crate::header::Header::read(&record(tags.to_vec(), Vec::new())).0;
        Follow {
            catalog,
            game: header.map(|h| crate::rules::Game::new(h.setup(), catalog)),
            players: players.to_vec(),
            seat: 0,
            lines: Vec::new(),
            figures: Vec::new(),
            steps: Vec::new(),
            asides: Vec::new(),
        }
    }

    /// Whether the rules in play set a drawn tile aside: a dragon tile
    /// before any volcano (The Princess & the Dragon).
    pub(super) fn sets_aside(&self, tile: TileId) -> bool {
        self.catalog.def(tile).symbol == Some(Symbol::Dragon)
            && self
                .game
                .as_ref()
                .and_then(|g| g.princess_and_dragon())
                .is_some_and(|d| d.dragon().is_none())
    }

    /// A tile drawn and not placed: set aside where the rules do so, else
    /// discarded.
    pub(super) fn draw_unplaced(&mut self, seat: usize, tile: TileId) {
        if self.sets_aside(tile) {
            self.asides.push(self.lines.len());
        }
        self.play(seat, tile, None, None, Vec::new());
    }

    /// The seat whose turn it is.
    pub(super) fn next_seat(&self) -> usize {
        self.game
            .as_ref()
            .map_or(self.seat, |g| g.next_player().index())
    }

    /// Whether a tile fits anywhere on the board now (`None` once the engine
    /// has stopped).
    pub(super) fn fits_somewhere(&self, tile: TileId) -> Option<bool> {
        let game = self.game.as_ref()?;
        (game.remaining() > 0).then(|| game.first_legal_placement(tile).is_some())
    }

    /// Writes a turn of a seat (a discard without a placement) and plays it.
    pub(super) fn play(
        &mut self,
        seat: usize,
        tile: TileId,
        placement: Option<(Pos, Rotation)>,
        follower: Option<(Option<&'static str>, Spot)>,
        steps: Vec<StepRecord>,
    ) {
        let player = self.players.get(seat).cloned().unwrap_or_default();
        let tile_id = &self.catalog.def(tile).id;
        let (mut steps, mut follower) = (steps, follower);
        if let Some(game) = &self.game {
            gold_steps(
                game,
                &self.players,
                tile,
                placement,
                &mut follower,
                &mut steps,
            );
            magic_steps(game, tile, placement, &mut follower, &mut steps);
        }
        if let Some(game) = &mut self.game {
            let input = crate::rules::TurnInput {
                number: game.turn().saturating_add(1),
                player: &player,
                tile: tile_id,
                place: placement,
                figure: follower,
                aside: self.asides.last() == Some(&self.lines.len()),
                steps: crate::notation::act::TurnSteps::Written(&steps),
            };
            match game.check(&input) {
                Ok(mv) => {
                    game.apply(mv);
                }
                Err(_) => self.game = None,
            }
        }
        let next = match &self.game {
            Some(g) => g.next_player().index(),
            // A discard's player draws again; otherwise the next seat plays.
            None if placement.is_none() => seat,
            None => (seat + 1) % self.players.len().max(1),
        };
        self.seat = next;
        self.lines.push(ImportedTurn {
            player,
            tile: tile_id.clone(),
            placement,
            follower: follower.map(|(_, s)| s),
            claims: Vec::new(),
            comment: placement
                .is_none()
                .then(|| "discarded: it fits nowhere".to_string()),
            time: None,
        });
        self.figures.push(follower.and_then(|(f, _)| f));
        self.steps.push(steps);
    }

    /// The record of the turns written, under `tags`: each turn with its
    /// figure and steps, the tiles set aside and (with `open_last`) a last
    /// turn not committed saying so, in version 2 of the notation where a
    /// turn needs it, and `notes` before the first turn.
    ///
    /// # Errors
    /// `I404` where the record would not be read back (too long a line, too
    /// large a game).
    pub(super) fn into_record(
        self,
        tags: Vec<TagRecord>,
        open_last: bool,
        notes: Vec<String>,
    ) -> Result<GameRecord, Vec<ImportError>> {
        let Follow {
            lines,
            figures,
            steps,
            asides,
            ..
        } = self;
        let mut rec = record(tags, lines);
        for ((t, f), steps) in rec.turns.iter_mut().zip(figures).zip(steps) {
            if let (Some(spec), Some(f)) = (t.follower.as_mut(), f) {
                spec.figure = Some(Spanned::new(f.into(), Span::default()));
            }
            t.steps = steps;
        }
        if open_last && let Some(t) = rec.turns.last_mut() {
            t.comment = Some(sp(crate::notation::Comment::new(
                "not committed: the scenario asserts its player can't pass here",
            )));
        }
        for line in asides {
            if let Some(t) = rec.turns.get_mut(line) {
                t.action = Spanned::new(ActionRecord::Aside, Span::default());
                t.comment = Some(sp(crate::notation::Comment::new(
                    "set aside: no volcano yet",
                )));
            }
        }
        // Actions (The Tower's, The Princess & the Dragon's) and `aside` are written
        // in version 2 of the notation (SPEC 2.14).
        if rec
            .turns
            .iter()
            .any(crate::notation::TurnRecord::needs_version_2)
            && let Some(t) = rec.tags.iter_mut().find(|t| t.name.value == "CGN")
        {
            t.value.value = Name::from("2");
        }
        crate::import::within_limits(with_notes(rec, notes), "I404").map_err(|e| vec![e])
    }
}
