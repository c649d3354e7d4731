//! `carcref::check_bytes` (arbitrary bytes read as a file is) and
//! `carcref::check` on them read as lossy UTF-8, each rendered in every format.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    common::check_bytes_of(data);
    let src = String::from_utf8_lossy(data);
    common::check_text(&src);
});
