//! Progress bars on stderr, shown only on a terminal.

use indicatif::{ProgressBar, ProgressState, ProgressStyle};

/// A bar counting to `len` items, labelled `what`; hidden when stderr is not a terminal. The
/// clock ticks every second even when no progress is reported, and the estimate of the time left
/// reads `?` until there is some progress to base it on.
pub fn bar(len: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(bar_style());
    bar.set_message(what.to_string());
    bar.enable_steady_tick(std::time::Duration::from_secs(1));
    bar
}

/// The style of [`bar`]: message, elapsed time, bar, counts and the estimate of the time left.
fn bar_style() -> ProgressStyle {
    ProgressStyle::with_template(
        "{msg} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} (eta {eta_or_unknown})",
    )
    .expect("the template is valid")
    .with_key(
        "eta_or_unknown",
        |state: &ProgressState, out: &mut dyn std::fmt::Write| {
            let text = if state.pos() == 0 {
                "?".to_string()
            } else {
                format!("{:#}", indicatif::HumanDuration(state.eta()))
            };
            let _ = out.write_str(&text);
        },
    )
}

/// Moves `bar` to `pos` without counting the jump as progress, so that the estimate of the time
/// left is measured from here: work a checkpoint brought back cost no time in this run.
pub fn rebase(bar: &ProgressBar, pos: u64) {
    // The estimator records positions only when the bar ticks: tick once by hand (the steady
    // ticker stopped meanwhile) so that `pos` is its starting point, then forget the rate.
    bar.disable_steady_tick();
    bar.set_position(pos);
    bar.tick();
    bar.reset_eta();
    bar.enable_steady_tick(std::time::Duration::from_secs(1));
}

/// A spinner with the elapsed time, for work whose length is not known in advance (exploring a
/// game graph); hidden when stderr is not a terminal.
pub fn spinner(what: &str) -> ProgressBar {
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} [{elapsed_precise}]")
            .expect("the template is valid"),
    );
    bar.set_message(what.to_string());
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}

/// The progress callback of a game-graph exploration: the spinner's message counts positions
/// and moves against the limits where an exploration stops.
pub fn exploring(spinner: &ProgressBar) -> impl FnMut(usize, usize) + '_ {
    move |positions, moves| {
        spinner.set_message(format!(
            "exploring the game graph: {positions} positions (limit {}), {moves} moves (limit {})",
            grundy::solve::DEFAULT_GRAPH_LIMIT,
            grundy::solve::MAX_GRAPH_EDGES
        ))
    }
}

/// A spinner that appears only if the work it covers takes more than a second (most answers
/// come at once), with the elapsed time; hidden when stderr is not a terminal. It goes away
/// when dropped.
pub struct Delayed {
    bar: ProgressBar,
    done: std::sync::Arc<std::sync::Mutex<bool>>,
    /// The board search's last summary line (positions searched), printed when the spinner
    /// was shown and goes away.
    summary: std::sync::Arc<std::sync::Mutex<Option<String>>>,
}

/// Starts a [`Delayed`] spinner labelled `what`.
pub fn delayed(what: &str) -> Delayed {
    let bar = ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::hidden());
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} [{elapsed_precise}]")
            .expect("the template is valid"),
    );
    bar.set_message(what.to_string());
    let done = std::sync::Arc::new(std::sync::Mutex::new(false));
    let (shown, finished) = (bar.clone(), done.clone());
    // Shown on a terminal only: elsewhere no thread waits to show it.
    if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_secs(1));
            let finished = finished.lock().unwrap_or_else(|e| e.into_inner());
            if !*finished {
                shown.set_draw_target(indicatif::ProgressDrawTarget::stderr());
                shown.enable_steady_tick(std::time::Duration::from_millis(200));
            }
        });
    }
    Delayed {
        bar,
        done,
        summary: Default::default(),
    }
}

impl Delayed {
    /// Runs `work` with the library's progress reports of single questions
    /// ([`grundy::progress`]) turning the spinner into a bar with counts and time left (and so
    /// lifting the work budget of an unwatched question: Ctrl-C stops it).
    pub fn watch<T>(&self, work: impl FnOnce() -> T) -> T {
        let bar = self.bar.clone();
        let mut styled = false;
        let watcher = Box::new(move |done: u64, total: u64| {
            if !styled {
                bar.set_style(bar_style());
                styled = true;
            }
            if bar.length() != Some(total) {
                bar.set_length(total);
                bar.reset_eta();
            }
            bar.set_position(done);
        });
        grundy::progress::watched(watcher, work)
    }
}

impl Delayed {
    /// A watcher of the library's status lines (the board search's positions, rate and table
    /// fill) that shows them as the spinner's message.
    ///
    /// Its summary of a finished question ("board search: N positions searched ...") is kept
    /// and printed on stderr when a shown spinner goes away: the count depends on the threads,
    /// so it is never part of the answer on stdout.
    pub fn status_watcher(&self) -> grundy::progress::StatusWatcher {
        let bar = self.bar.clone();
        let summary = self.summary.clone();
        Box::new(move |line: &str| {
            if line.starts_with("board search:") {
                *summary.lock().unwrap_or_else(|e| e.into_inner()) = Some(line.to_string());
            }
            bar.set_message(line.to_string())
        })
    }
}

impl Drop for Delayed {
    fn drop(&mut self) {
        let mut finished = self.done.lock().unwrap_or_else(|e| e.into_inner());
        *finished = true;
        let shown = !self.bar.is_hidden();
        self.bar.finish_and_clear();
        if shown {
            if let Some(line) = self
                .summary
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .take()
            {
                crate::failure::say(&line);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    #[test]
    fn the_estimate_after_a_resume_counts_only_the_new_work() {
        // 900 of 1000 items come from a checkpoint, then about one item a second: more than a
        // minute is left at that rate, not the fraction of a second 902 items would suggest.
        let bar = super::bar(1000, "test");
        super::rebase(&bar, 900);
        std::thread::sleep(Duration::from_millis(600));
        bar.set_position(901);
        std::thread::sleep(Duration::from_millis(600));
        bar.set_position(902);
        std::thread::sleep(Duration::from_millis(1100));
        let eta = bar.eta();
        assert!(eta > Duration::from_secs(20), "eta {eta:?}");
        bar.finish_and_clear();
    }
}
