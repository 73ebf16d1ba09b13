//! The unit tests' pseudo-random numbers: Marsaglia's xorshift64 (13, 7, 17), seeded, so a
//! failing case is the same on every run.

/// A xorshift64 state (never 0).
pub struct XorShift(u64);

impl XorShift {
    pub fn new(seed: u64) -> XorShift {
        assert_ne!(seed, 0, "xorshift needs a non-zero seed");
        XorShift(seed)
    }

    /// The next number below `k` (`k > 0`).
    pub fn below(&mut self, k: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % k
    }
}
