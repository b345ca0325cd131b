//! A spinner on stderr for work that turns out slow: it appears only when
//! a person watches stderr (a terminal) and the work has run for half a
//! second, shows the elapsed time, and is cleared when the work ends.

use std::io::IsTerminal;
use std::sync::mpsc;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long work runs before the spinner shows.
const SHOW_AFTER: Duration = Duration::from_millis(500);

/// How often the spinner redraws.
const TICK: Duration = Duration::from_millis(100);

/// Runs `work`, with a spinner saying `message` if it takes a while.
pub fn with_spinner<T>(message: &str, work: impl FnOnce() -> T) -> T {
    if !std::io::stderr().is_terminal() {
        return work();
    }
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || spin(message, &finished));
        let result = work();
        // The spinner thread may already be gone; then there is nothing to stop.
        let _ = done.send(());
        result
    })
}

/// Waits for the end of the work, showing the spinner once it is slow.
fn spin(message: &str, finished: &mpsc::Receiver<()>) {
    if finished.recv_timeout(SHOW_AFTER) != Err(mpsc::RecvTimeoutError::Timeout) {
        return;
    }
    let bar =
        ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()).with_elapsed(SHOW_AFTER);
    bar.set_style(
        ProgressStyle::with_template("{spinner} {elapsed} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.set_message(message.to_string());
    while finished.recv_timeout(TICK) == Err(mpsc::RecvTimeoutError::Timeout) {
        bar.tick();
    }
    bar.finish_and_clear();
}
