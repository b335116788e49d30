//! A standard output closed before the referee started (`referee rule x >&-`).
//!
//! Before `main`, the Rust runtime puts `/dev/null`, opened for reading and
//! writing, in the place of a standard stream that is closed; a report
//! written there would be lost with a status of 0. Looking at the
//! descriptor afterwards cannot tell the two apart: `/dev/null` opened for
//! reading and writing is also what a shell's `1<>/dev/null`, Python's
//! `subprocess.DEVNULL` and systemd's `StandardOutput=null` give, on
//! purpose. So whether descriptor 1 was open is noted earlier still, by a
//! function the system's loader runs before the runtime starts (the
//! program's list of initialisers: `.init_array`, or `__mod_init_func` on
//! Apple's systems). Where the loader has no such list, nothing is noted
//! and a closed standard output is not known.

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether descriptor 1 was closed when the process began.
static CLOSED: AtomicBool = AtomicBool::new(false);

/// [`note`], in the list of functions the loader runs before the runtime.
#[cfg_attr(
    any(
        target_os = "linux",
        target_os = "android",
        target_os = "freebsd",
        target_os = "netbsd",
        target_os = "openbsd",
        target_os = "dragonfly",
        target_os = "illumos",
        target_os = "solaris",
    ),
    link_section = ".init_array"
)]
#[cfg_attr(
    any(target_os = "macos", target_os = "ios"),
    link_section = "__DATA,__mod_init_func"
)]
#[used]
static NOTE_AT_START: extern "C" fn() = note;

/// Notes whether descriptor 1 is open: run before the runtime's start,
/// when it is still as the process was given it.
extern "C" fn note() {
    // SAFETY: F_GETFD only reads the descriptor's flags; it fails (EBADF)
    // where no descriptor is open.
    let open = unsafe { libc::fcntl(1, libc::F_GETFD) } != -1;
    CLOSED.store(!open, Ordering::Relaxed);
}

/// Whether the standard output was closed when the process began.
pub fn was_closed() -> bool {
    // The list's entry is kept in the program: nothing else uses it, and
    // a linker leaves out of a program what nothing uses.
    std::hint::black_box(&NOTE_AT_START);
    CLOSED.load(Ordering::Relaxed)
}
