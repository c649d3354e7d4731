//! A small generic union-find (disjoint sets) over `0..n`: find with path halving,
//! union by size. Each element carries a value of its own, kept beside its link
//! in one array so that adding an element is a single push. It knows nothing of
//! the game.

/// One element: its parent link, the size of its set (meaningful at a
/// representative) and its value.
#[derive(Debug, Clone)]
struct Entry<T> {
    parent: u32,
    size: u32,
    value: T,
}

/// Disjoint sets over the integers `0..len()`, each element carrying a `T`.
#[derive(Debug)]
pub struct DisjointSets<T = ()> {
    entries: Vec<Entry<T>>,
}

impl<T: Clone> Clone for DisjointSets<T> {
    /// A copy with room for a few more elements (one tile's segments): a
    /// copy made to play a move on does not regrow.
    fn clone(&self) -> Self {
        let mut entries = Vec::with_capacity(self.entries.len() + ROOM);
        entries.extend_from_slice(&self.entries);
        DisjointSets { entries }
    }
}

/// Elements a copy has room for beyond the original's.
const ROOM: usize = 16;

impl<T> Default for DisjointSets<T> {
    fn default() -> Self {
        DisjointSets {
            entries: Vec::new(),
        }
    }
}

impl<T> DisjointSets<T> {
    /// No elements.
    pub fn new() -> DisjointSets<T> {
        DisjointSets::default()
    }

    /// No elements, with room for `n`.
    pub fn with_capacity(n: usize) -> DisjointSets<T> {
        DisjointSets {
            entries: Vec::with_capacity(n),
        }
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds an element carrying `value` in a set of its own and returns it.
    pub fn push(&mut self, value: T) -> u32 {
        let id = self.entries.len() as u32;
        self.entries.push(Entry {
            parent: id,
            size: 1,
            value,
        });
        id
    }

    /// Adds elements carrying `values`, each in a set of its own, numbered on
    /// from `len()`.
    pub fn extend(&mut self, values: impl IntoIterator<Item = T>) {
        let start = self.entries.len() as u32;
        self.entries
            .extend(values.into_iter().enumerate().map(|(i, value)| Entry {
                parent: start + i as u32,
                size: 1,
                value,
            }));
    }

    /// Removes every element, keeping the allocation.
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// Room for `n` more elements.
    pub fn reserve(&mut self, n: usize) {
        self.entries.reserve(n);
    }

    /// The value of an element.
    pub fn get(&self, x: u32) -> Option<&T> {
        self.entries.get(x as usize).map(|e| &e.value)
    }

    /// The value of an element, to change.
    pub fn get_mut(&mut self, x: u32) -> Option<&mut T> {
        self.entries.get_mut(x as usize).map(|e| &mut e.value)
    }

    fn parent(&self, x: u32) -> Option<u32> {
        self.entries.get(x as usize).map(|e| e.parent)
    }

    fn set_parent(&mut self, x: u32, parent: u32) {
        if let Some(e) = self.entries.get_mut(x as usize) {
            e.parent = parent;
        }
    }

    /// The representative of `x`'s set (`x` itself if out of range).
    #[inline]
    pub fn find(&mut self, mut x: u32) -> u32 {
        loop {
            let Some(p) = self.parent(x) else { return x };
            if p == x {
                return x;
            }
            let Some(grand) = self.parent(p) else {
                return p;
            };
            if grand == p {
                return p;
            }
            // Path halving: skip a generation on the way up.
            self.set_parent(x, grand);
            x = grand;
        }
    }

    /// Makes `x` a set of its own again, carrying `value`. Only for taking a
    /// whole set apart: called for every element of one set (no element
    /// outside it may lead to `x`), it leaves each alone, to be joined again
    /// as the caller decides.
    pub fn isolate(&mut self, x: u32, value: T) {
        if let Some(e) = self.entries.get_mut(x as usize) {
            *e = Entry {
                parent: x,
                size: 1,
                value,
            };
        }
    }

    /// Points `x` straight at its representative.
    pub fn compress(&mut self, x: u32) {
        let root = self.find(x);
        self.set_parent(x, root);
    }

    /// Whether `x` represents its set.
    pub fn is_root(&self, x: u32) -> bool {
        self.parent(x) == Some(x)
    }

    /// The representative of `x`'s set, without compressing paths.
    pub fn root(&self, mut x: u32) -> u32 {
        while let Some(p) = self.parent(x) {
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
        match self.join_with(a, b, |_, _| ()) {
            Union::Merged { root, absorbed } => Some((root, absorbed)),
            Union::Same(_) => None,
        }
    }

    /// Joins `a` to the set of `b` when `a` is alone in its set (and not in
    /// `b`'s): `b`'s representative, never smaller, takes it in without a
    /// search from `a` or a comparison of sizes, and `merge` is called with the
    /// values of that representative and of `a`. `None`, changing nothing,
    /// when `a` is not alone or is `b`'s representative.
    #[inline]
    pub fn join_lone(
        &mut self,
        a: u32,
        b: u32,
        merge: impl FnOnce(&mut T, &mut T),
    ) -> Option<Union> {
        let ea = self.entries.get(a as usize)?;
        if ea.parent != a || ea.size != 1 {
            return None;
        }
        self.join_known_lone(a, b, merge)
    }

    /// [`DisjointSets::join_lone`] for an `a` the caller knows to be alone in
    /// its set, so that its entry is not read first to tell.
    #[inline]
    pub fn join_known_lone(
        &mut self,
        a: u32,
        b: u32,
        merge: impl FnOnce(&mut T, &mut T),
    ) -> Option<Union> {
        let root = self.find(b);
        let Ok([ea, kept]) = self.entries.get_disjoint_mut([a as usize, root as usize]) else {
            return None;
        };
        ea.parent = root;
        kept.size += 1;
        merge(&mut kept.value, &mut ea.value);
        Some(Union::Merged { root, absorbed: a })
    }

    /// Joins `a`, known to be alone in its set, to the set of `b`, whose
    /// representative is an older element than `a` (numbered before it): that
    /// representative takes it in, as [`DisjointSets::join_known_lone`]
    /// does. Gives the representative and the values of both, to merge; `None`,
    /// changing no set, when the representative is not older than `a`.
    #[inline(always)]
    pub fn attach_lone(&mut self, a: u32, b: u32) -> Option<(u32, &mut T, &mut T)> {
        let root = self.find(b);
        let (older, rest) = self.entries.split_at_mut_checked(a as usize)?;
        let (kept, ea) = (older.get_mut(root as usize)?, rest.first_mut()?);
        ea.parent = root;
        kept.size += 1;
        Some((root, &mut kept.value, &mut ea.value))
    }

    /// Joins the sets of `a` and `b`, the larger absorbing the smaller (`a`'s on
    /// a tie). If they were two sets, `merge` is called with the values of the
    /// surviving representative and of the one merged into it.
    #[inline(always)]
    pub fn join_with(&mut self, a: u32, b: u32, merge: impl FnOnce(&mut T, &mut T)) -> Union {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return Union::Same(ra);
        }
        let Ok([ea, eb]) = self.entries.get_disjoint_mut([ra as usize, rb as usize]) else {
            return Union::Same(ra);
        };
        let (root, absorbed, kept, gone) = if ea.size >= eb.size {
            (ra, rb, ea, eb)
        } else {
            (rb, ra, eb, ea)
        };
        gone.parent = root;
        kept.size += gone.size;
        merge(&mut kept.value, &mut gone.value);
        Union::Merged { root, absorbed }
    }
}

/// What [`DisjointSets::join_with`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Union {
    /// The two were already one set, with this representative.
    Same(u32),
    /// Two sets became one.
    Merged {
        /// The surviving representative.
        root: u32,
        /// The representative merged into it.
        absorbed: u32,
    },
}

impl Union {
    /// The representative of the joined set.
    pub fn root(self) -> u32 {
        match self {
            Union::Same(root) | Union::Merged { root, .. } => root,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unions_and_finds() {
        let mut d: DisjointSets = DisjointSets::new();
        for _ in 0..6 {
            d.push(());
        }
        assert!(d.union(0, 1).is_some());
        assert!(d.union(2, 3).is_some());
        assert!(d.union(1, 3).is_some());
        assert_eq!(d.union(0, 2), None);
        assert_eq!(d.find(0), d.find(3));
        assert_ne!(d.find(0), d.find(4));
        assert_eq!(d.root(2), d.find(1));
    }

    /// A lone element attached to an older set joins it under that set's
    /// representative, as a join of a lone element does; one whose set's
    /// representative is not older is left alone.
    #[test]
    fn a_lone_element_is_attached_to_an_older_set() {
        let mut d = DisjointSets::new();
        for v in 0..5u32 {
            d.push(v);
        }
        d.union(0, 1);
        let root = d.find(1);
        let attached = d.attach_lone(4, 1).map(|(r, kept, lone)| (r, *kept, *lone));
        assert_eq!(attached, Some((root, root, 4)));
        assert_eq!(d.find(4), root);
        // Three in the set now: it absorbs a set of two.
        d.union(2, 3);
        assert_eq!(d.union(3, 4).map(|(r, _)| r), Some(root));
        // An element is not older than itself.
        let mut e: DisjointSets<u32> = DisjointSets::new();
        e.push(0);
        assert!(e.attach_lone(0, 0).is_none());
        assert!(e.attach_lone(5, 0).is_none());
        assert!(e.is_root(0));
    }

    #[test]
    fn larger_set_absorbs_smaller() {
        let mut d: DisjointSets = DisjointSets::new();
        for _ in 0..3 {
            d.push(());
        }
        d.union(0, 1);
        let (root, absorbed) = d.union(2, 0).unwrap();
        assert_eq!(absorbed, 2);
        assert_eq!(root, d.find(1));
    }

    #[test]
    fn values_stay_with_their_elements() {
        let mut d = DisjointSets::with_capacity(2);
        let a = d.push('a');
        let b = d.push('b');
        let mut merged = Vec::new();
        let mut join = |d: &mut DisjointSets<char>, x, y| {
            d.join_with(x, y, |kept: &mut char, gone: &mut char| {
                merged.push((*kept, *gone))
            })
        };
        assert_eq!(
            join(&mut d, a, b),
            Union::Merged {
                root: a,
                absorbed: b
            }
        );
        assert_eq!(join(&mut d, b, a), Union::Same(a));
        assert_eq!(merged, [('a', 'b')]);
        assert_eq!(d.get(b), Some(&'b'));
        if let Some(v) = d.get_mut(a) {
            *v = 'c';
        }
        assert_eq!(d.get(a), Some(&'c'));
        assert_eq!(d.get(2), None);
    }
}
