//! The catalog of The Tower and The Princess & the Dragon: counts and symbols
//! against the 2000 Rio Grande big box (`001`, the only rulebook with these two
//! expansions), their JCloisterZone ids, the two shapes the rulebook points out
//! (the tunnel, the cloister in the city), and that The Princess & the Dragon
//! stays out of play until carcref referees it (the `Expansions` tag and `gen`
//! refuse it, and `import jcz` refuses its tiles) while The Tower is in play.
//! Their geometry is compared with the reference geometry beside the project by
//! `catalog.rs`, which skips that comparison where the reference is absent.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use carcref::board::Pos;
use carcref::header::Header;
use carcref::rules::{Action, Game, Move};
use carcref::tiles::catalog::NOT_REFEREED;
use carcref::tiles::{FeatureKind, Half, Rotation, Segment, Side, Spot, Symbol, TileDef};
use carcref::{TileCatalog, check};

const TOWER: &str = "tower";
const DRAGON: &str = "princess-and-dragon";

fn catalog() -> TileCatalog {
    TileCatalog::embedded().unwrap()
}

/// Number of kinds and of tiles in a set.
fn kinds_and_tiles(c: &TileCatalog, set: &str) -> (usize, u32) {
    (
        c.set(set).count(),
        c.set(set).map(|(_, d)| u32::from(d.count)).sum(),
    )
}

/// Tiles (not kinds) of a set that show something.
fn tiles_showing(c: &TileCatalog, set: &str, show: impl Fn(&TileDef) -> bool) -> u32 {
    c.set(set)
        .filter(|(_, d)| show(d))
        .map(|(_, d)| u32::from(d.count))
        .sum()
}

fn tile<'a>(c: &'a TileCatalog, id: &str) -> &'a TileDef {
    c.def(c.id(id).unwrap_or_else(|| panic!("no tile {id}")))
}

fn of_kind(d: &TileDef, kind: FeatureKind) -> Vec<&Segment> {
    d.segments.iter().filter(|s| s.kind == kind).collect()
}

fn half(name: &str) -> Half {
    name.parse().unwrap()
}

/// The Tower, 2000 (001): "18 landscape tiles each with a tower place"; its
/// tile list, "The Tower (18 tiles)", prints "TA 1x" … "TK 2x" … "TQ 1x": 17
/// ids, 18 tiles.
#[test]
fn the_tower_has_18_tiles_of_17_kinds_each_with_a_tower_place() {
    let c = catalog();
    assert_eq!(kinds_and_tiles(&c, TOWER), (17, 18));
    assert_eq!(tiles_showing(&c, TOWER, |d| d.tower), 18);
    let twice: Vec<&str> = c
        .set(TOWER)
        .filter(|(_, d)| d.count == 2)
        .map(|(_, d)| d.id.as_str())
        .collect();
    assert_eq!(twice, ["TW1"]);
    let ids: Vec<String> = c.set(TOWER).map(|(_, d)| d.id.clone()).collect();
    let want: Vec<String> = (1..=17).map(|i| format!("TW{i}")).collect();
    assert_eq!(ids, want);
    // No tile of another set has a tower place, and no tower tile a P&D symbol.
    for (_, d) in c.iter() {
        assert_eq!(d.tower, d.set == TOWER, "{}", d.id);
    }
    assert!(c.set(TOWER).all(|(_, d)| d.symbol.is_none()
        && d.princess().is_none()
        && d.monastery_city.is_none()
        && d.segments.iter().all(|s| !s.tunnel)));
}

/// The Princess & the Dragon, 2000 (001): "30 new landscape tiles" and "Princess
/// & Dragon (30 tiles)"; "All new landscape tiles show a special symbol (volcano,
/// dragon, princess, or magic portal)": "THE VOLCANO (6 tiles)", "THE DRAGON (12
/// tiles)", "THE MAGIC PORTAL (6 tiles)", "THE PRINCESS (6 tiles)". The list under
/// that header reads 31 (BG and BK 2x each); the symbols make 30, so one kind is
/// doubled: JCloisterZone's DG/Rr.d, a road curve with a dragon.
#[test]
fn the_princess_and_the_dragon_has_30_tiles_each_with_one_symbol() {
    let c = catalog();
    assert_eq!(kinds_and_tiles(&c, DRAGON), (29, 30));
    let ids: Vec<String> = c.set(DRAGON).map(|(_, d)| d.id.clone()).collect();
    let want: Vec<String> = (1..=29).map(|i| format!("PD{i}")).collect();
    assert_eq!(ids, want);
    let twice: Vec<(&str, Option<&str>)> = c
        .set(DRAGON)
        .filter(|(_, d)| d.count == 2)
        .map(|(_, d)| (d.id.as_str(), d.jcz.as_deref()))
        .collect();
    assert_eq!(twice, [("PD14", Some("DG/Rr.d"))]);
    assert_eq!(tile(&c, "PD14").symbol, Some(Symbol::Dragon));

    let symbol = |s: Symbol| tiles_showing(&c, DRAGON, |d| d.symbol == Some(s));
    assert_eq!(symbol(Symbol::Volcano), 6);
    assert_eq!(symbol(Symbol::Dragon), 12);
    assert_eq!(symbol(Symbol::Portal), 6);
    assert_eq!(tiles_showing(&c, DRAGON, |d| d.princess().is_some()), 6);
    // One symbol a tile: a volcano, a dragon, a portal or the princess.
    for (_, d) in c.set(DRAGON) {
        let shown = usize::from(d.symbol.is_some()) + usize::from(d.princess().is_some());
        assert_eq!(shown, 1, "{} shows {shown} symbols", d.id);
        assert!(!d.tower, "{}", d.id);
    }
    // The princess stands in a city; no other set has any of these.
    for (_, d) in c.iter() {
        for s in &d.segments {
            assert!(!s.princess || s.kind == FeatureKind::City, "{}", d.id);
        }
        if d.set != DRAGON {
            // The Gold Mines' tiles show their own symbol, the gold mine.
            let gold = d.set == "gold-mines" && d.symbol == Some(Symbol::Goldmine);
            // Mage & Witch's, the magic symbol.
            let magic = d.set == "mage-and-witch" && d.symbol == Some(Symbol::Mage);
            // The Ferries', the lake.
            let lake = d.set == "ferries" && d.symbol == Some(Symbol::Lake);
            // The Robbers', the bag.
            let bag = d.set == "robbers" && d.symbol == Some(Symbol::Bag);
            assert!(
                (d.symbol.is_none() || gold || magic || lake || bag) && d.princess().is_none(),
                "{}",
                d.id
            );
            assert!(d.monastery_city.is_none(), "{}", d.id);
            assert!(d.segments.iter().all(|s| !s.tunnel), "{}", d.id);
        }
    }
}

/// Every kind of both sets gives its JCloisterZone id, of the program's sets
/// (`TO/…`, `DG/…`), each once in the whole catalog (the catalog refuses an id
/// given twice when it loads; this holds it to the ids we wrote).
#[test]
fn jcloisterzone_ids_are_given_and_unique() {
    let c = catalog();
    let mut seen = std::collections::BTreeSet::new();
    // JCloisterZone has no set of The Robbers' tiles.
    for (_, d) in c.iter().filter(|(_, d)| d.set != "robbers") {
        let jcz = d
            .jcz
            .as_deref()
            .unwrap_or_else(|| panic!("{} has no jcz id", d.id));
        assert!(seen.insert(jcz.to_string()), "{jcz} given twice");
        match d.set.as_str() {
            TOWER => assert!(jcz.starts_with("TO/"), "{}: {jcz}", d.id),
            DRAGON => assert!(jcz.starts_with("DG/"), "{}: {jcz}", d.id),
            _ => {}
        }
    }
    assert_eq!(tile(&c, "TW1").jcz.as_deref(), Some("TO/C"));
    assert_eq!(tile(&c, "TW17").jcz.as_deref(), Some("TO/CccC+"));
    assert_eq!(tile(&c, "PD25").jcz.as_deref(), Some("DG/CRcr.d"));
    assert_eq!(tile(&c, "PD13").jcz.as_deref(), Some("DG/LCcc.d"));
}

/// "The tunnel does not break the road that runs over or through it" (2000): the
/// tunnel tile's road north–south is one road, its city east–west one city, and
/// the road under the city does not split the fields: one north of the city,
/// one south, each touching it. At every rotation.
#[test]
fn the_tunnel_keeps_its_road_whole_and_its_fields_unsplit() {
    let c = catalog();
    let tunnels: Vec<&str> = c
        .iter()
        .filter(|(_, d)| d.segments.iter().any(|s| s.tunnel))
        .map(|(_, d)| d.id.as_str())
        .collect();
    assert_eq!(tunnels, ["PD25"]);
    let d = tile(&c, "PD25");
    let roads = of_kind(d, FeatureKind::Road);
    assert_eq!(roads.len(), 1);
    assert!(roads[0].tunnel);
    assert_eq!(roads[0].edges, Side::North.bit() | Side::South.bit());
    let cities = of_kind(d, FeatureKind::City);
    assert_eq!(cities.len(), 1);
    assert_eq!(cities[0].edges, Side::East.bit() | Side::West.bit());
    let mut fields: Vec<u8> = of_kind(d, FeatureKind::Field)
        .iter()
        .map(|f| f.halves)
        .collect();
    fields.sort_unstable();
    let north = half("NNW").bit() | half("NNE").bit();
    let south = half("SSE").bit() | half("SSW").bit();
    assert_eq!(fields, [north, south]);
    assert!(
        of_kind(d, FeatureKind::Field)
            .iter()
            .all(|f| f.touches.len() == 1)
    );
    for r in Rotation::ALL {
        let spot = |s: Spot| s.segment(d, r);
        let edge = |s: Side| spot(Spot::Edge(r.apply(s)));
        let field = |h: &str| spot(Spot::Half(r.apply_half(half(h))));
        assert_eq!(edge(Side::North), edge(Side::South), "{r}: one road");
        assert_eq!(edge(Side::East), edge(Side::West), "{r}: one city");
        assert_ne!(edge(Side::North), edge(Side::East), "{r}");
        assert_eq!(field("NNW"), field("NNE"), "{r}: the north field is whole");
        assert_eq!(field("SSE"), field("SSW"), "{r}: the south field is whole");
        assert_ne!(field("NNW"), field("SSW"), "{r}: the city parts the fields");
    }
    // The Tower's tile of the same edges has no tunnel: its road crosses the
    // city and parts four fields.
    let gate = tile(&c, "TW8");
    assert_eq!(gate.edges, d.edges);
    assert_eq!(of_kind(gate, FeatureKind::Field).len(), 4);
    assert!(gate.segments.iter().all(|s| !s.tunnel));
}

/// The setup of a basic-game record, with a catalogued set added to it by hand:
/// the engine plays the tiles as they are drawn, which shows how the feature
/// machinery joins them (the Expansions tag itself refuses the set).
fn game_with<'c>(catalog: &'c TileCatalog, sets: &[&str]) -> Game<'c> {
    let src = "[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n\n";
    let record = carcref::parse(src).remove(0).record;
    let mut setup = Header::read(&record).0.unwrap().setup();
    setup.sets.extend(sets.iter().map(|s| s.to_string()));
    Game::new(setup, catalog)
}

/// Plays the turns of a record's text on a game, and returns each turn's
/// scoring.
fn play(game: &mut Game<'_>, turns: &str) -> Vec<Vec<carcref::ScoreEvent>> {
    let src = format!("[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n\n{turns}");
    let record = carcref::parse(&src).remove(0).record;
    record
        .turns
        .iter()
        .map(|t| {
            game.play(t)
                .unwrap_or_else(|v| panic!("{:?}: {v:?}", t.tile.value))
        })
        .collect()
}

/// On the board, the tunnel tile joins the roads on either side into one road,
/// which two junctions close: 4 tiles, 4 points to the thief on one of them.
/// (A volcano first brings the dragon in, so that the tunnel tile, a dragon
/// tile, may be placed; its journey ends at once on the tunnel tile.) Its field on the start tile's side joins the start tile's two
/// fields, which the road keeps apart there, since the tunnel's road does not
/// split it.
#[test]
fn on_the_board_the_tunnel_is_one_road() {
    let c = catalog();
    let mut game = game_with(&c, &[DRAGON]);
    // PD25 turned a quarter: road west–east, city north–south.
    let scored = play(
        &mut game,
        "1. Ann PD1 0,-1 r0\n2. Bob PD25 1,0 r90 dragon:N dragon:E(Ann)\n\
         3. Ann W 2,0 r0 +W\n4. Bob W -1,0 r180\n",
    );
    assert!(scored[..3].iter().all(Vec::is_empty), "{scored:?}");
    let road: Vec<_> = scored[3]
        .iter()
        .filter(|e| e.kind == FeatureKind::Road)
        .collect();
    assert_eq!(road.len(), 1, "{:?}", scored[3]);
    assert_eq!(road[0].tiles.len(), 4);
    assert_eq!(road[0].points, 4);
    assert_eq!(game.score().get(carcref::Player(0)), Some(&4));

    let board = game.board();
    let start = board.at(Pos::new(0, 0)).unwrap();
    let start_def = c.def(start.tile);
    let root = |h: &str| {
        let seg = Spot::Half(half(h))
            .segment(start_def, start.rotation)
            .unwrap();
        game.features().root(carcref::features::node_of(start, seg))
    };
    // The start tile's fields north and south of its road (ENE, ESE at its east
    // edge) are one field through the tunnel tile.
    assert_eq!(root("ENE"), root("ESE"));
}

/// The cloister in the city (2000): "When a player places a follower here, he must
/// choose between the cloister and the city … He can place a follower on the
/// cloister even when the city already has a follower … The opposite is also
/// true". The tile has a monastery (spot `C`) and the city it stands in (its
/// edges), two features.
#[test]
fn the_cloister_in_the_city_offers_a_monastery_and_a_city() {
    let c = catalog();
    let inside: Vec<&str> = c
        .iter()
        .filter(|(_, d)| d.monastery_city.is_some())
        .map(|(_, d)| d.id.as_str())
        .collect();
    assert_eq!(inside, ["PD13"]);
    let d = tile(&c, "PD13");
    let city = d.monastery_city.unwrap();
    assert_eq!(d.segment(city).unwrap().kind, FeatureKind::City);
    assert_eq!(
        d.segment(d.monastery.unwrap()).unwrap().kind,
        FeatureKind::Monastery
    );
    for r in Rotation::ALL {
        assert_eq!(Spot::Centre.segment(d, r), d.monastery, "{r}");
        assert_eq!(Spot::Edge(r.apply(Side::North)).segment(d, r), Some(city));
    }

    // Placed north of the start tile's city, turned a half: the player may put a
    // monk or a knight on it.
    let mut game = game_with(&c, &[DRAGON]);
    let id = c.id("PD13").unwrap();
    let pos = Pos::new(0, 1);
    assert!(game.legal_placements(id).contains(&(pos, Rotation::R180)));
    let offered: Vec<FeatureKind> = game
        .legal_figures(game.next_player(), id, pos, Rotation::R180)
        .iter()
        .map(|f| d.segment(f.segment).unwrap().kind)
        .collect();
    assert!(offered.contains(&FeatureKind::Monastery), "{offered:?}");
    assert!(offered.contains(&FeatureKind::City), "{offered:?}");
    // A monk in the cloister, then a knight in the city around it (a volcano
    // first brings the dragon in; its journey after the dragon tile goes
    // south, away from the cloister).
    play(
        &mut game,
        "1. Ann PD17 1,0 r0\n2. Bob B 0,-1 r0\n\
         3. Ann PD13 0,1 r180 +C dragon:W dragon:S(Bob)\n4. Bob E 1,1 r270 +W\n",
    );
    // The kinds of the features with a follower on them.
    let features = game.features();
    let mut standing: Vec<FeatureKind> = Vec::new();
    for t in game.board().tiles() {
        let def = c.def(t.tile);
        for (s, segment) in def.segments.iter().enumerate() {
            let node = carcref::features::node_of(t, s as u8);
            if features
                .feature(node)
                .is_some_and(|f| f.followers().count() > 0)
            {
                standing.push(segment.kind);
            }
        }
    }
    standing.sort();
    standing.dedup();
    assert_eq!(standing, [FeatureKind::City, FeatureKind::Monastery]);
}

/// A record with one of the sets in its Expansions tag: the fault it gets.
fn expansions_fault(set: &str) -> Vec<String> {
    let src = format!(
        "[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n\
         [Expansions \"{set}\"]\n[Termination \"adjudicated\"]\n\n1. Ann U 1,0 r0\n"
    );
    check("t.cgn", &src, &catalog()).games[0]
        .diagnostics
        .iter()
        .map(|d| d.code())
        .collect()
}

/// Both sets are refereed, as every set of the catalog is: a
/// record naming either in its Expansions tag is accepted, and a tile of theirs
/// in a game without them is a tile of a set not in play.
#[test]
fn the_sets_are_catalogued_and_in_play() {
    let c = catalog();
    assert!(NOT_REFEREED.is_empty());
    assert_eq!(
        c.sets(),
        [
            "basic",
            "river",
            "inns-and-cathedrals",
            "traders-and-builders",
            TOWER,
            DRAGON,
            "gold-mines",
            "flying-machines",
            "crop-circles-1",
            "crop-circles-2",
            "mage-and-witch",
            "ferries",
            "robbers",
            "messengers"
        ]
    );
    for set in c.sets() {
        let refereed = carcref::rules::expansions::Expansion::from_name(set).is_some()
            || set == carcref::rules::BASIC_SET;
        assert_eq!(TileCatalog::is_refereed(set), refereed, "{set}");
    }
    assert_eq!(expansions_fault(DRAGON), Vec::<String>::new());
    assert_eq!(expansions_fault("ferries"), Vec::<String>::new());
    assert_eq!(expansions_fault("messengers"), Vec::<String>::new());
    assert_eq!(expansions_fault("king-and-robber"), ["E207"]);
    assert_eq!(expansions_fault("robbers"), Vec::<String>::new());
    assert_eq!(expansions_fault(TOWER), Vec::<String>::new());
    assert_eq!(
        expansions_fault("inns-and-cathedrals"),
        Vec::<String>::new()
    );
    // A tile of theirs in a basic game is a tile of a set not in play.
    for (id, pack_reason) in [
        ("TW1", "TW1 is a tile of tower, not in play"),
        ("PD25", "PD25 is a tile of princess-and-dragon, not in play"),
    ] {
        let src = format!(
            "[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n\
             [Termination \"adjudicated\"]\n\n1. Ann {id} 1,0 r0\n"
        );
        let outcome = check("t.cgn", &src, &c);
        let codes: Vec<String> = outcome.games[0]
            .diagnostics
            .iter()
            .map(|d| d.code())
            .collect();
        assert_eq!(codes, ["E201"], "{id}");
        let pack = format!(
            "[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n\
             [Pack \"U, {id}\"]\n[EndAfter \"1\"]\n\n1. Ann U 1,0 r0\n"
        );
        let outcome = check("t.cgn", &pack, &c);
        let faults: Vec<String> = outcome.games[0]
            .diagnostics
            .iter()
            .map(|d| format!("{} {d}", d.code()))
            .collect();
        assert_eq!(faults.len(), 1, "{faults:?}");
        assert!(faults[0].starts_with("E214"), "{faults:?}");
        let reasons = format!("{:?}", outcome.games[0].diagnostics);
        assert!(reasons.contains(pack_reason), "{reasons}");
    }
}

/// The command line: `check` refuses a set it does not referee in the
/// Expansions tag, `gen --expansions` refuses it as it refuses any name it
/// does not know, and `tiles` lists and draws the kinds of both sets.
#[test]
fn the_command_line_refuses_other_sets_and_lists_their_tiles() {
    let dir = std::env::temp_dir();
    let set = "king-and-robber";
    let src = format!(
        "[Players \"Ann (red), Bob (blue)\"]\n[Rules \"HiG-2012\"]\n\
         [Expansions \"{set}\"]\n[Termination \"adjudicated\"]\n\n1. Ann U 1,0 r0\n"
    );
    let (code, _, err) = common::run_carcref(&dir, &["check", "-"], src.as_bytes());
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("E207"), "{err}");
    assert!(
        err.contains(&format!("unsupported expansion {set}")),
        "{err}"
    );
    let (code, out, err) = common::run_carcref(
        &dir,
        &["gen", "--seed", "1", "--games", "1", "--expansions", set],
        b"",
    );
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains(&format!("{set} is not an expansion")), "{err}");
    let (code, out, _) = common::run_carcref(&dir, &["tiles"], b"");
    assert_eq!(code, 0);
    assert!(out.contains("TW1 ×2 — tower place; city north\n"), "{out}");
    assert!(out.contains("PD25 ×1 — dragon; city east+west; road north–south through a tunnel under the city\n    . . | . .\n    C . | . C\n    C C t C C\n"), "{out}");
    let (code, out, _) = common::run_carcref(&dir, &["tiles", "PD13"], b"");
    assert_eq!(code, 0);
    assert!(
        out.starts_with("PD13 ×1 (princess-and-dragon set) — "),
        "{out}"
    );
}

/// A JCloisterZone save of the basic game with a tile of The Princess & the
/// Dragon in its replay: `import jcz` reads the tile (the set is refereed),
/// and the referee finds it a tile of a set the save does not put in play.
#[test]
fn import_jcz_reads_their_tiles_and_check_refuses_them_out_of_play() {
    use serde_json::Value;
    for (jcz, ours) in [("DG/CRcr.d", "PD25"), ("DG/LCcc.d", "PD13")] {
        let mut v: Value = serde_json::from_str(&common::data(common::jcz::SHIPPED_SAVE)).unwrap();
        v["replay"][0]["payload"]["tileId"] = jcz.into();
        let json = serde_json::to_string(&v).unwrap();
        let record = carcref::import::jcz::import(&json).unwrap();
        assert_eq!(record.turns[0].tile.value.as_str(), ours, "{jcz}");
        let text = carcref::notation::write::write(std::slice::from_ref(&record));
        let codes: Vec<String> = check("t.cgn", &text, &catalog()).games[0]
            .diagnostics
            .iter()
            .map(|d| d.code())
            .collect();
        assert_eq!(
            codes.first().map(String::as_str),
            Some("E201"),
            "{jcz}: {codes:?}"
        );
    }
}

/// `show` draws the new tiles as the engine places them: a random complete game
/// of the basic tiles with both sets (figures and all, by the engine's placement
/// rules alone) renders in the terminal and as SVG without a fault.
#[test]
fn show_draws_the_new_tiles_on_a_board() {
    let c = catalog();
    let mut game = game_with(&c, &[TOWER, DRAGON]);
    let mut rng = carcref::generate::Rng::new(19);
    let mut bag: Vec<_> = c
        .iter()
        .flat_map(|(id, _)| std::iter::repeat_n(id, usize::from(game.remaining_of(id))))
        .collect();
    for i in (1..bag.len()).rev() {
        bag.swap(i, rng.below(i + 1));
    }
    assert_eq!(bag.len(), 71 + 18 + 30);
    for tile in bag {
        let player = game.next_player();
        let placements = game.legal_placements(tile);
        let action = match placements.get(rng.below(placements.len().max(1))) {
            None => Action::Discard,
            Some(&(pos, rotation)) => {
                let figures = game.legal_figures(player, tile, pos, rotation);
                Action::Place {
                    pos,
                    rotation,
                    follower: figures.get(rng.below(figures.len() + 1)).copied(),
                }
            }
        };
        game.apply(Move {
            player,
            tile,
            action,
            steps: Default::default(),
            figure_at: 0,
        });
    }
    let placed: Vec<&str> = game
        .board()
        .tiles()
        .iter()
        .map(|t| c.def(t.tile).set.as_str())
        .collect();
    assert!(placed.iter().filter(|s| **s == TOWER).count() > 10);
    assert!(placed.iter().filter(|s| **s == DRAGON).count() > 20);
    let text = carcref::show::board_text(
        &game,
        &carcref::show::ShowOptions {
            color: false,
            ..Default::default()
        },
    );
    assert!(text.lines().count() > 10);
    let svg = carcref::show::board_svg(&game, &carcref::show::SvgOptions::default());
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    for t in game.board().tiles() {
        let id = &c.def(t.tile).id;
        assert!(svg.contains(&format!("data-tile=\"{id}\"")), "{id}");
    }
}

/// `notation/SPEC.md` (sections 3.5 and 3.6) shows every kind of both sets as
/// `carcref tiles` draws it, and lists it in its table with its count and edges.
#[test]
fn the_spec_shows_every_tile_as_the_catalog_draws_it() {
    let spec = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("notation/SPEC.md"),
    )
    .unwrap();
    let c = catalog();
    for set in [TOWER, DRAGON] {
        for (_, d) in c.set(set) {
            let mut picture = format!("\n{} ×{} — {}\n", d.id, d.count, d.name);
            for row in carcref::tiles::picture::picture(d, Rotation::R0) {
                picture.push_str(&format!("    {row}\n"));
            }
            assert!(spec.contains(&picture), "SPEC lacks\n{picture}");
            let edges: String = d.edges.iter().map(|e| e.letter()).collect();
            let row = format!("\n| {} | {} | `{edges}` |", d.id, d.count);
            assert!(spec.contains(&row), "SPEC lacks the row {row}");
        }
    }
}
