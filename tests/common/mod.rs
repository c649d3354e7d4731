//! Helpers shared by the integration tests.
#![allow(dead_code, clippy::panic)]

use std::collections::BTreeSet;

/// The codes a fixture declares on its first line: `; expect: E301 W101` or
/// `; expect: ok` (no codes).
pub fn expected_codes(src: &str) -> BTreeSet<String> {
    let first = src.lines().next().unwrap_or("");
    let list = first
        .strip_prefix("; expect:")
        .unwrap_or_else(|| panic!("fixture must start with `; expect: …`, found {first:?}"));
    list.split_whitespace()
        .filter(|c| *c != "ok")
        .map(str::to_string)
        .collect()
}
