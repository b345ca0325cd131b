//! The trained evaluation (`ply_othello::pattern`): pattern indices against
//! a square-by-square reference, symmetry, the weights file's checks, and
//! its accuracy against exact scores beside the hand-weighted evaluation.

use std::collections::HashSet;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use ply_othello::pattern::{
    self, image, indices, tie_map, Weights, WeightsError, BIAS, EMBEDDED_FILE, ENDGAME_FILE,
    INSTANCES, MOBILITY_MINE, MOBILITY_THEIRS, OFFSETS, PARITY, PATTERNS, PHASES, PHASE_LEN,
};
use ply_othello::{flips, hand_weighted, moves, ExactSolver, Size8};

/// The symmetries written out one by one (the convention of
/// `pattern::map_square`: transpose first, then mirror columns, then rows).
fn sym(t: usize, r: u32, c: u32) -> (u32, u32) {
    match t {
        0 => (r, c),
        1 => (r, 7 - c),
        2 => (7 - r, c),
        3 => (7 - r, 7 - c),
        4 => (c, r),
        5 => (c, 7 - r),
        6 => (7 - c, r),
        7 => (7 - c, 7 - r),
        _ => unreachable!(),
    }
}

/// The square of the original board that symmetry `t` sends to `(r, c)`.
fn preimage(t: usize, r: u32, c: u32) -> (u32, u32) {
    (0..64)
        .map(|s| (s / 8, s % 8))
        .find(|&(rr, cc)| sym(t, rr, cc) == (r, c))
        .expect("a bijection")
}

fn slow_image(t: usize, x: u64) -> u64 {
    let mut out = 0;
    for s in 0..64 {
        if x >> s & 1 == 1 {
            let (r, c) = sym(t, s / 8, s % 8);
            out |= 1 << (r * 8 + c);
        }
    }
    out
}

/// Positions from random games, some moves chosen by the hand evaluation.
fn positions(seed: u64, count: usize, empties: std::ops::RangeInclusive<u32>) -> Vec<(u64, u64)> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    while out.len() < count {
        let (mut p, mut o): (u64, u64) = ((1 << 28) | (1 << 35), (1 << 27) | (1 << 36));
        loop {
            let legal = moves::<Size8>(p, o);
            if legal == 0 {
                if moves::<Size8>(o, p) == 0 {
                    break;
                }
                std::mem::swap(&mut p, &mut o);
                continue;
            }
            let e = (!(p | o)).count_ones();
            if empties.contains(&e) && rng.gen_bool(0.3) && seen.insert((p, o)) {
                out.push((p, o));
                if out.len() == count {
                    break;
                }
            }
            let squares: Vec<u32> = (0..64).filter(|&x| legal >> x & 1 == 1).collect();
            let x = if rng.gen_bool(0.5) {
                squares[rng.gen_range(0..squares.len())]
            } else {
                *squares
                    .iter()
                    .min_by_key(|&&x| {
                        let f = flips::<Size8>(x, p, o);
                        hand_weighted(o ^ f, p ^ f ^ (1 << x))
                    })
                    .expect("a legal move")
            };
            let f = flips::<Size8>(x, p, o);
            (p, o) = (o ^ f, p ^ f ^ (1 << x));
        }
    }
    out
}

#[test]
fn images_match_the_square_by_square_mapping() {
    for (p, o) in positions(1, 50, 0..=60) {
        for t in 0..8 {
            assert_eq!(image(t, p), slow_image(t, p), "symmetry {t}");
            assert_eq!(image(t, o), slow_image(t, o), "symmetry {t}");
        }
    }
}

#[test]
fn instances_are_the_distinct_images_of_each_pattern() {
    let mut total = 0;
    for pattern in PATTERNS {
        let set = |t: usize| -> Vec<(u32, u32)> {
            let mut s: Vec<_> = pattern
                .squares
                .iter()
                .map(|&(r, c)| preimage(t, r, c))
                .collect();
            s.sort();
            s
        };
        let chosen: Vec<_> = pattern.images.iter().map(|&t| set(t)).collect();
        let distinct: HashSet<_> = chosen.iter().cloned().collect();
        assert_eq!(
            distinct.len(),
            chosen.len(),
            "{}: an image twice",
            pattern.name
        );
        for t in 0..8 {
            assert!(
                distinct.contains(&set(t)),
                "{}: image {t} missing",
                pattern.name
            );
        }
        total += chosen.len();
    }
    assert_eq!(total, INSTANCES);
}

#[test]
fn indices_match_a_square_by_square_reference() {
    for (p, o) in positions(2, 300, 0..=60) {
        let fast = indices(p, o);
        let mut k = 0;
        for (n, pattern) in PATTERNS.iter().enumerate() {
            for &t in pattern.images {
                let mut index = 0;
                let mut power = 1;
                for &(r, c) in pattern.squares {
                    let (r0, c0) = preimage(t, r, c);
                    let s = r0 * 8 + c0;
                    index += power
                        * if p >> s & 1 == 1 {
                            1
                        } else if o >> s & 1 == 1 {
                            2
                        } else {
                            0
                        };
                    power *= 3;
                }
                assert_eq!(fast[k], OFFSETS[n] + index, "{} image {t}", pattern.name);
                k += 1;
            }
        }
    }
}

#[test]
fn symmetric_weights_give_one_value_to_the_eight_images() {
    let tie = tie_map();
    for (i, &t) in tie.iter().enumerate() {
        assert!(t as usize <= i && tie[t as usize] == t, "tie {i} -> {t}");
    }
    let mut rng = SmallRng::seed_from_u64(3);
    let mut weights = Weights::zeros();
    for phase in 0..PHASES {
        let class: Vec<i16> = (0..PHASE_LEN).map(|_| rng.gen_range(-300..=300)).collect();
        let w = weights.phase_mut(phase);
        for i in 0..PHASE_LEN {
            w[i] = class[tie[i] as usize];
        }
    }
    // The tie classes are real: without them the images differ.
    let mut untied = Weights::zeros();
    for phase in 0..PHASES {
        for w in untied.phase_mut(phase).iter_mut() {
            *w = rng.gen_range(-300..=300);
        }
    }
    let mut differs = false;
    for (p, o) in positions(4, 200, 1..=60) {
        let value = weights.evaluate(p, o);
        for t in 1..8 {
            let (ip, io) = (slow_image(t, p), slow_image(t, o));
            assert_eq!(weights.evaluate(ip, io), value, "symmetry {t}");
            differs |= untied.evaluate(ip, io) != untied.evaluate(p, o);
        }
    }
    assert!(differs, "an asymmetric table went unnoticed");
    // The shipped weights are tied too.
    let shipped = pattern::embedded().expect("shipped weights");
    for phase in 0..PHASES {
        let w = shipped.phase(phase);
        assert!(
            (0..BIAS).all(|i| w[i] == w[tie[i] as usize]),
            "phase {phase}"
        );
    }
}

/// The parity weight counts at odd empties only, each phase its own; the
/// endgame's weights have none (their node counts are the README's).
#[test]
fn the_parity_weight_counts_at_odd_empties() {
    let mut weights = Weights::zeros();
    for phase in 0..PHASES {
        weights.phase_mut(phase)[PARITY] = 100 * (phase as i16 + 1);
    }
    let mut seen = [false; 2];
    for (p, o) in positions(9, 300, 1..=60) {
        let empties = (!(p | o)).count_ones();
        let expected = if empties % 2 == 1 {
            100 * (pattern::phase_of(empties) as i32 + 1)
        } else {
            0
        };
        assert_eq!(weights.evaluate(p, o), expected, "{empties} empties");
        seen[(empties % 2) as usize] = true;
    }
    assert_eq!(seen, [true, true]);
    let endgame = pattern::endgame_weights().expect("endgame weights");
    assert!((0..PHASES).all(|phase| endgame.phase(phase)[PARITY] == 0));
}

#[test]
fn finished_positions_score_their_margin() {
    // Black 40, white 20, 4 empty, nobody can move: +24 for black.
    let p: u64 = (1 << 40) - 1;
    let o: u64 = ((1u64 << 20) - 1) << 44;
    assert_eq!(moves::<Size8>(p, o) | moves::<Size8>(o, p), 0);
    assert_eq!(pattern::evaluate(p, o), 2400);
    assert_eq!(pattern::evaluate(o, p), -2400);
}

/// Each shipped weights file is the one its `.fnv1a` companion names (the
/// checksum the README and the training pipeline quote), and the endgame
/// keeps weights of its own.
#[test]
fn the_shipped_files_match_their_published_checksums() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    for (name, bytes) in [
        ("othello-eval.bin", EMBEDDED_FILE),
        ("othello-endgame-eval.bin", ENDGAME_FILE),
    ] {
        let published =
            std::fs::read_to_string(data.join(format!("{name}.fnv1a"))).expect("the checksum file");
        let expected = format!("{:016x}  {name}", ply_engine::fnv1a(bytes));
        assert_eq!(published.trim(), expected, "{name}");
        Weights::from_bytes(bytes).expect("the shipped file loads");
    }
    assert_ne!(EMBEDDED_FILE, ENDGAME_FILE);
}

#[test]
fn the_file_round_trips_and_its_damage_is_named() {
    let shipped = Weights::from_bytes(EMBEDDED_FILE).expect("the shipped file loads");
    assert_eq!(
        Weights::from_bytes(&shipped.to_bytes()).expect("round trip"),
        shipped
    );
    let mut rng = SmallRng::seed_from_u64(5);
    let mut random = Weights::zeros();
    for phase in 0..PHASES {
        for w in random.phase_mut(phase).iter_mut() {
            if rng.gen_bool(0.2) {
                *w = rng.gen_range(-32767..=32767);
            }
        }
    }
    let bytes = random.to_bytes();
    assert_eq!(Weights::from_bytes(&bytes).expect("round trip"), random);

    // One flipped bit anywhere in the payload: checksum.
    let mut corrupt = bytes.clone();
    let at = 32 + rng.gen_range(0..bytes.len() - 32);
    corrupt[at] ^= 0x10;
    assert!(matches!(
        Weights::from_bytes(&corrupt),
        Err(WeightsError::Checksum { .. })
    ));
    // Truncated inside the payload, and inside the header.
    assert!(matches!(
        Weights::from_bytes(&bytes[..bytes.len() - 7]),
        Err(WeightsError::Truncated { .. })
    ));
    assert!(matches!(
        Weights::from_bytes(&bytes[..20]),
        Err(WeightsError::Truncated {
            needed: 32,
            got: 20
        })
    ));
    assert!(matches!(
        Weights::from_bytes(&[]),
        Err(WeightsError::Truncated { .. })
    ));
    let mut magic = bytes.clone();
    magic[0] = b'X';
    assert!(matches!(
        Weights::from_bytes(&magic),
        Err(WeightsError::BadMagic)
    ));
    let mut version = bytes.clone();
    version[8] = 9;
    assert!(matches!(
        Weights::from_bytes(&version),
        Err(WeightsError::Version(9))
    ));
    let mut shape = bytes.clone();
    shape[12] = 3;
    assert!(matches!(
        Weights::from_bytes(&shape),
        Err(WeightsError::Shape { phases: 3, .. })
    ));
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(
        Weights::from_bytes(&longer),
        Err(WeightsError::Encoding(_))
    ));
    // A missing file names itself.
    let missing = std::path::Path::new("/nonexistent/othello-eval.bin");
    let error = Weights::load(missing).expect_err("missing");
    assert!(matches!(error, WeightsError::Io { .. }));
    assert!(
        error.to_string().contains("/nonexistent/othello-eval.bin"),
        "{error}"
    );
    // The scalar weights are in range of their meaning.
    for phase in 0..PHASES {
        let w = shipped.phase(phase);
        assert!(w[MOBILITY_MINE].abs() < 1000 && w[MOBILITY_THEIRS].abs() < 1000);
    }
}

/// Mean absolute error, in discs, against exact scores of positions with
/// `empties` empty squares (a seed the trainer never used).
fn mean_errors(empties: u32, count: usize) -> (f64, f64) {
    let mut solver = ExactSolver::new(16);
    let mut trained = 0.0;
    let mut hand = 0.0;
    let list = positions(1000 + u64::from(empties), count, empties..=empties);
    for &(p, o) in &list {
        let exact = f64::from(solver.solve(p, o).score);
        trained += (f64::from(pattern::evaluate(p, o)) / 100.0 - exact).abs();
        hand += (f64::from(hand_weighted(p, o)) / 100.0 - exact).abs();
    }
    (trained / list.len() as f64, hand / list.len() as f64)
}

#[test]
fn the_trained_evaluation_predicts_exact_scores_better_than_the_hand_weighted_one() {
    for (empties, count) in [(6, 200), (10, 200), (14, 100)] {
        let (trained, hand) = mean_errors(empties, count);
        eprintln!("{empties} empties: trained {trained:.2} discs, hand-weighted {hand:.2}");
        assert!(
            trained < hand,
            "{empties} empties: trained {trained:.2} >= hand {hand:.2}"
        );
    }
}

/// The MAE table of the README (`cargo test --release -p ply-othello
/// --test suite -- --ignored --nocapture pattern::`).
#[test]
#[ignore]
fn mean_absolute_errors_table() {
    println!("| empties | positions | trained MAE | hand-weighted MAE |");
    println!("|---|---|---|---|");
    for (empties, count) in [(4, 500), (8, 500), (12, 500), (16, 300), (20, 60)] {
        let (trained, hand) = mean_errors(empties, count);
        println!("| {empties} | {count} | {trained:.2} | {hand:.2} |");
    }
}
