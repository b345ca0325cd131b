#![allow(dead_code)] // each example uses part of it
//! What the evaluation examples share: the start position, a plain
//! fixed-depth alpha-beta with the evaluation as a parameter, and a tiny
//! argument reader.

use ply_othello::{final_margin, flips, moves, Size8};

/// Above every score.
pub const INF: i32 = 1 << 20;

/// The 8x8 start, black (to move) against white.
pub fn start() -> (u64, u64) {
    // White on d4 (bit 27) and e5 (36), black on e4 (28) and d5 (35).
    ((1 << 28) | (1 << 35), (1 << 27) | (1 << 36))
}

/// The position after `p` plays `x`, from the new mover's side.
pub fn play(p: u64, o: u64, x: u32) -> (u64, u64) {
    let f = flips::<Size8>(x, p, o);
    (o ^ f, p ^ f ^ (1 << x))
}

/// Negamax alpha-beta to `depth` plies (a pass costs no ply), leaves
/// scored by `eval` (hundredths of a disc), finished games by their final
/// margin x 100.
pub fn negamax<F: Fn(u64, u64) -> i32>(
    eval: &F,
    p: u64,
    o: u64,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    let mut legal = moves::<Size8>(p, o);
    if legal == 0 {
        if moves::<Size8>(o, p) == 0 {
            return 100 * final_margin::<Size8>(p, o);
        }
        return -negamax(eval, o, p, depth, -beta, -alpha, nodes);
    }
    if depth == 0 {
        return eval(p, o);
    }
    let mut best = -INF;
    while legal != 0 {
        let x = legal.trailing_zeros();
        legal &= legal - 1;
        let (np, no) = play(p, o, x);
        let score = -negamax(eval, np, no, depth - 1, -beta, -alpha, nodes);
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// The best move at `depth` plies and its score (`None`: must pass or over).
pub fn best_move<F: Fn(u64, u64) -> i32>(
    eval: &F,
    p: u64,
    o: u64,
    depth: u32,
    nodes: &mut u64,
) -> Option<(u32, i32)> {
    let mut legal = moves::<Size8>(p, o);
    let mut best = None;
    let mut alpha = -INF;
    while legal != 0 {
        let x = legal.trailing_zeros();
        legal &= legal - 1;
        let (np, no) = play(p, o, x);
        let score = -negamax(eval, np, no, depth.saturating_sub(1), -INF, -alpha, nodes);
        if score > alpha {
            alpha = score;
            best = Some((x, score));
        }
    }
    best
}

/// The value after `--name` on the command line, parsed, or `default`;
/// an unreadable value ends the program with a usage message.
pub fn arg<T: std::str::FromStr>(name: &str, default: T) -> T {
    let args: Vec<String> = std::env::args().collect();
    match args.iter().position(|a| a == name) {
        None => default,
        Some(i) => match args.get(i + 1).and_then(|v| v.parse().ok()) {
            Some(v) => v,
            None => {
                eprintln!("error: {name} needs a value of the right kind");
                std::process::exit(2);
            }
        },
    }
}

/// The `i`th command-line argument (1: the first after the program) as a
/// number, or `default` when it is missing or not a number.
pub fn positional(i: usize, default: u64) -> u64 {
    std::env::args()
        .nth(i)
        .and_then(|a| a.parse().ok())
        .unwrap_or(default)
}
