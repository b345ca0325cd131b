//! The (m,n,k) games' own `ply solve`: the proof search, with `--prove`
//! or where alpha-beta would take too long.

use std::time::Duration;

use ply_engine::{GameError, GameOptions, OptionProblem, ProofBudget, SolveOutput, SolveRequest};

use crate::board::Mnk;
use crate::proof::{proof_report, ProofMethod, ProverBudget};

/// Above this many empty squares `ply solve` proves instead of running
/// alpha-beta: measured from the start, alpha-beta with every move's value
/// takes 1.4 s on (5,6,4) (30 empties) but 7 s on (5,7,4) and past 20 s on
/// (5,7,5) and (4,8,4), where the prover takes 0.1 s, 0.02 s and 16 s.
pub const AUTO_PROVE_ABOVE: u32 = 30;

/// The proof search's time limit when none is given: a minute, so that no
/// `ply solve` runs on for minutes unasked; every value of the literature
/// that the README lists is proved well within it ((8,4,4) in 16 s).
pub const DEFAULT_PROOF_SECONDS: u64 = 60;

/// The proof search's answer when `--prove` asks for it, or on a position
/// with more than [`AUTO_PROVE_ABOVE`] empty squares and no depth limit
/// (where alpha-beta would take too long); within the solve request's time
/// budget when it has one, else `--proof-time`.
pub(crate) fn special_solve(
    game: &Mnk,
    options: &GameOptions,
    request: &SolveRequest,
) -> Option<Result<SolveOutput, GameError>> {
    // Checked before deciding whether to prove: a bad `--proof-time` or
    // `--proof-method` is refused even where alpha-beta answers, not only
    // on the positions that happen to need the prover.
    let settings = match prover_settings(options, request) {
        Ok(settings) => settings,
        Err(error) => return Some(Err(error)),
    };
    let automatic =
        request.config.depth.is_none() && game.empty_squares().count_ones() > AUTO_PROVE_ABOVE;
    if !options.flag("prove") && !automatic {
        return None;
    }
    let (time, source, method) = settings;
    let budget = ProverBudget {
        nodes: None,
        time: Some(time),
    };
    Some(Ok(SolveOutput::Proof(proof_report(
        game, budget, method, source,
    ))))
}

/// `--proof-time` and `--proof-method` as given, checked.
fn prover_values(options: &GameOptions) -> Result<(Option<u64>, ProofMethod), GameError> {
    let seconds: Option<u64> = options.get("proof-time")?;
    let method = match options.get::<String>("proof-method")? {
        None => ProofMethod::default(),
        Some(text) => ProofMethod::parse(&text).ok_or_else(|| {
            GameError::option(
                "proof-method",
                OptionProblem::Invalid {
                    value: ply_engine::echo::shown(&text),
                    why: "the proof method is dfpn or dfs".into(),
                    example: Some("dfs".into()),
                },
            )
        })?,
    };
    Ok((seconds, method))
}

/// The prover's time limit, where it comes from, and its method.
fn prover_settings(
    options: &GameOptions,
    request: &SolveRequest,
) -> Result<(Duration, ProofBudget, ProofMethod), GameError> {
    let (seconds, method) = prover_values(options)?;
    let (time, source) = match (request.config.move_time, seconds) {
        (Some(_), Some(_)) => {
            return Err(GameError::ConflictingOptions {
                options: ("move-time".into(), "proof-time".into()),
            })
        }
        (Some(budget), None) => (budget, ProofBudget::MoveTime),
        (None, seconds) => (
            Duration::from_secs(seconds.unwrap_or(DEFAULT_PROOF_SECONDS)),
            ProofBudget::ProofTime,
        ),
    };
    Ok((time, source, method))
}

/// A wide board (above 8 x 8, or the exact rule) has no proof search.
pub(crate) fn refuse_proof(options: &GameOptions) -> Option<Result<SolveOutput, GameError>> {
    // A bad value is named as such, as on the boards that have a prover.
    if let Err(error) = prover_values(options) {
        return Some(Err(error));
    }
    options.flag("prove").then(|| {
        Err(GameError::Unsupported(
            "the proof search takes freestyle boards of at most 8x8".into(),
        ))
    })
}
