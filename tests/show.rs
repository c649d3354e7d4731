#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Board pictures: the text picture of rulebook fixtures and example games
//! (snapshots, one with all three expansions), and the SVG document (well-formed
//! XML, one element per tile, one per figure on the board by kind, the River,
//! inns, cathedrals and goods drawn, the highlighted feature marked). The SVGs
//! the README shows are kept in `notation/examples/board*.svg`;
//! `CARCREF_UPDATE_SVG=1 cargo test --test show` rewrites them.

use std::path::Path;

use carcref::figures::Figure;
use carcref::render::{ShowOptions, SvgOptions, board_svg, board_text};
use carcref::score::FeatureRef;
use carcref::{Game, Pos, Side, Spot, TileCatalog};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn game_at<'c>(path: &str, catalog: &'c TileCatalog, turn: Option<u32>) -> Game<'c> {
    let text = std::fs::read_to_string(root().join(path)).unwrap();
    let games = carcref::parse(&text);
    carcref::referee::replay_to(&games.first().unwrap().record, catalog, turn).unwrap()
}

fn text_of(path: &str, turn: Option<u32>) -> String {
    let catalog = TileCatalog::embedded().unwrap();
    let game = game_at(path, &catalog, turn);
    board_text(
        &game,
        &ShowOptions {
            color: false,
            ..ShowOptions::default()
        },
    )
}

#[test]
fn text_farm_example() {
    let text = text_of("notation/games/valid/hig2012-farm-example.cgn", None);
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("show_farm_example", text);
    });
}

#[test]
fn text_incomplete_features() {
    let text = text_of("notation/games/valid/hig2012-incomplete.cgn", None);
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("show_incomplete", text);
    });
}

#[test]
fn text_example_at_turn_30() {
    let text = text_of("notation/examples/hig2012-two-players.cgn", Some(30));
    assert!(text.contains("after turn 30:"));
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("show_two_players_turn_30", text);
    });
}

#[test]
fn text_two_players_at_the_end() {
    let text = text_of("notation/examples/hig2012-two-players.cgn", None);
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("show_two_players_end", text);
    });
}

#[test]
fn text_colour_only_when_asked() {
    let catalog = TileCatalog::embedded().unwrap();
    let game = game_at("notation/examples/hig2012-two-players.cgn", &catalog, None);
    let plain = board_text(&game, &ShowOptions::default());
    assert!(!plain.contains('\x1b'));
    let coloured = board_text(
        &game,
        &ShowOptions {
            color: true,
            ..ShowOptions::default()
        },
    );
    assert!(coloured.contains("\x1b[1;97;41m"), "a red follower");
    let stripped: String = strip_ansi(&coloured);
    assert_eq!(stripped, plain);
}

fn strip_ansi(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The class of a figure's element in the SVG.
fn figure_class(figure: Figure) -> &'static str {
    match figure {
        Figure::Follower => "follower",
        Figure::Big => "big-follower",
        Figure::Builder => "builder",
        Figure::Pig => "pig",
    }
}

/// Every figure kind is drawn once per figure of that kind on the board: the
/// starting supply less what the players hold.
fn assert_figures_drawn(game: &Game<'_>, doc: &roxmltree::Document<'_>, what: &str) {
    for figure in Figure::ALL {
        let start = figure.per_player(game.expansions());
        let on_board: usize = game
            .supplies()
            .iter()
            .map(|(_, supply)| usize::from(start - supply.count(figure)))
            .sum();
        let drawn = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some(figure_class(figure)))
            .count();
        assert_eq!(
            drawn, on_board,
            "{what}: one {figure} per {figure} on the board"
        );
    }
}

fn count_class(doc: &roxmltree::Document<'_>, class: &str) -> usize {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count()
}

fn tile_elements<'a>(doc: &'a roxmltree::Document<'a>) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("tile"))
        .collect()
}

#[test]
fn svg_is_xml_with_one_element_per_tile() {
    let catalog = TileCatalog::embedded().unwrap();
    for (path, turn) in [
        ("notation/examples/hig2012-two-players.cgn", None),
        ("notation/examples/hig2012-four-players.cgn", Some(30)),
        ("notation/examples/rgg2000-three-players.cgn", None),
        ("notation/games/valid/hig2012-farm-example.cgn", None),
        ("notation/examples/hig2012-three-expansions.cgn", Some(60)),
        ("notation/examples/hig2012-three-expansions.cgn", None),
        ("notation/examples/rgg2000-traders-and-builders.cgn", None),
        ("notation/games/valid/hig2012-big-farmer.cgn", None),
        ("notation/games/valid/hig2012-pig.cgn", None),
        ("notation/games/valid/hig2012-builder-double-turn.cgn", None),
    ] {
        let game = game_at(path, &catalog, turn);
        let svg = board_svg(
            &game,
            &SvgOptions {
                highlight: None,
                last: true,
                ..SvgOptions::default()
            },
        );
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        let tiles = tile_elements(&doc);
        assert_eq!(tiles.len(), game.board().len(), "{path}");
        assert_eq!(svg.matches("class=\"tile\"").count(), game.board().len());
        let followers: usize = game
            .supplies()
            .players()
            .map(|p| usize::from(carcref::rules::FOLLOWERS_PER_PLAYER - game.followers_in_hand(p)))
            .sum();
        assert_eq!(
            count_class(&doc, "follower"),
            followers,
            "{path}: one figure per follower on the board"
        );
        assert_figures_drawn(&game, &doc, path);
        for (t, placed) in tiles.iter().zip(game.board().tiles()) {
            assert_eq!(
                t.attribute("data-pos"),
                Some(placed.pos.to_string().as_str())
            );
            let def = catalog.def(placed.tile);
            assert_eq!(t.attribute("data-tile"), Some(def.id.as_str()));
            assert_eq!(
                t.attribute("data-rotation"),
                Some(placed.rotation.to_string().as_str())
            );
        }
        assert!(
            !svg.contains("http://") || !svg.contains("href"),
            "no links"
        );
        assert_eq!(
            doc.descendants()
                .filter(|n| n.has_tag_name("image"))
                .count(),
            0
        );
    }
}

/// The three expansions at turn 60: the river from the spring to the lake,
/// inns, a cathedral, goods, and every kind of figure (large followers, a builder,
/// pigs) are on the board.
const EXPANSIONS: &str = "notation/examples/hig2012-three-expansions.cgn";

#[test]
fn text_three_expansions_at_turn_60() {
    let text = text_of(EXPANSIONS, Some(60));
    assert!(text.contains("after turn 60:"));
    for mark in [
        "≈ river",
        "i inn",
        "† cathedral",
        "w wine",
        "g grain",
        "c cloth",
        "C+ large follower",
        "Ab builder",
        "Ap pig",
    ] {
        assert!(text.contains(mark), "the key names {mark}:\n{text}");
    }
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("show_three_expansions_turn_60", text);
    });
}

#[test]
fn text_three_expansions_in_colour() {
    let catalog = TileCatalog::embedded().unwrap();
    let game = game_at(EXPANSIONS, &catalog, Some(60));
    let plain = board_text(&game, &ShowOptions::default());
    let coloured = board_text(
        &game,
        &ShowOptions {
            color: true,
            ..ShowOptions::default()
        },
    );
    assert!(coloured.contains("\x1b[36m≈"), "the river in cyan");
    assert!(
        coloured.contains("\x1b[1;97;41mAb\x1b[0m"),
        "Ann's builder in red, marker and mark together"
    );
    assert_eq!(strip_ansi(&coloured), plain);
    assert!(!plain.contains('\x1b'));
}

#[test]
fn text_key_lists_only_what_the_board_shows() {
    // Turn 3: the river and a large follower, nothing else of the expansions.
    let text = text_of(EXPANSIONS, Some(3));
    let key: Vec<&str> = text.lines().rev().take(2).collect();
    assert_eq!(key, ["C+ large follower", "≈ river"], "{text}");
    // A basic game keeps its two legend lines, and the scoreboard's key.
    let basic = text_of("notation/examples/hig2012-two-players.cgn", None);
    assert!(basic.ends_with(
        "▓ city  ◆ banner  ─│ road  ⌂ monastery  · field\n\
         ◦ every fifth space of the scoreboard; a player's letter on the track: \
         the marker, on the player's points modulo 50 (past 50: the points in parentheses)\n"
    ));
}

#[test]
fn svg_draws_the_expansions() {
    let catalog = TileCatalog::embedded().unwrap();
    for turn in [Some(3), Some(44), Some(60), None] {
        let game = game_at(EXPANSIONS, &catalog, turn);
        let svg = board_svg(&game, &SvgOptions::default());
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let what = format!("turn {turn:?}");
        assert_figures_drawn(&game, &doc, &what);
        // Each river tile draws its river, one band per river edge; the spring
        // and the lake a pool.
        let tiles = tile_elements(&doc);
        let mut pools = 0;
        for (t, placed) in tiles.iter().zip(game.board().tiles()) {
            let def = catalog.def(placed.tile);
            let bands = t
                .descendants()
                .filter(|n| n.attribute("class") == Some("river"))
                .count();
            let edges = def.river.count_ones() as usize;
            // Two edges make one band (straight or bent), one edge a band to the pool.
            assert_eq!(bands, edges.min(1), "{what}: {} at {}", def.id, placed.pos);
            pools += usize::from(edges == 1);
            let count = |class: &str| {
                t.descendants()
                    .filter(|n| n.attribute("class") == Some(class))
                    .count()
            };
            let segs = |f: fn(&carcref::tiles::Segment) -> bool| {
                def.segments.iter().filter(|s| f(s)).count()
            };
            assert_eq!(count("inn"), segs(|s| s.inn), "{what}: {}", def.id);
            assert_eq!(
                count("cathedral"),
                segs(|s| s.cathedral),
                "{what}: {}",
                def.id
            );
            assert_eq!(
                count("goods"),
                segs(|s| s.goods.is_some()),
                "{what}: {}",
                def.id
            );
        }
        assert_eq!(count_class(&doc, "pool"), pools, "{what}");
        assert!(count_class(&doc, "river") >= 3, "{what}");
        if turn == Some(60) {
            for class in [
                "inn",
                "cathedral",
                "goods",
                "big-follower",
                "builder",
                "pig",
            ] {
                assert!(count_class(&doc, class) > 0, "{what}: a {class}");
            }
            assert_eq!(pools, 2, "the spring and the lake");
        }
    }
    // The goods say their kind.
    let game = game_at(EXPANSIONS, &catalog, None);
    let svg = board_svg(&game, &SvgOptions::default());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let kinds: std::collections::BTreeSet<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("goods"))
        .filter_map(|n| n.attribute("data-goods"))
        .collect();
    assert_eq!(
        kinds.into_iter().collect::<Vec<_>>(),
        ["cloth", "grain", "wine"]
    );
}

#[test]
fn svg_highlight_marks_the_feature_tiles() {
    let catalog = TileCatalog::embedded().unwrap();
    let game = game_at(
        "notation/games/valid/hig2012-incomplete.cgn",
        &catalog,
        None,
    );
    // The large city: the start tile's cap, joined by tile Q at 1,1 (5 tiles).
    let feature = FeatureRef {
        pos: Pos::new(0, 0),
        spot: Spot::Edge(Side::North),
    };
    let svg = board_svg(
        &game,
        &SvgOptions {
            highlight: Some(feature),
            last: false,
            ..SvgOptions::default()
        },
    );
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let marked: Vec<&str> = tile_elements(&doc)
        .iter()
        .filter(|n| n.attribute("data-highlight") == Some("true"))
        .filter_map(|n| n.attribute("data-pos"))
        .collect();
    assert_eq!(marked, ["0,0", "0,1", "1,2", "2,1", "1,1"]);
    let dimmed = tile_elements(&doc)
        .iter()
        .filter(|n| n.attribute("opacity").is_some())
        .count();
    assert_eq!(dimmed, game.board().len() - marked.len());
    assert_eq!(
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("highlight"))
            .count(),
        1
    );

    // A spot with no segment highlights nothing and dims nothing.
    let none = board_svg(
        &game,
        &SvgOptions {
            highlight: Some(FeatureRef {
                pos: Pos::new(40, 40),
                spot: Spot::Centre,
            }),
            last: false,
            ..SvgOptions::default()
        },
    );
    assert!(!none.contains("data-highlight"));
    assert!(!none.contains(" opacity=\"0.35\""));
}

#[test]
fn svg_escapes_names() {
    let catalog = TileCatalog::embedded().unwrap();
    let src = "[Players \"A&B <x>, Bob\"]\n[Rules \"HiG-2012\"]\n\n1. \"A&B <x>\" U 1,0 r0 +E\n";
    let games = carcref::parse(src);
    let game = carcref::referee::replay_to(&games.first().unwrap().record, &catalog, None).unwrap();
    let svg = board_svg(&game, &SvgOptions::default());
    roxmltree::Document::parse(&svg).unwrap();
    assert!(svg.contains("A&amp;B &lt;x&gt;"));
    let text = board_text(&game, &ShowOptions::default());
    assert!(text.contains("A A&B <x> (red)"), "{text}");
}

#[test]
fn pictures_are_deterministic() {
    let catalog = TileCatalog::embedded().unwrap();
    let a = game_at(
        "notation/examples/rgg2000-three-players.cgn",
        &catalog,
        None,
    );
    let b = game_at(
        "notation/examples/rgg2000-three-players.cgn",
        &catalog,
        None,
    );
    let options = SvgOptions {
        highlight: None,
        last: true,
        ..SvgOptions::default()
    };
    assert_eq!(board_svg(&a, &options), board_svg(&b, &options));
    assert_eq!(
        board_text(&a, &ShowOptions::default()),
        board_text(&b, &ShowOptions::default())
    );
}

/// The SVGs shown in the README, as `carcref show --svg` draws them: the
/// two-player example at its end (a finished game: the scoreboard after the
/// final scoring), and the example with all three expansions after turn 60.
#[test]
fn example_board_svgs_are_current() {
    let catalog = TileCatalog::embedded().unwrap();
    for (record, turn, picture) in [
        ("hig2012-two-players.cgn", None, "board.svg"),
        (
            "hig2012-three-expansions.cgn",
            Some(60),
            "board-three-expansions.svg",
        ),
    ] {
        let game = game_at(&format!("notation/examples/{record}"), &catalog, turn);
        let svg = board_svg(
            &game,
            &SvgOptions {
                highlight: None,
                last: true,
                final_scoring: turn.is_none(),
            },
        );
        let path = root().join("notation/examples").join(picture);
        if std::env::var_os("CARCREF_UPDATE_SVG").is_some() {
            std::fs::write(&path, &svg).unwrap();
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == svg,
            "notation/examples/{picture} is out of date: run `CARCREF_UPDATE_SVG=1 cargo test --test show`"
        );
    }
}

#[test]
fn text_of_the_start_tile() {
    let text = text_of("notation/examples/hig2012-two-players.cgn", Some(0));
    // Beside the board, the scoreboard: both markers on space 0 (the 2012
    // rulebook: each player "puts one (called marker thereafter) on the space
    // numbered 0 of the scoreboard").
    let track = "◦····".repeat(10);
    let row = |mark: char| {
        format!(
            "{mark}  {mark}{}  0",
            &track[track.char_indices().nth(1).unwrap().0..]
        )
    };
    assert_eq!(
        text,
        format!(
            "    0        0    5    10   15   20   25   30   35   40   45\n\
             \x20 ·▓▓▓·   {}\n0 ─────   {}\n  ·····\nafter turn 0: A Ann (red) B Bob (blue)\n\
             ▓ city  ◆ banner  ─│ road  ⌂ monastery  · field\n\
             ◦ every fifth space of the scoreboard; a player's letter on the track: \
             the marker, on the player's points modulo 50 (past 50: the points in parentheses)\n",
            row('A'),
            row('B')
        )
    );
}

/// Every valid game and every turn of the examples draws without a panic, and
/// every SVG is well-formed.
#[test]
fn every_game_draws() {
    let catalog = TileCatalog::embedded().unwrap();
    let mut files: Vec<_> = ["notation/games/valid", "notation/examples"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(root().join(dir)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cgn"))
        .collect();
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for game in carcref::parse(&text) {
            let last = game.record.turns.last().map_or(0, |t| t.number.value);
            for turn in (0..=last).step_by(7).chain([last]) {
                let Ok(g) = carcref::referee::replay_to(&game.record, &catalog, Some(turn)) else {
                    continue;
                };
                let text = board_text(
                    &g,
                    &ShowOptions {
                        color: true,
                        ..ShowOptions::default()
                    },
                );
                assert!(text.contains(&format!("after turn {}", g.turn())));
                let svg = board_svg(
                    &g,
                    &SvgOptions {
                        highlight: None,
                        last: true,
                        ..SvgOptions::default()
                    },
                );
                let doc = roxmltree::Document::parse(&svg)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                assert_eq!(tile_elements(&doc).len(), g.board().len());
            }
        }
    }
}

const TOWER: &str = "notation/games/valid/tower-prisoner-and-ransom.cgn";

/// A tower closed by Ann's large follower, and an empty tower place.
const GUARDED: &str = "[CGN \"2\"]\n[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n\
    [Expansions \"inns-and-cathedrals, tower\"]\n[Termination \"interrupted\"]\n\n\
    1. Ann U 1,0 r0\n2. Bob TW2 1,1 r0 +tower:T\n3. Ann U 2,0 r0 +big:1,1/T\n\
    4. Bob TW4 1,-1 r0 +tower:T\n5. Ann TW3 1,2 r0\n";

fn game_of<'c>(text: &str, catalog: &'c TileCatalog) -> Game<'c> {
    let games = carcref::parse(text);
    carcref::referee::replay_to(&games.first().unwrap().record, catalog, None).unwrap()
}

fn plain(game: &Game<'_>) -> String {
    board_text(
        game,
        &ShowOptions {
            color: false,
            ..ShowOptions::default()
        },
    )
}

/// The Tower on the terminal: each tower as `T` and its height on its tile,
/// the pieces each player has left and the prisoners each holds beside the
/// board.
#[test]
fn text_tower_prisoner_and_ransom() {
    let text = text_of(TOWER, None);
    assert!(text.contains("T1"), "{text}");
    assert!(text.contains("tower pieces left: A 10 B 8"), "{text}");
    assert!(text.contains("prisoners: B Bob holds A follower"), "{text}");
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("show_tower_prisoner_and_ransom", text);
    });
    // After the ransom (turn 5) no one holds a prisoner.
    let text = text_of(TOWER, Some(5));
    assert!(text.contains("prisoners: none"), "{text}");
}

/// A guard stands on its tower in its owner's marker (a large follower with
/// its `+`), an empty tower place is `t`, and both are keyed.
#[test]
fn text_tower_guard_and_place() {
    let catalog = TileCatalog::embedded().unwrap();
    let game = game_of(GUARDED, &catalog);
    let text = plain(&game);
    assert!(text.contains("T1A+"), "{text}");
    assert!(text.contains("t tower place"), "{text}");
    assert!(text.contains("T2 tower of 2 stories"), "{text}");
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("show_tower_guard", text);
    });
    // In colour the guard is in Ann's colour (red background).
    let coloured = board_text(
        &game,
        &ShowOptions {
            color: true,
            ..ShowOptions::default()
        },
    );
    assert!(coloured.contains("\x1b[1;97;41mA+"), "{coloured:?}");
}

fn with_class<'a>(doc: &'a roxmltree::Document<'a>, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

/// The Tower in SVG: a tower element per tower with its height, on its tile;
/// the prisoners in a panel beside the board, by jailer; the legend keys the
/// tower and the prisoner.
#[test]
fn svg_tower_prisoner_and_ransom() {
    let catalog = TileCatalog::embedded().unwrap();
    let game = game_at(TOWER, &catalog, None);
    let svg = board_svg(&game, &SvgOptions::default());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let towers = with_class(&doc, "tower");
    assert_eq!(towers.len(), game.towers().unwrap().towers().len());
    for t in &towers {
        let tile = t.ancestors().find(|a| a.attribute("class") == Some("tile"));
        let pos = tile.and_then(|t| t.attribute("data-pos")).unwrap();
        let built = game
            .towers()
            .unwrap()
            .towers()
            .iter()
            .find(|x| x.pos.to_string() == pos);
        assert_eq!(
            t.attribute("data-height"),
            built.map(|b| b.height.to_string()).as_deref(),
            "the tower at {pos}"
        );
    }
    let held = with_class(&doc, "held");
    assert_eq!(held.len(), 1);
    assert_eq!(held[0].attribute("data-jailer"), Some("Bob"));
    let prisoners = with_class(&doc, "prisoner");
    assert_eq!(prisoners.len(), 1);
    assert_eq!(prisoners[0].attribute("data-owner"), Some("Ann"));
    assert_eq!(prisoners[0].attribute("data-figure"), Some("follower"));
    let pieces: Vec<_> = with_class(&doc, "pieces")
        .iter()
        .map(|n| n.attribute("data-pieces").unwrap().to_string())
        .collect();
    assert_eq!(pieces, ["10", "8"]);
    let items: Vec<_> = with_class(&doc, "legend-item")
        .iter()
        .map(|n| n.attribute("data-item").unwrap())
        .collect();
    assert_eq!(items, ["tower", "prisoner"]);
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("show_tower_prisoner_and_ransom_svg", svg);
    });
}

#[test]
fn svg_tower_guard_and_place() {
    let catalog = TileCatalog::embedded().unwrap();
    let game = game_of(GUARDED, &catalog);
    let svg = board_svg(&game, &SvgOptions::default());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let guarded: Vec<_> = with_class(&doc, "tower")
        .into_iter()
        .filter(|t| t.attribute("data-guard").is_some())
        .collect();
    assert_eq!(guarded.len(), 1);
    assert_eq!(guarded[0].attribute("data-guard"), Some("Ann"));
    assert_eq!(guarded[0].attribute("data-guard-figure"), Some("big"));
    assert_eq!(with_class(&doc, "guard").len(), 1);
    assert_eq!(
        with_class(&doc, "guard")[0].attribute("data-colour"),
        Some("red")
    );
    assert_eq!(with_class(&doc, "tower-place").len(), 1);
    assert!(svg.contains(">none</text>"), "no prisoner");
    let items: Vec<_> = with_class(&doc, "legend-item")
        .iter()
        .map(|n| n.attribute("data-item").unwrap())
        .collect();
    assert_eq!(items, ["tower-place", "tower"]);
}

/// The Princess & the Dragon's fixture with the set-aside dragon tile, the
/// volcano and two journeys.
const DRAGON: &str = "notation/games/valid/princess-and-dragon-aside-and-volcano.cgn";
/// The fixture with the fairy and the magic portal.
const FAIRY: &str = "notation/games/valid/princess-and-dragon-fairy.cgn";

/// The fairy fixture under `fairy-next-follower`: the fairy next to Bob's
/// thief on the road of -1,0.
fn fairy_next_to() -> String {
    std::fs::read_to_string(root().join(FAIRY))
        .unwrap()
        .replace(
            "[CGN \"2\"]",
            "[CGN \"2\"]\n[Variants \"fairy-next-follower\"]",
        )
        .replace("+fairy:-1,0", "+fairy:-1,0/E")
}

/// The cells of the text picture of one tile: its three lines of five
/// characters, found by the axis labels.
#[allow(clippy::indexing_slicing)]
fn tile_cells(text: &str, x: i32, y: i32) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let axis = lines[0];
    let row = 1 + lines[1..]
        .iter()
        .position(|l| l.trim_start().starts_with(&format!("{y} ")))
        .unwrap();
    // The y label, right-aligned, then a space.
    let label = format!("{y} ");
    let margin = lines[row].find(&label).unwrap() + label.len();
    let first_x: i32 = axis.split_whitespace().next().unwrap().parse().unwrap();
    let column = margin + usize::try_from(x - first_x).unwrap() * 5;
    (row - 1..=row + 1)
        .map(|r| lines[r].chars().skip(column).take(5).collect())
        .collect()
}

/// The Princess & the Dragon on the terminal: the tiles' symbols (`^` the
/// volcano, `d` a dragon tile, `o` the magic portal, `*` the princess), the
/// dragon `@` on its tile, the fairy `f` on its tile, each keyed; beside the
/// board where they are, the tiles set aside and the turn's meal.
#[test]
fn text_princess_and_dragon() {
    // Turn 1: PD7 set aside, no dragon yet.
    let text = text_of(DRAGON, Some(1));
    assert!(
        text.contains("the dragon @: not in play (no volcano yet); the fairy f: not placed yet"),
        "{text}"
    );
    assert!(text.contains("set aside: PD7"), "{text}");
    assert!(!text.contains("^ volcano"), "{text}");
    // Turn 4: the dragon at 0,-1 after eating Ann's thief; PD7 back.
    let text = text_of(DRAGON, Some(4));
    assert!(tile_cells(&text, 0, -1).concat().contains('@'), "{text}");
    assert!(!tile_cells(&text, -1, 0).concat().contains('@'), "{text}");
    assert!(tile_cells(&text, 1, 0).concat().contains('^'), "{text}");
    assert!(tile_cells(&text, -1, 0).concat().contains('d'), "{text}");
    assert!(
        text.contains("^ volcano  d dragon tile  @ the dragon"),
        "{text}"
    );
    assert!(text.contains("set aside: none"), "{text}");
    assert!(
        text.contains("the dragon ate in turn 4: A follower"),
        "{text}"
    );
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("show_princess_and_dragon_turn_4", text);
    });
    // The fairy on Bob's tile, the portal, the princess.
    let text = text_of(FAIRY, None);
    assert!(tile_cells(&text, -1, 0).concat().contains('f'), "{text}");
    assert!(tile_cells(&text, -2, 0).concat().contains('o'), "{text}");
    assert!(text.contains("o magic portal"), "{text}");
    assert!(text.contains("f the fairy"), "{text}");
    assert!(text.contains("the fairy f: at -1,0\n"), "{text}");
    let text = text_of(
        "notation/games/valid/princess-and-dragon-princess.cgn",
        None,
    );
    assert!(tile_cells(&text, 0, 2).concat().contains('*'), "{text}");
    assert!(text.contains("* princess"), "{text}");
    // Next to a follower: beside its marker, and named.
    let catalog = TileCatalog::embedded().unwrap();
    let game = game_of(&fairy_next_to(), &catalog);
    let text = plain(&game);
    assert!(tile_cells(&text, -1, 0)[1].contains("Bf"), "{text}");
    assert!(
        text.contains("the fairy f: at -1,0, next to B Bob's follower on E"),
        "{text}"
    );
    // In colour, the dragon is in no player's colour.
    let coloured = board_text(
        &game_at(DRAGON, &catalog, Some(4)),
        &ShowOptions {
            color: true,
            ..ShowOptions::default()
        },
    );
    assert!(coloured.contains("\x1b[1;97;48;5;166m@"), "{coloured:?}");
}

/// The Princess & the Dragon in SVG: a symbol element per volcano, dragon
/// and portal tile, on its tile; the dragon and the fairy on theirs (the
/// fairy naming the follower it stands next to); the panel beside the board
/// with the tiles set aside and the turn's meal; the legend keys them.
#[test]
fn svg_princess_and_dragon() {
    let catalog = TileCatalog::embedded().unwrap();
    let tile_of = |n: &roxmltree::Node<'_, '_>| {
        n.ancestors()
            .find(|a| a.attribute("class") == Some("tile"))
            .and_then(|t| t.attribute("data-pos"))
            .map(str::to_string)
    };
    let game = game_at(DRAGON, &catalog, Some(4));
    let svg = board_svg(&game, &SvgOptions::default());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let dragons = with_class(&doc, "dragon");
    assert_eq!(dragons.len(), 1);
    assert_eq!(tile_of(&dragons[0]).as_deref(), Some("0,-1"));
    let volcano: Vec<_> = with_class(&doc, "volcano").iter().map(tile_of).collect();
    assert_eq!(volcano, [Some("1,0".to_string())]);
    let mut dragon_tiles: Vec<_> = with_class(&doc, "dragon-tile")
        .iter()
        .map(tile_of)
        .collect();
    dragon_tiles.sort();
    assert_eq!(
        dragon_tiles,
        [Some("-1,0".to_string()), Some("0,-1".to_string())]
    );
    assert!(with_class(&doc, "fairy").is_empty());
    let meals = with_class(&doc, "meal");
    assert_eq!(meals.len(), 1);
    assert_eq!(meals[0].attribute("data-owner"), Some("Ann"));
    assert_eq!(
        with_class(&doc, "aside")[0].attribute("data-tiles"),
        Some("")
    );
    let items: Vec<_> = with_class(&doc, "legend-item")
        .iter()
        .map(|n| n.attribute("data-item").unwrap())
        .collect();
    assert_eq!(items, ["volcano", "dragon-tile", "dragon"]);
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!("show_princess_and_dragon_turn_4_svg", svg);
    });
    // Turn 1: the tile set aside, no dragon on the board.
    let svg = board_svg(&game_at(DRAGON, &catalog, Some(1)), &SvgOptions::default());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(
        with_class(&doc, "aside")[0].attribute("data-tiles"),
        Some("PD7")
    );
    assert!(with_class(&doc, "dragon").is_empty());
    // The fairy, next to Bob's thief; the portal.
    let game = game_of(&fairy_next_to(), &catalog);
    let svg = board_svg(&game, &SvgOptions::default());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let fairy = with_class(&doc, "fairy");
    assert_eq!(fairy.len(), 1);
    assert_eq!(tile_of(&fairy[0]).as_deref(), Some("-1,0"));
    assert_eq!(fairy[0].attribute("data-next-to"), Some("Bob"));
    assert_eq!(with_class(&doc, "portal").len(), 1);
    let items: Vec<_> = with_class(&doc, "legend-item")
        .iter()
        .map(|n| n.attribute("data-item").unwrap())
        .collect();
    assert_eq!(items, ["follower", "volcano", "portal", "dragon", "fairy"]);
    let said: String = with_class(&doc, "fairy-at")[0]
        .descendants()
        .filter(roxmltree::Node::is_text)
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(said, "The fairy at -1,0, next to Bob's follower on E");
    let svg = board_svg(
        &game_at(
            "notation/games/valid/princess-and-dragon-princess.cgn",
            &catalog,
            None,
        ),
        &SvgOptions::default(),
    );
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let princess: Vec<_> = with_class(&doc, "princess").iter().map(tile_of).collect();
    assert_eq!(princess, [Some("0,2".to_string())]);
}

/// The Flying Machines: the flying machine's arrow drawn as it points on the
/// board (the tile turned with it), on the terminal (`↘`, keyed) and in SVG
/// (`class="flier"`, `data-arrow`, keyed in the legend); the flier that
/// landed is a follower like any other.
#[test]
fn show_flying_machines() {
    const FLIGHT: &str = "notation/games/valid/flying-machines-city.cgn";
    // FL1's arrow points north-west as pictured; turned r180, south-east.
    let text = text_of(FLIGHT, Some(7));
    assert!(tile_cells(&text, -2, 2).concat().contains('↘'), "{text}");
    assert!(text.contains("← flying machine (its arrow)"), "{text}");
    // Red's flier in the city of the start tile, beside Yellow's knight.
    assert!(tile_cells(&text, 0, 0).concat().contains('R'), "{text}");
    let catalog = TileCatalog::embedded().unwrap();
    let svg = board_svg(&game_at(FLIGHT, &catalog, Some(7)), &SvgOptions::default());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let fliers = with_class(&doc, "flier");
    assert_eq!(fliers.len(), 1);
    assert_eq!(fliers[0].attribute("data-arrow"), Some("SE"));
    let items: Vec<_> = with_class(&doc, "legend-item")
        .iter()
        .map(|n| n.attribute("data-item").unwrap())
        .collect();
    assert!(items.contains(&"flier"), "{items:?}");
    // Without a flying machine on the board, no key.
    let text = text_of(FLIGHT, Some(6));
    assert!(!text.contains("flying machine"), "{text}");
}

/// The Crop Circles: a crop circle drawn on its tile (`◎` on the terminal,
/// `class="crop-circle"` with the kind of follower it designates in SVG),
/// keyed.
#[test]
fn show_crop_circles() {
    const CIRCLE: &str = "notation/games/valid/crop-circles-rulebook-a.cgn";
    let text = text_of(CIRCLE, None);
    assert!(tile_cells(&text, -1, 1).concat().contains('◎'), "{text}");
    assert!(text.contains("◎ crop circle"), "{text}");
    let catalog = TileCatalog::embedded().unwrap();
    let svg = board_svg(&game_at(CIRCLE, &catalog, None), &SvgOptions::default());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let circles = with_class(&doc, "crop-circle");
    assert_eq!(circles.len(), 1);
    assert_eq!(circles[0].attribute("data-kind"), Some("city"));
    let items: Vec<_> = with_class(&doc, "legend-item")
        .iter()
        .map(|n| n.attribute("data-item").unwrap())
        .collect();
    assert!(items.contains(&"crop-circle"), "{items:?}");
    // Red's knights in the lower city of her tile.
    assert!(tile_cells(&text, -1, 1).concat().contains('R'), "{text}");
}

/// The Ferries: the lake keyed as a symbol, and its ferry drawn as the road
/// it makes through the lake as it stands after the turn shown (on the
/// terminal the road character of its two ends, keyed; in SVG
/// `class="ferry"` with `data-ends`, keyed in the legend).
#[test]
fn show_ferries() {
    const FERRIES: &str = "notation/games/valid/ferries-rulebook-3.cgn";
    // After turn 5 the ferry joins west and east; turn 6 moves it to join
    // south and west.
    let before = text_of(FERRIES, Some(5));
    assert!(tile_cells(&before, 1, 0).concat().contains('─'), "{before}");
    let text = text_of(FERRIES, Some(6));
    assert!(tile_cells(&text, 1, 0).concat().contains('┐'), "{text}");
    assert!(text.contains("~ lake"), "{text}");
    assert!(
        text.contains("ferry (joins two roads across the lake)"),
        "{text}"
    );
    let catalog = TileCatalog::embedded().unwrap();
    let svg = board_svg(&game_at(FERRIES, &catalog, Some(6)), &SvgOptions::default());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let ferries = with_class(&doc, "ferry");
    assert_eq!(ferries.len(), 1);
    assert_eq!(ferries[0].attribute("data-ends"), Some("SW"));
    let tile = ferries[0]
        .ancestors()
        .find(|a| a.attribute("class") == Some("tile"))
        .and_then(|t| t.attribute("data-pos"));
    assert_eq!(tile, Some("1,0"));
    let items: Vec<_> = with_class(&doc, "legend-item")
        .iter()
        .map(|n| n.attribute("data-item").unwrap())
        .collect();
    assert!(items.contains(&"ferry"), "{items:?}");
    assert!(items.contains(&"lake"), "{items:?}");
    // Before any lake, no key.
    let text = text_of(FERRIES, Some(4));
    assert!(!text.contains("ferry"), "{text}");
}

/// The rectangles `x, y, w, h` of a highlighted field's part (`M x y h w v h
/// h -w Z`, in its tile's units).
fn part_rects(d: &str) -> Vec<(f64, f64, f64, f64)> {
    d.split('M')
        .filter(|s| !s.is_empty())
        .map(|s| {
            let n: Vec<f64> = s
                .split(|c: char| c.is_ascii_alphabetic() || c == ' ')
                .filter(|t| !t.is_empty())
                .map(|t| t.parse().unwrap())
                .collect();
            match n[..] {
                [x, y, w, h, ..] => (x, y, w, h),
                _ => panic!("not a rectangle: {s}"),
            }
        })
        .collect()
}

/// The point a `translate(x y)` names.
fn translation(node: roxmltree::Node<'_, '_>) -> (f64, f64) {
    let t = node.attribute("transform").unwrap();
    let inner = t
        .strip_prefix("translate(")
        .and_then(|t| t.split(')').next())
        .unwrap();
    let mut n = inner.split(' ').map(|v| v.parse::<f64>().unwrap());
    (n.next().unwrap(), n.next().unwrap())
}

/// The SVG highlight marks the feature's own segments, not whole tiles: Ann's
/// farmer in the field north of the road at 1,0 is inside the mark of that
/// field; Bob's farmer south of the road at -1,0, a tile the field reaches
/// too, is outside it.
#[test]
fn svg_highlight_marks_the_feature_segments() {
    let catalog = TileCatalog::embedded().unwrap();
    let game = game_of(
        "[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n\
         [Termination \"interrupted\"]\n\n1. Ann U 1,0 r0 +ENE\n2. Bob U -1,0 r0 +WSW\n",
        &catalog,
    );
    let svg = board_svg(
        &game,
        &SvgOptions {
            highlight: Some(FeatureRef {
                pos: Pos::new(1, 0),
                spot: "ENE".parse().unwrap(),
            }),
            ..SvgOptions::default()
        },
    );
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let mark = with_class(&doc, "highlight");
    assert_eq!(mark.len(), 1);
    assert_eq!(mark[0].attribute("data-kind"), Some("field"));
    let parts = with_class(&doc, "highlight-part");
    let at: Vec<&str> = parts
        .iter()
        .filter_map(|p| p.attribute("data-pos"))
        .collect();
    assert_eq!(at, ["0,0", "1,0", "-1,0"]);
    // Each farmer's point on its tile, and whether the mark of that tile
    // covers it.
    let covered = |pos: &str, colour: &str| {
        let tile = tile_elements(&doc)
            .into_iter()
            .find(|t| t.attribute("data-pos") == Some(pos))
            .unwrap();
        let farmer = tile
            .descendants()
            .find(|n| {
                n.attribute("class") == Some("follower")
                    && n.attribute("data-colour") == Some(colour)
            })
            .unwrap();
        let (x, y) = translation(farmer);
        let part = parts
            .iter()
            .find(|p| p.attribute("data-pos") == Some(pos))
            .unwrap();
        part_rects(part.attribute("d").unwrap())
            .into_iter()
            .any(|(rx, ry, w, h)| x >= rx && x <= rx + w && y >= ry && y <= ry + h)
    };
    assert!(covered("1,0", "red"), "Ann's farmer is in the field shown");
    assert!(!covered("-1,0", "blue"), "Bob's farmer is in another field");
    // The field north of the road covers about half of each tile, never all.
    for part in &parts {
        let area: f64 = part_rects(part.attribute("d").unwrap())
            .iter()
            .map(|r| r.2 * r.3)
            .sum();
        assert!(
            area > 0.2 * 64.0 * 64.0 && area < 0.6 * 64.0 * 64.0,
            "{area}"
        );
    }
}
