//! What the JSON documents of the commands (`--format json`) share: one
//! shape per command, each with a `version` field ([`Versioned`]), described
//! by a JSON Schema in `notation/schemas/` and explained in
//! `notation/json.md`; and maps written in a given order ([`OrderedMap`]).
//!
//! Version [`VERSION`] is a promise: a document of a version keeps every field
//! it has; fields may be added to it, and a change that removes or changes the
//! meaning of a field comes with a new version.

use serde::Serialize;
use serde::ser::SerializeMap;

/// The version of every JSON document carcref writes.
pub const VERSION: u32 = 1;

/// A document with its version first: `{"version": 1, …the document's
/// fields}`.
#[derive(Debug, Clone, Serialize)]
pub struct Versioned<T> {
    /// Always [`VERSION`].
    pub version: u32,
    /// The document.
    #[serde(flatten)]
    pub document: T,
}

impl<T> Versioned<T> {
    /// A document of the current version.
    pub fn new(document: T) -> Versioned<T> {
        Versioned {
            version: VERSION,
            document,
        }
    }
}

/// Whether a count is zero: a field left out of a document when it is
/// (`skip_serializing_if`).
pub(super) fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A list of pairs serialised as a map in the given order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderedMap<V>(pub Vec<(String, V)>);

impl<V> OrderedMap<V> {
    /// Whether it holds no pair.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<V: Serialize> Serialize for OrderedMap<V> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}
