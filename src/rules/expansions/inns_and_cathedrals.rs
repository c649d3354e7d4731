//! Inns & Cathedrals: inns on roads and cathedrals in cities change what those
//! features are worth. (The large follower is a figure: `crate::figures`.)
//!
//! 2012 big box: "If there is at least one inn on a completed road, a thief that is
//! present on that road will score 2 points (instead of 1) per road sections
//! (number of tiles). However, if it is not completed at the end of the game, the
//! road will not be worth any points." and "If there is at least one cathedral on a
//! completed city, a knight that is present in that city will score 3 points
//! (instead of 2) per section (number of tiles) and banner in that city. However,
//! if it is not completed at the end of the game, the city will not be worth any
//! points." The 2000 Rio Grande rules say the same ("the thief earns 2 points per
//! road segment", "the knight earns 3 points per city segment (number of tiles) and
//! pennant", "0 points" when incomplete).

/// Points of a road with at least one inn: 2 a tile when completed, nothing when
/// still incomplete at the end.
pub fn inn_road_points(tiles: u32, complete: bool) -> u32 {
    if complete { 2 * tiles } else { 0 }
}

/// Points of a city with at least one cathedral: 3 a tile and 3 a banner when
/// completed, nothing when still incomplete at the end.
pub fn cathedral_city_points(tiles: u32, banners: u32, complete: bool) -> u32 {
    if complete { 3 * (tiles + banners) } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rulebook_values() {
        // 2012: "Blue scores 6 points. If this road is not completed for the final
        // scoring, Blue will score 0 points." (a three-tile road with an inn)
        assert_eq!(inn_road_points(3, true), 6);
        assert_eq!(inn_road_points(3, false), 0);
        // 2012: "Blue scores 24 points." The picture is missing; any completed
        // cathedral city whose tiles and banners make 8 scores that (the fixtures
        // hig2012-cathedral-city.cgn and rgg2000-cathedral-city.cgn: 6 tiles, 2 banners).
        assert_eq!(cathedral_city_points(6, 2, true), 24);
        assert_eq!(cathedral_city_points(7, 1, true), 24);
        assert_eq!(cathedral_city_points(7, 1, false), 0);
    }
}
