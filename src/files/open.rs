//! Opening what a command reads: a file or standard input, plain or
//! gzip-compressed, as one stream of bytes. Every command that reads records
//! opens them here, so a `.cgn.gz` file, `zcat`'s output or a plain file are
//! read alike.
//!
//! Gzip data is decompressed as it is read, a block at a time: a compressed
//! archive takes no more memory than a plain one. A file named `*.gz` must be
//! gzip data; any other input is decompressed when it starts as gzip data
//! does. A file of several gzip members (`cat a.gz b.gz`) is read whole.

use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The first two bytes of every gzip member (RFC 1952, 2.3.1).
pub const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// Whether a file's name says it is gzip-compressed (`*.gz`).
pub fn is_gz_name(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("gz"))
}

/// An input opened for reading.
pub struct Opened {
    /// Its bytes, decompressed if it was gzip data. Not buffered for the
    /// reader's sake: [`crate::stream::GameReader`] reads in large blocks.
    pub reader: Box<dyn Read>,
    /// The size of the file on disk (compressed, for gzip data), when known.
    pub size: Option<u64>,
    /// Whether it was gzip data.
    pub compressed: bool,
    /// How many bytes of the file on disk have been read so far: with
    /// [`Opened::size`], how far through it a reader is.
    pub consumed: Arc<AtomicU64>,
}

impl std::fmt::Debug for Opened {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Opened")
            .field("size", &self.size)
            .field("compressed", &self.compressed)
            .finish_non_exhaustive()
    }
}

/// A reader that counts the bytes read through it.
struct Counted<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// A gzip stream that says what is wrong with corrupt data.
struct Gunzip<R: BufRead>(flate2::bufread::MultiGzDecoder<R>);

impl<R: BufRead> Read for Gunzip<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf).map_err(|e| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("corrupt gzip data: {e}"),
            )
        })
    }
}

/// Opens `path` (`-`: standard input), decompressing gzip data as it is read.
///
/// # Errors
///
/// The file cannot be opened or its start read, or it is named `*.gz` and
/// is not gzip data.
pub fn open(path: &Path) -> io::Result<Opened> {
    let consumed = Arc::new(AtomicU64::new(0));
    let (raw, size): (Box<dyn Read>, Option<u64>) = if path == Path::new("-") {
        (Box::new(io::stdin()), None)
    } else {
        let file = std::fs::File::open(path)?;
        let size = file
            .metadata()
            .ok()
            .filter(|m| m.is_file())
            .map(|m| m.len());
        (Box::new(file), size)
    };
    let counted = Counted {
        inner: raw,
        count: consumed.clone(),
    };
    let mut buffered = BufReader::with_capacity(1 << 16, counted);
    let head = buffered.fill_buf()?;
    let gzip = head.starts_with(&GZIP_MAGIC);
    if is_gz_name(path) && !gzip && !head.is_empty() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "named .gz, but not gzip-compressed (it does not start as gzip data does)",
        ));
    }
    let reader: Box<dyn Read> = if gzip {
        Box::new(Gunzip(flate2::bufread::MultiGzDecoder::new(buffered)))
    } else {
        Box::new(buffered)
    };
    Ok(Opened {
        reader,
        size,
        compressed: gzip,
        consumed,
    })
}

/// Reads all of `path` (`-`: standard input), decompressed if it is gzip
/// data, for the commands that hold a whole file.
///
/// # Errors
///
/// What [`open`] refuses, and errors reading or decompressing.
pub fn read_all(path: &Path) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    open(path)?.reader.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Reads all of `path` as [`read_all`] does, and tells whether it was gzip
/// data.
///
/// # Errors
///
/// As [`read_all`].
pub fn read_all_telling(path: &Path) -> io::Result<(Vec<u8>, bool)> {
    let mut bytes = Vec::new();
    let mut opened = open(path)?;
    opened.reader.read_to_end(&mut bytes)?;
    Ok((bytes, opened.compressed))
}

/// [`super::replace_file`] for a file read by [`open`]: what `write` writes
/// is compressed when the file was (`compressed`), so a `.cgn.gz` file
/// rewritten in place stays gzip data.
///
/// # Errors
///
/// As [`super::replace_file`], and errors compressing.
pub fn replace_as_read(
    path: &Path,
    compressed: bool,
    write: impl FnOnce(&mut dyn io::Write) -> io::Result<()>,
) -> io::Result<()> {
    super::replace_file(path, |w| {
        if !compressed {
            return write(w);
        }
        let mut gz = flate2::write::GzEncoder::new(w, flate2::Compression::default());
        write(&mut gz)?;
        gz.finish().map(|_| ())
    })
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

    fn temp(name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("carcref-open-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn gzip_data_is_read_decompressed_whatever_its_name() {
        let mut data = gz(b"one ");
        data.extend(gz(b"two"));
        for name in ["a.cgn.gz", "a.cgn"] {
            let path = temp(name, &data);
            assert_eq!(read_all(&path).unwrap(), b"one two");
            let opened = open(&path).unwrap();
            assert!(opened.compressed);
            assert_eq!(opened.size, Some(data.len() as u64));
        }
    }

    #[test]
    fn plain_text_named_gz_is_refused_and_corrupt_data_explained() {
        let path = temp("b.cgn.gz", b"[Players \"A, B\"]\n");
        let e = open(&path).unwrap_err();
        assert!(e.to_string().contains("not gzip-compressed"), "{e}");
        let mut cut = gz(&[b'x'; 4000]);
        cut.truncate(cut.len() / 2);
        let path = temp("c.cgn.gz", &cut);
        let e = read_all(&path).unwrap_err();
        assert!(e.to_string().contains("corrupt gzip data"), "{e}");
    }

    #[test]
    fn a_compressed_file_replaced_stays_compressed() {
        let path = temp("e.cgn.gz", &gz(b"old"));
        replace_as_read(&path, true, |w| w.write_all(b"new")).unwrap();
        assert_eq!(read_all_telling(&path).unwrap(), (b"new".to_vec(), true));
        let path = temp("f.cgn", b"old");
        replace_as_read(&path, false, |w| w.write_all(b"new")).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
    }

    #[test]
    fn the_bytes_read_on_disk_are_counted() {
        let path = temp("d.cgn", b"plain text");
        let mut opened = open(&path).unwrap();
        let mut text = String::new();
        opened.reader.read_to_string(&mut text).unwrap();
        assert_eq!(opened.consumed.load(Ordering::Relaxed), 10);
    }
}
