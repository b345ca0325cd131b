//! `ply tournament`: round robins between bots, for every game.

use std::io::{IsTerminal, Write};
use std::time::Duration;

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use ply_engine::arena::{
    self, ArenaConfig, PairResult, ScoreStats, TournamentReport, DEFAULT_MAX_PLIES,
    MAX_GAMES_PER_PAIR, MAX_HASH_MB, MAX_MOVE_TIME, MAX_OPENINGS, MAX_PLAYERS, MAX_PLY_LIMIT,
    MAX_RECORDED_GAMES, MAX_RECORDED_PLIES, MAX_TABLES_MB,
};
use ply_engine::{BotSpec, EngineConfig, GameKind, GameOptions, PlayerSpec};

/// Games per pair when neither --games nor --openings says.
const DEFAULT_GAMES: u32 = 10;

#[derive(clap::Args, Debug)]
pub struct TournamentArgs {
    /// Comma-separated bot specs (perfect, alphabeta:4, heuristic, random,
    /// learner:FILE, ...). A learner learns from its games and saves its file.
    /// Trilite also takes contest entries: a shared library exporting
    /// PlayTrilite, named by a path (./entry.so) or c:PATH. Outside engines
    /// play too: gtp:COMMAND and nboard:COMMAND (Othello), pbrain:COMMAND
    /// (any Gomocup engine, on a square board with --k 5).
    #[arg(long, value_delimiter = ',', required = true)]
    pub players: Vec<String>,
    /// Games per pair, half with each side first (an even number; default
    /// 10, or two per opening with --openings).
    #[arg(long, value_parser = parse_even_games)]
    pub games: Option<u32>,
    /// Start the games from N seeded balanced openings (drawn from --seed):
    /// each pair plays each opening twice in a row, colours swapped
    /// (games 1 and 2 the first opening, 3 and 4 the second, ...); --games
    /// is then a multiple of 2N.
    #[arg(long, value_name = "N", value_parser = parse_openings)]
    pub openings: Option<u32>,
    /// A game still going after this many plies is a draw.
    #[arg(long, value_name = "PLIES", default_value_t = DEFAULT_MAX_PLIES,
          value_parser = parse_max_moves)]
    pub max_moves: u32,
    /// A bot's move that takes longer than this many milliseconds makes the
    /// game a draw; a contest entry silent this long (default 1000 ms for
    /// entries) is stopped and loses the game.
    #[arg(long, value_name = "MS", value_parser = parse_move_time)]
    pub move_time: Option<u64>,
    /// A game whose two players' thinking together passes this many
    /// milliseconds is a draw, the time charged (default 60000 ms when C
    /// entries play, no limit for bots alone).
    #[arg(long, value_name = "MS", value_parser = parse_game_time)]
    pub game_time: Option<u64>,
    /// Games played at once (default: one per CPU; at most 4 per CPU).
    #[arg(long, value_parser = parse_jobs)]
    pub jobs: Option<usize>,
    /// Search depth for `computer` players (1 to 64 plies, as `ply play`).
    #[arg(long, value_parser = crate::limits::parse_depth, allow_negative_numbers = true)]
    pub depth: Option<u32>,
    /// Transposition table size in MiB for each bot in each game: every
    /// game builds fresh bots, so a small table keeps games quick to start.
    #[arg(long = "hash", value_name = "MB", default_value_t = 4, value_parser = parse_hash_mb)]
    pub hash_mb: usize,
    /// Seed for every random choice (each bot in each game gets its own).
    // The shared parser: clap's own would answer an overflow with Rust's
    // "number too large to fit in target type" and take `-1` for an option.
    #[arg(long, default_value_t = 0, value_parser = crate::limits::parse_seed,
          allow_negative_numbers = true)]
    pub seed: u64,
    /// Print the full results (every game and its moves) as JSON.
    #[arg(long)]
    pub json: bool,
    /// Write a task set into this new folder instead of playing: --batches
    /// independent batches, each this whole round robin from a seed of its
    /// own (--seed, --seed + 1, ...), run by `ply task run` and summed by
    /// `ply task merge`.
    #[arg(long, value_name = "DIR")]
    pub split: Option<std::path::PathBuf>,
    /// With --split: how many batches (default 10).
    #[arg(long, value_name = "N", requires = "split",
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub batches: Option<u32>,
}

/// Batches of a split tournament when --batches does not say.
const DEFAULT_BATCHES: u32 = 10;

/// Writes the task set of `ply tournament ... --split DIR`: the command's
/// own arguments after `tournament`, less the split's and the seed (each
/// batch has its own).
fn split(args: &TournamentArgs, dir: &std::path::Path) -> anyhow::Result<()> {
    let raw: Vec<String> = std::env::args().collect();
    let start = raw
        .iter()
        .position(|a| a == "tournament")
        .context("the split needs the tournament's own arguments")?;
    let mut command = Vec::new();
    let mut rest = raw[start + 1..].iter();
    while let Some(arg) = rest.next() {
        let name = arg.split('=').next().unwrap_or_default();
        match name {
            "--split" | "--batches" | "--seed" => {
                if !arg.contains('=') {
                    rest.next();
                }
            }
            "--json" => {}
            _ => command.push(arg.clone()),
        }
    }
    let split = ply_tasks::Split::TournamentBatch {
        command,
        batches: args.batches.unwrap_or(DEFAULT_BATCHES),
        seed: args.seed,
    };
    let engine = ply_tasks::engine_settings(&split, None);
    let set = ply_tasks::TaskSet::create(dir, split, engine)?;
    println!(
        "Wrote {} tournament batches to {}. Run them with `ply task run {}` (one, by index \
         or the scheduler's variable, or all), or `ply task slurm` / `ply task kubernetes`; \
         then `ply task merge`.",
        set.len(),
        dir.display(),
        dir.display()
    );
    Ok(())
}

/// Plays one batch of a split tournament: `ply tournament` with
/// `command`'s arguments from `seed`, and each player's results.
pub fn batch(command: &[String], seed: u64) -> Result<Vec<ply_tasks::PlayerTally>, String> {
    let argv = ["ply".to_string(), "tournament".to_string()]
        .into_iter()
        .chain(command.iter().cloned())
        .chain(["--seed".to_string(), seed.to_string()]);
    let matches = crate::command()
        .try_get_matches_from(argv)
        .map_err(|e| format!("the batch's command: {}", e.kind()))?;
    let (_, sub) = matches
        .subcommand()
        .ok_or("the batch's command names no subcommand")?;
    let (kind, options, args) =
        crate::cli::game_and_args::<TournamentArgs>(ply_engine::Command::Tournament, sub)
            .map_err(|e| e.to_string())?;
    let report = play(kind, &options, &args).map_err(|e| format!("{e:#}"))?;
    let tally = |t: &ply_engine::arena::Tally| [t.wins, t.draws, t.losses];
    Ok(report
        .standings
        .iter()
        .map(|s| ply_tasks::PlayerTally {
            name: s.name.clone(),
            total: tally(&s.total),
            as_first: tally(&s.as_first),
            as_second: tally(&s.as_second),
            faults: s.faults.games(),
        })
        .collect())
}

pub fn run(kind: &dyn GameKind, options: &GameOptions, args: TournamentArgs) -> anyhow::Result<()> {
    crate::common::show_option_notes(kind, options);
    if let Some(dir) = &args.split {
        // The players are checked as for a match, before any file is written.
        check_players(kind, &args)?;
        return split(&args, dir);
    }
    let report = play(kind, options, &args)?;
    write_report(&report, args.json).context("cannot write the results to standard output")
}

/// The players of `args`, checked: bots only, two to the most a
/// tournament takes, contest entries only where the game has them.
fn check_players(kind: &dyn GameKind, args: &TournamentArgs) -> anyhow::Result<Vec<BotSpec>> {
    if args.players.len() > MAX_PLAYERS {
        bail!(
            "--players names {} players: a tournament has at most {MAX_PLAYERS}",
            args.players.len()
        );
    }
    let players = args
        .players
        .iter()
        .map(|text| match text.parse::<PlayerSpec>()? {
            PlayerSpec::Bot(spec) => Ok(spec),
            PlayerSpec::Human => bail!("'human' cannot play in a tournament: name bots"),
        })
        .collect::<anyhow::Result<Vec<BotSpec>>>()?;
    if players.len() < 2 {
        bail!("--players needs at least 2 players, for example --players perfect,random");
    }
    if let (None, Some(BotSpec::Entry(path))) = (
        ply_registry::entry_host(kind),
        players.iter().find(|p| matches!(p, BotSpec::Entry(_))),
    ) {
        bail!(
            "C entry '{}': contest entries play only Trilite (ply tournament trilite)",
            ply_engine::echo::shown(&path.display().to_string())
        );
    }
    Ok(players)
}

/// Plays the round robin `args` describe and reports it.
fn play(
    kind: &dyn GameKind,
    options: &GameOptions,
    args: &TournamentArgs,
) -> anyhow::Result<TournamentReport> {
    let players = check_players(kind, args)?;
    let host = ply_registry::entry_host(kind);
    let jobs = args.jobs.unwrap_or_else(crate::limits::cores);
    let engine = EngineConfig {
        hash_mb: args.hash_mb,
        depth: args.depth,
        seed: args.seed,
        // Bots aim at half the referee's limit, keeping a margin for the
        // moves whose cost they cannot foresee.
        move_time: args.move_time.map(|ms| Duration::from_millis(ms) / 2),
        threads: 1,
    };
    let games_per_pair = match (args.games, args.openings) {
        (Some(games), _) => games,
        (None, Some(openings)) => openings.saturating_mul(2).min(MAX_GAMES_PER_PAIR),
        (None, None) => DEFAULT_GAMES,
    };
    let config = ArenaConfig {
        players,
        games_per_pair,
        openings: args.openings,
        max_plies: args.max_moves,
        move_time: args.move_time.map(Duration::from_millis),
        game_time: args.game_time.map(Duration::from_millis),
        jobs,
        engine,
    };
    let tables = 2 * config.jobs * config.engine.hash_mb;
    if tables > MAX_TABLES_MB {
        bail!(
            "2 bots x --jobs {} x --hash {} is {tables} MiB of tables: at most {MAX_TABLES_MB} MiB \
             in all (lower --hash or --jobs)",
            config.jobs,
            config.engine.hash_mb
        );
    }
    if args.json {
        check_recordable(&config)?;
    }

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
    let progress = |_done: u64, total: u64| {
        if let Some(bar) = &bar {
            bar.set_length(total);
            bar.inc(1);
        }
    };
    // Ctrl-C ends the tournament after the game in progress (abandoned,
    // since its searches stop) and shows the games finished.
    let analysis = crate::interrupt::Analysis::start();
    let report = match host {
        Some(host) => arena::run_with_entries(kind, options, &config, host, args.json, &progress),
        None if args.json => arena::run(kind, options, &config, &progress),
        None => arena::run_streamed(kind, options, &config, &progress),
    };
    drop(analysis);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let report = report?;
    for warning in &report.warnings {
        // A warning that cannot be written has nowhere else to go.
        let _ = writeln!(std::io::stderr(), "warning: {warning}");
    }
    Ok(report)
}

/// The table or the JSON on stdout; a failed write is an error, not a panic.
fn write_report(report: &TournamentReport, json: bool) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    if json {
        serde_json::to_writer_pretty(&mut out, report)?;
        writeln!(out)?;
    } else {
        write!(out, "{}", table(report))?;
    }
    out.flush()
}

/// `--json` keeps every game: refuse, naming the flags, what would not fit.
fn check_recordable(config: &ArenaConfig) -> anyhow::Result<()> {
    let total = config.total_games();
    if total > MAX_RECORDED_GAMES {
        bail!(
            "--json records every game: at most {MAX_RECORDED_GAMES} games in all, \
             not {total} (lower --games, or drop --json for the table)"
        );
    }
    let plies = total * u64::from(config.max_plies);
    if plies > MAX_RECORDED_PLIES {
        bail!(
            "--json records every move: games x --max-moves is at most {MAX_RECORDED_PLIES}, \
             not {total} x {} (lower --games or --max-moves, or drop --json)",
            config.max_plies
        );
    }
    Ok(())
}

/// "1 game", "2 games".
fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The standings, best score first, a legend, the crosstable, and how the
/// games ended.
fn table(report: &TournamentReport) -> String {
    let n = report.players.len();
    let mut out = format!(
        "{}: round robin of {n} players, {} per pair ({}, {:.1} s); \
         a game still going after {} is a draw{}{}{}\n\n",
        report.game,
        count(report.games_per_pair.into(), "game", "games"),
        count(report.games_scheduled, "game", "games"),
        report.wall_ms / 1e3,
        count(report.max_plies.into(), "ply", "plies"),
        report
            .move_time_ms
            .map(|ms| format!(", and so is one with a bot's move over {ms} ms"))
            .unwrap_or_default(),
        report
            .entry_move_time_ms
            .map(|ms| format!(
                "; a C entry or engine program silent for {ms} ms is stopped and loses"
            ))
            .unwrap_or_default(),
        report
            .game_time_ms
            .map(|ms| format!("; a game whose players think over {ms} ms in all is a draw"))
            .unwrap_or_default(),
    );
    if !report.openings.is_empty() {
        out.push_str(&format!(
            "openings: {}, each played twice in a row with colours swapped (games 1 and 2 of \
             each pair the first, ...):\n",
            count(
                report.openings.len() as u64,
                "seeded opening",
                "seeded openings"
            )
        ));
        for (i, moves) in report.openings.iter().enumerate() {
            out.push_str(&format!("  {}. {}\n", i + 1, moves.join(" ")));
        }
        out.push('\n');
    }
    let width = report
        .players
        .iter()
        .map(String::len)
        .max()
        .unwrap_or(6)
        .max(6);
    out.push_str(&format!(
        "rank  {:<width$}  {:>10}  {:>5} {:>5} {:>5}  {:>13}  {:>13}  {:>10}  {:>6}\n",
        "player", "score", "W", "D", "L", "first W-D-L", "second W-D-L", "time ms", "Elo"
    ));
    for (rank, s) in report.standings.iter().enumerate() {
        out.push_str(&format!(
            "{:>4}  {:<width$}  {:>10.1}  {:>5} {:>5} {:>5}  {:>13}  {:>13}  {:>10.1}  {:>+6.0}\n",
            rank + 1,
            s.name,
            // The exact score to a tenth, as the time it charges (a
            // rounded score hid the milliseconds that separate entries).
            s.score + 0.0,
            s.total.wins,
            s.total.draws,
            s.total.losses,
            s.as_first.to_string(),
            s.as_second.to_string(),
            s.thinking_ms,
            s.elo,
        ));
    }
    out.push_str(
        "score: 1000 per win, 500 per draw, minus 1 per millisecond of thinking; \
         W-D-L: wins, draws, losses; Elo: relative, the players' mean is 0\n\
         time ms: the thinking charged, all of it: every call in full, the first of each game \
         included, and building each bot, loading each C entry or starting each engine program (one-off work such as \
         Trilite's solved table, computed once, is charged to the first player that needs it)\n",
    );
    out.push_str(&statistics(report));
    out.push_str(&pairs_by_colour(report));
    out.push_str(&faults(report));
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
    out.push('\n');
    out.push_str(&endings(report));
    out
}

/// Each player's score fraction and each pair's, with its 95% interval
/// and the Elo difference they mean.
fn statistics(report: &TournamentReport) -> String {
    let mut rows: Vec<(String, ScoreStats)> = report
        .standings
        .iter()
        .filter_map(|s| Some((s.name.clone(), s.stats?)))
        .collect();
    rows.extend(report.pairs.iter().filter_map(|pair| {
        let label = format!(
            "{} vs {}",
            report.players[pair.player], report.players[pair.opponent]
        );
        Some((label, pair.stats?))
    }));
    if rows.is_empty() {
        return String::new();
    }
    let width = rows.iter().map(|(label, _)| label.len()).max().unwrap_or(6);
    let mut out = format!(
        "\n{:<width$}  {:>7}  {:>6}  {:>15}  {:>6}  {:>16}\n",
        "player, pair", "games", "score", "95% interval", "Elo", "95% interval"
    );
    let percent = |p: f64| format!("{:.1}%", 100.0 * p);
    let elo = |e: f64| {
        if e.is_finite() {
            format!("{e:+.0}")
        } else if e > 0.0 {
            "+inf".to_string()
        } else {
            "-inf".to_string()
        }
    };
    for (label, stats) in rows {
        out.push_str(&format!(
            "{label:<width$}  {:>7}  {:>6}  {:>15}  {:>6}  {:>16}\n",
            stats.games,
            percent(stats.score),
            format!(
                "{} to {}",
                percent(stats.score_low),
                percent(stats.score_high)
            ),
            elo(stats.elo),
            format!("{} to {}", elo(stats.elo_low), elo(stats.elo_high)),
        ));
    }
    out.push_str(
        "score: points per game (a draw half a win) of the player against all its \
         opponents, or of a pair's first against its second; 95% interval: Wilson's \
         score interval over the games (a draw half a win, so with draws it errs wide); \
         Elo: the difference the score means, 400 log10(score / (1 - score)), at the score \
         and at the interval's ends\n",
    );
    out
}

/// Each pair's wins, draws and losses, in all and with each colour, from
/// the pair's first-named player's side.
fn pairs_by_colour(report: &TournamentReport) -> String {
    let rows: Vec<(String, &PairResult)> = report
        .pairs
        .iter()
        .filter(|pair| pair.results.games() > 0)
        .map(|pair| {
            let label = format!(
                "{} vs {}",
                report.players[pair.player], report.players[pair.opponent]
            );
            (label, pair)
        })
        .collect();
    if rows.is_empty() {
        return String::new();
    }
    let width = rows
        .iter()
        .map(|(label, _)| label.len())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out = format!(
        "\n{:<width$}  {:>13}  {:>13}  {:>13}\n",
        "pair", "W-D-L", "first W-D-L", "second W-D-L"
    );
    for (label, pair) in rows {
        out.push_str(&format!(
            "{label:<width$}  {:>13}  {:>13}  {:>13}\n",
            pair.results.to_string(),
            pair.as_first.to_string(),
            pair.as_second.to_string(),
        ));
    }
    out.push_str(
        "pair W-D-L: the first-named player's wins, draws and losses against the other, \
         in all, in the games it moved first and in those it moved second\n",
    );
    out
}

/// One line on how the games ended: by the rules, and how many the ply
/// limit, the move time limit or a failing player stopped.
fn endings(report: &TournamentReport) -> String {
    let e = &report.endings;
    let mut parts = vec![
        format!("{} by the rules", count(e.rules, "game", "games")),
        format!(
            "{} stopped at the {}-ply limit (drawn)",
            e.max_moves, report.max_plies
        ),
    ];
    if let Some(ms) = report.move_time_ms {
        parts.push(format!("{} drawn by a move over {ms} ms", e.move_time));
    }
    if let Some(ms) = report.game_time_ms {
        parts.push(format!(
            "{} drawn by the game time limit of {ms} ms",
            e.game_time
        ));
    }
    // Who failed and why is listed above, under "lost by failing to move".
    for (games, how) in [
        (e.bot_error, "by a bot error"),
        (e.crashed, "by a crash"),
        (e.timed_out, "by no answer in time"),
        (e.illegal_answer, "by an illegal answer"),
    ] {
        if games > 0 {
            parts.push(format!("{games} lost {how}"));
        }
    }
    let mut line = format!("endings: {}\n", parts.join(", "));
    if report.interrupted {
        line.push_str(&format!(
            "interrupted: {} of {} played (stopped by Ctrl-C; the game in progress was abandoned)\n",
            report.games_played,
            count(report.games_scheduled, "game", "games")
        ));
    }
    line
}

/// The players that lost games by failing to move: how many, how, and
/// the reason of the first such game.
fn faults(report: &TournamentReport) -> String {
    let faulty: Vec<_> = report
        .standings
        .iter()
        .filter(|s| s.faults.games() > 0)
        .collect();
    if faulty.is_empty() {
        return String::new();
    }
    let mut out = String::from("\nlost by failing to move\n");
    for s in faulty {
        let e = &s.faults.endings;
        let kinds: Vec<String> = [
            (e.crashed, "crashed"),
            (e.timed_out, "no answer in time"),
            (e.illegal_answer, "illegal answer"),
            (e.bot_error, "bot error"),
        ]
        .iter()
        .filter(|(games, _)| *games > 0)
        .map(|(games, how)| format!("{games} {how}"))
        .collect();
        out.push_str(&format!(
            "  {}: {} ({})\n",
            s.name,
            count(s.faults.games(), "game", "games"),
            kinds.join(", ")
        ));
        if let Some(first) = &s.faults.first {
            out.push_str(&format!("    first: {first}\n"));
        }
    }
    out
}

/// `--games`: a positive even number, so each side moves first equally often.
fn parse_even_games(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(n) if n > 0 && n % 2 == 0 && n <= MAX_GAMES_PER_PAIR => Ok(n),
        _ => Err(format!(
            "give a positive even number of games per pair, at most {MAX_GAMES_PER_PAIR} \
             (half with each side first)"
        )),
    }
}

/// `--openings`: 1 to `MAX_OPENINGS`.
fn parse_openings(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(n) if (1..=MAX_OPENINGS).contains(&n) => Ok(n),
        _ => Err(format!(
            "give a number of openings from 1 to {MAX_OPENINGS}"
        )),
    }
}

/// `--max-moves`: 1 to `MAX_PLY_LIMIT` plies.
fn parse_max_moves(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(n) if (1..=MAX_PLY_LIMIT).contains(&n) => Ok(n),
        _ => Err(format!("give a number of plies from 1 to {MAX_PLY_LIMIT}")),
    }
}

/// `--move-time`: 1 ms to one hour.
fn parse_move_time(text: &str) -> Result<u64, String> {
    let max = MAX_MOVE_TIME.as_millis() as u64;
    match text.parse::<u64>() {
        Ok(ms) if (1..=max).contains(&ms) => Ok(ms),
        _ => Err(format!(
            "give a number of milliseconds from 1 to {max} (one hour)"
        )),
    }
}

/// `--game-time`: 1 ms to one day.
fn parse_game_time(text: &str) -> Result<u64, String> {
    let max = arena::MAX_GAME_TIME.as_millis() as u64;
    match text.parse::<u64>() {
        Ok(ms) if (1..=max).contains(&ms) => Ok(ms),
        _ => Err(format!(
            "give a number of milliseconds from 1 to {max} (one day)"
        )),
    }
}

/// `--jobs`: 1 to `arena::max_jobs()` (4 per CPU) games at once.
fn parse_jobs(text: &str) -> Result<usize, String> {
    let max = arena::max_jobs();
    match text.parse::<usize>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "give a number of games at once from 1 to {max} ({} per CPU here)",
            arena::JOBS_PER_CPU
        )),
    }
}

/// `--hash`: 1 to `MAX_HASH_MB` MiB per bot.
fn parse_hash_mb(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => Ok(mb),
        _ => Err(format!(
            "give a whole number of MiB per bot from 1 to {MAX_HASH_MB}"
        )),
    }
}
