//! `ply train`: trains a learner bot and prints its learning curve.
//!
//! The curve has two measures per block of games: the learner's score
//! (win 1, draw 1/2) and the share of positions where its choice is a best
//! move. The positions are those reachable from the start (breadth first, up
//! to a limit), each valued once by the game's perfect analyzer; after every
//! block the learner is asked for its move in each of them.

use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressStyle};
use ply_engine::echo;
use ply_engine::{Bot, BotSpec, EngineConfig, GameKind, GameOptions, GameResult, Session, Side};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::common::{EngineArgs, PositionArgs};

/// A game longer than this is stopped and counted as a draw (games that can
/// go on forever), as in tournaments.
const MAX_PLIES: u32 = ply_engine::arena::DEFAULT_MAX_PLIES;

/// Most positions the best-move share is measured on.
const EVAL_LIMIT: usize = 20_000;
/// How long finding and valuing those positions may take.
const EVAL_TIME: Duration = Duration::from_secs(15);
/// The most training games.
const MAX_GAMES: u32 = 100_000_000;
/// The most points on the learning curve (`--block` small against `--games`).
const MAX_CURVE_POINTS: u32 = 10_000;
/// The largest transposition table of the perfect opponent and of the
/// evaluation, in MiB.
const MAX_HASH_MB: usize = ply_engine::arena::MAX_HASH_MB;

#[derive(clap::Args, Debug)]
pub struct TrainArgs {
    /// Number of training games (at most 100000000).
    #[arg(long, default_value_t = 1000, value_parser = parse_games)]
    pub games: u32,
    /// The opponent: random, perfect or self.
    #[arg(long, default_value = "random", value_parser = ["random", "perfect", "self"])]
    pub against: String,
    /// The learner's table: loaded if it exists, saved after every game (as
    /// with `--players learner:FILE`). Without it the table is not kept.
    #[arg(long, value_name = "FILE")]
    pub learner: Option<PathBuf>,
    /// The learner's seat: first, second, or both in turn.
    #[arg(long, default_value = "both", value_parser = ["first", "second", "both"])]
    pub seat: String,
    /// Chance that the learner's move is replaced by a random one, falling
    /// linearly to 0 over the training, so it also learns from positions its
    /// own choices would never reach.
    #[arg(long, value_name = "P", default_value_t = 0.2)]
    pub explore: f64,
    /// Games per point of the learning curve (default: points at 1, 2, 3, 5,
    /// 10, 20, 30, 50, ... games, so the early climb shows at any scale).
    #[arg(long, value_name = "N")]
    pub block: Option<u32>,
    /// Also draw the learning curve as an SVG chart in this file.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    #[command(flatten)]
    pub position: PositionArgs,
    #[command(flatten)]
    pub engine: EngineArgs,
}

/// One point of the learning curve.
#[derive(Clone, Copy, Debug)]
struct Point {
    games: u32,
    /// Score over the games since the previous point (none before training).
    score: Option<f64>,
    best_share: Option<f64>,
}

/// True when the curve gets a point after game `played`: every `block`
/// games, or after 1, 2, 3, 5 times the powers of ten; always after the
/// last game.
fn is_checkpoint(played: u32, games: u32, block: Option<u32>) -> bool {
    if played == games {
        return true;
    }
    match block {
        Some(block) => played / block * block == played,
        None => {
            // Strip the trailing zeros and look at what is left.
            let mut mantissa = played;
            while mantissa >= 10 && mantissa / 10 * 10 == mantissa {
                mantissa /= 10;
            }
            matches!(mantissa, 1 | 2 | 3 | 5)
        }
    }
}

/// A position of the evaluation set and its best moves.
struct EvalPosition {
    position: String,
    best: HashSet<String>,
}

pub fn run(kind: &dyn GameKind, options: &GameOptions, args: TrainArgs) -> anyhow::Result<()> {
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    if args.block == Some(0) {
        bail!("--block must be at least 1");
    }
    if let Some(block) = args.block {
        if args.games / block > MAX_CURVE_POINTS {
            bail!(
                "--block {block} gives {} points on the curve for {}: \
                 at most {MAX_CURVE_POINTS} (raise --block)",
                args.games / block,
                count(args.games, "game", "games")
            );
        }
    }
    if let Some(mb) = args.engine.hash_mb.filter(|&mb| mb > MAX_HASH_MB) {
        bail!("--hash for train is at most {MAX_HASH_MB} MiB, not {mb}");
    }
    let max_move_time = ply_engine::arena::MAX_MOVE_TIME;
    if args
        .engine
        .move_time_ms
        .is_some_and(|ms| u128::from(ms) > max_move_time.as_millis())
    {
        bail!(
            "--move-time for train is at most {} ms (one hour)",
            max_move_time.as_millis()
        );
    }
    if !(0.0..=1.0).contains(&args.explore) {
        bail!("--explore must be between 0 and 1");
    }
    if let Some(path) = &args.plot {
        check_plot(path)?;
    }
    let config = args.engine.config(None);
    let mut explorer = StdRng::seed_from_u64(config.seed.wrapping_add(2));
    let mut session = args.position.session(kind, options)?;
    let start = session.position();
    let mut learner = session.new_bot(&BotSpec::Learner(args.learner.clone()), &config)?;
    let mut opponent = match args.against.as_str() {
        "random" => Some(session.new_bot(&BotSpec::Random, &opponent_config(&config))?),
        "perfect" => Some(session.new_bot(&BotSpec::Perfect, &opponent_config(&config))?),
        _ => None,
    };

    let eval = evaluation_set(session.boxed_clone(), &config);
    let eval_note = match &eval {
        Some(set) if set.len() >= EVAL_LIMIT => {
            format!("best moves measured on the first {} positions", set.len())
        }
        Some(set) => format!("best moves measured on all {} positions", set.len()),
        None => "best moves not measured: valuing this game's positions takes too long".into(),
    };

    // Written rather than printed, so a closed pipe is an error, not a panic.
    let mut out = Stdout(std::io::stdout().lock());
    writeln!(
        out,
        "training a learner at {} {start} against {} for {}; {eval_note}",
        kind.name(),
        args.against,
        count(args.games, "game", "games"),
    )?;
    let whose = if opponent.is_some() {
        "the learner's score"
    } else {
        "the first player's score"
    };
    writeln!(
        out,
        "score: {whose} over the games since the line before (win 1, draw 1/2)"
    )?;
    writeln!(out, "{:>8}  {:>6}  {:>10}", "games", "score", "best moves")?;
    let untrained = Point {
        games: 0,
        score: None,
        best_share: match &eval {
            Some(set) => Some(best_share(session.as_mut(), &start, &mut learner, set)?),
            None => None,
        },
    };
    writeln!(out, "{}", format_point(&untrained))?;

    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(args.games as u64);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} games {elapsed} (eta {eta})")
        {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };

    let mut curve = vec![untrained];
    let mut block_score = 0.0;
    let mut stopped = 0u32;
    for game in 0..args.games {
        let seat = match args.seat.as_str() {
            "first" => Side::First,
            "second" => Side::Second,
            _ if game & 1 == 0 => Side::First,
            _ => Side::Second,
        };
        session.restart();
        let explore = args.explore * (1.0 - game as f64 / args.games as f64);
        let mut seats = Seats {
            learner: &mut learner,
            opponent: opponent.as_mut(),
            seat,
            explore,
            rng: &mut explorer,
        };
        let result = seats.play(session.as_mut())?;
        stopped += u32::from(result.is_none());
        // A save that fails ends the training: its file is what it is for.
        session.game_over(&mut learner, seat)?;
        // Against itself the learner's score is the first player's.
        let scored = if opponent.is_some() {
            seat
        } else {
            Side::First
        };
        block_score += match result {
            Some(GameResult::Win(side)) if side == scored => 1.0,
            Some(GameResult::Win(_)) => 0.0,
            Some(GameResult::Draw) | None => 0.5,
        };
        bar.inc(1);
        let played = game + 1;
        if is_checkpoint(played, args.games, args.block) {
            let in_block = played - curve.last().map_or(0, |p: &Point| p.games);
            let best_share = match &eval {
                Some(set) => Some(best_share(session.as_mut(), &start, &mut learner, set)?),
                None => None,
            };
            let point = Point {
                games: played,
                score: Some(block_score / in_block as f64),
                best_share,
            };
            bar.suspend(|| writeln!(out, "{}", format_point(&point)))?;
            curve.push(point);
            block_score = 0.0;
        }
    }
    bar.finish_and_clear();
    if stopped > 0 {
        writeln!(
            out,
            "{} stopped at the {}-ply limit and counted as drawn",
            count(stopped, "game was", "games were"),
            MAX_PLIES
        )?;
    }

    // Dropping the learner saves its last games.
    drop(learner);
    if let Some(path) = &args.learner {
        writeln!(out, "learner saved to {}", path.display())?;
    }
    if let Some(path) = &args.plot {
        let title = format!(
            "learner at {} {start} against {}",
            kind.name(),
            args.against
        );
        write_plot(path, &svg(&curve, &title, args.block.is_none()))
            .with_context(|| format!("cannot write the plot to {}", path.display()))?;
        writeln!(out, "learning curve drawn in {}", path.display())?;
    }
    out.flush()?;
    Ok(())
}

/// Standard output whose failures say what failed: a write that fails
/// (a full disk) ends the command with that one line.
struct Stdout(std::io::StdoutLock<'static>);

impl std::io::Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf).map_err(named)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush().map_err(named)
    }
}

fn named(e: std::io::Error) -> std::io::Error {
    std::io::Error::new(e.kind(), format!("cannot write to standard output: {e}"))
}

/// "1 game", "2 games".
fn count(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `--games`: 1 to `MAX_GAMES`.
fn parse_games(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(n) if (1..=MAX_GAMES).contains(&n) => Ok(n),
        _ => Err(format!("give a number of games from 1 to {MAX_GAMES}")),
    }
}

/// `--plot FILE.svg` is checked before training, not after: a folder is
/// refused, and the file must be one that can be written.
fn check_plot(path: &Path) -> anyhow::Result<()> {
    let shown = echo::shown(&path.display().to_string());
    if path.is_dir() {
        bail!("--plot names a file to draw the curve in, and {shown} is a folder: give for example {shown}/curve.svg");
    }
    let existed = path.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .with_context(|| format!("cannot write the plot to {shown}"))?;
    if !existed {
        // Only a trial: the curve is written after the training.
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}

/// Writes `text` to a temporary file beside `path` and renames it over
/// `path`, so a write that fails (a full disk) leaves an older plot whole.
fn write_plot(path: &Path, text: &str) -> std::io::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "plot".into());
    let temp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let result = std::fs::write(&temp, text).and_then(|()| std::fs::rename(&temp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

/// The opponent's own random stream, so it does not mirror the learner's.
fn opponent_config(config: &EngineConfig) -> EngineConfig {
    EngineConfig {
        seed: config.seed.wrapping_add(1),
        ..config.clone()
    }
}

/// Who plays a training game.
struct Seats<'a> {
    learner: &'a mut Bot,
    /// `None`: the learner plays both seats.
    opponent: Option<&'a mut Bot>,
    seat: Side,
    /// Chance of a random move in the learner's place.
    explore: f64,
    rng: &'a mut StdRng,
}

impl Seats<'_> {
    /// Plays one game from the session's start.
    fn play(&mut self, session: &mut dyn Session) -> anyhow::Result<Option<GameResult>> {
        for _ in 0..MAX_PLIES {
            if session.result().is_some() {
                break;
            }
            match self.opponent.as_deref_mut() {
                Some(bot) if session.to_move() != self.seat => {
                    session.bot_move(bot)?;
                }
                _ if self.rng.gen_bool(self.explore) => {
                    let moves = session.legal_moves();
                    let mv = moves.choose(self.rng).context("no legal move")?;
                    session.play(mv)?;
                }
                _ => {
                    session.bot_move(self.learner)?;
                }
            }
        }
        Ok(session.result())
    }
}

fn format_point(point: &Point) -> String {
    let share = point
        .best_share
        .map_or("-".to_string(), |s| format!("{:.1}%", 100.0 * s));
    let score = point.score.map_or("-".to_string(), |s| format!("{s:.3}"));
    format!("{:>8}  {:>6}  {:>10}", point.games, score, share)
}

/// The positions reachable from the session's position, breadth first, with
/// their best moves; `None` if that takes longer than `EVAL_TIME` (games
/// whose exact analysis is slow). Runs on its own thread so a slow analysis
/// cannot hold up training.
fn evaluation_set(session: Box<dyn Session>, config: &EngineConfig) -> Option<Vec<EvalPosition>> {
    let (send, receive) = mpsc::channel();
    let config = EngineConfig {
        depth: None,
        ..config.clone()
    };
    // If the analysis outlives the wait, the thread is left to finish or to
    // end with the process; training does not depend on it.
    std::thread::spawn(move || {
        let _ = send.send(explore(session, &config));
    });
    receive.recv_timeout(EVAL_TIME).ok().flatten()
}

fn explore(mut session: Box<dyn Session>, config: &EngineConfig) -> Option<Vec<EvalPosition>> {
    let started = std::time::Instant::now();
    let mut found = Vec::new();
    let mut seen: HashMap<String, ()> = HashMap::new();
    let mut queue: VecDeque<Vec<String>> = VecDeque::from([Vec::new()]);
    while let Some(path) = queue.pop_front() {
        if found.len() >= EVAL_LIMIT || started.elapsed() > EVAL_TIME {
            break;
        }
        session.restart();
        for mv in &path {
            session.play(mv).ok()?;
        }
        let position = session.position();
        if seen.insert(position.clone(), ()).is_some() || session.result().is_some() {
            continue;
        }
        let report = session.analyze(config).ok()?;
        let top = report.moves.iter().map(|m| m.value.preference()).max()?;
        let best = report
            .moves
            .iter()
            .filter(|m| m.value.preference() == top)
            .map(|m| m.mv.clone())
            .collect();
        found.push(EvalPosition { position, best });
        for mv in session.legal_moves() {
            let mut next = path.clone();
            next.push(mv);
            queue.push_back(next);
        }
    }
    Some(found)
}

/// The share of `set` where the learner's move is a best move, asked in
/// the session that keeps the learner, which is then set back to `start`.
fn best_share(
    session: &mut dyn Session,
    start: &str,
    learner: &mut Bot,
    set: &[EvalPosition],
) -> anyhow::Result<f64> {
    if set.is_empty() {
        return Ok(1.0);
    }
    let mut good = 0usize;
    for eval in set {
        session.set_position(&eval.position)?;
        let choice = session.bot_move(learner)?;
        good += eval.best.contains(&choice.mv) as usize;
    }
    session.set_position(start)?;
    Ok(good as f64 / set.len() as f64)
}

/// A line of the chart: its name, colour and points.
type Series<'a> = (&'a str, &'a str, Vec<(u32, f64)>);

/// The learning curve as an SVG line chart: score and best-move share (0 to
/// 1) against games played, on a logarithmic axis when the points are.
fn svg(curve: &[Point], title: &str, log_scale: bool) -> String {
    let (width, height) = (720.0, 420.0);
    let (left, right, top, bottom) = (60.0, 20.0, 40.0, 50.0);
    let plot_w = width - left - right;
    let plot_h = height - top - bottom;
    let max_games = curve.last().map_or(1, |p| p.games).max(1) as f64;
    let scale = |games: f64| if log_scale { (games + 1.0).ln() } else { games };
    let x = |games: u32| left + plot_w * scale(games as f64) / scale(max_games);
    let y = |v: f64| top + plot_h * (1.0 - v.clamp(0.0, 1.0));
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="14">{}</text>"#,
        width / 2.0,
        escape(title)
    );
    for tick in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let ty = y(tick);
        let _ = writeln!(
            out,
            r##"<line x1="{left}" y1="{ty:.1}" x2="{:.1}" y2="{ty:.1}" stroke="#ddd"/><text x="{:.1}" y="{:.1}" text-anchor="end">{:.0}%</text>"##,
            left + plot_w,
            left - 6.0,
            ty + 4.0,
            tick * 100.0
        );
    }
    let _ = writeln!(
        out,
        r##"<line x1="{left}" y1="{top}" x2="{left}" y2="{:.1}" stroke="black"/><line x1="{left}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="black"/>"##,
        top + plot_h,
        top + plot_h,
        left + plot_w,
        top + plot_h
    );
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">games played{} (last: {})</text>"#,
        left + plot_w / 2.0,
        height - 12.0,
        if log_scale { ", logarithmic scale" } else { "" },
        max_games
    );
    let series: [Series; 2] = [
        (
            "score per block",
            "#1f77b4",
            curve
                .iter()
                .filter_map(|p| p.score.map(|s| (p.games, s)))
                .collect(),
        ),
        (
            "best-move share",
            "#ff7f0e",
            curve
                .iter()
                .filter_map(|p| p.best_share.map(|s| (p.games, s)))
                .collect(),
        ),
    ];
    for (i, (name, colour, points)) in series.iter().enumerate() {
        if points.is_empty() {
            continue;
        }
        let coords: Vec<String> = points
            .iter()
            .map(|&(g, v)| format!("{:.1},{:.1}", x(g), y(v)))
            .collect();
        let _ = writeln!(
            out,
            r#"<polyline fill="none" stroke="{colour}" stroke-width="2" points="{}"/>"#,
            coords.join(" ")
        );
        let ly = top + 16.0 + 18.0 * i as f64;
        let lx = left + plot_w - 150.0;
        let _ = writeln!(
            out,
            r#"<line x1="{lx:.1}" y1="{ly:.1}" x2="{:.1}" y2="{ly:.1}" stroke="{colour}" stroke-width="2"/><text x="{:.1}" y="{:.1}">{name}</text>"#,
            lx + 20.0,
            lx + 26.0,
            ly + 4.0
        );
    }
    out.push_str("</svg>\n");
    out
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checkpoints(games: u32, block: Option<u32>) -> Vec<u32> {
        (1..=games)
            .filter(|&p| is_checkpoint(p, games, block))
            .collect()
    }

    #[test]
    fn checkpoints_are_geometric_or_every_block() {
        assert_eq!(
            checkpoints(1000, None),
            [1, 2, 3, 5, 10, 20, 30, 50, 100, 200, 300, 500, 1000]
        );
        assert_eq!(checkpoints(10, Some(3)), [3, 6, 9, 10]);
        assert_eq!(checkpoints(7, None), [1, 2, 3, 5, 7]);
        assert!(is_checkpoint(3_000_000, MAX_GAMES, None));
        assert!(!is_checkpoint(3_000_001, MAX_GAMES, None));
    }

    #[test]
    fn svg_draws_both_curves() {
        let curve = [
            Point {
                games: 0,
                score: None,
                best_share: Some(0.4),
            },
            Point {
                games: 10,
                score: Some(0.5),
                best_share: Some(0.9),
            },
            Point {
                games: 20,
                score: Some(1.0),
                best_share: Some(1.0),
            },
        ];
        let text = svg(&curve, "nim <1,2,3> & co", true);
        assert!(text.starts_with("<svg"));
        assert!(text.trim_end().ends_with("</svg>"));
        assert_eq!(text.matches("<polyline").count(), 2);
        assert!(text.contains("nim &lt;1,2,3&gt; &amp; co"));
        assert!(text.contains("logarithmic"));
    }
}
