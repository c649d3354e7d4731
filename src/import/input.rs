//! Reading an importer's input: a file or standard input, plain or
//! gzip-compressed, as UTF-8 text of bounded size.
//!
//! The importers read a whole input at once (a JSON document is not read a
//! game at a time as CGN is), so an input is held in memory: [`MAX_INPUT`]
//! bounds it, plain or decompressed, so that neither an endless device nor a
//! small compressed file that expands without end (a "zip bomb") takes
//! unbounded memory, as no input of the other commands does.

use std::io::{self, Read};
use std::path::Path;

/// The most bytes an import input may hold, decompressed: 64 MiB. A Board Game
/// Arena log of a two-player game is about 420 KB, a JCloisterZone save or a
/// score sheet a few dozen KB, a Carcassonne Lab table about 500 bytes a game,
/// so this holds any single game a hundred times over and a table of over
/// 100,000 games.
pub const MAX_INPUT: u64 = 64 << 20;

use crate::files::open::GZIP_MAGIC;
pub use crate::files::open::is_gz_name;

/// Reads an input: a file, or standard input for `-`, and [`decode`]s it. A
/// file named `*.gz` must be gzip-compressed; any other input is decompressed
/// when it starts as gzip data does (`zcat`'s output need not be piped in).
///
/// # Errors
///
/// The file cannot be opened or read, or what [`decode`] refuses.
pub fn read(path: &Path) -> io::Result<String> {
    let mut bytes = Vec::new();
    if path == Path::new("-") {
        io::stdin()
            .lock()
            .take(MAX_INPUT + 1)
            .read_to_end(&mut bytes)?;
    } else {
        std::fs::File::open(path)?
            .take(MAX_INPUT + 1)
            .read_to_end(&mut bytes)?;
    }
    decode(bytes, is_gz_name(path))
}

/// The text of an input's bytes: decompressed first if they are gzip data (a
/// file of several gzip members, as `cat a.gz b.gz` makes, is read whole).
/// `gz_named`: the input is named `*.gz`, so it must be gzip data.
///
/// # Errors
///
/// An [`io::ErrorKind::InvalidData`] error saying what is wrong: more than
/// [`MAX_INPUT`] bytes, plain or decompressed; named `.gz` but not gzip data;
/// gzip data that is corrupt or cut short; text that is not UTF-8.
pub fn decode(bytes: Vec<u8>, gz_named: bool) -> io::Result<String> {
    decode_within(bytes, gz_named, MAX_INPUT)
}

/// [`decode`] with a limit of `limit` bytes.
fn decode_within(bytes: Vec<u8>, gz_named: bool, limit: u64) -> io::Result<String> {
    let shown = if limit >= 1 << 20 && limit.is_multiple_of(1 << 20) {
        format!("{} MiB", limit >> 20)
    } else {
        format!("{limit} bytes")
    };
    let too_large = |what: &str| invalid(format!("{what} holds more than {shown}"));
    if bytes.len() as u64 > limit {
        return Err(too_large("the input"));
    }
    let gzip = bytes.starts_with(&GZIP_MAGIC);
    if gz_named && !gzip {
        return Err(invalid(
            "named .gz, but not gzip-compressed (it does not start as gzip data does)".into(),
        ));
    }
    let bytes = if gzip {
        let mut plain = Vec::new();
        flate2::read::MultiGzDecoder::new(bytes.as_slice())
            .take(limit + 1)
            .read_to_end(&mut plain)
            .map_err(|e| invalid(format!("corrupt gzip data: {e}")))?;
        if plain.len() as u64 > limit {
            return Err(too_large("the decompressed input"));
        }
        plain
    } else {
        bytes
    };
    String::from_utf8(bytes).map_err(|e| {
        invalid(format!(
            "not UTF-8 text (byte {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

fn invalid(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::Compression;
    use flate2::write::GzEncoder;
    use std::io::Write;

    fn gz(bytes: &[u8]) -> Vec<u8> {
        let mut e = GzEncoder::new(Vec::new(), Compression::default());
        e.write_all(bytes).unwrap();
        e.finish().unwrap()
    }

    #[test]
    fn plain_text_is_read_as_it_is() {
        assert_eq!(decode(b"{}".to_vec(), false).unwrap(), "{}");
    }

    #[test]
    fn gzip_data_is_decompressed_named_so_or_not() {
        let data = gz("[Players \"A, B\"]\n".as_bytes());
        assert_eq!(decode(data.clone(), true).unwrap(), "[Players \"A, B\"]\n");
        assert_eq!(decode(data, false).unwrap(), "[Players \"A, B\"]\n");
    }

    #[test]
    fn several_gzip_members_are_read_whole() {
        let mut data = gz(b"one ");
        data.extend(gz(b"two"));
        assert_eq!(decode(data, true).unwrap(), "one two");
    }

    #[test]
    fn corrupt_or_cut_gzip_data_is_an_error() {
        let data = gz(&b"a line of text that compresses\n".repeat(100));
        let cut = data.get(..data.len() / 2).unwrap().to_vec();
        let e = decode(cut, true).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        assert!(e.to_string().starts_with("corrupt gzip data"), "{e}");
        let mut garbled = data;
        for b in garbled.iter_mut().skip(12).take(20) {
            *b ^= 0x5a;
        }
        let e = decode(garbled, true).unwrap_err();
        assert!(e.to_string().starts_with("corrupt gzip data"), "{e}");
    }

    #[test]
    fn a_gz_name_on_plain_text_is_an_error() {
        let e = decode(b"{}".to_vec(), true).unwrap_err();
        assert!(e.to_string().contains("not gzip-compressed"), "{e}");
    }

    #[test]
    fn text_past_the_limit_is_an_error_plain_or_decompressed() {
        let text = vec![b' '; 1000];
        assert!(decode_within(text.clone(), false, 1000).is_ok());
        let e = decode_within(text.clone(), false, 999).unwrap_err();
        assert_eq!(e.to_string(), "the input holds more than 999 bytes");
        // 1000 spaces compress to a few dozen bytes: the limit is on what
        // they decompress to.
        let data = gz(&text);
        assert!(data.len() < 100);
        assert!(decode_within(data.clone(), true, 1000).is_ok());
        let e = decode_within(data, true, 999).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the decompressed input holds more than 999 bytes"
        );
        assert_eq!(
            decode_within(vec![b' '; 3 << 20], false, 2 << 20)
                .unwrap_err()
                .to_string(),
            "the input holds more than 2 MiB"
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_are_an_error() {
        let e = decode(gz(b"ab\xffc"), true).unwrap_err();
        assert_eq!(e.to_string(), "not UTF-8 text (byte 2)");
    }

    #[test]
    fn gz_names_are_told_by_their_extension() {
        assert!(is_gz_name(Path::new("lab.csv.gz")));
        assert!(is_gz_name(Path::new("LOG.JSON.GZ")));
        assert!(!is_gz_name(Path::new("lab.csv")));
        assert!(!is_gz_name(Path::new("-")));
    }
}
