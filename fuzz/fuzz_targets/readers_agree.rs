//! The quick reader (`notation::quick`) and the grammar (`notation::parse`)
//! agree on what is clean, on arbitrary text: whatever the quick reader reads
//! (a whole game, a game a step at a time as the quick verdict reads it, a
//! turn line of version 2, a line by the scanners the two share), the grammar
//! reads with no fault, to the same tags, turns, events and claims. The
//! checks are the test suite's (`tests/readers/mod.rs`, run by
//! `tests/readers_agree.rs`). The input as UTF-8 when it is, and always as
//! lossy UTF-8.
#![no_main]

#[path = "../../tests/readers/mod.rs"]
mod readers;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(src) = std::str::from_utf8(data) {
        readers::agree(src);
    }
    readers::agree(&String::from_utf8_lossy(data));
});
