//! `carcref::TileCatalog::with_user_sets` on an arbitrary tile set of one's
//! own (`carcref --tiles FILE`, SPEC 3.7): a set refused names its file and,
//! where it tells one, a span inside the text on character boundaries; a set
//! taken is in the catalog under its name, every tile of it drawn at every
//! rotation.
#![no_main]

use carcref::{Rotation, TileCatalog};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match TileCatalog::with_user_sets([("fuzz.yaml", text.as_ref())]) {
        Err(e) => {
            assert_eq!(e.file, "fuzz.yaml", "a fault names the file it lies in");
            assert!(!e.message.is_empty(), "a fault says what is wrong");
            if let Some(span) = e.span {
                assert!(
                    span.start <= span.end && span.end <= text.len(),
                    "span {span:?} outside the text"
                );
                assert!(
                    text.is_char_boundary(span.start) && text.is_char_boundary(span.end),
                    "span {span:?} not on character boundaries"
                );
            }
        }
        Ok(catalog) => {
            let names = catalog.user_sets();
            assert_eq!(names.len(), 1, "one set given, one set taken");
            let mut tiles = 0;
            for name in names {
                for (_, def) in catalog.set(name) {
                    tiles += 1;
                    for rotation in Rotation::ALL {
                        let rows = carcref::tiles::picture::picture(def, rotation);
                        assert!(!rows.is_empty(), "tile {} drawn as nothing", def.id);
                    }
                }
            }
            assert!(tiles > 0 || names.iter().all(|n| catalog.set(n).next().is_none()));
        }
    }
});
