//! A page's experiment results kept: for the life of the process (so that
//! `serve`'s rebuilds after an edit of a `.ftl` file or a template reuse
//! them) and between builds in the build's cache (`crate::cache`), there
//! under a key (the checked `[contention]` table, every double written so
//! that it reads back to the same bits) with the figures, each double as
//! its 64 bits so that a result read back is the one computed, bit for bit,
//! and the page built from it byte for byte. Figures that do not fit the
//! table (another count of strategies, client counts or buckets) are not
//! taken. It runs the experiment only through `experiment.rs` and never
//! touches a file itself (the store does).

use std::sync::Mutex;
use std::time::Duration;

use serde_json::{Value, json};

use super::experiment::{HerdRun, Results, run};
use crate::backoff::contention::{Percentiles, Strategy, Summary};
use crate::simulation::ExperimentError;
use crate::site::load::content::contention::Contention;

/// The results of the experiments run in this process, newest last, at
/// most [`CACHED`] of them. They depend on the checked table alone (every
/// parameter, the model's included, is in [`Contention`]) and on the core,
/// which is the one compiled into this process and cannot change under it:
/// so the table is the whole key, and a rebuild by `serve` after an edit of
/// a `.ftl` file or a template reuses them.
static CACHE: Mutex<Vec<Results>> = Mutex::new(Vec::new());

/// How many experiments the cache keeps (a site has one or two).
const CACHED: usize = 4;

/// [`run`], or the results of the same table run before in this process,
/// or kept in `store` by an earlier build (`stored.rs`), then with an
/// `elapsed` of zero (the build's summary line says how long the
/// simulation took this time). Results run here are kept in both.
pub fn run_cached(
    contention: &Contention,
    store: Option<&crate::cache::Store>,
) -> Result<Results, ExperimentError> {
    let cache = || {
        CACHE
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    };
    if let Some(hit) = cache().iter().find(|r| r.contention == *contention) {
        return Ok(Results {
            elapsed: Duration::ZERO,
            ..hit.clone()
        });
    }
    let key = key(contention);
    let kept = store
        .and_then(|store| store.get(KIND, &key))
        .and_then(|figures| decode(contention, &figures));
    // Run outside the lock: pages' experiments run in parallel.
    let results = match kept {
        Some(results) => results,
        None => {
            let results = run(contention)?;
            if let Some(store) = store {
                store.put(KIND, &key, &encode(&results));
            }
            results
        }
    };
    let mut cache = cache();
    if cache.len() == CACHED {
        cache.remove(0);
    }
    cache.push(results.clone());
    Ok(results)
}

/// The kind of the entries, in the store's file names.
pub const KIND: &str = "contention";

/// The key of `contention`'s results: every field of the checked table
/// (its `Debug` form names each, and writes each double so that it reads
/// back to the same bits).
pub fn key(contention: &Contention) -> String {
    format!("{contention:?}")
}

/// The figures of `results`, without the table (the key holds it).
pub fn encode(results: &Results) -> String {
    let bits = |x: f64| Value::from(x.to_bits());
    let percentiles = |p: &Percentiles| json!([bits(p.p50), bits(p.p90), bits(p.p99)]);
    let summaries: Vec<Value> = results
        .summaries
        .iter()
        .map(|s| {
            json!([
                strategy_index(s.strategy),
                s.clients,
                s.runs,
                bits(s.mean_calls),
                bits(s.mean_completion_ms),
                percentiles(&s.calls),
                percentiles(&s.completion_ms),
            ])
        })
        .collect();
    let herds: Vec<Value> = results
        .herds
        .iter()
        .map(|h| {
            json!([
                strategy_index(h.strategy),
                h.buckets,
                h.beyond,
                bits(h.completion_ms)
            ])
        })
        .collect();
    json!({ "summaries": summaries, "herds": herds }).to_string()
}

/// The results of `contention` from `figures`, if they fit it; their
/// `elapsed` is zero (nothing ran).
pub fn decode(contention: &Contention, figures: &str) -> Option<Results> {
    let value: Value = serde_json::from_str(figures).ok()?;
    let double = |v: &Value| v.as_u64().map(f64::from_bits);
    let percentiles = |v: &Value| {
        Some(Percentiles {
            p50: double(v.get(0)?)?,
            p90: double(v.get(1)?)?,
            p99: double(v.get(2)?)?,
        })
    };
    let strategy = |v: &Value| {
        Strategy::ALL
            .get(usize::try_from(v.as_u64()?).ok()?)
            .copied()
    };
    let whole = |v: &Value| v.as_u64().and_then(|x| u32::try_from(x).ok());
    let summaries = value["summaries"]
        .as_array()?
        .iter()
        .map(|s| {
            Some(Summary {
                strategy: strategy(s.get(0)?)?,
                clients: whole(s.get(1)?)?,
                runs: whole(s.get(2)?)?,
                mean_calls: double(s.get(3)?)?,
                mean_completion_ms: double(s.get(4)?)?,
                calls: percentiles(s.get(5)?)?,
                completion_ms: percentiles(s.get(6)?)?,
            })
        })
        .collect::<Option<Vec<Summary>>>()?;
    let herds = value["herds"]
        .as_array()?
        .iter()
        .map(|h| {
            Some(HerdRun {
                strategy: strategy(h.get(0)?)?,
                buckets: h
                    .get(1)?
                    .as_array()?
                    .iter()
                    .map(whole)
                    .collect::<Option<_>>()?,
                beyond: whole(h.get(2)?)?,
                completion_ms: double(h.get(3)?)?,
            })
        })
        .collect::<Option<Vec<HerdRun>>>()?;
    // Every strategy with every client count, in the experiment's order,
    // and one herd run per strategy over the table's buckets.
    let experiment = &contention.experiment;
    let expected: Vec<(Strategy, u32)> = experiment
        .strategies
        .iter()
        .flat_map(|&s| experiment.clients.iter().map(move |&c| (s, c)))
        .collect();
    let fits = summaries.len() == expected.len()
        && summaries
            .iter()
            .zip(&expected)
            .all(|(s, &(strategy, clients))| {
                s.strategy == strategy && s.clients == clients && s.runs == experiment.runs
            })
        && herds.len() == Strategy::ALL.len()
        && herds.iter().zip(Strategy::ALL).all(|(h, strategy)| {
            h.strategy == strategy && h.buckets.len() == contention.herd_buckets
        });
    fits.then(|| Results {
        contention: contention.clone(),
        summaries,
        herds,
        elapsed: Duration::ZERO,
    })
}

fn strategy_index(strategy: Strategy) -> usize {
    Strategy::ALL
        .iter()
        .position(|&s| s == strategy)
        .expect("a strategy of Strategy::ALL")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::sections::contention::experiment::tests::small;

    #[test]
    fn the_same_table_runs_once_and_another_table_runs_anew() {
        let mut table = small();
        table.experiment.seed = 0x5eed_cac4e;
        let first = run_cached(&table, None).unwrap();
        let again = run_cached(&table, None).unwrap();
        // A hit took no time: nothing ran.
        assert_eq!(again.elapsed, Duration::ZERO);
        assert_eq!(again.summaries, first.summaries);
        assert_eq!(again.herds, first.herds);
        assert_eq!(again.summaries, run(&table).unwrap().summaries);
        table.experiment.seed += 1;
        let other = run_cached(&table, None).unwrap();
        assert_ne!(other.summaries, first.summaries);
        assert_eq!(other.contention, table);
    }

    /// The figures as the disk cache keeps them read back bit for bit,
    /// and only for the table they were run for.
    #[test]
    fn stored_figures_read_back_to_the_same_bits_for_their_table_only() {
        let table = small();
        let results = run(&table).unwrap();
        let back = decode(&table, &encode(&results)).unwrap();
        assert_eq!(back.summaries, results.summaries);
        assert_eq!(back.herds, results.herds);
        assert_eq!(back.elapsed, Duration::ZERO);
        let mut other = table.clone();
        other.experiment.clients.push(7);
        assert!(
            decode(&other, &encode(&results)).is_none(),
            "another client count"
        );
        let mut other = table.clone();
        other.herd_buckets += 1;
        assert!(
            decode(&other, &encode(&results)).is_none(),
            "another bucket count"
        );
        assert!(decode(&table, "{}").is_none());
    }
}
