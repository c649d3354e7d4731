//! The Princess & the Dragon, played through the engine: what the dragon, the
//! fairy, the princess and the magic portal leave on the board, in the
//! supplies and in the scores (the 2000 Rio Grande rulebook, "The Princess &
//! the Dragon"), and the three rule options named by `Variants`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use carcref::board::Pos;
use carcref::figures::Figure;
use carcref::header::Header;
use carcref::parse;
use carcref::{Game, Player, TileCatalog, check};

/// The game after each turn of a record, by turn number (1-based index).
fn positions<'c>(src: &str, catalog: &'c TileCatalog) -> Vec<Game<'c>> {
    let parsed = parse(src);
    assert!(
        parsed[0].diagnostics.is_empty(),
        "{:?}",
        parsed[0].diagnostics
    );
    let record = &parsed[0].record;
    let (header, faults) = Header::read(record);
    assert!(faults.is_empty(), "{faults:?}");
    let mut game = Game::new(header.unwrap().setup(), catalog);
    let mut out = vec![game.clone()];
    for turn in &record.turns {
        game.play(turn)
            .unwrap_or_else(|v| panic!("turn {}: {v:?}", turn.number.value));
        out.push(game.clone());
    }
    out
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("notation/games/valid")
            .join(name),
    )
    .unwrap()
}

/// The codes of a record's faults, but `W101` (the turns after an illegal one
/// not checked).
fn codes(src: &str) -> Vec<String> {
    let catalog = TileCatalog::embedded().unwrap();
    let outcome = check("t.cgn", src, &catalog);
    let mut out: Vec<String> = outcome
        .games
        .iter()
        .flat_map(|g| g.diagnostics.iter().map(|d| d.code()))
        .filter(|c| c != "W101")
        .collect();
    out.sort();
    out.dedup();
    out
}

const ANN: Player = Player(0);
const BOB: Player = Player(1);

fn followers(game: &Game<'_>, p: Player) -> u8 {
    game.supplies().get(p).unwrap().count(Figure::Follower)
}

/// The rulebook's journey: six moves, in seat order from the tile's player,
/// the thief and the monk on its path sent home.
#[test]
fn the_rulebook_journey_sends_home_what_it_passes() {
    let catalog = TileCatalog::embedded().unwrap();
    let games = positions(&fixture("princess-and-dragon-journey.cgn"), &catalog);
    let before = games[8].princess_and_dragon().unwrap();
    // "The dragon starts in the lower right corner": the volcano of turn 1.
    assert_eq!(before.dragon(), Some(Pos::new(0, -1)));
    assert_eq!(followers(&games[8], BOB), 6);
    assert_eq!(followers(&games[8], Player(2)), 6);
    let after = games[9].princess_and_dragon().unwrap();
    assert_eq!(after.dragon(), Some(Pos::new(-2, 1)));
    assert_eq!(
        after.eaten(),
        [(BOB, Figure::Follower), (Player(2), Figure::Follower)]
    );
    assert_eq!(followers(&games[9], BOB), 7);
    assert_eq!(followers(&games[9], Player(2)), 7);
    // The score sheet lists the meal under its turn.
    let record = parse(&fixture("princess-and-dragon-journey.cgn"))
        .remove(0)
        .record;
    let replay = carcref::replay(&record, &catalog);
    assert_eq!(
        replay.dragon_meals,
        [(9, BOB, Figure::Follower), (9, Player(2), Figure::Follower)]
    );
    let mut sheet = String::new();
    carcref::report::sheet::write_sheet(&mut sheet, &record, &replay, replay.sheet().unwrap());
    assert!(
        sheet.contains("the dragon sends Bob's follower home"),
        "{sheet}"
    );
}

/// A dragon tile drawn before any volcano is set aside, out of the supply,
/// and goes back when the volcano is placed.
#[test]
fn dragon_tiles_wait_for_the_volcano() {
    let catalog = TileCatalog::embedded().unwrap();
    let games = positions(
        &fixture("princess-and-dragon-aside-and-volcano.cgn"),
        &catalog,
    );
    let pd7 = catalog.id("PD7").unwrap();
    let d = games[1].princess_and_dragon().unwrap();
    assert_eq!(d.aside(), [pd7]);
    assert_eq!(d.dragon(), None);
    assert_eq!(games[1].remaining_of(pd7), 0);
    let d = games[2].princess_and_dragon().unwrap();
    assert!(d.aside().is_empty());
    assert_eq!(d.dragon(), Some(Pos::new(1, 0)));
    assert_eq!(games[2].remaining_of(pd7), 1);
    // Turn 3: Bob's own thief eaten; turn 4: Ann's.
    assert_eq!(
        games[3].princess_and_dragon().unwrap().eaten(),
        [(BOB, Figure::Follower)]
    );
    assert_eq!(followers(&games[3], BOB), 7);
    assert_eq!(
        games[4].princess_and_dragon().unwrap().eaten(),
        [(ANN, Figure::Follower)]
    );
}

/// The fairy: 1 point at the start of Bob's turns, 3 with the road at the
/// end (the fixture's claims and Result hold the numbers); it stays on its
/// tile.
#[test]
fn the_fairy_pays_its_follower() {
    let catalog = TileCatalog::embedded().unwrap();
    let src = fixture("princess-and-dragon-fairy.cgn");
    assert!(codes(&src).is_empty(), "{:?}", codes(&src));
    let games = positions(&src, &catalog);
    let fairy = games[4].princess_and_dragon().unwrap().fairy().unwrap();
    assert_eq!(fairy.pos, Pos::new(-1, 0));
    assert_eq!(fairy.next_to, None);
    assert_eq!(games[5].score().get(BOB), Some(&0));
    assert_eq!(games[6].score().get(BOB), Some(&1));
    // Ann's farmer through the portal stands on 0,-1.
    assert_eq!(followers(&games[7], ANN), 5);
    // A wrong claim of the fairy's point is found.
    let wrong = src.replace("6. Bob B 2,-1 r0 =Bob+1", "6. Bob B 2,-1 r0 =Bob+0");
    assert_eq!(codes(&wrong), ["E501"]);
}

/// `fairy-next-follower`: the fairy goes next to a follower, and a tile
/// alone is refused; the points are the same here.
#[test]
fn the_fairy_next_to_a_follower_is_a_variant() {
    let src = fixture("princess-and-dragon-fairy.cgn");
    let variant = src.replace(
        "[CGN \"2\"]",
        "[CGN \"2\"]\n[Variants \"fairy-next-follower\"]",
    );
    assert_eq!(codes(&variant), ["E423"]);
    let next = variant.replace("+fairy:-1,0", "+fairy:-1,0/E");
    assert!(codes(&next).is_empty(), "{:?}", codes(&next));
    // Without the variant, next to a follower is refused.
    let plain = src.replace("+fairy:-1,0", "+fairy:-1,0/E");
    assert_eq!(codes(&plain), ["E423"]);
}

/// The princess must send a knight home (the 2000 text); `princess-may`
/// makes it a choice, and the player may then place a figure.
#[test]
fn the_princess_must_unless_the_variant_says_may() {
    let src = fixture("princess-and-dragon-princess.cgn");
    let catalog = TileCatalog::embedded().unwrap();
    let games = positions(&src, &catalog);
    assert_eq!(followers(&games[1], ANN), 6);
    assert_eq!(followers(&games[2], ANN), 7);
    // Without the knight sent home: E424.
    let none = src.replace(" princess:0,1/N =Bob+0 =Ann+0", "");
    assert_eq!(codes(&none), ["E424"]);
    // A figure after the princess: E424.
    let figure = src.replace("princess:0,1/N", "princess:0,1/N +E");
    assert_eq!(codes(&figure), ["E424"]);
    // With princess-may, no knight sent home and a thief instead; the city
    // then scores for Ann: 3 tiles × 2 (HiG-2012).
    let may = src
        .replace("[CGN \"2\"]", "[CGN \"2\"]\n[Variants \"princess-may\"]")
        .replace("princess:0,1/N =Bob+0 =Ann+0", "+E =Ann+6");
    assert!(codes(&may).is_empty(), "{:?}", codes(&may));
}

/// The princess and the builder: "If he removes the last knight from the city
/// that has a builder of the same color, he removes the builder, as well."
#[test]
fn the_builder_goes_with_the_last_knight() {
    let src = "[Players \"Ann, Bob\"]\n[Rules \"RGG-2000\"]\n\
               [Expansions \"traders-and-builders, princess-and-dragon\"]\n\
               [CGN \"2\"]\n[Termination \"interrupted\"]\n\n\
               1. Ann G 0,1 r90 +N\n2. Bob U 1,0 r0\n3. Ann F 0,2 r90 +builder:N\n\
               4. Bob PD9 0,3 r180 princess:0,1/N\n";
    assert!(codes(src).is_empty(), "{:?}", codes(src));
    let catalog = TileCatalog::embedded().unwrap();
    let games = positions(src, &catalog);
    let builders = |g: &Game<'_>| g.supplies().get(ANN).unwrap().count(Figure::Builder);
    assert_eq!(builders(&games[3]), 0);
    assert_eq!(builders(&games[4]), 1);
    assert_eq!(followers(&games[4], ANN), 7);
}

/// The dragon's journey comes after the scoring by the rule's text ("it is
/// scored as normal. Then … the Dragon moves"), before it with
/// `dragon-before-scoring`: the thief on the road the dragon tile completes
/// scores first, or is eaten first.
#[test]
fn the_dragon_moves_after_the_scoring_unless_the_variant_says_before() {
    let src = "[Players \"Ann, Bob\"]\n[Rules \"RGG-2000\"]\n\
               [Expansions \"princess-and-dragon\"]\n[CGN \"2\"]\n\
               [Termination \"interrupted\"]\n\n\
               1. Ann PD17 1,0 r0\n2. Bob U -1,0 r0 +E\n3. Ann W -2,0 r0\n\
               4. Bob PD7 2,0 r0 dragon:W dragon:W(Ann) dragon:W =Bob+5\n";
    assert!(codes(src).is_empty(), "{:?}", codes(src));
    let before = src
        .replace(
            "[CGN \"2\"]",
            "[CGN \"2\"]\n[Variants \"dragon-before-scoring\"]",
        )
        .replace("=Bob+5", "=Bob+0");
    assert!(codes(&before).is_empty(), "{:?}", codes(&before));
    let catalog = TileCatalog::embedded().unwrap();
    let games = positions(&before, &catalog);
    assert_eq!(
        games[4].princess_and_dragon().unwrap().eaten(),
        [(BOB, Figure::Follower)]
    );
    // Under the text the thief has gone home by the scoring: nothing eaten.
    let games = positions(src, &catalog);
    assert!(games[4].princess_and_dragon().unwrap().eaten().is_empty());
}

/// The dragon never enters the fairy's tile, and a follower through the
/// portal never goes where the dragon stands.
#[test]
fn the_fairy_bars_the_dragon_and_the_dragon_bars_the_portal() {
    // The rulebook journey with Chris's fairy on -1,-1 (where his monk is):
    // the third move (down onto it) is refused.
    let src = fixture("princess-and-dragon-journey.cgn")
        .replace("7. Chris E 0,1 r180", "7. Chris E 0,1 r180 +fairy:-1,-1");
    assert_eq!(codes(&src), ["E421"]);
    // A follower through the portal onto the volcano where the dragon is.
    let portal = "[Players \"Ann, Bob\"]\n[Rules \"HiG-2012\"]\n\
                  [Expansions \"princess-and-dragon\"]\n[CGN \"2\"]\n\
                  [Termination \"interrupted\"]\n\n\
                  1. Ann PD17 1,0 r0\n2. Bob PD8 -1,0 r0 +1,0/E\n";
    assert_eq!(codes(portal), ["E420"]);
    // Onto a feature a follower holds: the basic rule's E402.
    let held = "[Players \"Ann, Bob\"]\n[Rules \"HiG-2012\"]\n\
                [Expansions \"princess-and-dragon\"]\n[CGN \"2\"]\n\
                [Termination \"interrupted\"]\n\n\
                1. Ann U 1,0 r0 +E\n2. Bob PD8 0,-1 r0 +1,0/W\n";
    assert_eq!(codes(held), ["E402"]);
}

/// With The Tower: the dragon sends home a follower on top of a tower
/// (SPEC 6.7, "The meal"), the tower stays; a tower piece may then go on the
/// dragon's tile, a follower may not ("No follower may share a tile with the
/// dragon").
#[test]
fn the_dragon_eats_a_tower_guard_and_leaves_the_tower() {
    let src = "[Players \"Ann, Bob\"]\n[Rules \"HiG-2012\"]\n\
               [Expansions \"tower, princess-and-dragon\"]\n[CGN \"2\"]\n\
               [Termination \"interrupted\"]\n\n\
               1. Ann PD17 1,0 r0\n2. Bob TW2 0,-1 r0 +tower:T\n\
               3. Ann U -1,0 r0 +0,-1/T\n\
               4. Bob PD16 -2,0 r0 dragon:W dragon:S(Ann)\n\
               5. Ann U -3,0 r0 +tower:0,-1/T\n";
    assert!(codes(src).is_empty(), "{:?}", codes(src));
    let catalog = TileCatalog::embedded().unwrap();
    let games = positions(src, &catalog);
    let tower = |g: &Game<'_>| *g.towers().unwrap().tower(Pos::new(0, -1)).unwrap();
    assert!(tower(&games[3]).guard.is_some());
    assert_eq!(followers(&games[3], ANN), 6);
    assert_eq!(tower(&games[4]).guard, None);
    assert_eq!(tower(&games[4]).height, 1);
    assert_eq!(followers(&games[4], ANN), 7);
    assert_eq!(tower(&games[5]).height, 2);
    let guard = src.replace("+tower:0,-1/T", "+0,-1/T");
    assert_eq!(codes(&guard), ["E420"]);
}
