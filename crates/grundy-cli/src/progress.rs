//! Progress bars on stderr, shown only on a terminal.

use indicatif::{ProgressBar, ProgressState, ProgressStyle};

/// A bar counting to `len` items, labelled `what`; hidden when stderr is not a terminal. The
/// clock ticks every second even when no progress is reported, and the estimate of the time left
/// reads `?` until there is some progress to base it on.
pub fn bar(len: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(
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
        ),
    );
    bar.set_message(what.to_string());
    bar.enable_steady_tick(std::time::Duration::from_secs(1));
    bar
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
