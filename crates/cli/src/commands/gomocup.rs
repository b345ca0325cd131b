//! `ply gomocup`: a Gomoku brain for the piskvork manager and other
//! Gomocup tools. The protocol lives in `ply_gomoku::protocol`; this hands
//! each line of standard input to the brain and writes its answers,
//! flushed at once as the manager waits.

use std::io::Write;

use ply_gomoku::protocol::{Brain, MAX_LINE};
use ply_gomoku::{EvalWeights, Evaluation};

use super::protocol_lines::each_line;
use crate::output::Output;

/// `ply gomocup`'s options.
#[derive(clap::Args, Debug)]
pub struct GomocupArgs {
    /// Search threads (lazy SMP, 1 to 64) until the manager's `INFO
    /// thread_num` says otherwise.
    #[arg(long, default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=ply_gomoku::MAX_THREADS as i64))]
    pub threads: u16,
    /// Show the search's progress as it runs: a MESSAGE line (depth,
    /// score, nodes, time, principal variation) for each iteration that
    /// ends after 100 ms, before the answer's own.
    #[arg(long)]
    pub progress: bool,
    /// What the search judges quiet positions by: the learned evaluation
    /// (freestyle and standard; the other rules keep the hand-made one),
    /// or the hand-made pattern sums.
    #[arg(long, value_enum, default_value = "learned")]
    pub evaluation: EvaluationArg,
    /// The learned evaluation with these weights (a file of
    /// `ply-gomoku-train fit`, for its rule) instead of the shipped ones;
    /// implies `--evaluation learned`.
    #[arg(long)]
    pub weights: Option<std::path::PathBuf>,
}

/// The evaluations `--evaluation` names.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum EvaluationArg {
    /// Line patterns summed, the mover's weighted up.
    Patterns,
    /// Weights per cell combination and threat, fitted on self-play.
    Learned,
}

pub fn run(args: GomocupArgs) -> anyhow::Result<()> {
    let mut out = Output::stdout();
    let mut brain = Brain::with_threads(usize::from(args.threads));
    let weights = match &args.weights {
        // Read once for the life of the process, which the engine's
        // boards borrow them for.
        Some(path) => {
            // The message names the cause already.
            let loaded = EvalWeights::load(path).map_err(|e| anyhow::anyhow!("{e}"))?;
            Some(&*Box::leak(Box::new(loaded)))
        }
        None => None,
    };
    let evaluation = match (args.evaluation, weights) {
        (EvaluationArg::Patterns, None) => Evaluation::Patterns,
        _ => Evaluation::Learned,
    };
    brain.set_evaluation(evaluation, weights);
    if args.progress {
        // Best effort: a line that cannot be written now is no reason to
        // stop thinking; the answer's own write reports a closed output.
        brain.show_progress(Box::new(|line| {
            let mut stdout = std::io::stdout().lock();
            let _ = writeln!(stdout, "{line}").and_then(|()| stdout.flush());
        }));
    }
    each_line(MAX_LINE, |line| {
        let reply = brain.handle(line);
        for answer in &reply.lines {
            writeln!(out, "{answer}")?;
        }
        out.flush()?;
        Ok(!reply.quit)
    })
}
