//! The tags as the syntax knows them: the names of the tags with a meaning,
//! in canonical order, and the versions of the notation. What a tag's value
//! means is read above the notation, by `crate::header`.

/// Tags with a meaning, in canonical order. Other tags follow them in the order
/// written.
pub const KNOWN_TAGS: &[&str] = &[
    "CGN",
    "Event",
    "Site",
    "Date",
    "Round",
    "Players",
    "Rules",
    "Expansions",
    "Variants",
    "Result",
    "Termination",
    "TimeControl",
    "TimeLeft",
    "Pack",
    "Figures",
    "EndAfter",
    "Scored",
    "Source",
];

/// Whether the referee reads a tag of this name to replay and check a game:
/// a tag with a meaning other than Event, Site, Date, Round and Source, which
/// only describe the game, as the tags without a meaning do. A line too long
/// to read holding such a tag leaves the game unreplayed (SPEC 2.1).
pub fn replay_reads_tag(name: &str) -> bool {
    KNOWN_TAGS.contains(&name) && !matches!(name, "Event" | "Site" | "Date" | "Round" | "Source")
}

/// The CGN version of a record that needs nothing newer: version 1.
pub const VERSION: &str = "1";

/// The CGN versions this reader implements (SPEC 2.14).
pub const VERSIONS: &[&str] = &["1", "2"];
