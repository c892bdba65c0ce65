//! The wall clock for the decision journal, read with a plain system call.
//!
//! musl answers `clock_gettime` from the vDSO, and on its first call looks the function up in
//! the vDSO image: two pages (the image and the kernel's time data) to fault in, which measured
//! at about 2 µs of a 70 µs deny, the only call that asks for the time. The system call itself
//! costs a fraction of that. On other targets, and if the call fails (a seccomp filter, say),
//! this is `SystemTime::now()`.
#![allow(unsafe_code)]

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Now, as a time since the Unix epoch.
pub fn now() -> SystemTime {
    realtime().map_or_else(SystemTime::now, |since| UNIX_EPOCH + since)
}

/// `clock_gettime(CLOCK_REALTIME)` by its system call number.
#[cfg(all(target_os = "linux", any(target_arch = "x86_64", target_arch = "aarch64")))]
fn realtime() -> Option<Duration> {
    const CLOCK_REALTIME: usize = 0;
    let mut time = [0i64; 2];
    let result: isize;
    // SAFETY: clock_gettime writes one `struct timespec` (two 64-bit words on these targets)
    // to the pointer it is given, which points to `time`, and touches no other memory.
    #[cfg(target_arch = "x86_64")]
    unsafe {
        std::arch::asm!(
            "syscall",
            inlateout("rax") 228isize => result,
            in("rdi") CLOCK_REALTIME,
            in("rsi") time.as_mut_ptr(),
            lateout("rcx") _,
            lateout("r11") _,
            options(nostack),
        );
    }
    // SAFETY: as above.
    #[cfg(target_arch = "aarch64")]
    unsafe {
        std::arch::asm!(
            "svc 0",
            in("x8") 113usize,
            inlateout("x0") CLOCK_REALTIME as isize => result,
            in("x1") time.as_mut_ptr(),
            options(nostack),
        );
    }
    let [seconds, nanos] = time;
    let valid = result == 0 && seconds >= 0 && (0..1_000_000_000).contains(&nanos);
    valid.then(|| Duration::new(seconds.unsigned_abs(), u32::try_from(nanos).unwrap_or(0)))
}

#[cfg(not(all(target_os = "linux", any(target_arch = "x86_64", target_arch = "aarch64"))))]
fn realtime() -> Option<Duration> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_system_call_reads_the_same_clock_as_std() {
        let before = SystemTime::now();
        let now = now();
        let after = SystemTime::now();
        // Within the two std readings, give or take the system call's own rounding.
        let slack = Duration::from_millis(5);
        assert!(now + slack >= before && now <= after + slack, "{before:?} <= {now:?} <= {after:?}");
    }

    #[cfg(all(target_os = "linux", any(target_arch = "x86_64", target_arch = "aarch64")))]
    #[test]
    fn the_system_call_answers_on_linux() {
        assert!(realtime().is_some());
    }
}
