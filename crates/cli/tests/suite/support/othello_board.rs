//! The GUIs' Othello board in the protocol tests: a plain square-by-square
//! Othello written here, independent of the engine's bitboards, that
//! checks every move an engine answers.

#![allow(dead_code)]

/// The GUI's board: 0 empty, 1 black, 2 white; squares row-major from A1.
#[derive(Clone)]
pub struct Board {
    pub cells: [u8; 64],
    pub black_to_move: bool,
}

impl Board {
    pub fn start() -> Board {
        let mut cells = [0; 64];
        cells[27] = 2; // D4
        cells[36] = 2; // E5
        cells[28] = 1; // E4
        cells[35] = 1; // D5
        Board {
            cells,
            black_to_move: true,
        }
    }

    pub fn me(&self) -> u8 {
        if self.black_to_move {
            1
        } else {
            2
        }
    }

    /// The discs a move flips, walking each of the eight directions.
    pub fn flips(&self, square: usize, me: u8) -> Vec<usize> {
        if self.cells[square] != 0 {
            return Vec::new();
        }
        let (r, c) = ((square / 8) as i32, (square % 8) as i32);
        let mut all = Vec::new();
        for (dr, dc) in [
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ] {
            let mut line = Vec::new();
            let (mut rr, mut cc) = (r + dr, c + dc);
            while (0..8).contains(&rr) && (0..8).contains(&cc) {
                let s = (rr * 8 + cc) as usize;
                match self.cells[s] {
                    0 => break,
                    x if x == me => {
                        all.extend(line.iter().copied());
                        break;
                    }
                    _ => line.push(s),
                }
                rr += dr;
                cc += dc;
            }
        }
        all
    }

    pub fn legal(&self, me: u8) -> Vec<usize> {
        (0..64).filter(|&s| !self.flips(s, me).is_empty()).collect()
    }

    pub fn play(&mut self, square: Option<usize>) {
        let me = self.me();
        if let Some(s) = square {
            let f = self.flips(s, me);
            assert!(!f.is_empty(), "illegal move {}", name(Some(s)));
            self.cells[s] = me;
            for x in f {
                self.cells[x] = me;
            }
        } else {
            assert!(self.legal(me).is_empty(), "pass with a legal move");
        }
        self.black_to_move = !self.black_to_move;
    }

    pub fn over(&self) -> bool {
        self.legal(1).is_empty() && self.legal(2).is_empty()
    }

    pub fn ggf_board(&self) -> String {
        let squares: String = self
            .cells
            .iter()
            .map(|&c| match c {
                1 => '*',
                2 => 'O',
                _ => '-',
            })
            .collect();
        format!("8 {squares} {}", if self.black_to_move { '*' } else { 'O' })
    }
}

pub fn name(square: Option<usize>) -> String {
    match square {
        None => "PA".into(),
        Some(s) => format!("{}{}", (b'A' + (s % 8) as u8) as char, s / 8 + 1),
    }
}

pub fn parse(text: &str) -> Option<usize> {
    if text.eq_ignore_ascii_case("pa") {
        return None;
    }
    let b = text.as_bytes();
    assert_eq!(b.len(), 2, "a move is two characters: {text:?}");
    let c = (b[0].to_ascii_uppercase() - b'A') as usize;
    let r = (b[1] - b'1') as usize;
    assert!(c < 8 && r < 8, "not a square: {text:?}");
    Some(r * 8 + c)
}
