//! The named pseudo-random generator of the Monte Carlo figures:
//! xoshiro256** (Blackman and Vigna, 2018), seeded by SplitMix64 as its
//! authors recommend. Integer operations only, so every platform draws the
//! same sequence from the same seed.

/// The generator's name as recorded next to the seed in every result.
pub const GENERATOR: &str = "xoshiro256**";

/// xoshiro256**: 256 bits of state, period 2^256 − 1.
#[derive(Clone, Debug)]
pub struct Xoshiro256 {
    s: [u64; 4],
}

/// One step of SplitMix64, used only to spread a 64-bit seed over the state.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Xoshiro256 {
    /// The generator for `seed`. SplitMix64 never yields four zero words
    /// in a row, so the state is never the forbidden all-zero one.
    pub fn new(seed: u64) -> Xoshiro256 {
        let mut sm = seed;
        Xoshiro256 {
            s: [
                splitmix64(&mut sm),
                splitmix64(&mut sm),
                splitmix64(&mut sm),
                splitmix64(&mut sm),
            ],
        }
    }

    /// The next 64 random bits.
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

    /// A uniform number in `[0, 1)`: the top 53 bits, scaled exactly.
    pub fn next_unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_reference_sequence() {
        // The first outputs of the reference implementation for seed 0.
        let mut s = 0u64;
        assert_eq!(splitmix64(&mut s), 0xE220_A839_7B1D_CDAF);
        assert_eq!(splitmix64(&mut s), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn same_seed_same_numbers_and_units_stay_in_range() {
        let mut a = Xoshiro256::new(7);
        let mut b = Xoshiro256::new(7);
        let mut c = Xoshiro256::new(8);
        let mut differs = false;
        for _ in 0..1000 {
            let x = a.next_unit();
            assert_eq!(x.to_bits(), b.next_unit().to_bits());
            differs |= x != c.next_unit();
            assert!((0.0..1.0).contains(&x));
        }
        assert!(differs);
    }
}
