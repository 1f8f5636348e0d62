//! The core's named, seeded pseudo-random generator: xoshiro256** seeded by
//! SplitMix64 (both by Blackman and Vigna, <https://prng.di.unimi.it/>).
//!
//! It owns the bits of every random draw the core makes (the contention
//! experiment, the Monte Carlo figures) and nothing else: no distributions
//! beyond uniform doubles, no global state, no time or entropy source. The
//! same seed gives the same numbers on every platform, wasm32 included.
//!
//! Why these two: xoshiro256** is small (32 bytes of state), fast (a few
//! integer operations per 64 bits) and made only of wrapping adds, shifts,
//! rotations and multiplications on `u64`, which every platform computes
//! alike. Its authors recommend SplitMix64 to expand a 64-bit seed into its
//! state: that never yields the forbidden all-zero state, and nearby seeds
//! give unrelated streams.
//!
//! Uniform doubles take the top 53 bits (the low bits of a generator are its
//! weakest), so every double is `k / 2^53` exactly: no rounding anywhere.

/// The generator's name as recorded next to the seed in every result.
pub const GENERATOR: &str = "xoshiro256**";

/// SplitMix64: the seed expander, also used to mix several words into one
/// seed ([`Xoshiro256::for_stream`]).
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// The expander started at `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// xoshiro256**: 256 bits of state, period 2^256 − 1.
#[derive(Clone, Debug)]
pub struct Xoshiro256 {
    s: [u64; 4],
}

/// 2^-53: the spacing of the uniform doubles.
const UNIT: f64 = 1.0 / (1u64 << 53) as f64;

impl Xoshiro256 {
    /// The generator for a 64-bit seed, its state filled by four SplitMix64
    /// outputs.
    pub fn new(seed: u64) -> Xoshiro256 {
        let mut sm = SplitMix64::new(seed);
        Xoshiro256 {
            s: [sm.next_u64(), sm.next_u64(), sm.next_u64(), sm.next_u64()],
        }
    }

    /// The generator for a seed and a list of words that name one stream
    /// (strategy, client count, run…): each word is folded in through
    /// SplitMix64, so every stream is reproducible on its own, whatever else
    /// is drawn and in whatever order.
    pub fn for_stream(seed: u64, words: &[u64]) -> Xoshiro256 {
        let mut mixed = SplitMix64::new(seed).next_u64();
        for &word in words {
            mixed = SplitMix64::new(mixed ^ word).next_u64();
        }
        Xoshiro256::new(mixed)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform double in `[0, 1)`: the top 53 bits times 2^-53.
    #[inline]
    pub fn next_unit(&mut self) -> f64 {
        // The 53 bits fit an i64, and a signed conversion is exact and a
        // single instruction on x86_64 (an unsigned one is not).
        ((self.next_u64() >> 11) as i64) as f64 * UNIT
    }

    /// A uniform double in `[low, high)` (`low` when they are equal), as
    /// `low + (high - low) * u`.
    #[inline]
    pub fn between(&mut self, low: f64, high: f64) -> f64 {
        low + (high - low) * self.next_unit()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_reference_output() {
        // First outputs of the reference C code (splitmix64.c) for seed 0.
        let mut sm = SplitMix64::new(0);
        assert_eq!(sm.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(sm.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn xoshiro256_starstar_matches_the_reference_output() {
        // State {1, 2, 3, 4}: the first outputs of the reference C code
        // (xoshiro256starstar.c).
        let mut x = Xoshiro256 { s: [1, 2, 3, 4] };
        let expected = [11520u64, 0, 1509978240, 1215971899390074240];
        for want in expected {
            assert_eq!(x.next_u64(), want);
        }
    }

    #[test]
    fn new_fills_the_state_from_splitmix64() {
        let mut sm = SplitMix64::new(42);
        let state = [sm.next_u64(), sm.next_u64(), sm.next_u64(), sm.next_u64()];
        assert_eq!(Xoshiro256::new(42).s, state);
    }

    #[test]
    fn next_unit_uses_the_top_53_bits() {
        let mut a = Xoshiro256::new(7);
        let mut b = a.clone();
        for _ in 0..1000 {
            let bits = b.next_u64();
            let u = a.next_unit();
            assert_eq!(u, (bits >> 11) as f64 / 9007199254740992.0);
            assert!((0.0..1.0).contains(&u));
        }
    }

    #[test]
    fn same_seed_same_numbers_other_seed_other_numbers() {
        let mut a = Xoshiro256::new(7);
        let mut b = Xoshiro256::new(7);
        let mut c = Xoshiro256::new(8);
        let mut differs = false;
        for _ in 0..1000 {
            let x = a.next_unit();
            assert_eq!(x.to_bits(), b.next_unit().to_bits());
            differs |= x != c.next_unit();
        }
        assert!(differs);
    }

    #[test]
    fn between_spans_its_interval() {
        let mut a = Xoshiro256::new(9);
        let mut b = a.clone();
        for _ in 0..1000 {
            let x = a.between(5.0, 15.0);
            assert_eq!(x, 5.0 + 10.0 * b.next_unit());
            assert!((5.0..15.0).contains(&x));
        }
        assert_eq!(a.between(3.0, 3.0), 3.0);
    }

    #[test]
    fn streams_differ_by_every_word() {
        let base = Xoshiro256::for_stream(1, &[2, 3]).next_u64();
        assert_ne!(base, Xoshiro256::for_stream(1, &[2, 4]).next_u64());
        assert_ne!(base, Xoshiro256::for_stream(1, &[3, 3]).next_u64());
        assert_ne!(base, Xoshiro256::for_stream(2, &[2, 3]).next_u64());
        assert_ne!(base, Xoshiro256::for_stream(1, &[2]).next_u64());
        assert_eq!(base, Xoshiro256::for_stream(1, &[2, 3]).next_u64());
    }
}
