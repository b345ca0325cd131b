//! The colour-settling openings of `ply play` ([`ColourOpening`]): swap2,
//! run before the moves. The first seat places three stones; the second
//! takes the first colour (`swap`), takes the second and plays a stone,
//! or places two more and leaves the choice to the first seat, who takes
//! the first colour (`swap`) or plays a stone of the second. A seat that
//! ends up with the other colour changes places for the rest of the game.

use std::io::{BufRead, Write};

use ply_engine::{ColourOpening, GameError, OpeningChoice, Side};

use super::{Answered, Play, Seat};
use crate::output::Output;
use ply_engine::echo;

/// One step of swap2: who answers and which answers it takes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// The first seat places the three opening stones.
    Three,
    /// The second seat: swap, one stone, or two more.
    AfterThree,
    /// The first seat again, after two more: swap or one stone.
    AfterFive,
}

impl Stage {
    /// Stone counts this stage takes, and whether `swap` is one of them.
    fn takes(self, stones: usize) -> bool {
        match self {
            Stage::Three => stones == 3,
            Stage::AfterThree => stones == 1 || stones == 2,
            Stage::AfterFive => stones == 1,
        }
    }

    fn may_swap(self) -> bool {
        self != Stage::Three
    }
}

/// How the opening ended.
pub(super) enum Settled {
    /// The game goes on from the opening's stones.
    Play,
    /// The person quit or the input ended.
    Quit,
}

impl Play<'_> {
    /// Runs the game's colour opening, if it has one and the game is at its
    /// start; seats change places when the second ends up with the first
    /// colour (`self.swapped` says so).
    pub(super) fn colour_opening<W: Write>(
        &mut self,
        input: &mut dyn BufRead,
        out: &mut Output<W>,
    ) -> anyhow::Result<Settled> {
        self.swapped = false;
        self.opening_plies = 0;
        let Some(ColourOpening::Swap2) = self.session.colour_opening() else {
            return Ok(Settled::Play);
        };
        if !self.session.moves_played().is_empty() {
            return Ok(Settled::Play);
        }
        let (first, second) = (
            self.session.side_name(Side::First),
            self.session.side_name(Side::Second),
        );
        writeln!(
            out,
            "Swap2: {a} places three stones ({first}, {second}, {first}); then {b} takes \
             {first} (swap), takes {second} and plays a stone, or places two more \
             ({second}, {first}) and leaves the choice of colour to {a}.",
            a = self.names[0],
            b = self.names[1],
        )?;
        let Some(_) = self.opening_turn(0, Stage::Three, input, out)? else {
            return Ok(Settled::Quit);
        };
        let Some(choice) = self.opening_turn(1, Stage::AfterThree, input, out)? else {
            return Ok(Settled::Quit);
        };
        match choice {
            OpeningChoice::Swap => self.swap_seats(out, 1, &first)?,
            OpeningChoice::Stones(stones) if stones.len() == 1 => {
                writeln!(out, "{} takes {second}.", self.names[1])?;
            }
            OpeningChoice::Stones(_) => {
                let Some(last) = self.opening_turn(0, Stage::AfterFive, input, out)? else {
                    return Ok(Settled::Quit);
                };
                match last {
                    OpeningChoice::Swap => {
                        writeln!(out, "{} takes {first}.", self.names[0])?;
                    }
                    OpeningChoice::Stones(_) => self.swap_seats(out, 0, &second)?,
                }
            }
        }
        self.opening_plies = self.session.moves_played().len();
        Ok(Settled::Play)
    }

    /// Seats change places: `seat` took the colour `colour`.
    fn swap_seats<W: Write>(
        &mut self,
        out: &mut Output<W>,
        seat: usize,
        colour: &str,
    ) -> anyhow::Result<()> {
        writeln!(out, "{} takes {colour}.", self.names[seat])?;
        self.seats.swap(0, 1);
        self.names.swap(0, 1);
        self.swapped = true;
        Ok(())
    }

    /// Seats back in their places after a game the opening swapped.
    pub(super) fn restore_seats(&mut self) {
        if self.swapped {
            self.seats.swap(0, 1);
            self.names.swap(0, 1);
            self.swapped = false;
        }
    }

    /// Seat `seat`'s answer at `stage`, its stones played; `None` when the
    /// person quit.
    fn opening_turn<W: Write>(
        &mut self,
        seat: usize,
        stage: Stage,
        input: &mut dyn BufRead,
        out: &mut Output<W>,
    ) -> anyhow::Result<Option<OpeningChoice<String>>> {
        let choice = match &self.seats[seat] {
            Seat::Human => match self.person_answer(seat, stage, input, out)? {
                Some(choice) => choice,
                None => return Ok(None),
            },
            Seat::Bot(_) => {
                let choice = self
                    .session
                    .opening_choice(&self.opening_config)
                    .ok_or_else(|| anyhow::anyhow!("this game has no colour opening"))??;
                let fits = match &choice {
                    OpeningChoice::Swap => stage.may_swap(),
                    OpeningChoice::Stones(stones) => stage.takes(stones.len()),
                };
                if !fits {
                    anyhow::bail!("the computer's swap2 answer does not fit this stage");
                }
                if let OpeningChoice::Stones(stones) = &choice {
                    self.place_all(stones)
                        .map_err(|e| anyhow::anyhow!("the computer's swap2 stones: {e}"))?;
                }
                choice
            }
            Seat::Program(..) => anyhow::bail!(
                "an engine program cannot play the swap2 opening here: let a person or \
                 the computer sit in its seat"
            ),
        };
        if let OpeningChoice::Stones(stones) = &choice {
            writeln!(out, "{} places {}", self.names[seat], stones.join(" "))?;
            writeln!(out, "{}", self.session.render(self.colour))?;
        }
        Ok(Some(choice))
    }

    /// Plays `stones` in turn; on a refusal (or a stone that would end the
    /// game) none of them stays played.
    fn place_all(&mut self, stones: &[String]) -> Result<(), GameError> {
        let mut played = 0;
        let mut refusal = None;
        for stone in stones {
            if let Err(error) = self.session.play(stone) {
                refusal = Some(error);
                break;
            }
            played += 1;
            if self.session.result().is_some() {
                refusal = Some(GameError::Unsupported(format!(
                    "{} would end the game: opening stones may not",
                    echo::shown(stone)
                )));
                break;
            }
        }
        match refusal {
            None => Ok(()),
            Some(error) => {
                for _ in 0..played {
                    self.session.undo();
                }
                Err(error)
            }
        }
    }

    /// A person's answer at the prompt: moves separated by spaces, or
    /// `swap`; `help`, `moves` and `quit` as in the game.
    fn person_answer<W: Write>(
        &mut self,
        seat: usize,
        stage: Stage,
        input: &mut dyn BufRead,
        out: &mut Output<W>,
    ) -> anyhow::Result<Option<OpeningChoice<String>>> {
        let (first, second) = (
            self.session.side_name(Side::First),
            self.session.side_name(Side::Second),
        );
        let ask = match stage {
            Stage::Three => format!("three stones ({first} {second} {first})"),
            Stage::AfterThree => {
                format!("swap (take {first}), one {second} stone, or two stones ({second} {first})")
            }
            Stage::AfterFive => format!("swap (take {first}) or one {second} stone"),
        };
        loop {
            write!(out, "{} (swap2), {ask}> ", self.names[seat])?;
            out.flush()?;
            let line = match self.answer_line(input, out)? {
                Answered::End => return Ok(None),
                Answered::Refused => continue,
                Answered::Text(line) => line,
            };
            let text = line.trim();
            match text.to_ascii_lowercase().as_str() {
                "" => continue,
                "quit" | "exit" | "q" => return Ok(None),
                "help" | "?" => {
                    writeln!(
                        out,
                        "Swap2: type {ask}, squares as the board names them, separated by \
                         spaces; or quit."
                    )?;
                    continue;
                }
                "moves" => {
                    writeln!(
                        out,
                        "Free squares: {}",
                        self.session.legal_moves().join(" ")
                    )?;
                    continue;
                }
                "swap" if stage.may_swap() => return Ok(Some(OpeningChoice::Swap)),
                _ => {}
            }
            let stones: Vec<String> = text.split_whitespace().map(str::to_string).collect();
            if !stage.takes(stones.len()) {
                writeln!(out, "Refused: type {ask}.")?;
                continue;
            }
            match self.place_all(&stones) {
                Ok(()) => return Ok(Some(OpeningChoice::Stones(stones))),
                Err(e) => writeln!(
                    out,
                    "Illegal: {}. Type 'help' for help.",
                    echo::escaped(&e.to_string())
                )?,
            }
        }
    }
}
