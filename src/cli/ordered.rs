//! Work done on every core at once, its results taken in order: the files
//! of `referee rule games/`, or the parts of one long transcript.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};

/// The cores asked for (`--threads`): 0 for all.
static THREADS: AtomicUsize = AtomicUsize::new(0);

/// The cores the process may run on, eight at most, asked of the system
/// once: the asking reads the process's limits from files (cgroups), which
/// costs more than ruling a short transcript, and each file of a folder
/// asks.
static ALLOWED: std::sync::OnceLock<usize> = std::sync::OnceLock::new();

/// Works on at most `threads` cores from now on; 0 for all the process may use.
pub fn set_threads(threads: usize) {
    THREADS.store(threads, Ordering::Relaxed);
}

/// The cores to work on: those the process may run on, eight at most, or
/// fewer where `--threads` asks.
pub fn cores() -> usize {
    let all =
        *ALLOWED.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get().min(8)));
    match THREADS.load(Ordering::Relaxed) {
        0 => all,
        asked => asked.min(all),
    }
}

/// Does `work` on each of the items `0..count` on every core, and hands
/// each result to `take` in the items' order, as soon as those before it
/// are taken. A worker runs at most `ahead` items ahead of the one taken,
/// so that at most so many results wait. The first error of `take` ends
/// it: the workers stop taking items, and the error is given. Each worker
/// keeps a desk of its own (`D`, empty at first) from item to item: what
/// one item's work leaves on it, the next item's work on that core finds
/// there.
pub fn in_order_with<D: Default, T: Send, E>(
    count: usize,
    ahead: usize,
    work: impl Fn(&mut D, usize) -> T + Sync,
    take: impl FnMut(usize, T) -> Result<(), E>,
) -> Result<(), E> {
    let mut next = 0..count;
    let workers = cores().min(count);
    in_order_claimed(workers, ahead, move || next.next(), work, take)
}

/// [`in_order_with`] on `workers` cores, over the items `claim` gives out
/// one after another (`None` when there are no more), numbered in the
/// order given: the items need not all be known before the work begins
/// (a folder's files are shared out as their lengths are found).
pub fn in_order_claimed<I, D: Default, T: Send, E>(
    workers: usize,
    ahead: usize,
    claim: impl FnMut() -> Option<I> + Send,
    work: impl Fn(&mut D, I) -> T + Sync,
    mut take: impl FnMut(usize, T) -> Result<(), E>,
) -> Result<(), E> {
    // The items given out so far, and what gives the next.
    let claims = Mutex::new((0, claim));
    let taken = AtomicUsize::new(0);
    // Set when the taking ends, well or not: no worker waits for its turn after.
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (send, done) = mpsc::channel::<(usize, T)>();
        for _ in 0..workers {
            let send = send.clone();
            let (claims, taken, stop, work) = (&claims, &taken, &stop, &work);
            scope.spawn(move || {
                let mut desk = D::default();
                while let Some((index, item)) = next_item(claims, taken, stop, ahead) {
                    if send.send((index, work(&mut desk, item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        let taking = (|| {
            let mut waiting = BTreeMap::new();
            for (index, result) in done {
                waiting.insert(index, result);
                while let Some(turn) = waiting.remove(&taken.load(Ordering::Acquire)) {
                    take(taken.load(Ordering::Acquire), turn)?;
                    taken.fetch_add(1, Ordering::Release);
                }
            }
            Ok(())
        })();
        stop.store(true, Ordering::Release);
        taking
    })
}

/// The next item for a worker to do and its number, once it is no more
/// than `ahead` items past the next to be taken; `None` when every item is
/// given out or the taking has ended (`stop`).
fn next_item<I>(
    claims: &Mutex<(usize, impl FnMut() -> Option<I>)>,
    taken: &AtomicUsize,
    stop: &AtomicBool,
    ahead: usize,
) -> Option<(usize, I)> {
    let (index, item) = {
        let mut claims = claims.lock().ok()?;
        let (given, claim) = &mut *claims;
        let item = claim()?;
        let index = *given;
        *given += 1;
        (index, item)
    };
    while index > taken.load(Ordering::Acquire).saturating_add(ahead) {
        if stop.load(Ordering::Acquire) {
            return None;
        }
        std::thread::sleep(std::time::Duration::from_micros(200));
    }
    (!stop.load(Ordering::Acquire)).then_some((index, item))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whatever the order the work is done in, the results are taken in
    /// the items' order, each once.
    #[test]
    fn results_are_taken_in_order() {
        for (count, ahead) in [(0, 1), (1, 1), (5, 1), (100, 2), (100, 8)] {
            let mut taken = Vec::new();
            let done: Result<(), ()> = in_order_with(
                count,
                ahead,
                |_: &mut (), i| {
                    // Later items sooner: the order of finishing is not the order of taking.
                    std::thread::sleep(std::time::Duration::from_micros(((count - i) % 7) as u64));
                    i * 2
                },
                |i, r| {
                    taken.push((i, r));
                    Ok(())
                },
            );
            assert_eq!(done, Ok(()));
            let expected: Vec<(usize, usize)> = (0..count).map(|i| (i, i * 2)).collect();
            assert_eq!(taken, expected, "{count} items, {ahead} ahead");
        }
    }

    /// An error in taking ends the work and is given back.
    #[test]
    fn an_error_in_taking_ends_it() {
        let mut taken = 0;
        let done = in_order_with(
            1000,
            4,
            |_: &mut (), i| i,
            |i, _| {
                taken += 1;
                if i == 10 {
                    Err("stopped")
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!(done, Err("stopped"));
        assert_eq!(taken, 11);
    }
}
