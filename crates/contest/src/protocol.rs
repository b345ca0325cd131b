//! The line protocol between the referee and an entry's host process.
//!
//! The host speaks first, once: `ready` (the library is loaded) or
//! `refused REASON`. Then each call is one line from the referee, `play
//! NONCE B0 .. B8 PREVIOUS PLAYER NEWGAME` (a number the referee draws at
//! random for this call, then the contest interface's board,
//! `opponentPreviousPlay`, `playerNumber` and `newGame` as integers), and
//! one line back, `move NONCE ANSWER` (the call's number, and what
//! `PlayTrilite` returned), or `fault stack` / `fault memory` when the
//! entry dies of exhausting its stack or its memory. End of input ends the
//! host.
//!
//! The entry runs in the host's process and can write to the host's
//! descriptors, so nothing the host says is trusted for time: the referee
//! charges the time it measures itself, from writing the call to reading
//! the answer, and a reply that does not carry the call's number (the
//! entry cannot know it unless it reads the host's memory) breaks the
//! protocol.

/// The longest line either side sends; anything longer is a broken peer.
pub const MAX_LINE: usize = 256;

/// One call of `PlayTrilite`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// The call's number, drawn at random by the referee.
    pub nonce: u64,
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
            "play {} {} {} {} {}\n",
            self.nonce,
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
        let nonce = words.next()?.parse().ok()?;
        let numbers: Vec<i32> = words.map(str::parse).collect::<Result<_, _>>().ok()?;
        let [board @ .., previous, player, new_game] = numbers.as_slice() else {
            return None;
        };
        Some(Request {
            nonce,
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
    Ready,
    Refused(String),
    Move {
        nonce: u64,
        answer: i32,
    },
    /// The entry died of a fault the host recognised.
    Fault(Fault),
}

/// A fault the host recognises in its signal handler.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The entry's calls overflowed their stack.
    Stack,
    /// The entry reached its memory limit.
    Memory,
}

impl Fault {
    /// The reply line, as bytes a signal handler can write.
    pub fn line(self) -> &'static [u8] {
        match self {
            Fault::Stack => b"fault stack\n",
            Fault::Memory => b"fault memory\n",
        }
    }
}

impl Reply {
    pub fn line(&self) -> String {
        match self {
            Reply::Ready => "ready\n".to_string(),
            // One line whatever the reason says.
            Reply::Refused(reason) => format!("refused {}\n", reason.replace(['\n', '\r'], " ")),
            Reply::Move { nonce, answer } => format!("move {nonce} {answer}\n"),
            Reply::Fault(fault) => String::from_utf8_lossy(fault.line()).into_owned(),
        }
    }

    pub fn parse(line: &str) -> Option<Reply> {
        let line = line.trim_end_matches(['\n', '\r']);
        if line == "ready" {
            return Some(Reply::Ready);
        }
        let (word, rest) = line.split_once(' ')?;
        match (word, rest) {
            ("refused", _) => Some(Reply::Refused(rest.to_string())),
            ("fault", "stack") => Some(Reply::Fault(Fault::Stack)),
            ("fault", "memory") => Some(Reply::Fault(Fault::Memory)),
            ("move", _) => {
                let (nonce, answer) = rest.split_once(' ')?;
                Some(Reply::Move {
                    nonce: nonce.parse().ok()?,
                    answer: answer.parse().ok()?,
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
        fn requests_read_back(nonce: u64, board in proptest::array::uniform9(-1i32..4),
                              previous in -1i32..9, player in 1i32..3, new_game: bool) {
            let request = Request { nonce, board, previous, player, new_game };
            let line = request.line();
            prop_assert!(line.len() <= MAX_LINE);
            prop_assert_eq!(Request::parse(&line), Some(request));
        }

        #[test]
        fn replies_read_back(answer: i32, nonce: u64) {
            for reply in [
                Reply::Move { nonce, answer },
                Reply::Ready,
                Reply::Fault(Fault::Stack),
                Reply::Fault(Fault::Memory),
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
            Request::parse("play -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 1 1"),
            None,
            "no call number"
        );
        assert_eq!(
            Request::parse("play 7 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 1 2"),
            None
        );
        assert_eq!(
            Request::parse("move -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 1 1"),
            None
        );
        assert_eq!(Reply::parse("move 4"), None);
        assert_eq!(Reply::parse("fault 4"), None);
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
