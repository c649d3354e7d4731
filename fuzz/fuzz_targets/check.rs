//! `carcref::check` (parse and replay with the embedded catalog) on arbitrary
//! bytes read as lossy UTF-8.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let src = String::from_utf8_lossy(data);
    common::check_text(&src);
});
