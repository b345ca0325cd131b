//! The limits an entry's host process runs under: address space and
//! processor time (set with `setrlimit` before the library is loaded), and
//! the stack of the thread its calls run on. The referee's environment
//! can change the first two; the host inherits it.

/// The environment variable giving an entry's memory limit in MiB.
pub const MEMORY_VARIABLE: &str = "PLY_ENTRY_MEMORY_MB";
/// The environment variable giving an entry's processor time limit in seconds.
pub const CPU_VARIABLE: &str = "PLY_ENTRY_CPU_SECONDS";

/// The memory limit unless told otherwise: 1 GiB of address space.
pub const DEFAULT_MEMORY_MIB: u64 = 1024;
/// The processor time limit unless told otherwise, for the host's whole
/// life (one process plays all of an entry's games until it faults).
pub const DEFAULT_CPU_SECONDS: u64 = 3600;
/// The stack of the thread an entry's calls run on, in bytes.
pub const ENTRY_STACK: usize = 8 << 20;

/// The smallest memory limit accepted, in MiB: the host itself needs some.
const MIN_MEMORY_MIB: u64 = 64;
/// The largest limits accepted.
const MAX_MEMORY_MIB: u64 = 1 << 30;
const MAX_CPU_SECONDS: u64 = 1 << 30;

/// An entry's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Address space, in MiB.
    pub memory_mib: u64,
    /// Processor time, in seconds.
    pub cpu_seconds: u64,
}

impl Limits {
    /// The limits the environment gives, or why they cannot be read.
    pub fn from_env() -> Result<Limits, String> {
        let read = |name: &str, default: u64, range: std::ops::RangeInclusive<u64>| {
            let Some(text) = std::env::var_os(name) else {
                return Ok(default);
            };
            text.to_str()
                .and_then(|text| text.trim().parse::<u64>().ok())
                .filter(|n| range.contains(n))
                .ok_or_else(|| {
                    format!(
                        "{name} must be a whole number from {} to {}",
                        range.start(),
                        range.end()
                    )
                })
        };
        Ok(Limits {
            memory_mib: read(
                MEMORY_VARIABLE,
                DEFAULT_MEMORY_MIB,
                MIN_MEMORY_MIB..=MAX_MEMORY_MIB,
            )?,
            cpu_seconds: read(CPU_VARIABLE, DEFAULT_CPU_SECONDS, 1..=MAX_CPU_SECONDS)?,
        })
    }

    /// The memory limit in bytes.
    pub fn memory_bytes(&self) -> u64 {
        self.memory_mib << 20
    }
}
