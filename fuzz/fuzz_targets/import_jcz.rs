//! `carcref::import::jcz::import` on arbitrary text; an imported record must be
//! written as CGN that reads back unchanged and checks without breaking the span
//! invariant.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let json = String::from_utf8_lossy(data);
    match carcref::import::jcz::import(&json) {
        Ok(record) => common::imported(&[record]),
        Err(errors) => assert!(!errors.is_empty(), "an import failed with no error"),
    }
});
