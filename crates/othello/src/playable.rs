//! Othello's engines behind the `Playable` hooks sessions call.

use ply_engine::{
    generic_player, Analyzer, BoardView, BotSpec, Cell, EngineConfig, GameError, Playable, Player,
};

use crate::analyzer::{check_depth, too_deep, OthelloAnalyzer, MAX_DEPTH};
use crate::exact::ExactGeometry;
use crate::game::{Move, Othello};
use crate::knowledge::OthelloKnowledge;
use crate::players::{EnginePlayer, GreedyPlayer, Strength, DEFAULT_LEVEL};

/// Plies of a seeded opening for engine matches.
const OPENING_PLIES: std::ops::RangeInclusive<u32> = 6..=8;

/// The largest evaluation either way of a near-even opening: two discs.
const OPENING_EVEN_WITHIN: i32 = 200;

/// Beyond this many empty squares `perfect` would not answer in useful time.
const PERFECT_EMPTIES: u32 = 20;

impl<G: ExactGeometry> Playable for Othello<G> {
    type Knowledge = OthelloKnowledge;

    /// The board size: a learner's table from one size is refused on another.
    fn variant(&self) -> String {
        let n = self.size();
        format!("{n}x{n}")
    }

    /// The final score an exact margin stands for: with the empty squares
    /// given to the winner the two counts add up to the whole board.
    fn solve_notes(&self, report: &ply_engine::Report) -> Option<String> {
        let margin = report.value.margin?;
        let squares = i32::from(self.size()) * i32::from(self.size());
        let mover = (squares + margin) / 2;
        let other = squares - mover;
        let (black, white) = match ply_engine::Game::to_move(self) {
            ply_engine::Side::First => (mover, other),
            ply_engine::Side::Second => (other, mover),
        };
        let verdict = match black.cmp(&white) {
            std::cmp::Ordering::Greater => "black wins",
            std::cmp::Ordering::Less => "white wins",
            std::cmp::Ordering::Equal => "a tie",
        };
        Some(format!(
            "With perfect play: {verdict}, black {black} - white {white} (empty squares to the winner)"
        ))
    }

    /// The discs row by row from a1, and their counts.
    fn board_view(&self) -> BoardView {
        let size = usize::from(self.size());
        let cells = (0..self.board().cells())
            .map(|square| match self.board().tile(square) {
                crate::Tile::Black => Cell::X,
                crate::Tile::White => Cell::O,
                crate::Tile::Empty => Cell::Empty,
            })
            .collect();
        BoardView::discs(size, size, cells)
    }

    /// Six to eight random plies from the start, drawn again until the
    /// evaluation (in hundredths of a disc, for the side to move) is
    /// within two discs of even.
    fn opening(&self, seed: u64) -> Option<Vec<Move>> {
        use ply_engine::Knowledge;
        let any = |_: &Self, _: Move| true;
        let evaluate = |game: &Self| OthelloKnowledge.evaluate(game);
        ply_engine::balanced_opening(
            self,
            seed,
            &ply_engine::OpeningRecipe {
                plies: OPENING_PLIES,
                candidate: &any,
                evaluate: &evaluate,
                even_within: OPENING_EVEN_WITHIN,
            },
        )
    }

    /// Othello is decided by the discs on the board.
    fn piece_count(&self) -> Option<ply_engine::PieceCount> {
        let board = self.board();
        Some(ply_engine::PieceCount {
            first: board.count(crate::Tile::Black),
            second: board.count(crate::Tile::White),
            squares: board.cells(),
        })
    }

    fn move_square(&self, mv: Move) -> Option<usize> {
        mv.square().map(|square| square as usize)
    }

    fn analyzer(&self, config: &EngineConfig) -> Result<Box<dyn Analyzer<Self>>, GameError> {
        check_depth(config.depth)?;
        Ok(Box::new(OthelloAnalyzer::<G>::new(config)))
    }

    fn player(
        &self,
        spec: &BotSpec,
        config: &EngineConfig,
    ) -> Result<Box<dyn Player<Self>>, GameError> {
        check_depth(config.depth)?;
        let strength = match spec {
            BotSpec::Computer(Some(level)) if *level > MAX_DEPTH => {
                return Err(too_deep(&format!("computer:{level}")))
            }
            BotSpec::AlphaBeta(depth) if *depth > MAX_DEPTH => {
                return Err(too_deep(&format!("alphabeta:{depth}")))
            }
            BotSpec::Computer(level) => {
                let mut strength = Strength::level(level.unwrap_or(DEFAULT_LEVEL));
                if let Some(depth) = config.depth {
                    strength.depth = depth.max(1);
                }
                strength.move_time = config.move_time;
                if let Some(limit) = config.move_time {
                    // The exact solver does not watch the clock: under a time
                    // limit, solve only endgames it finishes well within it.
                    strength.exact_empties =
                        strength.exact_empties.min(exact_empties_within(limit));
                }
                strength
            }
            // Deepens one ply at a time up to its depth and, under a time
            // limit, plays by the deepest search finished in time.
            BotSpec::AlphaBeta(depth) => Strength {
                depth: (*depth).max(1),
                exact_empties: config
                    .move_time
                    .map_or(*depth, |limit| (*depth).min(exact_empties_within(limit))),
                move_time: config.move_time,
            },
            BotSpec::Perfect => {
                if self.empties() > PERFECT_EMPTIES {
                    return Err(GameError::Unsupported(format!(
                        "perfect play needs at most {PERFECT_EMPTIES} empty squares ({} here): \
                         use computer",
                        self.empties()
                    )));
                }
                Strength {
                    depth: 60,
                    exact_empties: u32::MAX,
                    move_time: None,
                }
            }
            BotSpec::Heuristic => return Ok(Box::new(GreedyPlayer::new(config))),
            _ => return generic_player(self, spec, config),
        };
        Ok(Box::new(EnginePlayer::<G>::new(strength, config)))
    }

    /// Bulk-counting perft on the bitboards, split across the threads of the
    /// rayon pool the caller installed (`ply perft --jobs`).
    fn perft(&self, depth: u32) -> u64 {
        crate::perft::perft_in_pool(self, depth)
    }
}

/// Empties the exact solver finishes in well under `limit` (measured: 12
/// empties take about a millisecond, 20 about a second).
fn exact_empties_within(limit: std::time::Duration) -> u32 {
    match limit.as_millis() {
        0..=49 => 10,
        50..=499 => 12,
        500..=4_999 => 16,
        _ => 20,
    }
}
