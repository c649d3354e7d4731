//! `carcref::parse` on arbitrary text: the bytes as UTF-8 when they are, and
//! always as lossy UTF-8 (so that invalid input still reaches the parser).
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(src) = std::str::from_utf8(data) {
        common::parse_text(src);
    }
    let lossy = String::from_utf8_lossy(data);
    common::parse_text(&lossy);
});
