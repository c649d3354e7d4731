use super::*;

#[test]
fn embedded_catalog_loads() {
    let c = TileCatalog::embedded().unwrap();
    assert_eq!(c.set("basic").count(), 24);
    assert_eq!(c.def(c.start().unwrap()).id, "D");
}

#[test]
fn every_id_is_found_and_no_other_name() {
    let c = TileCatalog::embedded().unwrap();
    for (id, def) in c.iter() {
        assert_eq!(c.id(&def.id), Some(id), "{}", def.id);
        // The same text longer or shorter by a byte names no kind.
        assert_eq!(c.id(&format!("{}9X", def.id)), None, "{}", def.id);
        if def.id.len() > 1 {
            let shorter = &def.id[..def.id.len() - 1];
            assert_eq!(
                c.id(shorter).map(|t| c.def(t).id.as_str()),
                c.by_id.get(shorter).map(|t| c.def(*t).id.as_str())
            );
        }
    }
    for name in [
        "",
        "\0A",
        "A\0",
        "PD99",
        "ABCDEFGH",
        "ABCDEFGHIJKL",
        "\u{e9}",
    ] {
        assert_eq!(c.id(name), None, "{name:?}");
    }
    // Every slot of the table is reached by its own key: none was lost
    // to a full table.
    let held = c.by_short.iter().filter(|(k, _)| *k != 0).count();
    assert_eq!(
        held,
        c.by_id.keys().filter(|n| short_key(n).is_some()).count()
    );
    assert!(held * 2 <= c.by_short.len());
}

#[test]
fn every_embedded_kind_has_its_jcloisterzone_id() {
    let c = TileCatalog::embedded().unwrap();
    // JCloisterZone has no set of The Robbers' tiles (robbers.yaml).
    let not_in_jcloisterzone = ["robbers"];
    for (id, def) in c.iter() {
        if not_in_jcloisterzone.contains(&def.set.as_str()) {
            assert_eq!(def.jcz, None, "{}", def.id);
            continue;
        }
        let jcz = def
            .jcz
            .as_deref()
            .unwrap_or_else(|| panic!("{} has no jcz id", def.id));
        // The sets not refereed yet keep their ids out of the importer's reach.
        let found = TileCatalog::is_refereed(&def.set).then_some(id);
        assert_eq!(c.by_jcz(jcz), found, "{jcz}");
    }
    // The facts of a few kinds: the start tile, the spring, an inn, a goods tile.
    for (jcz, ours) in [
        ("BA/RCr", "D"),
        ("RI/s", "RV1"),
        ("RI.1/I.e", "RV2"),
        ("IC/RRR.i", "IC14"),
        ("TB/CCc.w", "TB4"),
    ] {
        assert_eq!(c.by_jcz(jcz).map(|t| c.def(t).id.as_str()), Some(ours));
    }
    assert_eq!(c.by_jcz("AM/CCc+"), None);
    // The Tower's and The Princess & the Dragon's, refereed, the importer gets.
    let kind = c.def(c.id("PD25").unwrap());
    assert_eq!(kind.jcz.as_deref(), Some("DG/CRcr.d"));
    assert!(TileCatalog::is_refereed(&kind.set));
    assert_eq!(c.by_jcz("DG/CRcr.d"), c.id("PD25"));
    assert_eq!(c.by_jcz("TO/C"), c.id("TW1"));
}

#[test]
fn the_embedded_compact_form_reads_as_the_yaml() {
    let from_compact = TileCatalog::embedded().unwrap();
    let from_yaml = TileCatalog::from_sets(EMBEDDED_SETS.iter().copied()).unwrap();
    assert_eq!(format!("{from_compact:?}"), format!("{from_yaml:?}"));
    assert_eq!(from_compact.iter().count(), from_yaml.iter().count());
    assert!(from_compact.iter().count() > 24);
}

#[test]
fn rotation_tables_follow_the_picture() {
    let c = TileCatalog::embedded().unwrap();
    let d = c.def(c.id("D").unwrap());
    // D: city north, road west-east. Turned a quarter clockwise the city faces east.
    let r90 = d.at(Rotation::R90);
    assert_eq!(r90.edge(Side::East), EdgeKind::City);
    assert_eq!(r90.edge(Side::North), EdgeKind::Road);
    assert_eq!(r90.edge(Side::West), EdgeKind::Field);
}

#[test]
fn touches_masks_repeat_the_segment_lists() {
    let c = TileCatalog::embedded().unwrap();
    for (id, def) in c.iter() {
        for (i, seg) in def.segments.iter().enumerate() {
            let mask = c.touches(id, i as SegmentId);
            let listed: Vec<SegmentId> = (0..16).filter(|b| mask & (1 << b) != 0).collect();
            assert_eq!(listed, seg.touches, "tile {} segment {i}", def.id);
        }
    }
    assert_eq!(c.touches(TileId(u16::MAX), 0), 0);
}

#[test]
fn faces_repeat_the_rotation_tables() {
    let c = TileCatalog::embedded().unwrap();
    for (id, def) in c.iter() {
        for r in Rotation::ALL {
            let o = def.at(r);
            let faces = c.faces(id, r).unwrap();
            assert_eq!(faces, &o.faces);
            assert_eq!(c.edge_bits(id, r), Some(o.edge_bits));
            for side in Side::ALL {
                let f = faces.side(side);
                assert_eq!(f.edge, o.edge(side));
                assert_eq!(o.edge_bits >> (2 * side.index()) & 3, o.edge(side).code());
                assert_eq!(
                    Some(f.segment).filter(|s| *s != NO_SEGMENT),
                    o.segment_at(side)
                );
                for (h, half) in f.halves.into_iter().zip(Half::of_side(side)) {
                    assert_eq!(Some(h).filter(|s| *s != NO_SEGMENT), o.field_at(half));
                }
            }
        }
        assert_eq!(def.seeds.len(), def.segments.len());
    }
}

#[test]
fn cities_and_roads_come_first_among_a_tiles_segments() {
    // Scoring a placed tile looks for completed features among its first
    // segments only, up to the first that is neither a city nor a road.
    let c = TileCatalog::embedded().unwrap();
    for (_, def) in c.iter() {
        let kinds: Vec<FeatureKind> = def.segments.iter().map(|s| s.kind).collect();
        let held = kinds
            .iter()
            .take_while(|k| matches!(k, FeatureKind::City | FeatureKind::Road))
            .count();
        assert!(
            kinds[held..]
                .iter()
                .all(|k| !matches!(k, FeatureKind::City | FeatureKind::Road)),
            "tile {}: {kinds:?}",
            def.id
        );
    }
}

#[test]
fn inconsistent_tiles_are_rejected() {
    let bad = "set: t\ntiles:\n  - {id: Z, count: 1, name: z, edges: CFFF}\n";
    let e = TileCatalog::from_sets([("t", bad)]).unwrap_err();
    assert!(e.message.contains("belongs to no segment"), "{e}");
    let edgeless =
        "set: t\ntiles:\n  - {id: Z, count: 1, name: z, edges: FFFF, roads: [{edges: \"\"}]}\n";
    let e = TileCatalog::from_sets([("t", edgeless)]).unwrap_err();
    assert!(e.message.contains("must reach an edge"), "{e}");
}

/// A one-tile set with a road north–south and a city east–west (the
/// tunnel's edges), `extra` added to the tile and `road` to its road.
fn tunnel_tile(extra: &str, road: &str) -> String {
    format!(
        "set: t\ntiles:\n  - {{id: Z, count: 1, name: z, edges: RCRC, {extra}\
         cities: [{{edges: EW}}], roads: [{{edges: NS{road}}}], \
         fields: [{{halves: [NNW, NNE], touches: [E]}}, {{halves: [SSE, SSW], touches: [E]}}]}}\n"
    )
}

#[test]
fn the_expansion_marks_are_read() {
    let c = TileCatalog::from_sets([(
        "t",
        tunnel_tile("tower: true, symbol: dragon, ", ", tunnel: true").as_str(),
    )])
    .unwrap();
    let d = c.def(c.id("Z").unwrap());
    assert!(d.tower);
    assert_eq!(d.symbol, Some(Symbol::Dragon));
    let road = d.segments.iter().find(|s| s.kind == FeatureKind::Road);
    assert!(road.is_some_and(|r| r.tunnel && r.edges == 0b0101));
    assert_eq!(d.princess(), None);
    assert_eq!(d.monastery_city, None);
    // Without the marks, a tile has none of them.
    let plain = TileCatalog::from_sets([("t", tunnel_tile("", "").as_str())]).unwrap();
    let d = plain.def(plain.id("Z").unwrap());
    assert!(!d.tower && d.symbol.is_none() && d.segments.iter().all(|s| !s.tunnel));
}

#[test]
fn inconsistent_expansion_marks_are_rejected() {
    let cases = [
        (
            tunnel_tile("symbol: fairy, ", ""),
            "is not one of volcano, dragon, portal, goldmine, mage, lake, bag",
        ),
        (
            tunnel_tile("monastery_in_city: E, ", ""),
            "the tile has no monastery",
        ),
        // A tunnel runs under a city that joins the two other edges.
        (
            "set: t\ntiles:\n  - {id: Z, count: 1, name: z, edges: FRFR, \
             roads: [{edges: EW, tunnel: true}], \
             fields: [{halves: [NNW, NNE, ENE, WNW]}, {halves: [ESE, SSE, SSW, WSW]}]}\n"
                .to_string(),
            "a tunnel is a road",
        ),
        (
            "set: t\ntiles:\n  - {id: Z, count: 1, name: z, edges: CFFC, \
             cities: [{edges: N, princess: true}, {edges: W, princess: true}], \
             fields: [{halves: [ENE, ESE, SSE, SSW], touches: [N, W]}]}\n"
                .to_string(),
            "two cities show the princess",
        ),
        (
            "set: t\ntiles:\n  - {id: Z, count: 1, name: z, edges: CFFF, \
             cities: [{edges: N}], monastery: true, monastery_in_city: S, \
             fields: [{halves: [ENE, ESE, SSE, SSW, WSW, WNW], touches: [N]}]}\n"
                .to_string(),
            "name the city by one of its edges",
        ),
        (
            "set: t\ntiles:\n  - {id: Z, count: 1, name: z, edges: F~F~, \
             rivers: [{edges: EW, tunnel: true}], \
             fields: [{halves: [NNW, NNE, ENE, WNW]}, {halves: [ESE, SSE, SSW, WSW]}]}\n"
                .to_string(),
            "a river has no inn and no tunnel",
        ),
    ];
    for (yaml, want) in cases {
        let e = TileCatalog::from_sets([("t", yaml.as_str())]).unwrap_err();
        assert!(e.message.contains(want), "{e}\n{yaml}");
    }
}

/// A one-tile set of the user's: `set` its name, `tile` the tile's YAML
/// mapping (flow style).
fn user_set(set: &str, tile: &str) -> String {
    format!("set: {set}\ntiles:\n  - {tile}\n")
}

/// A straight road west-east, with `extra` added to the tile.
fn road_tile(id: &str, extra: &str) -> String {
    format!(
        "{{id: {id}, count: 1, name: road, edges: FRFR, {extra}roads: [{{edges: EW}}], \
         fields: [{{halves: [NNW, NNE, ENE, WNW]}}, {{halves: [ESE, SSE, SSW, WSW]}}]}}"
    )
}

#[test]
fn a_users_set_joins_the_built_in_sets() {
    let house = user_set("house", &road_tile("HR1", "symbol: bag, "));
    let c = TileCatalog::with_user_sets([("house.yaml", house.as_str())]).unwrap();
    let built_in = TileCatalog::embedded().unwrap();
    assert_eq!(c.len(), built_in.len() + 1);
    assert_eq!(c.user_sets(), ["house"]);
    assert!(built_in.user_sets().is_empty());
    let t = c.id("HR1").unwrap();
    assert_eq!(c.def(t).set, "house");
    assert_eq!(c.def(t).symbol, Some(Symbol::Bag));
    // The built-in kinds keep their ids.
    for (id, def) in built_in.iter() {
        assert_eq!(c.id(&def.id), Some(id));
    }
    assert!(TileCatalog::is_refereed("house"));
    assert_eq!(c.sets().last(), Some(&"house"));
}

/// Each fault of a user's set, its message and the text its span shows.
#[test]
fn a_users_set_is_refused_with_the_place_of_its_fault() {
    let other = user_set("other", &road_tile("OT1", ""));
    let cases: Vec<(String, &str, &str)> = vec![
        (
            user_set("house", &road_tile("U", "")),
            "tile id U is defined twice (first in the basic set)",
            "U",
        ),
        (
            user_set("house", &road_tile("OT1", "")),
            "tile id OT1 is defined twice (first in the other set)",
            "OT1",
        ),
        (
            user_set("basic", &road_tile("HR1", "")),
            "set name basic is a built-in set's",
            "basic",
        ),
        (
            user_set("other", &road_tile("HR1", "")),
            "set name other is given by another tile set",
            "other",
        ),
        (
            user_set("House Tiles", &road_tile("HR1", "")),
            "set name \"House Tiles\" is not lower-case words joined by hyphens",
            "House Tiles",
        ),
        (
            user_set("house", &road_tile("hr1", "")),
            "id \"hr1\" is not a tile id of the notation",
            "hr1",
        ),
        (
            user_set("house", &road_tile("HR1", "symbol: lake, ")),
            "tile HR1: symbol lake brings an expansion's rules",
            "HR1",
        ),
        (
            user_set("house", &road_tile("HR1", "symbol: fairy, ")),
            "symbol \"fairy\" is not one of volcano, dragon, portal, goldmine, mage, lake, bag",
            "HR1",
        ),
        (
            user_set("house", &road_tile("HR1", "tower: true, ")),
            "tile HR1: a tower place is a mark of The Tower",
            "HR1",
        ),
        (
            format!(
                "set: house\nstart: HR1\ntiles:\n  - {}\n",
                road_tile("HR1", "")
            ),
            "names no start tile",
            "HR1",
        ),
        (
            user_set("house", &road_tile("HR1", "banner: true, ")),
            "unknown field `banner`",
            "",
        ),
        (
            user_set(
                "house",
                &road_tile("HR1", "count: 0, ").replacen("count: 1, ", "", 1),
            ),
            "tile HR1: count must be at least 1",
            "HR1",
        ),
    ];
    for (yaml, message, shown) in cases {
        let e = TileCatalog::with_user_sets([
            ("other.yaml", other.as_str()),
            ("house.yaml", yaml.as_str()),
        ])
        .unwrap_err();
        assert!(e.message.contains(message), "{e}\n{yaml}");
        let span = e.span.clone().unwrap_or_else(|| panic!("no span: {e}"));
        assert_eq!(&yaml[span], shown, "{e}\n{yaml}");
        assert_eq!(e.file, "house.yaml");
    }
}

#[test]
fn the_places_of_keys_are_found_in_either_style() {
    let block =
        "set: house # a comment\ntiles:\n  - id: HR1\n    name: an id: here\n  - id: \"HR2\"\n";
    assert_eq!(&block[top_level_value(block, "set").unwrap()], "house");
    let ids: Vec<&str> = id_values(block).into_iter().map(|r| &block[r]).collect();
    assert_eq!(ids, ["HR1", "\"HR2\""]);
    let flow = "set: h\ntiles:\n  - {id: A1, count: 1}\n  - {count: 2, id: B2}\n";
    let ids: Vec<&str> = id_values(flow).into_iter().map(|r| &flow[r]).collect();
    assert_eq!(ids, ["A1", "B2"]);
    assert_eq!(top_level_value(flow, "start"), None);
    assert_eq!(locate(flow, Place::Tile(1), 2), Some(56..58));
    assert_eq!(locate(flow, Place::Tile(2), 2), None);
    // An `id:` in a tile's name: the keys found are not one a tile.
    let odd = "set: h\ntiles:\n  - id: A1\n    name: \"road, id: x\"\n";
    assert_eq!(locate(odd, Place::Tile(0), 1), None);
}

#[test]
fn the_yaml_readers_places_are_left_to_the_span() {
    assert_eq!(
        without_places(
            "did not find expected ',' or '}' at line 5 column 3, while parsing a flow mapping at line 4 column 3"
        ),
        "did not find expected ',' or '}', while parsing a flow mapping"
    );
    assert_eq!(without_places("at line x at line 3"), "at line x at line 3");
    assert_eq!(without_places("no place"), "no place");
}

#[test]
fn a_compact_form_that_does_not_read_is_a_fault_not_a_panic() {
    for text in [
        "",
        "T\tA\t~\t1\tx\tFFFF\t0\t~\t0\t~\t~\t~\n",
        "S\tbasic\t~\t~\nC\tN\t0\t0\t~\t0\n",
        "S\tbasic\t~\t~\nT\tA\t~\tmany\tx\tFFFF\t0\t~\t0\t~\t~\t~\n",
        "S\tbasic\tD\t~\n",
        "S\tbasic\t~\t~\nT\tA\t~\t1\tx\tFFFF\t2\t~\t0\t~\t~\t~\n",
        "S\tbasic\t~\t~\nT\tA\t~\t1\tx\tFFFF\t0\t~\t0\t~\t~\n",
        "S\tbasic\t~\t~\nX\n",
    ] {
        assert!(compact::read_compact(text).is_err(), "{text:?}");
    }
    let set = compact::read_compact(
        "S\tbasic\t=A\t~\nT\tA\t=BA/L\t4\tmonastery\tFFFF\t1\t~\t0\t~\t~\t~\nF\tNNW NNE\t\n",
    )
    .unwrap();
    assert_eq!(&*set.set, "basic");
    assert_eq!(set.start.as_deref(), Some("A"));
    assert_eq!(set.tiles.len(), 1);
    assert_eq!(set.tiles[0].count, 4);
    assert!(set.tiles[0].monastery);
    assert_eq!(set.tiles[0].fields[0].halves.len(), 2);
    assert!(set.tiles[0].fields[0].touches.is_empty());
}

#[test]
fn a_compact_form_splits_as_str_split() {
    for text in ["", "a", "a\tb", "\t", "a\t\tb\t", "é\tü\t"] {
        let parts: Vec<&str> = compact::Parts::new(text, b'\t').collect();
        let split: Vec<&str> = text.split('\t').collect();
        assert_eq!(parts, split, "{text:?}");
    }
}
