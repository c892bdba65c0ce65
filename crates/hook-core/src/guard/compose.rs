//! The services of a compose file that the line writes and then brings up (`cat >
//! compose.yaml <<EOF … EOF; docker compose up`), each read as the `docker run` command that
//! starts it, so that its host mounts, privileges and command are judged as that command's
//! are. A compose file only on disk is the project's and is not read.

use std::path::{Path, PathBuf};

use super::yaml::Node;
use crate::shell::{SimpleCommand, Stdin, Word};

/// The names compose looks for in the project directory when no `-f` is given.
const DEFAULT_FILES: &[&str] = &[
    "compose.yaml",
    "compose.yml",
    "docker-compose.yaml",
    "docker-compose.yml",
    "docker-compose.override.yml",
];

/// The compose files `command` brings up (`up`, `run`, `create`, `start`, `restart`,
/// `watch`), in the directory `cwd`: those of `-f`, or compose's default names. `None` for
/// another command.
pub(super) fn files(command: &SimpleCommand, cwd: &Path) -> Option<Vec<PathBuf>> {
    let name = crate::shell::program_base(command.name()?);
    let args = command.args();
    let start = match name {
        "docker-compose" | "podman-compose" => 0,
        "docker" | "podman" | "nerdctl" if args.first().is_some_and(|w| w.text == "compose") => 1,
        _ => return None,
    };
    let (mut named, mut directory) = (Vec::new(), None);
    let mut words = args[start..].iter();
    let verb = loop {
        let word = words.next()?;
        match word.text.as_str() {
            "-f" | "--file" => named.push(words.next()?),
            "--project-directory" => directory = words.next(),
            "-p" | "--project-name" | "--profile" | "--env-file" | "--ansi" | "--parallel" => {
                words.next();
            }
            text if text.starts_with("--file=") => named.push(word),
            text if !text.starts_with('-') => break text,
            _ => {}
        }
    };
    if !matches!(verb, "up" | "run" | "create" | "start" | "restart" | "watch") {
        return None;
    }
    // A file given as text on the line is read by [`given_texts`].
    named.retain(|w| !given_on_line(w));
    if named.iter().chain(directory.iter()).any(|w| w.dynamic) {
        return None;
    }
    let base = directory.map_or_else(|| cwd.to_path_buf(), |dir| cwd.join(&dir.text));
    if named.is_empty() {
        return Some(DEFAULT_FILES.iter().map(|file| base.join(file)).collect());
    }
    Some(named.iter().map(|w| cwd.join(w.text.strip_prefix("--file=").unwrap_or(&w.text))).collect())
}

/// A compose file given as text on the line: a process substitution, or standard input.
fn given_on_line(word: &Word) -> bool {
    word.raw.starts_with("<(") || matches!(word.text.as_str(), "-" | "/dev/stdin")
}

/// The compose files `command` (one that [`files`] brings up) is given as text on the line
/// (`-f <(printf …)`, `-f - <<EOF`): each text, or `Err` with where it comes from when the
/// line does not fix it.
pub(super) fn given_texts(command: &SimpleCommand) -> Vec<Result<String, String>> {
    let options = command.args().windows(2).filter(|pair| matches!(pair[0].text.as_str(), "-f" | "--file"));
    options
        .map(|pair| &pair[1])
        .filter(|word| given_on_line(word))
        .map(|word| match &command.stdin {
            _ if word.raw.starts_with("<(") => {
                crate::shell::substituted_text(word).ok_or_else(|| format!("the output of `{}`", word.raw))
            }
            Stdin::Text(text) => Ok(text.clone()),
            _ => Err("its standard input".to_string()),
        })
        .collect()
}

/// For each service of the compose file `text`, the `docker run` line that starts it: its
/// host mounts (`volumes:` short and long form), `privileged`, the host's namespaces
/// (`pid`, `network_mode`, `ipc`), added capabilities and devices, then its image and
/// `entrypoint` and `command`.
pub(super) fn service_lines(text: &str) -> Vec<String> {
    let doc = super::yaml::parse(text);
    let Some(services) = doc.get("services") else { return Vec::new() };
    services.entries().iter().map(|(_, service)| run_line(service)).collect()
}

fn run_line(service: &Node) -> String {
    let quote = |text: &str| crate::shell::quote(text);
    let value = |key: &str| service.get(key).and_then(Node::text);
    let mut line = vec!["docker".to_string(), "run".to_string()];
    if value("privileged") == Some("true") {
        line.push("--privileged".into());
    }
    for (key, option) in
        [("pid", "--pid"), ("network_mode", "--network"), ("ipc", "--ipc"), ("userns_mode", "--userns")]
    {
        if let Some(mode) = value(key) {
            line.push(format!("{option}={}", quote(mode)));
        }
    }
    for (key, option) in
        [("cap_add", "--cap-add"), ("devices", "--device"), ("security_opt", "--security-opt")]
    {
        for item in service.get(key).map(Node::items).unwrap_or_default() {
            line.extend(item.text().map(|text| format!("{option}={}", quote(text))));
        }
    }
    for volume in service.get("volumes").map(Node::items).unwrap_or_default() {
        let mount = match volume {
            Node::Scalar(text) => Some(text.clone()),
            // The long form: only a bind mount names a host path.
            long => {
                match (long.get("source").and_then(Node::text), long.get("target").and_then(Node::text)) {
                    (Some(source), Some(target))
                        if long.get("type").and_then(Node::text) != Some("volume") =>
                    {
                        Some(format!("{source}:{target}"))
                    }
                    _ => None,
                }
            }
        };
        // `~/x` stays unquoted, so that the shell reads the home directory in it.
        let spelled = |mount: String| match mount.strip_prefix("~/") {
            Some(rest) => format!("-v ~/{}", quote(rest)),
            None => format!("-v {}", quote(&mount)),
        };
        line.extend(mount.map(spelled));
    }
    line.push(quote(value("image").unwrap_or("service")));
    // A string command is split into words as a shell would (compose does not run a shell);
    // a list's items are the words.
    for key in ["entrypoint", "command"] {
        match service.get(key) {
            Some(Node::Scalar(text)) => line.push(text.clone()),
            Some(Node::List(items)) => line.extend(items.iter().filter_map(Node::text).map(quote)),
            _ => {}
        }
    }
    line.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn services_read_as_docker_run() {
        let text = "services:\n  a:\n    image: alpine\n    privileged: true\n    pid: host\n    volumes:\n      - /:/host\n    command: sh -c 'cat /host/etc/shadow'\n  b:\n    image: node\n    volumes: [\"./src:/app\"]\n";
        let lines = service_lines(text);
        assert_eq!(
            lines[0],
            "docker run --privileged --pid=host -v /:/host alpine sh -c 'cat /host/etc/shadow'"
        );
        assert_eq!(lines[1], "docker run -v ./src:/app node");
    }
}
