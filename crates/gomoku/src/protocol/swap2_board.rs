//! `SWAP2BOARD` ... `DONE`: the swap2 opening's stones so far, answered
//! by the engine's choice ([`crate::decide_swap2`]).

use super::*;

impl Brain {
    pub(super) fn swap2_line(&mut self, line: &str) -> Reply {
        match (parse_pair(line), self.swap2_data.as_mut()) {
            (Some(cell), Some(data)) => {
                data.push(cell);
                Reply::none()
            }
            _ => Reply::line(format!(
                "ERROR a SWAP2BOARD line is x,y, not {}",
                shown(line)
            )),
        }
    }

    /// The swap2 answer to the stones sent (black, white, black, ...): the
    /// three opening stones on an empty board; `SWAP`, one white stone or
    /// two more stones after three; `SWAP` or a white stone after five.
    /// The position is kept with our colour as chosen, so the game goes
    /// on from it with `TURN` (or a fresh `BOARD`).
    pub(super) fn swap2_done(&mut self, received: Instant) -> Reply {
        let data = self.swap2_data.take().unwrap_or_default();
        let Some((width, height)) = self.size else {
            return Reply::line("ERROR SWAP2BOARD before START");
        };
        if !matches!(data.len(), 0 | 3 | 5) {
            return Reply::line(format!("ERROR {}", GomokuError::Swap2Stones(data.len())));
        }
        let mut board = match Board::new(width, height, K, self.rule) {
            Ok(board) => board,
            Err(error) => return Reply::line(format!("ERROR {}", protocol_text(&error))),
        };
        let colour_of = |i: usize| {
            if i.is_multiple_of(2) {
                Stone::Black
            } else {
                Stone::White
            }
        };
        for (i, &(x, y)) in data.iter().enumerate() {
            if x >= width || y >= height {
                return Reply::line(format!("ERROR {x},{y} is off the {width} x {height} board"));
            }
            if let Err(error) = board.play(Move::new(x, y), colour_of(i)) {
                return Reply::line(format!("ERROR {}", protocol_text(&error)));
            }
        }
        if board.winner().is_some() {
            return Reply::line("ERROR the game is over: the swap2 stones make five in a row");
        }
        self.ready_engine();
        let (budget, _) = self.clock.budget();
        let deadline = Deadline::after(Some(budget.saturating_sub(received.elapsed())));
        let decision = match crate::decide_swap2(&mut self.engine, &board, deadline) {
            Ok(decision) => decision,
            Err(error) => return Reply::line(format!("ERROR {}", protocol_text(&error))),
        };
        // Our colour: black when we swap or open (the opener's colour until
        // the opponent chooses), else white.
        let (ours, extra): (Stone, Vec<Move>) = match decision.answer {
            crate::Swap2Answer::Opening(stones) => (Stone::Black, stones.to_vec()),
            crate::Swap2Answer::Swap => (Stone::Black, Vec::new()),
            crate::Swap2Answer::Play(mv) => (Stone::White, vec![mv]),
            // The opener chooses next; until then it holds black.
            crate::Swap2Answer::Place(stones) => (Stone::White, stones.to_vec()),
        };
        let cells: Vec<(usize, usize)> = data
            .iter()
            .copied()
            .chain(extra.iter().map(|m| (usize::from(m.x), usize::from(m.y))))
            .collect();
        let fresh = self.start(width, height);
        if fresh.lines.first().map(String::as_str) != Some("OK") {
            return fresh;
        }
        for (i, &cell) in cells.iter().enumerate() {
            let field = if colour_of(i) == ours {
                Field::Own
            } else {
                Field::Theirs
            };
            self.align_colours(field);
            if let Err(reply) = self.place(cell, field) {
                return reply;
            }
        }
        let shown_value = |v: i32| {
            if v.abs() >= 900_000 {
                if v > 0 {
                    "a proven win".to_string()
                } else {
                    "a proven loss".to_string()
                }
            } else {
                format!("{v:+}")
            }
        };
        let answer = match decision.answer {
            crate::Swap2Answer::Swap => "SWAP".to_string(),
            _ => extra
                .iter()
                .map(|m| format!("{},{}", m.x, m.y))
                .collect::<Vec<_>>()
                .join(" "),
        };
        let why = match (decision.answer, decision.white_value) {
            (crate::Swap2Answer::Opening(_), white) => format!(
                "swap2: opening stones placed as near even as found (white to move {})",
                white.map_or("unsearched".to_string(), shown_value)
            ),
            (crate::Swap2Answer::Swap, Some(white)) => format!(
                "swap2: taking black (white to move is {} for white)",
                shown_value(white)
            ),
            (crate::Swap2Answer::Play(_), Some(white)) => format!(
                "swap2: taking white (white to move is {} for white)",
                shown_value(white)
            ),
            (crate::Swap2Answer::Place(_), Some(white)) => format!(
                "swap2: two stones placed, the choice left to the opponent \
                 (white to move was {} for white)",
                shown_value(white)
            ),
            _ => "swap2".to_string(),
        };
        Reply {
            lines: vec![
                format!("MESSAGE {why}, {} ms", received.elapsed().as_millis()),
                answer,
            ],
            quit: false,
        }
    }
}
