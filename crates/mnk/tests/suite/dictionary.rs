//! The (n,k)-tic-tac-toe request's dictionary, rule by rule: `insert`
//! answers 1 on a collision and refuses a duplicate, `remove` refuses an
//! absent key, `get` gives -1 for one, `numElements` counts, the size is
//! prime, and the chain lengths add up; then random operation sequences
//! against the standard library's map.

use std::collections::HashMap;

use proptest::prelude::*;

use ply_mnk::{next_prime, Dictionary, DictionaryError, DictionaryKey, DEFAULT_BUCKETS};

fn is_prime(n: usize) -> bool {
    n >= 2
        && (2..n)
            .take_while(|d| d * d <= n)
            .all(|d| !n.is_multiple_of(d))
}

/// The first `count` keys whose bucket is `bucket`, found by trying keys
/// in order (the hash mixes a key before reducing it, so no formula gives
/// them).
fn keys_in_bucket(dictionary: &Dictionary<u128, i32>, bucket: usize, count: usize) -> Vec<u128> {
    (0u128..)
        .filter(|k| k.bucket(dictionary.size()) == bucket)
        .take(count)
        .collect()
}

#[test]
fn the_default_size_is_a_prime_between_6000_and_8000() {
    let dictionary: Dictionary<String, i32> = Dictionary::new();
    assert_eq!(dictionary.size(), DEFAULT_BUCKETS);
    assert!(is_prime(DEFAULT_BUCKETS));
    assert!((6_000..=8_000).contains(&DEFAULT_BUCKETS));
}

#[test]
fn the_size_asked_for_is_rounded_up_to_a_prime() {
    for (asked, prime) in [
        (0, 2),
        (1, 2),
        (2, 2),
        (4, 5),
        (6_000, 6_007),
        (7_001, 7_001),
    ] {
        assert_eq!(next_prime(asked), prime);
        let dictionary: Dictionary<u128, i32> = Dictionary::with_size(asked);
        assert_eq!(dictionary.size(), prime);
    }
    for asked in 0..2_000 {
        let size = next_prime(asked);
        assert!(is_prime(size) && size >= asked);
        assert!((asked.max(2)..size).all(|n| !is_prime(n)), "{asked}");
    }
}

#[test]
fn insert_answers_1_exactly_when_the_bucket_held_an_entry() {
    let mut dictionary: Dictionary<u128, i32> = Dictionary::with_size(7);
    let home = keys_in_bucket(&dictionary, 3, 3);
    let other = keys_in_bucket(&dictionary, 5, 1)[0];
    assert_eq!(dictionary.insert(home[0], 3), Ok(0));
    assert_eq!(dictionary.insert(other, 2), Ok(0));
    assert_eq!(dictionary.insert(home[1], 0), Ok(1));
    assert_eq!(dictionary.insert(home[2], 1), Ok(1));
    assert_eq!((dictionary.collisions(), dictionary.insertions()), (2, 4));
    // An emptied bucket counts as empty again.
    dictionary.remove(&other).expect("stored");
    assert_eq!(dictionary.insert(other, 2), Ok(0));
    assert_eq!(dictionary.collisions(), 2);
}

#[test]
fn insert_refuses_a_duplicate_and_keeps_the_first_score() {
    let mut dictionary: Dictionary<String, i32> = Dictionary::new();
    assert_eq!(dictionary.insert("OXXXXOO X".into(), 2), Ok(0));
    assert_eq!(
        dictionary.insert("OXXXXOO X".into(), 0),
        Err(DictionaryError::Duplicate)
    );
    assert_eq!(dictionary.get(&"OXXXXOO X".into()), Some(2));
    assert_eq!((dictionary.num_elements(), dictionary.insertions()), (1, 1));
}

#[test]
fn remove_refuses_an_absent_configuration() {
    let mut dictionary: Dictionary<String, i32> = Dictionary::new();
    assert_eq!(
        dictionary.remove(&"OXXXXOOOX".into()),
        Err(DictionaryError::Absent)
    );
    dictionary.insert("OXXXXOOOX".into(), 2).expect("new");
    assert_eq!(dictionary.remove(&"OXXXXOOOX".into()), Ok(2));
    assert_eq!(
        dictionary.remove(&"OXXXXOOOX".into()),
        Err(DictionaryError::Absent)
    );
}

#[test]
fn get_gives_minus_one_for_an_absent_configuration() {
    let mut dictionary: Dictionary<String, i32> = Dictionary::new();
    assert_eq!(dictionary.get(&"OXXXXOOXO".into()), None);
    assert_eq!(dictionary.get_or_minus_one(&"OXXXXOOXO".into()), -1);
    dictionary.insert("OXXXXOOXO".into(), 0).expect("new");
    assert_eq!(dictionary.get_or_minus_one(&"OXXXXOOXO".into()), 0);
    assert_eq!(dictionary.get_or_minus_one(&"OXXXXOOOX".into()), -1);
}

#[test]
fn num_elements_counts_what_is_stored() {
    let mut dictionary: Dictionary<u128, i32> = Dictionary::with_size(11);
    assert_eq!(dictionary.num_elements(), 0);
    for key in 0..100u128 {
        dictionary.insert(key, 1).expect("new");
    }
    assert_eq!(dictionary.num_elements(), 100);
    let _ = dictionary.insert(5, 1);
    assert_eq!(
        dictionary.num_elements(),
        100,
        "a refused duplicate adds nothing"
    );
    for key in 0..30u128 {
        dictionary.remove(&key).expect("stored");
    }
    let _ = dictionary.remove(&0);
    assert_eq!(dictionary.num_elements(), 70);
    dictionary.clear();
    assert_eq!(dictionary.num_elements(), 0);
    assert_eq!((dictionary.insertions(), dictionary.collisions()), (0, 0));
}

#[test]
fn chain_lengths_give_the_longest_and_the_mean() {
    let mut dictionary: Dictionary<u128, i32> = Dictionary::with_size(7);
    assert_eq!(dictionary.chain_lengths().longest, 0);
    assert_eq!(dictionary.chain_lengths().mean(0), 0.0);
    for key in keys_in_bucket(&dictionary, 1, 4) {
        dictionary.insert(key, 1).expect("new");
    }
    for key in keys_in_bucket(&dictionary, 6, 2) {
        dictionary.insert(key, 1).expect("new");
    }
    let chains = dictionary.chain_lengths();
    assert_eq!((chains.longest, chains.occupied), (4, 2));
    assert_eq!(chains.mean(dictionary.num_elements() as u64), 3.0);
    // Every insertion but the first of each chain collided.
    assert_eq!(dictionary.collisions(), 6 - 2);
}

#[test]
fn the_hash_functions_spread_configurations_over_the_buckets() {
    // Every configuration of tic-tac-toe cells as the request writes them,
    // and as the board's key: few share a bucket beyond what chance gives.
    let mut strings: Dictionary<String, i32> = Dictionary::new();
    let mut keys: Dictionary<u128, i32> = Dictionary::new();
    for code in 0..3u32.pow(9) {
        let (mut text, mut x, mut o, mut c) = (String::new(), 0u64, 0u64, code);
        for cell in 0..9 {
            match c % 3 {
                0 => text.push(' '),
                1 => {
                    text.push('X');
                    x |= 1 << cell;
                }
                _ => {
                    text.push('O');
                    o |= 1 << cell;
                }
            }
            c /= 3;
        }
        strings.insert(text, 1).expect("distinct");
        keys.insert(u128::from(x) << 64 | u128::from(o), 1)
            .expect("distinct");
    }
    // 19,683 keys in 7,001 buckets: a uniform hash fills all but about 6%
    // of the buckets, with chains of mean 2.8 and rarely beyond 12.
    for chains in [strings.chain_lengths(), keys.chain_lengths()] {
        assert!(chains.occupied > 6_300, "{chains:?}");
        assert!(chains.longest <= 14, "{chains:?}");
    }
}

#[derive(Clone, Debug)]
enum Op {
    Insert(u16, i32),
    Remove(u16),
    Get(u16),
}

fn op() -> impl Strategy<Value = Op> {
    // Few keys, so that duplicates, absent removals and collisions happen.
    prop_oneof![
        (0u16..400, -1i32..4).prop_map(|(k, v)| Op::Insert(k, v)),
        (0u16..400).prop_map(Op::Remove),
        (0u16..400).prop_map(Op::Get),
    ]
}

proptest! {
    #[test]
    fn the_dictionary_behaves_as_a_map(ops in prop::collection::vec(op(), 0..600), size in 1usize..60) {
        let mut dictionary: Dictionary<u128, i32> = Dictionary::with_size(size);
        let mut map: HashMap<u128, i32> = HashMap::new();
        let mut occupied = vec![0usize; dictionary.size()];
        let mut collisions = 0u64;
        for op in ops {
            match op {
                Op::Insert(k, v) => {
                    let key = u128::from(k) * 0x1_0000_0001;
                    let bucket = key.bucket(dictionary.size());
                    let answer = dictionary.insert(key, v);
                    if let std::collections::hash_map::Entry::Vacant(e) = map.entry(key) {
                        e.insert(v);
                        let collided = occupied[bucket] > 0;
                        collisions += u64::from(collided);
                        occupied[bucket] += 1;
                        prop_assert_eq!(answer, Ok(u8::from(collided)));
                    } else {
                        prop_assert_eq!(answer, Err(DictionaryError::Duplicate));
                    }
                }
                Op::Remove(k) => {
                    let key = u128::from(k) * 0x1_0000_0001;
                    let answer = dictionary.remove(&key);
                    match map.remove(&key) {
                        Some(v) => {
                            occupied[key.bucket(dictionary.size())] -= 1;
                            prop_assert_eq!(answer, Ok(v));
                        }
                        None => prop_assert_eq!(answer, Err(DictionaryError::Absent)),
                    }
                }
                Op::Get(k) => {
                    let key = u128::from(k) * 0x1_0000_0001;
                    prop_assert_eq!(dictionary.get(&key), map.get(&key).copied());
                    prop_assert_eq!(
                        dictionary.get_or_minus_one(&key),
                        map.get(&key).copied().unwrap_or(-1)
                    );
                }
            }
            prop_assert_eq!(dictionary.num_elements(), map.len());
            prop_assert_eq!(dictionary.collisions(), collisions);
        }
        let chains = dictionary.chain_lengths();
        prop_assert_eq!(chains.longest as usize, occupied.iter().copied().max().unwrap_or(0));
        prop_assert_eq!(chains.occupied as usize, occupied.iter().filter(|&&n| n > 0).count());
        for (key, value) in &map {
            prop_assert_eq!(dictionary.get(key), Some(*value));
        }
    }
}
