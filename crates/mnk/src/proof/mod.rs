//! Proofs of (m,n,k) values on mid-size boards: does one side (the
//! attacker) force a line, or can the other (the defender) stop every one?
//!
//! Two searches over the same AND/OR tree (the attacker's nodes are OR
//! nodes, the defender's AND nodes), both with a table keyed by the
//! canonical position:
//!
//! - [`ProofMethod::DfPn`] (the default): depth-first proof-number search
//!   (Nagai's df-pn): each node's proof and disproof numbers (how many
//!   leaves must still be proved to show the attacker wins, or the
//!   defender holds) live in the table, and the search follows the most
//!   proving child within thresholds, with the 1+epsilon trick of Pawlewicz
//!   and Lew (a child keeps the search until its number passes the second
//!   best by a quarter) against thrashing.
//! - [`ProofMethod::Dfs`]: the plain depth-first search it replaced, kept for
//!   comparison (`ply solve mnk --prove --proof-method dfs`).
//!
//! Both are built on these facts:
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
//!   and the position's zone is the union of its children's. In df-pn the
//!   attacker node drops its children outside each new refutation's zone
//!   and keeps the set still to refute in the table.
//! - **Leaves.** A pairing strategy over the attacker's open lines (zone:
//!   the paired squares, from [`crate::pairing::pairs`]); a full board; a
//!   defender's completed line (zone: a square of each open attacker line,
//!   so added stones complete none).
//! - **Forced moves.** A line one stone short must be completed or blocked
//!   at once; two such threats of the side not to move decide the game.
//! - **Threat-space search for the attacker.** Moves making a four (a line
//!   one stone short, so the defender's reply is forced) are tried first,
//!   and when [`Prover::use_vcf`] is on, each new attacker node first looks
//!   for a win by continuous fours (each four answered by its only block,
//!   ending in two threats at once): a win found there is a real win.
//!
//! The attacker's wins need no zones: a win is one line of play per
//! defender move.

mod dfpn;
mod dfs;

use std::fmt;
use std::time::{Duration, Instant};

use ply_engine::{Game, Side};

use crate::board::{Mnk, Status};
use crate::geometry::MAX_BOARD_LINES;

/// Table entries kept before the table is thinned (df-pn: about 60 bytes
/// each with the map's overhead) or emptied (the plain search).
const DEFAULT_TABLE_ENTRIES: usize = 4 << 20;
/// df-pn leaves positions with at most this many empty squares to the
/// plain depth-first search, whose nodes cost less. Measured on (8,4,4):
/// 31 s of processor time with none, 21 s below 14, 23 s below 18; (7,7,5)
/// never gets that deep.
const DFS_BELOW: u32 = 14;
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
    /// The side to move forces a line.
    Win,
    /// Neither side can force a line.
    Draw,
    /// The other side forces a line.
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

/// The proof search to run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ProofMethod {
    /// Depth-first proof-number search with thresholds (the default).
    #[default]
    DfPn,
    /// The plain depth-first AND/OR search.
    Dfs,
}

impl ProofMethod {
    /// The method a name (`dfpn` or `dfs`) names.
    pub fn parse(text: &str) -> Option<ProofMethod> {
        match text.trim().to_ascii_lowercase().as_str() {
            "dfpn" | "df-pn" => Some(ProofMethod::DfPn),
            "dfs" => Some(ProofMethod::Dfs),
            _ => None,
        }
    }
}

impl fmt::Display for ProofMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ProofMethod::DfPn => "depth-first proof-number search",
            ProofMethod::Dfs => "depth-first search",
        })
    }
}

/// A finished proof: the value, and what it cost.
#[derive(Clone, Copy, Debug)]
pub struct Proof {
    /// The proved value, for the side to move.
    pub value: ProvedValue,
    /// Positions searched (the proof's size, table hits included).
    pub nodes: u64,
    /// The wall-clock time the proof took.
    pub elapsed: Duration,
}

/// Why a proof was not finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProverStopped {
    /// The node budget ran out.
    Nodes(u64),
    /// The time budget ran out.
    Time(Duration),
    /// The user interrupted it ([`ply_engine::interrupt`]).
    Interrupted,
}

impl fmt::Display for ProverStopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProverStopped::Nodes(n) => write!(f, "no proof within {n} nodes"),
            ProverStopped::Time(t) => write!(f, "no proof within {:.1} s", t.as_secs_f64()),
            ProverStopped::Interrupted => write!(f, "no proof: interrupted"),
        }
    }
}

/// Limits for one proof.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProverBudget {
    /// At most this many positions searched (`None`: no limit).
    pub nodes: Option<u64>,
    /// At most this long (`None`: no limit).
    pub time: Option<Duration>,
}

/// The value of `game` for the side to move, proved by df-pn: first
/// whether the side to move forces a line, then (unless the board is
/// empty, where the second player cannot win by strategy stealing)
/// whether the other does.
pub fn prove(game: &Mnk, budget: ProverBudget) -> Result<Proof, ProverStopped> {
    prove_with(game, budget, ProofMethod::default(), false)
}

/// [`prove`] by the given method, with or without the attacker's search of
/// continuous fours at each new attacker node.
pub fn prove_with(
    game: &Mnk,
    budget: ProverBudget,
    method: ProofMethod,
    use_vcf: bool,
) -> Result<Proof, ProverStopped> {
    let attempt = attempt(game, budget, method, use_vcf);
    match (attempt.value, attempt.stopped) {
        (Some(value), _) => Ok(Proof {
            value,
            nodes: attempt.nodes,
            elapsed: attempt.elapsed,
        }),
        (None, stopped) => Err(stopped.unwrap_or(ProverStopped::Nodes(attempt.nodes))),
    }
}

/// A proof attempt within a budget: the value when proved, and else what
/// was proved before the budget ran out.
#[derive(Clone, Debug)]
pub struct Attempt {
    /// The value for the side to move, when proved.
    pub value: Option<ProvedValue>,
    /// Sides proved unable to force a line (the other holds them).
    pub held: Vec<Side>,
    /// Positions searched.
    pub nodes: u64,
    pub elapsed: Duration,
    /// Why the attempt stopped before a value, if it did.
    pub stopped: Option<ProverStopped>,
}

/// Tries to prove the value of `game` for the side to move within
/// `budget`: first whether the side to move forces a line, then (unless
/// the board is empty, where the second player cannot win by strategy
/// stealing) whether the other does.
pub fn attempt(game: &Mnk, budget: ProverBudget, method: ProofMethod, use_vcf: bool) -> Attempt {
    let started = Instant::now();
    let deadline = budget.time.map(|t| started + t);
    let mover = game.to_move();
    let mut attempt = Attempt {
        value: None,
        held: Vec::new(),
        nodes: 0,
        elapsed: Duration::ZERO,
        stopped: None,
    };
    attempt.value = match game.status() {
        Status::Won(side) if side == mover => Some(ProvedValue::Win),
        Status::Won(_) => Some(ProvedValue::Loss),
        Status::Drawn => Some(ProvedValue::Draw),
        Status::Playing => {
            let mut attackers = vec![mover];
            if game.stones(Side::First) | game.stones(Side::Second) != 0 {
                attackers.push(mover.opponent());
            }
            let mut value = Some(ProvedValue::Draw);
            for attacker in attackers {
                let mut prover = Prover::new(attacker);
                prover.method = method;
                prover.use_vcf = use_vcf;
                prover.deadline = deadline;
                prover.node_limit = budget.nodes.map(|n| n.saturating_sub(attempt.nodes));
                let proved = prover.attacker_wins(game);
                attempt.nodes += prover.nodes;
                match proved {
                    None => {
                        attempt.stopped = Some(match (prover.out_of_time, budget.time) {
                            _ if prover.interrupted => ProverStopped::Interrupted,
                            (true, Some(t)) => ProverStopped::Time(t),
                            _ => ProverStopped::Nodes(budget.nodes.unwrap_or(attempt.nodes)),
                        });
                        value = None;
                        break;
                    }
                    Some(true) => {
                        value = Some(if attacker == mover {
                            ProvedValue::Win
                        } else {
                            ProvedValue::Loss
                        });
                        break;
                    }
                    Some(false) => attempt.held.push(attacker),
                }
            }
            value
        }
    };
    attempt.elapsed = started.elapsed();
    attempt
}

/// One proof search for a fixed attacker.
pub struct Prover {
    attacker: Side,
    /// The search to run ([`ProofMethod::DfPn`] unless changed).
    pub method: ProofMethod,
    dfs_table: Table<Proved>,
    dfpn_table: Table<dfpn::Entry>,
    max_entries: usize,
    /// Positions searched so far.
    pub nodes: u64,
    node_limit: Option<u64>,
    deadline: Option<Instant>,
    out_of_time: bool,
    /// The user's interrupt stopped the search.
    interrupted: bool,
    stopped: bool,
    /// df-pn hands nodes with at most this many empty squares to the
    /// plain depth-first search: near the leaves its cheaper nodes win
    /// (14 unless changed; 0: df-pn all the way).
    pub dfs_below: u32,
    /// Whether each new attacker node first tries a win by continuous
    /// fours (a threat-space search narrowed to fours). Off by default:
    /// measured, it costs more than it saves (see the crate's README).
    pub use_vcf: bool,
    /// One set of buffers per ply (stones on the board), reused by every
    /// node at that ply, so that the searches allocate nothing per node.
    frames: Vec<Frame>,
}

/// A node's lists: its moves in order and, for df-pn, its children's
/// table keys, entries and numbers.
#[derive(Default)]
struct Frame {
    moves: Vec<u8>,
    keys: Vec<(usize, u128)>,
    found: Vec<Option<dfpn::Entry>>,
    children: Vec<dfpn::Child>,
}

/// Moves a node can have: one a square.
const MAX_MOVES: usize = 64;

impl Frame {
    /// Room for every move from the start, so no node ever grows a list.
    fn new() -> Frame {
        Frame {
            moves: Vec::with_capacity(MAX_MOVES),
            keys: Vec::with_capacity(MAX_MOVES),
            found: Vec::with_capacity(MAX_MOVES),
            children: Vec::with_capacity(MAX_MOVES),
        }
    }
}

/// The prover's tables: keyed by the canonical position, hashed by
/// [`KeyHasher`].
type Table<V> = std::collections::HashMap<u128, V, std::hash::BuildHasherDefault<KeyHasher>>;

/// A fast hash of the 128-bit position keys (their two halves mixed by
/// the splitmix64 finaliser): the table's keys are not chosen by anyone
/// hostile, and the default hasher cost a tenth of the search.
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }

    fn write_u128(&mut self, key: u128) {
        let mut x = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        self.0 = x ^ (x >> 31);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// What the side to move and its opponent threaten, without the open
/// lines themselves: enough to start a node's numbers.
struct Threats {
    /// Squares where the attacker completes a line at once.
    attacker_wins: u64,
    /// Squares where the defender completes a line at once.
    defender_wins: u64,
    /// Empty squares on some line either side could still complete.
    live: u64,
}

/// The empty squares of each line the attacker could still complete, in
/// an array on the stack: the prover reads them at nearly every node.
struct OpenLines {
    lines: [u64; MAX_BOARD_LINES],
    count: usize,
}

impl OpenLines {
    fn new() -> OpenLines {
        OpenLines {
            lines: [0; MAX_BOARD_LINES],
            count: 0,
        }
    }

    fn push(&mut self, open: u64) {
        self.lines[self.count] = open;
        self.count += 1;
    }
}

impl std::ops::Deref for OpenLines {
    type Target = [u64];

    fn deref(&self) -> &[u64] {
        &self.lines[..self.count]
    }
}

/// The open lines of a position as the prover reads them.
struct Lines {
    /// Empty squares of each line the attacker could still complete.
    attacker_open: OpenLines,
    /// Squares where the attacker completes a line at once.
    attacker_wins: u64,
    /// Squares where the defender completes a line at once.
    defender_wins: u64,
    /// Empty squares on some line either side could still complete.
    live: u64,
}

/// A node as the leaf rules see it.
enum Node {
    /// The attacker wins here.
    Wins,
    /// The defender holds, with this zone.
    Holds(u64),
    /// One move only (a forced block): its refutation's zone widens by
    /// [`Prover::forced_zone`].
    Forced(u8),
    /// These squares are the moves to search.
    Moves(u64),
}

impl Prover {
    /// A prover of whether `attacker` forces a line, by the default method,
    /// with the default table size.
    pub fn new(attacker: Side) -> Prover {
        Prover {
            attacker,
            method: ProofMethod::default(),
            dfs_table: Default::default(),
            dfpn_table: Default::default(),
            max_entries: DEFAULT_TABLE_ENTRIES,
            nodes: 0,
            node_limit: None,
            deadline: None,
            out_of_time: false,
            interrupted: false,
            stopped: false,
            dfs_below: DFS_BELOW,
            use_vcf: false,
            frames: Vec::new(),
        }
    }

    /// The buffers of the node `game`, to hand back with
    /// [`Prover::put_frame`] before the node returns (a child at the same
    /// ply never runs meanwhile: every move adds a stone).
    fn take_frame(&mut self, game: &Mnk) -> Frame {
        if self.frames.is_empty() {
            // Every ply at once: a proof that reaches a new depth late
            // must not allocate there either.
            self.frames = (0..=MAX_MOVES).map(|_| Frame::new()).collect();
        }
        std::mem::take(&mut self.frames[game.ply() as usize])
    }

    fn put_frame(&mut self, game: &Mnk, frame: Frame) {
        self.frames[game.ply() as usize] = frame;
    }

    /// Keeps at most about `entries` positions in the table (the default
    /// is four million): a small table tests the thinning.
    pub fn set_table_entries(&mut self, entries: usize) {
        self.max_entries = entries.max(16);
    }

    /// Whether the attacker forces a line from `game`; `None` when a
    /// budget stopped the search.
    pub fn attacker_wins(&mut self, game: &Mnk) -> Option<bool> {
        self.run(game).map(|p| p == Proved::Wins)
    }

    /// The defender's relevance zone: `Some(Some(zone))` when the defender
    /// holds `game` and still holds it (same side to move) with attacker
    /// stones added on any empty squares outside `zone` (and any defender
    /// stones); `Some(None)` when the attacker wins; `None` when stopped.
    pub fn defender_zone(&mut self, game: &Mnk) -> Option<Option<u64>> {
        self.run(game).map(|p| match p {
            Proved::Wins => None,
            Proved::Holds(zone) => Some(zone),
        })
    }

    fn run(&mut self, game: &Mnk) -> Option<Proved> {
        let mut game = game.clone();
        match self.method {
            ProofMethod::Dfs => self.search(&mut game),
            ProofMethod::DfPn => self.dfpn(&mut game),
        }
    }

    /// Counts a node and checks the budgets: true when the search must
    /// stop.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 63 == 0 {
            if let Some(deadline) = self.deadline {
                if Instant::now() >= deadline {
                    self.out_of_time = true;
                    self.stopped = true;
                }
            }
            // Ctrl-C: a process-wide flag, one atomic load per 64 nodes.
            if ply_engine::interrupted() {
                self.interrupted = true;
                self.stopped = true;
            }
        }
        if self.node_limit.is_some_and(|limit| self.nodes > limit) {
            self.stopped = true;
        }
        self.stopped
    }

    fn lines(&self, game: &Mnk) -> Lines {
        let mut attacker_open = OpenLines::new();
        let threats = self.scan(game, Some(&mut attacker_open));
        Lines {
            attacker_open,
            attacker_wins: threats.attacker_wins,
            defender_wins: threats.defender_wins,
            live: threats.live,
        }
    }

    /// [`Prover::lines`] without the open lines.
    fn threats(&self, game: &Mnk) -> Threats {
        self.scan(game, None)
    }

    /// One pass over the lines: the threats, and the empty squares of each
    /// line the attacker could still complete when `attacker_open` asks.
    fn scan(&self, game: &Mnk, mut attacker_open: Option<&mut OpenLines>) -> Threats {
        let attacker = game.stones(self.attacker);
        let defender = game.stones(self.attacker.opponent());
        let empty = game.empty_squares();
        let mut threats = Threats {
            attacker_wins: 0,
            defender_wins: 0,
            live: 0,
        };
        for &line in &game.geo.lines {
            let open = line & empty;
            if line & defender == 0 {
                if let Some(list) = attacker_open.as_deref_mut() {
                    list.push(open);
                }
                threats.live |= open;
                if open.count_ones() == 1 {
                    threats.attacker_wins |= open;
                }
            } else if line & attacker == 0 {
                threats.live |= open;
                if open.count_ones() == 1 {
                    threats.defender_wins |= open;
                }
            }
        }
        threats
    }

    /// A zone holding at least `need` empty squares of each open attacker
    /// line (all of them when it has fewer), `base` included: added
    /// attacker stones outside it, plus `need - 1` more anywhere, complete
    /// no line.
    fn hitting(open: impl IntoIterator<Item = u64>, need: u32, base: u64) -> u64 {
        let mut zone = base;
        for line in open {
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

    /// The leaf rules: whether the node is decided at once (a finished
    /// game, a forced win, a pairing, a win by continuous fours when
    /// `use_vcf`), forced to one move, or to be searched over a set of
    /// moves.
    fn classify(&mut self, game: &mut Mnk) -> Node {
        match game.status() {
            Status::Won(side) if side == self.attacker => return Node::Wins,
            Status::Won(_) => {
                let lines = self.lines(game);
                return Node::Holds(Self::hitting(lines.attacker_open.iter().copied(), 1, 0));
            }
            Status::Drawn => return Node::Holds(0),
            Status::Playing => {}
        }
        let lines = self.lines(game);
        if game.to_move() == self.attacker {
            if lines.attacker_wins != 0 {
                return Node::Wins;
            }
            let threats = lines.defender_wins;
            if threats.count_ones() >= 2 {
                // Whatever the attacker plays, the defender completes a
                // line; two open squares of each attacker line in the zone
                // keep the attacker's move plus added stones from
                // completing one first.
                return Node::Holds(Self::hitting(
                    lines.attacker_open.iter().copied(),
                    2,
                    threats,
                ));
            }
            if threats != 0 {
                // Block or lose: any other move lets the defender complete.
                return Node::Forced(threats.trailing_zeros() as u8);
            }
            if let Some(cells) =
                crate::pairing::pairs(&lines.attacker_open, crate::pairing::PROOF_BUDGET)
            {
                return Node::Holds(cells);
            }
            if self.use_vcf && self.fours(game, VCF_DEPTH) {
                return Node::Wins;
            }
            Node::Moves(game.empty_squares())
        } else {
            if lines.defender_wins != 0 {
                let w = lines.defender_wins & lines.defender_wins.wrapping_neg();
                return Node::Holds(Self::hitting(lines.attacker_open.iter().copied(), 1, w));
            }
            let threats = lines.attacker_wins;
            if threats.count_ones() >= 2 {
                return Node::Wins;
            }
            if threats != 0 {
                return Node::Forced(threats.trailing_zeros() as u8);
            }
            if let Some(cells) =
                crate::pairing::pairs(&lines.attacker_open, crate::pairing::PROOF_BUDGET)
            {
                return Node::Holds(cells);
            }
            // A stone on no open line is a pass, and a pass is never better
            // than a stone on some square: those squares are left out.
            Node::Moves(lines.live)
        }
    }

    /// The zone of a node forced to one move, from the zone `child` of
    /// that move's refutation.
    fn forced_zone(&self, game: &Mnk, child: u64) -> u64 {
        let lines = self.lines(game);
        if game.to_move() == self.attacker {
            // The attacker blocked: two open squares of each other attacker
            // line keep added stones from making a threat that wins first.
            let threats = lines.defender_wins;
            let others = lines
                .attacker_open
                .iter()
                .copied()
                .filter(|l| l & threats == 0);
            Self::hitting(others, 2, child | threats)
        } else {
            child | lines.attacker_wins
        }
    }

    /// The moves of `mask` best first, into `moves`: by the lines they
    /// extend or spoil, and for the attacker the moves making fours before
    /// the rest.
    fn order(&self, game: &Mnk, mask: u64, moves: &mut Vec<u8>) {
        moves.clear();
        let mut rest = mask;
        while rest != 0 {
            moves.push(rest.trailing_zeros() as u8);
            rest &= rest - 1;
        }
        crate::threats::order_moves(game, moves);
        if game.to_move() == self.attacker {
            let lines = self.lines(game);
            Self::fours_first(&lines, game.k() as u32, moves);
        }
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
        for &open in lines.attacker_open.iter() {
            if open.count_ones() == 2 {
                candidates |= open;
            }
        }
        while candidates != 0 {
            let sq = candidates.trailing_zeros() as u8;
            candidates &= candidates - 1;
            self.nodes += 1;
            let undo = game.play(sq);
            let after = self.threats(game);
            let won = if after.defender_wins != 0 {
                false
            } else if after.attacker_wins.count_ones() >= 2 {
                true
            } else {
                let t = after.attacker_wins.trailing_zeros() as u8;
                let block = game.play(t);
                let next = self.threats(game);
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
        for &open in lines.attacker_open.iter() {
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
    if image == 0 || zone == 0 {
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
/// move, with the proof's size and time; a proof the budget cut short
/// reports the value as unknown, with the position's heuristic score and
/// what it did prove. `budget_source` says which setting set the time.
pub fn proof_report(
    game: &Mnk,
    budget: ProverBudget,
    method: ProofMethod,
    budget_source: ply_engine::ProofBudget,
) -> ply_engine::ProofReport {
    use ply_engine::{Outcome, Value};
    let attempt = attempt(game, budget, method, false);
    let position = if game.empty_squares() == game.geo.full {
        String::new()
    } else {
        ply_engine::Notation::format_position(game)
    };
    let outcome = match attempt.value {
        Some(ProvedValue::Win) => Outcome::Win,
        Some(ProvedValue::Loss) => Outcome::Lose,
        Some(ProvedValue::Draw) => Outcome::Draw,
        None => Outcome::Unknown,
    };
    let proved = attempt.value.is_some();
    ply_engine::ProofReport {
        variant: format!("({},{},{})", game.rows(), game.cols(), game.k()),
        position,
        to_move: game.to_move(),
        to_move_name: ply_engine::Notation::side_name(game, game.to_move()),
        value: Value {
            // Unproved: the position's heuristic score, for the side to move.
            heuristic: (!proved).then(|| crate::threats::evaluate(game)),
            ..Value::new(outcome, None)
        },
        nodes: attempt.nodes,
        elapsed: attempt.elapsed,
        method: format!("{method} with relevance zones"),
        cannot_win: if proved {
            Vec::new()
        } else {
            attempt.held.clone()
        },
        stopped: attempt.stopped.map(|stopped| match stopped {
            ProverStopped::Nodes(n) => ply_engine::ProofStop::Nodes(n),
            ProverStopped::Time(t) => ply_engine::ProofStop::Time(t),
            ProverStopped::Interrupted => ply_engine::ProofStop::Interrupted,
        }),
        budget: budget_source,
    }
}
