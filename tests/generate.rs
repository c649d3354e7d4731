//! Generated games are legal: 1000 random complete games of each edition pass the
//! referee, with every claim and result the generator wrote.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use carcref::generate::{GenOptions, Rng, random_game};
use carcref::notation::write::write;
use carcref::{Edition, TileCatalog, check};

#[test]
fn a_thousand_generated_games_of_each_edition_are_legal() {
    let catalog = TileCatalog::embedded().unwrap();
    for (edition, seed) in [(Edition::HiG2012, 1), (Edition::Rgg2000, 2)] {
        let mut rng = Rng::new(seed);
        let records: Vec<_> = (0..1000)
            .map(|i| {
                let options = GenOptions {
                    edition,
                    players: 2 + i % 4,
                    expansions: Default::default(),
                };
                random_game(&catalog, &options, &mut rng)
            })
            .collect();
        let text = write(&records);
        let outcome = check("generated.cgn", &text, &catalog);
        assert_eq!(outcome.games.len(), 1000);
        let bad: Vec<String> = outcome
            .games
            .iter()
            .enumerate()
            .filter(|(_, g)| g.has_errors())
            .map(|(i, g)| format!("game {i}: {:?}", g.diagnostics))
            .collect();
        assert!(bad.is_empty(), "{edition}: {bad:#?}");
    }
}

/// Games with the expansions, every combination of them, under both editions:
/// the generator plays only moves the engine calls legal, so this checks that
/// writing, parsing and refereeing agree — figures, double turns, river order,
/// `@goods` events, claims and results included.
#[test]
fn generated_games_with_expansions_are_legal() {
    use carcref::rules::expansions::{Expansion, Expansions};
    let catalog = TileCatalog::embedded().unwrap();
    let all = Expansion::ALL;
    let combinations: Vec<Expansions> = (1u32..8)
        .map(|mask| {
            Expansions::from_sets(
                all.iter()
                    .enumerate()
                    .filter(|(i, _)| mask & (1u32 << i) != 0)
                    .map(|(_, e)| e.name()),
            )
        })
        .collect();
    for (edition, seed) in [(Edition::HiG2012, 3), (Edition::Rgg2000, 4)] {
        let mut rng = Rng::new(seed);
        let records: Vec<_> = (0..280)
            .map(|i| {
                let options = GenOptions {
                    edition,
                    players: 2 + i % 4,
                    expansions: combinations[i % combinations.len()],
                };
                random_game(&catalog, &options, &mut rng)
            })
            .collect();
        let double_turns = records
            .iter()
            .flat_map(|r| r.turns.windows(2))
            .filter(|w| {
                w[0].player == w[1].player
                    && w[0].action.value != carcref::notation::ActionRecord::Discard
            })
            .count();
        assert!(double_turns > 0, "{edition}: no builder's double turn");
        let text = write(&records);
        for figure in ["+big:", "+builder:", "+pig:", "@goods:", "RV2 "] {
            assert!(
                text.contains(figure),
                "{edition}: no {figure} in the sample"
            );
        }
        let outcome = check("generated.cgn", &text, &catalog);
        assert_eq!(outcome.games.len(), records.len());
        let bad: Vec<String> = outcome
            .games
            .iter()
            .enumerate()
            .filter(|(_, g)| !g.diagnostics.is_empty())
            .map(|(i, g)| format!("game {i}: {:?}", g.diagnostics))
            .collect();
        assert!(bad.is_empty(), "{edition}: {bad:#?}");
    }
}

/// Generates `count` games under each edition of `seeds` (with its seed),
/// with each set of `sets` in turn and 2 to 6 players: every one checks clean,
/// is canonical and tagged with the version its turns need, and has every tile
/// drawn (those set aside too); `each` is shown every turn with the move the
/// engine resolves for it.
fn check_generated(
    sets: &[&str],
    seeds: [(Edition, u64); 2],
    count: usize,
    mut each: impl FnMut(&carcref::notation::TurnRecord, &carcref::rules::Move),
) {
    use carcref::header::Header;
    use carcref::notation::write::canonical;
    use carcref::parse;
    use carcref::rules::TurnInput;
    use carcref::rules::expansions::Expansions;
    let catalog = TileCatalog::embedded().unwrap();
    for (edition, seed) in seeds {
        let mut rng = Rng::new(seed);
        let records: Vec<_> = (0..count)
            .map(|i| {
                let options = GenOptions {
                    edition,
                    players: 2 + i % 5,
                    expansions: Expansions::from_sets(
                        sets.get(i % sets.len()).unwrap().split(", "),
                    ),
                };
                random_game(&catalog, &options, &mut rng)
            })
            .collect();
        let text = write(&records);
        let outcome = check("generated.cgn", &text, &catalog);
        assert_eq!(outcome.games.len(), records.len());
        let bad: Vec<String> = outcome
            .games
            .iter()
            .enumerate()
            .filter(|(_, g)| !g.diagnostics.is_empty())
            .map(|(i, g)| format!("game {i}: {:?}", g.diagnostics))
            .collect();
        assert!(bad.is_empty(), "{edition}: {bad:#?}");
        for (i, game) in parse(&text).iter().enumerate() {
            let record = &game.record;
            // Canonical, and tagged with the version its turns need.
            assert_eq!(
                write(std::slice::from_ref(&canonical(record))),
                write(std::slice::from_ref(record)),
                "{edition}: game {i} is not canonical"
            );
            let v2 = record.turns.iter().any(|t| t.needs_version_2());
            let tag = record.tag("CGN").map(|t| t.value.value.to_string());
            assert_eq!(tag.as_deref(), Some(if v2 { "2" } else { "1" }), "game {i}");
            let (header, _) = Header::read(record);
            let mut g = carcref::Game::new(header.unwrap().setup(), &catalog);
            for turn in &record.turns {
                let mv = g.check(&TurnInput::of(turn)).unwrap();
                each(turn, &mv);
                g.apply(mv);
            }
            assert_eq!(g.remaining(), 0, "{edition}: game {i}");
        }
    }
}

/// Games with The Tower, alone and with the other expansions, under both
/// editions: every game checks clean, is written as `carcref fmt` writes it
/// (`[CGN "2"]` where a turn needs version 2), and uses each of the Tower's
/// actions, resolved by the engine: pieces, captures, exchanges (those the
/// rules make and those whose choice is written), closing followers and
/// ransoms.
#[test]
fn generated_tower_games_are_legal_and_use_the_tower() {
    use carcref::rules::Act;
    let sets = [
        "tower",
        "inns-and-cathedrals, tower",
        "traders-and-builders, tower",
        "river, inns-and-cathedrals, traders-and-builders, tower",
    ];
    // Pieces, captures, exchanges made, exchanges chosen, guards, ransoms.
    let mut seen = [0usize; 6];
    let seeds = [(Edition::HiG2012, 21), (Edition::Rgg2000, 22)];
    check_generated(&sets, seeds, 120, |turn, mv| {
        for s in &mv.steps {
            match s.act {
                Act::TowerPiece { .. } => seen[0] += 1,
                Act::Capture { exchange, .. } => {
                    seen[1] += 1;
                    seen[2] += usize::from(exchange.is_some());
                }
                Act::CloseTower { .. } => seen[4] += 1,
                Act::Ransom { .. } => seen[5] += 1,
                // Not in these games: The Princess & the Dragon's, The Gold
                // Mines', Mage & Witch's.
                Act::Fairy { .. }
                | Act::Portal { .. }
                | Act::Princess { .. }
                | Act::DragonStep { .. }
                | Act::Gold { .. }
                | Act::Ingot { .. }
                | Act::Fly { .. }
                | Act::Land { .. }
                | Act::CircleChoice { .. }
                | Act::Circle { .. }
                | Act::Magic { .. }
                | Act::Ferry { .. }
                | Act::Robber { .. }
                | Act::Rob { .. }
                | Act::Message { .. }
                | Act::Pawn { .. } => {}
            }
        }
        seen[3] += turn
            .steps
            .iter()
            .filter(|s| {
                matches!(s, carcref::notation::StepRecord::Act(a) if a.verb.value == "exchange")
            })
            .count();
    });
    // A reasonable frequency: several actions of each kind a game on average
    // for pieces and captures, and every kind present.
    let games = 240;
    assert!(seen[0] > 5 * games, "pieces: {seen:?}");
    assert!(seen[1] > 2 * games, "captures: {seen:?}");
    assert!(seen[2] > 10, "exchanges: {seen:?}");
    assert!(seen[3] > 3, "exchange choices written: {seen:?}");
    assert!(seen[4] > games, "closing followers: {seen:?}");
    assert!(seen[5] > games / 2, "ransoms: {seen:?}");
}

/// Games with The Princess & the Dragon, alone and with the other expansions,
/// under both editions: every one checks clean, is canonical and tagged with
/// the version it needs, and the engine resolves each of the expansion's
/// actions in them: tiles set aside, volcanoes, whole journeys and dead ends,
/// the fairy, followers through the magic portal, the princess's knights.
#[test]
fn generated_dragon_games_are_legal_and_use_the_expansion() {
    use carcref::notation::ActionRecord;
    use carcref::rules::Act;
    let sets = [
        "princess-and-dragon",
        "inns-and-cathedrals, princess-and-dragon",
        "traders-and-builders, tower, princess-and-dragon",
        "river, inns-and-cathedrals, traders-and-builders, tower, princess-and-dragon",
    ];
    // Asides, dragon moves, journeys of 6, dead ends, fairies, portals,
    // princesses.
    let mut seen = [0usize; 7];
    let seeds = [(Edition::HiG2012, 31), (Edition::Rgg2000, 32)];
    check_generated(&sets, seeds, 40, |turn, mv| {
        seen[0] += usize::from(turn.action.value == ActionRecord::Aside);
        let moves = mv
            .steps
            .iter()
            .filter(|s| matches!(s.act, Act::DragonStep { .. }))
            .count();
        seen[1] += moves;
        seen[2] += usize::from(moves == 6);
        seen[3] += usize::from(moves > 0 && moves < 6);
        for s in &mv.steps {
            match s.act {
                Act::Fairy { .. } => seen[4] += 1,
                Act::Portal { .. } => seen[5] += 1,
                Act::Princess { .. } => seen[6] += 1,
                _ => {}
            }
        }
    });
    let games = 80;
    assert!(seen[0] > games / 2, "asides: {seen:?}");
    assert!(seen[1] > 10 * games, "dragon moves: {seen:?}");
    assert!(seen[2] > games, "whole journeys: {seen:?}");
    assert!(seen[3] > 3, "dead ends: {seen:?}");
    assert!(seen[4] > games, "fairy: {seen:?}");
    assert!(seen[5] > 10, "portal: {seen:?}");
    assert!(seen[6] > games / 4, "princess: {seen:?}");
}

/// Games with The Flying Machines, alone and with the earlier expansions:
/// every game checks clean, and flights land, on large followers too, and
/// come back where they cannot land.
#[test]
fn generated_flying_machines_games_are_legal_and_fly() {
    use carcref::figures::Figure;
    use carcref::rules::Act;
    let sets = [
        "flying-machines",
        "inns-and-cathedrals, flying-machines",
        "tower, princess-and-dragon, flying-machines",
        "river, inns-and-cathedrals, traders-and-builders, tower, princess-and-dragon, flying-machines",
    ];
    // Flights, landings, large followers landed, each face of the die.
    let mut seen = [0usize; 6];
    let seeds = [(Edition::HiG2012, 41), (Edition::Rgg2000, 42)];
    check_generated(&sets, seeds, 40, |_, mv| {
        for s in &mv.steps {
            match s.act {
                Act::Fly { die, .. } => {
                    seen[0] += 1;
                    seen[2 + usize::from(die)] += 1;
                }
                Act::Land { figure, .. } => {
                    seen[1] += 1;
                    seen[2] += usize::from(figure == Figure::Big);
                }
                _ => {}
            }
        }
    });
    let games = 80;
    assert!(seen[0] > games, "flights: {seen:?}");
    assert!(seen[1] > games / 4, "landings: {seen:?}");
    assert!(seen[1] < seen[0], "flights that come back: {seen:?}");
    assert!(seen[2] > 0, "large followers landed: {seen:?}");
    assert!(seen[3..].iter().all(|n| *n > 10), "faces: {seen:?}");
}

/// Games with The Crop Circles (both sets), alone and with the earlier
/// expansions: every game checks clean, and both effects are chosen, with
/// followers added (large ones too), returned, and passes.
#[test]
fn generated_crop_circles_games_are_legal_and_use_both_effects() {
    use carcref::figures::Figure;
    use carcref::rules::Act;
    use carcref::rules::expansions::crop_circles::CircleAction;
    let sets = [
        "crop-circles-2",
        "crop-circles-1, crop-circles-2",
        "inns-and-cathedrals, traders-and-builders, crop-circles-1, crop-circles-2",
        "river, inns-and-cathedrals, traders-and-builders, tower, princess-and-dragon, flying-machines, crop-circles-1, crop-circles-2",
    ];
    // Effect A, effect B, adds, removes, passes, large followers.
    let mut seen = [0usize; 6];
    let seeds = [(Edition::HiG2012, 51), (Edition::Rgg2000, 52)];
    check_generated(&sets, seeds, 40, |_, mv| {
        for s in &mv.steps {
            match s.act {
                Act::CircleChoice { add } => seen[usize::from(!add)] += 1,
                Act::Circle { action, target, .. } => {
                    seen[match action {
                        CircleAction::Add => 2,
                        CircleAction::Remove => 3,
                        CircleAction::Pass => 4,
                    }] += 1;
                    seen[5] += usize::from(target.is_some_and(|t| t.figure == Figure::Big));
                }
                _ => {}
            }
        }
    });
    let games = 80;
    assert!(seen[0] > games && seen[1] > games, "choices: {seen:?}");
    assert!(seen[2] > games / 2, "adds: {seen:?}");
    assert!(seen[3] > games, "removes: {seen:?}");
    assert!(seen[4] > 10, "passes: {seen:?}");
    assert!(seen[5] > 0, "large followers: {seen:?}");
}

/// Games with The Gold Mines, alone, with the other minis and with every
/// expansion: every game checks clean, every gold mine sets its second
/// ingot, and the takes are written where a player chooses.
#[test]
fn generated_gold_mines_games_are_legal_with_every_expansion() {
    use carcref::rules::Act;
    let sets = [
        "gold-mines",
        "inns-and-cathedrals, traders-and-builders, gold-mines",
        "gold-mines, flying-machines, crop-circles-1, crop-circles-2",
        "river, inns-and-cathedrals, traders-and-builders, tower, princess-and-dragon, gold-mines, flying-machines, crop-circles-1, crop-circles-2",
    ];
    // Second ingots, takes written.
    let mut seen = [0usize; 2];
    let seeds = [(Edition::HiG2012, 61), (Edition::Rgg2000, 62)];
    check_generated(&sets, seeds, 40, |_, mv| {
        for s in &mv.steps {
            match s.act {
                Act::Gold { .. } => seen[0] += 1,
                Act::Ingot { .. } => seen[1] += 1,
                _ => {}
            }
        }
    });
    // Eight gold mines a game, each laid (none fits nowhere on these boards).
    assert!(seen[0] >= 8 * 78, "second ingots: {seen:?}");
}

/// Games with Mage & Witch, alone and with the other expansions, under both
/// editions: every game checks clean and is canonical, and a pawn step is
/// written on every magic tile that has one, before the figure. (Random
/// games seldom join the pawns' features or leave no place for a pawn: the
/// tests of `tests/mage_and_witch.rs` hold those.)
#[test]
fn generated_mage_and_witch_games_are_legal_and_use_the_pawns() {
    use carcref::rules::Act;
    let sets = [
        "mage-and-witch",
        "inns-and-cathedrals, mage-and-witch",
        "traders-and-builders, tower, princess-and-dragon, mage-and-witch",
        "river, inns-and-cathedrals, traders-and-builders, mage-and-witch",
    ];
    let mut steps = 0;
    let seeds = [(Edition::HiG2012, 41), (Edition::Rgg2000, 42)];
    check_generated(&sets, seeds, 40, |_, mv| {
        steps += mv
            .steps
            .iter()
            .filter(|s| matches!(s.act, Act::Magic { .. }))
            .count();
    });
    // 8 magic tiles a game, 80 games.
    assert!(steps > 6 * 80, "{steps}");
}

/// Games with The Ferries, alone, with the other minis, and with every
/// expansion refereed: every game checks clean, every lake tile sets its
/// ferry, and ferries move.
#[test]
fn generated_ferries_games_are_legal_with_every_expansion() {
    use carcref::rules::Act;
    let sets = [
        "ferries",
        "traders-and-builders, mage-and-witch, ferries",
        "gold-mines, flying-machines, crop-circles-2, mage-and-witch, ferries",
        "river, inns-and-cathedrals, traders-and-builders, tower, princess-and-dragon, gold-mines, flying-machines, crop-circles-1, crop-circles-2, mage-and-witch, ferries",
    ];
    // New ferries, moves.
    let mut seen = [0usize; 2];
    let seeds = [(Edition::HiG2012, 71), (Edition::Rgg2000, 72)];
    check_generated(&sets, seeds, 40, |turn, mv| {
        for s in &mv.steps {
            if let Act::Ferry { pos, .. } = s.act {
                let new = matches!(
                    &turn.action.value,
                    carcref::notation::ActionRecord::Place { pos: at, .. } if at.value == pos
                );
                seen[usize::from(!new)] += 1;
            }
        }
    });
    // Eight lakes a game, 80 games, each laid (a lake tile fits almost
    // anywhere); moves one time in two where one is open.
    assert!(seen[0] >= 8 * 78, "new ferries: {seen:?}");
    assert!(seen[1] > 80, "moves: {seen:?}");
}

/// Games with The Robbers, alone, with the other minis, and with every
/// expansion refereed: every game checks clean (its claims, which count the
/// robbed points, too), and robbers are placed by the turn's player and by
/// the others.
#[test]
fn generated_robbers_games_are_legal_with_every_expansion() {
    use carcref::rules::Act;
    let sets = [
        "robbers",
        "gold-mines, mage-and-witch, robbers",
        "tower, princess-and-dragon, ferries, robbers",
        "river, inns-and-cathedrals, traders-and-builders, tower, princess-and-dragon, gold-mines, flying-machines, crop-circles-1, crop-circles-2, mage-and-witch, ferries, robbers",
    ];
    // By the turn's player, by the others.
    let mut seen = [0usize; 2];
    let seeds = [(Edition::HiG2012, 81), (Edition::Rgg2000, 82)];
    check_generated(&sets, seeds, 40, |_, mv| {
        for s in &mv.steps {
            if let Act::Robber { beside } = s.act {
                assert_ne!(beside, s.actor, "a robber beside its own marker");
                seen[usize::from(s.actor != mv.player)] += 1;
            }
        }
    });
    // Eight bag tiles a game, 80 games: the turn's player places one time
    // in two, each other player with the robber at home one time in two.
    assert!(seen[0] > 2 * 80, "{seen:?}");
    assert!(seen[1] > 2 * 80, "{seen:?}");
}

/// Games with The Messengers, alone, with The Robbers, with the other minis,
/// and with every expansion refereed: every game checks clean (its claims
/// count the messages' points), its totals replay to its Result, and every
/// message is drawn, used and exchanged for its 2 points, with the
/// messenger moved by features and by messages.
#[test]
fn generated_messengers_games_are_legal_with_every_expansion() {
    use carcref::rules::Act;
    // Every expansion every other game: the generated basic games score
    // little, the big boxes' more.
    let all = "river, inns-and-cathedrals, traders-and-builders, tower, princess-and-dragon, gold-mines, flying-machines, crop-circles-1, crop-circles-2, mage-and-witch, ferries, robbers, messengers";
    let sets = [
        "messengers",
        all,
        "robbers, messengers",
        all,
        "gold-mines, crop-circles-2, mage-and-witch, ferries, messengers",
        all,
    ];
    // Each message used, each taken as 2 points; features' messengers,
    // messages' messengers, markers written.
    let mut used = [0usize; 9];
    let mut points = [0usize; 9];
    let mut pawns = [0usize; 3];
    let seeds = [(Edition::HiG2012, 91), (Edition::Rgg2000, 92)];
    check_generated(&sets, seeds, 90, |_, mv| {
        for s in &mv.steps {
            match s.act {
                Act::Message {
                    message, points: p, ..
                } => {
                    let n = usize::from(message);
                    if p { points[n] += 1 } else { used[n] += 1 }
                }
                Act::Pawn {
                    feature, messenger, ..
                } => {
                    let k = if messenger {
                        usize::from(feature.is_none())
                    } else {
                        2
                    };
                    pawns[k] += 1;
                }
                _ => {}
            }
        }
    });
    for n in 1..=8 {
        assert!(used[n] > 0, "message {n} used: {used:?}");
    }
    assert!(used.iter().sum::<usize>() > 30, "{used:?}");
    assert!(points.iter().sum::<usize>() > 10, "{points:?}");
    assert!(pawns[0] > 80 && pawns[1] > 10 && pawns[2] > 80, "{pawns:?}");
}

/// A seed gives the same games with The Tower and with The Princess & the
/// Dragon, and another seed others.
#[test]
fn games_with_actions_are_deterministic_per_seed() {
    use carcref::rules::expansions::Expansions;
    let catalog = TileCatalog::embedded().unwrap();
    for (edition, players, set) in [
        (Edition::HiG2012, 3, "tower"),
        (Edition::Rgg2000, 4, "princess-and-dragon"),
    ] {
        let options = GenOptions {
            edition,
            players,
            expansions: Expansions::from_sets([set]),
        };
        let games = |seed| {
            let mut rng = Rng::new(seed);
            write(&[
                random_game(&catalog, &options, &mut rng),
                random_game(&catalog, &options, &mut rng),
            ])
        };
        assert_eq!(games(8), games(8), "{set}");
        assert_ne!(games(8), games(9), "{set}");
        assert!(games(8).starts_with("[CGN \"2\"]"), "{set}");
    }
}
