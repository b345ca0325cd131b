//! A child process the referee talks to over pipes (an outside engine, a
//! contest entry's host): started in a process group of its own, its
//! output read line by line on a thread so the referee can wait for a line
//! with a time limit, written to without SIGPIPE ending ply, and stopped
//! with everything it started.
//!
//! ply restores SIGPIPE's default disposition, so that `ply ... | head`
//! ends quietly; but then a write to a child that has exited (which hostile
//! code can make happen at any moment) would end ply with it.
//! [`without_sigpipe`] makes such a write fail instead.

#![warn(missing_docs)]

mod child;

pub use child::{PipedChild, Silence};

/// Runs `write` with SIGPIPE blocked on this thread, so a write to an
/// engine that has exited fails (EPIPE) instead of ending ply (which
/// restores SIGPIPE's default, to end quietly when its own output is
/// closed); a SIGPIPE the write raised is taken before unblocking.
#[cfg(unix)]
pub fn without_sigpipe(write: impl FnOnce() -> std::io::Result<()>) -> std::io::Result<()> {
    // SAFETY: the sets are initialised by sigemptyset before use and only
    // passed by pointer to the calls that read or fill them; the mask
    // changed is this thread's alone and is restored before returning.
    unsafe {
        let mut pipe: libc::sigset_t = std::mem::zeroed();
        let mut before: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut pipe);
        libc::sigaddset(&mut pipe, libc::SIGPIPE);
        libc::pthread_sigmask(libc::SIG_BLOCK, &pipe, &mut before);
        let result = write();
        if result
            .as_ref()
            .is_err_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
        {
            let now = libc::timespec {
                tv_sec: 0,
                tv_nsec: 0,
            };
            libc::sigtimedwait(&pipe, std::ptr::null_mut(), &now);
        }
        libc::pthread_sigmask(libc::SIG_SETMASK, &before, std::ptr::null_mut());
        result
    }
}

#[cfg(not(unix))]
pub fn without_sigpipe(write: impl FnOnce() -> std::io::Result<()>) -> std::io::Result<()> {
    write()
}

#[cfg(all(test, unix))]
mod tests {
    use std::io::Write;

    #[test]
    fn a_write_to_a_closed_pipe_fails_instead_of_ending_the_process() {
        // SAFETY: the default disposition, set before any pipe is written
        // in this test binary (its only test), as ply's main sets it.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        }
        let (reader, mut writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let written = super::without_sigpipe(|| writer.write_all(b"anyone there?\n"));
        let error = written.expect_err("nobody reads");
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe);
        // And the signal did not stay pending to end us later.
        let again = super::without_sigpipe(|| writer.write_all(b"still?\n"));
        assert!(again.is_err());
    }
}
