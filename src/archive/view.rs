//! A game of an archive as the criteria of `find` look at it
//! ([`LazyGame`]): its tags read the quick way, its verdict from the quick
//! verdict, its facts from the referee's replay, each only when first asked.

use super::criteria::GameView;
use super::facts::GameFacts;
use super::quick::{QuickFacts, QuickScores, quick_tags};
use crate::notation::GameRecord;
use crate::referee::{GameOutcome, Referee, ReplayOptions};
use crate::stream::Game;
use crate::tiles::TileCatalog;

/// A game read from a stream, looked at lazily.
#[derive(Debug)]
pub struct LazyGame<'a, 'c> {
    game: &'a Game<'a>,
    referee: &'a mut Referee<'c>,
    catalog: &'c TileCatalog,
    tags: Option<Vec<(String, String)>>,
    codes: Option<Vec<String>>,
    facts: Option<GameFacts>,
    /// What the quick verdict's replay told of the scores: `Some(None)` when
    /// the verdict did not clear the game.
    scores: Option<Option<QuickScores>>,
    record: Option<GameRecord>,
}

impl<'a, 'c> LazyGame<'a, 'c> {
    /// A game, nothing of it read yet.
    pub fn new(
        game: &'a Game<'a>,
        referee: &'a mut Referee<'c>,
        catalog: &'c TileCatalog,
    ) -> LazyGame<'a, 'c> {
        LazyGame {
            game,
            referee,
            catalog,
            tags: None,
            codes: None,
            facts: None,
            scores: None,
            record: None,
        }
    }

    /// The game as read (parsed now if no criterion needed it).
    pub fn record(&mut self) -> &GameRecord {
        self.record.get_or_insert_with(|| self.game.parse().record)
    }

    /// The scores of a game the quick verdict clears, gathered on its
    /// replay (and then its verdict: no error); `None` for any other game,
    /// or once its facts are known.
    fn quick_scores(&mut self) -> Option<&QuickScores> {
        if self.scores.is_none() {
            let mut scores = QuickScores::new();
            let clean = self.facts.is_none()
                && self.game.not_utf8.is_empty()
                && self.referee.is_clean_quick_observed(
                    self.game.text,
                    self.game.base,
                    &mut scores,
                );
            if clean {
                self.codes.get_or_insert_with(Vec::new);
            }
            self.scores = Some(clean.then_some(scores));
        }
        self.scores.as_ref().and_then(Option::as_ref)
    }

    fn outcome(&mut self) -> GameOutcome {
        crate::referee::check_game_read(self.game, self.catalog, ReplayOptions::default())
    }
}

impl GameView for LazyGame<'_, '_> {
    fn tags(&mut self) -> &[(String, String)] {
        if self.tags.is_none() {
            let tags = match quick_tags(self.game.text) {
                Some(tags) if self.game.not_utf8.is_empty() => tags,
                _ => self
                    .record()
                    .tags
                    .iter()
                    .map(|t| (t.name.value.to_string(), t.value.value.to_string()))
                    .collect(),
            };
            self.tags = Some(tags);
        }
        self.tags.as_deref().unwrap_or_default()
    }

    fn codes(&mut self) -> &[String] {
        if self.codes.is_none() {
            let codes = match &self.facts {
                Some(f) => f.codes.clone(),
                None => {
                    let mut codes: Vec<String> = Vec::new();
                    for d in self.referee.verdict_read(self.game) {
                        let code = d.code();
                        if d.is_error() && !codes.contains(&code) {
                            codes.push(code);
                        }
                    }
                    codes
                }
            };
            self.codes = Some(codes);
        }
        self.codes.as_deref().unwrap_or_default()
    }

    fn turns(&mut self) -> usize {
        match self.quick_scores() {
            Some(s) => s.turns(),
            None => self.facts().turns,
        }
    }

    fn best(&mut self, kind: &str) -> Option<u32> {
        match self.quick_scores() {
            Some(s) => s.best(kind),
            None => self
                .facts()
                .scores
                .as_ref()
                .and_then(|s| s.best.get(kind))
                .copied(),
        }
    }

    fn facts(&mut self) -> &GameFacts {
        if self.facts.is_none() {
            // A clean game's facts come with the quick verdict; any other's
            // from the full referee, which gives the same.
            // (Not again for a game the verdict has not cleared.)
            let refused = matches!(self.scores, Some(None));
            let quick = quick_tags(self.game.text)
                .filter(|_| self.game.not_utf8.is_empty() && !refused)
                .and_then(|tags| {
                    let mut observed = QuickFacts::new(tags);
                    self.referee
                        .is_clean_quick_observed(self.game.text, self.game.base, &mut observed)
                        .then(|| observed.facts().0)
                });
            let facts = match quick {
                Some(facts) => facts,
                None => {
                    let outcome = self.outcome();
                    let facts = GameFacts::of(&outcome);
                    self.record = Some(outcome.record);
                    facts
                }
            };
            self.facts = Some(facts);
        }
        self.facts.get_or_insert_with(GameFacts::default)
    }
}
