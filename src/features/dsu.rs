//! A small generic union-find (disjoint sets) over `0..n`: find with path halving,
//! union by size. It knows nothing of the game.

/// Disjoint sets over the integers `0..len()`.
#[derive(Debug, Clone, Default)]
pub struct DisjointSets {
    parent: Vec<u32>,
    size: Vec<u32>,
}

impl DisjointSets {
    /// No elements.
    pub fn new() -> DisjointSets {
        DisjointSets::default()
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }

    /// Adds an element in a set of its own and returns it.
    pub fn push(&mut self) -> u32 {
        let id = self.parent.len() as u32;
        self.parent.push(id);
        self.size.push(1);
        id
    }

    /// Removes every element, keeping the allocation.
    pub fn clear(&mut self) {
        self.parent.clear();
        self.size.clear();
    }

    /// The representative of `x`'s set (`x` itself if out of range).
    pub fn find(&mut self, mut x: u32) -> u32 {
        while let Some(&p) = self.parent.get(x as usize) {
            if p == x {
                break;
            }
            let grand = self.parent.get(p as usize).copied().unwrap_or(p);
            if let Some(slot) = self.parent.get_mut(x as usize) {
                *slot = grand;
            }
            x = grand;
        }
        x
    }

    /// Points `x` straight at its representative.
    pub fn compress(&mut self, x: u32) {
        let root = self.find(x);
        if let Some(slot) = self.parent.get_mut(x as usize) {
            *slot = root;
        }
    }

    /// Whether `x` represents its set.
    pub fn is_root(&self, x: u32) -> bool {
        self.parent.get(x as usize) == Some(&x)
    }

    /// Room for `n` elements in all.
    pub fn reserve(&mut self, n: usize) {
        self.parent.reserve(n);
        self.size.reserve(n);
    }

    /// The representative of `x`'s set, without compressing paths.
    pub fn root(&self, mut x: u32) -> u32 {
        while let Some(&p) = self.parent.get(x as usize) {
            if p == x {
                break;
            }
            x = p;
        }
        x
    }

    /// Joins the sets of `a` and `b`. Returns `(root, absorbed)`: the surviving
    /// representative and the one merged into it, or `None` if they were already
    /// one set.
    pub fn union(&mut self, a: u32, b: u32) -> Option<(u32, u32)> {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return None;
        }
        let sa = self.size.get(ra as usize).copied().unwrap_or(1);
        let sb = self.size.get(rb as usize).copied().unwrap_or(1);
        let (root, absorbed) = if sa >= sb { (ra, rb) } else { (rb, ra) };
        if let Some(slot) = self.parent.get_mut(absorbed as usize) {
            *slot = root;
        }
        if let Some(slot) = self.size.get_mut(root as usize) {
            *slot = sa + sb;
        }
        Some((root, absorbed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unions_and_finds() {
        let mut d = DisjointSets::new();
        for _ in 0..6 {
            d.push();
        }
        assert!(d.union(0, 1).is_some());
        assert!(d.union(2, 3).is_some());
        assert!(d.union(1, 3).is_some());
        assert_eq!(d.union(0, 2), None);
        assert_eq!(d.find(0), d.find(3));
        assert_ne!(d.find(0), d.find(4));
        assert_eq!(d.root(2), d.find(1));
    }

    #[test]
    fn larger_set_absorbs_smaller() {
        let mut d = DisjointSets::new();
        for _ in 0..3 {
            d.push();
        }
        d.union(0, 1);
        let (root, absorbed) = d.union(2, 0).unwrap();
        assert_eq!(absorbed, 2);
        assert_eq!(root, d.find(1));
    }
}
