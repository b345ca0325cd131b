//! In the host: the process limits, and the signal handler that tells the
//! referee when an entry dies of exhausting its stack or its memory
//! (either kills the process with SIGSEGV, which says neither).

use std::fs::File;

use super::limits::Limits;

#[cfg(target_os = "linux")]
mod linux {
    use std::os::fd::AsRawFd;
    use std::sync::atomic::{AtomicI32, AtomicU64, AtomicUsize, Ordering};

    use super::super::limits::Limits;
    use super::super::protocol::Fault;
    use super::File;

    /// Where the handler writes: a copy of the protocol descriptor.
    static PROTOCOL: AtomicI32 = AtomicI32::new(-1);
    /// The lowest address of the entry thread's stack, 0 until known.
    static STACK_LOW: AtomicUsize = AtomicUsize::new(0);
    /// The memory limit in bytes.
    static MEMORY: AtomicU64 = AtomicU64::new(u64::MAX);
    /// How far from the stack's end a fault counts as an overflow: the
    /// guard page, and a frame that jumped a little past it.
    const NEAR_STACK_END: usize = 256 << 10;
    /// The alternate stack the handler runs on (the entry's is full).
    const ALTERNATE_STACK: usize = 64 << 10;

    pub fn limit(limits: &Limits) -> std::io::Result<()> {
        let cpu = limits.cpu_seconds;
        for (resource, soft, hard) in [
            (
                libc::RLIMIT_AS,
                limits.memory_bytes(),
                limits.memory_bytes(),
            ),
            // SIGXCPU at the limit, SIGKILL a little after.
            (libc::RLIMIT_CPU, cpu, cpu.saturating_add(5)),
        ] {
            let limit = libc::rlimit {
                rlim_cur: soft as libc::rlim_t,
                rlim_max: hard as libc::rlim_t,
            };
            // SAFETY: `limit` is a valid rlimit alive across the call;
            // lowering this process's own limits is always allowed.
            if unsafe { libc::setrlimit(resource, &limit) } != 0 {
                return Err(std::io::Error::last_os_error());
            }
        }
        MEMORY.store(limits.memory_bytes(), Ordering::Relaxed);
        Ok(())
    }

    pub fn watch(protocol: &File) {
        // A descriptor of its own, far from the ones an entry would touch.
        // SAFETY: F_DUPFD_CLOEXEC only makes a new descriptor for an open one.
        let copy = unsafe { libc::fcntl(protocol.as_raw_fd(), libc::F_DUPFD_CLOEXEC, 900) };
        PROTOCOL.store(copy, Ordering::Relaxed);
        for signal in [libc::SIGSEGV, libc::SIGBUS] {
            // SAFETY: a zeroed sigaction is a valid one to fill; `handler`
            // has the SA_SIGINFO signature and only makes async-signal-safe
            // calls.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                let handler: extern "C" fn(i32, *mut libc::siginfo_t, *mut libc::c_void) = handler;
                action.sa_sigaction = handler as usize;
                action.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
    }

    pub fn on_entry_thread() {
        // SAFETY: pthread_getattr_np fills `attr` for the calling thread,
        // which is destroyed after reading its stack; the alternate stack
        // is a fresh private mapping never unmapped (the thread runs until
        // the process ends).
        unsafe {
            let mut attr: libc::pthread_attr_t = std::mem::zeroed();
            if libc::pthread_getattr_np(libc::pthread_self(), &mut attr) == 0 {
                let mut low = std::ptr::null_mut();
                let mut size = 0;
                if libc::pthread_attr_getstack(&attr, &mut low, &mut size) == 0 {
                    STACK_LOW.store(low as usize, Ordering::Relaxed);
                }
                libc::pthread_attr_destroy(&mut attr);
            }
            let stack = libc::mmap(
                std::ptr::null_mut(),
                ALTERNATE_STACK,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            );
            if stack != libc::MAP_FAILED {
                let alternate = libc::stack_t {
                    ss_sp: stack,
                    ss_flags: 0,
                    ss_size: ALTERNATE_STACK,
                };
                libc::sigaltstack(&alternate, std::ptr::null_mut());
            }
        }
    }

    /// The address space in use, in bytes, read from /proc/self/statm with
    /// async-signal-safe calls only.
    fn address_space() -> Option<u64> {
        let mut text = [0u8; 64];
        // SAFETY: a NUL-terminated path; `text` is a buffer of its length.
        let read = unsafe {
            let file = libc::open(c"/proc/self/statm".as_ptr(), libc::O_RDONLY);
            if file < 0 {
                return None;
            }
            let read = libc::read(file, text.as_mut_ptr().cast(), text.len());
            libc::close(file);
            read
        };
        let read = usize::try_from(read).ok()?;
        let mut pages = 0u64;
        for &byte in text.get(..read)?.iter().take_while(|b| b.is_ascii_digit()) {
            pages = pages
                .saturating_mul(10)
                .saturating_add(u64::from(byte - b'0'));
        }
        // SAFETY: sysconf only reads a system value.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        Some(pages.saturating_mul(u64::try_from(page).ok()?))
    }

    extern "C" fn handler(signal: i32, info: *mut libc::siginfo_t, _: *mut libc::c_void) {
        // SAFETY: the kernel passes a valid siginfo to an SA_SIGINFO handler.
        let address = unsafe { (*info).si_addr() } as usize;
        let low = STACK_LOW.load(Ordering::Relaxed);
        let fault = if low != 0 && address.abs_diff(low) < NEAR_STACK_END {
            Some(Fault::Stack)
        } else if address_space().is_some_and(|used| used >= MEMORY.load(Ordering::Relaxed) / 8 * 7)
        {
            Some(Fault::Memory)
        } else {
            None
        };
        // SAFETY: write, signal and a default action are async-signal-safe;
        // returning re-runs the faulting instruction, which now ends the
        // process by the signal, as the referee expects of a crash.
        unsafe {
            if let Some(fault) = fault {
                let line = fault.line();
                libc::write(
                    PROTOCOL.load(Ordering::Relaxed),
                    line.as_ptr().cast(),
                    line.len(),
                );
            }
            libc::signal(signal, libc::SIG_DFL);
        }
    }
}

/// Sets the address-space and processor-time limits on this process.
pub fn limit(limits: &Limits) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    return linux::limit(limits);
    #[cfg(not(target_os = "linux"))]
    {
        let _ = limits;
        Ok(())
    }
}

/// Installs the handler that reports a stack or memory fault on `protocol`.
pub fn watch(protocol: &File, limits: &Limits) {
    let _ = limits;
    #[cfg(target_os = "linux")]
    linux::watch(protocol);
    #[cfg(not(target_os = "linux"))]
    let _ = protocol;
}

/// Called on the entry's thread before any of its code: notes its stack
/// and gives the handler a stack of its own there.
pub fn on_entry_thread() {
    #[cfg(target_os = "linux")]
    linux::on_entry_thread();
}
