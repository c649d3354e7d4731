//! The fingerprints of the games met so far in an archive ([`Seen`]), each
//! with where it was first met, in memory that grows by about a byte and a
//! quarter a game: the latest ones
//! in memory, sorted, and the older ones in sorted runs of a temporary file,
//! each run with a filter in memory that answers "not there" for nearly
//! every fingerprint it does not hold, and an index of its pages, so that a
//! fingerprint the filter lets through costs one read of one page. The
//! answer is exact: a fingerprint is said to be seen only when it was.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};

/// Fingerprints held sorted in memory before they go to a run of the file.
const RUN: usize = 32 * 1024;

/// Fingerprints in a page of a run: the unit read back (8 KiB).
const PAGE: usize = 512;

/// Fingerprints held unsorted, before they are merged into the sorted ones.
const RECENT: usize = 256;

/// Bits of a run's filter a fingerprint: with [`PROBES`] probes, about one
/// fingerprint in a hundred that a run does not hold passes its filter.
const FILTER_BITS: usize = 10;

/// Bits set in a run's filter for each fingerprint, all in one block of 512
/// bits (a cache line).
const PROBES: u32 = 7;

/// The fingerprints met so far (see the module's text).
#[derive(Debug, Default)]
pub struct Seen {
    /// The latest fingerprints, unsorted, each with where it was met.
    recent: Vec<(u64, u64)>,
    /// The fingerprints since the last run, sorted.
    sorted: Vec<(u64, u64)>,
    /// The older fingerprints, in runs.
    runs: Vec<Run>,
    /// The temporary file the runs are written to (`None` before the first
    /// run, or when none could be made: the runs then stay in memory).
    file: Option<File>,
    /// Where the next run starts in the file.
    end: u64,
    /// Set when the temporary file could not be made or written: the runs
    /// stay in memory from then on.
    in_memory: bool,
}

/// A sorted run of fingerprints.
#[derive(Debug)]
struct Run {
    /// Blocks of 512 bits; a fingerprint's bits are all in one block.
    filter: Vec<[u64; 8]>,
    /// The first fingerprint of each page.
    index: Vec<u64>,
    /// How many fingerprints.
    len: usize,
    /// Where they are.
    place: Place,
}

/// Where a run's fingerprints are.
#[derive(Debug)]
enum Place {
    /// In the temporary file, from this byte, sixteen bytes each (the
    /// fingerprint and where it was met, little endian).
    File(u64),
    /// In memory.
    Memory(Vec<(u64, u64)>),
}

impl Seen {
    /// Nothing seen.
    pub fn new() -> Seen {
        Seen::default()
    }

    /// Whether `print` was seen before; it is seen from now on.
    ///
    /// # Errors
    /// When a run written to the temporary file cannot be read back.
    pub fn seen_before(&mut self, print: u64) -> io::Result<bool> {
        Ok(self.first_met(print, 0)?.is_some())
    }

    /// Where `print` was first met (`here` as it was given then), if it was
    /// met before; else it is met from now on, `here`.
    ///
    /// # Errors
    /// When a run written to the temporary file cannot be read back.
    pub fn first_met(&mut self, print: u64, here: u64) -> io::Result<Option<u64>> {
        if let Some((_, at)) = self.recent.iter().find(|(p, _)| *p == print) {
            return Ok(Some(*at));
        }
        if let Ok(i) = self.sorted.binary_search_by_key(&print, |(p, _)| *p) {
            return Ok(self.sorted.get(i).map(|(_, at)| *at));
        }
        for i in 0..self.runs.len() {
            if let Some(at) = self.run_holds(i, print)? {
                return Ok(Some(at));
            }
        }
        self.recent.push((print, here));
        if self.recent.len() >= RECENT {
            self.merge_recent();
            if self.sorted.len() >= RUN {
                self.spill();
            }
        }
        Ok(None)
    }

    /// How many fingerprints are held.
    pub fn len(&self) -> usize {
        self.recent.len() + self.sorted.len() + self.runs.iter().map(|r| r.len).sum::<usize>()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Where the run `i` says `print` was met, if it holds it: its filter
    /// asked first, then the one page the index names.
    fn run_holds(&mut self, i: usize, print: u64) -> io::Result<Option<u64>> {
        let Some(run) = self.runs.get(i) else {
            return Ok(None);
        };
        if !filter_may_hold(&run.filter, print) {
            return Ok(None);
        }
        // The page whose first fingerprint is the last one not above `print`.
        let page = run.index.partition_point(|&first| first <= print);
        let Some(page) = page.checked_sub(1) else {
            return Ok(None);
        };
        let from = page * PAGE;
        let count = PAGE.min(run.len - from);
        match &run.place {
            Place::Memory(prints) => Ok(prints.get(from..from + count).and_then(|p| {
                let i = p.binary_search_by_key(&print, |(k, _)| *k).ok()?;
                p.get(i).map(|(_, at)| *at)
            })),
            Place::File(start) => {
                let at = start + (from as u64) * 16;
                let Some(file) = self.file.as_mut() else {
                    return Err(io::Error::other(
                        "the temporary file of fingerprints is gone",
                    ));
                };
                let mut bytes = [0u8; PAGE * 16];
                let bytes = bytes.get_mut(..count * 16).unwrap_or_default();
                file.seek(SeekFrom::Start(at))?;
                file.read_exact(bytes)?;
                let mut lo = 0;
                let mut hi = count;
                while lo < hi {
                    let mid = (lo + hi) / 2;
                    let value = read_u64(bytes, 2 * mid);
                    if value == print {
                        return Ok(Some(read_u64(bytes, 2 * mid + 1)));
                    }
                    if value < print {
                        lo = mid + 1;
                    } else {
                        hi = mid;
                    }
                }
                Ok(None)
            }
        }
    }

    /// The recent fingerprints merged into the sorted ones, in place from
    /// the end.
    // The indices stay in bounds: `i <= old`, `j <= new` and `k = i + j`
    // never exceeds `old + new`, the list's length; each is read only when
    // above zero.
    #[allow(clippy::indexing_slicing)]
    fn merge_recent(&mut self) {
        self.recent.sort_unstable();
        if self.sorted.capacity() < RUN + RECENT {
            self.sorted.reserve_exact(RUN + RECENT - self.sorted.len());
        }
        let (old, new) = (self.sorted.len(), self.recent.len());
        self.sorted.resize(old + new, (0, 0));
        let (mut i, mut j, mut k) = (old, new, old + new);
        while j > 0 {
            if i > 0 && self.sorted[i - 1] > self.recent[j - 1] {
                self.sorted[k - 1] = self.sorted[i - 1];
                i -= 1;
            } else {
                self.sorted[k - 1] = self.recent[j - 1];
                j -= 1;
            }
            k -= 1;
        }
        self.recent.clear();
    }

    /// The sorted fingerprints made a run: written to the temporary file
    /// (or kept in memory where it cannot be), with its filter and index.
    fn spill(&mut self) {
        let prints = &self.sorted;
        let blocks = (prints.len() * FILTER_BITS).div_ceil(512).max(1);
        let mut filter = vec![[0u64; 8]; blocks];
        for &(p, _) in prints {
            filter_add(&mut filter, p);
        }
        let index = prints.iter().step_by(PAGE).map(|(p, _)| *p).collect();
        let len = prints.len();
        let place = match self.write_run() {
            Some(start) => {
                self.sorted.clear();
                Place::File(start)
            }
            None => Place::Memory(std::mem::take(&mut self.sorted)),
        };
        self.runs.push(Run {
            filter,
            index,
            len,
            place,
        });
    }

    /// Writes the sorted fingerprints at the end of the temporary file (made
    /// when first needed) and says where; `None` when that cannot be done,
    /// and from then on.
    fn write_run(&mut self) -> Option<u64> {
        if self.in_memory {
            return None;
        }
        if self.file.is_none() {
            self.file = tempfile::tempfile().ok();
        }
        let start = self.end;
        let written = self.file.as_mut().is_some_and(|file| {
            let mut bytes = Vec::with_capacity(self.sorted.len() * 16);
            for (p, at) in &self.sorted {
                bytes.extend_from_slice(&p.to_le_bytes());
                bytes.extend_from_slice(&at.to_le_bytes());
            }
            file.seek(SeekFrom::Start(start)).is_ok() && file.write_all(&bytes).is_ok()
        });
        if !written {
            self.in_memory = true;
            return None;
        }
        self.end = start + (self.sorted.len() as u64) * 16;
        Some(start)
    }
}

/// The `i`th eight bytes read from a run (a fingerprint, or where it was
/// met).
fn read_u64(bytes: &[u8], i: usize) -> u64 {
    let mut b = [0u8; 8];
    if let Some(s) = bytes.get(i * 8..i * 8 + 8) {
        b.copy_from_slice(s);
    }
    u64::from_le_bytes(b)
}

/// A fingerprint's bits mixed afresh (the fingerprints' own low bits need
/// not be well spread): the block and the bits of the filter are taken
/// from this.
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The block of `filter` and the bits in it for `print`: each probe takes
/// nine bits of the mixed fingerprint (a bit of 512).
fn filter_bits(blocks: usize, print: u64) -> (usize, impl Iterator<Item = usize>) {
    let h = mix(print);
    let block = ((h >> 32) as usize) % blocks.max(1);
    let bits = mix(h ^ 0x9e37_79b9_7f4a_7c15);
    (
        block,
        (0..PROBES).map(move |k| ((bits >> (9 * k)) & 511) as usize),
    )
}

/// `print` added to a run's filter.
fn filter_add(filter: &mut [[u64; 8]], print: u64) {
    let (block, bits) = filter_bits(filter.len(), print);
    if let Some(words) = filter.get_mut(block) {
        for bit in bits {
            if let Some(w) = words.get_mut(bit / 64) {
                *w |= 1 << (bit % 64);
            }
        }
    }
}

/// Whether a run's filter may hold `print` (`false`: it does not).
fn filter_may_hold(filter: &[[u64; 8]], print: u64) -> bool {
    let (block, mut bits) = filter_bits(filter.len(), print);
    filter.get(block).is_some_and(|words| {
        bits.all(|bit| {
            words
                .get(bit / 64)
                .is_some_and(|w| w & (1 << (bit % 64)) != 0)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prints(n: u64, salt: u64) -> Vec<u64> {
        (0..n)
            .map(|i| mix(i + (salt << 40)).wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect()
    }

    /// Enough fingerprints for several runs in the file: each is new once,
    /// and seen from then on, whether it lies in memory or in a run.
    #[test]
    fn each_print_is_new_once_across_runs() -> io::Result<()> {
        let mut seen = Seen::new();
        let all = prints(3 * RUN as u64 + 1_000, 1);
        for p in &all {
            assert!(!seen.seen_before(*p)?);
        }
        assert!(seen.runs.len() >= 3, "{} runs", seen.runs.len());
        assert!(
            seen.runs.iter().all(|r| matches!(r.place, Place::File(_))),
            "the runs went to the file"
        );
        for p in all.iter().rev() {
            assert!(seen.seen_before(*p)?);
        }
        assert_eq!(seen.len(), all.len());
        // Fingerprints never met are not seen (the filter's false passes
        // are settled by the page read).
        for p in prints(20_000, 2) {
            assert!(!seen.seen_before(p)?);
        }
        Ok(())
    }

    /// Where a fingerprint was first met comes back from memory and from
    /// the runs alike.
    #[test]
    fn where_a_print_was_first_met() -> io::Result<()> {
        let mut seen = Seen::new();
        let all = prints(2 * RUN as u64 + 100, 6);
        for (i, p) in all.iter().enumerate() {
            assert_eq!(seen.first_met(*p, i as u64)?, None);
        }
        for (i, p) in all.iter().enumerate() {
            assert_eq!(seen.first_met(*p, u64::MAX)?, Some(i as u64));
        }
        Ok(())
    }

    /// The runs kept in memory (no file could be written) answer alike.
    #[test]
    fn runs_in_memory_answer_alike() -> io::Result<()> {
        let mut seen = Seen {
            in_memory: true,
            ..Seen::default()
        };
        let all = prints(2 * RUN as u64 + 10, 3);
        for p in &all {
            assert!(!seen.seen_before(*p)?);
        }
        assert!(
            seen.runs
                .iter()
                .all(|r| matches!(r.place, Place::Memory(_)))
        );
        for p in &all {
            assert!(seen.seen_before(*p)?);
        }
        assert!(!seen.seen_before(0)? || all.contains(&0));
        Ok(())
    }

    /// The filter lets through about one fingerprint in a hundred that its
    /// run does not hold, and never turns one away that it does.
    #[test]
    fn the_filter_passes_few_it_does_not_hold() {
        let held = prints(RUN as u64, 4);
        let blocks = (held.len() * FILTER_BITS).div_ceil(512);
        let mut filter = vec![[0u64; 8]; blocks];
        for &p in &held {
            filter_add(&mut filter, p);
        }
        assert!(held.iter().all(|&p| filter_may_hold(&filter, p)));
        let others = prints(100_000, 5);
        let passed = others
            .iter()
            .filter(|&&p| filter_may_hold(&filter, p))
            .count();
        assert!(passed < 3_000, "{passed} of 100,000 passed");
    }

    /// A fingerprint below a run's first, or above its last, is not there.
    #[test]
    fn the_ends_of_a_run() -> io::Result<()> {
        let mut seen = Seen::new();
        for p in (1..=RUN as u64 + RECENT as u64).map(|i| i * 1_000) {
            assert!(!seen.seen_before(p)?);
        }
        assert!(!seen.runs.is_empty());
        assert!(!seen.seen_before(0)?);
        assert!(!seen.seen_before(u64::MAX)?);
        assert!(seen.seen_before(1_000)?);
        assert!(seen.seen_before(RUN as u64 * 1_000)?);
        Ok(())
    }
}
