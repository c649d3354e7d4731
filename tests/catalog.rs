//! The embedded tile catalog: counts against the rulebook's tile list, internal
//! consistency, and agreement with the reference geometry in `../shared/tiles`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use carcref::TileCatalog;
use carcref::tiles::{EdgeKind, FeatureKind, Half, Rotation, Side};

/// The 2012 rulebook's tile list ("These tiles are included in the game"):
/// "A 2x B 4x C 1x D 4x E 5x F 2x G 1x H 3x I 2x J 3x K 3x L 3x M 2x N 3x O 2x P 3x
/// Q 1x R 3x S 2x T 1x U 8x V 9x W 4x X 1x", the start tile included in D.
const RULEBOOK_COUNTS: &str =
    "A2 B4 C1 D4 E5 F2 G1 H3 I2 J3 K3 L3 M2 N3 O2 P3 Q1 R3 S2 T1 U8 V9 W4 X1";

#[test]
fn basic_counts_match_the_rulebook() {
    let c = TileCatalog::embedded().unwrap();
    let ours: Vec<String> = c
        .set("basic")
        .map(|(_, d)| format!("{}{}", d.id, d.count))
        .collect();
    assert_eq!(ours.join(" "), RULEBOOK_COUNTS);
    let total: u32 = c.set("basic").map(|(_, d)| u32::from(d.count)).sum();
    assert_eq!(total, 72);
    assert_eq!(c.def(c.start().unwrap()).id, "D");
}

#[test]
fn every_half_edge_of_a_field_or_road_edge_is_in_exactly_one_field() {
    let c = TileCatalog::embedded().unwrap();
    for (_, d) in c.iter() {
        for half in Half::all() {
            let edge = d.edges[half.side().index()];
            let owners = d
                .segments
                .iter()
                .filter(|s| s.kind == FeatureKind::Field && s.halves & half.bit() != 0)
                .count();
            let want = usize::from(edge != EdgeKind::City);
            assert_eq!(owners, want, "tile {} half {half}", d.id);
        }
        for side in Side::ALL {
            let owners = d
                .segments
                .iter()
                .filter(|s| s.edges & side.bit() != 0)
                .count();
            assert_eq!(
                owners,
                usize::from(d.edges[side.index()] != EdgeKind::Field),
                "tile {} edge {side}",
                d.id
            );
        }
        for s in &d.segments {
            for t in &s.touches {
                assert_eq!(
                    d.segments[usize::from(*t)].kind,
                    FeatureKind::City,
                    "tile {}",
                    d.id
                );
            }
        }
    }
}

#[test]
fn rotations_are_consistent() {
    let c = TileCatalog::embedded().unwrap();
    for (_, d) in c.iter() {
        for r in Rotation::ALL {
            let o = d.at(r);
            for side in Side::ALL {
                assert_eq!(
                    o.edge(r.apply(side)),
                    d.edges[side.index()],
                    "tile {} {r}",
                    d.id
                );
            }
        }
    }
}

/// Our catalog says the same as the reference geometry (edges, segments, which
/// cities each field touches), where the reference is beside the project.
#[test]
fn agrees_with_the_reference_geometry() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/tiles/basic.yaml");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} not found", path.display());
        return;
    };
    let reference: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let c = TileCatalog::embedded().unwrap();
    let half_name = |h: &str| match h {
        "Nw" => "NNW",
        "Ne" => "NNE",
        "En" => "ENE",
        "Es" => "ESE",
        "Se" => "SSE",
        "Sw" => "SSW",
        "Ws" => "WSW",
        "Wn" => "WNW",
        _ => panic!("half {h}"),
    };
    let tiles = reference["basic_tiles"].as_sequence().unwrap();
    assert_eq!(tiles.len(), 24);
    for t in tiles {
        let id = t["id"].as_str().unwrap();
        let d = c.def(c.id(id).unwrap());
        assert_eq!(u64::from(d.count), t["count"].as_u64().unwrap(), "{id}");
        for (i, side) in ["N", "E", "S", "W"].iter().enumerate() {
            assert_eq!(
                d.edges[i].to_string(),
                t["edges"][side].as_str().unwrap(),
                "{id} {side}"
            );
        }
        // Fields: the same partition of half-edges, touching the same city edges.
        let mut theirs: Vec<(Vec<String>, Vec<String>)> = t["fields"]
            .as_sequence()
            .map(|f| {
                f.iter()
                    .map(|f| {
                        let mut halves: Vec<String> = f["halves"]
                            .as_sequence()
                            .unwrap()
                            .iter()
                            .map(|h| half_name(h.as_str().unwrap()).to_string())
                            .collect();
                        halves.sort();
                        let cities: Vec<String> = f["cities"]
                            .as_sequence()
                            .unwrap()
                            .iter()
                            .map(|cid| {
                                let city = t["cities"]
                                    .as_sequence()
                                    .unwrap()
                                    .iter()
                                    .find(|c| c["id"] == *cid)
                                    .unwrap();
                                city["edges"]
                                    .as_sequence()
                                    .unwrap()
                                    .iter()
                                    .map(|e| e.as_str().unwrap())
                                    .collect::<String>()
                            })
                            .collect();
                        (halves, cities)
                    })
                    .collect()
            })
            .unwrap_or_default();
        let mut ours: Vec<(Vec<String>, Vec<String>)> = d
            .segments
            .iter()
            .filter(|s| s.kind == FeatureKind::Field)
            .map(|s| {
                let mut halves: Vec<String> = Half::all()
                    .filter(|h| s.halves & h.bit() != 0)
                    .map(|h| h.to_string())
                    .collect();
                halves.sort();
                let cities = s
                    .touches
                    .iter()
                    .map(|c| {
                        let city = &d.segments[usize::from(*c)];
                        Side::ALL
                            .iter()
                            .filter(|s| city.edges & s.bit() != 0)
                            .map(|s| s.to_string())
                            .collect::<String>()
                    })
                    .collect();
                (halves, cities)
            })
            .collect();
        theirs.sort();
        ours.sort();
        assert_eq!(ours, theirs, "fields of {id}");
        assert_eq!(
            d.monastery.is_some(),
            t["monastery"].as_bool().unwrap_or(false),
            "{id}"
        );
        let banners = t["cities"].as_sequence().map_or(0, |cs| {
            cs.iter()
                .filter(|c| c["banner"].as_bool() == Some(true))
                .count()
        });
        assert_eq!(d.banners() as usize, banners, "{id}");
    }
}
