//! Ctrl-C. While an analysis runs (`hint`, `solve`) it asks the search to
//! stop, and the search reports what it proved so far; a second Ctrl-C, or
//! one at any other time, ends the program as usual (killed by SIGINT, exit
//! status 130 in the shell).

use std::sync::atomic::{AtomicBool, Ordering};

/// True while an [`Analysis`] is alive.
static ANALYZING: AtomicBool = AtomicBool::new(false);

/// Installs the SIGINT handler; call once, first thing in `main`.
pub fn install() {
    #[cfg(unix)]
    // SAFETY: `on_sigint` is an `extern "C" fn(c_int)`, the signature
    // `signal` expects, and it only does async-signal-safe things: atomic
    // loads and stores (lock-free for `AtomicBool`), `signal` and `raise`.
    // Installing it first thing in `main` races with nothing.
    unsafe {
        let handler: extern "C" fn(libc::c_int) = on_sigint;
        libc::signal(libc::SIGINT, handler as libc::sighandler_t);
    }
}

#[cfg(unix)]
extern "C" fn on_sigint(_signal: libc::c_int) {
    if ANALYZING.load(Ordering::SeqCst) && !ply_engine::interrupted() {
        ply_engine::interrupt();
        return;
    }
    // SAFETY: `signal` and `raise` are async-signal-safe (POSIX); putting
    // back the default disposition and raising the signal again ends the
    // process exactly as an uncaught Ctrl-C would.
    unsafe {
        libc::signal(libc::SIGINT, libc::SIG_DFL);
        libc::raise(libc::SIGINT);
    }
}

/// An analysis in progress: while it lives, Ctrl-C stops the search
/// instead of the program.
pub struct Analysis(());

impl Analysis {
    /// Forgets any earlier interrupt and lets Ctrl-C stop searches.
    pub fn start() -> Analysis {
        ply_engine::clear_interrupt();
        ANALYZING.store(true, Ordering::SeqCst);
        Analysis(())
    }

    /// True when Ctrl-C stopped this analysis.
    pub fn interrupted(&self) -> bool {
        ply_engine::interrupted()
    }
}

impl Drop for Analysis {
    /// Ctrl-C ends the program again, and the interrupt is forgotten so the
    /// bots' next searches run their full time.
    fn drop(&mut self) {
        ANALYZING.store(false, Ordering::SeqCst);
        ply_engine::clear_interrupt();
    }
}
