//! Progress bars on stderr, shown only on a terminal.

use indicatif::{ProgressBar, ProgressStyle};

/// A bar counting to `len` items, labelled `what`; hidden when stderr is not a terminal.
pub fn bar(len: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(
            "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} (eta {eta})",
        )
        .expect("the template is valid"),
    );
    bar.set_message(what.to_string());
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
