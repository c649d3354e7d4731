//! Score sheets (placeholder while lab.rs is built).
