//! A plain, independent Othello on a 2D array: the slow reference the fast
//! bitboard code is checked against.
#![allow(dead_code)]

pub mod plain;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    Empty,
    Black,
    White,
}

#[derive(Clone, Debug)]
pub struct Naive {
    pub n: usize,
    pub cells: Vec<Vec<Cell>>,
    /// The side to move.
    pub black_to_move: bool,
}

const DIRS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

impl Naive {
    pub fn new(n: usize) -> Naive {
        let mut cells = vec![vec![Cell::Empty; n]; n];
        let h = n / 2;
        cells[h - 1][h - 1] = Cell::White;
        cells[h][h] = Cell::White;
        cells[h - 1][h] = Cell::Black;
        cells[h][h - 1] = Cell::Black;
        Naive {
            n,
            cells,
            black_to_move: true,
        }
    }

    /// Reads an OBF position.
    pub fn from_obf(text: &str) -> Naive {
        let mut parts = text.split_whitespace();
        let cells: Vec<char> = parts.next().unwrap().chars().collect();
        let n = (cells.len() as f64).sqrt() as usize;
        let mut board = vec![vec![Cell::Empty; n]; n];
        for (i, c) in cells.iter().enumerate() {
            board[i / n][i % n] = match c {
                'X' => Cell::Black,
                'O' => Cell::White,
                _ => Cell::Empty,
            };
        }
        Naive {
            n,
            cells: board,
            black_to_move: parts.next().unwrap().trim_end_matches(';') == "X",
        }
    }

    fn me(&self) -> Cell {
        if self.black_to_move {
            Cell::Black
        } else {
            Cell::White
        }
    }

    fn them(&self) -> Cell {
        if self.black_to_move {
            Cell::White
        } else {
            Cell::Black
        }
    }

    /// Discs flipped by the side to move playing (r, c).
    pub fn flips(&self, r: usize, c: usize) -> Vec<(usize, usize)> {
        let mut all = Vec::new();
        if self.cells[r][c] != Cell::Empty {
            return all;
        }
        for (dr, dc) in DIRS {
            let mut line = Vec::new();
            let (mut rr, mut cc) = (r as i32 + dr, c as i32 + dc);
            while rr >= 0 && cc >= 0 && (rr as usize) < self.n && (cc as usize) < self.n {
                let cell = self.cells[rr as usize][cc as usize];
                if cell == self.them() {
                    line.push((rr as usize, cc as usize));
                } else {
                    if cell == self.me() && !line.is_empty() {
                        all.extend(line.iter().copied());
                    }
                    break;
                }
                rr += dr;
                cc += dc;
            }
        }
        all
    }

    pub fn moves(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for r in 0..self.n {
            for c in 0..self.n {
                if !self.flips(r, c).is_empty() {
                    out.push((r, c));
                }
            }
        }
        out
    }

    pub fn play(&self, r: usize, c: usize) -> Naive {
        let mut next = self.clone();
        for (fr, fc) in self.flips(r, c) {
            next.cells[fr][fc] = self.me();
        }
        next.cells[r][c] = self.me();
        next.black_to_move = !self.black_to_move;
        next
    }

    pub fn pass(&self) -> Naive {
        let mut next = self.clone();
        next.black_to_move = !self.black_to_move;
        next
    }

    pub fn count(&self, cell: Cell) -> i32 {
        self.cells.iter().flatten().filter(|&&c| c == cell).count() as i32
    }

    /// Perft the standard way: passes are plies, an ended game is one leaf.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if moves.is_empty() {
            if self.pass().moves().is_empty() {
                return 1;
            }
            return self.pass().perft(depth - 1);
        }
        moves
            .iter()
            .map(|&(r, c)| self.play(r, c).perft(depth - 1))
            .sum()
    }

    /// Exact final margin for the side to move (empties to the winner) by
    /// plain minimax.
    pub fn minimax(&self) -> i32 {
        let moves = self.moves();
        if moves.is_empty() {
            let passed = self.pass();
            if passed.moves().is_empty() {
                let mine = self.count(self.me());
                let theirs = self.count(self.them());
                let empty = self.count(Cell::Empty);
                let diff = mine - theirs;
                return diff.signum() * (diff.abs() + empty);
            }
            return -passed.minimax();
        }
        moves
            .iter()
            .map(|&(r, c)| -self.play(r, c).minimax())
            .max()
            .unwrap()
    }

    /// Exact final margin and game length for the side to move, by plain
    /// minimax on the margin first, then the length (plies to the end,
    /// passes counted): the winner ends fastest, the loser holds out
    /// longest; a draw's length is 0 here (it has none to prove).
    pub fn minimax_with_length(&self) -> (i32, u32) {
        // Lexicographic: margin first, then minus the length for a win,
        // plus it for a loss.
        let key = |(m, l): (i32, u32)| (m, -m.signum() * l as i32);
        let moves = self.moves();
        let passed = self.pass();
        if moves.is_empty() && passed.moves().is_empty() {
            return (self.minimax(), 0);
        }
        let children: Vec<Naive> = if moves.is_empty() {
            vec![passed]
        } else {
            moves.iter().map(|&(r, c)| self.play(r, c)).collect()
        };
        let (m, l) = children
            .iter()
            .map(|child| {
                let (m, l) = child.minimax_with_length();
                (-m, l + 1)
            })
            .max_by_key(|&v| key(v))
            .unwrap();
        (m, if m == 0 { 0 } else { l })
    }

    pub fn to_obf(&self) -> String {
        let mut s: String = self
            .cells
            .iter()
            .flatten()
            .map(|c| match c {
                Cell::Black => 'X',
                Cell::White => 'O',
                Cell::Empty => '-',
            })
            .collect();
        s.push(' ');
        s.push(if self.black_to_move { 'X' } else { 'O' });
        s
    }
}
