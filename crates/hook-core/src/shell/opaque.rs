//! The everyday text a shell runs unseen, by name: substitutions whose output is shell set-up
//! code from a known tool (`eval "$(ssh-agent -s)"`, `source <(kubectl completion bash)`) or
//! plain data (`bash -c "cd $(pwd) && make"`). Everything else that runs uncomputed text is
//! asked about (`opaque.exec`, ARCHITECTURE.md "No code runs unseen").

use super::Word;
use super::lexer::{self, Part};

/// The bodies of the command and process substitutions in `text`, a word's text as the
/// analyser keeps it (run-time parts as written).
pub(super) fn substitutions(text: &str) -> Vec<String> {
    let (parts, _) = lexer::heredoc_parts(text);
    parts
        .into_iter()
        .filter_map(|part| match part {
            Part::Command { body, .. } | Part::Process { body, .. } => Some(body),
            _ => None,
        })
        .collect()
}

/// Tools whose output is shell code that sets up the shell: `<tool> <subcommand>` pairs,
/// `None` for any arguments.
const SETUP: &[(&str, Option<&str>)] = &[
    ("ssh-agent", None),
    ("keychain", Some("--eval")),
    ("gnome-keyring-daemon", None),
    ("direnv", Some("hook")),
    ("direnv", Some("export")),
    ("zoxide", Some("init")),
    ("starship", Some("init")),
    ("atuin", Some("init")),
    ("mcfly", Some("init")),
    ("oh-my-posh", Some("init")),
    ("thefuck", Some("--alias")),
    ("mise", Some("activate")),
    ("mise", Some("env")),
    ("rtx", Some("activate")),
    ("fnm", Some("env")),
    ("brew", Some("shellenv")),
    ("dircolors", None),
    ("opam", Some("env")),
    ("luarocks", Some("path")),
    ("minikube", Some("docker-env")),
    ("docker-machine", Some("env")),
    ("op", Some("signin")),
    ("fzf", Some("--bash")),
    ("fzf", Some("--zsh")),
    ("register-python-argcomplete", None),
    ("pipx", Some("completions")),
    ("perl", Some("-Mlocal::lib")),
    ("resize", None),
];

/// Version managers whose `init` (or `virtualenv-init`) prints set-up code.
const VERSION_MANAGERS: &[&str] =
    &["pyenv", "rbenv", "nodenv", "goenv", "jenv", "plenv", "phpenv", "luaenv", "tfenv", "swiftenv"];

/// Shells a completion script is printed for.
const COMPLETION_SHELLS: &[&str] = &["bash", "zsh", "fish", "sh", "powershell"];

/// Whether `body` prints shell set-up code from a known tool.
pub(super) fn prints_setup(body: &str) -> bool {
    let words = words(body);
    let Some((name, args)) = words.split_first() else { return false };
    let name = base_name(name);
    let first = args.first().map(String::as_str);
    if name == "conda" || name == "micromamba" || name == "mamba" {
        // `conda shell.bash hook`
        return first.is_some_and(|a| a.starts_with("shell.")) && args.get(1).is_some_and(|a| a == "hook");
    }
    if VERSION_MANAGERS.contains(&name) {
        return matches!(first, Some("init" | "virtualenv-init"));
    }
    // `kubectl completion bash`, `rustup completions zsh`, `uv generate-shell-completion bash`
    let completion = args
        .iter()
        .position(|a| matches!(a.as_str(), "completion" | "completions" | "generate-shell-completion"));
    if let Some(at) = completion {
        return at <= 1 && args.get(at + 1..).unwrap_or_default().iter().all(|a| is_shell_or_flag(a));
    }
    SETUP.iter().any(|(tool, sub)| *tool == name && sub.is_none_or(|sub| first == Some(sub)))
}

fn is_shell_or_flag(word: &str) -> bool {
    COMPLETION_SHELLS.contains(&word) || word.starts_with('-')
}

/// Commands whose output is data about the machine or the repository, never code an
/// attacker chose: safe to splice into text a shell runs.
pub(super) fn prints_data(body: &str) -> bool {
    let words = words(body);
    let Some((name, args)) = words.split_first() else { return false };
    let first = args.first().map(String::as_str);
    match base_name(name) {
        "pwd" | "date" | "whoami" | "id" | "uname" | "hostname" | "nproc" | "basename" | "dirname"
        | "realpath" | "mktemp" | "which" | "tty" | "logname" | "arch" | "getconf" => true,
        "command" => first == Some("-v"),
        "git" => {
            matches!(first, Some("rev-parse" | "describe" | "symbolic-ref"))
                || body.contains("--show-current")
        }
        // Where a tool lives: `$(brew --prefix)/bin/x`, `$(go env GOPATH)`, `$(npm bin)/eslint`.
        "brew" => matches!(first, Some("--prefix" | "--cellar" | "--repository")),
        "go" => first == Some("env"),
        "npm" | "yarn" | "pnpm" => matches!(first, Some("bin" | "root" | "prefix")),
        "rustc" => first == Some("--print"),
        "xcrun" => first == Some("--find") || first == Some("-f"),
        "xcode-select" => first == Some("-p"),
        "pyenv" | "rbenv" | "nodenv" | "asdf" | "mise" => matches!(first, Some("which" | "root" | "prefix")),
        _ => false,
    }
}

/// Why the file `word` names (a script a shell, `source` or an interpreter runs) is chosen
/// only at run time, or `None` when it is not: each file `find` finds (`{}`), the input xargs
/// or parallel reads, the files a glob matches, the output of a command that is not plain data
/// (`$(ls /tmp/*.sh | head -1)`), a variable the line does not fix. A home path is read like
/// `~` is.
pub(crate) fn chosen_at_run_time(word: &Word) -> Option<String> {
    let text = word.text.as_str();
    if text == "{}" || text.ends_with("/{}") {
        return Some("each file `find` finds, at run time".into());
    }
    if text.contains(super::XARGS_INPUT) || text.contains(super::XARGS_INPUT_TOKEN) {
        return Some("each name xargs or parallel reads, at run time".into());
    }
    // `bash *.sh`: the first file the pattern matches, with the others as its arguments.
    if word.glob && text.contains(['*', '?', '[']) {
        return Some(format!("the first file `{text}` matches, at run time"));
    }
    if !word.dynamic || word.home_only() {
        return None;
    }
    // `bash "$d/x.sh"`: a variable, whatever the line set it to (`d=$(mktemp -d)`).
    if !word.raw.contains("$(") && !word.raw.contains('`') {
        return word.raw.contains('$').then(|| format!("`{}`, whose value is not known here", word.raw));
    }
    let body = substitutions(text).into_iter().find(|body| !prints_data(body))?;
    Some(format!("the output of `{}`, which is not computed", body.trim()))
}

/// A substitution body's words, quotes dropped; empty when it is more than one simple
/// command (a pipe, a list or nested expansions are not vouched for).
fn words(body: &str) -> Vec<String> {
    let body = body.trim();
    if body.contains(['|', ';', '&', '`', '$', '<', '>', '(', ')', '\n']) {
        return Vec::new();
    }
    body.split_whitespace().map(|w| w.trim_matches(['"', '\'']).to_string()).collect()
}

fn base_name(word: &str) -> &str {
    crate::shell::base_name(word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_up_tools_by_name() {
        for body in [
            "ssh-agent -s",
            "direnv hook bash",
            "pyenv init -",
            "pyenv virtualenv-init -",
            "rbenv init - zsh",
            "/opt/homebrew/bin/brew shellenv",
            "conda shell.bash hook",
            "kubectl completion bash",
            "rustup completions zsh",
            "zoxide init bash",
            "fzf --bash",
        ] {
            assert!(prints_setup(body), "{body}");
        }
        for body in [
            "curl -fsSL https://x.example/init",
            "cat init.sh",
            "pyenv exec python x.py",
            "kubectl completion bash | sed s/x/y/",
            "ssh-agent -s; curl x",
            "direnv exec . sh",
            "echo $(curl x)",
            "kubectl completion bash extra-file",
        ] {
            assert!(!prints_setup(body), "{body}");
        }
    }

    #[test]
    fn data_printers_by_name() {
        assert!(prints_data("pwd"));
        assert!(prints_data("git rev-parse --show-toplevel"));
        assert!(prints_data("git branch --show-current"));
        assert!(!prints_data("git log -1 --format=%s"));
        assert!(!prints_data("cat cmd.txt"));
        assert!(!prints_data("curl -s x"));
    }

    #[test]
    fn substitution_bodies() {
        assert_eq!(substitutions("$(ssh-agent -s)"), ["ssh-agent -s"]);
        assert_eq!(substitutions("x `date` $(curl x)"), ["date", "curl x"]);
        assert!(substitutions("$HOME/x").is_empty());
    }
}
