//! The Flying Machines (the 2012 Z-Man big box, "The Flying Machines"): a
//! follower put on the flying machine of the tile just placed flies along the
//! machine's arrow as far as the die says, and lands on a road, a city or a
//! monastery of the tile it reaches, if it can.
//!
//! Rulebook: "Whenever a player draws a tile with a flying machine, he places
//! it as usual. Then, the player can, just like in the basic game, place a
//! follower on the road, or in the field... Or he places his follower on the
//! flying machine, hoping to land on another tile in play. Once the tile is
//! placed, the flying machine shows the trajectory that the follower's flight
//! will follow (horizontal, vertical, or diagonal). The player then rolls the
//! die. The result determines the exact number of tiles that the follower will
//! travel in a straight line (1 to 3 tiles). The follower must be placed on
//! the tile designated by the die, if possible. The active player (the one who
//! owns the follower) then chooses where on the designated tile he places his
//! follower."
//!
//! The notation (SPEC 6.9): the flight is the act `fly:D`, the die's face,
//! in place of the turn's figure; the landing follows it as the turn's figure
//! on the tile the flight reaches, `+x,y/SPOT` or `+big:x,y/SPOT`. A flight
//! that cannot land is `fly:D` alone: the follower goes back to its owner.

use crate::board::Pos;
use crate::features::{NodeId, node_of};
use crate::figures::Figure;
use crate::notation::Place;
use crate::notation::act::{ActToken, ArgToken};
use crate::rules::{Act, Game, Placing, Step, TurnActions, Violation};
use crate::tiles::{FeatureKind, Rotation, Spot, TileId};

/// The faces of the die: "1 special die (1, 1, 2, 2, 3, 3)".
pub const DIE: [u8; 6] = [1, 1, 2, 2, 3, 3];

/// A flight of the turn: where it reaches, and whether it has landed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flight {
    /// The step of the turn that wrote it.
    pub step: usize,
    /// The square the die sends the follower to.
    pub to: Pos,
    /// Whether its landing is written.
    pub landed: bool,
}

impl Game<'_> {
    /// The square a flight from the tile of `placing` reaches with the die
    /// showing `die`, if the tile shows a flying machine: the arrow turns
    /// with the tile.
    pub(in crate::rules) fn flight_target(&self, placing: &Placing, die: u8) -> Option<Pos> {
        let arrow = self.catalog.def(placing.tile).flight?;
        let (dx, dy) = arrow.turned(placing.rotation).step();
        let d = i32::from(die);
        Some(Pos::new(
            placing.pos.x.checked_add(dx.checked_mul(d)?)?,
            placing.pos.y.checked_add(dy.checked_mul(d)?)?,
        ))
    }

    /// `fly:D`: the turn's follower put on the flying machine of the tile
    /// just placed, the die showing `D`. It takes the place of the turn's
    /// figure: "the player can, just like in the basic game, place a
    /// follower … Or he places his follower on the flying machine".
    ///
    /// # Errors
    /// [`Violation::Flight`], or [`Violation::NoFollowersLeft`] when the
    /// player has no follower to fly.
    pub(in crate::rules) fn check_fly(
        &self,
        step: usize,
        act: &ActToken<'_>,
        placing: &Placing,
        turn: &mut TurnActions,
    ) -> Result<Step, Violation> {
        let fault = |reason: &str| Violation::Flight {
            step,
            reason: reason.to_string(),
        };
        if self.catalog.def(placing.tile).flight.is_none() {
            return Err(fault(
                "only a tile with a flying machine lets a follower fly",
            ));
        }
        if turn.figure || turn.flight.is_some() {
            return Err(fault(
                "the flight is the turn's figure: one, before any other figure",
            ));
        }
        if act.player.is_some() {
            return Err(fault("the turn's player flies: no player is written"));
        }
        let die = match act.arg.as_ref() {
            Some(ArgToken::Number(n)) => u8::try_from(*n).ok().filter(|d| DIE.contains(d)),
            _ => None,
        }
        .ok_or_else(|| fault("the die shows 1, 2 or 3: fly:1, fly:2 or fly:3"))?;
        // "he places his follower on the flying machine": one from his supply
        // (a normal or a large follower; builders and pigs do not fly).
        let player = placing.player;
        let flyers = self
            .in_hand
            .get(player)
            .map_or(0, |s| s.count(Figure::Follower) + s.count(Figure::Big));
        if flyers == 0 && turn.ransomed.is_none() {
            return Err(Violation::NoFollowersLeft);
        }
        let to = self
            .flight_target(placing, die)
            .ok_or_else(|| fault("the flight leaves the board's coordinates"))?;
        turn.figure = true;
        turn.flight = Some(Flight {
            step,
            to,
            landed: false,
        });
        Ok(Step {
            actor: player,
            act: Act::Fly { die, to },
        })
    }

    /// The figure after `fly:D`: the follower lands on the tile the flight
    /// reaches. Rulebook: "A flying follower… may only land (be placed) on an
    /// incomplete feature (road, city, or monastery). … may be placed on an
    /// occupied feature, no matter the owner(s) and number of followers that
    /// are present. … cannot be placed into a field … may not be placed
    /// somewhere where there is no tile."
    ///
    /// # Errors
    /// [`Violation::Flight`], [`Violation::NoFollowersLeft`],
    /// [`Violation::FigureInUse`].
    pub(in crate::rules) fn check_landing(
        &self,
        step: usize,
        name: Option<&str>,
        at: Pos,
        place: Option<Place>,
        placing: &Placing,
        turn: &mut TurnActions,
    ) -> Result<Step, Violation> {
        let fault = |reason: String| Violation::Flight { step, reason };
        let Some(flight) = turn.flight.filter(|f| !f.landed) else {
            return Err(Violation::SecondFigure { step });
        };
        if at != flight.to {
            // A flight that cannot land ends the turn's figures: "the player
            // returns his follower to his supply. That player may not place
            // another follower during this turn."
            if self.landings(flight.to, placing).is_empty() {
                return Err(fault(format!(
                    "the flight reaches {},{} (not {},{}) and cannot land there: the follower goes back, and \"That player may not place another follower during this turn\"",
                    flight.to.x, flight.to.y, at.x, at.y
                )));
            }
            return Err(fault(format!(
                "the flight reaches {},{}: the follower lands there or nowhere",
                flight.to.x, flight.to.y
            )));
        }
        let figure = self
            .follower_named(name)
            .ok_or_else(|| fault("a normal or a large follower flies".to_string()))?;
        let player = placing.player;
        self.check_in_hand(player, figure, turn.ransomed)?;
        let Some(Place::Spot(spot)) = place else {
            return Err(fault(
                "a flier lands on a road, a city or a monastery of the tile, not on a tower"
                    .to_string(),
            ));
        };
        let Some(placed) = self.board.at(at) else {
            return Err(fault("no tile lies there".to_string()));
        };
        let def = self.catalog.def(placed.tile);
        let Some(seg) = spot.segment(def, placed.rotation) else {
            return Err(fault("the tile has no feature at that spot".to_string()));
        };
        let node = node_of(placed, seg);
        match self.landing_open(node, at, placing) {
            Landing::Field => {
                return Err(fault("a flier cannot be placed into a field".to_string()));
            }
            Landing::Complete => {
                return Err(fault(
                    "a flier lands only on an incomplete feature: this one is completed"
                        .to_string(),
                ));
            }
            Landing::Open => {}
        }
        turn.flight = Some(Flight {
            landed: true,
            ..flight
        });
        Ok(Step {
            actor: player,
            act: Act::Land {
                pos: at,
                node,
                figure,
            },
        })
    }

    /// The end of a turn's actions: a flight that can land has landed. "The
    /// follower must be placed on the tile designated by the die, if
    /// possible." "If the follower cannot land (because every feature has
    /// already been scored, because it could only land into a field, or
    /// because there is no tile present), the player returns his follower to
    /// his supply. That player may not place another follower during this
    /// turn."
    ///
    /// # Errors
    /// [`Violation::FlightMustLand`].
    pub(in crate::rules) fn check_flight_done(
        &self,
        placing: &Placing,
        turn: &TurnActions,
    ) -> Result<(), Violation> {
        let Some(flight) = turn.flight.filter(|f| !f.landed) else {
            return Ok(());
        };
        if let Some(spot) = self.first_landing(flight.to, placing) {
            return Err(Violation::FlightMustLand {
                step: flight.step,
                target: format!("{},{}/{spot}", flight.to.x, flight.to.y),
            });
        }
        Ok(())
    }

    /// The first spot (in spot order) where a flight reaching `to` can land,
    /// if any ([`Game::landings`]).
    pub(in crate::rules) fn first_landing(&self, to: Pos, placing: &Placing) -> Option<Spot> {
        self.landings(to, placing).into_iter().next()
    }

    /// The spots where a flight reaching `to` can land, one per feature, each
    /// by its first spot name (in spot order): none where no tile lies, where
    /// the dragon stands ("No follower may share a tile with the dragon"), or
    /// where every feature is a field or completed once the tile of
    /// `placing` lies.
    fn landings(&self, to: Pos, placing: &Placing) -> Vec<Spot> {
        let Some(placed) = self.board.at(to) else {
            return Vec::new();
        };
        if self.dragon_stands_on(to) {
            return Vec::new();
        }
        let def = self.catalog.def(placed.tile);
        let mut seen = 0u32;
        Spot::all()
            .filter(|spot| {
                spot.segment(def, placed.rotation).is_some_and(|seg| {
                    let bit = 1u32 << (u32::from(seg) & 31);
                    let first = seen & bit == 0;
                    seen |= bit;
                    first && self.landing_open(node_of(placed, seg), to, placing) == Landing::Open
                })
            })
            .collect()
    }

    /// Where a flight by the next player from `tile` placed at `pos` with
    /// `rotation` goes with the die showing `die`: the square it reaches and
    /// the spots where it can land there (none: it comes back). `None` if the
    /// tile shows no flying machine.
    pub fn flight_landings(
        &self,
        tile: TileId,
        pos: Pos,
        rotation: Rotation,
        die: u8,
    ) -> Option<(Pos, Vec<Spot>)> {
        let placing = self.next_placing(tile, pos, rotation);
        let to = self.flight_target(&placing, die)?;
        Some((to, self.landings(to, &placing)))
    }

    /// What a flier finds on a node of the tile at `at`, once the tile of
    /// `placing` lies: a field, a completed feature, or an open road, city or
    /// monastery.
    fn landing_open(&self, node: NodeId, at: Pos, placing: &Placing) -> Landing {
        match self.features.kind_of(node) {
            Some(FeatureKind::Road | FeatureKind::City) => {
                if self.open_edges_after(self.features.root(node), placing) == 0 {
                    Landing::Complete
                } else {
                    Landing::Open
                }
            }
            Some(FeatureKind::Monastery) => {
                if self.surrounded_after(at, placing) {
                    Landing::Complete
                } else {
                    Landing::Open
                }
            }
            _ => Landing::Field,
        }
    }
}

/// What a flier finds on a spot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Landing {
    /// A field (or no feature a follower lands on).
    Field,
    /// A road, city or monastery already completed.
    Complete,
    /// An incomplete road, city or monastery: it may land.
    Open,
}
