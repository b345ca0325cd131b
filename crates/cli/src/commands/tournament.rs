//! `ply tournament`: round robins between bots, for every game.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use ply_engine::arena::{self, ArenaConfig, TournamentReport};
use ply_engine::{BotSpec, EngineConfig, GameKind, GameOptions, PlayerSpec};

#[derive(clap::Args, Debug)]
pub struct TournamentArgs {
    /// Comma-separated bot specs (perfect, alphabeta:4, heuristic, random, ...).
    #[arg(long, value_delimiter = ',', required = true)]
    pub players: Vec<String>,
    /// Games per pair, half with each side first (an even number).
    #[arg(long, default_value_t = 10, value_parser = parse_even_games)]
    pub games: u32,
    /// A game still going after this many plies is a draw.
    #[arg(long, value_name = "PLIES", default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_moves: u32,
    /// A move that takes longer than this many milliseconds makes the game a draw.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub move_time: Option<u64>,
    /// Games played at once (default: one per CPU).
    #[arg(long, value_parser = crate::common::parse_jobs)]
    pub jobs: Option<usize>,
    /// Search depth for `computer` players.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: Option<u32>,
    /// Transposition table size in MiB for each bot in each game: every
    /// game builds fresh bots, so a small table keeps games quick to start.
    #[arg(long = "hash", value_name = "MB", default_value_t = 4,
          value_parser = crate::common::parse_hash_mb)]
    pub hash_mb: usize,
    /// Seed for every random choice (each bot in each game gets its own).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Print the full results (every game) as JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run(kind: &dyn GameKind, options: &GameOptions, args: TournamentArgs) -> anyhow::Result<()> {
    for note in kind.option_notes(options) {
        eprintln!("note: {note}");
    }
    let players = args
        .players
        .iter()
        .map(|text| match text.parse::<PlayerSpec>()? {
            PlayerSpec::Bot(spec) => Ok(spec),
            PlayerSpec::Human => anyhow::bail!("'human' cannot play in a tournament: name bots"),
        })
        .collect::<anyhow::Result<Vec<BotSpec>>>()?;
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let engine = EngineConfig {
        hash_mb: args.hash_mb.max(1),
        depth: args.depth,
        seed: args.seed,
        // Bots aim at half the referee's limit, keeping a margin for the
        // moves whose cost they cannot foresee.
        move_time: args.move_time.map(|ms| Duration::from_millis(ms) / 2),
    };
    let config = ArenaConfig {
        players,
        games_per_pair: args.games,
        max_plies: args.max_moves,
        move_time: args.move_time.map(Duration::from_millis),
        jobs,
        engine,
    };

    // A progress bar only when a person is watching stderr.
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} (eta {eta})")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    });
    // Called from worker threads: `inc` keeps the count monotonic however
    // the calls interleave.
    let progress = |_done: usize, total: usize| {
        if let Some(bar) = &bar {
            bar.set_length(total as u64);
            bar.inc(1);
        }
    };
    let report = arena::run(kind, options, &config, &progress);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let report = report?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{}", table(&report));
    }
    Ok(())
}

/// The standings, best score first, then the crosstable.
fn table(report: &TournamentReport) -> String {
    let n = report.players.len();
    let total_games = report.games.len();
    let mut out = format!(
        "{}: round robin of {n} players, {} games per pair ({total_games} games, {:.1} s), \
         draw after {} plies{}\n\n",
        report.game,
        report.games_per_pair,
        report.wall_ms / 1e3,
        report.max_plies,
        report
            .move_time_ms
            .map(|ms| format!(" or a move over {ms} ms"))
            .unwrap_or_default(),
    );
    let width = report
        .players
        .iter()
        .map(String::len)
        .max()
        .unwrap_or(6)
        .max(6);
    out.push_str(&format!(
        "rank  {:<width$}  {:>10}  {:>5} {:>5} {:>5}  {:>13}  {:>13}  {:>10}  {:>6}\n",
        "player", "score", "W", "D", "L", "first W-D-L", "second W-D-L", "think ms", "Elo"
    ));
    for (rank, s) in report.standings.iter().enumerate() {
        out.push_str(&format!(
            "{:>4}  {:<width$}  {:>10.0}  {:>5} {:>5} {:>5}  {:>13}  {:>13}  {:>10.1}  {:>+6.0}\n",
            rank + 1,
            s.name,
            s.score.round() + 0.0,
            s.total.wins,
            s.total.draws,
            s.total.losses,
            s.as_first.to_string(),
            s.as_second.to_string(),
            s.thinking_ms,
            s.elo,
        ));
    }
    out.push_str("\nresults (row against column, W-D-L)\n");
    let order: Vec<usize> = report.standings.iter().map(|s| s.player).collect();
    let cell = 11.max(width);
    out.push_str(&format!("{:<width$}", ""));
    for &j in &order {
        out.push_str(&format!("  {:>cell$}", report.players[j]));
    }
    out.push('\n');
    for &i in &order {
        out.push_str(&format!("{:<width$}", report.players[i]));
        for &j in &order {
            let text = if i == j {
                "-".to_string()
            } else {
                report.crosstable[i][j].to_string()
            };
            out.push_str(&format!("  {text:>cell$}"));
        }
        out.push('\n');
    }
    let stopped = report
        .games
        .iter()
        .filter(|g| g.ending != arena::Ending::Rules)
        .count();
    if stopped > 0 {
        out.push_str(&format!(
            "\n{stopped} game(s) stopped by the ply or time limit or a bot error (see --json)\n"
        ));
    }
    out
}

/// `--games`: a positive even number, so each side moves first equally often.
fn parse_even_games(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(n) if n > 0 && n % 2 == 0 => Ok(n),
        _ => {
            Err("give a positive even number of games per pair (half with each side first)".into())
        }
    }
}
