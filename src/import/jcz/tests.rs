use super::actions::Prisons;
use super::names::{figure_of, spot_of};
use super::pack::{DRAGON_GROUP, Pack, step};
use super::save::Meeple;
use super::turns::flier_roll;
use crate::rules::expansions::Expansion;
use crate::tiles::{Half, Side, Spot, Symbol, TileCatalog, TileId};

#[test]
fn random_steps_as_the_program_does() {
    // basic-70's redraw after its discard: r = 0.5507254824471719 steps to
    // 0.5651027937770827 (a fact of the save, which the program drew so).
    let r = step(0.5507254824471719);
    assert!((r - 0.5651027937770827).abs() < 1e-15, "{r}");
}

#[test]
fn a_flights_die_is_the_third_of_its_random_number() {
    // trunc(r × 3) + 1: each third of [0, 1) is one face, as 1, 1, 2, 2,
    // 3, 3 give each face a third.
    assert_eq!(flier_roll(0.0), Some(1));
    assert_eq!(flier_roll(0.333), Some(1));
    assert_eq!(flier_roll(0.334), Some(2));
    assert_eq!(flier_roll(0.5), Some(2));
    assert_eq!(flier_roll(0.67), Some(3));
    assert_eq!(flier_roll(0.999_999), Some(3));
    // The first save's flight: 0.098… is a 1.
    assert_eq!(flier_roll(0.09815882955186817), Some(1));
    for bad in [1.0, -0.1, f64::NAN, f64::INFINITY] {
        assert_eq!(flier_roll(bad), None, "{bad}");
    }
}

#[test]
fn locations_name_spots() {
    assert_eq!(spot_of("NS"), Some(Spot::Edge(Side::North)));
    assert_eq!(spot_of("_N"), Some(Spot::Edge(Side::East)));
    assert_eq!(spot_of("SE"), Some(Spot::Edge(Side::South)));
    assert_eq!(spot_of("NL.NR"), Some(Spot::Half(Half::from_index(0))));
    assert_eq!(spot_of("WR"), Some(Spot::Half(Half::from_index(7))));
    assert_eq!(spot_of("I"), Some(Spot::Centre));
    assert_eq!(spot_of("Q"), None);
}

fn meeple(id: &str) -> Meeple {
    let mut parts = id.split('.');
    Meeple {
        id: id.to_string(),
        owner: parts.next().unwrap().parse().unwrap(),
        figure: figure_of(parts.next().unwrap()).ok().unwrap(),
    }
}

#[test]
fn prisons_name_the_jailer_of_each_follower() {
    let mut p = Prisons::default();
    // Bob (1) and Cid (2) each take one of Ann's (0) followers.
    p.capture(1, &meeple("0.small.1"));
    p.capture(2, &meeple("0.small.2"));
    // Ann takes her own: it goes home, no one holds it.
    p.capture(0, &meeple("0.small.3"));
    assert_eq!(p.held.len(), 2);
    // Ann takes Bob's: exchanged at once, hers back from Bob.
    p.capture(0, &meeple("1.small.1"));
    assert_eq!(p.held.len(), 1);
    // So the ransom of her other one is paid to Cid.
    assert_eq!(p.release(&meeple("0.small.2")), Some(2));
    assert_eq!(p.release(&meeple("0.small.2")), None);
    // Both kinds held: the exchange waits for the choice.
    p.capture(1, &meeple("0.small.4"));
    p.capture(1, &meeple("0.big.1"));
    p.capture(0, &meeple("1.small.2"));
    assert_eq!(p.held.len(), 2);
    assert_eq!(p.release(&meeple("0.big.1")), Some(1));
}

#[test]
fn the_dragon_tiles_wait_for_a_volcano() {
    let c = TileCatalog::embedded().unwrap();
    let dragon = |t: &TileId| c.def(*t).symbol == Some(Symbol::Dragon);
    let sets = [crate::rules::BASIC_SET, Expansion::PrincessAndDragon.name()];
    let mut pack = Pack::of_sets(&c, false, &sets);
    // 71 basic tiles and 30 of the expansion, 12 of them with a dragon,
    // which are not drawn from until a volcano is placed.
    assert_eq!(pack.tiles().len(), 101);
    assert_eq!(pack.len(), 89);
    let mut r = 0.75;
    let mut drawn = Vec::new();
    while let Some(t) = pack.draw(&mut r) {
        drawn.push(t);
    }
    assert_eq!(drawn.len(), 89);
    assert!(!drawn.iter().any(dragon));
    // A game without a volcano leaves them undrawn.
    let held = pack.take_inactive();
    assert_eq!(held.len(), 12);
    assert!(held.iter().all(dragon));
    assert_eq!(pack.len(), 0);
    // Once a volcano is placed they are drawn with the others, after
    // them in the count (the groups in the order of their names).
    let mut pack = Pack::of_sets(&c, false, &sets);
    assert!(pack.activate(DRAGON_GROUP));
    assert_eq!(pack.len(), 101);
    assert!(pack.take_inactive().is_empty());
    let mut last = 0.999;
    assert!(pack.draw(&mut last).as_ref().is_some_and(dragon));
}

#[test]
fn the_basic_pack_is_in_id_order_without_the_start_tile() {
    let c = TileCatalog::embedded().unwrap();
    let pack = Pack::of_sets(&c, false, &["basic"]);
    assert_eq!(pack.len(), 71);
    let jcz = |i: usize| c.def(pack.groups[0].1[i]).jcz.clone().unwrap();
    assert_eq!(jcz(0), "BA/C");
    assert_eq!(jcz(5), "BA/CC.2");
    assert_eq!(jcz(37), "BA/L");
    assert_eq!(jcz(70), "BA/RrC");
}
