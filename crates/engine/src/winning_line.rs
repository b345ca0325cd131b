//! The line that won a k-in-a-row game, found on the board a front end
//! draws, so it can be highlighted.

/// The squares (row by row) of the longest run of one side's pieces of at
/// least `k` (exactly `k` when `exact`), or none; `empty` is what an empty
/// square holds (generic, so this module needs no board type).
pub fn winning_run<T: Copy + PartialEq>(
    rows: usize,
    cols: usize,
    cells: &[T],
    empty: T,
    k: usize,
    exact: bool,
) -> Vec<usize> {
    let at = |r: isize, c: isize| {
        (r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols)
            .then(|| cells[r as usize * cols + c as usize])
    };
    let mut best: Vec<usize> = Vec::new();
    for (start, &piece) in cells.iter().enumerate().take(rows * cols) {
        if piece == empty {
            continue;
        }
        let (r, c) = ((start / cols) as isize, (start % cols) as isize);
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            // Only from a run's first square.
            if at(r - dr, c - dc) == Some(piece) {
                continue;
            }
            let run: Vec<usize> = (0..)
                .map(|i| (r + i * dr, c + i * dc))
                .take_while(|&(rr, cc)| at(rr, cc) == Some(piece))
                .map(|(rr, cc)| rr as usize * cols + cc as usize)
                .collect();
            let wins = if exact {
                run.len() == k
            } else {
                run.len() >= k
            };
            if wins && run.len() > best.len() {
                best = run;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    const E: char = '-';
    const X: char = 'X';
    const O: char = 'O';
    fn run(rows: usize, cols: usize, cells: &[char], k: usize, exact: bool) -> Vec<usize> {
        winning_run(rows, cols, cells, E, k, exact)
    }

    #[test]
    fn the_run_that_won_is_found_and_overlines_follow_the_rule() {
        let cells = [X, X, X, O, O, E, E, E, E];
        assert_eq!(run(3, 3, &cells, 3, false), [0, 1, 2]);
        let diagonal = [X, O, E, O, X, E, E, E, X];
        assert_eq!(run(3, 3, &diagonal, 3, false), [0, 4, 8]);
        let anti = [O, E, X, E, X, O, X, E, E];
        assert_eq!(run(3, 3, &anti, 3, false), [2, 4, 6]);
        let four = [X, X, X, X, E];
        assert_eq!(run(1, 5, &four, 3, false), [0, 1, 2, 3]);
        assert!(run(1, 5, &four, 3, true).is_empty());
        assert!(run(3, 3, &[E; 9], 3, false).is_empty());
    }
}
