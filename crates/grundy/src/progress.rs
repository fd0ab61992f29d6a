//! Progress of single questions (a value, the moves of a position) whose answer needs a long
//! computation: the engines they reach through several layers of solvers (`CycleAware`, misère
//! play, a sum's components) report `(done, total)` to whoever watches the current thread.
//!
//! Long runs that are asked for as such (`query::sequence`, `period_search`, `survey`) take a
//! progress callback as an argument; a single question goes through the [`crate::Solver`] trait,
//! which has none, so its watcher is set for the duration of a call instead ([`watched`]) and the
//! engines call [`report`] at block boundaries (a thread-local read: nothing measurable).
//!
//! A watched question has no work budget: whoever watches shows the progress and can stop it
//! (the command line's bar and Ctrl-C, Python's bar and `KeyboardInterrupt`), as `seq` does. An
//! unwatched one (a library call) keeps the budgets that make it return in bounded time.

use std::cell::RefCell;

/// What a watcher is told: positions or values done, out of a total (0 when not known).
pub type Watcher = Box<dyn FnMut(u64, u64)>;

/// What a status watcher is told: a line saying where a search of unknown length is.
pub type StatusWatcher = Box<dyn FnMut(&str)>;

thread_local! {
    static WATCHER: RefCell<Option<Watcher>> = const { RefCell::new(None) };
    static STATUS: RefCell<Option<StatusWatcher>> = const { RefCell::new(None) };
}

/// Runs `work` with `watcher` told the status lines the engines report on this thread
/// ([`status`]), restoring the previous watcher after.
pub fn status_watched<T>(watcher: StatusWatcher, work: impl FnOnce() -> T) -> T {
    struct Restore(Option<StatusWatcher>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            STATUS.with(|w| *w.borrow_mut() = previous);
        }
    }
    let previous = STATUS.with(|w| w.borrow_mut().replace(watcher));
    let _restore = Restore(previous);
    work()
}

/// Tells the status watcher, if any, where a search whose length is not known stands (the
/// board search: positions searched, their rate, the table's fill).
pub fn status(line: &str) {
    let taken = STATUS.with(|w| w.borrow_mut().take());
    if let Some(mut watcher) = taken {
        watcher(line);
        STATUS.with(|w| {
            let mut slot = w.borrow_mut();
            if slot.is_none() {
                *slot = Some(watcher);
            }
        });
    }
}

/// Runs `work` with `watcher` told of the progress the engines report on this thread (the
/// watcher in place before is restored after, also when `work` unwinds).
pub fn watched<T>(watcher: Watcher, work: impl FnOnce() -> T) -> T {
    struct Restore(Option<Watcher>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            WATCHER.with(|w| *w.borrow_mut() = previous);
        }
    }
    let previous = WATCHER.with(|w| w.borrow_mut().replace(watcher));
    let _restore = Restore(previous);
    work()
}

/// Whether someone watches this thread's progress (then no work budget applies).
pub fn is_watched() -> bool {
    WATCHER.with(|w| w.borrow().is_some())
}

/// Tells the watcher, if any, that `done` of `total` are done. The watcher may unwind (Python's
/// Ctrl-C does): it is out of its slot while it runs, and put back only if it returns.
pub fn report(done: u64, total: u64) {
    let taken = WATCHER.with(|w| w.borrow_mut().take());
    if let Some(mut watcher) = taken {
        watcher(done, total);
        WATCHER.with(|w| {
            let mut slot = w.borrow_mut();
            if slot.is_none() {
                *slot = Some(watcher);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[test]
    fn reports_reach_the_watcher_of_the_call_and_only_during_it() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        report(1, 10);
        let kept = seen.clone();
        let answer = watched(
            Box::new(move |done, total| kept.lock().unwrap().push((done, total))),
            || {
                assert!(is_watched());
                report(2, 10);
                report(3, 10);
                42
            },
        );
        report(4, 10);
        assert_eq!(answer, 42);
        assert!(!is_watched());
        assert_eq!(*seen.lock().unwrap(), vec![(2, 10), (3, 10)]);
    }

    #[test]
    fn a_watcher_that_unwinds_is_removed_with_its_call() {
        let result = std::panic::catch_unwind(|| {
            watched(Box::new(|_, _| panic!("stop")), || report(1, 2));
        });
        assert!(result.is_err());
        assert!(!is_watched());
    }
}
