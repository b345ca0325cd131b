//! The training pipeline of the 8x8 Othello pattern evaluation
//! (`ply_othello::pattern`): self-play positions, labels, a fit per phase
//! and the error table against exact scores, each step reading and
//! writing files in a data folder, so a run can stop and resume and its
//! generation and labelling jobs can run as separate processes (or
//! cluster tasks). The binary `ply-othello-train` drives it; see the
//! crate's README.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod calibrate;
mod duel;
mod files;
mod fit;
mod label;
mod measure;
mod selfplay;

pub use calibrate::{calibrate, PhaseShift};
pub use duel::duel;
pub use files::{
    fnv1a, label_files, labels_path, positions_path, read_labels, read_positions, write_atomically,
    write_labels, write_positions, DataError, Labelled,
};
pub use fit::{fit, held_out, mean_error, Fitting, PhaseReport};
pub use label::{exact_scores, label_positions, Labelling};
pub use measure::{error_table, measuring_set, search_errors, Errors};
pub use selfplay::{game_seed, generate_job, play, play_game, start, Style};
