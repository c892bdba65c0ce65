//! A child's stdout and stderr: read on threads (so that a full pipe never stalls the child),
//! kept up to a bound, and shortened for the agent with a note saying so.

use std::io::Read;
use std::process::{ChildStderr, ChildStdout};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// What is kept of each stream; the rest is read and counted, then dropped.
pub const KEEP_BYTES: usize = 64 * 1024;

/// What was kept of one stream, and how much there was.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stream {
    /// The first [`KEEP_BYTES`] bytes.
    pub bytes: Vec<u8>,
    pub total: u64,
}

impl Stream {
    pub fn is_cut(&self) -> bool {
        self.total > self.bytes.len() as u64
    }
}

/// Both streams of one command.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Captured {
    pub stdout: Stream,
    pub stderr: Stream,
}

impl Captured {
    /// stdout then stderr as text of at most `limit` characters, ending with a note when
    /// anything was left out.
    pub fn for_agent(&self, limit: usize) -> String {
        let texts = [&self.stdout, &self.stderr].map(|s| String::from_utf8_lossy(&s.bytes).into_owned());
        let joined: Vec<&str> = texts.iter().map(|t| t.trim_end()).filter(|t| !t.is_empty()).collect();
        let text = joined.join("\n");
        let cut = self.stdout.is_cut() || self.stderr.is_cut();
        let shown: String = text.chars().take(limit).collect();
        if !cut && shown.len() == text.len() {
            return text;
        }
        let total = self.stdout.total + self.stderr.total;
        format!(
            "{shown}\n[output truncated: this is the first {} characters of {total} bytes]",
            shown.chars().count()
        )
    }
}

/// The two reader threads of one child, each putting its stream in a shared slot.
///
/// A mutex and a condition variable rather than an mpsc channel: std's channels keep a
/// thread-local, and with it every binary's thread-local block outgrows the space musl
/// reserves statically, which costs each hook call an `mmap` and a page fault at start-up.
pub(super) struct Readers {
    results: Arc<Results>,
    running: usize,
}

/// The streams read so far: `(is_stdout, stream)`.
#[derive(Default)]
struct Results {
    done: Mutex<Vec<(bool, Stream)>>,
    changed: Condvar,
}

/// Start reading both pipes.
pub(super) fn read_both(stdout: Option<ChildStdout>, stderr: Option<ChildStderr>) -> Readers {
    let results = Arc::new(Results::default());
    let mut running = 0;
    let pipes: [(bool, Option<Box<dyn Read + Send>>); 2] = [
        (true, stdout.map(|pipe| Box::new(pipe) as Box<dyn Read + Send>)),
        (false, stderr.map(|pipe| Box::new(pipe) as Box<dyn Read + Send>)),
    ];
    for (is_stdout, pipe) in pipes {
        let Some(pipe) = pipe else { continue };
        running += 1;
        let results = Arc::clone(&results);
        std::thread::spawn(move || {
            let stream = read_bounded(pipe);
            if let Ok(mut done) = results.done.lock() {
                done.push((is_stdout, stream));
            }
            results.changed.notify_all();
        });
    }
    Readers { results, running }
}

impl Readers {
    /// What the threads read, waiting at most `grace` for them to reach the end: a process
    /// that escaped the kill (it left the process group) may hold the pipes open forever,
    /// and its output is then given up on.
    pub(super) fn finish(self, grace: Duration) -> Captured {
        let deadline = Instant::now() + grace;
        let mut captured = Captured::default();
        let Ok(mut done) = self.results.done.lock() else { return captured };
        while done.len() < self.running {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            done = match self.results.changed.wait_timeout(done, left) {
                Ok((done, _)) => done,
                Err(_) => return captured,
            };
        }
        for (is_stdout, stream) in done.drain(..) {
            if is_stdout {
                captured.stdout = stream;
            } else {
                captured.stderr = stream;
            }
        }
        captured
    }
}

fn read_bounded(mut pipe: impl Read) -> Stream {
    let mut stream = Stream::default();
    let mut buffer = [0u8; 8192];
    loop {
        match pipe.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => {
                stream.total += n as u64;
                let room = KEEP_BYTES.saturating_sub(stream.bytes.len());
                stream.bytes.extend_from_slice(&buffer[..n.min(room)]);
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    stream
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stream(text: &str) -> Stream {
        Stream { bytes: text.as_bytes().to_vec(), total: text.len() as u64 }
    }

    #[test]
    fn short_output_is_shown_whole() {
        let captured = Captured { stdout: stream("out\n"), stderr: stream("err\n") };
        assert_eq!(captured.for_agent(100), "out\nerr");
        assert_eq!(Captured { stdout: stream(""), stderr: stream("err") }.for_agent(100), "err");
    }

    #[test]
    fn long_output_is_cut_with_a_note() {
        let captured = Captured { stdout: stream(&"é".repeat(50)), stderr: Stream::default() };
        let shown = captured.for_agent(10);
        assert!(shown.starts_with(&"é".repeat(10)));
        assert!(
            shown.ends_with("[output truncated: this is the first 10 characters of 100 bytes]"),
            "{shown}"
        );
    }

    #[test]
    fn output_cut_while_reading_is_noted() {
        let kept = Stream { bytes: b"abc".to_vec(), total: 100_000 };
        let shown = Captured { stdout: kept, stderr: Stream::default() }.for_agent(1000);
        assert!(shown.contains("first 3 characters of 100000 bytes"), "{shown}");
    }

    #[test]
    fn reading_keeps_the_first_bytes_and_counts_all() {
        let big = vec![b'x'; KEEP_BYTES * 3];
        let stream = read_bounded(&big[..]);
        assert_eq!(stream.bytes.len(), KEEP_BYTES);
        assert_eq!(stream.total, big.len() as u64);
        assert!(stream.is_cut());
    }
}
