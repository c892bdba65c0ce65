//! Start-up files whose text a line writes in plain sight (`echo 'export GOPATH=~/go' >>
//! ~/.bashrc`, `printf 'layout python3\n' > .envrc`): every line is checked against the shapes
//! that only set up the shell or the editor, so that such an everyday edit passes while a
//! command hidden there for later stays refused. Commands an alias or `eval` runs are judged
//! as commands by the caller ([`later_commands`]).

use std::path::Path;

/// A start-up file the guard reads line by line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StartUp {
    /// A shell's start-up file in the home directory (`~/.bashrc`, `~/.zshrc`, fish's
    /// `config.fish`): only appended to.
    Shell,
    /// Vim's `~/.vimrc`: only appended to.
    Vim,
    /// direnv's `.envrc`, which runs at each `cd` into the directory.
    Envrc,
}

/// Shell start-up files in the home directory.
const SHELL_FILES: &[&str] =
    &[".bashrc", ".zshrc", ".bash_aliases", ".profile", ".bash_profile", ".zprofile"];

/// What kind of start-up file `path` (resolved) is, `home` being the home directory.
pub(crate) fn kind(path: &Path, home: Option<&Path>) -> Option<StartUp> {
    let name = path.file_name()?.to_str()?;
    if name == ".envrc" {
        return Some(StartUp::Envrc);
    }
    let home = home?;
    let parent = path.parent()?;
    match name {
        _ if parent == home && SHELL_FILES.contains(&name) => Some(StartUp::Shell),
        ".vimrc" if parent == home => Some(StartUp::Vim),
        "config.fish" if parent == home.join(".config/fish") => Some(StartUp::Shell),
        _ => None,
    }
}

/// Whether every line of `text` is one that only sets up the shell, the editor or direnv.
pub(crate) fn plain(kind: StartUp, text: &str) -> bool {
    text.lines().map(str::trim).all(|line| {
        line.is_empty()
            || (line.starts_with('#') && kind != StartUp::Vim)
            || (line.starts_with('"') && kind == StartUp::Vim)
            || match kind {
                StartUp::Shell => shell_line(line),
                StartUp::Envrc => envrc_line(line),
                StartUp::Vim => vim_line(line),
            }
    })
}

/// The commands the plain lines of `text` make run later, to be judged as commands: the body
/// of each alias (`alias gs='git status'` runs `git status`).
pub(crate) fn later_commands(kind: StartUp, text: &str) -> Vec<String> {
    if kind == StartUp::Vim {
        return Vec::new();
    }
    text.lines().filter_map(|line| alias(line.trim()).map(|(_, body)| body.to_string())).collect()
}

/// A line of a shell's start-up file that only sets up the shell.
fn shell_line(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        ["export", assignment] | ["set", "-gx", assignment] => exported(assignment),
        ["set", "-gx", name, value] => exported(&format!("{name}={value}")),
        ["alias", ..] => {
            alias(line).is_some_and(|(name, body)| !shadows(name, body) && !body.contains(['`', '$']))
        }
        ["source" | ".", file] => sourced(file),
        ["eval", ..] => {
            let body = line["eval".len()..].trim().trim_matches('"');
            let body = body.strip_prefix("$(").and_then(|b| b.strip_suffix(')'));
            // One substitution and nothing after it (`eval "$(direnv hook bash)"`).
            body.filter(|b| !b.contains(['$', '(', ')', '"', '`', ';', '|', '&', '<', '>']))
                .is_some_and(super::opaque::prints_setup)
        }
        ["set", "-o" | "+o", option] => {
            matches!(*option, "vi" | "emacs" | "noclobber" | "ignoreeof" | "pipefail")
        }
        ["shopt", "-s" | "-u", options @ ..] => {
            options.iter().all(|o| o.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
        }
        ["bindkey", "-v" | "-e"] => true,
        ["setopt" | "unsetopt", options @ ..] => {
            options.iter().all(|o| o.chars().all(|c| c.is_ascii_alphabetic() || c == '_'))
        }
        _ => false,
    }
}

/// `NAME=value` of `export`: a variable no program runs code from, a literal value (the home
/// directory may be named), and `PATH` only grown by the package managers' own directories.
fn exported(assignment: &str) -> bool {
    let Some((name, value)) = assignment.split_once('=') else { return false };
    let Some(value) = unquoted(value) else { return false };
    if name == "PATH" {
        return value.split(':').all(|dir| matches!(dir, "$PATH" | "${PATH}") || path_dir(dir))
            && value.split(':').any(|dir| matches!(dir, "$PATH" | "${PATH}"));
    }
    // `export AWS_PROFILE=prod`: every later shell would aim its tools at production.
    if super::launchers::target_variable(name) && super::launchers::production_name(value) {
        return false;
    }
    // `export EDITOR=vim`: a program named by a variable is set-up when it is an everyday
    // editor or pager found on PATH, not a path to one.
    if matches!(name, "EDITOR" | "VISUAL" | "PAGER" | "MANPAGER") {
        return EVERYDAY_PROGRAMS.contains(&value);
    }
    let literal = value.replace("${HOME}", "").replace("$HOME", "");
    name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !literal.contains(['$', '`', '\\', ';', '&', '|', '<', '>', '(', ')'])
        && !runs_code(name)
}

/// The editors and pagers [`exported`] lets `EDITOR`, `VISUAL`, `PAGER` and `MANPAGER` name.
const EVERYDAY_PROGRAMS: &[&str] = &[
    "vim",
    "nvim",
    "vi",
    "nano",
    "emacs",
    "emacs -nw",
    "micro",
    "hx",
    "helix",
    "kak",
    "code --wait",
    "code -w",
    "subl -w",
    "less",
    "less -R",
    "more",
    "most",
    "bat",
];

/// `value` without the one pair of quotes around it, `None` when another quote is left (one
/// that spans lines would make the lines after it part of the value).
fn unquoted(value: &str) -> Option<&str> {
    let pair = |quote: char| value.len() >= 2 && value.starts_with(quote) && value.ends_with(quote);
    let inner = if pair('"') || pair('\'') { &value[1..value.len() - 1] } else { value };
    (!inner.contains(['"', '\''])).then_some(inner)
}

/// Variables from which a program takes code, libraries, a program to run, its settings or
/// the place it sends to: setting one for every later shell is persistence, not set-up.
fn runs_code(name: &str) -> bool {
    const PREFIXES: &[&str] = &[
        "LD_",
        "DYLD_",
        "GIT_",
        "AGENT_HOOKS",
        "CLAUDE",
        "ANTHROPIC",
        "NPM_CONFIG_",
        "PIP_",
        "UV_",
        "XDG_",
        "BASH_",
    ];
    const NAMES: &[&str] = &[
        "NODE_OPTIONS",
        "NODE_PATH",
        "PYTHONSTARTUP",
        "PYTHONPATH",
        "PYTHONHOME",
        "PROMPT_COMMAND",
        "PS0",
        "PS1",
        "PS2",
        "PS3",
        "PS4",
        "PROMPT",
        "RPROMPT",
        "ENV",
        "PERL5OPT",
        "PERL5LIB",
        "RUBYOPT",
        "RUBYLIB",
        "HOME",
        "SHELL",
        "EDITOR",
        "VISUAL",
        "PAGER",
        "MANPAGER",
        "BROWSER",
        "SUDO_ASKPASS",
        "SSH_ASKPASS",
        "SSH_AUTH_SOCK",
        "ZDOTDIR",
        "TMPDIR",
        "IFS",
        "CDPATH",
        "FPATH",
        "MANPATH",
        "HISTFILE",
        "HTTP_PROXY",
        "HTTPS_PROXY",
        "ALL_PROXY",
        "NO_PROXY",
        "JAVA_TOOL_OPTIONS",
        "_JAVA_OPTIONS",
        "JDK_JAVA_OPTIONS",
        "CARGO_HOME",
        "RUSTC_WRAPPER",
        "RUSTC",
        "CC",
        "CXX",
        "GOFLAGS",
        "GOPROXY",
        "DOCKER_HOST",
        "KUBECONFIG",
    ];
    let upper = name.to_ascii_uppercase();
    PREFIXES.iter().any(|prefix| upper.starts_with(prefix)) || NAMES.contains(&upper.as_str())
}

/// The package managers' own program directories, which their installers add to `PATH`.
fn path_dir(dir: &str) -> bool {
    let dir = dir.strip_suffix('/').unwrap_or(dir);
    let in_home = dir
        .strip_prefix("$HOME/")
        .or_else(|| dir.strip_prefix("${HOME}/"))
        .or_else(|| dir.strip_prefix("~/"));
    match in_home {
        Some(rest) => matches!(
            rest,
            ".cargo/bin"
                | ".local/bin"
                | "go/bin"
                | ".bun/bin"
                | ".deno/bin"
                | ".npm-global/bin"
                | ".yarn/bin"
                | ".volta/bin"
                | ".pyenv/bin"
                | ".rbenv/bin"
                | ".poetry/bin"
                | ".dotnet/tools"
        ),
        None => matches!(dir, "/usr/local/go/bin" | "/usr/local/bin" | "/opt/homebrew/bin" | "/snap/bin"),
    }
}

/// A file a start-up file may source: the package managers' own set-up scripts.
fn sourced(file: &str) -> bool {
    let file = file.trim_matches('"');
    let in_home = file
        .strip_prefix("$HOME/")
        .or_else(|| file.strip_prefix("${HOME}/"))
        .or_else(|| file.strip_prefix("~/"));
    in_home.is_some_and(|rest| {
        matches!(
            rest,
            ".cargo/env"
                | ".nvm/nvm.sh"
                | ".nvm/bash_completion"
                | ".sdkman/bin/sdkman-init.sh"
                | ".ghcup/env"
        )
    })
}

/// The name and body of `alias NAME='BODY'` (or `"BODY"`, or one unquoted word), one alias
/// to a line.
fn alias(line: &str) -> Option<(&str, &str)> {
    let rest = line.strip_prefix("alias ")?.trim();
    let (name, body) = rest.split_once('=')?;
    let plain_name =
        !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
    let Some(quote) = body.chars().next().filter(|c| matches!(c, '\'' | '"')) else {
        let word = !body.is_empty()
            && body.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/'));
        return (plain_name && word).then_some((name, body));
    };
    let body = body.strip_prefix(quote)?.strip_suffix(quote)?;
    (plain_name && !body.contains(quote)).then_some((name, body))
}

/// Whether an alias by `name` would run instead of a program the user or the agent runs
/// every day (or the guard's own hooks), which is how a command is hidden in one. An alias
/// named after the program its `body` runs (`alias terraform='terraform -auto-approve'`)
/// changes every later run of that program, whatever the program is.
fn shadows(name: &str, body: &str) -> bool {
    const NAMES: &[&str] = &[
        "alias", "apt", "apt-get", "awk", "bash", "brew", "builtin", "bun", "cargo", "cat", "cd", "chmod",
        "chown", "claude", "code", "codex", "command", "cp", "curl", "deno", "doas", "docker", "echo", "env",
        "eval", "exec", "exit", "export", "find", "gemini", "git", "go", "gpg", "grep", "head", "kill",
        "kubectl", "less", "ln", "ls", "make", "man", "mkdir", "more", "mv", "nano", "node", "npm", "npx",
        "open", "pip", "pip3", "pnpm", "printf", "ps", "pwd", "python", "python3", "rm", "rsync", "rustc",
        "scp", "sed", "sh", "source", "ssh", "ssh-add", "sudo", "su", "tail", "tar", "test", "type",
        "unalias", "unset", "uv", "vi", "vim", "wget", "which", "xdg-open", "yarn", "zsh",
    ];
    let program = body.split_whitespace().find(|word| !matches!(*word, "command" | "builtin" | "sudo"));
    NAMES.contains(&name)
        || name.ends_with("-hook")
        || name.starts_with("claude")
        || program.is_some_and(|program| program.trim_start_matches('\\').rsplit('/').next() == Some(name))
}

/// A line of `.envrc` from direnv's standard library, or a plain export.
fn envrc_line(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        ["export", assignment] => exported(assignment),
        ["layout", language, ..] => language.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
        ["dotenv" | "dotenv_if_exists", files @ ..] => files.iter().all(|file| project_file(file)),
        [
            "use",
            "nix" | "flake" | "node" | "nodejs" | "python" | "ruby" | "go" | "mise" | "asdf",
            rest @ ..,
        ] => rest
            .iter()
            .all(|word| project_file(word) || word.chars().all(|c| c.is_ascii_alphanumeric() || c == '.')),
        ["PATH_add" | "path_add", dir] => project_file(dir),
        ["watch_file", files @ ..] => files.iter().all(|file| project_file(file)),
        ["source_up" | "source_up_if_exists" | "strict_env" | "unstrict_env"] => true,
        ["source_env" | "source_env_if_exists", file] => project_file(file) && file.contains(".env"),
        _ => false,
    }
}

/// A path inside the project, written out: relative, without `..` or expansions.
fn project_file(word: &str) -> bool {
    let word = word.trim_matches('"');
    !word.is_empty()
        && !word.starts_with(['/', '~', '-'])
        && !word.contains(['$', '`', '\\', ';', '&', '|', '<', '>', '(', ')'])
        && !word.split('/').any(|part| part == "..")
}

/// A line of `.vimrc` that only sets the editor up: options, syntax and file types, a global
/// variable, a key map to keys (not to a shell command).
fn vim_line(line: &str) -> bool {
    let line = line.trim_start_matches(':');
    if line.contains('!') || line.contains("system(") {
        return false;
    }
    let first = line.split_whitespace().next().unwrap_or_default();
    match first {
        "set" | "se" | "setlocal" | "syntax" | "syn" | "filetype" | "colorscheme" | "colo" => {
            !line.contains(['`', '|'])
                && ![
                    "shell",
                    "prg",
                    "exrc",
                    "rtp",
                    "runtimepath",
                    "packpath",
                    "dll",
                    "pythonhome",
                    "pythonthreehome",
                ]
                .iter()
                .any(|key| line.contains(key))
        }
        // A plugin's setting may name a program it runs (`let g:ale_…_executable = '/tmp/x'`).
        "let" => {
            line.split_whitespace().nth(1).is_some_and(|var| var.starts_with("g:"))
                && !line.contains(['`', '|', '/'])
                && !["executable", "command", "cmd", "prg"]
                    .iter()
                    .any(|word| line.to_ascii_lowercase().contains(word))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_lines() {
        assert!(plain(StartUp::Shell, "export PATH=\"$HOME/.cargo/bin:$PATH\"\nalias gs='git status'\n"));
        assert!(plain(StartUp::Shell, "eval \"$(direnv hook bash)\"\n. \"$HOME/.cargo/env\"\n"));
        assert!(!plain(StartUp::Shell, "export PATH=/tmp/x:$PATH\n"));
        assert!(!plain(StartUp::Shell, "alias sudo='sudo -E'\n"));
        assert!(!plain(StartUp::Shell, "export LD_PRELOAD=/tmp/x.so\n"));
        assert!(!plain(StartUp::Shell, "export AWS_PROFILE=prod\n"));
        assert!(plain(StartUp::Shell, "export AWS_PROFILE=dev\n"));
        assert!(!plain(StartUp::Shell, "curl -s x | sh\n"));
    }

    #[test]
    fn envrc_and_vim_lines() {
        assert!(plain(StartUp::Envrc, "layout python3\ndotenv .env.local\nPATH_add bin\n"));
        assert!(!plain(StartUp::Envrc, "curl x | sh\n"));
        assert!(plain(StartUp::Vim, "set number\nsyntax on\nlet g:x = 1\n"));
        assert!(!plain(StartUp::Vim, "autocmd BufRead * !curl x | sh\n"));
    }
}
