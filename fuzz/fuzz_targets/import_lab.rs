//! `carcref::import::lab::import_url` and `import_csv` on arbitrary text; every
//! imported record must be written as CGN that reads back unchanged and checks
//! without breaking the span invariant.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match carcref::import::lab::import_url(&text) {
        Ok(record) => common::imported(&[record]),
        Err(errors) => assert!(!errors.is_empty(), "an import failed with no error"),
    }
    let (records, _errors) = carcref::import::lab::import_csv(&text);
    if !records.is_empty() {
        common::imported(&records);
    }
});
