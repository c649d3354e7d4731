//! Random legal games: a random draw order (with the River, its tiles first and
//! the lake after them), then for each tile a uniformly random legal placement (or
//! a discard when it fits nowhere) and a uniformly random figure choice (none, or
//! one of the legal figures on one of the legal spots). Deterministic for a seed,
//! written with a score claim on every turn that scores, the goods each turn takes,
//! and the final result.

use crate::board::Pos;
use crate::features::node_of;
use crate::figures::Figure;
use crate::notation::{
    ActArg, ActRecord, ActionRecord, ClaimRecord, EventRecord, FigureStep, FollowerSpec,
    GameRecord, Place, Span, Spanned, StepRecord, TagRecord, Target, TurnRecord,
};
use crate::player::Player;
use crate::referee::points_of;
use crate::rules::expansions::tower::in_reach;
use crate::rules::expansions::traders_and_builders::goods_args;
use crate::rules::expansions::{Expansion, Expansions};
use crate::rules::{Action, BASIC_SET, Edition, Game, Move, Setup, TurnInput, Violation};
use crate::tiles::{Rotation, Side, Spot, Symbol, TileCatalog, TileId};

/// SplitMix64: a small, fast generator whose output never changes between
/// versions, so a seed always gives the same games.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform index below `n` (0 if `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        // Multiply-shift keeps the bias below 2^-32 for the small n used here.
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenOptions {
    /// The rules edition.
    pub edition: Edition,
    /// Number of players (at least 2, at most the edition seats: more are not
    /// seated).
    pub players: usize,
    /// The expansions in play.
    pub expansions: Expansions,
}

/// Attempts at a game before giving up on a river that cannot be continued (a
/// river blocked by its own bends is rare; each attempt draws a new order).
const RIVER_ATTEMPTS: usize = 64;

const NAMES: [&str; 6] = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"];
const COLOURS: [&str; 6] = ["red", "blue", "green", "yellow", "black", "grey"];

fn sp<T>(value: T) -> Spanned<T> {
    Spanned::new(value, Span::default())
}

fn tag(name: &str, value: String) -> TagRecord {
    TagRecord {
        comments_before: Vec::new(),
        comment: None,
        name: sp(name.into()),
        value: sp(value.into()),
        span: Span::default(),
    }
}

/// The canonical spot name of a segment of a placed tile: the first spot name (in
/// the order N E S W, NNW … WNW, C) that reaches it.
pub fn spot_of(
    game: &Game<'_>,
    tile: TileId,
    rotation: crate::tiles::Rotation,
    segment: u8,
) -> Option<Spot> {
    let def = game.catalog().def(tile);
    Spot::all().find(|s| s.segment(def, rotation) == Some(segment))
}

// ---------------------------------------------------------------------------
// The Tower: the actions a turn may take besides its tile
// ---------------------------------------------------------------------------

/// A tower piece the player of a turn may build, with the prisoners it can
/// take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceOption {
    /// The square of the tower (or empty tower place) it goes on.
    pub at: Pos,
    /// The tower's height with the piece.
    pub height: u8,
    /// The step that builds it (`+tower:x,y/T`, or `+tower:T` on the tile
    /// placed).
    pub step: StepRecord,
    /// The prisoners within its reach, each with the exchange it causes.
    pub captures: Vec<CaptureOption>,
}

/// A prisoner a tower piece can take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaptureOption {
    /// The square it stands on.
    pub at: Pos,
    /// Its spot there, or `None` for the guard on the tower of that square.
    pub spot: Option<Spot>,
    /// Its owner.
    pub owner: Player,
    /// The follower or the large follower.
    pub figure: Figure,
    /// Which of the turn player's followers comes back in the exchange the
    /// capture causes, if it causes one.
    pub exchange: Option<Figure>,
    /// The steps that take it, written after the piece: the capture, and
    /// the exchange's choice where its owner holds both kinds.
    pub steps: Vec<StepRecord>,
}

/// A follower the player may put on top of a tower, closing it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClosingOption {
    /// The tower's square.
    pub at: Pos,
    /// The follower or the large follower.
    pub figure: Figure,
    /// The step (`+x,y/T`, `+big:x,y/T`).
    pub step: StepRecord,
}

/// One of the player's followers the player may buy back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RansomOption {
    /// Who holds it (and is paid).
    pub jailer: Player,
    /// The follower or the large follower.
    pub figure: Figure,
    /// The step (`ransom:follower(Name)`).
    pub step: StepRecord,
}

/// The actions of The Tower open to the player of the next turn, with a tile
/// placed at a square: each written as steps of version 2 (SPEC 2.14, 6.6)
/// and kept only where [`Game::check_due`] accepts the turn with them (after
/// the steps `before`, such as a ransom). Candidates come from the board (the
/// tower places, the followers within each tower's reach, the prisoners);
/// whether each is legal is the engine's answer, never decided here.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TowerOptions {
    /// Tower pieces, by the order of their tiles' placement.
    pub pieces: Vec<PieceOption>,
    /// Followers closing a tower, by the order of the towers' first piece.
    pub closings: Vec<ClosingOption>,
    /// Ransoms, by the order the prisoners were taken.
    pub ransoms: Vec<RansomOption>,
}

fn figure_step(name: Option<&str>, target: Target) -> StepRecord {
    StepRecord::Figure(FigureStep {
        figure: name.map(|n| sp(n.into())),
        target,
        span: Span::default(),
    })
}

fn act_step(verb: &str, arg: Option<ActArg>, player: Option<&str>) -> StepRecord {
    StepRecord::Act(ActRecord {
        verb: sp(verb.into()),
        arg: arg.map(sp),
        player: player.map(|p| sp(p.into())),
        span: Span::default(),
    })
}

/// A target as the canonical form writes it: a spot alone on the tile placed.
fn target_at(own: Pos, at: Pos, place: Place) -> Target {
    Target {
        pos: (at != own).then(|| sp(at)),
        place: Some(sp(place)),
    }
}

/// A follower kind as the actions name it.
fn kind_name(figure: Figure) -> &'static str {
    match figure {
        Figure::Big => "big",
        _ => "follower",
    }
}

/// The move the engine makes of the next turn placing a tile with these
/// steps, if it accepts it.
fn accepted(
    game: &Game<'_>,
    tile: TileId,
    (pos, rotation): (Pos, Rotation),
    steps: &[StepRecord],
) -> Option<Move> {
    let input = TurnInput {
        number: game.turn().saturating_add(1),
        player: game.name(game.next_player()),
        tile: game.catalog().def(tile).id.as_str(),
        place: Some((pos, rotation)),
        figure: None,
        aside: false,
        steps,
    };
    check_but_messages(game, &input).ok()
}

/// [`Game::check_due`], but for The Messengers' messages, which a turn gets
/// once its other steps are written (`messenger_steps`).
fn check_but_messages(game: &Game<'_>, input: &TurnInput<'_>) -> Result<Move, Violation> {
    if game.messengers().is_some() {
        game.check_due_but_messages(input)
    } else {
        game.check_due(input)
    }
}

/// The Tower's actions for the next turn with the tile placed: see
/// [`TowerOptions`]. Empty without The Tower.
pub fn tower_options(
    game: &Game<'_>,
    tile: TileId,
    placement: (Pos, Rotation),
    before: &[StepRecord],
) -> TowerOptions {
    let Some(towers) = game.towers() else {
        return TowerOptions::default();
    };
    let (own, _) = placement;
    let with = |more: &[StepRecord]| {
        let mut steps = before.to_vec();
        steps.extend_from_slice(more);
        accepted(game, tile, placement, &steps)
    };
    let catalog = game.catalog();
    let player = game.next_player();
    // Tower places: the placed tiles', then the new tile's.
    let mut places: Vec<Pos> = game
        .board()
        .tiles()
        .iter()
        .filter(|t| catalog.def(t.tile).tower)
        .map(|t| t.pos)
        .collect();
    if catalog.def(tile).tower {
        places.push(own);
    }
    let mut pieces = Vec::new();
    for at in places {
        let step = figure_step(Some("tower"), target_at(own, at, Place::Tower));
        if with(std::slice::from_ref(&step)).is_none() {
            continue;
        }
        let height = towers.tower(at).map_or(0, |t| t.height).saturating_add(1);
        let captures = capture_candidates(game, at, height)
            .into_iter()
            .flat_map(|c| capture_writings(game, own, c))
            .filter_map(|(c, steps)| {
                let mut all = vec![step.clone()];
                all.extend_from_slice(&steps);
                let mv = with(&all)?;
                // The exchange as the engine resolved it.
                let exchange = mv.steps.iter().find_map(|s| match s.act {
                    crate::rules::Act::Capture { exchange, .. } => Some(exchange),
                    _ => None,
                })?;
                Some(CaptureOption {
                    exchange,
                    steps,
                    ..c
                })
            })
            .fold(Vec::<CaptureOption>::new(), |mut kept, c| {
                // One writing a capture and outcome: the shortest accepted.
                if !kept.iter().any(|k| {
                    (k.at, k.spot, k.owner, k.figure, k.exchange)
                        == (c.at, c.spot, c.owner, c.figure, c.exchange)
                }) {
                    kept.push(c);
                }
                kept
            });
        pieces.push(PieceOption {
            at,
            height,
            step,
            captures,
        });
    }
    let mut closings = Vec::new();
    for t in towers.towers() {
        for figure in [Figure::Follower, Figure::Big] {
            let step = figure_step(figure.notation(), target_at(own, t.pos, Place::Tower));
            if with(std::slice::from_ref(&step)).is_some() {
                closings.push(ClosingOption {
                    at: t.pos,
                    figure,
                    step,
                });
            }
        }
    }
    let mut ransoms: Vec<RansomOption> = Vec::new();
    for p in towers.prisoners().iter().filter(|p| p.owner == player) {
        if ransoms
            .iter()
            .any(|r| (r.jailer, r.figure) == (p.jailer, p.figure))
        {
            continue;
        }
        let step = act_step(
            "ransom",
            Some(ActArg::Kind(kind_name(p.figure).into())),
            Some(game.name(p.jailer)),
        );
        if with(std::slice::from_ref(&step)).is_some() {
            ransoms.push(RansomOption {
                jailer: p.jailer,
                figure: p.figure,
                step,
            });
        }
    }
    TowerOptions {
        pieces,
        closings,
        ransoms,
    }
}

/// The followers (small and large) on the board within the reach of a tower
/// of a height, and the guards of the towers there: candidates for a capture,
/// each once, in board order.
fn capture_candidates(game: &Game<'_>, tower: Pos, height: u8) -> Vec<CaptureOption> {
    let mut out: Vec<CaptureOption> = board_followers(game)
        .into_iter()
        .filter(|(pos, ..)| in_reach(tower, height, *pos))
        .map(|(at, spot, owner, figure)| CaptureOption {
            at,
            spot: Some(spot),
            owner,
            figure,
            exchange: None,
            steps: Vec::new(),
        })
        .collect();
    if let Some(towers) = game.towers() {
        for t in towers.towers() {
            if let Some(g) = t.guard.filter(|_| in_reach(tower, height, t.pos)) {
                out.push(CaptureOption {
                    at: t.pos,
                    spot: None,
                    owner: g.player,
                    figure: g.figure,
                    exchange: None,
                    steps: Vec::new(),
                });
            }
        }
    }
    out
}

/// The ways to write a capture, shortest first: without and with the kind
/// and the owner named, each without an exchange's choice and with either.
fn capture_writings(
    game: &Game<'_>,
    own: Pos,
    c: CaptureOption,
) -> Vec<(CaptureOption, Vec<StepRecord>)> {
    let place = c.spot.map_or(Place::Tower, Place::Spot);
    let kind = (c.figure == Figure::Big).then_some("big");
    let owner = game.name(c.owner);
    let capture = |owner: Option<&str>| {
        act_step(
            "capture",
            Some(ActArg::At {
                figure: kind.map(|k| sp(k.into())),
                target: target_at(own, c.at, place),
            }),
            owner,
        )
    };
    let mut out = Vec::new();
    for written in [capture(None), capture(Some(owner))] {
        out.push((c.clone(), vec![written.clone()]));
        for k in [Figure::Follower, Figure::Big] {
            let choice = act_step("exchange", Some(ActArg::Kind(kind_name(k).into())), None);
            out.push((c.clone(), vec![written.clone(), choice]));
        }
    }
    out
}

/// A random turn of a game with The Tower, the tile placed: perhaps a ransom
/// (one time in two where one is open), then the turn's figure: a tower piece
/// or a follower closing a tower one time in three where one is open (a piece
/// taking a prisoner three times in four where one is in reach, the exchange's
/// choice written where its owner has one), else a follower or none as in the
/// other games. Returns the steps and the figure written as version 1's
/// (`+SPOT`); every step is one the engine accepted.
fn tower_turn(
    game: &Game<'_>,
    tile: TileId,
    placement: (Pos, Rotation),
    figures: &[crate::rules::FollowerMove],
    rng: &mut Rng,
) -> (Vec<StepRecord>, Option<crate::rules::FollowerMove>) {
    let mut steps = Vec::new();
    let first = tower_options(game, tile, placement, &[]);
    if !first.ransoms.is_empty()
        && rng.below(2) == 0
        && let Some(r) = first.ransoms.get(rng.below(first.ransoms.len()))
    {
        steps.push(r.step.clone());
    }
    let options = if steps.is_empty() {
        first
    } else {
        tower_options(game, tile, placement, &steps)
    };
    let open = options.pieces.len() + options.closings.len();
    if open > 0 && rng.below(3) == 0 {
        let i = rng.below(open);
        if let Some(p) = options.pieces.get(i) {
            steps.push(p.step.clone());
            if !p.captures.is_empty()
                && rng.below(4) != 0
                && let Some(c) = p.captures.get(rng.below(p.captures.len()))
            {
                steps.extend(c.steps.iter().cloned());
            }
        } else if let Some(c) = options.closings.get(i - options.pieces.len()) {
            steps.push(c.step.clone());
        }
        return (steps, None);
    }
    if steps.is_empty() {
        return (steps, figures.get(rng.below(figures.len() + 1)).copied());
    }
    // After a ransom, the figures the engine now accepts on the tile: the
    // ransomed follower among them.
    let (pos, rotation) = placement;
    let def = game.catalog().def(tile);
    let mut own: Vec<StepRecord> = Vec::new();
    for segment in (0..def.segments.len()).filter_map(|s| u8::try_from(s).ok()) {
        let Some(spot) = spot_of(game, tile, rotation, segment) else {
            continue;
        };
        for figure in Figure::ALL {
            let step = figure_step(figure.notation(), target_at(pos, pos, Place::Spot(spot)));
            let mut all = steps.clone();
            all.push(step.clone());
            if accepted(game, tile, placement, &all).is_some() {
                own.push(step);
            }
        }
    }
    if let Some(s) = own.get(rng.below(own.len() + 1)) {
        steps.push(s.clone());
    }
    (steps, None)
}

// ---------------------------------------------------------------------------
// The Princess & the Dragon: the actions a turn may take besides its tile
// ---------------------------------------------------------------------------

/// What the engine says of a turn written so far with The Princess & the
/// Dragon: accepted whole, open (accepted but for the dragon's journey,
/// which has moves left to write), or refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Accepted as a whole turn.
    Done(Move),
    /// Every step accepted; the dragon's journey has moves left.
    Open,
    /// A step refused, or the turn incomplete otherwise.
    Refused,
}

/// The engine's verdict on the next turn placing a tile with a follower of
/// version 1 (`figure`) and these steps.
pub fn verdict(
    game: &Game<'_>,
    tile: TileId,
    (pos, rotation): (Pos, Rotation),
    figure: Option<(Option<&str>, Spot)>,
    steps: &[StepRecord],
) -> Verdict {
    let input = TurnInput {
        number: game.turn().saturating_add(1),
        player: game.name(game.next_player()),
        tile: game.catalog().def(tile).id.as_str(),
        place: Some((pos, rotation)),
        figure,
        aside: false,
        steps,
    };
    match check_but_messages(game, &input) {
        Ok(mv) => Verdict::Done(mv),
        Err(crate::rules::Violation::DragonJourney { .. }) => Verdict::Open,
        Err(_) => Verdict::Refused,
    }
}

/// A move of the dragon open at a point of its journey.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DragonMoveOption {
    /// The direction.
    pub side: Side,
    /// The player whose move it is.
    pub actor: Player,
    /// The step (`dragon:DIR(Player)`).
    pub step: StepRecord,
}

/// A knight the princess may send home.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnightOption {
    /// Its square.
    pub at: Pos,
    /// Its spot.
    pub spot: Spot,
    /// Its owner.
    pub owner: Player,
    /// The follower or the large follower.
    pub figure: Figure,
    /// The step (`princess:x,y/SPOT(Owner)`, `princess:big:…`).
    pub step: StepRecord,
}

/// A tile (and with `fairy-next-follower` a follower) the fairy may go to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FairyOption {
    /// The tile's square.
    pub at: Pos,
    /// The follower's spot, with `fairy-next-follower`.
    pub spot: Option<Spot>,
    /// The step (`+fairy:x,y`, `+fairy:x,y/SPOT`).
    pub step: StepRecord,
}

/// A spot of an earlier tile the magic portal may put a follower on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PortalOption {
    /// The tile's square.
    pub at: Pos,
    /// The spot.
    pub spot: Spot,
    /// The follower or the large follower.
    pub figure: Figure,
    /// The step (`+x,y/SPOT`, `+big:x,y/SPOT`).
    pub step: StepRecord,
}

/// The actions of The Princess & the Dragon open to the player of the next
/// turn, with a tile placed at a square: each written as a step of version 2
/// (SPEC 2.14, 6.7) and kept only where the engine accepts the turn with it
/// (its journey, for a dragon tile, still to come). Candidates come from the
/// board (the followers on it, its tiles and their spots); whether each is
/// legal is the engine's answer, never decided here.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DragonOptions {
    /// Knights the princess may send home, in board order.
    pub princess: Vec<KnightOption>,
    /// Whether the princess must send one of them home (no other figure).
    pub princess_required: bool,
    /// Where the fairy may go, in board order.
    pub fairy: Vec<FairyOption>,
    /// Followers through the magic portal, in board order (the tile placed
    /// itself not among them: its spots are the turn's ordinary figure).
    pub portal: Vec<PortalOption>,
    /// The dragon's first moves, for a dragon tile with the dragon in.
    pub dragon: Vec<DragonMoveOption>,
}

fn accepted_open(v: &Verdict) -> bool {
    !matches!(v, Verdict::Refused)
}

/// The followers (small and large) on the board, each once: square, spot,
/// owner, kind; in board order.
fn board_followers(game: &Game<'_>) -> Vec<(Pos, Spot, Player, Figure)> {
    let mut out = Vec::new();
    let features = game.features();
    for placed in game.board().tiles() {
        let def = game.catalog().def(placed.tile);
        for segment in (0..def.segments.len()).filter_map(|s| u8::try_from(s).ok()) {
            let node = node_of(placed, segment);
            let Some(feature) = features.feature(node) else {
                continue;
            };
            for f in feature
                .followers()
                .filter(|f| f.node == node && f.figure.is_follower())
            {
                let Some(spot) = spot_of(game, placed.tile, placed.rotation, segment) else {
                    continue;
                };
                let entry = (placed.pos, spot, f.player, f.figure);
                if !out.contains(&entry) {
                    out.push(entry);
                }
            }
        }
    }
    out
}

/// The dragon's moves open after these steps: each direction whose move the
/// engine accepts, by the player whose move it is.
pub fn dragon_moves(
    game: &Game<'_>,
    tile: TileId,
    placement: (Pos, Rotation),
    figure: Option<(Option<&str>, Spot)>,
    steps: &[StepRecord],
) -> Vec<DragonMoveOption> {
    if verdict(game, tile, placement, figure, steps) != Verdict::Open {
        return Vec::new();
    }
    let made = steps
        .iter()
        .filter(|s| matches!(s, StepRecord::Act(a) if a.verb.value == "dragon"))
        .count();
    let seats = game.setup().players.len().max(1);
    let actor = Player(u8::try_from((game.next_player().index() + made) % seats).unwrap_or(0));
    let mut out = Vec::new();
    for side in Side::ALL {
        let step = act_step(
            "dragon",
            Some(ActArg::At {
                figure: None,
                target: Target {
                    pos: None,
                    place: Some(sp(Place::Spot(Spot::Edge(side)))),
                },
            }),
            (made > 0).then(|| game.name(actor)),
        );
        let mut all = steps.to_vec();
        all.push(step.clone());
        if accepted_open(&verdict(game, tile, placement, figure, &all)) {
            out.push(DragonMoveOption { side, actor, step });
        }
    }
    out
}

/// The Princess & the Dragon's actions for the next turn with the tile
/// placed: see [`DragonOptions`]. Empty without the expansion.
pub fn dragon_options(game: &Game<'_>, tile: TileId, placement: (Pos, Rotation)) -> DragonOptions {
    if game.princess_and_dragon().is_none() {
        return DragonOptions::default();
    }
    let (own, _) = placement;
    let check = |steps: &[StepRecord]| verdict(game, tile, placement, None, steps);
    let bare = check(&[]);
    let catalog = game.catalog();
    let def = catalog.def(tile);
    let followers = board_followers(game);
    let mut out = DragonOptions::default();
    if def.princess().is_some() {
        for &(at, spot, owner, figure) in &followers {
            let step = act_step(
                "princess",
                Some(ActArg::At {
                    figure: (figure == Figure::Big).then(|| sp("big".into())),
                    target: target_at(own, at, Place::Spot(spot)),
                }),
                Some(game.name(owner)),
            );
            if accepted_open(&check(std::slice::from_ref(&step))) {
                out.princess.push(KnightOption {
                    at,
                    spot,
                    owner,
                    figure,
                    step,
                });
            }
        }
        out.princess_required = !out.princess.is_empty() && bare == Verdict::Refused;
    }
    let player = game.next_player();
    let next_follower = game
        .variants()
        .contains(crate::rules::variants::Variant::FairyNextFollower);
    for &(at, spot, owner, _) in followers.iter().filter(|f| f.2 == player) {
        let place = next_follower.then_some(Place::Spot(spot));
        if out
            .fairy
            .iter()
            .any(|f| f.at == at && f.spot.map(Place::Spot) == place)
        {
            continue;
        }
        let step = figure_step(
            Some("fairy"),
            Target {
                pos: Some(sp(at)),
                place: place.map(sp),
            },
        );
        if accepted_open(&check(std::slice::from_ref(&step))) {
            out.fairy.push(FairyOption {
                at,
                spot: next_follower.then_some(spot),
                step,
            });
        }
        let _ = owner;
    }
    if def.symbol == Some(Symbol::Portal) {
        for placed in game.board().tiles() {
            let pdef = catalog.def(placed.tile);
            for segment in (0..pdef.segments.len()).filter_map(|s| u8::try_from(s).ok()) {
                let Some(spot) = spot_of(game, placed.tile, placed.rotation, segment) else {
                    continue;
                };
                for figure in [Figure::Follower, Figure::Big] {
                    let step = figure_step(
                        figure.notation(),
                        Target {
                            pos: Some(sp(placed.pos)),
                            place: Some(sp(Place::Spot(spot))),
                        },
                    );
                    if accepted_open(&check(std::slice::from_ref(&step))) {
                        out.portal.push(PortalOption {
                            at: placed.pos,
                            spot,
                            figure,
                            step,
                        });
                    }
                }
            }
        }
    }
    out.dragon = dragon_moves(game, tile, placement, None, &[]);
    out
}

/// The dragon's journey written after the turn's other steps: a random open
/// move each time until the engine accepts the turn (6 moves, or a dead end).
fn journey(
    game: &Game<'_>,
    tile: TileId,
    placement: (Pos, Rotation),
    figure: Option<(Option<&str>, Spot)>,
    steps: &mut Vec<StepRecord>,
    rng: &mut Rng,
) {
    for _ in 0..usize::from(crate::rules::expansions::princess_and_dragon::JOURNEY) {
        let open = dragon_moves(game, tile, placement, figure, steps);
        let Some(m) = open.get(rng.below(open.len())) else {
            return;
        };
        steps.push(m.step.clone());
    }
}

/// A random turn of a game with The Princess & the Dragon, the tile placed:
/// the princess sending a knight home where her city has knights (always
/// where the rule requires it, else one time in two), else the fairy one time
/// in four where it may move, a follower through the magic portal one time in
/// two where one is open, else a follower or none on the tile (among those
/// the engine accepts here: none on a volcano); then the dragon's journey
/// after a dragon tile. `before` and `figure` are the turn chosen so far
/// (The Tower's steps, a follower), kept where the engine accepts them.
fn dragon_turn(
    game: &Game<'_>,
    tile: TileId,
    placement: (Pos, Rotation),
    (before, figure): (Vec<StepRecord>, Option<crate::rules::FollowerMove>),
    figures: &[crate::rules::FollowerMove],
    rng: &mut Rng,
) -> (Vec<StepRecord>, Option<crate::rules::FollowerMove>) {
    let (_, rotation) = placement;
    let written = |f: Option<crate::rules::FollowerMove>| {
        f.and_then(|f| {
            let spot = spot_of(game, tile, rotation, f.segment)?;
            Some((f.figure.notation(), spot))
        })
    };
    let options = dragon_options(game, tile, placement);
    let mut steps = Vec::new();
    let mut follower = None;
    if !options.princess.is_empty() && (options.princess_required || rng.below(2) == 0) {
        if let Some(k) = options.princess.get(rng.below(options.princess.len())) {
            steps.push(k.step.clone());
        }
    } else if accepted_open(&verdict(game, tile, placement, written(figure), &before))
        && (!before.is_empty() || figure.is_some())
    {
        steps = before;
        follower = figure;
    } else if !options.fairy.is_empty() && rng.below(4) == 0 {
        if let Some(f) = options.fairy.get(rng.below(options.fairy.len())) {
            steps.push(f.step.clone());
        }
    } else if !options.portal.is_empty() && rng.below(2) == 0 {
        if let Some(p) = options.portal.get(rng.below(options.portal.len())) {
            steps.push(p.step.clone());
        }
    } else {
        let open: Vec<_> = figures
            .iter()
            .filter(|f| accepted_open(&verdict(game, tile, placement, written(Some(**f)), &[])))
            .copied()
            .collect();
        follower = open.get(rng.below(open.len() + 1)).copied();
    }
    let spec = written(follower);
    journey(game, tile, placement, spec, &mut steps, rng);
    (steps, follower)
}

/// A flight from the tile placed, if it shows a flying machine and the
/// player has a follower to fly (The Flying Machines): the die rolled, and
/// the landing on one of the spots the engine opens there, by a follower or
/// a large follower in hand; `fly:D` alone where it cannot land.
fn flight_turn(
    game: &Game<'_>,
    tile: TileId,
    placement: (Pos, Rotation),
    rng: &mut Rng,
) -> Option<Vec<StepRecord>> {
    let (pos, rotation) = placement;
    let die = *crate::rules::expansions::flying_machines::DIE.get(rng.below(6))?;
    let (to, spots) = game.flight_landings(tile, pos, rotation, die)?;
    let supply = game.supplies().get(game.next_player())?;
    // The large follower, when in hand, two flights in three: it is
    // seldom in hand, and its flights are to be seen.
    let big = supply.count(Figure::Big) > 0 && rng.below(3) > 0;
    let figure = if big || supply.count(Figure::Follower) == 0 {
        Figure::Big
    } else {
        Figure::Follower
    };
    if supply.count(figure) == 0 {
        return None;
    }
    let mut steps = vec![act_step("fly", Some(ActArg::Number(u32::from(die))), None)];
    if let Some(spot) = spots.get(rng.below(spots.len().max(1))) {
        steps.push(figure_step(
            figure.notation(),
            target_at(pos, to, Place::Spot(*spot)),
        ));
    }
    accepted(game, tile, placement, &steps).map(|_| steps)
}

/// The flights from a flying machine placed so, for each face of the die
/// (1, 2, 3): the square reached and each landing the engine accepts, as
/// steps (`fly:D` and the landing, by a follower or a large follower in
/// hand); a face with no landing has `fly:D` alone, if the engine accepts
/// it. Empty where the tile has no flying machine or the player no follower.
pub fn flight_options(
    game: &Game<'_>,
    tile: TileId,
    placement: (Pos, Rotation),
) -> Vec<(u8, Pos, Vec<Vec<StepRecord>>)> {
    let (pos, rotation) = placement;
    let Some(supply) = game.supplies().get(game.next_player()) else {
        return Vec::new();
    };
    let kinds: Vec<Figure> = [Figure::Follower, Figure::Big]
        .into_iter()
        .filter(|f| supply.count(*f) > 0)
        .collect();
    let mut out = Vec::new();
    for die in 1..=3u8 {
        let Some((to, spots)) = game.flight_landings(tile, pos, rotation, die) else {
            return Vec::new();
        };
        let fly = act_step("fly", Some(ActArg::Number(u32::from(die))), None);
        let written: Vec<Vec<StepRecord>> = if spots.is_empty() {
            vec![vec![fly]]
        } else {
            spots
                .iter()
                .flat_map(|spot| {
                    kinds.iter().map(|f| {
                        vec![
                            fly.clone(),
                            figure_step(f.notation(), target_at(pos, to, Place::Spot(*spot))),
                        ]
                    })
                })
                .collect()
        };
        let accepted: Vec<_> = written
            .into_iter()
            .filter(|steps| accepted(game, tile, placement, steps).is_some())
            .collect();
        if !accepted.is_empty() && !kinds.is_empty() {
            out.push((die, to, accepted));
        }
    }
    out
}

/// The steps of The Gold Mines and The Crop Circles a turn written so far
/// needs, in the rules' order: the second ingot before the figure, then the
/// crop circle's choice, the takes of the ingots (before the circle's
/// actions, which come last), and each player's action under the circle.
fn minis_steps(
    game: &Game<'_>,
    turn: &mut TurnRecord,
    (gold, circles, ferries): (bool, bool, bool),
    rng: &mut Rng,
) {
    if gold {
        gold_steps(game, turn, rng);
    }
    if game.robbers().is_some() {
        robber_steps(game, turn, rng);
    }
    if ferries {
        ferry_steps(game, turn, rng);
    }
    if circles {
        circle_choice(turn, game.catalog(), rng);
    }
    if gold {
        ingot_steps(game, turn);
    }
    if circles {
        circle_steps(game, turn, rng);
    }
}

/// The turn's ferries (The Ferries): a lake tile's new ferry, joining two
/// of its roads at random, then, one time in two, a move of a ferry the tile
/// lets its player move, at random; after the figure and before the
/// dragon's journey.
fn ferry_steps(game: &Game<'_>, turn: &mut TurnRecord, rng: &mut Rng) {
    let ActionRecord::Place { pos, rotation } = &turn.action.value else {
        return;
    };
    let (pos, rotation) = (pos.value, rotation.value);
    let Some(tile) = game.catalog().id(&turn.tile.value) else {
        return;
    };
    let choices = game.ferry_choices(tile, pos, rotation);
    let Some((set, moves)) = choices.get(rng.below(choices.len())) else {
        return;
    };
    let ends = |at: Option<Pos>, (a, b): (Side, Side)| ActArg::At {
        figure: None,
        target: Target {
            pos: at.map(sp),
            place: Some(sp(Place::Ends(a, b))),
        },
    };
    let mut steps = Vec::new();
    if let Some(set) = set {
        steps.push(act_step("ferry", Some(ends(None, *set)), None));
    }
    if !moves.is_empty()
        && rng.below(2) == 0
        && let Some((at, to)) = moves.get(rng.below(moves.len()))
    {
        steps.push(act_step("ferry", Some(ends(Some(*at), *to)), None));
    }
    let at = turn
        .steps
        .iter()
        .position(|s| matches!(s, StepRecord::Act(a) if a.verb.value.as_str() == "dragon"))
        .unwrap_or(turn.steps.len());
    for (i, step) in steps.into_iter().enumerate() {
        turn.steps.insert(at + i, step);
    }
}

/// The robbers of a bag tile's turn (The Robbers), first of its steps: the
/// turn's player places or moves his robber one time in two, then each other
/// player whose robber is in front of him places it one time in two, in seat
/// order, each beside a marker of another player taken at random. The turn's
/// figure, if any, then follows as a step.
fn robber_steps(game: &Game<'_>, turn: &mut TurnRecord, rng: &mut Rng) {
    let Some(robbers) = game.robbers() else {
        return;
    };
    let Some(tile) = game.catalog().id(&turn.tile.value) else {
        return;
    };
    if !matches!(turn.action.value, ActionRecord::Place { .. }) || !game.is_bag_tile(tile) {
        return;
    }
    let seats = game.score().len();
    let active = game.next_player();
    let mut steps = Vec::new();
    for k in 0..seats {
        let actor = Player(((active.index() + k) % seats) as u8);
        if k > 0 && robbers.space(actor).is_some() || rng.below(2) == 0 {
            continue;
        }
        let others: Vec<Player> = game.score().players().filter(|p| *p != actor).collect();
        let Some(beside) = others.get(rng.below(others.len())) else {
            continue;
        };
        let name = ActArg::Player(game.name(*beside).into());
        steps.push(act_step(
            "robber",
            Some(name),
            (k > 0).then(|| game.name(actor)),
        ));
    }
    if steps.is_empty() {
        return;
    }
    let n = steps.len();
    for (i, step) in steps.into_iter().enumerate() {
        turn.steps.insert(i, step);
    }
    if let Some(f) = turn.follower.take() {
        let step = figure_step(
            f.figure.as_ref().map(|n| n.value.as_str()),
            Target {
                pos: None,
                place: Some(sp(Place::Spot(f.spot.value))),
            },
        );
        turn.steps.insert(n, step);
    }
}

/// The Messengers' steps of a turn otherwise written: one time in three,
/// a feature the turn scores moves a winner's messenger
/// (`score:messenger:x,y/SPOT`, with the winner's name where he is not the
/// turn's player); then each message that falls due, played ahead on a copy
/// of the game, drawn from `stack` (the game's order of the eight tiles): one
/// time in three its 2 points are taken, else it is used (message 8 on a
/// follower of the player's taken at random, its 2 points taken where the
/// follower cannot be scored), its points moving the messenger one time in
/// two.
fn messenger_steps(game: &Game<'_>, turn: &mut TurnRecord, stack: &[u8; 8], rng: &mut Rng) {
    let Some(messengers) = game.messengers() else {
        return;
    };
    if !matches!(turn.action.value, ActionRecord::Place { .. }) {
        return;
    }
    let Ok((after, _)) = game.played_ahead(&TurnInput::of(turn)) else {
        return;
    };
    let active = game.next_player();
    // The turn's player's pawns, to seek the dark spaces as players do.
    let pawns = game.pawns();
    let mine = pawns.get(active).copied().unwrap_or_default();
    let (mut marker, mut messenger) = (mine.marker, mine.messenger.unwrap_or(0));
    for e in after.last_events() {
        if e.reason != crate::score::ScoreReason::Completed {
            continue;
        }
        let Some(at) = e.at else { continue };
        for p in &e.winners {
            let pawn = if *p == active {
                // Every feature of the turn's player is written, in the
                // engine's order, so the spaces reached are known.
                let dark = |total: u32| (total + e.points).is_multiple_of(5) && e.points > 0;
                let to_messenger = if dark(marker) {
                    false
                } else {
                    dark(messenger) || rng.below(3) == 0
                };
                if to_messenger {
                    messenger += e.points;
                } else {
                    marker += e.points;
                }
                if to_messenger { "messenger" } else { "marker" }
            } else if rng.below(3) == 0 {
                "messenger"
            } else {
                continue;
            };
            let arg = ActArg::At {
                figure: Some(sp(pawn.into())),
                target: Target {
                    pos: Some(sp(at.pos)),
                    place: Some(sp(Place::Spot(at.spot))),
                },
            };
            let named = (*p != active).then(|| game.name(*p));
            push_before_circle(turn, act_step("score", Some(arg), named));
        }
    }
    let mut drawn = messengers.drawn();
    for _ in 0..16 {
        let fault = match game.played_ahead(&TurnInput::of(turn)) {
            Ok((_, Err(Violation::Message { step, .. }))) => step,
            _ => return,
        };
        if fault.is_some() {
            // A message's follower that cannot be scored: its 2 points.
            let Some(at) = turn.steps.iter().rposition(
                |s| matches!(s, StepRecord::Act(a) if a.verb.value.as_str() == "choose"),
            ) else {
                return;
            };
            let end = turn
                .steps
                .iter()
                .position(is_circle_act)
                .unwrap_or(turn.steps.len())
                .max(at);
            turn.steps.drain(at..end);
            push_before_circle(
                turn,
                act_step("choose", Some(ActArg::Kind("points".into())), None),
            );
            continue;
        }
        let Some(&message) = stack.get((drawn % 8) as usize) else {
            return;
        };
        drawn += 1;
        push_before_circle(
            turn,
            act_step("message", Some(ActArg::Number(u32::from(message))), None),
        );
        if rng.below(3) == 0 {
            push_before_circle(
                turn,
                act_step("choose", Some(ActArg::Kind("points".into())), None),
            );
        } else if message == 8 {
            let mine: Vec<(Pos, Spot)> = board_followers(game)
                .into_iter()
                .filter(|(_, _, p, _)| *p == active)
                .map(|(pos, spot, _, _)| (pos, spot))
                .collect();
            let choice = match mine.get(rng.below(mine.len().max(1))) {
                Some((pos, spot)) => ActArg::At {
                    figure: None,
                    target: Target {
                        pos: Some(sp(*pos)),
                        place: Some(sp(Place::Spot(*spot))),
                    },
                },
                None => ActArg::Kind("points".into()),
            };
            push_before_circle(turn, act_step("choose", Some(choice), None));
        }
        if rng.below(2) == 0 {
            push_before_circle(
                turn,
                act_step("score", Some(ActArg::Kind("messenger".into())), None),
            );
        }
    }
}

/// A step added before the crop circle's actions, which come last.
fn push_before_circle(turn: &mut TurnRecord, step: StepRecord) {
    let at = turn
        .steps
        .iter()
        .position(is_circle_act)
        .unwrap_or(turn.steps.len());
    turn.steps.insert(at, step);
}

/// Whether a step is one of the crop circle's: its choice or a player's
/// action under it.
fn is_circle_act(s: &StepRecord) -> bool {
    matches!(s, StepRecord::Act(a)
        if matches!(a.verb.value.as_str(), "circle" | "add" | "remove" | "pass"))
}

/// A whole tile as an action's argument: `x,y`.
fn whole_tile(at: Pos) -> ActArg {
    ActArg::At {
        figure: None,
        target: Target {
            pos: Some(sp(at)),
            place: None,
        },
    }
}

/// A gold mine's second ingot (The Gold Mines), on a tile around it, before
/// the figure: the turn's figure, if any, then follows as a step.
fn gold_steps(game: &Game<'_>, turn: &mut TurnRecord, rng: &mut Rng) {
    let ActionRecord::Place { pos, .. } = &turn.action.value else {
        return;
    };
    let pos = pos.value;
    let Some(tile) = game.catalog().id(&turn.tile.value) else {
        return;
    };
    if game.catalog().def(tile).symbol != Some(Symbol::Goldmine) {
        return;
    }
    let around: Vec<Pos> = pos
        .surrounding()
        .filter(|p| game.board().is_occupied(*p))
        .collect();
    let Some(at) = around.get(rng.below(around.len())) else {
        return;
    };
    turn.steps
        .insert(0, act_step("gold", Some(whole_tile(*at)), None));
    if let Some(f) = turn.follower.take() {
        let step = figure_step(
            f.figure.as_ref().map(|n| n.value.as_str()),
            Target {
                pos: None,
                place: Some(sp(Place::Spot(f.spot.value))),
            },
        );
        turn.steps.insert(1, step);
    }
}

/// The takes of the turn's distribution of gold ingots, where a player
/// chooses (The Gold Mines): written as JCloisterZone takes them, each
/// player from the tile the most players may take from, before the crop
/// circle's effect.
fn ingot_steps(game: &Game<'_>, turn: &mut TurnRecord) {
    if !matches!(
        game.check_due(&TurnInput::of(turn)),
        Err(crate::rules::Violation::GoldDistribution { .. })
    ) {
        return;
    }
    let Some(takes) = game.gold_takes_as_jcz(&TurnInput::of(turn)) else {
        return;
    };
    let at = turn
        .steps
        .iter()
        .position(|s| matches!(s, StepRecord::Act(a) if a.verb.value.as_str() == "circle"))
        .unwrap_or(turn.steps.len());
    for (i, (p, pos)) in takes.into_iter().enumerate() {
        let step = act_step("ingot", Some(whole_tile(pos)), Some(game.name(p)));
        turn.steps.insert(at + i, step);
    }
}

/// The crop circle's effect chosen after a turn whose tile shows one (The
/// Crop Circles), A or B at random.
fn circle_choice(turn: &mut TurnRecord, catalog: &TileCatalog, rng: &mut Rng) {
    let Some(tile) = catalog.id(&turn.tile.value) else {
        return;
    };
    if catalog.def(tile).circle.is_none()
        || !matches!(turn.action.value, ActionRecord::Place { .. })
    {
        return;
    }
    let choice = if rng.below(2) == 0 { "add" } else { "remove" };
    turn.steps
        .push(act_step("circle", Some(ActArg::Kind(choice.into())), None));
}

/// Each player's action under the crop circle's effect chosen (The Crop
/// Circles), among those the engine opens (under effect A a pass one time
/// in three), written in order with the player's name.
fn circle_steps(game: &Game<'_>, turn: &mut TurnRecord, rng: &mut Rng) {
    let add = turn.steps.iter().rev().find_map(|s| match s {
        StepRecord::Act(a) if a.verb.value.as_str() == "circle" => {
            Some(matches!(&a.arg, Some(arg) if matches!(&arg.value, ActArg::Kind(k) if k.as_str() == "add")))
        }
        _ => None,
    });
    let Some(add) = add else {
        return;
    };
    let Some(options) = game.circle_options(&TurnInput::of(turn), add) else {
        return;
    };
    for (player, open) in options {
        let name = game.name(player).to_string();
        match open.get(rng.below(open.len().max(1))) {
            Some((at, spot, figure)) if !add || rng.below(3) > 0 => {
                let target = Target {
                    pos: Some(sp(*at)),
                    place: Some(sp(Place::Spot(*spot))),
                };
                let arg = ActArg::At {
                    figure: figure.notation().map(|n| sp(n.into())),
                    target,
                };
                turn.steps.push(act_step(
                    if add { "add" } else { "remove" },
                    Some(arg),
                    Some(&name),
                ));
            }
            _ => turn.steps.push(act_step("pass", None, Some(&name))),
        }
    }
}

/// Mage & Witch: a random pawn step open to the turn with the tile placed,
/// if one is due (`mage:x,y/SPOT`, `witch:-`, …).
fn magic_step(
    game: &Game<'_>,
    tile: TileId,
    (pos, rotation): (Pos, Rotation),
    rng: &mut Rng,
) -> Option<StepRecord> {
    let options = game.magic_steps(tile, pos, rotation);
    if options.is_empty() {
        return None;
    }
    let (pawn, to) = options.get(rng.below(options.len()))?;
    let arg = match to {
        None => ActArg::Nothing,
        Some((at, spot)) => ActArg::At {
            figure: None,
            target: target_at(pos, *at, Place::Spot(*spot)),
        },
    };
    Some(act_step(pawn.name(), Some(arg), None))
}

/// A turn without actions of version 2, as the engine resolves it.
fn plain_move(player: Player, tile: TileId, action: Action) -> Move {
    Move {
        player,
        tile,
        action,
        steps: Default::default(),
        figure_at: 0,
    }
}

/// One random complete game.
pub fn random_game(catalog: &TileCatalog, options: &GenOptions, rng: &mut Rng) -> GameRecord {
    random_game_with(catalog, options, &[], rng)
}

/// [`random_game`] with tile sets of the user's own in play besides
/// (`tile_sets`, of [`TileCatalog::user_sets`]): their tiles join the draw and
/// the record names them in its Expansions tag, after the expansions.
pub fn random_game_with(
    catalog: &TileCatalog,
    options: &GenOptions,
    tile_sets: &[String],
    rng: &mut Rng,
) -> GameRecord {
    let mut attempt = 0;
    loop {
        attempt += 1;
        match try_game(catalog, options, tile_sets, rng) {
            Ok(record) => return record,
            // Keep the last attempt: its river tile that fits nowhere is recorded as
            // a discard, which the referee reports (E309) rather than hiding it.
            Err(record) if attempt >= RIVER_ATTEMPTS => return record,
            Err(_) => {}
        }
    }
}

/// The draw order: shuffled, and with the River the river tiles first, the lake
/// next, the land after them.
fn draw_order(game: &Game<'_>, catalog: &TileCatalog, rng: &mut Rng) -> Vec<TileId> {
    let mut bag: Vec<TileId> = catalog
        .iter()
        .flat_map(|(id, _)| std::iter::repeat_n(id, usize::from(game.remaining_of(id))))
        .collect();
    // Fisher–Yates shuffle.
    for i in (1..bag.len()).rev() {
        let j = rng.below(i + 1);
        bag.swap(i, j);
    }
    if game.expansions().contains(Expansion::River) {
        let lake = catalog.last_of(Expansion::River.name());
        bag.sort_by_key(|t| match (catalog.def(*t).river != 0, Some(*t) == lake) {
            (true, false) => 0,
            (true, true) => 1,
            _ => 2,
        });
    }
    bag
}

/// One game; `Err` (with the record so far) when a river tile fits nowhere.
fn try_game(
    catalog: &TileCatalog,
    options: &GenOptions,
    tile_sets: &[String],
    rng: &mut Rng,
) -> Result<GameRecord, GameRecord> {
    let players: Vec<String> = NAMES
        .iter()
        .take(options.players.clamp(2, options.edition.max_players()))
        .map(|s| s.to_string())
        .collect();
    let mut sets = vec![BASIC_SET.to_string()];
    sets.extend(options.expansions.iter().map(|e| e.name().to_string()));
    sets.extend(tile_sets.iter().cloned());
    let setup = Setup {
        players: players.clone(),
        colours: COLOURS
            .iter()
            .take(players.len())
            .map(|c| Some(c.to_string()))
            .collect(),
        edition: options.edition,
        sets,
        variants: Default::default(),
        scenario: Default::default(),
    };
    let mut game = Game::new(setup, catalog);
    let mut bag = draw_order(&game, catalog, rng);
    // Drawn from the end.
    bag.reverse();
    let tower = options.expansions.contains(Expansion::Tower);
    let dragon = options.expansions.contains(Expansion::PrincessAndDragon);
    let flying = options.expansions.contains(Expansion::FlyingMachines);
    let circles = options.expansions.contains(Expansion::CropCircles1)
        || options.expansions.contains(Expansion::CropCircles2);
    let gold = options.expansions.contains(Expansion::GoldMines);
    let magic = options.expansions.contains(Expansion::MageAndWitch);
    let ferries = options.expansions.contains(Expansion::Ferries);
    let robbers = options.expansions.contains(Expansion::Robbers);
    let messengers = options.expansions.contains(Expansion::Messengers);
    // The Messengers: the order of the message stack, shuffled.
    let mut stack: [u8; 8] = [1, 2, 3, 4, 5, 6, 7, 8];
    for i in (1..stack.len()).rev() {
        stack.swap(i, rng.below(i + 1));
    }
    let mut set_aside: Vec<TileId> = Vec::new();
    let mut turns = Vec::new();
    let mut blocked = false;
    while let Some(tile) = bag.pop() {
        let player = game.next_player();
        // A dragon tile drawn while the dragon is off the board.
        let aside = game
            .princess_and_dragon()
            .is_some_and(|d| d.dragon().is_none())
            && catalog.def(tile).symbol == Some(Symbol::Dragon);
        let placements = if aside {
            Vec::new()
        } else {
            game.legal_placements(tile)
        };
        blocked |= placements.is_empty() && catalog.def(tile).river != 0;
        let number = game.turn() + 1;
        let mut steps = Vec::new();
        let mut magic_written: Option<StepRecord> = None;
        let (action, action_record, follower_spec) = if aside {
            set_aside.push(tile);
            (Action::Aside, ActionRecord::Aside, None)
        } else if placements.is_empty() {
            (Action::Discard, ActionRecord::Discard, None)
        } else {
            let (pos, rotation) = placements
                .get(rng.below(placements.len()))
                .copied()
                .unwrap_or((Pos::new(0, 0), crate::tiles::Rotation::R0));
            let figures = game.legal_figures(player, tile, pos, rotation);
            let flight = if flying && rng.below(2) == 0 {
                flight_turn(&game, tile, (pos, rotation), rng)
            } else {
                None
            };
            let chosen = if let Some(flight) = flight {
                (flight, None)
            } else if tower {
                tower_turn(&game, tile, (pos, rotation), &figures, rng)
            } else {
                let choice = rng.below(figures.len() + 1);
                (Vec::new(), figures.get(choice).copied())
            };
            let (mut written, follower) = if dragon {
                dragon_turn(&game, tile, (pos, rotation), chosen, &figures, rng)
            } else {
                chosen
            };
            // Mage & Witch: a pawn step, before the figure, which is then
            // written as a step after it.
            let pawn = if magic {
                magic_step(&game, tile, (pos, rotation), rng)
            } else {
                None
            };
            let mut spec_follower = follower;
            if let Some(step) = &pawn {
                let figure = follower.and_then(|f| {
                    let spot = spot_of(&game, tile, rotation, f.segment)?;
                    Some(figure_step(
                        f.figure.notation(),
                        Target {
                            pos: None,
                            place: Some(sp(Place::Spot(spot))),
                        },
                    ))
                });
                if let Some(figure) = figure {
                    written.insert(0, figure);
                    spec_follower = None;
                }
                written.insert(0, step.clone());
            }
            magic_written = pawn;
            steps = written;
            let spec = spec_follower.and_then(|f| {
                let spot = spot_of(&game, tile, rotation, f.segment)?;
                Some(FollowerSpec {
                    figure: f.figure.notation().map(|n| sp(n.into())),
                    spot: sp(spot),
                    span: Span::default(),
                })
            });
            (
                Action::Place {
                    pos,
                    rotation,
                    follower,
                },
                ActionRecord::Place {
                    pos: sp(pos),
                    rotation: sp(rotation),
                },
                spec,
            )
        };
        let mut turn = TurnRecord {
            comments_before: Vec::new(),
            number: sp(number),
            player: sp(game.name(player).into()),
            tile: sp(catalog.def(tile).id.as_str().into()),
            action: sp(action_record),
            follower: follower_spec,
            steps,
            events: Vec::new(),
            claims: Vec::new(),
            comment: None,
            span: Span::default(),
        };
        minis_steps(&game, &mut turn, (gold, circles, ferries), rng);
        if messengers {
            messenger_steps(&game, &mut turn, &stack, rng);
        }
        let mv = if tower
            || dragon
            || flying
            || circles
            || gold
            || magic
            || ferries
            || robbers
            || messengers
        {
            // The engine resolves the turn as written: the record and the
            // game cannot part.
            match game.check_due(&TurnInput::of(&turn)) {
                Ok(mv) => mv,
                Err(_) => {
                    turn.follower = None;
                    turn.steps.clear();
                    // The pawn's step is due whatever the figure.
                    turn.steps.extend(magic_written.clone());
                    let action = match action {
                        Action::Place { pos, rotation, .. } => {
                            // The dragon's journey is no choice: written
                            // for the turn without a figure.
                            if dragon {
                                journey(&game, tile, (pos, rotation), None, &mut turn.steps, rng);
                            }
                            minis_steps(&game, &mut turn, (gold, circles, ferries), rng);
                            if messengers {
                                messenger_steps(&game, &mut turn, &stack, rng);
                            }
                            Action::Place {
                                pos,
                                rotation,
                                follower: None,
                            }
                        }
                        other => other,
                    };
                    match game.check_due(&TurnInput::of(&turn)) {
                        Ok(mv) => mv,
                        Err(_) => plain_move(player, tile, action),
                    }
                }
            }
        } else {
            plain_move(player, tile, action)
        };
        let events = game.apply(mv).to_vec();
        // The tiles set aside go back into the supply once the dragon is in:
        // shuffled among the tiles still to draw.
        if !set_aside.is_empty()
            && game
                .princess_and_dragon()
                .is_some_and(|d| d.dragon().is_some())
        {
            for t in std::mem::take(&mut set_aside) {
                let at = rng.below(bag.len() + 1);
                bag.insert(at, t);
            }
        }
        // The net points of the turn: scored, and moved by ransoms.
        let transfers: Vec<(Player, Player, u32)> = game.turn_transfers().collect();
        turn.claims = (0..players.len() as u8)
            .map(Player)
            .filter_map(|p| {
                let moved: i64 = transfers
                    .iter()
                    .map(|(from, to, points)| {
                        i64::from(*points) * (i64::from(*to == p) - i64::from(*from == p))
                    })
                    .sum();
                let net = i64::from(points_of(&events, p)) + moved;
                (net != 0).then(|| ClaimRecord {
                    negative: net < 0,
                    player: sp(game.name(p).into()),
                    pawn: None,
                    points: sp(u32::try_from(net.unsigned_abs()).unwrap_or(u32::MAX)),
                    total: game.score().get(p).map(|t| sp(*t)),
                    space: None,
                    span: Span::default(),
                })
            })
            .collect();
        let goods = game.turn_goods();
        if goods.iter().any(|n| *n > 0) {
            turn.events.push(EventRecord {
                name: sp("goods".into()),
                args: Some(sp(goods_args(goods).into())),
                span: Span::default(),
            });
        }
        turns.push(turn);
    }
    game.finish();
    let result = game
        .score()
        .iter()
        .map(|(p, s)| format!("{} {s}", game.name(p)))
        .collect::<Vec<_>>()
        .join(", ");
    let roster = players
        .iter()
        .zip(COLOURS)
        .map(|(n, c)| format!("{n} ({c})"))
        .collect::<Vec<_>>()
        .join(", ");
    let mut expansions: Vec<&str> = options.expansions.iter().map(Expansion::name).collect();
    expansions.extend(tile_sets.iter().map(String::as_str));
    let expansions = expansions.join(", ");
    let record = GameRecord {
        tags: vec![
            tag("CGN", crate::header::VERSION.to_string()),
            tag("Event", "Generated game".to_string()),
            tag("Players", roster),
            tag("Rules", options.edition.to_string()),
            tag("Expansions", expansions),
            tag("Result", result),
            tag("Termination", "complete".to_string()),
        ],
        turns,
        trailing_comments: Vec::new(),
        span: Span::default(),
    };
    // As `carcref fmt` writes it: the `CGN` tag gives the version the turns
    // need (2 with the actions of The Tower).
    let record = crate::notation::write::canonical(&record);
    if blocked { Err(record) } else { Ok(record) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_game() {
        let c = TileCatalog::embedded().unwrap();
        let o = GenOptions {
            edition: Edition::HiG2012,
            players: 3,
            expansions: Expansions::NONE,
        };
        let a = random_game(&c, &o, &mut Rng::new(5));
        let b = random_game(&c, &o, &mut Rng::new(5));
        assert_eq!(a, b);
        assert_eq!(a.turns.len(), 71);
    }
}
