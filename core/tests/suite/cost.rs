//! What retries cost the server (`cost`) against two oracles: the closed
//! forms `(1 − p^(N+1)) / (1 − p)` and `1 − p^(N+1)` (and `(N + 1)^L` at
//! the bottom when everything fails), and a long simulation of requests
//! through `L` layers that each retry what the layer below failed, drawn
//! with a generator of the test's own.

use backoff_core::cost::cost;

/// SplitMix64: the test's own generator, independent of the core's.
struct SplitMix(u64);

impl SplitMix {
    fn uniform(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// One request at layer `layer` (1 calls the failing service): whether it
/// succeeded, counting the attempts that reach the bottom into `bottom`.
fn request(layer: u32, retries: u32, p: f64, rng: &mut SplitMix, bottom: &mut u64) -> bool {
    for _ in 0..=retries {
        let ok = if layer == 1 {
            *bottom += 1;
            rng.uniform() >= p
        } else {
            request(layer - 1, retries, p, rng, bottom)
        };
        if ok {
            return true;
        }
    }
    false
}

#[test]
fn one_layer_is_the_closed_form() {
    for retries in [1, 2, 3, 10, 100] {
        for p in [0.0, 0.01, 0.1, 0.5, 0.9, 0.999] {
            let c = cost(retries, p, 1).unwrap();
            let n = f64::from(retries) + 1.0;
            let (attempts, success) = if p == 0.0 {
                (1.0, 1.0)
            } else {
                ((1.0 - p.powf(n)) / (1.0 - p), 1.0 - p.powf(n))
            };
            let close = |a: f64, b: f64| (a - b).abs() <= 1e-12 * b.max(1.0);
            assert!(
                close(c.attempts, attempts),
                "{retries} {p}: {} {attempts}",
                c.attempts
            );
            assert!(
                close(c.success, success),
                "{retries} {p}: {} {success}",
                c.success
            );
            assert_eq!((c.bottom_attempts, c.top_success), (c.attempts, c.success));
        }
        // Every attempt failing: all of them, at every layer.
        for layers in 1..=4 {
            let c = cost(retries, 1.0, layers).unwrap();
            let worst = (f64::from(retries) + 1.0).powi(layers as i32);
            assert_eq!((c.bottom_attempts, c.bottom_attempts_worst), (worst, worst));
        }
    }
}

#[test]
fn layers_agree_with_a_long_simulation() {
    let mut rng = SplitMix(20_261_203);
    let requests = 200_000u32;
    for (retries, p, layers) in [
        (2, 0.5, 3),
        (2, 0.9, 2),
        (1, 0.3, 4),
        (3, 0.7, 2),
        (4, 0.95, 2),
    ] {
        let c = cost(retries, p, layers).unwrap();
        let (mut bottom, mut succeeded) = (0u64, 0u32);
        let mut squares = 0.0;
        for _ in 0..requests {
            let mut here = 0u64;
            succeeded += u32::from(request(layers, retries, p, &mut rng, &mut here));
            bottom += here;
            squares += (here as f64).powi(2);
        }
        let n = f64::from(requests);
        let mean = bottom as f64 / n;
        let sd = (squares / n - mean * mean).max(0.0).sqrt();
        let what = format!("{retries} retries, p {p}, {layers} layers");
        assert!(
            (mean - c.bottom_attempts).abs() <= 5.0 * sd / n.sqrt(),
            "{what}: simulated {mean} against {}",
            c.bottom_attempts
        );
        let share = f64::from(succeeded) / n;
        let se = (c.top_success * (1.0 - c.top_success) / n).sqrt();
        assert!(
            (share - c.top_success).abs() <= 5.0 * se + 1e-9,
            "{what}: simulated success {share} against {}",
            c.top_success
        );
        assert!(c.bottom_attempts <= c.bottom_attempts_worst, "{what}");
    }
}
