//! The line protocol between the referee and an entry's host process.
//!
//! The host speaks first, once: `ready NANOS` (the library loaded in NANOS
//! nanoseconds) or `refused REASON`. Then each call is one line from the
//! referee, `play B0 .. B8 PREVIOUS PLAYER NEWGAME` (the contest interface's board,
//! `opponentPreviousPlay`, `playerNumber` and `newGame` as integers), and
//! one line back, `move ANSWER NANOS` (what `PlayTrilite` returned, and how
//! long the call took). End of input ends the host.

use std::time::Duration;

/// The longest line either side sends; anything longer is a broken peer.
pub const MAX_LINE: usize = 256;

/// One call of `PlayTrilite`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// The contest interface's `Board`: -1 empty, 0 and 1 player 1's staying and
    /// disappearing marks, 2 and 3 player 2's.
    pub board: [i32; 9],
    /// The square the opponent just took, or -1.
    pub previous: i32,
    /// 1 or 2.
    pub player: i32,
    pub new_game: bool,
}

impl Request {
    pub fn line(&self) -> String {
        let board: Vec<String> = self.board.iter().map(i32::to_string).collect();
        format!(
            "play {} {} {} {}\n",
            board.join(" "),
            self.previous,
            self.player,
            u8::from(self.new_game)
        )
    }

    pub fn parse(line: &str) -> Option<Request> {
        let mut words = line.split_ascii_whitespace();
        if words.next() != Some("play") {
            return None;
        }
        let numbers: Vec<i32> = words.map(str::parse).collect::<Result<_, _>>().ok()?;
        let [board @ .., previous, player, new_game] = numbers.as_slice() else {
            return None;
        };
        Some(Request {
            board: board.try_into().ok()?,
            previous: *previous,
            player: *player,
            new_game: match new_game {
                0 => false,
                1 => true,
                _ => return None,
            },
        })
    }
}

/// What the host says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    Ready { load: Duration },
    Refused(String),
    Move { answer: i32, took: Duration },
}

impl Reply {
    pub fn line(&self) -> String {
        match self {
            Reply::Ready { load } => format!("ready {}\n", load.as_nanos()),
            // One line whatever the reason says.
            Reply::Refused(reason) => format!("refused {}\n", reason.replace(['\n', '\r'], " ")),
            Reply::Move { answer, took } => format!("move {answer} {}\n", took.as_nanos()),
        }
    }

    pub fn parse(line: &str) -> Option<Reply> {
        let line = line.trim_end_matches(['\n', '\r']);
        let (word, rest) = line.split_once(' ')?;
        let nanos = |text: &str| text.parse::<u64>().ok().map(Duration::from_nanos);
        match word {
            "ready" => Some(Reply::Ready { load: nanos(rest)? }),
            "refused" => Some(Reply::Refused(rest.to_string())),
            "move" => {
                let (answer, took) = rest.split_once(' ')?;
                Some(Reply::Move {
                    answer: answer.parse().ok()?,
                    took: nanos(took)?,
                })
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn requests_read_back(board in proptest::array::uniform9(-1i32..4), previous in -1i32..9,
                              player in 1i32..3, new_game: bool) {
            let request = Request { board, previous, player, new_game };
            let line = request.line();
            prop_assert!(line.len() <= MAX_LINE);
            prop_assert_eq!(Request::parse(&line), Some(request));
        }

        #[test]
        fn replies_read_back(answer: i32, nanos: u64) {
            for reply in [
                Reply::Move { answer, took: Duration::from_nanos(nanos) },
                Reply::Ready { load: Duration::from_nanos(nanos) },
            ] {
                let line = reply.line();
                prop_assert!(line.len() <= MAX_LINE);
                prop_assert_eq!(Reply::parse(&line), Some(reply));
            }
        }

        #[test]
        fn any_line_is_read_or_refused(line in any::<String>()) {
            let _ = Request::parse(&line);
            let _ = Reply::parse(&line);
        }
    }

    #[test]
    fn malformed_lines_are_refused() {
        assert_eq!(Request::parse("play 1 2 3"), None);
        assert_eq!(
            Request::parse("play -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 1 2"),
            None
        );
        assert_eq!(
            Request::parse("move -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 1 1"),
            None
        );
        assert_eq!(Reply::parse("move 4"), None);
        assert_eq!(Reply::parse("move x 12"), None);
        assert_eq!(
            Reply::parse("refused no PlayTrilite\n"),
            Some(Reply::Refused("no PlayTrilite".into()))
        );
        assert_eq!(
            Reply::Refused("two\nlines".into()).line(),
            "refused two lines\n"
        );
    }
}
