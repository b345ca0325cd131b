//! One game of a tournament between two contenders, bots or contest
//! entries, with every moment each of them spends charged to it.

use std::time::{Duration, Instant};

use super::entry::{Entry, FaultKind};
use super::{ArenaConfig, Ending, GameRecord};
use crate::game::GameResult;
use crate::session::{Bot, Session};

/// Who plays in a seat.
pub(super) enum Contender {
    Bot(Bot),
    Entry(Box<dyn Entry>),
}

/// The names and seats of a game's two players.
pub(super) struct Seating<'a> {
    /// Indices into the player list: who moves first and second.
    pub seats: [usize; 2],
    /// Every player's display name.
    pub names: &'a [String],
    /// Time already charged to each seat for this game (building its bot).
    pub charged: [Duration; 2],
}

impl From<FaultKind> for Ending {
    fn from(kind: FaultKind) -> Ending {
        match kind {
            FaultKind::Crashed => Ending::Crashed,
            FaultKind::TimedOut => Ending::TimedOut,
            FaultKind::IllegalAnswer => Ending::IllegalAnswer,
        }
    }
}

/// Plays one game from the session's start: `players[0]` (player
/// `seating.seats[0]`) moves first. A player that fails to move loses.
pub(super) fn play_game(
    session: &mut dyn Session,
    players: [&mut Contender; 2],
    config: &ArenaConfig,
    seating: Seating<'_>,
    keep: bool,
) -> GameRecord {
    let Seating {
        seats,
        names,
        charged,
    } = seating;
    let mut thinking = charged;
    let game_time = config.game_time();
    let mut called = [false; 2];
    let mut plies = 0;
    let mut error = None;
    let (winner, ending) = loop {
        if let Some(result) = session.result() {
            let winner = match result {
                GameResult::Win(side) => Some(seats[side.index()]),
                GameResult::Draw => None,
            };
            break (winner, Ending::Rules);
        }
        if plies >= config.max_plies {
            break (None, Ending::MaxMoves);
        }
        let seat = session.to_move().index();
        let other = Some(seats[1 - seat]);
        let name = &names[seats[seat]];
        let took = match &mut *players[seat] {
            Contender::Bot(bot) => {
                let clock = Instant::now();
                let moved = session.bot_move(bot);
                let took = clock.elapsed();
                thinking[seat] += took;
                if let Err(e) = moved {
                    error = Some(e.to_string());
                    break (other, Ending::BotError);
                }
                took
            }
            Contender::Entry(entry) => {
                let new_game = !called[seat];
                called[seat] = true;
                match entry.play(&*session, new_game, config.entry_move_time()) {
                    Ok(answer) => {
                        thinking[seat] += answer.took;
                        if let Err(e) = session.play(&answer.mv) {
                            error = Some(format!(
                                "{name} answered {}, a move it may not play: {e}",
                                answer.mv
                            ));
                            break (other, Ending::IllegalAnswer);
                        }
                        answer.took
                    }
                    Err(fault) => {
                        thinking[seat] += fault.took;
                        error = Some(format!("{name} {}", fault.reason));
                        break (other, fault.kind.into());
                    }
                }
            }
        };
        plies += 1;
        if config.move_time.is_some_and(|limit| took > limit) {
            break (None, Ending::MoveTime);
        }
        // The contest's rule: over the game's time limit, a draw (the time
        // stays charged to whoever spent it).
        if game_time.is_some_and(|limit| thinking[0] + thinking[1] > limit) {
            break (None, Ending::GameTime);
        }
    };
    GameRecord {
        first: seats[0],
        second: seats[1],
        winner,
        ending,
        opening: None,
        plies,
        thinking_ms: thinking.map(|t| t.as_secs_f64() * 1e3),
        moves: if keep {
            session.moves_played()
        } else {
            Vec::new()
        },
        error,
    }
}
