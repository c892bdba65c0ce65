//! The protocol writer: the only code that touches stdout and stderr or picks the exit code.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::io::Write;
use std::process::ExitCode;

use crate::agent::Response;

/// Write `response` exactly and return its exit code.
pub fn answer(response: &Response) -> ExitCode {
    emit(response);
    ExitCode::from(response.exit_code)
}

/// Write `response` and end the process now. For the panic hook, where returning is not
/// possible (`panic = "abort"` would otherwise kill the process with SIGABRT).
pub fn answer_and_exit(response: &Response) -> ! {
    emit(response);
    #[allow(clippy::exit)]
    std::process::exit(i32::from(response.exit_code))
}

fn emit(response: &Response) {
    if !response.stdout.is_empty() {
        let mut out = std::io::stdout().lock();
        let written = out.write_all(response.stdout.as_bytes()).and_then(|()| out.flush());
        // A closed stdout means the agent stopped listening: say so where it may still look, so
        // that a lost deny is never silent.
        if let Err(e) = written {
            let _ = writeln!(
                std::io::stderr().lock(),
                "agent-hooks: the answer could not be written to stdout: {e}"
            );
        }
    }
    if !response.stderr.is_empty() {
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(response.stderr.as_bytes());
        if !response.stderr.ends_with('\n') {
            let _ = err.write_all(b"\n");
        }
    }
}

/// Flush what is still buffered for stdout. The binaries' entry skips std's runtime, whose
/// exit would otherwise do it (see [`crate::entry`]).
pub fn finish() {
    let _ = std::io::stdout().lock().flush();
}

/// Text for a person at a terminal (`explain`, `check`, `--help`).
pub fn print(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    if !text.ends_with('\n') {
        let _ = out.write_all(b"\n");
    }
}

/// A question for a person at a terminal, the answer to be typed on the same line.
pub fn prompt(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}

/// One diagnostic line on stderr.
pub fn warn(text: &str) {
    eprintln!("{text}");
}
