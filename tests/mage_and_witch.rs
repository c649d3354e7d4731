#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
//! Mage & Witch on small positions: where the magic pawns may go, when a
//! step is due, what they make of the points of the roads and cities they
//! stand on, and when they leave the board (SPEC 6.10), each rule with the
//! rulebook's words.

mod common;

use carcref::board::Pos;
use carcref::rules::expansions::mage_and_witch::Pawn;
use carcref::score::ScoreReason;
use carcref::{Game, TileCatalog, check};

const HEADER: &str = "[Players \"Alice, Bob\"]\n[Rules \"HiG-2012\"]\n\
                      [Expansions \"mage-and-witch\"]\n[CGN \"2\"]\n[Termination \"adjudicated\"]\n\n";

/// Checks a game of the turns given: its error codes (but `W101`), and its
/// final totals.
fn play(turns: &str) -> (Vec<String>, Vec<u32>) {
    common::codes_and_totals(&format!("{HEADER}{turns}"))
}

/// The game after the turns given, every one legal.
fn position<'c>(turns: &str, catalog: &'c TileCatalog) -> Game<'c> {
    common::position(&format!("{HEADER}{turns}"), catalog)
}

/// Where a pawn stands: its square and spot.
fn stand(game: &Game<'_>, pawn: Pawn) -> Option<(Pos, String)> {
    let s = game.magic()?.stand(pawn)?;
    Some((s.pos, game.pawn_spot(s)?.to_string()))
}

/// The mage, and a thief of Alice's, on the road from the start tile (0,0)
/// through a curve at 1,0: its W end and its S end still open.
const MAGE_ON_A_ROAD: &str = "1. Alice MW7 1,0 r0 mage:1,0/W +W\n";

/// The mage on the road end 0,1 E, the witch on the start tile's road,
/// which runs on to 1,0 and turns north there: a tile at 1,1 joins the two.
const APART: &str = "1. Alice MW1 0,1 r180 mage:0,1/E\n2. Bob V 1,0 r90\n\
                     3. Alice MW5 0,-1 r90 witch:0,0/W\n";

#[test]
fn the_mage_adds_a_point_a_tile_to_a_completed_road() {
    // "The mage gives 1 point per tile in the scored feature": Alice's road
    // of 4 tiles scores 4, and the mage 4 more.
    let (codes, totals) = play(&format!(
        "{MAGE_ON_A_ROAD}2. Bob A -1,0 r270\n3. Alice A 1,-1 r180 =Alice+8\n"
    ));
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(totals, [8, 0]);
}

#[test]
fn the_witch_halves_a_completed_road_rounded_up() {
    // "The witch divides in half the points of the scored feature (rounded
    // up, in favor of the player)": 4 points, 2.
    let (codes, totals) = play(
        "1. Alice MW7 1,0 r0 witch:1,0/W +W\n2. Bob MW1 -1,0 r0 mage:-1,0/N\n\
         3. Alice A 1,-1 r180 =Alice+2\n",
    );
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(totals, [2, 0]);
}

#[test]
fn the_pawns_count_at_the_end_too() {
    // "The effect of the mage and the witch still applies during the final
    // scoring": Alice's incomplete road of 2 tiles, 2 points and the mage's
    // 2; the score lists the mage's points as an item of their own.
    let catalog = TileCatalog::embedded().unwrap();
    let src = format!("{HEADER}{MAGE_ON_A_ROAD}");
    let outcome = check("magic.cgn", &src, &catalog);
    let game = &outcome.games[0];
    assert!(game.diagnostics.is_empty(), "{:?}", game.diagnostics);
    assert_eq!(game.score().unwrap().totals, [4, 0]);
    let replay = game.replay.as_ref().unwrap();
    let reasons: Vec<ScoreReason> = replay.events.iter().map(|e| e.reason).collect();
    assert_eq!(reasons, [ScoreReason::Incomplete, ScoreReason::Mage]);
    // The witch on an incomplete road of 2 tiles: 1 point.
    let (codes, totals) = play("1. Alice MW7 1,0 r0 witch:1,0/W +W\n");
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(totals, [1, 0]);
}

#[test]
fn a_pawn_leaves_the_board_with_its_feature_completed() {
    // "After affecting a scored feature, the magic pawn is removed from the
    // board and will be able to return into play when another Magic tile is
    // placed." Also a feature completed without a follower: the mage on the
    // city 0,1 N leaves when Bob closes it.
    let catalog = TileCatalog::embedded().unwrap();
    let game = position("1. Alice MW5 0,1 r0 mage:0,1/N\n", &catalog);
    assert_eq!(stand(&game, Pawn::Mage), Some((Pos::new(0, 1), "N".into())));
    let game = position(
        "1. Alice MW5 0,1 r0 mage:0,1/N\n2. Bob E 0,2 r180\n",
        &catalog,
    );
    assert_eq!(stand(&game, Pawn::Mage), None);
    // The mage is back with the next magic tile.
    let game = position(
        "1. Alice MW5 0,1 r0 mage:0,1/N\n2. Bob E 0,2 r180\n3. Alice MW7 1,0 r0 mage:0,0/W\n",
        &catalog,
    );
    // The road reaches E and W of the start tile: named by its first spot.
    assert_eq!(stand(&game, Pawn::Mage), Some((Pos::new(0, 0), "E".into())));
}

#[test]
fn a_magic_tile_places_or_moves_a_pawn_before_the_figure() {
    // "Before placing one of his followers, the player must place or move
    // either the mage or the witch … on an incomplete road or an incomplete
    // city."
    for (turns, code) in [
        // Not written.
        ("1. Alice MW7 1,0 r0 +W\n", "E428"),
        // After the figure.
        ("1. Alice MW7 1,0 r0 +W mage:1,0/W\n", "E427"),
        // Twice.
        ("1. Alice MW7 1,0 r0 mage:1,0/W witch:1,0/N\n", "E427"),
        // In a field; on a completed city (the start tile's, closed by MW5).
        ("1. Alice MW7 1,0 r0 mage:1,0/SSW\n", "E427"),
        ("1. Alice MW5 0,1 r0 mage:0,0/N\n", "E427"),
        // On no tile; with a player written.
        ("1. Alice MW7 1,0 r0 mage:5,5/N\n", "E427"),
        ("1. Alice MW7 1,0 r0 mage:1,0/W(Alice)\n", "E427"),
        // Off the board while a road or city may take it.
        ("1. Alice MW7 1,0 r0 mage:-\n", "E427"),
        // Without a magic tile, nothing joined.
        ("1. Alice U 1,0 r0 mage:1,0/E\n", "E427"),
    ] {
        let (codes, _) = play(turns);
        assert_eq!(codes, [code], "{turns}");
    }
}

#[test]
fn the_mage_and_the_witch_never_share_a_feature() {
    // "The mage and the witch can never occupy the same city or road." The
    // witch cannot join the mage on his road, from the box or moved; a pawn
    // moves to another feature than its own.
    let (codes, _) = play(&format!("{MAGE_ON_A_ROAD}2. Bob MW1 -1,0 r0 witch:0,0/E\n"));
    assert_eq!(codes, ["E427"]);
    let (codes, _) = play(&format!("{MAGE_ON_A_ROAD}2. Bob MW1 -1,0 r0 mage:0,0/E\n"));
    assert_eq!(codes, ["E427"]);
    // Moved elsewhere, or the witch put in the new city: both fine.
    let (codes, _) = play(&format!("{MAGE_ON_A_ROAD}2. Bob MW1 -1,0 r0 mage:-1,0/N\n"));
    assert!(codes.is_empty(), "{codes:?}");
    let (codes, _) = play(&format!(
        "{MAGE_ON_A_ROAD}2. Bob MW1 -1,0 r0 witch:-1,0/N\n"
    ));
    assert!(codes.is_empty(), "{codes:?}");
}

#[test]
fn a_tile_joining_their_features_moves_one_of_them() {
    // "Special case: If after placing a tile the mage and the witch end up in
    // the same city or on the same road, the active player must move one of
    // them." Bob's curve at 1,1 joins the mage's road end to the witch's road.
    let catalog = TileCatalog::embedded().unwrap();
    let game = position(APART, &catalog);
    assert_eq!(stand(&game, Pawn::Mage), Some((Pos::new(0, 1), "E".into())));
    assert_eq!(
        stand(&game, Pawn::Witch),
        Some((Pos::new(0, 0), "E".into()))
    );
    let (codes, _) = play(&format!("{APART}4. Bob V 1,1 r0\n"));
    assert_eq!(codes, ["E428"]);
    // Moved onto the witch's road again, or taken off while cities are open.
    let (codes, _) = play(&format!("{APART}4. Bob V 1,1 r0 mage:1,0/N\n"));
    assert_eq!(codes, ["E427"]);
    let (codes, _) = play(&format!("{APART}4. Bob V 1,1 r0 witch:-\n"));
    assert_eq!(codes, ["E427"]);
    // The mage to the open city cap of 0,-1.
    let game = position(&format!("{APART}4. Bob V 1,1 r0 mage:0,-1/E\n"), &catalog);
    assert_eq!(
        stand(&game, Pawn::Mage),
        Some((Pos::new(0, -1), "E".into()))
    );
    assert_eq!(
        stand(&game, Pawn::Witch),
        Some((Pos::new(0, 0), "E".into()))
    );
}

#[test]
fn a_pawn_on_a_feature_completed_by_the_joining_tile_moves_before_the_scoring() {
    // "If this same placement also results in scoring completed features,
    // the magic pawn is moved before scoring the feature(s)." The mage's road
    // and the witch's, joined and completed by Alice's tile with a thief of
    // Bob's on it: the witch moved away, the mage raises the road.
    let turns = "1. Alice MW1 0,1 r180 mage:0,1/E\n2. Bob V 1,0 r90 +N\n\
                 3. Alice MW5 0,-1 r90 witch:0,0/W\n4. Bob A -1,0 r270\n";
    // The road: 0,1 E end, 1,1, 1,0, 0,0, -1,0: 5 tiles, 5 points to Bob's
    // thief, and the mage 5 more.
    let (codes, totals) = play(&format!("{turns}5. Alice V 1,1 r0 witch:0,-1/E\n"));
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(totals, [0, 10]);
    // The mage moved away, the witch halves it: 3.
    let (codes, totals) = play(&format!("{turns}5. Alice V 1,1 r0 mage:0,-1/E\n"));
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(totals, [0, 3]);
}

#[test]
fn a_two_tile_city_under_the_2000_rules() {
    // The rulebook of Mage & Witch (2012) does not speak of the 2000 rules'
    // two-tile city ("a 2 tile city does not get 2 points per tile"). The
    // referee's reading: the mage adds 1 point per tile to whatever the
    // edition makes of the city, the witch halves it: 2 + 2 and 1 under
    // RGG-2000, 4 + 2 and 2 under HiG-2012.
    let catalog = TileCatalog::embedded().unwrap();
    for (rules, pawn, bob) in [
        ("RGG-2000", "mage", 4),
        ("RGG-2000", "witch", 1),
        ("HiG-2012", "mage", 6),
        ("HiG-2012", "witch", 2),
    ] {
        let src = format!(
            "[Players \"Alice, Bob\"]\n[Rules \"{rules}\"]\n[Expansions \"mage-and-witch\"]\n\
             [CGN \"2\"]\n[Termination \"adjudicated\"]\n\n\
             1. Alice MW7 1,0 r0 {pawn}:0,0/N\n2. Bob E 0,1 r180 +S =Bob+{bob}\n"
        );
        let outcome = check("magic.cgn", &src, &catalog);
        let game = &outcome.games[0];
        assert!(
            game.diagnostics.is_empty(),
            "{rules} {pawn}: {:?}",
            game.diagnostics
        );
        assert_eq!(game.score().unwrap().totals, [0, bob], "{rules} {pawn}");
    }
}

/// The mage on the start tile's city; then every road and city of the board
/// completed, and a magic tile that completes the mage's city and its own.
const NO_PLACE_LEFT: &str = "1. Alice MW6 1,0 r90 mage:0,0/N\n2. Bob A -1,0 r270\n\
                             3. Alice E 1,1 r180\n4. Bob E 2,0 r270\n5. Alice E 1,-1 r0\n\
                             6. Bob B 1,2 r0\n7. Alice E 0,2 r180\n";

#[test]
fn a_pawn_leaves_the_board_where_no_place_is_left() {
    // "whenever a Magic tile is placed, either the mage or the witch must be
    // placed or moved; if this is not possible (for instance, because the
    // magic pawn cannot be placed in any city or road), the player must
    // remove one of the two magic pawns from play." Bob's MW5 completes the
    // mage's city and its own: no road or city is left open.
    let catalog = TileCatalog::embedded().unwrap();
    let game = position(
        &format!("{NO_PLACE_LEFT}8. Bob MW5 0,1 r0 mage:-\n"),
        &catalog,
    );
    assert_eq!(stand(&game, Pawn::Mage), None);
    for (turn, code) in [
        // Not written; the witch, not on the board.
        ("8. Bob MW5 0,1 r0\n", "E428"),
        ("8. Bob MW5 0,1 r0 witch:-\n", "E427"),
        // The mage's own city, completed.
        ("8. Bob MW5 0,1 r0 witch:0,0/N\n", "E427"),
    ] {
        let (codes, _) = play(&format!("{NO_PLACE_LEFT}{turn}"));
        assert_eq!(codes, [code], "{turn}");
    }
    // With no pawn on the board and no place, a magic tile writes nothing.
    let none = NO_PLACE_LEFT.replace(" mage:0,0/N", " mage:1,0/N");
    let (codes, _) = play(&format!("{none}8. Bob MW5 0,1 r0\n"));
    assert!(codes.is_empty(), "{codes:?}");
}

#[test]
fn show_says_where_the_pawns_stand() {
    // Before the junction completes both roads, the mage stands on Red's
    // road and the witch on Blue's; after it, both have left the board.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = "notation/games/valid/mage-and-witch-two-roads.cgn";
    let (code, out, err) = common::run_carcref(root, &["show", "--turn", "7", file], b"");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("the mage: at 0,0 E; the witch: at 0,-1 E"),
        "{out}"
    );
    let (code, out, err) = common::run_carcref(root, &["show", file], b"");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("the mage: off the board; the witch: off the board"),
        "{out}"
    );
    let (code, out, err) = common::run_carcref(
        root,
        &["show", "--format", "json", "--turn", "7", file],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["mage"], "0,0 E");
    assert_eq!(doc["witch"], "0,-1 E");
    // At the end, Red's road scored 3 and the mage's 3; Blue's, halved, 3.
    let (code, out, err) = common::run_carcref(root, &["show", "--format", "json", file], b"");
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let scored = |at: &str| {
        doc["features"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["at"] == at)
            .unwrap()["scored"]["points"]
            .clone()
    };
    assert_eq!(scored("0,0 E"), serde_json::json!({"Red": 6}));
    assert_eq!(scored("0,-1 E"), serde_json::json!({"Blue": 3}));
    assert!(doc["mage"].is_null() && doc["witch"].is_null(), "{doc}");
}

#[test]
fn moves_lists_the_pawn_steps() {
    // Blue's magic tile of turn 6: the mage or the witch onto any incomplete
    // road or city, Red's road among them (as the record has it).
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = "notation/games/valid/mage-and-witch-two-roads.cgn";
    let args = ["moves", "--format", "json", "--turn", "6", file];
    let (code, out, err) = common::run_carcref(root, &args, b"");
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let placement =
        common::listed_placement(&doc, Pos::new(0, 1), carcref::tiles::Rotation::R0).unwrap();
    let magic: Vec<&str> = placement["magic"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert!(magic.contains(&"mage:0,0/E"), "{magic:?}");
    assert!(magic.contains(&"witch:N"), "{magic:?}");
    // The city the tile completes (the start tile's) is no place.
    assert!(!magic.contains(&"mage:0,0/N"), "{magic:?}");
    let (code, out, _) = common::run_carcref(root, &["moves", "--turn", "6", file], b"");
    assert_eq!(code, 0);
    assert!(out.contains("magic pawn: "), "{out}");
}

#[test]
fn the_svg_picture_draws_the_pawns_and_keys_them() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = "notation/games/valid/mage-and-witch-two-roads.cgn";
    let args = ["show", "--turn", "7", "--svg", "-", file];
    let (code, svg, err) = common::run_carcref(root, &args, b"");
    assert_eq!(code, 0, "{err}");
    for class in ["class=\"mage\"", "class=\"witch\"", "class=\"magic\""] {
        assert_eq!(
            svg.matches(class).count(),
            if class.contains("magic") { 2 } else { 1 },
            "{class}"
        );
    }
    for item in [
        "data-item=\"mage\"",
        "data-item=\"witch\"",
        "data-item=\"magic\"",
    ] {
        assert!(svg.contains(item), "{item}");
    }
    // At the end both have left the board: neither is drawn nor keyed.
    let (_, svg, _) = common::run_carcref(root, &["show", "--svg", "-", file], b"");
    assert!(!svg.contains("class=\"mage\"") && !svg.contains("data-item=\"witch\""));
}
