//! The registry entries: `tictactoe` and `mnk` with their options.

use ply_engine::{
    Command, EngineConfig, GameError, GameKind, GameOptions, GameSession, OptionProblem,
    OptionRole, OptionSpec, PositionNotation, Session,
};

use ply_gomoku::Rule;

use crate::board::Mnk;
use crate::wide::MnkWide;

/// Largest board side: columns a..z.
pub const MAX_SIDE: u8 = 26;

/// Largest side the 64-bit board takes (8 x 8 = 64 cells).
pub const BITBOARD_SIDE: u8 = 8;

/// The proof search's options act on `ply solve` only.
const SOLVE: &[Command] = &[Command::Solve];
/// `ply play` only (the terminal runs the swap2 opening).
const PLAY: &[Command] = &[Command::Play];

/// The dictionary choice acts where the depth-limited search runs: the
/// computer of `ply play` (and its hints) and `ply solve`.
const PLAY_AND_SOLVE: &[Command] = &[Command::Play, Command::Solve];

/// Where the depth-limited search stores its configurations
/// (`--dictionary`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DictionaryChoice {
    /// The engine's transposition table (the default, and the fastest).
    #[default]
    Engine,
    /// The (n,k)-tic-tac-toe request's dictionary ([`crate::Dictionary`]):
    /// separate chaining over a prime number of buckets.
    Chained,
}

/// The dictionary the options ask for: `--dictionary engine` (the
/// default) or `--dictionary chained`.
pub fn dictionary_choice(options: &GameOptions) -> Result<DictionaryChoice, GameError> {
    let text: Option<String> = options.get("dictionary")?;
    match text.as_deref().map(|t| t.trim().to_ascii_lowercase()) {
        None => Ok(DictionaryChoice::Engine),
        Some(t) if t == "engine" => Ok(DictionaryChoice::Engine),
        Some(t) if t == "chained" => Ok(DictionaryChoice::Chained),
        Some(_) => Err(GameError::option(
            "dictionary",
            OptionProblem::Invalid {
                value: ply_engine::echo::shown(text.as_deref().unwrap_or_default()),
                why: "the dictionary is engine (the engine's table) or chained (the \
                      (n,k)-tic-tac-toe request's hash table with separate chaining)"
                    .into(),
                example: Some("chained".into()),
            },
        )),
    }
}

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

    fn title(&self) -> &'static str {
        "Tic-tac-toe"
    }

    fn rules(&self) -> &'static str {
        "X and O take turns marking an empty square of a 3 x 3 grid; three of your marks in a \
         row, column or diagonal win. With best play it is a draw."
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
        Ok(GameSession::boxed(Mnk::tic_tac_toe()))
    }

    /// Tic-tac-toe's moves show the four scores, as (n,k)-tic-tac-toe's do.
    fn shows_four_scores(&self) -> bool {
        true
    }

    fn bench(&self, _options: &GameOptions, config: &EngineConfig) -> Result<String, GameError> {
        crate::bench::run_bench(&[(3, 3, 3)], config)
    }
}

/// `mnk`: k in a row on any board up to 26x26.
pub struct MnkKind;

/// The registry's handle on the (m,n,k) games.
pub static MNK: MnkKind = MnkKind;

/// The board shape the options ask for: `--size N`, or `--rows`/`--cols`,
/// and `--k` (3, 3 and 3 when not given). `None` when none was given.
pub fn shape(options: &GameOptions) -> Result<Option<(u8, u8, u8)>, GameError> {
    // Read wide and checked below, so that -3 or 300 is refused with the
    // range (as 27 is), not as a value of no type.
    let size: Option<i64> = options.get("size")?;
    let rows: Option<i64> = options.get("rows")?;
    let cols: Option<i64> = options.get("cols")?;
    let k: Option<i64> = options.get("k")?;
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
    let k = k.unwrap_or(3);
    // `value` as a byte from 1 to `max`, else the range named for `name`.
    let within = |name: &str, value: i64, max: u8, context: String| {
        u8::try_from(value)
            .ok()
            .filter(|v| (1..=max).contains(v))
            .ok_or_else(|| {
                GameError::option(
                    name,
                    OptionProblem::OutOfRange {
                        value,
                        min: 1,
                        max: max.into(),
                        context,
                    },
                )
            })
    };
    let side_name = |name| if size.is_some() { "size" } else { name };
    let rows = within(side_name("rows"), rows, MAX_SIDE, String::new())?;
    let cols = within(side_name("cols"), cols, MAX_SIDE, String::new())?;
    let k = within("k", k, rows.max(cols), format!(" on a {rows}x{cols} board"))?;
    Ok(Some((rows, cols, k)))
}

/// True when the options ask for the swap2 opening (`--opening swap2`).
fn swap2_opening(options: &GameOptions) -> Result<bool, GameError> {
    let text: Option<String> = options.get("opening")?;
    match text.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None | Some("none") => Ok(false),
        Some("swap2") => Ok(true),
        Some(other) => Err(GameError::option(
            "opening",
            OptionProblem::Invalid {
                value: other.into(),
                why: "the opening is none or swap2".into(),
                example: None,
            },
        )),
    }
}

/// What each rule means, for the option's help and its error.
const RULES_TEXT: &str = "freestyle (k or more in a row win, the default), exact (exactly k; \
     an overline does not), renju (k = 5: X, black, wins with exactly five and may not make \
     an overline, a double four or a double three; O wins with five or more) or caro \
     (k or more, but not exactly k with an opponent's stone at both ends)";

/// The winning rule the options ask for (`--rule`): freestyle (the
/// default), exact, renju or caro; see [`Rule`].
pub fn rule(options: &GameOptions) -> Result<Rule, GameError> {
    let text: Option<String> = options.get("rule")?;
    let Some(given) = text.as_deref() else {
        return Ok(Rule::Freestyle);
    };
    let wanted = given.trim().to_ascii_lowercase();
    Rule::ALL
        .into_iter()
        .find(|rule| rule.name() == wanted)
        .ok_or_else(|| {
            GameError::option(
                "rule",
                OptionProblem::Invalid {
                    value: ply_engine::echo::shown(given),
                    why: format!("the rule is {RULES_TEXT}"),
                    example: Some("renju".into()),
                },
            )
        })
}

/// True when the 64-bit board plays this shape and rule: freestyle on a
/// board of at most 8 x 8; every other board, and every other rule (exact,
/// renju, caro), is a [`MnkWide`].
pub fn fits_bitboard(rows: u8, cols: u8, rule: Rule) -> bool {
    rule == Rule::Freestyle && rows <= BITBOARD_SIDE && cols <= BITBOARD_SIDE
}

impl GameKind for MnkKind {
    fn name(&self) -> &'static str {
        "mnk"
    }

    fn summary(&self) -> &'static str {
        "(m,n,k) games: k in a row on a board up to 26x26, Gomoku among them (X moves first)"
    }

    fn title(&self) -> &'static str {
        "k in a row (m,n,k)"
    }

    fn score_unit(&self) -> &'static str {
        "points of the engine's count of open lines and threats (a forced win is thousands)"
    }

    fn record_formats(&self) -> Vec<ply_engine::RecordFormat> {
        vec![ply_engine::RecordFormat {
            name: crate::gomocup_record::GOMOCUP,
            about: "the Gomocup protocol's BOARD text, as piskvork sends a position to an engine",
        }]
    }

    fn write_record(
        &self,
        format: &str,
        options: &GameOptions,
        start: &str,
        moves: &[String],
    ) -> Result<String, GameError> {
        if format != crate::gomocup_record::GOMOCUP {
            return Err(GameError::Unsupported(format!(
                "k-in-a-row games are written as {}, not {format}",
                crate::gomocup_record::GOMOCUP
            )));
        }
        let mut session = self.new_session(options)?;
        session.set_position(start)?;
        crate::gomocup_record::write(session.as_mut(), moves)
    }

    fn read_record(
        &self,
        format: &str,
        _options: &GameOptions,
        text: &str,
    ) -> Result<ply_engine::GameRecord, GameError> {
        if format != crate::gomocup_record::GOMOCUP {
            return Err(GameError::Unsupported(format!(
                "k-in-a-row games are read from {}, not {format}",
                crate::gomocup_record::GOMOCUP
            )));
        }
        crate::gomocup_record::read(text)
    }

    fn rules(&self) -> &'static str {
        "Tic-tac-toe on any board: X and O take turns marking an empty square, and the first \
         to get k marks in a row, column or diagonal wins (with the exact rule, exactly k)."
    }

    fn presets(&self) -> Vec<ply_engine::Preset> {
        vec![ply_engine::Preset {
            title: "Gomoku",
            rules: "Five in a row on a 15 x 15 board: X (black) and O (white) take turns \
                    placing a stone; the first to get five or more in a row wins.",
            options: &[("size", "15"), ("k", "5")],
        }]
    }

    fn position_notation(&self) -> PositionNotation {
        PositionNotation {
            description: "the cells row by row from the top: X, O, or - for empty (X moves first, so the side to move follows from the counts)",
            example: "X---O----",
        }
    }

    fn options(&self) -> Vec<OptionSpec> {
        vec![
            OptionSpec::value("rows", "M", "rows on the board, 1-26 (default 3)")
                .labelled("Rows")
                .number(1, 26, 1),
            OptionSpec::value("cols", "N", "columns on the board, 1-26 (default 3)")
                .labelled("Columns")
                .number(1, 26, 1),
            OptionSpec::value("size", "N", "an N x N board (instead of rows and cols)")
                .with_role(OptionRole::Setup)
                .labelled("Square board (instead of rows and columns)")
                .number(1, 26, 1),
            OptionSpec::value("k", "K", "how many in a row win (default 3)")
                .with_role(OptionRole::Setup)
                .labelled("In a row to win")
                .number(1, 26, 1),
            OptionSpec::value("rule", "RULE", RULES_TEXT)
                .labelled("Rule")
                .choice(&["freestyle", "exact", "renju", "caro"]),
            OptionSpec::flag(
                "prove",
                "solve: prove win or draw by the proof search (shows its size and time); \
                 automatic above 30 empty squares on boards up to 8x8 unless a depth is given",
            )
            .only_for(SOLVE),
            OptionSpec::value(
                "proof-time",
                "SECONDS",
                "solve: the proof search's time limit (default 60; a move time sets it instead)",
            )
            .only_for(SOLVE),
            OptionSpec::value(
                "proof-method",
                "METHOD",
                "solve: dfpn (depth-first proof-number search, the default) or dfs (the plain depth-first search)",
            )
            .only_for(SOLVE),
            OptionSpec::value(
                "opening",
                "RULE",
                "play: the opening rule, none (the default: the first player keeps black) or \
                 swap2 (the first player places three stones, the second takes black, takes \
                 white and plays, or places two more and leaves the choice of colour)",
            )
            .labelled("Opening")
            .choice(&["none", "swap2"])
            .only_for(PLAY),
            OptionSpec::value(
                "dictionary",
                "TABLE",
                "where a search with a depth stores its configurations: engine (the engine's \
                 table, the default) or chained (the (n,k)-tic-tac-toe request's hash table \
                 with separate chaining; --stats shows its collisions and chains)",
            )
            .only_for(PLAY_AND_SOLVE),
        ]
    }

    fn new_session(&self, options: &GameOptions) -> Result<Box<dyn Session>, GameError> {
        let (rows, cols, k) = shape(options)?.unwrap_or((3, 3, 3));
        let rule = rule(options)?;
        if rule == Rule::Renju && k != 5 {
            return Err(GameError::option(
                "rule",
                OptionProblem::Invalid {
                    value: "renju".into(),
                    why: format!(
                        "renju is played with five in a row, and k is {k} here (add --k 5)"
                    ),
                    example: None,
                },
            ));
        }
        let dictionary = dictionary_choice(options)?;
        let swap2 = swap2_opening(options)?;
        if swap2 && (fits_bitboard(rows, cols, rule) || k != 5) {
            return Err(GameError::option(
                "opening",
                OptionProblem::Invalid {
                    value: "swap2".into(),
                    why: "swap2 is a Gomoku opening: play it with five in a row on a board \
                          larger than 8x8 (as --size 15 --k 5)"
                        .into(),
                    example: None,
                },
            ));
        }
        // Chosen once: the 64-bit board where it fits, else the wide one.
        if fits_bitboard(rows, cols, rule) {
            // Its analyzers and computers read the dictionary choice.
            Ok(GameSession::boxed_with_options(
                Mnk::new(rows, cols, k)?,
                options,
            ))
        } else if dictionary == DictionaryChoice::Chained {
            Err(GameError::Unsupported(
                "the chained dictionary takes freestyle boards of at most 8x8".into(),
            ))
        } else {
            let game = MnkWide::new(rows, cols, k, rule)?;
            let game = if swap2 { game.with_swap2() } else { game };
            Ok(GameSession::boxed(game))
        }
    }

    /// (n,k)-tic-tac-toe and its m x n generalisation show the four scores.
    fn shows_four_scores(&self) -> bool {
        true
    }

    /// The (n,k) program asked for n, k and its maximum search depth.
    fn menu_asks_depth(&self) -> bool {
        true
    }

    /// The benchmark boards, or the one board the options name.
    fn bench(&self, options: &GameOptions, config: &EngineConfig) -> Result<String, GameError> {
        match shape(options)? {
            Some(board) => crate::bench::run_bench(&[board], config),
            None => crate::bench::run_bench(crate::bench::BENCH_BOARDS, config),
        }
    }
}
