#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
//! The Ferries on small positions: which ferries a tile lets its player
//! move, what a move splits and joins, and how the other expansions meet
//! them (SPEC 6.12), each rule with the rulebook's words.

mod common;

use carcref::figures::Figure;
use carcref::notation::write;
use carcref::parse;
use carcref::{Game, Player, Pos, Rotation, Side, TileCatalog};

fn header(expansions: &str) -> String {
    format!(
        "[Players \"Ann, Bob\"]\n[Rules \"HiG-2012\"]\n[Expansions \"{expansions}\"]\n\
         [CGN \"2\"]\n[Termination \"adjudicated\"]\n\n"
    )
}

/// Checks a game of the turns given: its error codes (but `W101`), and its
/// final totals.
fn play_with(expansions: &str, turns: &str) -> (Vec<String>, Vec<u32>) {
    common::codes_and_totals(&format!("{}{turns}", header(expansions)))
}

/// Each case's steps, written on the turn `turn` makes of them after
/// `before`, give the codes listed.
fn codes_each(before: &str, turn: impl Fn(&str) -> String, cases: &[(&str, Vec<&str>)]) {
    for (steps, codes) in cases {
        let (got, _) = play(&format!("{before}{}\n", turn(steps)));
        assert_eq!(&got, codes, "{steps}");
    }
}

fn play(turns: &str) -> (Vec<String>, Vec<u32>) {
    play_with("ferries", turns)
}

/// The game after the turns given, every one legal.
fn position<'c>(expansions: &str, turns: &str, catalog: &'c TileCatalog) -> Game<'c> {
    common::position(&format!("{}{turns}", header(expansions)), catalog)
}

/// Two lakes: at 1,0 its ferry joins the start tile's road (west) to the
/// east road; at 2,-1 its ferry joins the north road to the south one. A
/// curve at 2,0 continues both the lake at 1,0's east road (west) and the
/// lake at 2,-1's north road (south).
const TWO_LAKES: &str = "1. Ann FR2 1,0 r0 ferry:EW\n2. Bob U 1,-1 r90\n\
                         3. Ann FR2 2,-1 r270 ferry:NS\n";

#[test]
fn the_first_ferry_in_each_continued_direction_may_move() {
    // "If, by a placing a tile, you continue the road in more than one
    // direction, you may move the first ferry encountered in each continued
    // direction." Moves are optional; each lake once a turn.
    let cases = [
        ("", vec![]),
        ("ferry:1,0/SW", vec![]),
        ("ferry:2,-1/NE", vec![]),
        ("ferry:1,0/SW ferry:2,-1/NE", vec![]),
        ("ferry:2,-1/NE ferry:1,0/SE", vec![]),
        ("ferry:2,-1/NE ferry:2,-1/ES", vec!["E434"]),
        // "The ferry must always connect two road sections": two ends of
        // the lake, other than before.
        ("ferry:1,0/NS", vec!["E434"]),
        ("ferry:2,-1/SN", vec!["E434"]),
        // The new tile has no lake: no ferry of its own.
        ("ferry:SW", vec!["E433"]),
    ];
    codes_each(
        TWO_LAKES,
        |steps| format!("4. Bob V 2,0 r0 {steps}"),
        &cases,
    );
}

#[test]
fn only_the_first_ferry_along_a_road_may_move() {
    // "Starting from the new tile, only the first ferry encountered on that
    // road can be moved": from the junction at -2,0 the start road runs
    // east through the lake at -1,0 (ferried east–west) to the lake at 1,0;
    // only the lake at -1,0 is met first. Once it is moved, the walk made
    // again ends in that lake (its west end no longer ferried): the lake at
    // 1,0 is never met.
    let road = "1. Ann FR2 1,0 r0 ferry:EW\n2. Bob FR2 -1,0 r0 ferry:EW\n";
    let cases = [
        ("ferry:-1,0/EW", vec!["E434"]),
        ("ferry:-1,0/SW", vec![]),
        ("ferry:1,0/SW", vec!["E434"]),
        ("ferry:-1,0/SE ferry:1,0/SW", vec!["E434"]),
        ("ferry:-1,0/SW ferry:1,0/SW", vec!["E434"]),
    ];
    codes_each(road, |steps| format!("3. Ann W -2,0 r0 {steps}"), &cases);
}

#[test]
fn the_new_ferry_is_set_before_any_move_and_never_moved() {
    // "If by placing a tile with a lake you continue a road with a ferry,
    // you will first place the new ferry, and then you will be able to move
    // the ferry"; "A ferry may only be placed (or moved) once per turn".
    let cases = [
        ("ferry:EW ferry:1,0/SW", vec![]),
        ("ferry:1,0/SW ferry:EW", vec!["E434"]),
        ("ferry:EW ferry:SW", vec!["E433"]),
        ("ferry:EW ferry:2,0/SW", vec!["E433"]),
    ];
    codes_each(
        "1. Ann FR2 1,0 r0 ferry:EW\n",
        |steps| format!("2. Bob FR2 2,0 r0 {steps}"),
        &cases,
    );
}

#[test]
fn a_move_splits_a_road_and_each_part_keeps_its_followers() {
    // Rulebook example 3: "As a result, Green and Yellow are no longer on
    // the same road." Ann's thief at 1,0 E and Bob's at -1,0 E shared the
    // road; after the move each is on a road of its own.
    let catalog = TileCatalog::embedded().unwrap();
    let base = "1. Ann B 0,-1 r0\n2. Bob W -1,0 r0 +E\n3. Ann A 1,-1 r180\n\
                4. Bob B 0,-2 r0\n5. Ann FR2 1,0 r0 +E ferry:EW\n";
    let node = |game: &Game<'_>, pos: Pos, side: Side| {
        let placed = game.board().at(pos).unwrap();
        let def = catalog.def(placed.tile);
        let seg = def.at(placed.rotation).faces.side(side).segment;
        carcref::features::node_of(placed, seg)
    };
    let before = position("ferries", base, &catalog);
    let f = before.features();
    let ann = node(&before, Pos::new(1, 0), Side::East);
    let bob = node(&before, Pos::new(-1, 0), Side::East);
    assert_eq!(f.root(ann), f.root(bob));
    assert_eq!(f.feature(ann).unwrap().followers().count(), 2);
    let after = position(
        "ferries",
        &format!("{base}6. Bob V 2,0 r0 ferry:1,0/SW =Bob+4\n"),
        &catalog,
    );
    let f = after.features();
    assert_ne!(f.root(ann), f.root(bob));
    // Bob's part, ended by the monastery and the junction, was completed and
    // scored: his thief is home. Ann's part runs on to 2,0, open.
    let owners: Vec<Player> = f
        .feature(ann)
        .unwrap()
        .followers()
        .map(|x| x.player)
        .collect();
    assert_eq!(owners, [Player(0)]);
    assert!(!f.feature(ann).unwrap().is_complete());
    assert!(f.feature(bob).unwrap().is_complete());
    assert_eq!(f.feature(bob).unwrap().followers().count(), 0);
    assert_eq!(f.tile_count(ann), 2);
    assert_eq!(f.tile_count(bob), 4);
}

#[test]
fn a_builder_split_from_its_owners_follower_goes_home() {
    // A builder stands with its owner's follower (Traders & Builders): the
    // move at turn 6 leaves Bob's builder, on the curve at 2,0, on a road
    // without his thief, and it goes back to his supply; he places it again
    // at once.
    let catalog = TileCatalog::embedded().unwrap();
    let turns = "1. Ann B 0,-1 r0\n2. Bob W -1,0 r0 +E\n3. Ann A 1,-1 r180\n\
                 4. Bob B 0,-2 r0\n5. Ann FR2 1,0 r0 ferry:EW\n\
                 6. Bob V 2,0 r0 +builder:W\n7. Ann U 2,-1 r90 ferry:1,0/SW =Bob+4\n";
    let game = position("traders-and-builders, ferries", turns, &catalog);
    let bob = *game.supplies().get(Player(1)).unwrap();
    assert_eq!(bob.count(Figure::Builder), 1);
    assert_eq!(bob.count(Figure::Follower), 7);
    // Without the move the builder stays.
    let stays = "1. Ann B 0,-1 r0\n2. Bob W -1,0 r0 +E\n3. Ann A 1,-1 r180\n\
                 4. Bob B 0,-2 r0\n5. Ann FR2 1,0 r0 ferry:EW\n\
                 6. Bob V 2,0 r0 +builder:W\n7. Ann U 2,-1 r90\n";
    let game = position("traders-and-builders, ferries", stays, &catalog);
    assert_eq!(
        game.supplies()
            .get(Player(1))
            .unwrap()
            .count(Figure::Builder),
        0
    );
}

#[test]
fn a_lake_is_no_inn() {
    // With Inns & Cathedrals: "Lakes (onto which ferries are placed) are not
    // inns. A road that only contains a ferry and no inns is only worth 1
    // point per tile." Rulebook example 1's road: 4 tiles, 4 points.
    let turns = "1. Ann B 0,-1 r0\n2. Bob W -1,0 r0 +E\n3. Ann A 1,-1 r180\n\
                 4. Bob B 0,-2 r0\n5. Ann FR2 1,0 r0 ferry:SW =Bob+4\n";
    let (codes, totals) = play_with("inns-and-cathedrals, ferries", turns);
    assert_eq!(codes, Vec::<String>::new());
    assert_eq!(totals, [0, 4]);
}

#[test]
fn ferry_ends_read_in_either_order_and_are_written_in_compass_order() {
    let src = format!(
        "{}1. Ann FR2 1,0 r0 ferry:WE\n2. Bob V 2,0 r0 ferry:1,0/WS\n",
        header("ferries")
    );
    let parsed = parse(&src);
    assert!(parsed[0].diagnostics.is_empty());
    let text = write::write(&[write::canonical(&parsed[0].record)]);
    assert!(text.contains("1. Ann FR2 1,0 r0 ferry:EW\n"), "{text}");
    assert!(text.contains("2. Bob V 2,0 r0 ferry:1,0/SW\n"), "{text}");
    let (codes, _) = play("1. Ann FR2 1,0 r0 ferry:WE\n2. Bob V 2,0 r0 ferry:1,0/WS\n");
    assert_eq!(codes, Vec::<String>::new());
}

#[test]
fn a_ferry_outside_the_ferries_is_an_unknown_action() {
    let (codes, _) = play_with("", "1. Ann W 1,0 r0 ferry:EW\n");
    assert_eq!(codes, ["E410"]);
}

/// The mage on the lake at 1,0's east road, the witch on its south road
/// (with Bob's thief): Ann's curve at 2,0 continues the east road, and her
/// move joins it to the south road.
const PAWNS_JOINED: &str = "1. Ann FR2 1,0 r0 ferry:EW\n2. Bob U 1,-1 r90 +N\n\
                            3. Ann MW5 0,1 r0 witch:1,-1/N\n4. Bob MW1 0,2 r180 mage:1,0/E\n\
                            5. Ann V 2,0 r0 ferry:1,0/SE\n";

#[test]
fn pawns_a_ferry_joins_are_parted_by_the_next_tile() {
    // Mage & Witch: "If after placing a tile the mage and the witch end up in
    // the same city or on the same road, the active player must move one of
    // them": the move joined them after the figures, so the next tile's turn
    // moves one (as JCloisterZone does).
    let (codes, _) = play_with(
        "mage-and-witch, ferries",
        &format!("{PAWNS_JOINED}6. Bob U -1,0 r0\n"),
    );
    assert_eq!(codes, ["E428"]);
    let (codes, _) = play_with(
        "mage-and-witch, ferries",
        &format!("{PAWNS_JOINED}6. Bob U -1,0 r0 mage:-1,0/E\n"),
    );
    assert_eq!(codes, Vec::<String>::new());
}

#[test]
fn pawns_sharing_a_road_add_the_mage_then_halve() {
    // Both on Bob's road at the end (3 tiles: 1,-1, 1,0, 2,0): the mage's 3
    // are added first and the witch halves the total, rounded up: (3 + 3) / 2
    // = 3, not half the road and then the mage's (2 + 3).
    let (codes, totals) = play_with("mage-and-witch, ferries", PAWNS_JOINED);
    assert_eq!(codes, Vec::<String>::new());
    assert_eq!(totals, [0, 3]);
}

#[test]
fn moves_lists_the_new_ferries_and_the_moves_they_open() {
    // The ferry steps `moves` lists for the placement of the turn's tile at
    // `pos`, turned `rotation`.
    let listed = |turn: &str, pos: Pos, rotation: Rotation| -> Vec<String> {
        let file = "notation/games/valid/ferries-rulebook-3.cgn";
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let args = ["moves", "--format", "json", file, "--turn", turn];
        let (code, out, err) = common::run_carcref(dir, &args, b"");
        assert_eq!(code, 0, "{err}");
        let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
        let placement = common::listed_placement(&doc, pos, rotation).unwrap();
        placement["ferries"]
            .as_array()
            .map(|a| a.iter().map(|s| s.as_str().unwrap().to_string()).collect())
            .unwrap_or_default()
    };
    // Rulebook example 3's turn: the curve at 2,0 continues the road the
    // ferry at 1,0 joins; the ferry may go to join south and east, or south
    // and west.
    assert_eq!(
        listed("6", Pos::new(2, 0), Rotation::R0),
        ["ferry:1,0/SE", "ferry:1,0/SW"]
    );
    // A tile meeting no ferry lists none.
    assert_eq!(
        listed("6", Pos::new(0, -3), Rotation::R0),
        Vec::<String>::new()
    );
    // A lake tile meeting no other ferry: each new ferry alone.
    assert_eq!(
        listed("5", Pos::new(1, 0), Rotation::R0),
        ["ferry:SE", "ferry:EW", "ferry:SW"]
    );
}

#[test]
fn a_reopened_road_scores_again_when_completed_again() {
    // "By moving ferries, it is possible to reopen a closed road": in the
    // fixture `ferries-reopen`, the road from the monastery at 1,-1 to the
    // lake was completed (Red's thief: 2) at turn 5, then joined by the move
    // of turn 7 to the road running on through 2,0 and 2,-1. Blue's tile at
    // 2,-2 ends that road and his thief on it scores the whole of it: 1,-1,
    // 1,0, 2,0, 2,-1 and 2,-2, 5 points; its first part scores a second time.
    let fixture = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/notation/games/valid/ferries-reopen.cgn"
    ))
    .unwrap();
    let src = format!(
        "{}8. Blue A 2,-2 r180 +N =Blue+5\n",
        fixture.replace("[Result \"Red 2, Blue 3\"]\n", "")
    );
    let (codes, totals) = common::codes_and_totals(&src);
    assert_eq!(codes, Vec::<String>::new());
    assert_eq!(totals, [2, 8]);
}

#[test]
fn ingots_on_a_road_a_ferry_completes_are_handed_out() {
    // The Gold Mines: "When a feature is completed, the gold ingots on the
    // tiles forming the completed feature are taken by the player". The gold
    // mine at 0,-2 sets its second ingot on the monastery at 1,-1; the lake
    // tile's ferry joins Blue's road to the monastery's (rulebook example 1),
    // completing it over 1,-1: Blue takes that ingot (the take written, and
    // checked), worth 1 at the end. Joining the other ends instead leaves
    // Blue's road ending in the lake, without that tile: no ingot is handed
    // out, and a take written is a fault.
    let before = "1. Ann B 0,-1 r0\n2. Bob W -1,0 r0 +E\n3. Ann A 1,-1 r180\n\
                  4. Bob GO2 0,-2 r180 gold:1,-1\n";
    let (codes, totals) = play_with(
        "gold-mines, ferries",
        &format!("{before}5. Ann FR2 1,0 r0 ferry:SW ingot:1,-1 =Bob+4\n"),
    );
    assert_eq!(codes, Vec::<String>::new());
    assert_eq!(totals, [0, 5]);
    let (codes, _) = play_with(
        "gold-mines, ferries",
        &format!("{before}5. Ann FR2 1,0 r0 ferry:EW ingot:1,-1 =Bob+3\n"),
    );
    assert_eq!(codes, ["E509"]);
}
