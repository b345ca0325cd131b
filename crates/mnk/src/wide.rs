//! The (m,n,k) game on any board up to 26 x 26, and under the exact, renju
//! and caro rules on any board: the Gomoku crate's incrementally kept board
//! ([`ply_gomoku::GomokuGame`]) under the notation of the 64-bit [`Mnk`]
//! (squares `b2` or cell numbers, positions as `X`/`O`/`-` strings row by
//! row). The registry builds a session over this type once, when the board
//! has more than 64 cells or the rule is not freestyle; smaller freestyle boards
//! keep the 64-bit board and its solver.
//!
//! Its engines: `computer` is the Gomoku engine ([`ply_gomoku::Engine`]:
//! threat patterns, VCF/VCT, principal-variation search) within a time
//! budget; `hint` and `solve` value every move within a budget with the
//! threat solvers ([`ply_gomoku::analyze_moves`]); the generic bots
//! (`alphabeta:D`, `mcts:N`, `random`, learners) play it as any game.
//!
//! [`Mnk`]: crate::Mnk

use std::time::Duration;

use rand::rngs::StdRng;
use rand::SeedableRng;

use ply_engine::{
    balanced_opening, generic_player, Analysis, Analyzer, BotSpec, Choice, ColourOpening, Deadline,
    EngineConfig, Game, GameError, GameResult, Knowledge, MoveProblem, Notation, OpeningChoice,
    OpeningRecipe, Outcome, Playable, Player, SearchAnalyzer, Searcher, Side, Symmetric, Value,
};
use ply_gomoku::{
    analyze_position, decide_swap2, Engine, Evaluation, GomokuGame, GomokuKnowledge, Move, Rule,
    Score, Stone, Swap2Answer, Verdict,
};

/// How long the computer thinks per move on this board unless
/// `--move-time` says otherwise.
pub const WIDE_MOVE_TIME: Duration = Duration::from_secs(1);

/// How long `solve` analyses a position on this board unless `--move-time`
/// says otherwise (`hint` has the front end's own default).
pub const WIDE_ANALYSIS_TIME: Duration = Duration::from_secs(10);

/// The share of its budget the computer gives the engine: the rest is the
/// margin for the engine's last checks and a busy machine's scheduling, so
/// that every move is answered within the budget.
const ENGINE_SHARE: (u32, u32) = (4, 5);

/// The share of its budget an analysis gives the solvers (it values every
/// move, so it keeps a larger margin).
const ANALYSIS_SHARE: (u32, u32) = (3, 4);

/// Boards with more cells than this have no perfect player.
const PERFECT_LIMIT: usize = 64;

/// Largest transposition table of the engine, in bytes (`--hash` sets it
/// up to this: the engine clears its table between games).
const MAX_ENGINE_TABLE: usize = 64 << 20;

/// A position of the (m,n,k) game on a board of any size.
#[derive(Clone, Debug)]
pub struct MnkWide {
    game: GomokuGame,
    /// Played with the swap2 opening (`ply play --opening swap2`).
    swap2: bool,
}

impl MnkWide {
    /// The empty `rows x cols` board where `k` in a row wins under `rule`.
    pub fn new(rows: u8, cols: u8, k: u8, rule: Rule) -> Result<MnkWide, GameError> {
        let game = GomokuGame::new(usize::from(cols), usize::from(rows), usize::from(k), rule)
            .map_err(|e| GameError::BadOption(e.to_string()))?;
        Ok(MnkWide { game, swap2: false })
    }

    /// This game played with the swap2 opening: the players settle their
    /// colours after the first three (or five) stones.
    pub fn with_swap2(self) -> MnkWide {
        MnkWide {
            swap2: true,
            ..self
        }
    }

    /// The board's rows (m).
    pub fn rows(&self) -> u8 {
        self.game.board().height() as u8
    }

    /// The board's columns (n).
    pub fn cols(&self) -> u8 {
        self.game.board().width() as u8
    }

    /// The line length that wins (k).
    pub fn k(&self) -> u8 {
        self.game.board().k() as u8
    }

    /// What makes a win: freestyle, exact, renju or caro.
    pub fn rule(&self) -> Rule {
        self.game.board().rule()
    }

    /// The Gomoku position underneath.
    pub fn inner(&self) -> &GomokuGame {
        &self.game
    }

    fn cells(&self) -> usize {
        usize::from(self.rows()) * usize::from(self.cols())
    }

    fn cell_move(&self, index: usize) -> Move {
        let cols = usize::from(self.cols());
        Move::new(index % cols, index / cols)
    }

    fn last_square_name(&self) -> String {
        self.cell_move(self.cells() - 1).to_string()
    }

    /// The square a text names, without checking whether it is free.
    fn parse_square(&self, text: &str) -> Result<Move, GameError> {
        let last = self.last_square_name();
        let index = crate::notation::parse_cell(text, self.rows(), self.cols(), &last)?;
        Ok(self.cell_move(index))
    }
}

impl Game for MnkWide {
    type Move = Move;
    type Undo = ();
    type Key = <GomokuGame as Game>::Key;

    fn to_move(&self) -> Side {
        self.game.to_move()
    }

    fn result(&self) -> Option<GameResult> {
        self.game.result()
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        self.game.generate_moves(moves)
    }

    fn play(&mut self, mv: Move) {
        // The Gomoku game checks the move in debug builds as well.
        debug_assert!(
            self.game.board().is_empty(mv),
            "{mv} is not a free square of {self:?}"
        );
        self.game.play(mv)
    }

    fn undo(&mut self, mv: Move, undo: ()) {
        debug_assert_eq!(
            self.game.board().last_placed(),
            Some(mv),
            "undo of a move that is not the last one"
        );
        self.game.undo(mv, undo)
    }

    fn hash(&self) -> u64 {
        self.game.hash()
    }

    fn recompute_hash(&self) -> u64 {
        self.game.recompute_hash()
    }

    fn key(&self) -> Self::Key {
        self.game.key()
    }

    fn ply(&self) -> u32 {
        self.game.ply()
    }
}

/// No symmetry: the Gomoku board keeps none.
impl Symmetric for MnkWide {}

/// What the searches know of the wide board: the Gomoku crate's knowledge.
#[derive(Clone, Copy, Debug, Default)]
pub struct WideKnowledge;

impl Knowledge<MnkWide> for WideKnowledge {
    fn max_remaining_plies(&self, game: &MnkWide) -> Option<u32> {
        GomokuKnowledge.max_remaining_plies(&game.game)
    }

    fn draw_length(&self, game: &MnkWide) -> Option<u32> {
        GomokuKnowledge.draw_length(&game.game)
    }

    fn prune_moves(&self, game: &MnkWide, moves: &mut Vec<Move>) {
        GomokuKnowledge.prune_moves(&game.game, moves)
    }

    fn order_moves(&self, game: &MnkWide, moves: &mut [Move]) {
        GomokuKnowledge.order_moves(&game.game, moves)
    }

    fn evaluate(&self, game: &MnkWide) -> i32 {
        GomokuKnowledge.evaluate(&game.game)
    }
}

impl Notation for MnkWide {
    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Move, GameError> {
        let mv = self.parse_square(text)?;
        if self.game.result().is_some() {
            return Err(GameError::game_over("the game is over"));
        }
        if !self.game.board().is_empty(mv) {
            return Err(GameError::illegal(
                Some(&mv.to_string()),
                MoveProblem::Occupied,
                format!("{mv} is occupied"),
            ));
        }
        // Renju: X (black) may not play his forbidden points.
        if let Some(foul) = self
            .game
            .board()
            .foul(mv)
            .filter(|_| self.game.stone_to_move() == Stone::Black)
        {
            return Err(GameError::illegal(
                Some(&mv.to_string()),
                MoveProblem::Forbidden,
                format!("{mv} is forbidden for black: {foul}"),
            ));
        }
        Ok(mv)
    }

    fn format_position(&self) -> String {
        (0..self.cells())
            .map(|i| match self.game.board().stone(self.cell_move(i)) {
                Some(Stone::Black) => 'X',
                Some(Stone::White) => 'O',
                None => '-',
            })
            .collect()
    }

    fn parse_position(&self, text: &str) -> Result<MnkWide, GameError> {
        let (rows, cols, k) = (self.rows(), self.cols(), self.k());
        let cells = text.trim_matches(['\n', '\r']);
        let count = cells.chars().count();
        if count != self.cells() {
            return Err(GameError::BadPosition(format!(
                "a {rows}x{cols} position has {} cells (X, O or - each, row by row), got {count}",
                self.cells()
            )));
        }
        let (x_cells, o_cells) = crate::notation::read_cells(cells)?;
        let (xs, os) = (x_cells.len(), o_cells.len());
        let moves = |cells: Vec<usize>| -> Vec<Move> {
            cells.into_iter().map(|i| self.cell_move(i)).collect()
        };
        let (x, o) = (moves(x_cells), moves(o_cells));
        let game = GomokuGame::from_stones(
            usize::from(cols),
            usize::from(rows),
            usize::from(k),
            self.rule(),
            &x,
            &o,
        )
        .map_err(|e| GameError::BadPosition(e.to_string()))?;
        if self.rule() == Rule::Renju && game.board().longest_run(Stone::Black) > 5 {
            return Err(GameError::BadPosition(
                "X has six or more in a row: under renju that is a forbidden point, never played"
                    .into(),
            ));
        }
        let [x_line, o_line] = game.board().scan_lines();
        if x_line && o_line {
            return Err(GameError::BadPosition(format!(
                "both X and O have {k} in a row: the game ended before the second one"
            )));
        }
        for (name, line, moved_last) in [("X", x_line, xs > os), ("O", o_line, xs == os)] {
            if line && !moved_last {
                return Err(GameError::BadPosition(format!(
                    "{name} has {k} in a row but the other side moved after: \
                     the game was already over"
                )));
            }
        }
        Ok(MnkWide {
            game,
            swap2: self.swap2,
        })
    }

    fn side_name(&self, side: Side) -> String {
        side.letter().into()
    }

    /// Column letters on top, row numbers on the left, one character a
    /// cell: a 26 x 26 board fits a terminal.
    fn render(&self, colour: bool) -> String {
        let (rows, cols) = (usize::from(self.rows()), usize::from(self.cols()));
        let mut out = String::from("   ");
        for col in 0..cols {
            out.push(' ');
            out.push((b'a' + col as u8) as char);
        }
        out.push('\n');
        for row in 0..rows {
            out.push_str(&format!("{:>2} ", row + 1));
            for col in 0..cols {
                let mark = match self.game.board().stone(Move::new(col, row)) {
                    Some(Stone::Black) if colour => "\x1b[1;31mX\x1b[0m".to_string(),
                    Some(Stone::Black) => "X".to_string(),
                    Some(Stone::White) if colour => "\x1b[1;34mO\x1b[0m".to_string(),
                    Some(Stone::White) => "O".to_string(),
                    None if colour => "\x1b[2m·\x1b[0m".to_string(),
                    None => ".".to_string(),
                };
                out.push(' ');
                out.push_str(&mark);
            }
            out.push('\n');
        }
        out
    }
}

impl Playable for MnkWide {
    type Knowledge = WideKnowledge;

    fn variant(&self) -> String {
        let rule = match self.rule() {
            Rule::Freestyle => String::new(),
            other => format!(" {}", other.name()),
        };
        format!("{}x{} k={}{rule}", self.rows(), self.cols(), self.k())
    }

    /// The cells row by row from the top.
    fn board_view(&self) -> ply_engine::BoardView {
        let board = self.game.board();
        let cells = (0..board.height())
            .flat_map(|y| (0..board.width()).map(move |x| (x, y)))
            .map(|(x, y)| {
                let stone = board.stone(Move {
                    x: x as u8,
                    y: y as u8,
                });
                ply_engine::Cell::of(stone.map(|s| match s {
                    Stone::Black => ply_engine::Side::First,
                    Stone::White => ply_engine::Side::Second,
                }))
            })
            .collect();
        let view = ply_engine::BoardView::grid(board.height(), board.width(), cells);
        match self.result() {
            Some(GameResult::Win(_)) => {
                view.with_winning_run(self.k().into(), self.rule() == Rule::Exact)
            }
            Some(GameResult::Draw) => view,
            // Renju: the points black may not play, for the page to mark.
            None if self.rule() == Rule::Renju && self.game.stone_to_move() == Stone::Black => {
                let width = board.width();
                let forbidden = (0..board.height())
                    .flat_map(|y| (0..width).map(move |x| (x, y)))
                    .filter(|&(x, y)| {
                        let mv = Move {
                            x: x as u8,
                            y: y as u8,
                        };
                        // Empty and not black's to play: the rule forbids it
                        // (is_legal runs the patterns' quick check first).
                        board.stone(mv).is_none() && !board.is_legal(mv, Stone::Black)
                    })
                    .map(|(x, y)| y * width + x)
                    .collect();
                view.with_forbidden(forbidden)
            }
            None => view,
        }
    }

    fn special_solve(
        &self,
        options: &ply_engine::GameOptions,
        _request: &ply_engine::SolveRequest,
    ) -> Option<Result<ply_engine::SolveOutput, GameError>> {
        crate::solve::refuse_proof(options)
    }

    fn move_square(&self, mv: Move) -> Option<usize> {
        Some(usize::from(mv.y) * usize::from(self.cols()) + usize::from(mv.x))
    }

    /// Three to five stones around the centre, near even (the
    /// module's `opening`).
    fn opening(&self, seed: u64) -> Option<Vec<Move>> {
        opening(self, seed)
    }

    fn colour_opening(&self) -> Option<ColourOpening> {
        self.swap2.then_some(ColourOpening::Swap2)
    }

    /// The Gomoku engine's swap2 answer ([`decide_swap2`]) within its
    /// share of the move time.
    fn opening_choice(
        &self,
        time: Option<Duration>,
    ) -> Option<Result<OpeningChoice<Move>, GameError>> {
        if !self.swap2 {
            return None;
        }
        let budget = time.unwrap_or(WIDE_MOVE_TIME) * ENGINE_SHARE.0 / ENGINE_SHARE.1;
        let mut engine = Engine::new(16 << 20);
        let decision = decide_swap2(
            &mut engine,
            self.game.board(),
            Deadline::after(Some(budget)),
        );
        Some(
            decision
                .map(|decision| match decision.answer {
                    Swap2Answer::Swap => OpeningChoice::Swap,
                    Swap2Answer::Opening(stones) => OpeningChoice::Stones(stones.to_vec()),
                    Swap2Answer::Place(stones) => OpeningChoice::Stones(stones.to_vec()),
                    Swap2Answer::Play(mv) => OpeningChoice::Stones(vec![mv]),
                })
                .map_err(|e| GameError::BadPosition(e.to_string())),
        )
    }

    /// `hint` and `solve`: the threat solvers within the budget.
    /// With `--depth D`, the depth limit of the (n,k) games on every
    /// board: every move labelled by the generic search at most D plies
    /// deep, within the analysis time.
    fn analyzer(&self, config: &EngineConfig) -> Result<Box<dyn Analyzer<Self>>, GameError> {
        if config.depth.is_some() {
            let bounded = EngineConfig {
                move_time: Some(config.move_time.unwrap_or(WIDE_ANALYSIS_TIME)),
                ..config.clone()
            };
            return Ok(Box::new(SearchAnalyzer::new(WideKnowledge, &bounded)));
        }
        Ok(Box::new(WideAnalyzer::new(config)))
    }

    /// `computer` is the Gomoku engine within its move time; `perfect`
    /// only where an exact solve could ever finish.
    fn player(
        &self,
        spec: &BotSpec,
        config: &EngineConfig,
    ) -> Result<Box<dyn Player<Self>>, GameError> {
        match spec {
            BotSpec::Computer(level) => match config.depth.or(*level) {
                Some(depth) => Ok(Box::new(WideDepthPlayer::new(depth, config))),
                None => Ok(Box::new(WidePlayer::new(config))),
            },
            BotSpec::Perfect if self.cells() > PERFECT_LIMIT => {
                Err(GameError::Unsupported(format!(
                    "perfect play is out of reach on a {}x{} board: use computer \
                     (the Gomoku engine, within the move time)",
                    self.rows(),
                    self.cols()
                )))
            }
            _ => generic_player(self, spec, config),
        }
    }
}

fn engine_for(config: &EngineConfig) -> Engine {
    Engine::new(config.hash_mb.saturating_mul(1 << 20).min(MAX_ENGINE_TABLE))
}

/// `computer` on a wide board: [`Engine::best_move`] within the move time.
pub struct WidePlayer {
    engine: Engine,
    budget: Duration,
}

impl WidePlayer {
    pub fn new(config: &EngineConfig) -> Self {
        WidePlayer {
            engine: engine_for(config),
            budget: config.move_time.unwrap_or(WIDE_MOVE_TIME),
        }
    }
}

impl Player<MnkWide> for WidePlayer {
    fn choose(&mut self, game: &MnkWide) -> Choice<Move> {
        let (num, den) = ENGINE_SHARE;
        let deadline = Deadline::after(Some(self.budget * num / den));
        let stone = game.game.stone_to_move();
        match self.engine.best_move(game.game.board(), stone, deadline) {
            Some(info) => {
                let value = match info.score {
                    Score::Win(plies) if info.vcf => Some(Value::win(plies.saturating_sub(1))),
                    _ => None,
                };
                Choice {
                    mv: info.best,
                    value,
                }
            }
            None => {
                let mut moves = Vec::new();
                game.generate_moves(&mut moves);
                Choice {
                    mv: moves[0],
                    value: None,
                }
            }
        }
    }

    fn game_over(&mut self, _positions: &[MnkWide], _result: Option<GameResult>, _seat: Side) {
        self.engine.clear();
    }
}

/// `computer` with a depth (`--depth D`, `computer:D`) on a wide board:
/// the depth-limited computer of the (n,k) games, every move labelled by
/// a search at most `depth` plies deep (deepening one ply at a time, as far
/// as the move time allows), the best on the four-score scale.
pub struct WideDepthPlayer {
    searcher: Searcher<MnkWide, WideKnowledge>,
    depth: u32,
    budget: Duration,
    rng: StdRng,
}

impl WideDepthPlayer {
    /// A player searching at most `depth` plies within the config's move
    /// time (a second unless given).
    pub fn new(depth: u32, config: &EngineConfig) -> Self {
        WideDepthPlayer {
            searcher: Searcher::new(config.hash_mb.min(64)).with_knowledge(WideKnowledge),
            depth: depth.max(1),
            budget: config.move_time.unwrap_or(WIDE_MOVE_TIME),
            rng: StdRng::seed_from_u64(config.seed),
        }
    }
}

impl Player<MnkWide> for WideDepthPlayer {
    fn choose(&mut self, game: &MnkWide) -> Choice<Move> {
        let deadline = Deadline::after(Some(self.budget));
        let analysis = self
            .searcher
            .analyze_within(game, Some(self.depth), deadline);
        crate::four_scores::choose(game, &analysis, &WideKnowledge, &mut self.rng)
    }
}

/// `hint` and `solve` on a wide board: [`analyze_moves`] within the budget.
pub struct WideAnalyzer {
    engine: Engine,
    budget: Duration,
}

impl WideAnalyzer {
    pub fn new(config: &EngineConfig) -> Self {
        WideAnalyzer {
            engine: engine_for(config),
            budget: config.move_time.unwrap_or(WIDE_ANALYSIS_TIME),
        }
    }
}

/// A verdict as a move value (remoteness: plies after the move).
fn verdict_value(verdict: Verdict) -> Value {
    match verdict {
        Verdict::Win(plies) => Value::win(plies),
        Verdict::Loss(plies) => Value::lose(plies),
        Verdict::Unknown(score) => Value {
            heuristic: Some(score),
            ..Value::unknown()
        },
    }
}

impl Analyzer<MnkWide> for WideAnalyzer {
    fn analyze(&mut self, game: &MnkWide) -> Result<Analysis<Move>, GameError> {
        let value = match game.result() {
            Some(GameResult::Draw) => Some(Value::draw(Some(0))),
            Some(GameResult::Win(side)) if side == game.to_move() => Some(Value::win(0)),
            Some(GameResult::Win(_)) => Some(Value::lose(0)),
            None => None,
        };
        if let Some(value) = value {
            return Ok(Analysis {
                pv: Vec::new(),
                value,
                moves: Vec::new(),
                stats: None,
                depth: None,
            });
        }
        let (num, den) = ANALYSIS_SHARE;
        let deadline = Deadline::after(Some(self.budget * num / den));
        let stone = game.game.stone_to_move();
        let analysis = analyze_position(game.game.board(), stone, deadline, &mut self.engine);
        let moves: Vec<(Move, Value)> = analysis
            .moves
            .iter()
            .map(|&(mv, v)| (mv, verdict_value(v)))
            .collect();
        let value = position_value(&moves);
        Ok(Analysis {
            // The proof's line where the best move is decided, else the
            // engine's expected line.
            pv: analysis.principal,
            value,
            moves,
            stats: None,
            // No iteration depth applies: the unknowns are what the
            // threat solvers did not decide within the budget.
            depth: None,
        })
    }
}

/// The position's value from its moves': a win if one wins (the quickest),
/// a loss if all lose (the slowest), else unknown with the best score.
fn position_value(moves: &[(Move, Value)]) -> Value {
    let quickest_win = moves
        .iter()
        .filter(|(_, v)| v.outcome == Outcome::Win)
        .filter_map(|(_, v)| v.remoteness)
        .min();
    if let Some(r) = quickest_win {
        return Value::win(r + 1);
    }
    if !moves.is_empty() && moves.iter().all(|(_, v)| v.outcome == Outcome::Lose) {
        let slowest = moves.iter().filter_map(|(_, v)| v.remoteness).max();
        return Value::lose(slowest.unwrap_or(0) + 1);
    }
    let best = moves.iter().filter_map(|(_, v)| v.heuristic).max();
    Value {
        heuristic: best,
        ..Value::unknown()
    }
}

/// Stones a seeded opening places (see [`opening`]).
const OPENING_PLIES: std::ops::RangeInclusive<u32> = 3..=5;

/// How far from the centre (in rows and in columns) an opening's stones
/// lie.
const OPENING_REACH: i32 = 2;

/// How deep the search that judges an opening looks (plies): deep enough
/// to see the threats three to five stones make, a few milliseconds.
const OPENING_SEARCH_DEPTH: u32 = 4;

/// The first player's edge the judging search does not see, in its units
/// (an open three is worth about 800). Measured on 15 x 15 freestyle
/// (`cargo run --release -p ply-gomoku --example opening_balance -- 400 30
/// 1`, then `-- 600 30 2`): of 1,000 random openings, each played out by
/// the engine against itself at 30 ms a move, black won 75%; of the 212
/// whose depth-4 value for black lay within [`OPENING_EVEN_WITHIN`] of
/// minus this edge, 48%. The static evaluation within 25 of even, the
/// judge before, left black 73% of those playouts and the first player
/// 72.6% of 1,000 games in 200-ms matches; this judge, 48.3% of 200.
const FIRST_PLAYER_EDGE: i32 = 85;

/// The largest judged value either way that counts as near even (about a
/// fifth of random draws are).
const OPENING_EVEN_WITHIN: i32 = 150;

/// Off Gomoku (k other than 5), the static evaluation from the side to
/// move within this of even counts as near even (about half of random
/// draws on 15 x 15).
const STATIC_EVEN_WITHIN: i32 = 25;

/// The opening's value for black as a fixed-depth search of the Gomoku
/// engine finds it, less black's unseen edge: near 0 when either colour
/// wins it about as often (measured for k = 5 only). Deterministic: one thread, a fresh
/// table, no deadline (the threat searches' own time shares, a second,
/// are far more than three to five stones need).
fn opening_balance(game: &MnkWide) -> i32 {
    let mut engine = Engine::new(1 << 20);
    // The hand-made evaluation, whose units the edge was measured in.
    engine.set_evaluation(Evaluation::Patterns);
    engine.set_max_depth(OPENING_SEARCH_DEPTH);
    let board = game.game.board();
    let to_move = game.game.stone_to_move();
    let Some(info) = engine.best_move(board, to_move, Deadline::none()) else {
        return i32::MAX;
    };
    let for_mover = match info.score {
        Score::Heuristic(value) => value,
        // A decided opening is as far from even as it gets.
        Score::Win(_) | Score::Loss(_) => return i32::MAX,
    };
    let for_black = if to_move == Stone::Black {
        for_mover
    } else {
        -for_mover
    };
    let edge = match game.rule() {
        // Black's forbidden moves take his edge: of 300 renju openings
        // (`opening_balance -- 300 30 3 renju`) black won 65% of the
        // playouts, and 53% of the 150 judged within the bound with no edge.
        Rule::Renju => 0,
        // Caro's measured alike (`-- 300 30 4 caro`): black 74% of all,
        // 55% of the 69 judged even with this edge.
        _ => FIRST_PLAYER_EDGE,
    };
    for_black + edge
}

/// Seeded balanced openings on the wide board, for engine matches (as
/// Gomocup plays its matches from opening positions, each twice with
/// colours swapped): three to five stones on the 5 x 5 squares around the
/// centre, drawn again until a short search of the Gomoku engine
/// ([`opening_balance`]) finds the position near even.
fn opening(start: &MnkWide, seed: u64) -> Option<Vec<Move>> {
    let centre = (i32::from(start.cols()) / 2, i32::from(start.rows()) / 2);
    let near = |_: &MnkWide, mv: Move| {
        (i32::from(mv.x) - centre.0).abs() <= OPENING_REACH
            && (i32::from(mv.y) - centre.1).abs() <= OPENING_REACH
    };
    let static_value = |game: &MnkWide| WideKnowledge.evaluate(game);
    // The search judge was measured for Gomoku only; for other k a draw
    // is often decided, and searching each of many draws takes seconds.
    let (evaluate, even_within): (&dyn Fn(&MnkWide) -> i32, i32) = if start.k() == 5 {
        (&opening_balance, OPENING_EVEN_WITHIN)
    } else {
        (&static_value, STATIC_EVEN_WITHIN)
    };
    balanced_opening(
        start,
        seed,
        &OpeningRecipe {
            plies: OPENING_PLIES,
            candidate: &near,
            evaluate,
            even_within,
        },
    )
}

#[cfg(test)]
mod opening_tests {
    use super::*;

    fn board(rule: Rule) -> MnkWide {
        MnkWide::new(15, 15, 5, rule).expect("15 x 15")
    }

    #[test]
    fn openings_are_seeded_near_the_centre_and_near_even() {
        let start = board(Rule::Freestyle);
        let mut seen = Vec::new();
        for seed in 0..40 {
            let moves = opening(&start, seed).expect("an opening");
            assert_eq!(opening(&start, seed).as_ref(), Some(&moves), "seed {seed}");
            assert!(OPENING_PLIES.contains(&(moves.len() as u32)), "{moves:?}");
            let mut game = start.clone();
            for &mv in &moves {
                assert!((i32::from(mv.x) - 7).abs() <= OPENING_REACH, "{mv:?}");
                assert!((i32::from(mv.y) - 7).abs() <= OPENING_REACH, "{mv:?}");
                let mut legal = Vec::new();
                game.generate_moves(&mut legal);
                assert!(legal.contains(&mv), "{mv:?} legal");
                game.play(mv);
            }
            assert!(game.result().is_none());
            let value = opening_balance(&game);
            assert!(value.abs() <= OPENING_EVEN_WITHIN, "seed {seed}: {value}");
            seen.push(moves);
        }
        seen.sort_by_key(|moves| format!("{moves:?}"));
        seen.dedup();
        assert!(seen.len() >= 38, "seeds give different openings");
    }

    #[test]
    fn other_k_openings_are_judged_by_the_static_evaluation() {
        let start = MnkWide::new(9, 9, 4, Rule::Freestyle).expect("9 x 9");
        for seed in 0..10 {
            let moves = opening(&start, seed).expect("an opening");
            assert_eq!(opening(&start, seed).as_ref(), Some(&moves), "seed {seed}");
            let mut game = start.clone();
            for &mv in &moves {
                game.play(mv);
            }
            let value = WideKnowledge.evaluate(&game);
            assert!(value.abs() <= STATIC_EVEN_WITHIN, "seed {seed}: {value}");
        }
    }

    #[test]
    fn renju_openings_are_legal_for_black() {
        let start = board(Rule::Renju);
        for seed in 0..10 {
            let moves = opening(&start, seed).expect("an opening");
            let mut game = start.clone();
            for mv in moves {
                let mut legal = Vec::new();
                game.generate_moves(&mut legal);
                assert!(legal.contains(&mv));
                game.play(mv);
            }
        }
    }
}

#[cfg(test)]
mod principal_tests {
    use super::*;

    /// `hint`'s analysis carries the line: a proven win's, to the five.
    #[test]
    fn the_analysis_has_the_winning_line() {
        let mut game = MnkWide::new(15, 15, 5, Rule::Freestyle).expect("15 x 15");
        // Black: an open three on row 8; white: three stones in corners.
        for (x, y) in [(5, 7), (0, 0), (6, 7), (14, 0), (7, 7), (0, 14)] {
            game.play(Move::new(x, y));
        }
        let config = EngineConfig {
            move_time: Some(Duration::from_millis(400)),
            ..EngineConfig::default()
        };
        let analysis = WideAnalyzer::new(&config).analyze(&game).expect("analysis");
        assert_eq!(analysis.value, Value::win(3), "{:?}", analysis.value);
        assert_eq!(analysis.pv.len(), 3, "{:?}", analysis.pv);
        assert!(analysis.best_moves().contains(&analysis.pv[0]));
        let mut line = game.clone();
        for &mv in &analysis.pv {
            let mut legal = Vec::new();
            line.generate_moves(&mut legal);
            assert!(legal.contains(&mv), "{mv:?} legal in the line");
            line.play(mv);
        }
        assert_eq!(line.result(), Some(GameResult::Win(Side::First)));
    }
}
