//! A small deterministic source of numbers (SplitMix64) for the notation's
//! own tests, which mutate lines at random places.

/// The state of the sequence.
pub(crate) struct Mix(u64);

impl Mix {
    /// The sequence that `seed` starts.
    pub(crate) fn new(seed: u64) -> Self {
        Mix(seed)
    }

    /// The next number in `0..n` (`n` > 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}
