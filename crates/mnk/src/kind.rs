//! The registry entries: `tictactoe` and `mnk` with their options.

use ply_engine::{
    BoardView, Cell, EngineConfig, GameError, GameKind, GameOptions, GameSession, OptionSpec,
    PositionNotation, Session,
};

use crate::board::Mnk;

/// `tictactoe`: the 3x3 game, no options.
pub struct TicTacToeKind;

/// The registry's handle on tic-tac-toe.
pub static TICTACTOE: TicTacToeKind = TicTacToeKind;

impl GameKind for TicTacToeKind {
    fn name(&self) -> &'static str {
        "tictactoe"
    }

    fn summary(&self) -> &'static str {
        "Tic-tac-toe: three in a row on 3x3 (X moves first)"
    }

    fn position_notation(&self) -> PositionNotation {
        PositionNotation {
            description: "the cells row by row from the top: X, O, or - for empty (X moves first, so the side to move follows from the counts)",
            example: "X---O----",
        }
    }

    fn options(&self) -> Vec<OptionSpec> {
        Vec::new()
    }

    fn new_session(&self, _options: &GameOptions) -> Result<Box<dyn Session>, GameError> {
        Ok(GameSession::boxed_with_board(Mnk::tic_tac_toe(), board))
    }

    /// Request 000's (n,k)-tic-tac-toe with n = k = 3.
    fn request_scores(&self) -> bool {
        true
    }

    fn bench(&self, _options: &GameOptions, config: &EngineConfig) -> Result<String, GameError> {
        crate::bench::run(&[(3, 3, 3)], config)
    }
}

/// The board for the page: the cells row by row from the top.
fn board(game: &Mnk) -> BoardView {
    let (rows, cols) = (game.rows(), game.cols());
    let cells = (0..rows * cols)
        .map(|sq| Cell::of(game.owner(sq)))
        .collect();
    BoardView::grid(rows.into(), cols.into(), cells)
}

/// `mnk`: k in a row on any board up to 8x8.
pub struct MnkKind;

/// The registry's handle on the (m,n,k) games.
pub static MNK: MnkKind = MnkKind;

/// The board shape the options ask for: `--size N`, or `--rows`/`--cols`,
/// and `--k` (3, 3 and 3 when not given). `None` when none was given.
pub fn shape(options: &GameOptions) -> Result<Option<(u8, u8, u8)>, GameError> {
    let size: Option<u8> = options.get("size")?;
    let rows: Option<u8> = options.get("rows")?;
    let cols: Option<u8> = options.get("cols")?;
    let k: Option<u8> = options.get("k")?;
    if size.is_some() && (rows.is_some() || cols.is_some()) {
        return Err(GameError::ConflictingOptions {
            options: ("size".into(), "rows/cols".into()),
        });
    }
    if size.is_none() && rows.is_none() && cols.is_none() && k.is_none() {
        return Ok(None);
    }
    let rows = size.or(rows).unwrap_or(3);
    let cols = size.or(cols).unwrap_or(3);
    Ok(Some((rows, cols, k.unwrap_or(3))))
}

impl GameKind for MnkKind {
    fn name(&self) -> &'static str {
        "mnk"
    }

    fn summary(&self) -> &'static str {
        "(m,n,k) games: k in a row on a board up to 8x8 (X moves first)"
    }

    fn position_notation(&self) -> PositionNotation {
        PositionNotation {
            description: "the cells row by row from the top: X, O, or - for empty (X moves first, so the side to move follows from the counts)",
            example: "X---O----",
        }
    }

    fn options(&self) -> Vec<OptionSpec> {
        vec![
            OptionSpec::value("rows", "M", "rows on the board, 1-8 (default 3)"),
            OptionSpec::value("cols", "N", "columns on the board, 1-8 (default 3)"),
            OptionSpec::value("size", "N", "an N x N board (instead of rows and cols)"),
            OptionSpec::value("k", "K", "how many in a row win (default 3)"),
            OptionSpec::flag(
                "prove",
                "solve: prove win or draw by the proof search (shows its size and time); \
                 automatic above 36 empty squares",
            ),
            OptionSpec::value(
                "proof-time",
                "SECONDS",
                "solve: the proof search's time limit (default 600)",
            ),
        ]
    }

    /// `ply solve` with `--prove`, or on a position with more than 36
    /// empty squares (where alpha-beta would take too long): the proof
    /// search's value, size and time.
    fn special_solve(
        &self,
        options: &GameOptions,
        session: &mut dyn Session,
    ) -> Option<Result<String, GameError>> {
        let prove = || {
            let (rows, cols, k) = shape(options)?.unwrap_or((3, 3, 3));
            let start = Mnk::new(rows, cols, k)?;
            let text = session.position();
            let game = if text.is_empty() {
                start
            } else {
                ply_engine::Notation::parse_position(&start, &text)?
            };
            if !options.flag("prove") && game.empty_squares().count_ones() <= 36 {
                return Ok(None);
            }
            let seconds: u64 = options.get("proof-time")?.unwrap_or(600);
            let budget = crate::proof::Budget {
                nodes: None,
                time: Some(std::time::Duration::from_secs(seconds)),
            };
            crate::proof::solve_report(&game, budget).map(Some)
        };
        prove().transpose()
    }

    fn new_session(&self, options: &GameOptions) -> Result<Box<dyn Session>, GameError> {
        let (rows, cols, k) = shape(options)?.unwrap_or((3, 3, 3));
        Ok(GameSession::boxed_with_board(
            Mnk::new(rows, cols, k)?,
            board,
        ))
    }

    /// Request 000's (n,k)-tic-tac-toe (and its m x n generalisation).
    fn request_scores(&self) -> bool {
        true
    }

    /// The benchmark boards, or the one board the options name.
    fn bench(&self, options: &GameOptions, config: &EngineConfig) -> Result<String, GameError> {
        match shape(options)? {
            Some(board) => crate::bench::run(&[board], config),
            None => crate::bench::run(crate::bench::BOARDS, config),
        }
    }
}
