//! Labels from a deeper search: each position the fit uses valued by the
//! engine with the hand-made evaluation searching `depth` plies, so that
//! the fit can learn what a search sees beyond its horizon rather than
//! only the outcome of weak games. One line a game in a labels file, its
//! positions' values in order: `W` a proved win for the side to move, `L`
//! a proved loss, else the score in the hand-made evaluation's units.

use std::path::Path;
use std::time::Duration;

use ply_engine::Deadline;
use ply_gomoku::{Engine, Evaluation, Rule, Score, SearchInfo};

use crate::games::{read_word_lines, write_word_lines, GameRecord, GamesError};
use crate::positions::for_each_position;

/// A position's value by the labelling search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchLabel {
    /// A proved win for the side to move.
    Win,
    /// A proved loss for the side to move.
    Loss,
    /// The search's score, in the hand-made evaluation's units.
    Score(i32),
}

impl SearchLabel {
    fn word(self) -> String {
        match self {
            SearchLabel::Win => "W".into(),
            SearchLabel::Loss => "L".into(),
            SearchLabel::Score(s) => s.to_string(),
        }
    }

    fn parse(word: &str) -> Option<SearchLabel> {
        match word {
            "W" => Some(SearchLabel::Win),
            "L" => Some(SearchLabel::Loss),
            _ => word.parse().ok().map(SearchLabel::Score),
        }
    }
}

/// Labels every position of `games` that the fit uses by the value a
/// search as `search` says finds.
pub fn label_games(
    games: &[GameRecord],
    search: Searching,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Vec<SearchLabel>> {
    search_positions(games, search, progress, |info| {
        match info.map(|i| (i.score, i.depth)) {
            Some((Score::Win(_), _)) => SearchLabel::Win,
            Some((Score::Loss(_), _)) => SearchLabel::Loss,
            // The root's threat search found a win by threes and fours
            // that no defence by fours refutes: evidence, not proof,
            // which the engine reports as an even score before any
            // iteration.
            Some((Score::Heuristic(0), 0)) => SearchLabel::Win,
            Some((Score::Heuristic(h), _)) => SearchLabel::Score(h),
            None => SearchLabel::Score(0),
        }
    })
}

/// How the positions of games files are searched: the rule and board,
/// the deepest iteration, the cap on a position's time, the threads.
#[derive(Clone, Copy, Debug)]
pub struct Searching {
    /// The rule the games were played under.
    pub rule: Rule,
    /// The board's side.
    pub size: usize,
    /// The deepest iteration.
    pub depth: u32,
    /// The cap on a position's time, in milliseconds.
    pub move_ms: u64,
    /// Threads, each searching whole games.
    pub threads: usize,
}

/// Searches every position of `games` that the fit uses with the hand-made
/// evaluation, as `search` says, and keeps what `read` takes from each
/// result: one list a game, its positions in order. Each game is searched
/// on one thread, its positions in order so the table helps.
pub(crate) fn search_positions<T: Send>(
    games: &[GameRecord],
    search: Searching,
    progress: &(dyn Fn(usize) + Sync),
    read: impl Fn(Option<SearchInfo>) -> T + Sync,
) -> Vec<Vec<T>> {
    let threads = search.threads.max(1);
    let done = std::sync::atomic::AtomicUsize::new(0);
    let read = &read;
    let mut labelled: Vec<(usize, Vec<T>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let done = &done;
                scope.spawn(move || {
                    let mut engine = Engine::new(16 << 20);
                    engine.set_max_depth(search.depth);
                    engine.set_evaluation(Evaluation::Patterns);
                    let mut out = Vec::new();
                    for (index, game) in games.iter().enumerate().skip(t).step_by(threads) {
                        engine.clear();
                        let mut labels = Vec::new();
                        for_each_position(
                            std::slice::from_ref(game),
                            search.rule,
                            search.size,
                            |_, board, side| {
                                let deadline =
                                    Deadline::after(Some(Duration::from_millis(search.move_ms)));
                                labels.push(read(engine.best_move(board, side, deadline)));
                            },
                        );
                        out.push((index, labels));
                        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                        progress(n);
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            // A labelling thread panicking is a bug: pass it on.
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    labelled.sort_by_key(|(i, _)| *i);
    labelled.into_iter().map(|(_, l)| l).collect()
}

/// Writes a labels file.
pub fn write_labels(path: &Path, labels: &[Vec<SearchLabel>]) -> Result<(), GamesError> {
    write_word_lines(path, labels, |l| l.word())
}

/// Reads a labels file.
pub fn read_labels(path: &Path) -> Result<Vec<Vec<SearchLabel>>, GamesError> {
    read_word_lines(path, "a label (W, L or a score)", SearchLabel::parse)
}
