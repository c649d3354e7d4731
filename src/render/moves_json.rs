//! The legal moves of a turn as data ([`MovesDocument`], for `carcref moves
//! --format json`, `notation/json.md`): every placement of the tile drawn
//! with the figures it allows, and what each expansion in play lets the
//! player do with it.

use serde::Serialize;

use super::json::OrderedMap;
use crate::notation::TurnRecord;
use crate::rules::Game;
use crate::tiles::TileId;

/// A figure a placement allows, as `moves --format json` lists it.
#[derive(Debug, Clone, Serialize)]
pub struct MoveFigure {
    /// Its kind.
    pub figure: crate::figures::Figure,
    /// The spot it may stand on.
    pub spot: String,
    /// The kind of feature that spot belongs to.
    pub feature: crate::tiles::FeatureKind,
}

/// A legal placement, as `moves --format json` lists it.
#[derive(Debug, Clone, Serialize)]
pub struct Placement {
    /// The square, `x,y`.
    pub at: String,
    /// The rotation, `r0` to `r270`.
    pub rotation: String,
    /// The figures the player may place with it, each on a spot.
    pub figures: Vec<MoveFigure>,
    /// With The Tower: the tower pieces legal with this placement only (a
    /// piece on the tile placed, when it has a tower place), with their
    /// captures.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tower_pieces: Vec<TowerPieceMove>,
    /// With The Princess & the Dragon: the knights the princess may send
    /// home with this placement (its city joining theirs).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub princess: Vec<KnightMove>,
    /// Whether the princess must send one of [`Placement::princess`] home
    /// (no other figure that turn).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub princess_required: bool,
    /// With The Princess & the Dragon: the fairy's moves legal with this
    /// placement only.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fairy: Vec<FairyMove>,
    /// With a magic portal: the followers it may put on earlier tiles with
    /// this placement only.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub portal: Vec<PortalMove>,
    /// With a dragon tile, the dragon on the board: the first moves of its
    /// journey open with this placement.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dragon: Vec<DragonStepMove>,
    /// With a flying machine: for each face of the die, where the flight
    /// goes and where it can land.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub flights: Vec<FlightMove>,
    /// With Mage & Witch, on a magic tile or a tile joining the pawns'
    /// features: the pawn steps open with this placement, as a record writes
    /// them (`mage:0,1/N`, `witch:-`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub magic: Vec<String>,
    /// With The Ferries: the ferry steps open with this placement, as a
    /// record writes them: on a lake tile each new ferry, alone and followed
    /// by each first move it allows (`ferry:EW`, `ferry:EW ferry:1,0/SW`); on
    /// another tile each first move (`ferry:1,0/SW`). A move may be followed
    /// by others; none is due.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ferries: Vec<String>,
}

/// A flight from a flying machine with one face of the die, as `moves
/// --format json` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FlightMove {
    /// The die's face, 1 to 3.
    pub die: u8,
    /// The square it reaches, `x,y`.
    pub to: String,
    /// Where it can land there, each as a record writes the flight and its
    /// landing (`fly:2 +0,0/N`, `fly:2 +big:0,0/N`); none: it comes back,
    /// written `fly:2` alone.
    pub landings: Vec<String>,
}

/// A knight the princess may send home, as `moves --format json` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KnightMove {
    /// Its square, `x,y`.
    pub at: String,
    /// Its spot.
    pub spot: String,
    /// Its owner.
    pub player: String,
    /// `follower` or `big`.
    pub figure: crate::figures::Figure,
    /// The action as a record writes it (`princess:0,1/N(Ann)`).
    pub written: String,
}

/// A tile (with `fairy-next-follower`, a follower) the fairy may be moved
/// to, as `moves --format json` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FairyMove {
    /// The tile's square, `x,y`.
    pub at: String,
    /// With `fairy-next-follower`: the spot of the follower it goes next to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spot: Option<String>,
    /// The action as a record writes it (`+fairy:-1,0`).
    pub written: String,
}

/// A follower the magic portal may put on an earlier tile, as `moves
/// --format json` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PortalMove {
    /// The tile's square, `x,y`.
    pub at: String,
    /// The spot.
    pub spot: String,
    /// `follower` or `big`.
    pub figure: crate::figures::Figure,
    /// The action as a record writes it (`+0,-1/NNW`, `+big:0,-1/C`).
    pub written: String,
}

/// A first move of the dragon's journey, as `moves --format json` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DragonStepMove {
    /// The direction: `N`, `E`, `S` or `W`.
    pub direction: String,
    /// The square it moves to, `x,y`.
    pub to: String,
    /// The player who moves it (the turn's player, for the first move).
    pub player: String,
    /// The action as a record writes it (`dragon:N`).
    pub written: String,
}

/// The Princess & the Dragon in a turn, as `moves --format json` lists it:
/// where the figures stand, and the actions legal with every placement of
/// the tile (those legal with some only are listed with them).
#[derive(Debug, Clone, Serialize)]
pub struct DragonMoves {
    /// The dragon's square, or `null` before the first volcano.
    pub dragon: Option<String>,
    /// The fairy's square, or `null` before it is first placed.
    pub fairy: Option<String>,
    /// Whether the tile drawn is set aside (a dragon tile before the first
    /// volcano: `aside` is the turn's only action).
    pub set_aside: bool,
    /// The fairy's moves legal with every placement.
    pub fairy_moves: Vec<FairyMove>,
    /// With a magic portal: the followers it may put on earlier tiles, with
    /// every placement.
    pub portal: Vec<PortalMove>,
}

/// A prisoner a tower piece can take, as `moves --format json` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CaptureMove {
    /// The square it stands on, `x,y`.
    pub at: String,
    /// Its spot there, or `T`: the guard on the tower of that square.
    pub spot: String,
    /// Its owner.
    pub player: String,
    /// `follower` or `big`.
    pub figure: crate::figures::Figure,
    /// Which of the turn player's followers comes back in the exchange the
    /// capture causes (`follower` or `big`), if it causes one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exchange: Option<crate::figures::Figure>,
    /// The actions as a record writes them after the piece
    /// (`capture:1,0/E`, `capture:1,0/E exchange:big`).
    pub written: String,
}

/// A tower piece the player may build, as `moves --format json` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TowerPieceMove {
    /// The square of the tower or empty tower place, `x,y`.
    pub at: String,
    /// The tower's height with the piece.
    pub height: u8,
    /// The action as a record writes it (`+tower:1,1/T`, `+tower:T`).
    pub written: String,
    /// Every prisoner within its reach it may take (or none: a capture is
    /// optional).
    pub captures: Vec<CaptureMove>,
}

/// A follower the player may put on top of a tower, closing it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClosingMove {
    /// The tower's square, `x,y`.
    pub at: String,
    /// `follower` or `big`.
    pub figure: crate::figures::Figure,
    /// The action as a record writes it (`+1,1/T`, `+big:1,1/T`).
    pub written: String,
}

/// One of the player's followers the player may buy back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RansomMove {
    /// Who holds it, and is paid.
    pub jailer: String,
    /// `follower` or `big`.
    pub figure: crate::figures::Figure,
    /// The points paid.
    pub points: u32,
    /// The action as a record writes it (`ransom:follower(Bob)`).
    pub written: String,
}

/// The Tower's actions of a turn, as `moves --format json` lists them: those
/// legal with every placement of the tile (the tower pieces legal with some
/// only are listed with those placements).
#[derive(Debug, Clone, Serialize)]
pub struct TowerMoves {
    /// Tower pieces the player has left.
    pub pieces_in_hand: u8,
    /// Tower pieces on the towers and empty tower places of the board.
    pub pieces: Vec<TowerPieceMove>,
    /// Followers closing a tower.
    pub closings: Vec<ClosingMove>,
    /// Ransoms: once a turn, before or after the turn's figure.
    pub ransoms: Vec<RansomMove>,
}

/// Why a drawn tile has no legal placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoPlacement {
    /// A river tile that cannot continue the river (`E309`).
    RiverBlocked,
    /// The tile fits nowhere and is discarded.
    FitsNowhere,
    /// A dragon tile drawn before the first volcano: it is set aside
    /// (The Princess & the Dragon).
    SetAside,
}

/// `moves --format json`: every legal placement of the tile a turn draws.
#[derive(Debug, Clone, Serialize)]
pub struct MovesDocument {
    /// The file the game was read from (`-`: standard input).
    pub file: String,
    /// The game's place in its file (1-based).
    pub game: usize,
    /// The turn whose tile is placed.
    pub turn: u32,
    /// The player whose turn it is.
    pub player: String,
    /// The tile drawn: its id.
    pub tile: String,
    /// The tile's description.
    pub tile_name: String,
    /// Followers (small and large) the player has in supply.
    pub followers_in_hand: u8,
    /// Why there is no placement, when there is none: `river-blocked` (a
    /// river tile that cannot continue the river), `fits-nowhere` (the
    /// tile is discarded) or `set-aside` (a dragon tile before the first
    /// volcano).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub none: Option<NoPlacement>,
    /// Every legal placement: squares and rotations in board order.
    pub placements: Vec<Placement>,
    /// With The Tower: its actions open to the player besides the placement.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tower: Option<TowerMoves>,
    /// With The Princess & the Dragon: the dragon, the fairy and the
    /// actions open to the player besides the placement.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub princess_and_dragon: Option<DragonMoves>,
    /// With a crop circle on the tile, placed as the record writes the turn:
    /// what each player can do under either effect once the turn is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub crop_circle: Option<CircleMoves>,
    /// With The Robbers: the robbers on the scoreboard, and after a bag
    /// tile who may place or move one, beside whose markers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub robbers: Option<RobberMoves>,
    /// With The Messengers: each player's pawns, the messages drawn so far
    /// and the top of the stack once known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub messengers: Option<MessengerMoves>,
}

/// The messengers and the message stack, as `moves --format json` lists
/// them (The Messengers).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MessengerMoves {
    /// Each player's pawns: the points of the marker and of the messenger.
    pub pawns: OrderedMap<[u32; 2]>,
    /// The messages drawn first, in the order drawn: the stack's order.
    pub stack: Vec<u8>,
    /// How many messages have been drawn.
    pub drawn: u32,
    /// The message on top of the stack, once every message has been drawn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub top: Option<u8>,
    /// The tiles message 7 still gives the player to move.
    #[serde(skip_serializing_if = "is_zero_u8")]
    pub extra_tiles: u8,
}

fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}

/// The robbers, as `moves --format json` lists them (The Robbers).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RobberMoves {
    /// Each robber on the scoreboard: its owner and the space it stands on.
    pub on_scoreboard: OrderedMap<u32>,
    /// After a bag tile, each player who may place or move his robber, in
    /// the order they write them: the acts open to him (empty without a
    /// bag).
    pub placements: Vec<RobberTurn>,
}

/// One player's robber placements open after a bag tile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RobberTurn {
    /// The player.
    pub player: String,
    /// Each placement as written: `robber:Name`, `robber:Name(Robber)`.
    pub written: Vec<String>,
}

/// A crop circle's effects after the turn as written, as `moves --format
/// json` lists them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CircleMoves {
    /// The followers it designates: `farmers`, `thieves` or `knights`.
    pub followers: String,
    /// Effect A (`circle:add`): each player who can act, in order.
    pub add: Vec<CircleTurn>,
    /// Effect B (`circle:remove`): each player who must act, in order.
    pub remove: Vec<CircleTurn>,
}

/// One player's actions open under a crop circle's effect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CircleTurn {
    /// The player.
    pub player: String,
    /// Each action as a record writes it (`add:0,1/N(Green)`,
    /// `pass(Green)`, `remove:0,1/N(Green)`).
    pub written: Vec<String>,
}

/// The legal moves of a turn (`written`, of game `game` of `file`, 1-based),
/// whose tile `tile` is placed on `state`, the board before it: every legal
/// placement with the figures it allows, and what each expansion in play
/// lets the player do with it, as the engine accepts it.
pub fn moves_document(
    file: &str,
    game: usize,
    state: &Game<'_>,
    written: &TurnRecord,
    tile: TileId,
) -> MovesDocument {
    let turn = written.number.value;
    let catalog = state.catalog();
    let player = state.next_player();
    let def = catalog.def(tile);
    // The Princess & the Dragon's actions with each placement, as the engine
    // accepts them; a placement the engine refuses whatever the turn does
    // (a dragon tile before the first volcano) is left out.
    let with_dragon = state.princess_and_dragon().is_some();
    let (legal, dragon_options): (Vec<_>, Vec<_>) = state
        .legal_placements(tile)
        .into_iter()
        .map(|p| {
            let options = crate::generate::dragon_options(state, tile, p);
            (p, options)
        })
        .filter(|(p, o)| {
            !with_dragon
                || !o.princess.is_empty()
                || crate::generate::verdict(state, tile, *p, None, &[])
                    != crate::generate::Verdict::Refused
        })
        .unzip();
    let set_aside = with_dragon && {
        let input = crate::rules::TurnInput {
            number: state.turn().saturating_add(1),
            player: state.name(player),
            tile: def.id.as_str(),
            place: None,
            figure: None,
            aside: true,
            steps: crate::notation::act::TurnSteps::NONE,
        };
        state.check_due(&input).is_ok()
    };
    // The Tower's actions with each placement, as the engine accepts them;
    // those legal with every placement are listed once.
    let tower_options: Vec<crate::generate::TowerOptions> = legal
        .iter()
        .map(|p| crate::generate::tower_options(state, tile, *p, &[]))
        .collect();
    let everywhere = |piece: &crate::generate::PieceOption| {
        tower_options.iter().all(|o| o.pieces.contains(piece))
    };
    let fairy_everywhere =
        |f: &crate::generate::FairyOption| dragon_options.iter().all(|o| o.fairy.contains(f));
    let portal_everywhere =
        |f: &crate::generate::PortalOption| dragon_options.iter().all(|o| o.portal.contains(f));
    let placements: Vec<Placement> = legal
        .into_iter()
        .zip(&tower_options)
        .zip(&dragon_options)
        .map(|(((pos, rotation), options), dragon)| {
            let mut spots: Vec<(
                crate::figures::Figure,
                crate::tiles::Spot,
                crate::tiles::FeatureKind,
            )> = state
                .legal_figures(player, tile, pos, rotation)
                .into_iter()
                .filter_map(|f| {
                    Some((
                        f.figure,
                        crate::generate::spot_of(state, tile, rotation, f.segment)?,
                        def.segment(f.segment)?.kind,
                    ))
                })
                // With The Princess & the Dragon the engine has the last
                // word: none on a volcano, none where the princess must act.
                .filter(|(figure, spot, _)| {
                    !with_dragon
                        || crate::generate::verdict(
                            state,
                            tile,
                            (pos, rotation),
                            Some((figure.notation(), *spot)),
                            &[],
                        ) != crate::generate::Verdict::Refused
                })
                .collect();
            spots.sort();
            Placement {
                at: pos.to_string(),
                rotation: rotation.to_string(),
                figures: spots
                    .into_iter()
                    .map(|(figure, spot, feature)| MoveFigure {
                        figure,
                        spot: spot.to_string(),
                        feature,
                    })
                    .collect(),
                tower_pieces: options
                    .pieces
                    .iter()
                    .filter(|p| !everywhere(p))
                    .map(|p| piece_move(state, p))
                    .collect(),
                princess: dragon
                    .princess
                    .iter()
                    .map(|k| KnightMove {
                        at: k.at.to_string(),
                        spot: k.spot.to_string(),
                        player: state.name(k.owner).to_string(),
                        figure: k.figure,
                        written: crate::notation::write::step(&k.step),
                    })
                    .collect(),
                princess_required: dragon.princess_required,
                fairy: dragon
                    .fairy
                    .iter()
                    .filter(|f| !fairy_everywhere(f))
                    .map(fairy_move)
                    .collect(),
                portal: dragon
                    .portal
                    .iter()
                    .filter(|p| !portal_everywhere(p))
                    .map(portal_move)
                    .collect(),
                magic: state
                    .magic_steps(tile, pos, rotation)
                    .into_iter()
                    .map(|(pawn, to)| match to {
                        None => format!("{pawn}:-"),
                        Some((at, spot)) if at == pos => format!("{pawn}:{spot}"),
                        Some((at, spot)) => format!("{pawn}:{at}/{spot}"),
                    })
                    .collect(),
                dragon: dragon
                    .dragon
                    .iter()
                    .map(|m| DragonStepMove {
                        direction: m.side.to_string(),
                        to: state
                            .princess_and_dragon()
                            .and_then(|d| d.dragon())
                            .and_then(|d| d.neighbour(m.side))
                            .map_or_else(String::new, |p| p.to_string()),
                        player: state.name(m.actor).to_string(),
                        written: crate::notation::write::step(&m.step),
                    })
                    .collect(),
                ferries: state
                    .ferry_choices(tile, pos, rotation)
                    .into_iter()
                    .flat_map(|(set, moves)| {
                        let set = set
                            .map(|(a, b)| format!("ferry:{}", crate::notation::Place::Ends(a, b)));
                        let moves = moves.into_iter().map(move |(at, (a, b))| {
                            format!("ferry:{at}/{}", crate::notation::Place::Ends(a, b))
                        });
                        match set {
                            Some(set) => std::iter::once(set.clone())
                                .chain(moves.map(|m| format!("{set} {m}")).collect::<Vec<_>>())
                                .collect::<Vec<_>>(),
                            None => moves.collect(),
                        }
                    })
                    .collect(),
                flights: crate::generate::flight_options(state, tile, (pos, rotation))
                    .into_iter()
                    .map(|(die, to, written)| FlightMove {
                        die,
                        to: to.to_string(),
                        landings: written
                            .iter()
                            .filter(|steps| steps.len() > 1)
                            .map(|steps| {
                                steps
                                    .iter()
                                    .map(crate::notation::write::step)
                                    .collect::<Vec<_>>()
                                    .join(" ")
                            })
                            .collect(),
                    })
                    .collect(),
            }
        })
        .collect();
    let princess_and_dragon = state.princess_and_dragon().map(|d| {
        let first = dragon_options.first().cloned().unwrap_or_default();
        DragonMoves {
            dragon: d.dragon().map(|p| p.to_string()),
            fairy: d.fairy().map(|f| f.pos.to_string()),
            set_aside,
            fairy_moves: first
                .fairy
                .iter()
                .filter(|f| fairy_everywhere(f))
                .map(fairy_move)
                .collect(),
            portal: first
                .portal
                .iter()
                .filter(|p| portal_everywhere(p))
                .map(portal_move)
                .collect(),
        }
    });
    let tower = state.towers().map(|towers| {
        let first = tower_options.first().cloned().unwrap_or_default();
        let write = crate::notation::write::step;
        TowerMoves {
            pieces_in_hand: towers.pieces().get(player).copied().unwrap_or(0),
            pieces: first
                .pieces
                .iter()
                .filter(|p| everywhere(p))
                .map(|p| piece_move(state, p))
                .collect(),
            closings: first
                .closings
                .iter()
                .filter(|c| tower_options.iter().all(|o| o.closings.contains(c)))
                .map(|c| ClosingMove {
                    at: c.at.to_string(),
                    figure: c.figure,
                    written: write(&c.step),
                })
                .collect(),
            ransoms: first
                .ransoms
                .iter()
                .filter(|r| tower_options.iter().all(|o| o.ransoms.contains(r)))
                .map(|r| RansomMove {
                    jailer: state.name(r.jailer).to_string(),
                    figure: r.figure,
                    points: crate::rules::expansions::tower::RANSOM,
                    written: write(&r.step),
                })
                .collect(),
        }
    });
    let crop_circle = circle_moves(state, written);
    let robbers = state.robbers().map(|r| RobberMoves {
        on_scoreboard: OrderedMap(
            r.on_board()
                .map(|(p, at)| (state.name(p).to_string(), at.number()))
                .collect(),
        ),
        placements: state
            .robber_options(tile)
            .into_iter()
            .map(|(p, beside)| RobberTurn {
                player: state.name(p).to_string(),
                written: beside
                    .into_iter()
                    .map(|b| {
                        let name = crate::notation::write::player_name(state.name(b));
                        if p == player {
                            format!("robber:{name}")
                        } else {
                            format!(
                                "robber:{name}({})",
                                crate::notation::write::player_name(state.name(p))
                            )
                        }
                    })
                    .collect(),
            })
            .collect(),
    });
    let messengers = state.messengers().map(|m| MessengerMoves {
        pawns: OrderedMap(
            state
                .pawns()
                .iter()
                .map(|(p, x)| {
                    (
                        state.name(p).to_string(),
                        [x.marker, x.messenger.unwrap_or(0)],
                    )
                })
                .collect(),
        ),
        stack: m.stack().to_vec(),
        drawn: m.drawn(),
        top: m.top(),
        extra_tiles: m.extra_tiles(),
    });
    MovesDocument {
        file: file.to_string(),
        game,
        turn,
        player: state.name(player).to_string(),
        tile: def.id.clone(),
        tile_name: def.name.clone(),
        followers_in_hand: state.followers_in_hand(player),
        none: match (placements.is_empty(), def.river != 0) {
            (false, _) => None,
            (true, _) if set_aside => Some(NoPlacement::SetAside),
            (true, true) => Some(NoPlacement::RiverBlocked),
            (true, false) => Some(NoPlacement::FitsNowhere),
        },
        placements,
        tower,
        princess_and_dragon,
        crop_circle,
        robbers,
        messengers,
    }
}

/// A move of the fairy, as `moves` lists it.
fn fairy_move(f: &crate::generate::FairyOption) -> FairyMove {
    FairyMove {
        at: f.at.to_string(),
        spot: f.spot.map(|s| s.to_string()),
        written: crate::notation::write::step(&f.step),
    }
}

/// The crop circle's effects after the turn as the record writes it (its
/// placement, figure and actions, without its circle's): for each effect,
/// what each player can do, in order. `None` where the tile shows no crop
/// circle or the turn as written is not legal.
fn circle_moves(
    state: &crate::rules::Game<'_>,
    written: &crate::notation::TurnRecord,
) -> Option<CircleMoves> {
    use crate::notation::{ActArg, ActRecord, Place, Span, Spanned, StepRecord, Target};
    let tile = state.catalog().id(&written.tile.value)?;
    let kind = state.catalog().def(tile).circle?;
    fn sp<T>(v: T) -> Spanned<T> {
        Spanned::new(v, Span::default())
    }
    let mut turn = written.clone();
    turn.steps.retain(|s| {
        !matches!(s, StepRecord::Act(a) if ["circle", "add", "remove", "pass"].contains(&a.verb.value.as_str()))
    });
    let mut effects = Vec::new();
    for add in [true, false] {
        let mut t = turn.clone();
        t.steps.push(StepRecord::Act(ActRecord {
            verb: sp("circle".into()),
            arg: Some(sp(ActArg::Kind(if add { "add" } else { "remove" }.into()))),
            player: None,
            span: Span::default(),
        }));
        let options = state.circle_options(&crate::rules::TurnInput::of(&t), add)?;
        let turns = options
            .into_iter()
            .map(|(player, open)| {
                let name = state.name(player).to_string();
                let mut list: Vec<String> = open
                    .iter()
                    .map(|(at, spot, figure)| {
                        let step = StepRecord::Act(ActRecord {
                            verb: sp(if add { "add" } else { "remove" }.into()),
                            arg: Some(sp(ActArg::At {
                                figure: figure.notation().map(|n| sp(n.into())),
                                target: Target {
                                    pos: Some(sp(*at)),
                                    place: Some(sp(Place::Spot(*spot))),
                                },
                            })),
                            player: Some(sp(name.as_str().into())),
                            span: Span::default(),
                        });
                        crate::notation::write::step(&step)
                    })
                    .collect();
                if add {
                    list.push(format!("pass({name})"));
                }
                CircleTurn {
                    player: name,
                    written: list,
                }
            })
            .collect();
        effects.push(turns);
    }
    let remove = effects.pop()?;
    let add = effects.pop()?;
    Some(CircleMoves {
        followers: match kind {
            crate::tiles::FeatureKind::Field => "farmers",
            crate::tiles::FeatureKind::Road => "thieves",
            _ => "knights",
        }
        .to_string(),
        add,
        remove,
    })
}

/// A follower through the magic portal, as `moves` lists it.
fn portal_move(p: &crate::generate::PortalOption) -> PortalMove {
    PortalMove {
        at: p.at.to_string(),
        spot: p.spot.to_string(),
        figure: p.figure,
        written: crate::notation::write::step(&p.step),
    }
}

/// A tower piece the player may build, as `moves` lists it.
fn piece_move(game: &crate::rules::Game<'_>, p: &crate::generate::PieceOption) -> TowerPieceMove {
    let write = crate::notation::write::step;
    TowerPieceMove {
        at: p.at.to_string(),
        height: p.height,
        written: write(&p.step),
        captures: p
            .captures
            .iter()
            .map(|c| CaptureMove {
                at: c.at.to_string(),
                spot: c.spot.map_or_else(|| "T".to_string(), |s| s.to_string()),
                player: game.name(c.owner).to_string(),
                figure: c.figure,
                exchange: c.exchange,
                written: c.steps.iter().map(write).collect::<Vec<_>>().join(" "),
            })
            .collect(),
    }
}
