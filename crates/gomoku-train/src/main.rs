//! `ply-gomoku-train`: self-play games, then the fits of the learned
//! evaluation's weights and of the move-ordering policy on them (see the
//! crate's README).

#![forbid(unsafe_code)]

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};

use ply_engine::{fnv1a, FRAME_HEADER};
use ply_gomoku::{Engine, EvalWeights, Evaluation, Rule, LEARNED_THREAT};
use ply_gomoku_train::{
    duel, fit, fit_policy, label_games, label_moves, labelled_samples, play_game, policy_samples,
    read_games, read_labels, read_moves, samples, score_scale, weights_source, write_games,
    write_labels, write_moves, Fitting, GameRecord, Searching, SelfPlay,
};

#[derive(Parser)]
#[command(about = "Trains the learned Gomoku evaluation and move-ordering policy")]
struct Cli {
    #[command(subcommand)]
    step: Step,
}

#[derive(Clone, Copy, ValueEnum)]
enum RuleArg {
    Freestyle,
    Exact,
}

impl RuleArg {
    fn rule(self) -> Rule {
        match self {
            RuleArg::Freestyle => Rule::Freestyle,
            RuleArg::Exact => Rule::Exact,
        }
    }
}

/// What a labelling step reads, how it searches, and where it writes.
#[derive(clap::Args)]
struct Labelling {
    /// The rule.
    #[arg(long, value_enum, default_value = "freestyle")]
    rule: RuleArg,
    /// The games file.
    #[arg(long)]
    games: PathBuf,
    /// The search's deepest iteration.
    #[arg(long, default_value_t = 6)]
    depth: u32,
    /// The search's cap on its time a position, in milliseconds.
    #[arg(long, default_value_t = 300)]
    move_ms: u64,
    /// Threads (each labels whole games).
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// The file to write.
    #[arg(long)]
    out: PathBuf,
}

impl Labelling {
    /// The games to label and how.
    fn load(&self) -> Result<(Vec<GameRecord>, Searching), String> {
        let records = read_games(&self.games).map_err(|e| e.to_string())?;
        let search = Searching {
            rule: self.rule.rule(),
            size: 15,
            depth: self.depth,
            move_ms: self.move_ms,
            threads: self.threads,
        };
        Ok((records, search))
    }
}

#[derive(Subcommand)]
enum Step {
    /// Self-play games to a games file.
    Generate {
        /// The rule.
        #[arg(long, value_enum, default_value = "freestyle")]
        rule: RuleArg,
        /// Games to play.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// The run's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The engine's deepest iteration.
        #[arg(long, default_value_t = 3)]
        depth: u32,
        /// The engine's cap on its time a move, in milliseconds.
        #[arg(long, default_value_t = 40)]
        move_ms: u64,
        /// Chance of a random move (a cell next to a stone).
        #[arg(long, default_value_t = 0.04)]
        random: f64,
        /// Play with the shipped learned weights instead of the hand-made evaluation.
        #[arg(long)]
        learned: bool,
        /// The games file to write.
        #[arg(long)]
        out: PathBuf,
    },
    /// Labels the positions of a games file by a deeper search of the
    /// engine with the hand-made evaluation: a labels file of values.
    Label(Labelling),
    /// Labels the positions of a games file by the move a depth-limited
    /// search of the engine with the hand-made evaluation chooses: a moves
    /// file.
    LabelMoves(Labelling),
    /// Fits the move-ordering policy on games files and their moves files
    /// and writes its weights as Rust source (`policy_weights.rs`).
    FitPolicy {
        /// The rule.
        #[arg(long, value_enum, default_value = "freestyle")]
        rule: RuleArg,
        /// Games files.
        #[arg(long, required = true, num_args = 1..)]
        games: Vec<PathBuf>,
        /// Moves files of the games files, in the same order (`label-moves`).
        #[arg(long, required = true, num_args = 1..)]
        moves: Vec<PathBuf>,
        /// Full-batch passes.
        #[arg(long, default_value_t = 300)]
        epochs: usize,
        /// Adam's step size.
        #[arg(long, default_value_t = 0.05)]
        rate: f64,
        /// L2 penalty per weight.
        #[arg(long, default_value_t = 1e-5)]
        l2: f64,
        /// The Rust source file to write.
        #[arg(long)]
        out: PathBuf,
    },
    /// Fits the weights on games files and writes the weights file.
    Fit {
        /// The rule.
        #[arg(long, value_enum, default_value = "freestyle")]
        rule: RuleArg,
        /// Games files.
        #[arg(long, required = true, num_args = 1..)]
        games: Vec<PathBuf>,
        /// Labels files of the games files, in the same order (`label`);
        /// without them the targets are the games' results alone.
        #[arg(long, num_args = 1..)]
        labels: Vec<PathBuf>,
        /// With labels: the weight of the game's result in each target,
        /// the rest the search's label.
        #[arg(long, default_value_t = 0.5)]
        blend: f64,
        /// Leaves out the threat table (the pair of best shapes): its
        /// weights stay zero, for a comparison.
        #[arg(long)]
        no_threats: bool,
        /// Full-batch passes.
        #[arg(long, default_value_t = 600)]
        epochs: usize,
        /// Adam's step size.
        #[arg(long, default_value_t = 0.02)]
        rate: f64,
        /// L2 penalty per weight.
        #[arg(long, default_value_t = 1e-4)]
        l2: f64,
        /// The weights file to write.
        #[arg(long)]
        out: PathBuf,
    },
    /// The engine's speed with each evaluation: positions searched a second
    /// on three quiet openings.
    Speed {
        /// Milliseconds a search.
        #[arg(long, default_value_t = 2000)]
        move_ms: u64,
    },
    /// The shipped learned weights against the hand-made evaluation at a
    /// fixed depth, each opening played with colours swapped.
    Duel {
        /// The rule.
        #[arg(long, value_enum, default_value = "freestyle")]
        rule: RuleArg,
        /// Openings (two games each).
        #[arg(long, default_value_t = 50)]
        openings: u32,
        /// The openings' seed.
        #[arg(long, default_value_t = 7)]
        seed: u64,
        /// Both engines' deepest iteration.
        #[arg(long, default_value_t = 4)]
        depth: u32,
        /// Both engines' cap on their time a move, in milliseconds.
        #[arg(long, default_value_t = 100)]
        move_ms: u64,
        /// The learned side's weights file (default: the shipped weights).
        #[arg(long)]
        weights: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("ply-gomoku-train: {message}");
            ExitCode::from(2)
        }
    }
}

/// A labelling's progress: a line every 100 games of `total` and at the last.
fn games_progress(total: usize, start: Instant) -> impl Fn(usize) + Sync {
    move |n| {
        if n % 100 == 0 || n == total {
            eprintln!(
                "{n} of {total} games labelled, {:.0} s",
                start.elapsed().as_secs_f64()
            );
        }
    }
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.step {
        Step::Generate {
            rule,
            games,
            seed,
            depth,
            move_ms,
            random,
            learned,
            out,
        } => {
            if !(0.0..=1.0).contains(&random) {
                return Err(format!("--random {random} is not a chance from 0 to 1"));
            }
            let style = SelfPlay {
                rule: rule.rule(),
                size: 15,
                depth,
                move_ms,
                random,
                evaluation: if learned {
                    Evaluation::Learned
                } else {
                    Evaluation::Patterns
                },
            };
            let mut engine = Engine::new(1 << 24);
            let start = Instant::now();
            let mut records = Vec::new();
            let mut wins = [0u64; 3];
            for index in 0..games {
                let record = play_game(&style, &mut engine, seed, index);
                wins[record.outcome as usize] += 1;
                records.push(record);
                if (index + 1) % 100 == 0 || index + 1 == games {
                    eprintln!(
                        "{} games, black-white-draw {}-{}-{}, {:.0} s",
                        index + 1,
                        wins[0],
                        wins[1],
                        wins[2],
                        start.elapsed().as_secs_f64()
                    );
                    write_games(&out, &records).map_err(|e| e.to_string())?;
                }
            }
            Ok(())
        }
        Step::Label(labelling) => {
            let (records, search) = labelling.load()?;
            let progress = games_progress(records.len(), Instant::now());
            let labels = label_games(&records, search, &progress);
            write_labels(&labelling.out, &labels).map_err(|e| e.to_string())
        }
        Step::LabelMoves(labelling) => {
            let (records, search) = labelling.load()?;
            let progress = games_progress(records.len(), Instant::now());
            let moves = label_moves(&records, search, &progress);
            write_moves(&labelling.out, &moves).map_err(|e| e.to_string())
        }
        Step::FitPolicy {
            rule,
            games,
            moves,
            epochs,
            rate,
            l2,
            out,
        } => {
            if moves.len() != games.len() {
                return Err(format!(
                    "{} games files but {} moves files: give one moves file a games file",
                    games.len(),
                    moves.len()
                ));
            }
            let mut records = Vec::new();
            let mut chosen = Vec::new();
            for (g, m) in games.iter().zip(&moves) {
                let these = read_games(g).map_err(|e| e.to_string())?;
                let labels = read_moves(m).map_err(|e| e.to_string())?;
                if these.len() != labels.len() {
                    return Err(format!(
                        "{}: {} games, but {}: {} lines",
                        g.display(),
                        these.len(),
                        m.display(),
                        labels.len()
                    ));
                }
                records.extend(these);
                chosen.extend(labels);
            }
            let start = Instant::now();
            let samples = policy_samples(&records, &chosen, rule.rule(), 15)?;
            eprintln!(
                "{} games, {} positions ({:.0} s)",
                records.len(),
                samples.len(),
                start.elapsed().as_secs_f64()
            );
            let fitted = fit_policy(&samples, epochs, rate, l2, &mut |epoch, loss| {
                eprintln!("epoch {epoch}: training log loss {loss:.4}")
            });
            eprintln!(
                "{} training, {} held-out positions; held-out log loss {:.4} (uniform {:.4}); the chosen move first {:.1}% (hand-made ordering {:.1}%), its mean rank {:.2} (hand-made {:.2})",
                fitted.counts.0,
                fitted.counts.1,
                fitted.held_out_loss.1,
                fitted.held_out_loss.0,
                100.0 * fitted.held_out_first.1,
                100.0 * fitted.held_out_first.0,
                fitted.held_out_rank.1,
                fitted.held_out_rank.0,
            );
            std::fs::write(&out, weights_source(&fitted.weights))
                .map_err(|e| format!("{}: {e}", out.display()))?;
            eprintln!("wrote {}", out.display());
            Ok(())
        }
        Step::Fit {
            rule,
            games,
            labels,
            blend,
            no_threats,
            epochs,
            rate,
            l2,
            out,
        } => {
            let mut records = Vec::new();
            for path in &games {
                records.extend(read_games(path).map_err(|e| e.to_string())?);
            }
            let start = Instant::now();
            let positions = if labels.is_empty() {
                samples(&records, rule.rule(), 15)
            } else {
                if labels.len() != games.len() {
                    return Err(format!(
                        "{} games files but {} labels files: give one labels file a games file",
                        games.len(),
                        labels.len()
                    ));
                }
                if !(0.0..=1.0).contains(&blend) {
                    return Err(format!("--blend {blend} is not a weight from 0 to 1"));
                }
                let mut searched = Vec::new();
                for path in &labels {
                    searched.extend(read_labels(path).map_err(|e| e.to_string())?);
                }
                if searched.len() != records.len() {
                    return Err(format!(
                        "{} games but {} lines of labels",
                        records.len(),
                        searched.len()
                    ));
                }
                let scale = score_scale(&records, &searched, rule.rule(), 15);
                eprintln!("a logit is worth {scale:.0} units of the search's scores");
                labelled_samples(&records, &searched, rule.rule(), 15, blend, scale)?
            };
            eprintln!(
                "{} games, {} positions ({:.0} s)",
                records.len(),
                positions.len(),
                start.elapsed().as_secs_f64()
            );
            let mut positions = positions;
            if no_threats {
                for p in &mut positions {
                    p.features.retain(|&(i, _)| usize::from(i) < LEARNED_THREAT);
                }
            }
            let fitted = fit(
                &positions,
                rule.rule(),
                Fitting { epochs, rate, l2 },
                &mut |epoch, loss| eprintln!("epoch {epoch}: training log loss {loss:.4}"),
            );
            eprintln!(
                "{} training, {} held-out positions; held-out log loss {:.4} (the bias alone {:.4}), winner named right {:.1}%",
                fitted.counts.0,
                fitted.counts.1,
                fitted.held_out_loss.1,
                fitted.held_out_loss.0,
                100.0 * fitted.held_out_accuracy
            );
            let bytes = fitted.weights.to_bytes();
            std::fs::write(&out, &bytes).map_err(|e| format!("{}: {e}", out.display()))?;
            let checksum = fnv1a(&bytes[FRAME_HEADER..]);
            eprintln!("wrote {} (payload FNV-1a {checksum:016x})", out.display());
            Ok(())
        }
        Step::Speed { move_ms } => {
            for evaluation in [Evaluation::Patterns, Evaluation::Learned] {
                let (nodes, seconds, depths) = ply_gomoku_train::speed(evaluation, move_ms);
                println!(
                    "{evaluation:?}: {nodes} nodes in {seconds:.2} s, {:.0} nodes/s, depths {depths:?}",
                    nodes as f64 / seconds
                );
            }
            Ok(())
        }
        Step::Duel {
            rule,
            openings,
            seed,
            depth,
            move_ms,
            weights,
        } => {
            let weights = match weights {
                Some(path) => {
                    let loaded = EvalWeights::load(&path).map_err(|e| e.to_string())?;
                    // Read once for the life of the process.
                    Some(&*Box::leak(Box::new(loaded)))
                }
                None => None,
            };
            let start = Instant::now();
            let score = duel(rule.rule(), weights, openings, seed, depth, move_ms);
            let games = score.wins + score.draws + score.losses;
            println!(
                "learned against hand-made, depth {depth}: {}-{}-{} in {games} games ({} wins as black), {:.1}%, {:.0} s",
                score.wins,
                score.draws,
                score.losses,
                score.wins_as_black,
                100.0 * (f64::from(score.wins) + 0.5 * f64::from(score.draws))
                    / f64::from(games.max(1)),
                start.elapsed().as_secs_f64()
            );
            Ok(())
        }
    }
}
