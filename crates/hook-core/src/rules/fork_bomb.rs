//! The `fork-bomb` pack: a function that pipes itself into itself, or runs itself twice and
//! is called; interpreter code that forks in a loop (the analyser's `fork_bombs`).
//!
//! The analyser lists the commands of function bodies, so `:(){ :|:& };:` arrives as
//! `:`, `:` reading a pipe from the first `:`, and the call `:`. The rule fires when a
//! command with no arguments pipes into a command of the same name and that name is run again,
//! without arguments, shortly after (the call that starts it): a program piping into itself
//! and being called again is not something real work does. cmd.exe's `%0|%0` (a batch file piping
//! itself into itself) fires on the pipe alone.

use super::{Call, Hit};
use crate::shell::{SimpleCommand, Stdin};

/// How many commands after the self-pipe are searched for the call.
const CALL_WINDOW: usize = 8;

const MESSAGE: &str =
    "This is a fork bomb: it starts copies of itself until the machine stops responding. Do not run it.";

pub(super) fn judge(call: &Call) -> Option<Hit> {
    if call.analysis.fork_bombs.contains(&call.index) {
        let interpreter = call.name.is_some_and(|name| {
            ["python", "perl", "ruby", "node", "php", "lua", "bun", "deno"]
                .iter()
                .any(|i| name.starts_with(i))
        });
        let rule = if interpreter { "fork-bomb.interpreter" } else { "fork-bomb.bash" };
        return Some(Hit::new(rule, MESSAGE));
    }
    let reader = call.command;
    let Stdin::Pipe { from: Some(from) } = reader.stdin else {
        return None;
    };
    let writer = call.analysis.commands.get(from)?;
    let (Some(name), Some(writer_name)) = (bare_name(reader), bare_name(writer)) else {
        return None;
    };
    if name != writer_name {
        return None;
    }
    let batch_self = name.eq_ignore_ascii_case("%0");
    // The call that starts the bomb follows its definition closely; a bounded look-ahead
    // keeps the pack linear on long lines.
    let called_after = || {
        let later = call.analysis.commands.iter().skip(call.index + 1).take(CALL_WINDOW);
        later.filter_map(bare_name).any(|later_name| later_name == name)
    };
    (batch_self || called_after()).then(|| Hit::new("fork-bomb.bash", MESSAGE))
}

/// The name of a command run without arguments (as a fork bomb's body runs itself).
fn bare_name(command: &SimpleCommand) -> Option<&str> {
    match command.argv.as_slice() {
        [name] if !name.text.contains(['/', '\\']) => Some(name.text.as_str()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::*;
    use crate::shell::Stdin;

    /// `NAME(){ NAME|NAME& };NAME` as the analyser lists it.
    fn bomb(name: &str) -> crate::shell::Analysis {
        let mut analysis = sequence(&[&[name], &[name], &[name]]);
        analysis.commands[1].stdin = Stdin::Pipe { from: Some(0) };
        analysis
    }

    #[test]
    fn classic_and_renamed() {
        assert_eq!(rule_of(&bomb(":")), Some("fork-bomb.bash"));
        assert_eq!(rule_of(&bomb("bomb")), Some("fork-bomb.bash"));
        assert_eq!(rule_of(&pipeline(&[&["%0"], &["%0"]])), Some("fork-bomb.bash"));
    }

    #[test]
    fn ordinary_pipelines() {
        assert_eq!(rule_of(&pipeline(&[&["cat"], &["cat"]])), None);
        assert_eq!(rule_of(&pipeline(&[&["yes"], &["head", "-n", "1"]])), None);
        let mut analysis = bomb("cat");
        analysis.commands[2].argv.push(crate::rules::testing::word("file"));
        analysis.commands[0].argv.push(crate::rules::testing::word("a"));
        assert_eq!(rule_of(&analysis), None);
    }
}
