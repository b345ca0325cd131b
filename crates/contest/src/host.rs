//! `ply entry-host trilite LIBRARY` (hidden): the process one contest entry runs
//! in. It loads the library, finds `PlayTrilite`, and answers the
//! referee's calls (see `protocol`), under the memory and processor time
//! limits of `limits`, on a thread of a known stack. Whatever the entry
//! does, a crash, an endless loop, writing to standard output, it does it
//! here, where the referee sees it as a dead or silent process (and
//! `faults` tells it when the stack or the memory ran out).

use std::ffi::{c_int, c_uchar};
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::fd::AsFd;
use std::path::Path;

use super::faults;
use super::limits::{Limits, ENTRY_STACK};
use super::protocol::{Reply, Request, MAX_LINE};

/// The contest interface's prototype: `BoardPosition PlayTrilite(const Board,
/// BoardPosition, int, Boolean)`, `Boolean` an unsigned char as in
/// `crates/trilite-c/include/trilite.h`.
type PlayTrilite = unsafe extern "C" fn(*const c_int, c_int, c_int, c_uchar) -> c_int;

/// Why the host process stopped serving its referee.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    /// Reading or writing the protocol, or setting up the process, failed.
    #[error("{0}: {1}")]
    Io(&'static str, #[source] std::io::Error),
    /// The referee sent a line that is not a call.
    #[error("the referee's call is garbled")]
    Garbled,
}

impl From<std::io::Error> for HostError {
    fn from(error: std::io::Error) -> Self {
        HostError::Io("cannot answer the referee", error)
    }
}

/// Runs the host until the referee closes its input.
pub fn run(library: &Path) -> Result<(), HostError> {
    // The protocol gets copies of standard input and output; the entry's
    // own writes to standard output go where its standard error goes, and
    // it reads nothing the referee sent.
    let mut to_referee = File::from(std::io::stdout().as_fd().try_clone_to_owned()?);
    let from_referee = File::from(std::io::stdin().as_fd().try_clone_to_owned()?);
    keep_standard_streams_for_the_entry()?;
    end_with_the_referee();
    let limits = match Limits::from_env() {
        Ok(limits) => limits,
        Err(reason) => return refuse(&mut to_referee, &reason),
    };
    if let Err(e) = faults::limit(&limits) {
        return refuse(&mut to_referee, &format!("cannot limit its process: {e}"));
    }
    faults::watch(&to_referee, &limits);
    let library = library.to_path_buf();
    // The entry's calls run on a thread whose stack is known, so that an
    // overflow is recognised as one.
    let serving = std::thread::Builder::new()
        .name("entry".into())
        .stack_size(ENTRY_STACK)
        .spawn(move || serve(&library, to_referee, from_referee))
        .map_err(|e| HostError::Io("cannot start the entry's thread", e))?;
    serving.join().unwrap_or(Err(HostError::Io(
        "the entry's thread failed",
        std::io::Error::other("panic"),
    )))
}

/// Loads the library and answers the calls, on the entry's thread.
fn serve(library: &Path, mut to_referee: File, from_referee: File) -> Result<(), HostError> {
    faults::on_entry_thread();
    // SAFETY: loading a library runs its initialisers, code we know nothing
    // about: that is why this is a process of its own, whose only job is to
    // run this entry. The library stays loaded until this process ends, so
    // the function pointer below never outlives it.
    let library = match unsafe { libloading::Library::new(library) } {
        Ok(library) => library,
        Err(e) => return refuse(&mut to_referee, &format!("cannot load it: {e}")),
    };
    // SAFETY: the symbol is declared with the contest interface's prototype (see
    // `PlayTrilite`); a library exporting it with another signature is the
    // entry's fault, and its worst effect is this process dying, which the
    // referee reports as a crash.
    let play: PlayTrilite = match unsafe { library.get::<PlayTrilite>(b"PlayTrilite\0") } {
        Ok(symbol) => *symbol,
        Err(e) => {
            return refuse(
                &mut to_referee,
                &format!("has no PlayTrilite function: {e}"),
            )
        }
    };
    to_referee.write_all(Reply::Ready.line().as_bytes())?;

    let mut lines = BufReader::new(from_referee);
    let mut line = String::new();
    loop {
        line.clear();
        let read = (&mut lines)
            .take(MAX_LINE as u64)
            .read_line(&mut line)
            .map_err(|e| HostError::Io("cannot read the referee's call", e))?;
        if read == 0 {
            return Ok(());
        }
        let request = Request::parse(&line).ok_or(HostError::Garbled)?;
        // The call's number is not left in the line for the entry to find.
        line.clear();
        line.push_str(&" ".repeat(MAX_LINE));
        let board = request.board;
        // SAFETY: `board` is nine `c_int`s alive across the call, as the
        // contest interface's `const Board` is; the other arguments are plain values.
        // What the entry does inside is its own: see `PlayTrilite` above.
        let answer = unsafe {
            play(
                board.as_ptr(),
                request.previous,
                request.player,
                c_uchar::from(request.new_game),
            )
        };
        let reply = Reply::Move {
            nonce: request.nonce,
            answer,
        };
        to_referee.write_all(reply.line().as_bytes())?;
    }
}

fn refuse(to_referee: &mut File, reason: &str) -> Result<(), HostError> {
    to_referee.write_all(Reply::Refused(reason.to_string()).line().as_bytes())?;
    Ok(())
}

/// Points standard output at standard error (the referee sends that
/// nowhere) and standard input at /dev/null, so an entry that prints or
/// reads cannot touch the protocol.
fn keep_standard_streams_for_the_entry() -> Result<(), HostError> {
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        let null =
            File::open("/dev/null").map_err(|e| HostError::Io("cannot open /dev/null", e))?;
        // SAFETY: `dup2` only changes which file descriptors 0 and 1 refer
        // to; both sources are open (standard error, and `null`, alive
        // until the end of this block), and the protocol holds its own
        // copies of the original descriptors, taken before this call.
        let (output, input) = unsafe { (libc::dup2(2, 1), libc::dup2(null.as_raw_fd(), 0)) };
        if output < 0 || input < 0 {
            return Err(HostError::Io(
                "cannot set the entry's standard streams aside",
                std::io::Error::last_os_error(),
            ));
        }
    }
    Ok(())
}

/// Asks Linux to end this process when the referee's thread that started
/// it ends, so an entry stuck in a loop never outlives a referee that was
/// killed. (Elsewhere the referee stops its entries itself.)
fn end_with_the_referee() {
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_PDEATHSIG takes a signal number and changes nothing
    // but this process's own parent-death signal.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
    }
}
