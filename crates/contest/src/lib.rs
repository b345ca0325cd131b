//! Contest entries in `ply tournament trilite`: a shared library exporting
//! the Trilite contest's `PlayTrilite` plays as a contest referee would
//! call it, in a process of its own so that its faults cannot take the
//! referee down.
//!
//! The referee (`referee`) starts `ply entry-host trilite LIBRARY` (`host`,
//! a hidden subcommand of the `ply` binary, which calls
//! [`EntryHost::serve`](ply_engine::arena::entry::EntryHost::serve)) once
//! per entry, before any game. The
//! host loads the library, finds `PlayTrilite`, and answers the referee's
//! calls over its standard input and output in a line protocol
//! (`protocol`), under memory and processor time limits ([`Limits`]).
//! The referee times each call itself, and stops the host's whole process
//! group. An entry that crashes, stays
//! silent past the move time limit (then it is stopped) or answers a
//! square that is not empty loses that game; its process is started again
//! for its next game when it died or was stopped.

#![warn(missing_docs)]

mod faults;
mod host;
mod limits;
mod protocol;
mod referee;

pub use host::HostError;
pub use limits::{
    Limits, CPU_VARIABLE, DEFAULT_CPU_SECONDS, DEFAULT_MEMORY_MIB, ENTRY_STACK, MEMORY_VARIABLE,
};
pub use referee::{TriliteEntries, TRILITE_ENTRIES};
