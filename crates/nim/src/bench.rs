//! `ply bench nim`: the game tree, the reference searches and Bouton's
//! rule at full size, and the learner, each timed (median of a few runs).

use std::fmt::Write;
use std::time::{Duration, Instant};

use ply_engine::{BotSpec, EngineConfig, GameError, GameSession, Playable, Side};

use crate::count;
use crate::game::Nim;
use crate::memo::MemoSolver;
use crate::tree::TreeNode;

/// Runs per measurement; the report gives their median.
const RUNS: usize = 5;

fn median(
    mut f: impl FnMut() -> Result<String, GameError>,
) -> Result<(Duration, String), GameError> {
    let mut times = Vec::with_capacity(RUNS);
    let mut note = String::new();
    for _ in 0..RUNS {
        let started = Instant::now();
        note = f()?;
        times.push(started.elapsed());
    }
    times.sort();
    Ok((times[RUNS / 2], note))
}

/// The benchmark report.
pub fn run(config: &EngineConfig) -> Result<String, GameError> {
    let mut out = String::new();
    let mut line = |what: &str, (time, note): (Duration, String)| {
        let _ = writeln!(
            out,
            "{what:<52} {:>10.3} ms  {note}",
            time.as_secs_f64() * 1e3
        );
    };

    line(
        "build and mark the tree from 1,2,3",
        median(|| {
            let size = TreeNode::build(&[1, 2, 3], false).size();
            Ok(format!("{} nodes, {} leaves", size.nodes, size.leaves))
        })?,
    );
    line(
        "count the tree from 9,9,9 (memoised)",
        median(|| {
            let size =
                count::count_tree(&[9, 9, 9]).map_err(|e| GameError::Unsupported(e.to_string()))?;
            Ok(format!("{} nodes", count::with_commas(size.nodes)))
        })?,
    );
    line(
        "memoised search, all 1,000 positions of rows 0-9",
        median(|| {
            let mut memo = MemoSolver::new(false);
            for n in 0..1000u16 {
                memo.value(&[n / 100, n / 10 % 10, n % 10]);
            }
            Ok(format!("{} positions", memo.len()))
        })?,
    );
    line(
        "Bouton: value every move of 8 rows of 65,535",
        median(|| {
            let nim = Nim::new(&[65_535; 8], false);
            let analysis = nim.analyzer(config)?.analyze(&nim)?;
            Ok(format!(
                "{} moves, {}",
                analysis.moves.len(),
                analysis.value.describe()
            ))
        })?,
    );
    line(
        "learner: 1,000 games from 3,4,5 against random",
        median(|| {
            let mut session = GameSession::boxed(Nim::new(&[3, 4, 5], false));
            let mut learner = session.new_bot(&BotSpec::Learner(None), config)?;
            let mut random = session.new_bot(&BotSpec::Random, config)?;
            for game in 0..1000 {
                let seat = if game & 1 == 0 {
                    Side::First
                } else {
                    Side::Second
                };
                session.restart();
                while session.result().is_none() {
                    if session.to_move() == seat {
                        session.bot_move(&mut learner)?;
                    } else {
                        session.bot_move(&mut random)?;
                    }
                }
                session.game_over(&mut learner, seat)?;
            }
            Ok(String::new())
        })?,
    );
    Ok(out)
}
