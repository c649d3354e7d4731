//! The values [`Phase::Score`](super::Phase::Score) asks the expansions for:
//! what a road or city is worth by an expansion's rule, where one changes it.
//! Apart from the phases of `mod.rs`, which hold the expansions' state, so
//! that what a feature is worth (`rules/worth.rs`) is read below every
//! expansion that scores one.

use super::inns_and_cathedrals;
use crate::features::FeatureView;

/// [`Phase::Score`](super::Phase::Score): the value of a road by an expansion's rule, if one
/// changes it (Inns & Cathedrals: a road with an inn). Features carry what
/// their tiles bring, so an inn is there only with its expansion's tiles.
#[inline]
pub(in crate::rules) fn road_value_expansions(
    f: FeatureView<'_>,
    tiles: u32,
    complete: bool,
) -> Option<u32> {
    (f.inns > 0).then(|| inns_and_cathedrals::inn_road_points(tiles, complete))
}

/// [`Phase::Score`](super::Phase::Score): the value of a city by an expansion's rule, if one
/// changes it (Inns & Cathedrals: a city with a cathedral).
#[inline]
pub(in crate::rules) fn city_value_expansions(
    f: FeatureView<'_>,
    tiles: u32,
    complete: bool,
) -> Option<u32> {
    (f.cathedrals > 0)
        .then(|| inns_and_cathedrals::cathedral_city_points(tiles, u32::from(f.pennants), complete))
}
