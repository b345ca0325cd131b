//! `ply-othello-train`: the steps of the evaluation's training pipeline
//! (see the crate's README). Every step reads and writes files in a data
//! folder; a finished job's file is never redone, a damaged one is refused
//! by name.

#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use ply_othello::pattern::{self, Weights};
use ply_othello_train as train;

#[derive(Parser)]
#[command(about = "Trains the 8x8 Othello pattern evaluation")]
struct Cli {
    /// Worker threads (default: every core).
    #[arg(long, global = true)]
    threads: Option<usize>,
    #[command(subcommand)]
    step: Step,
}

#[derive(Subcommand)]
enum Step {
    /// Self-play games of one job: its distinct positions to DIR.
    Generate {
        /// This job's number (0 to JOBS - 1).
        #[arg(long)]
        job: u32,
        /// Jobs in the run.
        #[arg(long)]
        jobs: u32,
        /// Games per job.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// The run's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The data folder.
        #[arg(long)]
        out: PathBuf,
    },
    /// Labels one job's positions: exact scores near the end, a search before.
    Label {
        /// This job's number.
        #[arg(long)]
        job: u32,
        /// Jobs in the run.
        #[arg(long)]
        jobs: u32,
        /// The data folder.
        #[arg(long)]
        data: PathBuf,
        /// Exact scores up to this many empties.
        #[arg(long, default_value_t = 14)]
        exact: u32,
        /// Up to this many empties (beyond `--exact`), the engine at `--near-depth`.
        #[arg(long, default_value_t = 20)]
        near_empties: u32,
        /// The engine's depth for those.
        #[arg(long, default_value_t = 8)]
        near_depth: u32,
        /// The engine's depth for the other positions.
        #[arg(long, default_value_t = 4)]
        depth: u32,
    },
    /// Fits the weights on every labels file of DIR.
    Fit {
        /// The data folder.
        #[arg(long)]
        data: PathBuf,
        /// The weights file to write (its checksum goes beside it, `.fnv1a`).
        #[arg(long)]
        out: PathBuf,
        /// Start from these weights (default: the shipped ones).
        #[arg(long)]
        start: Option<PathBuf>,
        /// Passes over the data per phase.
        #[arg(long, default_value_t = 20)]
        epochs: usize,
        /// The first step size.
        #[arg(long, default_value_t = 0.004)]
        rate: f32,
        /// Each phase also trains on positions up to this many empties
        /// beyond its own four.
        #[arg(long, default_value_t = 2)]
        overlap: u32,
        /// The L2 penalty per step (pulls the weights towards zero).
        #[arg(long, default_value_t = 0.002)]
        lambda: f32,
        /// Keep a phase's fit even when it is worse on its held-out positions.
        #[arg(long)]
        keep_worse: bool,
        /// The labels files of jobs J with J % K == K - 1 are held out (whole
        /// games, so the held-out error is not flattered by positions of the
        /// same games); with no such file, one position in ten by hash.
        #[arg(long, default_value_t = 8)]
        held_out_every: u32,
        /// Fit only the phases beyond this many empties; the others keep
        /// the start's weights (for example 20: those of 1-20 empties,
        /// calibrated against exact scores, stay as they are).
        #[arg(long, default_value_t = 0)]
        beyond: u32,
        /// Fit only the phases up to this many empties; the others keep
        /// the start's weights (for example 20: the phases that exact
        /// labels of up to 20 empties cover, when the data has search
        /// labels beyond).
        #[arg(long)]
        up_to: Option<u32>,
    },
    /// Sets each phase's bias and parity weight from exactly solved
    /// positions (the median error zero at even and at odd empties),
    /// keeping the pattern weights.
    Calibrate {
        /// The weights to calibrate (`shipped`: the weights built in).
        #[arg(long, default_value = "shipped")]
        weights: String,
        /// The exactly solved positions' file (made first if absent).
        #[arg(long)]
        set: PathBuf,
        /// Games the positions come from.
        #[arg(long, default_value_t = 1500)]
        games: u64,
        /// Their seed (keep it apart from the measuring set's and the
        /// training runs').
        #[arg(long, default_value_t = 7)]
        seed: u64,
        /// The empties solved (each phase calibrated has positions here).
        #[arg(
            long,
            value_delimiter = ',',
            default_value = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"
        )]
        empties: Vec<u32>,
        /// The weights file to write (its checksum goes beside it, `.fnv1a`).
        #[arg(long)]
        out: PathBuf,
    },
    /// A match at equal fixed depth of two weights files (`shipped`: the
    /// weights built in), each random opening played twice.
    Duel {
        /// The weights whose results are reported.
        #[arg(long)]
        weights: String,
        /// Their opponent.
        #[arg(long, default_value = "shipped")]
        against: String,
        /// Random openings (games: twice as many).
        #[arg(long, default_value_t = 200)]
        openings: u64,
        /// Plies each side searches.
        #[arg(long, default_value_t = 4)]
        depth: u32,
        /// The openings' seed.
        #[arg(long, default_value_t = 5)]
        seed: u64,
    },
    /// The error table against exact scores on independent positions.
    Measure {
        /// Weights files to compare (`shipped`: the weights built in).
        #[arg(long, num_args = 1.., default_value = "shipped")]
        weights: Vec<String>,
        /// The measuring positions' file (made first if absent).
        #[arg(long)]
        set: PathBuf,
        /// Games the measuring positions come from.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Their seed (keep it apart from the training runs' seeds).
        #[arg(long, default_value_t = 1_000_001)]
        seed: u64,
        /// The empties measured.
        #[arg(long, value_delimiter = ',', default_value = "4,8,12,16,20")]
        empties: Vec<u32>,
        /// Also the error of the labeller's search at these depths (what
        /// `label` gives positions beyond its exact empties).
        #[arg(long, value_delimiter = ',')]
        search_depths: Vec<u32>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(threads) = cli.threads {
        if let Err(e) = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .build_global()
        {
            eprintln!("error: cannot start {threads} threads: {e}");
            return ExitCode::FAILURE;
        }
    }
    match run(cli.step) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn check_job(job: u32, jobs: u32) -> Result<(), String> {
    if job >= jobs {
        return Err(format!("--job {job} is not below --jobs {jobs}"));
    }
    Ok(())
}

fn load_weights(name: &str) -> Result<Weights, String> {
    if name == "shipped" {
        pattern::embedded().cloned().map_err(|e| e.to_string())
    } else {
        Weights::load(Path::new(name)).map_err(|e| format!("{name}: {e}"))
    }
}

/// The exactly solved positions of `set`, made from `games` games of
/// `seed` (the position at each of `empties` in each) when the file is absent.
fn solved_set(
    set: &Path,
    seed: u64,
    games: u64,
    empties: &[u32],
    clock: Instant,
) -> Result<Vec<train::Labelled>, String> {
    if set.exists() {
        return train::read_labels(set).map_err(|e| e.to_string());
    }
    let made = train::measuring_set(seed, games, empties, train::Style::default());
    train::write_labels(set, &made).map_err(|e| e.to_string())?;
    println!(
        "{}: {} positions solved exactly in {:.1} s",
        set.display(),
        made.len(),
        clock.elapsed().as_secs_f64()
    );
    Ok(made)
}

/// Writes `weights` to `out` and their FNV-1a 64 beside them (`.fnv1a`).
fn write_weights(out: &Path, weights: &Weights, clock: Instant) -> Result<(), String> {
    let bytes = weights.to_bytes();
    if let Some(folder) = out.parent().filter(|f| !f.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    }
    train::write_atomically(out, &bytes).map_err(|e| e.to_string())?;
    let sum = train::fnv1a(&bytes);
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let beside = out.with_file_name(format!("{name}.fnv1a"));
    train::write_atomically(&beside, format!("{sum:016x}  {name}\n").as_bytes())
        .map_err(|e| e.to_string())?;
    println!(
        "wrote {} ({} bytes, FNV-1a 64 {sum:016x}) in {:.1} s",
        out.display(),
        bytes.len(),
        clock.elapsed().as_secs_f64()
    );
    Ok(())
}

fn run(step: Step) -> Result<(), String> {
    let clock = Instant::now();
    match step {
        Step::Generate {
            job,
            jobs,
            games,
            seed,
            out,
        } => {
            check_job(job, jobs)?;
            std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
            let path = train::positions_path(&out, job, jobs);
            if path.exists() {
                let done = train::read_positions(&path).map_err(|e| e.to_string())?;
                println!(
                    "{}: done already ({} positions)",
                    path.display(),
                    done.len()
                );
                return Ok(());
            }
            let positions = train::generate_job(seed, job, games, train::Style::default());
            train::write_positions(&path, &positions).map_err(|e| e.to_string())?;
            println!(
                "{}: {games} games, {} distinct positions in {:.1} s",
                path.display(),
                positions.len(),
                clock.elapsed().as_secs_f64()
            );
        }
        Step::Label {
            job,
            jobs,
            data,
            exact,
            near_empties,
            near_depth,
            depth,
        } => {
            check_job(job, jobs)?;
            let path = train::labels_path(&data, job, jobs);
            if path.exists() {
                let done = train::read_labels(&path).map_err(|e| e.to_string())?;
                println!("{}: done already ({} labels)", path.display(), done.len());
                return Ok(());
            }
            let positions = train::read_positions(&train::positions_path(&data, job, jobs))
                .map_err(|e| e.to_string())?;
            let how = train::Labelling {
                exact_empties: exact,
                near_empties,
                near_depth,
                depth,
            };
            let labels = train::label_positions(&positions, how);
            train::write_labels(&path, &labels).map_err(|e| e.to_string())?;
            let exact_count = labels.iter().filter(|l| l.kind == 0).count();
            let near = labels
                .iter()
                .filter(|l| l.kind != 0 && (!(l.p | l.o)).count_ones() <= near_empties)
                .count();
            println!(
                "{}: {} labels ({exact_count} exact, {near} at depth {near_depth}, {} at depth {depth}) in {:.1} s",
                path.display(),
                labels.len(),
                labels.len() - exact_count - near,
                clock.elapsed().as_secs_f64()
            );
        }
        Step::Fit {
            data,
            out,
            start,
            epochs,
            rate,
            lambda,
            overlap,
            keep_worse,
            held_out_every,
            beyond,
            up_to,
        } => {
            let start = match start {
                Some(path) => load_weights(&path.to_string_lossy())?,
                None => load_weights("shipped")?,
            };
            let mut seen = std::collections::HashSet::new();
            let (mut labels, mut held) = (Vec::new(), Vec::new());
            let files = train::label_files(&data).map_err(|e| e.to_string())?;
            let job_of = |path: &Path| -> Option<u32> {
                let name = path.file_name()?.to_string_lossy().into_owned();
                name.strip_prefix("labels-")?.get(..4)?.parse().ok()
            };
            let every = held_out_every.max(1);
            let is_held = |path: &Path| job_of(path).is_some_and(|j| j % every == every - 1);
            let by_job = files.iter().any(|f| is_held(f));
            for file in &files {
                for l in train::read_labels(file).map_err(|e| e.to_string())? {
                    if seen.insert((l.p, l.o)) {
                        let out = if by_job {
                            is_held(file)
                        } else {
                            train::held_out(l.p, l.o)
                        };
                        if out {
                            held.push(l);
                        } else {
                            labels.push(l);
                        }
                    }
                }
            }
            println!(
                "{} labels files, {} distinct labelled positions ({} held out, {})",
                files.len(),
                labels.len() + held.len(),
                held.len(),
                if by_job {
                    format!("the jobs J with J % {every} == {}", every - 1)
                } else {
                    "one in ten by hash".to_string()
                }
            );
            let how = train::Fitting {
                epochs,
                rate,
                lambda,
                overlap,
                beyond,
                up_to: up_to.unwrap_or(u32::MAX),
                ..train::Fitting::default()
            };
            let (weights, reports) = train::fit(&labels, &held, &start, how, keep_worse);
            println!(
                "{:>5} {:>7} {:>8} {:>7} {:>11} {:>11} {:>10} {:>10} {:>5}",
                "phase",
                "empties",
                "train",
                "held",
                "train start",
                "train new",
                "held start",
                "held new",
                "kept"
            );
            for r in &reports {
                let low = r.phase as u32 * pattern::PHASE_WIDTH + 1;
                println!(
                    "{:>5} {:>7} {:>8} {:>7} {:>11.2} {:>11.2} {:>10.2} {:>10.2} {:>5}",
                    r.phase,
                    format!("{}-{}", low, low + pattern::PHASE_WIDTH - 1),
                    r.train,
                    r.held,
                    r.train_error.0,
                    r.train_error.1,
                    r.held_error.0,
                    r.held_error.1,
                    if r.kept { "new" } else { "start" }
                );
            }
            write_weights(&out, &weights, clock)?;
        }
        Step::Calibrate {
            weights,
            set,
            games,
            seed,
            empties,
            out,
        } => {
            let start = load_weights(&weights)?;
            let positions = solved_set(&set, seed, games, &empties, clock)?;
            let (calibrated, shifts) = train::calibrate(&start, &positions);
            println!("| phase | empties | positions even / odd | median error even / odd before | MAE before | MAE after |");
            println!("|---|---|---|---|---|---|");
            for s in &shifts {
                let low = s.phase as u32 * pattern::PHASE_WIDTH + 1;
                println!(
                    "| {} | {}-{} | {} / {} | {:+.2} / {:+.2} | {:.2} | {:.2} |",
                    s.phase,
                    low,
                    low + pattern::PHASE_WIDTH - 1,
                    s.positions.0,
                    s.positions.1,
                    s.median_error.0,
                    s.median_error.1,
                    s.absolute_error.0,
                    s.absolute_error.1
                );
            }
            write_weights(&out, &calibrated, clock)?;
        }
        Step::Duel {
            weights,
            against,
            openings,
            depth,
            seed,
        } => {
            let (a, b) = (load_weights(&weights)?, load_weights(&against)?);
            let (won, drawn, lost) = train::duel(&a, &b, openings, depth, seed);
            let games = f64::from(won + drawn + lost).max(1.0);
            println!(
                "{weights} against {against} at depth {depth}: {won} won, {drawn} drawn, {lost} lost ({:.1}%) in {:.1} s",
                100.0 * (f64::from(won) + 0.5 * f64::from(drawn)) / games,
                clock.elapsed().as_secs_f64()
            );
        }
        Step::Measure {
            weights,
            set,
            games,
            seed,
            empties,
            search_depths,
        } => {
            let all: Vec<Weights> = weights
                .iter()
                .map(|w| load_weights(w))
                .collect::<Result<_, _>>()?;
            let positions = solved_set(&set, seed, games, &empties, clock)?;
            let refs: Vec<&Weights> = all.iter().collect();
            let table = train::error_table(&positions, &empties, &refs);
            let searched: Vec<Vec<f64>> = search_depths
                .iter()
                .map(|&depth| train::search_errors(&positions, &empties, depth))
                .collect();
            print!("| empties | positions |");
            for w in &weights {
                print!(" MAE {w} | mean signed error {w} |");
            }
            for d in &search_depths {
                print!(" MAE search depth {d} |");
            }
            println!();
            print!("|---|---|");
            for _ in 0..2 * weights.len() + search_depths.len() {
                print!("---|");
            }
            println!();
            for (row, (e, n, errors)) in table.into_iter().enumerate() {
                print!("| {e} | {n} |");
                for err in &errors {
                    print!(" {:.2} | {:+.2} |", err.absolute, err.signed);
                }
                for s in &searched {
                    print!(" {:.2} |", s[row]);
                }
                println!();
            }
        }
    }
    Ok(())
}
