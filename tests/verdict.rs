#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The quick verdict (`referee::verdict`) answers exactly as the full referee
//! (`referee::check_game`) does, and clears the clean games it is meant for.
//!
//! Texts: every game of every record under `notation/` (examples, valid and
//! invalid fixtures), each also with its comment lines removed (which puts most
//! fixtures in the quick reader's reach), generated games with every
//! combination of expansions, and every example with one score claim misstated.

mod common;

use std::path::{Path, PathBuf};

use carcref::generate::{GenOptions, Rng, random_game};
use carcref::notation::quick::{QuickGame, read_game};
use carcref::notation::split_games;
use carcref::notation::write::write;
use carcref::referee::{ReplayOptions, check_game, is_clean_quick, verdict};
use carcref::rules::expansions::{Expansion, Expansions};
use carcref::{Edition, TileCatalog};

fn cgn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            cgn_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "cgn") {
            out.push(p);
        }
    }
}

/// Checks every game of a text both ways. Returns how many games the quick
/// path cleared.
/// Generated games of each set of expansions (comma-separated names), with
/// 2 to 5 players, `seeds` games each: the record and its text.
fn generated(
    sets: &[&str],
    seeds: usize,
    catalog: &TileCatalog,
) -> Vec<(carcref::notation::GameRecord, String)> {
    let mut out = Vec::new();
    for (i, names) in sets.iter().enumerate() {
        for players in 2..=5 {
            let options = GenOptions {
                edition: Edition::HiG2012,
                players,
                expansions: Expansions::from_sets(names.split(',')),
            };
            for seed in 0..seeds {
                let seed = (i * 100 + players * 10 + seed) as u64;
                let record = random_game(catalog, &options, &mut Rng::new(seed));
                let text = write(std::slice::from_ref(&record));
                out.push((record, text));
            }
        }
    }
    out
}

fn agree(name: &str, text: &str, catalog: &TileCatalog) -> usize {
    let mut cleared = 0;
    for (base, game) in split_games(text) {
        let full = check_game(game, base, catalog, ReplayOptions::default());
        let quick = is_clean_quick(game, base, catalog);
        assert!(
            !quick || full.diagnostics.is_empty(),
            "{name} at byte {base}: cleared quickly, but the referee reports {:?}",
            full.diagnostics
        );
        assert_eq!(
            verdict(game, base, catalog),
            full.diagnostics,
            "{name} at byte {base}"
        );
        // A clean game written wholly in the common form is cleared quickly.
        let mut read = QuickGame::default();
        if full.diagnostics.is_empty() && read_game(game, base, &mut read) {
            assert!(
                quick,
                "{name} at byte {base}: clean and readable, not cleared"
            );
        }
        cleared += usize::from(quick);
    }
    cleared
}

fn without_comment_lines(text: &str) -> String {
    text.split_inclusive('\n')
        .filter(|l| !l.trim_start().starts_with(';'))
        .collect()
}

#[test]
fn verdict_equals_check_game_on_every_record() {
    let catalog = TileCatalog::embedded().unwrap();
    let mut files = Vec::new();
    cgn_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("notation"),
        &mut files,
    );
    assert!(files.len() > 100, "found only {} records", files.len());
    let (mut games, mut cleared) = (0, 0);
    for path in &files {
        // A record that is not UTF-8 is read as a file is: each such byte as
        // U+001A.
        let mut bytes = std::fs::read(path).unwrap();
        carcref::stream::replace_not_utf8(&mut bytes, 0, &mut Vec::new());
        let text = String::from_utf8(bytes).unwrap();
        let name = path.display().to_string();
        cleared += agree(&name, &text, &catalog);
        cleared += agree(&name, &without_comment_lines(&text), &catalog);
        games += 2 * split_games(&text).count();
    }
    // Most fixtures comment their turns, which the quick reader leaves to the
    // full one; the examples without Traders & Builders' events (8, each read
    // twice) are in the common form.
    assert!(cleared >= 16, "cleared {cleared} of {games}");
}

/// Every combination of the three expansions under each edition, with 2 to
/// `2 + spread - 1` players.
fn every_table(spread: usize) -> Vec<GenOptions> {
    let sets = [
        Expansion::River,
        Expansion::InnsAndCathedrals,
        Expansion::TradersAndBuilders,
    ];
    let mut out = Vec::new();
    for mask in 0..8usize {
        let names = sets
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, e)| e.name());
        let expansions = Expansions::from_sets(names);
        for edition in Edition::ALL {
            out.push(GenOptions {
                edition,
                players: 2 + mask % spread,
                expansions,
            });
        }
    }
    out
}

#[test]
fn verdict_equals_check_game_on_generated_games() {
    let catalog = TileCatalog::embedded().unwrap();
    let mut cleared = 0;
    for options in every_table(3) {
        let records: Vec<_> = (0..4)
            .map(|seed| random_game(&catalog, &options, &mut Rng::new(seed)))
            .collect();
        cleared += agree("generated", &write(&records), &catalog);
    }
    // Every generated game is cleared quickly, those that write the goods of
    // Traders & Builders as events too.
    assert_eq!(cleared, 64);
}

#[test]
fn a_misstated_claim_is_never_cleared() {
    let catalog = TileCatalog::embedded().unwrap();
    let mut files = Vec::new();
    cgn_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("notation/examples"),
        &mut files,
    );
    let mut misstated = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        // Each claim's points, one more than written.
        let mut at = 0;
        while let Some(k) = text[at..].find(" =") {
            let claim = at + k + 2;
            let plus = claim + text[claim..].find('+').unwrap() + 1;
            let digits = text[plus..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(text.len(), |d| plus + d);
            let n: u32 = text[plus..digits].parse().unwrap();
            let changed = format!("{}{}{}", &text[..plus], n + 1, &text[digits..]);
            agree(&path.display().to_string(), &changed, &catalog);
            assert!(
                split_games(&changed).any(|(b, g)| !verdict(g, b, &catalog).is_empty()),
                "{}: claim at byte {claim} raised by one, and nothing reported",
                path.display()
            );
            misstated += 1;
            at = digits;
        }
    }
    assert!(misstated > 10, "only {misstated} claims in the examples");
}

/// A game that keeps no explanations scores the same: the same events, points,
/// strengths, winners and pigs, turn by turn and at the end.
#[test]
fn score_events_without_explanations_score_the_same() {
    use carcref::header::Header;
    use carcref::{Game, ScoreEvent};
    let catalog = TileCatalog::embedded().unwrap();
    let key = |e: &ScoreEvent| {
        (
            e.turn,
            e.kind,
            e.reason,
            e.node,
            e.goods,
            e.points,
            e.strength.clone(),
            e.winners.clone(),
            e.pigs.clone(),
            e.pig_bonus,
            e.returns_followers,
        )
    };
    let mut events = 0;
    for options in every_table(4) {
        for seed in 0..3 {
            let record = random_game(&catalog, &options, &mut Rng::new(seed));
            let header = Header::read(&record).0.unwrap();
            let mut explained = Game::new(header.setup(), &catalog);
            let mut lean = Game::new(header.setup(), &catalog);
            lean.set_explanations(false);
            for turn in &record.turns {
                let a = explained.play(turn).unwrap();
                let b = lean.play(turn).unwrap();
                assert_eq!(
                    a.iter().map(key).collect::<Vec<_>>(),
                    b.iter().map(key).collect::<Vec<_>>()
                );
                assert!(b.iter().all(|e| e.tiles.is_empty() && e.at.is_none()));
                events += a.len();
            }
            let (a, b) = (explained.finish().to_vec(), lean.finish().to_vec());
            assert_eq!(
                a.iter().map(key).collect::<Vec<_>>(),
                b.iter().map(key).collect::<Vec<_>>()
            );
            assert_eq!(explained.score(), lean.score());
            events += a.len();
        }
    }
    assert!(events > 500, "only {events} score events");
}

/// One referee checking many games in turn (as `check` does) answers for each
/// as a fresh one would, whatever the setups that came before: players, rules
/// and expansions change from game to game here, and repeat; the games of the
/// expansions whose lists a game after another reuses (the towers and
/// prisoners, the dragon's tiles set aside, the gold's claims, the ferries)
/// follow games that filled them.
#[test]
fn one_referee_for_many_games_answers_as_fresh_ones() {
    use carcref::referee::Referee;
    let catalog = TileCatalog::embedded().unwrap();
    let mut texts = Vec::new();
    for (i, names) in [
        "",
        "river,traders-and-builders",
        "",
        "inns-and-cathedrals",
        "inns-and-cathedrals",
        "tower,princess-and-dragon,gold-mines,ferries",
        "tower,princess-and-dragon,gold-mines,ferries",
        "tower,gold-mines",
        "princess-and-dragon,ferries",
    ]
    .iter()
    .enumerate()
    {
        for edition in Edition::ALL {
            let options = GenOptions {
                edition,
                players: 2 + i % 3,
                expansions: Expansions::from_sets(names.split(',').filter(|n| !n.is_empty())),
            };
            let mut record = random_game(&catalog, &options, &mut Rng::new(i as u64));
            texts.push(write(std::slice::from_ref(&record)));
            // The same game with its result misstated, then with a tile laid
            // apart from the board in the middle of the game.
            if let Some(t) = record.tags.iter_mut().find(|t| t.name.value == "Result") {
                t.value.value = "Ann 1, Bob 2".into();
            }
            texts.push(write(std::slice::from_ref(&record)));
            let middle = record.turns.len() / 2;
            if let carcref::notation::ActionRecord::Place { pos, .. } =
                &mut record.turns[middle].action.value
            {
                pos.value = carcref::Pos::new(99, 99);
            }
            texts.push(write(std::slice::from_ref(&record)));
        }
    }
    let mut referee = Referee::new(&catalog);
    // The quick verdict alone too: a fault it found by mistake would be
    // hidden above by the full referee it hands the game to.
    let mut quick = Referee::new(&catalog);
    let (mut faulty, mut clean) = (0, 0);
    for text in texts.iter().chain(texts.iter().rev()) {
        for (base, game) in split_games(text) {
            let fresh = check_game(game, base, &catalog, ReplayOptions::default()).diagnostics;
            assert_eq!(referee.verdict(game, base), fresh);
            faulty += usize::from(!fresh.is_empty());
            let clean_quick = Referee::new(&catalog).is_clean_quick(game, base);
            // Twice: the second time after a game that put every piece on
            // the same squares.
            assert_eq!(quick.is_clean_quick(game, base), clean_quick);
            assert_eq!(quick.is_clean_quick(game, base), clean_quick);
            clean += usize::from(clean_quick);
        }
    }
    assert_eq!(
        clean,
        texts.len() * 2 / 3,
        "the valid games are cleared quickly"
    );
    assert_eq!(
        faulty,
        2 * 2 * texts.len() / 3,
        "two of every three games are faulty"
    );
}

/// Generated games with The Tower, The Princess & the Dragon or both, alone
/// and with each other expansion, under each edition: `(options, seed)`.
fn action_tables() -> Vec<GenOptions> {
    let mut out = Vec::new();
    for (i, with) in ["tower", "princess-and-dragon", "tower,princess-and-dragon"]
        .iter()
        .enumerate()
    {
        for (j, other) in ["", "river", "inns-and-cathedrals", "traders-and-builders"]
            .iter()
            .enumerate()
        {
            for edition in Edition::ALL {
                let names = with
                    .split(',')
                    .chain(other.split(','))
                    .filter(|n| !n.is_empty());
                out.push(GenOptions {
                    edition,
                    players: 2 + (i + j) % 5,
                    expansions: Expansions::from_sets(names),
                });
            }
        }
    }
    out
}

/// Records whose turns hold actions (The Tower, The Princess & the Dragon, in
/// version 2) get the quick verdict too: it answers as the full referee, and
/// clears every clean game, those whose goods are written as events too.
#[test]
fn verdict_equals_check_game_on_games_with_actions() {
    let catalog = TileCatalog::embedded().unwrap();
    let (mut games, mut with_events) = (0, 0);
    for options in action_tables() {
        for seed in 0..3 {
            let record = random_game(&catalog, &options, &mut Rng::new(seed));
            let text = write(std::slice::from_ref(&record));
            assert!(text.contains("[CGN \"2\"]"), "{text}");
            let quick = agree("generated", &text, &catalog);
            assert!(
                check_game(&text, 0, &catalog, ReplayOptions::default())
                    .diagnostics
                    .is_empty()
            );
            assert_eq!(quick, 1, "not cleared quickly:\n{text}");
            games += 1;
            with_events += usize::from(record.turns.iter().any(|t| !t.events.is_empty()));
        }
    }
    assert!(with_events > games / 10, "{with_events} of {games}");
}

/// The quick verdict checks the goods of Traders & Builders written as
/// `@goods` events (SPEC 6.4) where the full referee does: generated games
/// with the expansion (in records of version 1, alone and with the River and
/// Inns & Cathedrals; with actions; and with every expansion) are cleared
/// quickly as written, and, with one `@goods` at a time changed (a count up
/// by one, the kinds swapped, the event left out, written twice, moved to a
/// turn that takes no goods, written without its list or with a `@time`
/// beside it), answer as the full referee, which finds a fault in most.
#[test]
fn verdict_equals_check_game_on_goods_changed() {
    let catalog = TileCatalog::embedded().unwrap();
    let sets = [
        "traders-and-builders",
        "river,inns-and-cathedrals,traders-and-builders",
        "traders-and-builders,tower",
        "traders-and-builders,princess-and-dragon",
        "river,inns-and-cathedrals,traders-and-builders,tower,princess-and-dragon,gold-mines,\
         flying-machines,crop-circles-1,crop-circles-2,mage-and-witch,ferries,robbers,messengers",
    ];
    let (mut changed, mut faulty, mut events) = (0, 0, 0);
    let mut rng = Rng::new(23);
    for (_, text) in generated(&sets, 5, &catalog) {
        assert_eq!(agree("generated", &text, &catalog), 1, "{text}");
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let with: Vec<usize> = (0..lines.len())
            .filter(|i| lines[*i].contains(" @goods:"))
            .collect();
        let without: Vec<usize> = (0..lines.len())
            .filter(|i| lines[*i].starts_with(|c: char| c.is_ascii_digit()))
            .filter(|i| !lines[*i].contains(" @goods:"))
            .filter(|i| !lines[*i].contains(" aside") && !lines[*i].contains(" discard"))
            .collect();
        events += with.len();
        for _ in 0..6 {
            let (Some(&i), Some(&j)) = (
                with.get(rng.below(with.len().max(1))),
                without.get(rng.below(without.len().max(1))),
            ) else {
                continue;
            };
            let line = lines[i];
            let event = line
                .split(' ')
                .find(|t| t.starts_with("@goods:"))
                .unwrap()
                .trim_end();
            let edited = match rng.below(7) {
                0 => line.replacen("+1", "+2", 1),
                1 => line.replacen(
                    event,
                    &event
                        .replace("wine", "WINE")
                        .replace("cloth", "wine")
                        .replace("WINE", "cloth"),
                    1,
                ),
                2 => line.replacen(&format!(" {event}"), "", 1),
                3 => line.replacen(event, &format!("{event} {event}"), 1),
                4 => line.replacen(event, "@goods", 1),
                5 => line.replacen(event, &format!("{event} @time:12"), 1),
                _ => String::new(),
            };
            let mut copy: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            if edited.is_empty() {
                // A `@goods` on a turn that takes none: after its figure and
                // actions, before its claims.
                let other = lines[j].trim_end_matches('\n');
                let (head, claims) = match other.find(" =") {
                    Some(k) => other.split_at(k),
                    None => (other, ""),
                };
                copy[j] = format!("{head} {event}{claims}\n");
            } else {
                copy[i] = edited;
            }
            let text = copy.concat();
            agree("goods changed", &text, &catalog);
            changed += 1;
            faulty += usize::from(!verdict(&text, 0, &catalog).is_empty());
        }
    }
    assert!(
        events > 40 && changed > 150 && faulty > changed / 4,
        "{faulty} of {changed}, {events} events"
    );
}

/// Each generated game with actions, with one byte of one turn line changed
/// (a digit, a spot, a direction, a sign, a separator; chosen at random): the
/// quick verdict still answers exactly as the full referee, which finds a
/// fault in most of them.
#[test]
fn verdict_equals_check_game_on_games_with_actions_changed() {
    let catalog = TileCatalog::embedded().unwrap();
    let alphabet = b"0123456789-+=:/,() NESWCTabdgnorstu";
    let mut rng = Rng::new(11);
    let (mut changed, mut faulty) = (0, 0);
    for options in action_tables() {
        for seed in 3..6 {
            let record = random_game(&catalog, &options, &mut Rng::new(seed));
            let text = write(std::slice::from_ref(&record));
            let turns = text.find("\n1. ").unwrap() + 1;
            // Lines with actions first: most of the changes fall on them.
            let lines: Vec<(usize, &str)> = text[turns..]
                .split_inclusive('\n')
                .scan(turns, |at, l| {
                    let start = *at;
                    *at += l.len();
                    Some((start, l.trim_end_matches('\n')))
                })
                .collect();
            let busy: Vec<&(usize, &str)> = lines
                .iter()
                .filter(|(_, l)| l.contains(':') || l.contains(" =") || l.contains("aside"))
                .collect();
            for _ in 0..10 {
                let (start, line) = if !busy.is_empty() && rng.below(4) > 0 {
                    *busy[rng.below(busy.len())]
                } else {
                    lines[rng.below(lines.len())]
                };
                let at = start + rng.below(line.len());
                let mut bytes = text.clone().into_bytes();
                bytes[at] = alphabet[rng.below(alphabet.len())];
                let Ok(text) = String::from_utf8(bytes) else {
                    continue;
                };
                agree("changed", &text, &catalog);
                changed += 1;
                faulty += usize::from(!verdict(&text, 0, &catalog).is_empty());
            }
        }
    }
    assert!(
        changed > 500 && faulty > changed / 2,
        "{faulty} of {changed}"
    );
}

/// The quick reader of turns of version 2 reads a line only as the grammar
/// does, token for token and span for span: every turn line of generated games
/// with actions and of the records under `notation/`, and each generated line
/// with one byte changed.
#[test]
fn a_turn_of_version_2_reads_as_the_grammar_reads_it() {
    use carcref::notation::quick::{TurnTail, scan_turn_v2};
    use carcref::parse_game;
    use carcref::rules::TurnInput;
    let catalog = TileCatalog::embedded().unwrap();
    let mut lines: Vec<String> = Vec::new();
    for options in action_tables() {
        for seed in 0..2 {
            let record = random_game(&catalog, &options, &mut Rng::new(seed));
            let text = write(std::slice::from_ref(&record));
            lines.extend(
                text.lines()
                    .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
                    .map(str::to_string),
            );
        }
    }
    let mut files = Vec::new();
    cgn_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("notation"),
        &mut files,
    );
    for path in &files {
        let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        lines.extend(
            text.lines()
                .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
                .map(str::to_string),
        );
    }
    let mut rng = Rng::new(5);
    let alphabet = b"0123456789-+=:/,() NESWCTabdgnorstu@{;\"x";
    let generated = lines.len();
    for i in 0..generated {
        for _ in 0..3 {
            let mut bytes = lines[i].clone().into_bytes();
            let at = rng.below(bytes.len());
            bytes[at] = alphabet[rng.below(alphabet.len())];
            if rng.below(4) == 0 {
                bytes.insert(rng.below(bytes.len()), alphabet[rng.below(alphabet.len())]);
            }
            if let Ok(line) = String::from_utf8(bytes) {
                lines.push(line);
            }
        }
    }
    let (mut read, mut with_steps, mut with_events) = (0, 0, 0);
    let mut tail = TurnTail::default();
    for line in &lines {
        let Some(quick) = scan_turn_v2(line, &mut tail) else {
            continue;
        };
        let TurnTail {
            steps,
            events,
            claims,
        } = &tail;
        let parsed = parse_game(line, 0);
        assert!(
            parsed.diagnostics.is_empty(),
            "{line:?}: {:?}",
            parsed.diagnostics
        );
        let turn = &parsed.record.turns[0];
        let full = TurnInput::of(turn);
        assert_eq!(
            (
                quick.number,
                quick.player,
                quick.tile,
                quick.place,
                quick.figure,
                quick.aside
            ),
            (
                full.number,
                full.player,
                full.tile,
                full.place,
                full.figure,
                full.aside
            ),
            "{line:?}"
        );
        let written: Vec<_> = turn
            .steps
            .iter()
            .map(carcref::notation::act::StepToken::of)
            .collect();
        assert_eq!(steps, &written, "{line:?}");
        let full_claims: Vec<_> = turn
            .claims
            .iter()
            .map(|c| {
                (
                    c.player.value.to_string(),
                    c.net(),
                    c.total.as_ref().map(|t| t.value),
                )
            })
            .collect();
        let quick_claims: Vec<_> = claims
            .iter()
            .map(|c| (c.claim.player.to_string(), c.net(), c.claim.total))
            .collect();
        assert_eq!(quick_claims, full_claims, "{line:?}");
        let full_events: Vec<_> = turn
            .events
            .iter()
            .map(|e| {
                (
                    e.name.value.as_str(),
                    e.args.as_ref().map(|a| a.value.as_str()),
                )
            })
            .collect();
        let quick_events: Vec<_> = events.iter().map(|e| (e.name, e.args)).collect();
        assert_eq!(quick_events, full_events, "{line:?}");
        read += 1;
        with_steps += usize::from(!steps.is_empty());
        with_events += usize::from(!events.is_empty());
    }
    assert!(
        read > generated / 2 && with_steps > 2_000 && with_events > 50,
        "{read} read, {with_steps} with steps, {with_events} with events, of {} \
         ({generated} unchanged)",
        lines.len()
    );
}

/// The quick verdict reads The Gold Mines' distribution from the game a move
/// leaves, where the full referee plays the move on a copy first: the two
/// answer alike when the takes written are right and when they are wrong.
/// Generated games with The Gold Mines (with The Ferries, and with every 2012
/// mini refereed), 2 to 5 players; each turn that hands ingots out gets its
/// whole distribution written (as JCloisterZone takes them: a game that
/// stays clean), and then, at one turn at a time, the takes left out, their
/// order reversed, the first one moved to the square of another take, or a
/// take added to a turn that hands nothing out.
#[test]
fn verdict_equals_check_game_on_gold_takes_changed() {
    use carcref::header::Header;
    use carcref::rules::TurnInput;
    let catalog = TileCatalog::embedded().unwrap();
    let sets = [
        "gold-mines",
        "gold-mines,ferries",
        "gold-mines,flying-machines,crop-circles-2,mage-and-witch,ferries",
    ];
    let (mut written, mut changed, mut faulty) = (0, 0, 0);
    for (record, text) in generated(&sets, 8, &catalog) {
        // Each turn's takes, as written or as the rule hands out.
        let (header, _) = Header::read(&record);
        let mut game = carcref::Game::new(header.unwrap().setup(), &catalog);
        let mut takes: Vec<Vec<String>> = Vec::new();
        for turn in &record.turns {
            let input = TurnInput::of(turn);
            let t = game.gold_takes_as_jcz(&input).unwrap_or_default();
            takes.push(
                t.iter()
                    .map(|(p, pos)| format!("ingot:{pos}({})", game.name(*p)))
                    .collect(),
            );
            let mv = game.check(&input).unwrap();
            game.apply(mv);
        }
        // The lines of the text with every distribution written.
        let mut lines: Vec<String> = Vec::new();
        let mut turn = 0;
        for line in text.lines() {
            if !line.starts_with(|c: char| c.is_ascii_digit()) {
                lines.push(line.to_string());
                continue;
            }
            let mut words: Vec<String> = line
                .split(' ')
                .filter(|w| !w.starts_with("ingot:"))
                .map(str::to_string)
                .collect();
            let at = words
                .iter()
                .position(|w| w.starts_with('=') || w.starts_with("circle:"))
                .unwrap_or(words.len());
            for (k, t) in takes[turn].iter().enumerate() {
                words.insert(at + k, t.clone());
            }
            lines.push(words.join(" "));
            turn += 1;
        }
        let whole = lines.join("\n") + "\n";
        assert_eq!(agree("takes written", &whole, &catalog), 1, "{whole}");
        let squares: Vec<String> = takes
            .iter()
            .flatten()
            .map(|t| {
                t.trim_start_matches("ingot:")
                    .split('(')
                    .next()
                    .unwrap()
                    .to_string()
            })
            .collect();
        let mut variants: Vec<String> = Vec::new();
        for (n, line) in lines.iter().enumerate() {
            if !line.starts_with(|c: char| c.is_ascii_digit()) {
                continue;
            }
            let words: Vec<String> = line.split(' ').map(str::to_string).collect();
            let is_take = |w: &String| w.starts_with("ingot:");
            let with = |words: Vec<String>| {
                let mut out = lines.clone();
                out[n] = words.join(" ");
                out.join("\n") + "\n"
            };
            let own: Vec<String> = words.iter().filter(|w| is_take(w)).cloned().collect();
            if own.is_empty() {
                if n % 4 == 0 && !squares.is_empty() {
                    let mut added = words.clone();
                    let at = added
                        .iter()
                        .position(|w| w.starts_with('='))
                        .unwrap_or(added.len());
                    added.insert(at, format!("ingot:{}", squares[n % squares.len()]));
                    variants.push(with(added));
                }
                continue;
            }
            written += 1;
            variants.push(with(
                words.iter().filter(|w| !is_take(w)).cloned().collect(),
            ));
            let mut reversed = own.clone();
            reversed.reverse();
            let mut order = reversed.into_iter();
            variants.push(with(
                words
                    .iter()
                    .map(|w| {
                        if is_take(w) {
                            order.next().unwrap()
                        } else {
                            w.clone()
                        }
                    })
                    .collect(),
            ));
            let other = &squares[(n * 7) % squares.len()];
            let mut first = true;
            variants.push(with(
                words
                    .iter()
                    .map(|w| {
                        if is_take(w) && std::mem::take(&mut first) {
                            format!("ingot:{other}")
                        } else {
                            w.clone()
                        }
                    })
                    .collect(),
            ));
        }
        for v in &variants {
            agree("takes changed", v, &catalog);
            changed += 1;
            faulty += usize::from(!verdict(v, 0, &catalog).is_empty());
        }
    }
    assert!(
        written > 50 && changed > 1000 && faulty > changed / 4 && faulty < changed,
        "{written} distributions written; {faulty} of {changed} changed games faulty"
    );
}

/// The quick verdict judges The Messengers' messages and pawns on the game a
/// move leaves, the full referee on a copy that plays it ahead: they answer
/// alike. Generated games with The Messengers (alone, with The Robbers, with
/// every expansion), each clean, and then, one turn at a time, a message
/// left out, its number changed, its choice of 2 points left out or added,
/// a pawn's choice turned from the marker to the messenger, or a message
/// added to a turn that scores.
#[test]
fn verdict_equals_check_game_on_messages_changed() {
    let catalog = TileCatalog::embedded().unwrap();
    let sets = [
        "messengers",
        "robbers,messengers",
        "river,inns-and-cathedrals,traders-and-builders,tower,princess-and-dragon,gold-mines,flying-machines,crop-circles-1,crop-circles-2,mage-and-witch,ferries,robbers,messengers",
    ];
    let (mut changed, mut faulty) = (0, 0);
    for (_, text) in generated(&sets, 10, &catalog) {
        // A game that writes no message and no pawn is of version
        // 1, which the quick verdict leaves to the full referee
        // where an expansion looks at every turn.
        if text.starts_with("[CGN \"1\"]") {
            continue;
        }
        agree("as generated", &text, &catalog);
        let lines: Vec<&str> = text.lines().collect();
        let mut variants: Vec<String> = Vec::new();
        for (n, line) in lines.iter().enumerate() {
            if !line.starts_with(|c: char| c.is_ascii_digit()) {
                continue;
            }
            let words: Vec<&str> = line.split(' ').collect();
            let with = |words: Vec<String>| {
                let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                out[n] = words.join(" ");
                out.join("\n") + "\n"
            };
            let map = |f: &dyn Fn(&str) -> Option<String>| {
                words.iter().filter_map(|w| f(w)).collect::<Vec<String>>()
            };
            if words.iter().any(|w| w.starts_with("message:")) {
                variants.push(with(map(&|w| {
                    (!w.starts_with("message:")).then(|| w.to_string())
                })));
                variants.push(with(map(&|w| {
                    Some(match w.strip_prefix("message:") {
                        Some(m) => format!("message:{}", m.parse::<u32>().unwrap() % 8 + 1),
                        None => w.to_string(),
                    })
                })));
                if words.contains(&"choose:points") {
                    variants.push(with(map(&|w| {
                        (w != "choose:points").then(|| w.to_string())
                    })));
                } else {
                    variants.push(with(map(&|w| {
                        Some(if w.starts_with("message:") {
                            format!("{w} choose:points")
                        } else {
                            w.to_string()
                        })
                    })));
                }
            } else if words.iter().any(|w| w.starts_with("score:marker:")) {
                variants.push(with(map(&|w| {
                    Some(w.replace("score:marker:", "score:messenger:"))
                })));
                variants.push(with(map(&|w| {
                    Some(if w.starts_with('=') && !w.contains('(') {
                        format!("message:{} {w}", n % 8 + 1)
                    } else {
                        w.to_string()
                    })
                })));
            }
        }
        for v in &variants {
            agree("messages changed", v, &catalog);
            changed += 1;
            faulty += usize::from(!verdict(v, 0, &catalog).is_empty());
        }
    }
    assert!(
        changed > 250 && faulty > changed / 2 && faulty < changed,
        "{faulty} of {changed} changed games faulty"
    );
}

/// The order of a turn's scores written with `score:x,y/SPOT`, with The
/// Robbers alone and with The Messengers (SPEC 4.5): the quick verdict and
/// the full referee answer alike on the fixture's turns and on the same turn
/// with each kind of fault of the act (a feature the turn does not score, a
/// feature named twice, a messenger without The Messengers, a name that is not
/// a winner, an act on a turn that scores nothing).
#[test]
fn verdict_equals_check_game_on_score_orders() {
    let catalog = TileCatalog::embedded().unwrap();
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("notation/games/valid/robbers-order-of-scores-with-and-without-messengers.cgn");
    let text = std::fs::read_to_string(path).unwrap();
    let last = "10. Red K 0,1 r180 +S";
    let turns = [
        "score:1,1/E",
        "score:marker:1,1/E score:0,0/N",
        "score:0,0/N score:1,1/E",
        "score:-1,0/E",
        "score:1,1/E score:1,1/E",
        "score:messenger:1,1/E",
        "score:1,1/E(Blue)",
        "score:marker",
    ];
    let mut faulty = 0;
    for (base, game) in split_games(&text) {
        let _ = base;
        let head = &game[..game.find(last).unwrap()];
        for acts in turns {
            let variant = format!("{head}{last} {acts}\n");
            agree(acts, &variant, &catalog);
            faulty += usize::from(!verdict(&variant, 0, &catalog).is_empty());
        }
        let early = head.replace("9. Green U 2,0 r0", "9. Green U 2,0 r0 score:1,1/E");
        agree("a turn that scores nothing", &early, &catalog);
        assert!(!verdict(&early, 0, &catalog).is_empty());
    }
    // Five of the eight turns are faulty with The Robbers alone, four with
    // The Messengers (where the messenger may move).
    assert_eq!(faulty, 2 * 5 + 2 * 4);
}

/// The acts of games with every expansion, read by the quick reader into
/// their compact form and by the grammar into its records, are judged alike
/// (the verdict is the full referee's) when an act is removed, written twice,
/// given another argument or another player, or one is added.
#[test]
fn verdict_equals_check_game_on_every_expansion_with_acts_changed() {
    let catalog = TileCatalog::embedded().unwrap();
    let every = "river,inns-and-cathedrals,traders-and-builders,tower,princess-and-dragon,gold-mines,flying-machines,mage-and-witch,crop-circles-1,ferries,robbers,messengers";
    let args = [
        "N",
        "E",
        "S",
        "W",
        "C",
        "T",
        "NS",
        "EW",
        "1",
        "3",
        "7",
        "-",
        "big",
        "follower",
        "points",
        "0,1",
        "1,2/N",
        "-1,0/C",
        "0,0",
        "Ann",
        "Bob",
        "2,-1/NE",
        "big:1,1/S",
    ];
    let verbs = [
        "dragon", "capture", "exchange", "ransom", "princess", "gold", "ingot", "fly", "robber",
        "rob", "ferry", "mage", "witch", "message", "choose", "score", "circle", "add", "remove",
        "pass", "bogus",
    ];
    let mut rng = Rng::new(43);
    let (mut changed, mut faulty, mut cleared) = (0, 0, 0);
    for players in 2..=4 {
        let options = GenOptions {
            edition: Edition::ALL[players % 2],
            players,
            expansions: Expansions::from_sets(every.split(',')),
        };
        let record = random_game(&catalog, &options, &mut Rng::new(players as u64));
        let text = write(std::slice::from_ref(&record));
        cleared += agree("every expansion", &text, &catalog);
        let lines: Vec<&str> = text.split('\n').collect();
        // The turn lines with an act after the tile and its figure.
        let busy: Vec<usize> = (0..lines.len())
            .filter(|&i| {
                lines[i].starts_with(|c: char| c.is_ascii_digit())
                    && lines[i]
                        .split(' ')
                        .skip(5)
                        .any(|t| !t.starts_with(['=', '@']))
            })
            .collect();
        for _ in 0..16 {
            let i = busy[rng.below(busy.len())];
            let mut tokens: Vec<String> = lines[i].split(' ').map(str::to_string).collect();
            let acts: Vec<usize> = (5..tokens.len())
                .filter(|&k| !tokens[k].starts_with(['=', '@']))
                .collect();
            let k = acts[rng.below(acts.len())];
            let token = tokens[k].clone();
            match rng.below(5) {
                0 => {
                    tokens.remove(k);
                }
                1 => tokens.insert(k, token),
                2 => {
                    let verb = token.split(':').next().unwrap_or_default().to_string();
                    tokens[k] = format!("{verb}:{}", args[rng.below(args.len())]);
                }
                3 => {
                    let verb = verbs[rng.below(verbs.len())];
                    tokens.insert(k, format!("{verb}:{}", args[rng.below(args.len())]));
                }
                _ => {
                    tokens[k] = match token.find('(') {
                        Some(p) => token[..p].to_string(),
                        None => format!("{token}(Bob)"),
                    }
                }
            }
            let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            out[i] = tokens.join(" ");
            let text = out.join("\n");
            agree("every expansion, an act changed", &text, &catalog);
            changed += 1;
            faulty += usize::from(!verdict(&text, 0, &catalog).is_empty());
        }
    }
    assert_eq!(cleared, 3);
    assert!(
        changed == 48 && faulty > changed / 2,
        "{faulty} of {changed}"
    );
}
