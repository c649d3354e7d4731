//! The Tower, played through the engine: what each action leaves on the board
//! and in the players' supplies (the 2000 Rio Grande rulebook, "The Tower").
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use carcref::figures::Figure;
use carcref::header::Header;
use carcref::parse;
use carcref::{Game, Player, TileCatalog};

/// A record read without fault, and its game before its first turn.
fn read<'c>(src: &str, catalog: &'c TileCatalog) -> (carcref::notation::GameRecord, Game<'c>) {
    let mut parsed = parse(src);
    assert!(
        parsed[0].diagnostics.is_empty(),
        "{:?}",
        parsed[0].diagnostics
    );
    let record = parsed.swap_remove(0).record;
    let (header, faults) = Header::read(&record);
    assert!(faults.is_empty(), "{faults:?}");
    let game = Game::new(header.unwrap().setup(), catalog);
    (record, game)
}

/// The game after each turn of a record, by turn number (1-based index).
fn positions<'c>(src: &str, catalog: &'c TileCatalog) -> Vec<Game<'c>> {
    let (record, mut game) = read(src, catalog);
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

const ANN: Player = Player(0);
const BOB: Player = Player(1);

fn followers(game: &Game<'_>, p: Player) -> u8 {
    game.supplies().get(p).unwrap().count(Figure::Follower)
}

#[test]
fn pieces_prisoners_and_a_ransom() {
    let catalog = TileCatalog::embedded().unwrap();
    let games = positions(&fixture("tower-prisoner-and-ransom.cgn"), &catalog);
    // "2 players: 10 pieces"
    let t = games[0].towers().unwrap();
    assert_eq!(t.pieces().get(ANN), Some(&10));
    // Turn 2: Bob's piece, the tower of height 1, Ann's thief his prisoner.
    let t = games[2].towers().unwrap();
    assert_eq!(t.pieces().get(BOB), Some(&9));
    assert_eq!(t.tower(carcref::Pos::new(1, 1)).unwrap().height, 1);
    assert_eq!(t.prisoners().len(), 1);
    assert_eq!(
        (t.prisoners()[0].jailer, t.prisoners()[0].owner),
        (BOB, ANN)
    );
    assert_eq!(followers(&games[2], ANN), 6);
    // Turn 5: Ann pays 3 and places the ransomed thief at once.
    assert_eq!(games[5].score().get(ANN), Some(&1));
    assert_eq!(games[5].score().get(BOB), Some(&3));
    assert!(games[5].towers().unwrap().prisoners().is_empty());
    assert_eq!(followers(&games[5], ANN), 6);
    // Turn 6: taken again.
    assert_eq!(games[6].towers().unwrap().prisoners().len(), 1);
}

#[test]
fn an_exchange_returns_both() {
    let catalog = TileCatalog::embedded().unwrap();
    let games = positions(&fixture("tower-exchange.cgn"), &catalog);
    // Turn 3: Ann holds Bob's farmer.
    let t = games[3].towers().unwrap();
    assert_eq!(t.prisoners().len(), 1);
    assert_eq!(followers(&games[3], BOB), 6);
    // Turn 4: Bob takes Ann's thief; the two are exchanged at once.
    let t = games[4].towers().unwrap();
    assert!(t.prisoners().is_empty(), "{:?}", t.prisoners());
    assert_eq!(followers(&games[4], ANN), 7);
    assert_eq!(followers(&games[4], BOB), 7);
    // Turn 7: a prisoner again.
    let t = games[7].towers().unwrap();
    assert_eq!(t.prisoners().len(), 1);
    assert_eq!(
        (t.prisoners()[0].jailer, t.prisoners()[0].owner),
        (ANN, BOB)
    );
    assert_eq!(t.tower(carcref::Pos::new(1, -1)).unwrap().height, 2);
}

#[test]
fn a_builder_leaves_with_the_last_thief() {
    // "When a player's last thief, knight, or farmer is taken from a road or
    // city with his builder or a field with his pig, he removes the builder or
    // pig, returning it to his supply."
    let src = "[CGN \"2\"]\n[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n\
               [Expansions \"tower, traders-and-builders\"]\n[Termination \"interrupted\"]\n\n\
               1. Ann U 1,0 r0 +E\n2. Bob U -1,0 r0\n3. Ann U 2,0 r0 +builder:E\n\
               4. Bob TW2 1,1 r0 +tower:T capture:1,0/E\n";
    let catalog = TileCatalog::embedded().unwrap();
    let games = positions(src, &catalog);
    let supply = |g: &Game<'_>, f| g.supplies().get(ANN).unwrap().count(f);
    assert_eq!(supply(&games[3], Figure::Builder), 0);
    assert_eq!(
        supply(&games[4], Figure::Builder),
        1,
        "the builder went home"
    );
    assert_eq!(
        supply(&games[4], Figure::Follower),
        6,
        "the thief is Bob's prisoner"
    );
}

#[test]
fn a_guard_closes_the_tower_and_can_be_taken() {
    // "When a player places a follower on a tower, the tower is completed and
    // may not be further heightened. This follower remains on the tower until
    // the end of the game, unless … it is taken prisoner by another player when
    // he places a tower piece on another tower."
    let src = "[CGN \"2\"]\n[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n\
               [Expansions \"tower\"]\n[Termination \"interrupted\"]\n\n\
               1. Ann U 1,0 r0\n2. Bob TW2 1,1 r0 +tower:T\n3. Ann U 2,0 r0 +1,1/T\n\
               4. Bob TW4 1,-1 r0 +tower:T\n5. Ann U -1,0 r0\n\
               6. Bob U 3,0 r0 +tower:1,-1/T capture:1,1/T\n";
    let catalog = TileCatalog::embedded().unwrap();
    let games = positions(src, &catalog);
    let tower = |g: &Game<'_>| *g.towers().unwrap().tower(carcref::Pos::new(1, 1)).unwrap();
    assert_eq!(tower(&games[3]).guard.map(|g| g.player), Some(ANN));
    assert_eq!(followers(&games[3], ANN), 6);
    // Bob's tower two tiles south, now two stories high, reaches the guard.
    assert_eq!(tower(&games[6]).guard, None);
    let t = games[6].towers().unwrap();
    assert_eq!(
        (t.prisoners()[0].jailer, t.prisoners()[0].owner),
        (BOB, ANN)
    );
    assert_eq!(t.tower(carcref::Pos::new(1, -1)).unwrap().height, 2);
}

/// The last turn of a record played on the positions before it: its fault,
/// if any.
fn last_turn(src: &str) -> Result<(), carcref::rules::Violation> {
    let catalog = TileCatalog::embedded().unwrap();
    let (record, mut game) = read(src, &catalog);
    let (last, before) = record.turns.split_last().unwrap();
    for turn in before {
        game.play(turn).unwrap();
    }
    game.play(last).map(|_| ())
}

#[test]
fn only_a_follower_in_play_closes_a_tower() {
    // A player may "close a tower by placing one of his followers on top of
    // it": a large follower where Inns & Cathedrals is in play, not one of an
    // expansion out of play, and never a builder, which is not a follower.
    let game = |expansions: &str, figure: &str| {
        format!(
            "[CGN \"2\"]\n[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n\
             [Expansions \"{expansions}\"]\n[Termination \"interrupted\"]\n\n\
             1. Ann U 1,0 r0\n2. Bob TW2 1,1 r0 +tower:T\n3. Ann U 2,0 r0 +{figure}1,1/T\n"
        )
    };
    assert_eq!(last_turn(&game("tower", "")), Ok(()));
    assert_eq!(
        last_turn(&game("tower, inns-and-cathedrals", "big:")),
        Ok(())
    );
    assert_eq!(
        last_turn(&game("tower", "big:")),
        Err(carcref::rules::Violation::FigureNotInPlay)
    );
    assert_eq!(
        last_turn(&game("tower, traders-and-builders", "builder:")),
        Err(carcref::rules::Violation::FigureNotInPlay)
    );
}
