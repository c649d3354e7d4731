//! The program's pack and its random numbers: the tiles it draws, in its
//! order, so that the tiles it discarded (which leave no message) can be
//! drawn again.

use crate::rules::expansions::Expansion;
use crate::tiles::{Symbol, TileCatalog, TileId};

/// The program's pack: its tiles in groups (the River's `river`, `river-lake`,
/// The Princess & the Dragon's `dragon` tiles and the `default` group of every
/// other tile), each group in the order of the tiles' ids, the groups in the
/// order of their names; only the active groups are drawn from. A random number `r` draws the tile at `r × size` of
/// the active tiles; each draw then steps `r` on (a 48-bit linear congruential
/// step of its bits), so that a redraw after a discard uses a new number.
#[derive(Debug, Clone)]
pub(super) struct Pack {
    /// `(group name, tiles, active)`, by group name.
    pub(super) groups: Vec<(&'static str, Vec<TileId>, bool)>,
}

/// The group of the dragon tiles (The Princess & the Dragon): the program
/// draws from it only once a volcano has been placed, and never before.
pub(super) const DRAGON_GROUP: &str = "dragon";

const LCG_MULTIPLIER: u64 = 0x5_DEEC_E66D;
const LCG_MASK: u64 = (1 << 48) - 1;

/// The random number after one draw.
pub(super) fn step(r: f64) -> f64 {
    let x = r.to_bits() & LCG_MASK;
    let x = x.wrapping_mul(LCG_MULTIPLIER).wrapping_add(11) & LCG_MASK;
    x as f64 / (1u64 << 48) as f64
}

impl Pack {
    /// The program's pack for sets in play, less the start tile.
    pub(super) fn of_sets(catalog: &TileCatalog, river: bool, sets: &[&str]) -> Pack {
        let spring = catalog.start_of(Expansion::River.name());
        let lake = catalog.last_of(Expansion::River.name());
        // By name: the dragon tiles wait in a group of their own, drawn from
        // only once a volcano is placed.
        let mut groups: Vec<(&'static str, Vec<TileId>, bool)> = vec![
            ("default", Vec::new(), !river),
            (DRAGON_GROUP, Vec::new(), false),
            ("river", Vec::new(), true),
            ("river-lake", Vec::new(), false),
        ];
        for (id, def) in catalog
            .iter()
            .filter(|(_, d)| sets.contains(&d.set.as_str()))
        {
            let group = if def.symbol == Some(Symbol::Dragon) {
                1
            } else if def.set != Expansion::River.name() {
                0
            } else if Some(id) == spring {
                continue;
            } else if Some(id) == lake {
                3
            } else {
                2
            };
            if let Some((_, tiles, _)) = groups.get_mut(group) {
                tiles.extend(std::iter::repeat_n(id, usize::from(def.count)));
            }
        }
        for (_, tiles, _) in &mut groups {
            tiles.sort_by(|a, b| {
                let jcz = |t: &TileId| catalog.get(*t).and_then(|d| d.jcz.clone());
                jcz(a).cmp(&jcz(b))
            });
        }
        if !river
            && let Some(start) = catalog.start_of(crate::rules::BASIC_SET)
            && let Some((_, tiles, _)) = groups.first_mut()
            && let Some(i) = tiles.iter().position(|t| *t == start)
        {
            tiles.remove(i);
        }
        groups.retain(|(_, tiles, _)| !tiles.is_empty());
        Pack { groups }
    }

    /// Every tile of the pack, in the program's order.
    pub(super) fn tiles(&self) -> Vec<TileId> {
        self.groups
            .iter()
            .flat_map(|g| g.1.iter().copied())
            .collect()
    }

    pub(super) fn len(&self) -> usize {
        self.groups.iter().filter(|g| g.2).map(|g| g.1.len()).sum()
    }

    /// Draws with `r` (stepped on), or `None` when the pack is empty.
    pub(super) fn draw(&mut self, r: &mut f64) -> Option<TileId> {
        let size = self.len();
        if size == 0 {
            return None;
        }
        let mut index = ((*r * size as f64) as usize).min(size - 1);
        *r = step(*r);
        let g = self
            .groups
            .iter()
            .enumerate()
            .filter(|(_, g)| g.2)
            .find_map(|(i, g)| {
                if index < g.1.len() {
                    Some(i)
                } else {
                    index -= g.1.len();
                    None
                }
            })?;
        let (name, tiles, _) = self.groups.get_mut(g)?;
        let name = *name;
        let tile = (index < tiles.len()).then(|| tiles.remove(index))?;
        if tiles.is_empty() {
            self.groups.remove(g);
            // The River's groups hand on: its tiles, then the lake, then the rest.
            match name {
                "river" if self.activate("river-lake") => {}
                "river" | "river-lake" => {
                    self.activate("default");
                }
                _ => {}
            }
        }
        Some(tile)
    }

    /// Makes a group drawn from; whether the pack has it.
    pub(super) fn activate(&mut self, name: &str) -> bool {
        match self.groups.iter_mut().find(|g| g.0 == name) {
            Some(g) => {
                g.2 = true;
                true
            }
            None => false,
        }
    }

    /// Takes out the tiles of the groups never drawn from, in order.
    pub(super) fn take_inactive(&mut self) -> Vec<TileId> {
        let mut out = Vec::new();
        for (_, tiles, active) in &mut self.groups {
            if !*active {
                out.append(tiles);
            }
        }
        self.groups.retain(|g| !g.1.is_empty());
        out
    }
}

/// How the tiles of a save were drawn: from the program's pack with its
/// random numbers, or a scenario's pack in its order.
pub(super) enum Draws {
    Random(Pack, f64),
    InOrder(std::vec::IntoIter<TileId>),
}

impl Draws {
    pub(super) fn next(&mut self) -> Option<TileId> {
        match self {
            Draws::Random(pack, r) => pack.draw(r),
            Draws::InOrder(tiles) => tiles.next(),
        }
    }

    /// A volcano placed: the dragon tiles join the draws.
    pub(super) fn volcano(&mut self) {
        if let Draws::Random(pack, _) = self {
            pack.activate(DRAGON_GROUP);
        }
    }

    /// The tiles never drawn once the draws are over: the dragon tiles of a
    /// game without a volcano.
    pub(super) fn held_back(&mut self) -> Vec<TileId> {
        match self {
            Draws::Random(pack, _) => pack.take_inactive(),
            Draws::InOrder(_) => Vec::new(),
        }
    }

    /// Sets the random number (a `COMMIT`'s) for the next draw.
    pub(super) fn set_random(&mut self, random: Option<f64>) {
        if let (Draws::Random(_, r), Some(random)) = (self, random) {
            *r = random;
        }
    }
}
