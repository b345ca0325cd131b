//! Proofs of (m,n,k) values on mid-size boards: does one side (the
//! attacker) force a line, or can the other (the defender) stop every one?
//!
//! A depth-first AND/OR proof search with a table, built on these facts:
//!
//! - **Monotonicity.** An extra stone never hurts its owner. So if the
//!   defender holds a position, it also holds every position with fewer
//!   attacker stones (and the same side to move).
//! - **Relevance zones.** Each proof that the defender holds comes with a
//!   zone: a set of empty squares such that the proof stands whatever
//!   attacker stones are added on the empty squares outside it. After an
//!   attacker move `a` is refuted by the reply `b` with zone `Z`, every
//!   other attacker move `a'` outside `Z` is refuted by the same `b`:
//!   the position after `a'`, `b` has the stones of the one after `a`, `b`
//!   plus `a'`, less `a`, and both changes only help the defender. So only
//!   the moves inside the zones of all refutations so far are searched,
//!   and the position's zone is the union of its children's.
//! - **Leaves.** A pairing strategy over the attacker's open lines (zone:
//!   the paired squares); a full board; a defender's completed line (zone:
//!   a square of each open attacker line, so added stones complete none).
//! - **Forced moves.** A line one stone short must be completed or blocked
//!   at once; two such threats of the side not to move decide the game.
//!
//! The attacker's wins need no zones: a win is one line of play per
//! defender move, found by trying the moves that make fours first (and,
//! when asked, by a search of continuous fours at every attacker node).

pub mod pairs;

use std::collections::HashMap;
use std::fmt;
use std::time::{Duration, Instant};

use ply_engine::{Game, Side};

use crate::board::{Mnk, Status};

/// Table entries kept before the table is emptied and refilled (about
/// 32 bytes each).
const DEFAULT_TABLE_ENTRIES: usize = 4 << 20;
/// The longest run of fours the attacker's threat search follows.
const VCF_DEPTH: u32 = 12;

/// What a search proved about the attacker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proved {
    /// The attacker completes a line whatever the defender does.
    Wins,
    /// The defender stops every line; the zone outside which added
    /// attacker stones change nothing.
    Holds(u64),
}

/// The exact value of a position, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProvedValue {
    Win,
    Draw,
    Loss,
}

impl fmt::Display for ProvedValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ProvedValue::Win => "win",
            ProvedValue::Draw => "draw",
            ProvedValue::Loss => "loss",
        })
    }
}

/// A finished proof: the value, and what it cost.
#[derive(Clone, Copy, Debug)]
pub struct Proof {
    pub value: ProvedValue,
    /// Positions searched (the proof's size, table hits included).
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Why a proof was not finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The node budget ran out.
    Nodes(u64),
    /// The time budget ran out.
    Time(Duration),
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stopped::Nodes(n) => write!(f, "no proof within {n} nodes"),
            Stopped::Time(t) => write!(f, "no proof within {:.1} s", t.as_secs_f64()),
        }
    }
}

/// Limits for one proof.
#[derive(Clone, Copy, Debug, Default)]
pub struct Budget {
    pub nodes: Option<u64>,
    pub time: Option<Duration>,
}

/// The value of `game` for the side to move, proved: first whether the
/// side to move forces a line, then (unless the board is empty, where the
/// second player cannot win by strategy stealing) whether the other does.
pub fn prove(game: &Mnk, budget: Budget) -> Result<Proof, Stopped> {
    let started = Instant::now();
    let deadline = budget.time.map(|t| started + t);
    let mover = game.to_move();
    let value = match game.status() {
        Status::Won(side) if side == mover => ProvedValue::Win,
        Status::Won(_) => ProvedValue::Loss,
        Status::Drawn => ProvedValue::Draw,
        Status::Playing => {
            let mut nodes = 0;
            let mut value = ProvedValue::Draw;
            let mut attackers = vec![mover];
            if game.stones(Side::First) | game.stones(Side::Second) != 0 {
                attackers.push(mover.opponent());
            }
            for attacker in attackers {
                let mut prover = Prover::new(attacker);
                prover.deadline = deadline;
                prover.node_limit = budget.nodes.map(|n| n.saturating_sub(nodes));
                let proved = prover.attacker_wins(game);
                nodes += prover.nodes;
                match proved {
                    None => {
                        return Err(match (prover.out_of_time, budget.time) {
                            (true, Some(t)) => Stopped::Time(t),
                            _ => Stopped::Nodes(budget.nodes.unwrap_or(nodes)),
                        })
                    }
                    Some(true) => {
                        value = if attacker == mover {
                            ProvedValue::Win
                        } else {
                            ProvedValue::Loss
                        };
                        break;
                    }
                    Some(false) => {}
                }
            }
            return Ok(Proof {
                value,
                nodes,
                elapsed: started.elapsed(),
            });
        }
    };
    Ok(Proof {
        value,
        nodes: 0,
        elapsed: started.elapsed(),
    })
}

/// One proof search for a fixed attacker.
pub struct Prover {
    attacker: Side,
    table: HashMap<u128, Proved>,
    max_entries: usize,
    /// Positions searched so far.
    pub nodes: u64,
    node_limit: Option<u64>,
    deadline: Option<Instant>,
    out_of_time: bool,
    stopped: bool,
    /// Whether attacker nodes first try a win by continuous fours (a
    /// threat-space search narrowed to fours). Off by default: measured,
    /// it costs more than it saves ((7,7,5): 55 s with it, 48 s without;
    /// (6,6,4): 0.056 s against 0.014 s).
    pub use_vcf: bool,
}

/// The open lines of a position as the prover reads them.
struct Lines {
    /// Empty squares of each line the attacker could still complete.
    attacker_open: Vec<u64>,
    /// Squares where the attacker completes a line at once.
    attacker_wins: u64,
    /// Squares where the defender completes a line at once.
    defender_wins: u64,
    /// Empty squares on some line either side could still complete.
    live: u64,
}

impl Prover {
    pub fn new(attacker: Side) -> Prover {
        Prover {
            attacker,
            table: HashMap::new(),
            max_entries: DEFAULT_TABLE_ENTRIES,
            nodes: 0,
            node_limit: None,
            deadline: None,
            out_of_time: false,
            stopped: false,
            use_vcf: false,
        }
    }

    /// Whether the attacker forces a line from `game`; `None` when a
    /// budget stopped the search.
    pub fn attacker_wins(&mut self, game: &Mnk) -> Option<bool> {
        let mut game = game.clone();
        self.search(&mut game).map(|p| p == Proved::Wins)
    }

    /// The defender's relevance zone: `Some(Some(zone))` when the defender
    /// holds `game` and still holds it (same side to move) with attacker
    /// stones added on any empty squares outside `zone` (and any defender
    /// stones); `Some(None)` when the attacker wins; `None` when stopped.
    pub fn defender_zone(&mut self, game: &Mnk) -> Option<Option<u64>> {
        let mut game = game.clone();
        self.search(&mut game).map(|p| match p {
            Proved::Wins => None,
            Proved::Holds(zone) => Some(zone),
        })
    }

    fn lines(&self, game: &Mnk) -> Lines {
        let attacker = game.stones(self.attacker);
        let defender = game.stones(self.attacker.opponent());
        let empty = game.empty_squares();
        let mut lines = Lines {
            attacker_open: Vec::with_capacity(game.geo.lines.len()),
            attacker_wins: 0,
            defender_wins: 0,
            live: 0,
        };
        for &line in &game.geo.lines {
            let open = line & empty;
            if line & defender == 0 {
                lines.attacker_open.push(open);
                lines.live |= open;
                if open.count_ones() == 1 {
                    lines.attacker_wins |= open;
                }
            } else if line & attacker == 0 {
                lines.live |= open;
                if open.count_ones() == 1 {
                    lines.defender_wins |= open;
                }
            }
        }
        lines
    }

    /// A zone holding at least `need` empty squares of each open attacker
    /// line (all of them when it has fewer), `base` included: added
    /// attacker stones outside it, plus `need - 1` more anywhere, complete
    /// no line.
    fn hitting(open: &[u64], need: u32, base: u64) -> u64 {
        let mut zone = base;
        for &line in open {
            let mut missing = need.saturating_sub((line & zone).count_ones());
            let mut rest = line & !zone;
            while missing > 0 && rest != 0 {
                let sq = rest & rest.wrapping_neg();
                rest &= rest - 1;
                zone |= sq;
                missing -= 1;
            }
        }
        zone
    }

    fn search(&mut self, game: &mut Mnk) -> Option<Proved> {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            if let Some(deadline) = self.deadline {
                if Instant::now() >= deadline {
                    self.out_of_time = true;
                    self.stopped = true;
                }
            }
        }
        if self.node_limit.is_some_and(|limit| self.nodes > limit) {
            self.stopped = true;
        }
        if self.stopped {
            return None;
        }
        match game.status() {
            Status::Won(side) if side == self.attacker => return Some(Proved::Wins),
            Status::Won(_) => {
                let lines = self.lines(game);
                return Some(Proved::Holds(Self::hitting(&lines.attacker_open, 1, 0)));
            }
            Status::Drawn => return Some(Proved::Holds(0)),
            Status::Playing => {}
        }
        let (image, key) = game.canonical_image();
        if let Some(&stored) = self.table.get(&key) {
            return Some(match stored {
                Proved::Wins => Proved::Wins,
                Proved::Holds(zone) => Proved::Holds(from_image(game, image, zone)),
            });
        }
        let proved = if game.to_move() == self.attacker {
            self.attacker_node(game)?
        } else {
            self.defender_node(game)?
        };
        if self.table.len() >= self.max_entries {
            self.table.clear();
        }
        let stored = match proved {
            Proved::Wins => Proved::Wins,
            Proved::Holds(zone) => Proved::Holds(to_image(game, image, zone)),
        };
        self.table.insert(key, stored);
        Some(proved)
    }

    fn attacker_node(&mut self, game: &mut Mnk) -> Option<Proved> {
        let lines = self.lines(game);
        if lines.attacker_wins != 0 {
            return Some(Proved::Wins);
        }
        let threats = lines.defender_wins;
        if threats.count_ones() >= 2 {
            // Whatever the attacker plays, the defender completes a line;
            // two open squares of each attacker line in the zone keep the
            // attacker's move plus added stones from completing one first.
            return Some(Proved::Holds(Self::hitting(
                &lines.attacker_open,
                2,
                threats,
            )));
        }
        if threats != 0 {
            // Block or lose: any other move lets the defender complete.
            let t = threats.trailing_zeros() as u8;
            let undo = game.play(t);
            let child = self.search(game);
            game.undo(t, undo);
            return Some(match child? {
                Proved::Wins => Proved::Wins,
                Proved::Holds(zone) => {
                    let others: Vec<u64> = lines
                        .attacker_open
                        .iter()
                        .copied()
                        .filter(|l| l & threats == 0)
                        .collect();
                    Proved::Holds(Self::hitting(&others, 2, zone | threats))
                }
            });
        }
        if let Some(cells) = pairs::pairing(&lines.attacker_open) {
            return Some(Proved::Holds(cells));
        }
        if self.use_vcf && self.fours(game, VCF_DEPTH) {
            return Some(Proved::Wins);
        }
        let mut moves = Vec::with_capacity(64);
        game.generate_moves(&mut moves);
        crate::threats::order_moves(game, &mut moves);
        Self::fours_first(&lines, game.k() as u32, &mut moves);
        let mut allowed = u64::MAX;
        let mut zone = 0u64;
        for mv in moves {
            if allowed >> mv & 1 == 0 {
                continue;
            }
            let undo = game.play(mv);
            let child = self.search(game);
            game.undo(mv, undo);
            match child? {
                Proved::Wins => return Some(Proved::Wins),
                Proved::Holds(z) => {
                    // Moves outside `z` are refuted as this one was.
                    allowed &= z;
                    zone |= z;
                }
            }
        }
        Some(Proved::Holds(zone))
    }

    /// Threat-space search for the attacker, narrowed to fours: a win by
    /// moves that each leave a line one stone short (the defender's reply
    /// forced), at most `depth` of them, ending in two threats at once.
    /// The attacker is to move and no one can complete a line at once.
    fn fours(&mut self, game: &mut Mnk, depth: u32) -> bool {
        if depth == 0 {
            return false;
        }
        let lines = self.lines(game);
        let mut candidates = 0u64;
        for &open in &lines.attacker_open {
            if open.count_ones() == 2 {
                candidates |= open;
            }
        }
        while candidates != 0 {
            let sq = candidates.trailing_zeros() as u8;
            candidates &= candidates - 1;
            self.nodes += 1;
            let undo = game.play(sq);
            let after = self.lines(game);
            let won = if after.defender_wins != 0 {
                false
            } else if after.attacker_wins.count_ones() >= 2 {
                true
            } else {
                let t = after.attacker_wins.trailing_zeros() as u8;
                let block = game.play(t);
                let next = self.lines(game);
                let won = if next.attacker_wins != 0 {
                    true
                } else if next.defender_wins != 0 {
                    false
                } else {
                    self.fours(game, depth - 1)
                };
                game.undo(t, block);
                won
            };
            game.undo(sq, undo);
            if won {
                return true;
            }
        }
        false
    }

    /// Moves that make a four (a line one short) go first, those making
    /// two at once before them: the attacker's threat sequences are tried
    /// before quiet moves.
    fn fours_first(lines: &Lines, k: u32, moves: &mut [u8]) {
        let mut count = [0u8; 64];
        let mut any = false;
        for &open in &lines.attacker_open {
            if open.count_ones() == 2 && k >= 2 {
                let mut rest = open;
                while rest != 0 {
                    let sq = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    count[sq] = count[sq].saturating_add(1);
                    any = true;
                }
            }
        }
        if any {
            moves.sort_by_key(|&m| std::cmp::Reverse(count[m as usize].min(2)));
        }
    }

    fn defender_node(&mut self, game: &mut Mnk) -> Option<Proved> {
        let lines = self.lines(game);
        if lines.defender_wins != 0 {
            let w = lines.defender_wins & lines.defender_wins.wrapping_neg();
            return Some(Proved::Holds(Self::hitting(&lines.attacker_open, 1, w)));
        }
        let threats = lines.attacker_wins;
        if threats.count_ones() >= 2 {
            return Some(Proved::Wins);
        }
        if threats != 0 {
            let t = threats.trailing_zeros() as u8;
            let undo = game.play(t);
            let child = self.search(game);
            game.undo(t, undo);
            return Some(match child? {
                Proved::Wins => Proved::Wins,
                Proved::Holds(zone) => Proved::Holds(zone | threats),
            });
        }
        if let Some(cells) = pairs::pairing(&lines.attacker_open) {
            return Some(Proved::Holds(cells));
        }
        // A stone on no open line is a pass, and a pass is never better
        // than a stone on some square: those squares are left out.
        let mut moves: Vec<u8> = Vec::with_capacity(64);
        let mut rest = lines.live;
        while rest != 0 {
            moves.push(rest.trailing_zeros() as u8);
            rest &= rest - 1;
        }
        crate::threats::order_moves(game, &mut moves);
        for mv in moves {
            let undo = game.play(mv);
            let child = self.search(game);
            game.undo(mv, undo);
            if let Proved::Holds(z) = child? {
                return Some(Proved::Holds(z | 1u64 << mv));
            }
        }
        Some(Proved::Wins)
    }
}

/// `zone` (squares of `game`) carried into symmetric image `image`.
fn to_image(game: &Mnk, image: usize, zone: u64) -> u64 {
    if image == 0 {
        return zone;
    }
    let map = &game.geo.symmetries[image];
    let mut out = 0u64;
    let mut rest = zone;
    while rest != 0 {
        let sq = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        out |= 1u64 << map[sq];
    }
    out
}

/// `zone` (squares of symmetric image `image`) carried back onto `game`.
fn from_image(game: &Mnk, image: usize, zone: u64) -> u64 {
    if image == 0 {
        return zone;
    }
    let map = &game.geo.symmetries[image];
    let mut out = 0u64;
    for (sq, &image_sq) in map.iter().enumerate().take(game.geo.cells as usize) {
        if zone >> image_sq & 1 == 1 {
            out |= 1u64 << sq;
        }
    }
    out
}

/// `ply solve mnk --prove`: the proved value of `game` for the side to
/// move, with the proof's size and time, as printed lines.
pub fn solve_report(game: &Mnk, budget: Budget) -> Result<String, ply_engine::GameError> {
    let proof = prove(game, budget).map_err(|stopped| ply_engine::GameError::NeedsOption {
        option: "proof-time".into(),
        why: format!("{stopped}; a longer limit allows more"),
    })?;
    let mover = game.to_move();
    let value = match proof.value {
        ProvedValue::Win => format!("{} wins", mover.letter()),
        ProvedValue::Loss => format!("{} wins", mover.opponent().letter()),
        ProvedValue::Draw => "draw".to_string(),
    };
    Ok(format!(
        "({},{},{}) {}: {value} with best play, proved ({} to move)\n\
         Proof: {} nodes in {:.3} s (proof search with relevance zones)\n",
        game.rows(),
        game.cols(),
        game.k(),
        if game.empty_squares() == game.geo.full {
            "from the start".to_string()
        } else {
            format!("position {}", ply_engine::Notation::format_position(game))
        },
        mover.letter(),
        ply_engine::digits::with_commas(proof.nodes as u128),
        proof.elapsed.as_secs_f64(),
    ))
}
