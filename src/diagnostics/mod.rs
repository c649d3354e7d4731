//! The one [`Diagnostic`] enum: every fault carcref reports, each with a stable
//! code, a message, the span of the offending text and help. Each code has a
//! fixture under `notation/games/invalid/` and a section in
//! `notation/diagnostics.md` (printed by `carcref explain CODE`).
//!
//! The engine reports plain [`Violation`](crate::rules::Violation)s;
//! [`from_violation`] (`spans.rs`) is the one place that turns them into
//! diagnostics, looking up spans in the record. The syntax's own faults
//! become diagnostics in `syntax.rs`, the codes' names are in `codes.rs`,
//! and a game's faults are gathered, up to a bound, in `faults.rs`.

mod codes;
mod faults;
mod help;
mod spans;
pub mod syntax;

pub use codes::CODES;
pub use faults::{Faults, MAX_FAULTS};
pub use spans::from_violation;
pub use syntax::{Parsed, parse, parse_game};

use crate::board::Pos;
use crate::notation::Span;
use crate::tiles::{EdgeKind, FeatureKind, Rotation, Side};
use help::{hint, not_utf8_label, spot_hint, variant_hint};

/// A fault in a record, with the span of the text concerned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum Diagnostic {
    /// A line starting with `[` is not a well-formed tag pair.
    #[error("malformed tag")]
    #[diagnostic(code(E101), help("a tag is written [Name \"value\"]"))]
    MalformedTag {
        /// Where it went wrong.
        #[label("expected {expected}")]
        span: Span,
        /// What was expected there.
        expected: String,
    },
    /// A turn line (or a line that is neither a tag, a turn nor a comment) does not
    /// follow the turn grammar.
    #[error("malformed turn")]
    #[diagnostic(
        code(E102),
        help(
            "a turn is written `12. Alice V 1,0 r90 +S =Alice+3 {{comment}}`, or `12. Alice X discard`"
        )
    )]
    MalformedTurn {
        /// Where it went wrong.
        #[label("expected {expected}")]
        span: Span,
        /// What was expected there.
        expected: String,
    },
    /// Coordinates that are not two integers in range.
    #[error("invalid position")]
    #[diagnostic(
        code(E103),
        help(
            "a position is two integers `x,y` (x east, y north), each from -2147483648 to 2147483647"
        )
    )]
    InvalidPosition {
        /// The coordinates.
        #[label("{reason}")]
        span: Span,
        /// Why they are invalid.
        reason: String,
    },
    /// A rotation other than r0, r90, r180 or r270.
    #[error("invalid rotation")]
    #[diagnostic(
        code(E104),
        help("rotations are clockwise quarter turns: r0, r90, r180 or r270")
    )]
    InvalidRotation {
        /// The rotation.
        #[label("not a quarter turn")]
        span: Span,
    },
    /// A follower spot that is not a spot name.
    #[error("invalid spot")]
    #[diagnostic(
        code(E105),
        help(
            "spots are N, E, S, W (road or city at an edge), NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW (field at a half-edge) or C (the centre){}",
            spot_hint(spot)
        )
    )]
    InvalidSpot {
        /// The spot.
        #[label("not a spot name")]
        span: Span,
        /// The spot as written.
        spot: String,
    },
    /// A score claim that does not follow the claim grammar.
    #[error("malformed score claim")]
    #[diagnostic(
        code(E106),
        help("a claim is written =Name+points, or =Name+points/total")
    )]
    MalformedClaim {
        /// Where it went wrong.
        #[label("expected {expected}")]
        span: Span,
        /// What was expected.
        expected: String,
    },
    /// A `{` comment not closed on its line.
    #[error("unterminated comment")]
    #[diagnostic(
        code(E107),
        help(
            "close the comment with `}}` on the same line, or use `;` for a comment to the end of the line"
        )
    )]
    UnterminatedComment {
        /// The comment.
        #[label("opened here")]
        span: Span,
    },
    /// The input holds no game at all.
    #[error("no game found")]
    #[diagnostic(
        code(E108),
        help("a game starts with tag pairs such as [Players \"Alice (red), Bob (blue)\"]")
    )]
    NoGame {
        /// The input.
        #[label("no tag pairs or turns here")]
        span: Span,
    },
    /// Bytes of the input that are not UTF-8 text (each is read as U+001A, so
    /// that nothing else moves; the game is not replayed): the first run of
    /// them in a game, with how many more runs and bytes in all the game has
    /// (one fault a game, however many).
    #[error("not UTF-8 text")]
    #[diagnostic(
        code(E109),
        help(
            "a CGN file is UTF-8 text: save it as UTF-8 (the bytes are shown as \\u{{1a}}; the other games of the file are checked)"
        )
    )]
    NotUtf8 {
        /// The game's first run of such bytes.
        #[label("{}", not_utf8_label(span.len(), *more, *bytes))]
        span: Span,
        /// How many more runs of such bytes the game has after it.
        more: usize,
        /// How many such bytes the game has in all.
        bytes: usize,
    },
    /// A line longer than `notation::MAX_LINE` bytes: it is not read. (In a
    /// game too long to read, when the line holding its last byte allowed is
    /// this long: an input without line feeds. The game is not read, and a
    /// file is not read past it.)
    #[error("line too long")]
    #[diagnostic(
        code(E110),
        help(
            "a line of CGN holds at most {limit} bytes: split a long comment over several comment lines"
        )
    )]
    LineTooLong {
        /// The line.
        #[label("this line is longer than {limit} bytes")]
        span: Span,
        /// The limit.
        limit: usize,
    },
    /// A game longer than `notation::MAX_GAME` bytes: it is not read, and a file
    /// is not read past it.
    #[error("game too long")]
    #[diagnostic(
        code(E111),
        help(
            "a game of CGN holds at most {limit} bytes (a complete game is a few kilobytes): check that each game starts with its tag pairs; a file is not read past such a game"
        )
    )]
    GameTooLong {
        /// The game's first line.
        #[label("the game starting here is longer than {limit} bytes")]
        span: Span,
        /// The limit.
        limit: usize,
    },
    /// A file (or game) that is not CGN but a record another program wrote
    /// that `carcref import` reads (`sniff`): it is reported once,
    /// and not read as CGN.
    #[error("not CGN")]
    #[diagnostic(
        code(E112),
        help("this looks like {what}: run `{command}`, which writes it as CGN")
    )]
    NotCgn {
        /// The first line of the input.
        #[label("{what}")]
        span: Span,
        /// What the input is.
        what: &'static str,
        /// The import to run.
        command: &'static str,
    },
    /// A tile id that is not in the tile sets in play.
    #[error("unknown tile {tile}")]
    #[diagnostic(
        code(E201),
        help(
            "tiles in play: {known}; `carcref tiles` shows them all{}",
            hint(tile, known.split(' '))
        )
    )]
    UnknownTile {
        /// The tile id.
        #[label("not a tile of the sets in play")]
        span: Span,
        /// The id as written.
        tile: String,
        /// The ids in play.
        known: String,
    },
    /// A turn names a player who is not in the Players tag.
    #[error("unknown player {name}")]
    #[diagnostic(
        code(E202),
        help(
            "the players of this game are {players}{}",
            hint(name, players.split(", "))
        )
    )]
    UnknownPlayer {
        /// The name.
        #[label("not in the Players tag")]
        span: Span,
        /// The name as written.
        name: String,
        /// The seated players.
        players: String,
    },
    /// A turn is played by someone whose turn it is not.
    #[error("it is {expected}'s turn, not {found}'s")]
    #[diagnostic(
        code(E203),
        help(
            "players take turns in seat order (the Players tag); after a discard the same player draws again{note}"
        )
    )]
    WrongPlayer {
        /// The player.
        #[label("{expected} plays this turn")]
        span: Span,
        /// Whose turn it is.
        expected: String,
        /// Who was written.
        found: String,
        /// Why, when it is a builder's double turn.
        note: String,
    },
    /// A third turn in a row after a builder's double turn.
    #[error("{player} may not take a third turn in a row")]
    #[diagnostic(
        code(E212),
        help(
            "a builder grants one second turn, never a third (Traders & Builders: \"He may not take a third turn!\"); the next player in seat order plays"
        )
    )]
    NoThirdTurn {
        /// The player.
        #[label("{player} has just played two turns")]
        span: Span,
        /// Who.
        player: String,
    },
    /// A turn number that does not follow the previous one.
    #[error("turn number out of sequence")]
    #[diagnostic(
        code(E204),
        help("turns are numbered 1, 2, 3, … one per line, discards included")
    )]
    TurnOutOfSequence {
        /// The number.
        #[label("expected turn {expected}")]
        span: Span,
        /// The number expected.
        expected: u32,
    },
    /// The Players tag is missing or wrong.
    #[error("invalid players")]
    #[diagnostic(
        code(E205),
        help(
            "list 2 to 6 players in seat order: [Players \"Alice (red), Bob (blue)\"]; colours: red, blue, green, yellow, black, grey, pink"
        )
    )]
    InvalidPlayers {
        /// The tag (or the game's start, if missing).
        #[label("{reason}")]
        span: Span,
        /// What is wrong.
        reason: String,
    },
    /// The Rules tag is missing or names no edition.
    #[error("invalid rules edition")]
    #[diagnostic(
        code(E206),
        help(
            "name the edition: [Rules \"HiG-2012\"] (2012 Hans im Glück / Z-Man) or [Rules \"RGG-2000\"] (2000 Rio Grande)"
        )
    )]
    InvalidRules {
        /// The tag (or the game's start, if missing).
        #[label("{reason}")]
        span: Span,
        /// What is wrong.
        reason: String,
    },
    /// An expansion carcref does not know or does not referee yet.
    #[error("unsupported expansion {name}")]
    #[diagnostic(
        code(E207),
        help(
            "supported: {}; the basic game alone: [Expansions \"\"]; a tile set of one's own: give its file with --tiles FILE{}",
            crate::rules::expansions::Expansion::ALL.map(|e| e.name()).join(", "),
            hint(
                name,
                crate::rules::expansions::Expansion::ALL.map(|e| e.name())
            )
        )
    )]
    UnsupportedExpansion {
        /// The expansion name.
        #[label("not supported")]
        span: Span,
        /// The name as written.
        name: String,
    },
    /// A known tag given twice.
    #[error("duplicate tag {name}")]
    #[diagnostic(code(E208), help("give each tag once"))]
    DuplicateTag {
        /// The second tag.
        #[label("given again here")]
        span: Span,
        /// The first tag.
        #[label("first given here")]
        first: Span,
        /// The tag name.
        name: String,
    },
    /// A CGN version carcref does not read.
    #[error("unsupported notation version {found}")]
    #[diagnostic(code(E209), help("this carcref reads [CGN \"1\"] and [CGN \"2\"]"))]
    UnsupportedVersion {
        /// The tag.
        #[label("unsupported version")]
        span: Span,
        /// The version as written.
        found: String,
    },
    /// A Result tag that is not a list of final scores.
    #[error("malformed result")]
    #[diagnostic(
        code(E210),
        help(
            "write the final scores in seat order: [Result \"Alice 96, Bob 70\"], or \"*\" if unknown"
        )
    )]
    MalformedResult {
        /// The tag value.
        #[label("{reason}")]
        span: Span,
        /// What is wrong.
        reason: String,
    },
    /// A Termination tag with an unknown value.
    #[error("invalid termination")]
    #[diagnostic(
        code(E211),
        help("termination is one of: complete, adjudicated, resigned, time-forfeit, interrupted")
    )]
    InvalidTermination {
        /// The tag value.
        #[label("unknown termination")]
        span: Span,
    },
    /// A Variants entry that is not a variant, or that cannot be in effect in
    /// this game.
    #[error("invalid variant: {reason}")]
    #[diagnostic(
        code(E213),
        help(
            "variants: tiny-city-2 (HiG-2012), river-keeps-start-tile and river-free-course (with the River); the game is checked without this one{}",
            variant_hint(name)
        )
    )]
    InvalidVariant {
        /// The entry.
        #[label("{reason}")]
        span: Span,
        /// The entry as written.
        name: String,
        /// What is wrong.
        reason: String,
    },
    /// A Pack, Figures or EndAfter tag that cannot be read, or a Pack that does
    /// not fit the game.
    #[error("invalid {tag} tag: {reason}")]
    #[diagnostic(
        code(E214),
        help(
            "a scenario names its tiles [Pack \"E, H, E\"] (ids of the sets in play), its figures per player [Figures \"follower 7, pig 2\"] and its last turn [EndAfter \"5\"]; the game is not replayed"
        )
    )]
    InvalidScenario {
        /// The tag value, or the entry at fault.
        #[label("{reason}")]
        span: Span,
        /// The tag.
        tag: String,
        /// What is wrong.
        reason: String,
    },
    /// A Scored tag entry that cannot be read.
    #[error("malformed Scored entry: {reason}")]
    #[diagnostic(
        code(E215),
        help(
            "each entry is a player, a kind (road, city, monastery, field, wine, grain, cloth) and points: [Scored \"Alice city 6, Bob road 3\"]"
        )
    )]
    MalformedScored {
        /// The entry.
        #[label("{reason}")]
        span: Span,
        /// What is wrong.
        reason: String,
    },
    /// A TimeControl or TimeLeft tag that cannot be read.
    #[error("invalid {tag} tag: {reason}")]
    #[diagnostic(
        code(E216),
        help(
            "the clocks: [TimeControl \"900\"] (15 minutes each) or \"900+5\" (5 seconds added after each turn); [TimeLeft \"Ann 0:03:12, Bob 0\"] (the clocks when the record stops); times in seconds, M:SS or H:MM:SS"
        )
    )]
    InvalidClockTag {
        /// The value, or the entry at fault.
        #[label("{reason}")]
        span: Span,
        /// The tag.
        tag: String,
        /// What is wrong.
        reason: String,
    },
    /// A tile set of the user's own (`--tiles FILE`) that cannot be read as
    /// YAML in the catalog's format, or that the catalog refuses: a tile
    /// inconsistent as the built-in sets are checked, an id or a set name
    /// already taken, a mark of an expansion (SPEC 3.7). Its span points into
    /// the tile set's file, not into a record.
    #[error("invalid tile set")]
    #[diagnostic(
        code(E217),
        help(
            "a tile set is written as the catalog's sets are (SPEC 3), with the basic game's features only, a set name and tile ids of its own (SPEC 3.7)"
        )
    )]
    InvalidTileSet {
        /// Where the fault lies in the file, where it can be told; else the
        /// file's start.
        #[label("{reason}")]
        span: Span,
        /// What is wrong.
        reason: String,
    },
    /// A tile edge differs from its neighbour's.
    #[error("tile does not fit")]
    #[diagnostic(
        code(E301),
        help(
            "every edge must continue its neighbour: city to city, road to road, field to field; try another rotation"
        )
    )]
    TileDoesNotFit {
        /// The placement.
        #[label("{side} edge is {ours}, neighbour's edge is {theirs}")]
        span: Span,
        /// The turn that placed the neighbour.
        #[label("neighbour at {neighbour} placed here")]
        earlier: Option<Span>,
        /// Side of the new tile.
        side: Side,
        /// What the new tile shows.
        ours: EdgeKind,
        /// What the neighbour shows.
        theirs: EdgeKind,
        /// The neighbour's square.
        neighbour: Pos,
    },
    /// The square is already taken.
    #[error("position {pos} is occupied")]
    #[diagnostic(
        code(E302),
        help("place the tile on an empty square next to the board")
    )]
    PositionOccupied {
        /// The position.
        #[label("already taken")]
        span: Span,
        /// The turn that placed the tile there.
        #[label("placed here")]
        earlier: Option<Span>,
        /// The square.
        pos: Pos,
    },
    /// The square touches no tile by an edge.
    #[error("position {pos} is not adjacent to the board")]
    #[diagnostic(
        code(E303),
        help("a tile must touch a placed tile by at least one edge; corners do not count")
    )]
    NotAdjacent {
        /// The position.
        #[label("no neighbour by an edge")]
        span: Span,
        /// The square.
        pos: Pos,
    },
    /// More tiles of a kind drawn than the sets in play hold.
    #[error("no tile {tile} left")]
    #[diagnostic(
        code(E304),
        help("the tile sets in play hold {count} of {tile}{note}; check the tile id")
    )]
    TileSupplyExhausted {
        /// The tile id.
        #[label("every {tile} of the supply is already on the board or discarded")]
        span: Span,
        /// Says so when the start tile is one of them.
        note: String,
        /// The tile id.
        tile: String,
        /// How many the sets hold.
        count: u8,
    },
    /// A discard of a tile that fits somewhere.
    #[error("tile {tile} cannot be discarded")]
    #[diagnostic(
        code(E305),
        help("a tile may be discarded only if it fits nowhere; it fits at {pos} {rotation}")
    )]
    IllegalDiscard {
        /// The discard.
        #[label("this tile has a legal placement")]
        span: Span,
        /// The tile id.
        tile: String,
        /// One legal square.
        pos: Pos,
        /// Its rotation.
        rotation: Rotation,
    },
    /// A tile set aside where no rule in play sets one aside.
    #[error("tile {tile} cannot be set aside")]
    #[diagnostic(
        code(E311),
        help(
            "a tile is set aside only where an expansion's rule says so; a tile that fits nowhere is discarded: write discard"
        )
    )]
    SetAsideNotAllowed {
        /// The action.
        #[label("no rule in play sets a tile aside")]
        span: Span,
        /// The tile id.
        tile: String,
    },
    /// A tile drawn out of the River's order.
    #[error("{due} must be drawn now")]
    #[diagnostic(
        code(E306),
        help(
            "with the River the river tiles are drawn first, then the lake, then the land tiles (2012: \"start the game by drawing the River tiles before using the regular tiles\")"
        )
    )]
    RiverOrder {
        /// The tile.
        #[label("{tile} is drawn while {due} is due")]
        span: Span,
        /// The tile as written.
        tile: String,
        /// What is due.
        due: String,
    },
    /// A river tile that does not continue the river.
    #[error("tile {tile} does not continue the river")]
    #[diagnostic(
        code(E307),
        help(
            "each river tile continues the river from its open end, at {expected}, with its river facing the previous tile"
        )
    )]
    RiverNotContinued {
        /// The placement.
        #[label("the river goes on at {expected}")]
        span: Span,
        /// The tile as written.
        tile: String,
        /// The square where the river goes on.
        expected: Pos,
    },
    /// A river bend the edition forbids.
    #[error("the river may not turn {bend} here")]
    #[diagnostic(code(E308), help("{rule}"))]
    RiverTurn {
        /// The placement.
        #[label("a {bend} bend")]
        span: Span,
        /// Which way.
        bend: String,
        /// The edition's rule.
        rule: String,
    },
    /// A river tile that fits nowhere.
    #[error("the river cannot be continued with {tile}")]
    #[diagnostic(
        code(E309),
        help(
            "tile {tile} has no legal place at the river's open end; the rulebooks give no way on (2012: \"Players should always keep in mind where the river is heading to ensure that it ends\"), so the referee cannot continue this game"
        )
    )]
    RiverBlocked {
        /// The turn.
        #[label("no legal place for this river tile")]
        span: Span,
        /// The tile as written.
        tile: String,
    },
    /// With the variant `river-free-course`: the river would flow towards a
    /// taken square.
    #[error("the river's course ahead of {tile} is not free")]
    #[diagnostic(
        code(E310),
        help(
            "under the variant river-free-course (JCloisterZone's River) a river tile may lie only where the two squares beside the square its river flows into, the square after it and the two beside that are all empty; {taken} is taken"
        )
    )]
    RiverCourseNotFree {
        /// The turn's placement.
        #[label("the river would flow towards {taken}")]
        span: Span,
        /// The tile as written.
        tile: String,
        /// The taken square.
        taken: String,
    },
    /// The tile, as placed, has no feature at the spot.
    #[error("no feature at spot {spot}")]
    #[diagnostic(
        code(E401),
        help(
            "spots on this tile as placed: {valid}{}",
            hint(spot, valid.split(", "))
        )
    )]
    NoSuchSpot {
        /// The spot.
        #[label("nothing to stand on here")]
        span: Span,
        /// The spot as written.
        spot: String,
        /// The valid spots.
        valid: String,
    },
    /// The feature is connected to one that already holds a follower.
    #[error("{kind} is already occupied")]
    #[diagnostic(
        code(E402),
        help(
            "a follower may not join a road, city or field that already holds one, whoever owns it"
        )
    )]
    FeatureAlreadyOccupied {
        /// The follower.
        #[label("this {kind} connects to {owner}'s follower")]
        span: Span,
        /// The turn that placed the earlier follower.
        #[label("occupied here")]
        earlier: Option<Span>,
        /// What the feature is.
        kind: FeatureKind,
        /// Who holds it.
        owner: String,
    },
    /// The player has no follower in supply.
    #[error("{player} has no follower left")]
    #[diagnostic(
        code(E403),
        help("followers come back only when their feature is scored; farmers never come back")
    )]
    NoFollowersLeft {
        /// The follower.
        #[label("{out}")]
        span: Span,
        /// Who.
        player: String,
        /// Where the game's followers are: all of the player's supply, by
        /// the box or the `Figures` tag, out of it.
        out: String,
    },
    /// A figure the game's expansions do not have.
    #[error("figure {figure} is not in play")]
    #[diagnostic(
        code(E404),
        help(
            "the basic game has only the plain follower, written `+SPOT`; `+big:SPOT` needs inns-and-cathedrals, `+builder:SPOT` and `+pig:SPOT` need traders-and-builders in the Expansions tag"
        )
    )]
    FigureNotInPlay {
        /// The figure.
        #[label("no such figure in this game")]
        span: Span,
        /// The figure as written.
        figure: String,
    },
    /// A figure on a river.
    #[error("no figure may stand on the river")]
    #[diagnostic(
        code(E405),
        help(
            "the River (2012): \"no followers are allowed on the river\"; spots on this tile as placed: {valid}"
        )
    )]
    FollowerOnRiver {
        /// The spot.
        #[label("{spot} is a river edge")]
        span: Span,
        /// The spot as written.
        spot: String,
        /// The valid spots.
        valid: String,
    },
    /// A player's only large follower, builder or pig is already placed.
    #[error("{player}'s {figure} is already on the board")]
    #[diagnostic(code(E406), help("each player has one {figure}; {returns}"))]
    FigureInUse {
        /// The figure.
        #[label("no {figure} left in supply")]
        span: Span,
        /// Placed here.
        #[label("placed here")]
        earlier: Option<Span>,
        /// Who.
        player: String,
        /// Which figure.
        figure: String,
        /// When that figure comes back.
        returns: String,
    },
    /// A builder in a field or on a monastery, or a pig outside a field.
    #[error("a {figure} cannot stand on a {kind}")]
    #[diagnostic(
        code(E407),
        help(
            "a builder goes on a road or a city (\"A builder may never be placed into a field\"); a pig goes in a field"
        )
    )]
    FigureOnWrongFeature {
        /// The figure.
        #[label("this spot is a {kind}")]
        span: Span,
        /// Which figure.
        figure: String,
        /// What the spot is.
        kind: FeatureKind,
    },
    /// A builder or pig on a feature without its owner's follower.
    #[error("{player} has no {needed} on this {kind}")]
    #[diagnostic(
        code(E408),
        help(
            "a {figure} goes only on a tile that continues a {kind} where its owner already has a {needed} (Traders & Builders)"
        )
    )]
    FigureWithoutFollower {
        /// The figure.
        #[label("{player} has no {needed} joined to this {kind}")]
        span: Span,
        /// Who.
        player: String,
        /// Which figure.
        figure: String,
        /// The feature.
        kind: FeatureKind,
        /// The follower it needs (thief, knight, farmer).
        needed: String,
    },
    /// An event token no expansion in play defines.
    #[error("unknown event @{name}")]
    #[diagnostic(
        code(E409),
        help(
            "events of the expansions in play: {known}; other events are reserved for expansions carcref does not referee yet"
        )
    )]
    UnknownEvent {
        /// The event.
        #[label("no expansion in play has this event")]
        span: Span,
        /// The name as written.
        name: String,
        /// The events known.
        known: String,
    },
    /// An action no expansion in play defines.
    #[error("unknown action {verb}")]
    #[diagnostic(
        code(E410),
        help(
            "the expansions in play define no action {verb}; the actions of version 2 belong to the expansions that define them (SPEC 2.14)"
        )
    )]
    UnknownAction {
        /// The action.
        #[label("no expansion in play has this action")]
        span: Span,
        /// The verb as written.
        verb: String,
    },
    /// A figure put off the tile just placed, or not on one of its features.
    #[error("a figure may go only on a feature of the tile just placed")]
    #[diagnostic(
        code(E411),
        help(
            "the rules in play put a figure on a road, city, field or monastery of the tile just placed ({pos}): write +SPOT"
        )
    )]
    FigureOffTile {
        /// The figure step.
        #[label("not on a feature of the tile at {pos}")]
        span: Span,
        /// The square of the tile just placed.
        pos: Pos,
    },
    /// A second figure in one turn.
    #[error("a second figure in one turn")]
    #[diagnostic(
        code(E412),
        help("a player puts at most one figure a turn under the rules in play")
    )]
    SecondFigure {
        /// The second figure.
        #[label("second figure")]
        span: Span,
        /// The first one.
        #[label("first figure")]
        first: Span,
    },
    /// A tower piece or guard where no tower place or tower is.
    #[error("no tower there")]
    #[diagnostic(
        code(E413),
        help(
            "a tower piece goes on a tile with a tower place (empty, or a tower without a guard); a follower closes a tower of at least one piece"
        )
    )]
    NoTower {
        /// The figure step.
        #[label("no tower place or tower here")]
        span: Span,
    },
    /// A tower piece or guard on a closed tower.
    #[error("the tower is closed")]
    #[diagnostic(
        code(E414),
        help(
            "a follower on top of a tower closes it while he stands there: nothing is built on it, and no other follower goes on it, until he is taken prisoner or the dragon sends him home"
        )
    )]
    TowerClosed {
        /// The figure step.
        #[label("closed by the follower of turn {by_turn}")]
        span: Span,
        /// The turn that closed it.
        by_turn: u32,
    },
    /// A tower piece by a player with none left.
    #[error("{player} has no tower piece left")]
    #[diagnostic(
        code(E415),
        help("each player has 10, 9, 7, 6 or 5 pieces with 2, 3, 4, 5 or 6 players")
    )]
    NoTowerPieces {
        /// The figure step.
        #[label("no piece left")]
        span: Span,
        /// The player.
        player: String,
    },
    /// A prisoner beyond the tower's reach.
    #[error("out of the tower's reach")]
    #[diagnostic(
        code(E416),
        help(
            "a tower of height {height} reaches its own tile and {tiles} in each of the four directions, not diagonally"
        )
    )]
    CaptureOutOfReach {
        /// The capture.
        #[label("not within {tiles} in line with the tower")]
        span: Span,
        /// The tower's height with the new piece.
        height: u8,
        /// Its reach in tiles, counted in words: `1 tile`, `2 tiles`.
        tiles: String,
    },
    /// An action naming a figure that is not there, or one of several.
    #[error("no such figure")]
    #[diagnostic(
        code(E417),
        help("name a figure by its square, spot, kind and owner: x,y/SPOT, big:x,y/SPOT(Name)")
    )]
    NoSuchFigure {
        /// The action.
        #[label("{reason}")]
        span: Span,
        /// What is wrong.
        reason: String,
    },
    /// An action out of its order, twice, or missing.
    #[error("action not allowed here")]
    #[diagnostic(
        code(E418),
        help("SPEC 2.14 and the expansion's section give the order of a turn's actions")
    )]
    ActionNotAllowed {
        /// The action.
        #[label("{reason}")]
        span: Span,
        /// What is wrong.
        reason: String,
    },
    /// A ransom the rules do not allow.
    #[error("ransom not allowed")]
    #[diagnostic(
        code(E419),
        help(
            "a player may ransom one of his followers a turn from the player holding it, paying 3 points, if he has 3"
        )
    )]
    RansomNotAllowed {
        /// The ransom.
        #[label("{reason}")]
        span: Span,
        /// What is wrong.
        reason: String,
    },
    /// A dragon tile placed before the dragon is on the board.
    #[error("tile {tile} must be set aside")]
    #[diagnostic(
        code(E312),
        help(
            "as long as no volcano is placed, a dragon tile drawn is set aside (write aside) and the player draws another"
        )
    )]
    DragonTileBeforeVolcano {
        /// The placement.
        #[label("no volcano has brought the dragon in yet")]
        span: Span,
        /// The tile id.
        tile: String,
    },
    /// A figure sharing a tile with the dragon.
    #[error("no figure may share a tile with the dragon")]
    #[diagnostic(
        code(E420),
        help(
            "nothing but the dragon goes on the volcano just placed, and no follower goes on the tile where the dragon stands"
        )
    )]
    SharesDragonTile {
        /// The figure.
        #[label("the dragon is on this tile")]
        span: Span,
    },
    /// A move of the dragon the rules do not allow.
    #[error("illegal move of the dragon")]
    #[diagnostic(
        code(E421),
        help(
            "the dragon moves one tile north, east, south or west, never onto a tile it visited on this journey nor onto the fairy's; move k is by the player k-1 seats after the turn's"
        )
    )]
    DragonStep {
        /// The action.
        #[label("{reason}")]
        span: Span,
        /// What is wrong.
        reason: String,
    },
    /// A dragon's journey cut short.
    #[error("the dragon's journey stops after {moves} move(s)")]
    #[diagnostic(
        code(E422),
        help(
            "after a dragon tile the dragon moves 6 times, one move by each player in turn from the tile's player; it stops early only at a dead end"
        )
    )]
    DragonJourney {
        /// The turn.
        #[label("a move is still open after move {moves}")]
        span: Span,
        /// The moves written.
        moves: u8,
    },
    /// The fairy where it may not go.
    #[error("the fairy cannot go there")]
    #[diagnostic(
        code(E423),
        help(
            "a player who places no figure may put the fairy on a tile where he has a follower (+fairy:x,y); with fairy-next-follower, next to one of his followers (+fairy:x,y/SPOT)"
        )
    )]
    Fairy {
        /// The action.
        #[label("{reason}")]
        span: Span,
        /// What is wrong.
        reason: String,
    },
    /// The princess's rule broken.
    #[error("the princess's rule is broken")]
    #[diagnostic(
        code(E424),
        help(
            "a princess tile joining a city with knights sends one of them home (princess:x,y/SPOT), and the player places no figure that turn; with princess-may sending one is a choice"
        )
    )]
    Princess {
        /// The action.
        #[label("{reason}")]
        span: Span,
        /// What is wrong.
        reason: String,
    },
    /// A follower put by the magic portal where it may not go.
    #[error("the magic portal cannot take the follower there")]
    #[diagnostic(
        code(E425),
        help(
            "with a magic portal tile, a follower may go on a feature of any tile placed before, not on a completed or occupied one"
        )
    )]
    Portal {
        /// The action.
        #[label("{reason}")]
        span: Span,
        /// What is wrong.
        reason: String,
    },
    /// A gold-mine tile's ingots set where they may not go, or not set (The
    /// Gold Mines).
    #[error("the gold ingots cannot go there")]
    #[diagnostic(
        code(E426),
        help(
            "a gold-mine tile sets one ingot on itself and one on a tile among the 8 around it, written gold:x,y before the figure"
        )
    )]
    Gold {
        /// The action, or the turn.
        #[label("{reason}")]
        span: Span,
        /// What is wrong.
        reason: String,
    },
    /// A crop circle's effect or action the rules do not allow, or one due
    /// and not written (The Crop Circles).
    #[error("the crop circle's effect is not played by the rule")]
    #[diagnostic(
        code(E432),
        help(
            "after a crop circle's turn its player writes circle:add or circle:remove; then each player with a follower of the circle's kind on the board, from the turn's player's left and the turn's player last, writes add:x,y/SPOT (beside one of his) or pass, or remove:x,y/SPOT"
        )
    )]
    CropCircle {
        /// The action, or the turn.
        #[label("{reason}")]
        span: Span,
        /// What is wrong.
        reason: String,
    },
    /// A ferry set where the rules do not let it go, or a lake tile's ferry
    /// not set (The Ferries).
    #[error("the ferry cannot be set so")]
    #[diagnostic(
        code(E433),
        help(
            "a tile with a lake takes a ferry joining two of its road ends, after the turn's figure and before any ferry moves: ferry:EW names the two edges (NS, EW, NE, SE, SW, NW)"
        )
    )]
    Ferry {
        /// The action, or the turn.
        #[label("{reason}")]
        span: Span,
        /// What is wrong.
        reason: String,
    },
    /// A ferry moved where the rules do not let it move (The Ferries).
    #[error("the ferry cannot be moved so")]
    #[diagnostic(
        code(E434),
        help(
            "a tile that continues a road lets its player move the first ferry met along that road from the tile, each at most once a turn, to join two other road ends of its lake: ferry:x,y/NS"
        )
    )]
    FerryMove {
        /// The action.
        #[label("{reason}")]
        span: Span,
        /// What is wrong.
        reason: String,
    },
    /// A robber placed or moved, or a robber's choice written, where the
    /// rules do not allow it (The Robbers).
    #[error("the robber cannot go or rob so")]
    #[diagnostic(
        code(E435),
        help(
            "after a tile with a bag, before the figure, the turn's player may place or move his robber beside another player's marker, robber:Name; then each other player whose robber is in front of him may place his, in seat order, robber:Name(Robber); where one score moves several markers beside a robber, its choice is rob:Name(Robber)"
        )
    )]
    Robber {
        /// The action.
        #[label("{reason}")]
        span: Span,
        /// What is wrong.
        reason: String,
    },
    /// A message or a pawn's choice written where the rules do not allow
    /// it, or a message due and not written (The Messengers); a `score:` act
    /// naming a feature the turn does not score (The Messengers, The
    /// Robbers).
    #[error("the message or the pawn does not follow the rules")]
    #[diagnostic(
        code(E436),
        help(
            "score:x,y/SPOT puts a feature the turn scores first, in the order written (The Messengers, The Robbers); each feature a turn scores moves the marker, or the messenger where written score:messenger:x,y/SPOT(Name); when a pawn of the turn's player ends a move on a dark space (a multiple of 5), he draws the top message tile, written message:N after the turn's other actions, and uses it or takes 2 points, choose:points; messages 1 to 3 in a tie and 8 name their follower, choose:x,y/SPOT; score:messenger after a message moves the messenger with its points; the first eight messages are all different, and then they come again in the same order"
        )
    )]
    Message {
        /// The action, or the turn where a message is missing.
        #[label("{reason}")]
        span: Span,
        /// What is wrong.
        reason: String,
    },
    /// A magic pawn placed, moved or taken off the board where the rules do
    /// not allow it (Mage & Witch).
    #[error("the magic pawn cannot go there")]
    #[diagnostic(
        code(E427),
        help(
            "with a magic tile, or a tile joining the mage's feature to the witch's, the turn's player places or moves one magic pawn before the figure, onto an incomplete road or city without a pawn: mage:x,y/SPOT or witch:x,y/SPOT; mage:- or witch:- only where no road or city may take one"
        )
    )]
    MagicPawn {
        /// The action.
        #[label("{reason}")]
        span: Span,
        /// What is wrong.
        reason: String,
    },
    /// A flight or a landing the rules do not allow (The Flying Machines).
    #[error("the follower cannot fly or land so")]
    #[diagnostic(
        code(E430),
        help(
            "on a tile with a flying machine, fly:D (the die, 1 to 3) takes the place of the turn's figure; the follower then lands on the tile the die and the arrow reach, on an incomplete road, city or monastery, written +x,y/SPOT or +big:x,y/SPOT after it"
        )
    )]
    Flight {
        /// The action or the landing.
        #[label("{reason}")]
        span: Span,
        /// What is wrong.
        reason: String,
    },
    /// A flight that can land, whose landing is not written (The Flying
    /// Machines).
    #[error("the flier must land: it can land on {target}")]
    #[diagnostic(
        code(E431),
        help(
            "\"The follower must be placed on the tile designated by the die, if possible\": write its landing after fly:D, e.g. +{target}"
        )
    )]
    FlightMustLand {
        /// The flight.
        #[label("this flight can land")]
        span: Span,
        /// A spot where it can land.
        target: String,
    },
    /// A magic pawn's step not written where it is due (Mage & Witch).
    #[error("{what}: a magic pawn must be placed or moved")]
    #[diagnostic(
        code(E428),
        help(
            "write mage:x,y/SPOT or witch:x,y/SPOT before the figure (mage:- or witch:- if no incomplete road or city without a pawn is left)"
        )
    )]
    MagicPawnMissing {
        /// The turn.
        #[label("no magic pawn step")]
        span: Span,
        /// Why a step is due.
        what: String,
    },
    /// A distribution of gold ingots the rules do not allow, or a choice in
    /// it not written (The Gold Mines).
    #[error("the gold ingots are not handed out by the rule")]
    #[diagnostic(
        code(E509),
        help(
            "starting with the turn's player, then in seat order, each player who may take an ingot takes one, until none is left; where a player chooses, every take is written, ingot:x,y, in order"
        )
    )]
    GoldDistribution {
        /// The take, or the turn.
        #[label("{reason}")]
        span: Span,
        /// What is wrong.
        reason: String,
    },
    /// A score claim names a pawn the player does not have on the
    /// scoreboard: the messenger, which only The Messengers bring.
    #[error("{player} has no {pawn} on the scoreboard")]
    #[diagnostic(
        code(E510),
        help(
            "without The Messengers each player has one pawn, the marker: name the marker, =Name(marker)+points, or no pawn; a game played with The Messengers names them in its Expansions tag"
        )
    )]
    PawnNotInGame {
        /// The pawn named.
        #[label("not a pawn of this game")]
        span: Span,
        /// Whose.
        player: String,
        /// The pawn.
        pawn: String,
    },
    /// A score claim that differs from the referee's score.
    #[error("{player}'s {what} is {actual}, not {claimed}")]
    #[diagnostic(code(E501), help("{breakdown}"))]
    ScoreMismatch {
        /// The claimed figure.
        #[label("claimed {claimed}; the referee counts {actual}")]
        span: Span,
        /// Who.
        player: String,
        /// Which figure: the score this turn or the running total.
        what: String,
        /// The figure written (a claim of version 2 may be a loss).
        claimed: i64,
        /// The figure computed.
        actual: i64,
        /// How the computed figure is made up.
        breakdown: String,
    },
    /// The Result tag differs from the final score.
    #[error("{player} ends the record with {actual} points, not {claimed}")]
    #[diagnostic(code(E502), help("`carcref score` shows how every point was scored"))]
    ResultMismatch {
        /// The Result tag.
        #[label("claimed {claimed}; the referee counts {actual}")]
        span: Span,
        /// Who.
        player: String,
        /// The figure written.
        claimed: u32,
        /// The figure computed.
        actual: u32,
    },
    /// A turn after the last tile was drawn (or after a scenario's last turn).
    #[error("the game is over: {why}")]
    #[diagnostic(
        code(E503),
        help(
            "the game ends after the turn that places (or discards) the last tile, or after a scenario's EndAfter turn"
        )
    )]
    GameAlreadyOver {
        /// The turn.
        #[label("no tile left to draw")]
        span: Span,
        /// Why: every tile drawn, or the scenario's end.
        why: String,
    },
    /// A game said to be complete stops while tiles remain.
    #[error("the game ends with {remaining} {}", if *remaining == 1 { "tile undrawn" } else { "tiles undrawn" })]
    #[diagnostic(
        code(E504),
        help(
            "record every turn, or say how the game ended: [Termination \"adjudicated\"] (scored as if over), \"resigned\", \"time-forfeit\" or \"interrupted\""
        )
    )]
    GameEndedEarly {
        /// The last turn (or the header).
        #[label("tiles remain after this")]
        span: Span,
        /// Tiles left.
        remaining: u32,
    },
    /// A goods event that differs from the goods the turn takes.
    #[error("{player} takes {actual}, not {claimed}")]
    #[diagnostic(
        code(E505),
        help(
            "the player who completes a city takes one token per goods symbol in it, whoever holds the city; write them @goods:wine+N,grain+N,cloth+N"
        )
    )]
    GoodsMismatch {
        /// The event.
        #[label("the referee counts {actual}")]
        span: Span,
        /// Who.
        player: String,
        /// As written.
        claimed: String,
        /// As counted.
        actual: String,
    },
    /// A Scored entry that no scoring of the game matches.
    #[error("{player} never scores {what} for {points} points")]
    #[diagnostic(
        code(E506),
        help("each Scored entry must match a scoring of its own: {scored}")
    )]
    ScoredMismatch {
        /// The entry.
        #[label("no such scoring")]
        span: Span,
        /// Who.
        player: String,
        /// The kind, as written.
        what: String,
        /// The points written.
        points: u32,
        /// The scorings of that kind the player has, for the help.
        scored: String,
    },
    /// A `@time` event that cannot be read.
    #[error("malformed turn time")]
    #[diagnostic(
        code(E507),
        help(
            "@time gives the time the turn's player spent on it: @time:35, @time:2:05 or @time:1:02:05"
        )
    )]
    InvalidTurnTime {
        /// The event.
        #[label("not a time")]
        span: Span,
    },
    /// The clocks a record gives disagree: a flag fell and play went on, the
    /// clocks at the end differ from the times recorded, or a time-forfeit
    /// that no clock shows.
    #[error("{what}")]
    #[diagnostic(code(E508), help("{help}"))]
    ClockMismatch {
        /// Where.
        #[label("{label}")]
        span: Span,
        /// What disagrees.
        what: String,
        /// The label.
        label: String,
        /// How the clocks stand.
        help: String,
    },
    /// Turns after an illegal one were not checked.
    #[error("later turns not checked: {count}")]
    #[diagnostic(
        code(W101),
        severity(Warning),
        help("fix the error above; every later turn depends on it")
    )]
    TurnsNotChecked {
        /// The first unchecked turn.
        #[label("from this turn on")]
        span: Span,
        /// How many.
        count: usize,
    },
    /// A game with more faults than the referee keeps for one game
    /// ([`MAX_FAULTS`]): the others are counted here.
    #[error("faults not listed: {count}")]
    #[diagnostic(
        code(W102),
        severity(Warning),
        help(
            "the first {limit} faults of a game are listed; fix them and check again to see the others"
        )
    )]
    FaultsNotListed {
        /// The first fault not listed.
        #[label("the faults from here on are not listed")]
        span: Span,
        /// How many.
        count: usize,
        /// How many are listed.
        limit: usize,
    },
}

impl Diagnostic {
    /// The stable code (e.g. `E301`).
    pub fn code(&self) -> String {
        miette::Diagnostic::code(self)
            .map(|c| c.to_string())
            .unwrap_or_default()
    }

    /// Whether the diagnostic is an error (not a warning).
    pub fn is_error(&self) -> bool {
        !matches!(
            miette::Diagnostic::severity(self),
            Some(miette::Severity::Warning | miette::Severity::Advice)
        )
    }

    /// Its severity as the reports write it: `error` or `warning`.
    pub fn severity_name(&self) -> &'static str {
        if self.is_error() { "error" } else { "warning" }
    }

    /// The fault of a tile set the user gave (`E217`), pointing into that
    /// set's file: where the catalog says, else at its start.
    pub fn of_tile_set(error: &crate::tiles::CatalogError) -> Diagnostic {
        let span = error
            .span
            .as_ref()
            .map_or_else(Span::default, |r| Span::new(r.start, r.end));
        Diagnostic::InvalidTileSet {
            span,
            reason: error.message.clone(),
        }
    }

    /// The primary span.
    pub fn span(&self) -> Span {
        use miette::Diagnostic as _;
        self.labels()
            .and_then(|mut l| l.next())
            .map(|l| Span::new(l.offset(), l.offset() + l.len()))
            .unwrap_or_default()
    }
}
