//! The `containers` pack: Docker and Podman removing everything at once: `system prune` of
//! all images or volumes, volume deletes, `compose down --volumes`, and removing every
//! container or image computed from `docker ps -aq` / `docker images -q`; a container given the
//! host (`--privileged`, its root or the engine's socket mounted).

use super::{Call, Hit};
use crate::shell::Stdin;

const ENGINES: &[&str] = &["docker", "podman", "nerdctl"];

pub(super) fn judge(call: &Call) -> Option<Hit> {
    let name = call.name?;
    if matches!(name, "lxc" | "incus" | "machinectl")
        && let Some(hit) = machine_delete(call, name)
    {
        return Some(hit);
    }
    let engine = ENGINES.contains(&name) || matches!(name, "docker-compose" | "podman-compose");
    if !engine && call.command.via.is_empty() {
        return None;
    }
    judge_named(call, name)
}

/// A whole machine deleted with its disk: `lxc|incus delete`, `machinectl remove` (`wsl
/// --unregister` is the disk pack's). These are system containers and distributions, kept and worked in as a
/// machine is, unlike an application container made from an image again (`docker rm`).
#[inline(never)]
fn machine_delete(call: &Call, name: &str) -> Option<Hit> {
    let args: Vec<&str> = call.args().iter().map(|a| a.text.as_str()).collect();
    let verb = args.iter().find(|a| !a.starts_with('-')).copied().unwrap_or_default();
    let deletes = match name {
        "machinectl" => verb == "remove",
        _ => matches!(verb, "delete" | "rm" | "remove"),
    };
    deletes.then(|| {
        Hit::ask(
            "containers.machine-delete",
            format!("This `{name}` deletes a whole machine or distribution with its disk and everything in it. Ask the user whether to."),
        )
    })
}

/// [`judge`] of a command this pack is about, out of line so that an allowed call runs only
/// the name check above (ARCHITECTURE.md, "Start-up").
#[inline(never)]
fn judge_named(call: &Call, name: &str) -> Option<Hit> {
    // `docker -H ssh://prod system prune -af`: the engine's global options and their values
    // come before the subcommand.
    let engine = ENGINES.contains(&name);
    let skip = if engine { crate::shell::engine_subcommand(&call.command.argv) - 1 } else { 0 };
    let args: Vec<&str> =
        call.args().get(skip..).unwrap_or_default().iter().map(|a| a.text.as_str()).collect();
    let words: Vec<&str> = args.iter().copied().filter(|a| !a.starts_with('-')).collect();
    if engine
        && deletes(&words)
        && let Some(daemon) = remote_daemon(call)
    {
        return Some(Hit::ask(
            "containers.remote-delete",
            format!(
                "This deletes containers, images, volumes or a whole stack on the daemon at `{daemon}`, not this machine's: a server's running services and their data. Ask the user to run it."
            ),
        ));
    }
    // `-a`, `--all`, and a short cluster holding the letter (`-af`, `-fa`).
    let flag = |f: &[&str]| {
        args.iter().any(|a| {
            f.contains(a)
                || a.strip_prefix('-').is_some_and(|cluster| {
                    !cluster.starts_with('-')
                        && cluster.len() > 1
                        && f.iter().any(|o| o.len() == 2 && o.starts_with('-') && cluster.contains(&o[1..]))
                })
        })
    };
    let compose = name == "docker-compose" || name == "podman-compose" || words.first() == Some(&"compose");
    if compose && ENGINES.contains(&name) || matches!(name, "docker-compose" | "podman-compose") {
        let down = words.contains(&"down");
        // The project's own stack on this machine's engine (a remote one asked above) is a
        // development one its `up` recreates; a compose file, project or environment that
        // names production (`-f docker-compose.prod.yml`, `COMPOSE_FILE=prod.yml`) is not.
        let production = args.iter().any(|a| super::production_name(a))
            || call.command.assignments.iter().any(|(variable, value)| {
                variable.starts_with("COMPOSE_") && (value.dynamic || super::production_name(&value.text))
            })
            || super::selected_production(call.command);
        return (down && flag(&["-v", "--volumes"]) && production)
            .then(|| Hit::new("containers.compose-volumes", COMPOSE));
    }
    // Into the host's namespaces, or its root: what runs there is not a container's any more.
    // The wrappers are peeled off the command; their `via` says where it went.
    if call.command.via.iter().any(|via| via == "nsenter -t 1" || via == "chroot /") {
        return Some(Hit::new("containers.host-access", HOST));
    }
    if !ENGINES.contains(&name) {
        return None;
    }
    // A container the engine restarts for good, after a reboot too: code that keeps running.
    let restarts = |policy: &str| matches!(policy.split(':').next(), Some("always" | "unless-stopped"));
    if matches!(words.first(), Some(&"run" | &"create" | &"update"))
        && args.iter().enumerate().any(|(at, a)| {
            a.strip_prefix("--restart=").is_some_and(restarts)
                || *a == "--restart" && args.get(at + 1).is_some_and(|p| restarts(p))
        })
    {
        return Some(Hit::ask("containers.restart-always", RESTART));
    }
    if matches!(words.first(), Some(&"run" | &"create" | &"exec"))
        && (flag(&["--privileged", "--pid=host", "--ipc=host", "--userns=host", "--cgroupns=host"])
            || args.windows(2).any(|pair| pair[0] == "--pid" && pair[1] == "host")
            || args.iter().any(|a| {
                a.starts_with("/:/")
                    || a.starts_with("-v/:/")
                    || a.starts_with("--volume=/:/")
                    || a.contains("source=/,")
                    // The engine's own socket: whoever holds it starts a privileged container
                    // over the host's root.
                    // (`-v SOCK:…`, `--mount src=SOCK` or `source=SOCK`, wherever it is kept).
                    || (a.contains("docker.sock") || a.contains("podman.sock"))
                        && (a.contains(".sock:") || a.contains("src=") || a.contains("source="))
            }))
    {
        return Some(Hit::new("containers.host-access", HOST));
    }
    if matches!(words.first(), Some(&"run" | &"create"))
        && let Some(source) = credential_mount(&args, call.ctx.home.as_deref())
    {
        return Some(Hit::ask(
            "containers.credential-mount",
            format!(
                "This mounts `{source}` into the container: whatever runs in the image can read the credentials kept there. Ask the user whether to."
            ),
        ));
    }
    if matches!(words.first(), Some(&"run" | &"create"))
        && let Some(image) = unknown_image_over_project(call.args())
    {
        return Some(Hit::ask(
            "containers.unknown-image",
            format!(
                "This runs the image `{image}`, which is not an official one, with the project mounted and no command: whatever its entrypoint does to the project's files runs unseen. Name the command to run, use an image the project names, or ask the user."
            ),
        ));
    }
    let verb = |i: usize| words.get(i).copied();
    match (verb(0)?, verb(1)) {
        // `-a` adds unused images to what is pruned, which a pull brings back; the volumes
        // (`--volumes`) hold data nothing brings back.
        ("system", Some("prune")) if flag(&["--volumes"]) => Some(Hit::new("containers.prune-all", PRUNE)),
        // A test suite's or development volume (`myapp_pgdata_test`, `myapp_dev_pgdata`) holds
        // what its runs or a seed recreate.
        ("volume", Some("rm" | "remove"))
            if words.len() > 2 && words[2..].iter().all(|v| super::disposable_target(v)) =>
        {
            None
        }
        ("volume", Some("rm" | "remove" | "prune")) => Some(Hit::new("containers.volume-delete", VOLUME)),
        // `docker service scale web=0`: a swarm service runs on the cluster's nodes, whichever
        // daemon the command is sent to, and zero replicas stop it for whoever uses it.
        ("service", Some("scale"))
            if words[2..].iter().any(|w| w.split_once('=').is_some_and(|(_, n)| n == "0")) =>
        {
            Some(Hit::ask("containers.service-stop", SERVICE_STOP))
        }
        ("service", Some("update"))
            if args.contains(&"--replicas=0") || args.windows(2).any(|p| p == ["--replicas", "0"]) =>
        {
            Some(Hit::ask("containers.service-stop", SERVICE_STOP))
        }
        // `docker stack rm prod`: every service of the stack stops on every node of the swarm.
        ("stack", Some("rm" | "remove" | "down"))
            if !(words.len() > 2 && words[2..].iter().all(|s| super::disposable_target(s))) =>
        {
            Some(Hit::ask("containers.service-stop", STACK_RM))
        }
        // `podman system reset`: every container, image, volume and network.
        ("system", Some("reset")) => Some(Hit::new("containers.prune-all", PRUNE)),
        ("rm" | "rmi" | "kill", _) | ("container" | "image", Some("rm" | "remove")) if every_one(call) => {
            Some(Hit::new("containers.remove-all", REMOVE_ALL))
        }
        _ => None,
    }
}

/// The daemon the command talks to when it is not this machine's: named by a global option
/// (`-H ssh://…`, `--context prod`, `--remote`) or by the line's `DOCKER_HOST`,
/// `CONTAINER_HOST` or `DOCKER_CONTEXT`.
fn remote_daemon<'a>(call: &'a Call) -> Option<&'a str> {
    crate::shell::engine_remote(&call.command.argv).or_else(|| {
        call.command.assignments.iter().find_map(|(name, value)| {
            let text = value.text.as_str();
            let remote = match name.as_str() {
                "DOCKER_HOST" | "CONTAINER_HOST" => !text.is_empty() && !text.starts_with("unix://"),
                "DOCKER_CONTEXT" => !text.is_empty() && !crate::shell::local_context(text),
                _ => false,
            };
            remote.then_some(text)
        })
    })
}

/// Whether the subcommand words delete: containers, images, volumes or networks removed or
/// pruned, the whole engine reset, a compose project or a swarm stack or service taken down.
fn deletes(words: &[&str]) -> bool {
    match words {
        ["rm" | "rmi" | "kill", ..] => true,
        ["system", "prune" | "reset", ..] => true,
        ["container" | "image" | "volume" | "network" | "builder" | "pod", "rm" | "remove" | "prune", ..] => {
            true
        }
        ["compose", rest @ ..] => rest.iter().any(|w| matches!(*w, "down" | "rm")),
        ["stack" | "service" | "secret" | "config", "rm" | "remove", ..] => true,
        _ => false,
    }
}

/// The command's operands come from listing every container or image: `$(docker ps -aq)`,
/// or `docker ps -aq | xargs docker rm`.
fn every_one(call: &Call) -> bool {
    let lists_all = |text: &str| {
        let text = text.replace(['"', '\''], "");
        // A filtered listing (`docker ps -aq --filter label=project=myapp-test`) is the
        // containers it matches, not every one.
        if text.contains("--filter") || text.contains(" -f ") {
            return false;
        }
        ENGINES.iter().any(|engine| {
            ["ps -a", "ps -qa", "ps --all", "container ls -a", "images -q", "images -aq", "image ls -q"]
                .iter()
                .any(|listing| text.contains(&format!("{engine} {listing}")))
        })
    };
    let substituted = call.args().iter().any(|arg| arg.dynamic && lists_all(&arg.raw));
    let piped = match call.command.stdin {
        Stdin::Pipe { from: Some(from) } => {
            call.analysis.commands.get(from).is_some_and(|c| lists_all(&c.text))
        }
        _ => false,
    };
    substituted || piped
}

const HOST: &str = "This gives the command the host itself (its processes, devices or whole file system), outside any container. Ask the user to run it.";
const PRUNE: &str = "This deletes every unused volume and its data (`--volumes`), or every container and image (`system reset`). Prune without `--volumes`, or ask the user.";
const SERVICE_STOP: &str = "This scales a swarm service to zero replicas: it stops on every node of the cluster for whoever uses it. Ask the user whether to.";
const STACK_RM: &str = "This removes a swarm stack: every one of its services stops on every node of the cluster for whoever uses it. Ask the user whether to.";
const VOLUME: &str = "This deletes container volumes and the data in them. Ask the user to run it.";
const COMPOSE: &str = "`compose down -v` deletes the project's volumes and their data. Run `compose down` without `-v`, or ask the user.";
const REMOVE_ALL: &str = "This removes every container or image on the machine, not just this project's. Name the ones you mean, or ask the user.";
const RESTART: &str = "This starts a container the engine restarts whenever it stops and at every boot (`--restart=always|unless-stopped`): what it runs keeps running after the session. Run it without a restart policy, or ask the user.";

/// The credential stores of the home directory (issue 17): mounted into a container, the image
/// reads them whatever command it runs.
const CREDENTIAL_DIRS: &[&str] = &[".aws", ".ssh", ".kube", ".config/gcloud", ".docker", ".gnupg", ".azure"];

/// The image of `run|create` (`args`, after the engine's name) when it is a publisher's
/// (`org/tool`, `ghcr.io/o/t`: not an official `library/` one), the working directory (the
/// project) is mounted writable, and no command follows the image: what runs is the image's
/// entrypoint, which nobody read. `docker run -v "$PWD":/src rust cargo build` passes.
fn unknown_image_over_project(args: &[crate::shell::Word]) -> Option<&str> {
    let mut words = args.iter().skip_while(|w| !matches!(w.text.as_str(), "run" | "create")).skip(1);
    let mut project = false;
    let image = loop {
        let word = words.next()?;
        let text = word.text.as_str();
        if !text.starts_with('-') {
            break word;
        }
        // The values as written: `"$PWD"`, which the analysis may have made a path.
        let (option, attached) = match (text.split_once('='), word.raw.split_once('=')) {
            (Some((option, _)), Some((_, value))) if option.starts_with("--") => (option, Some(value)),
            _ => (text, None),
        };
        let value = if crate::shell::CONTAINER_VALUES.contains(&option) {
            attached.map(str::to_string).or_else(|| words.next().map(|w| w.raw.clone()))
        } else {
            word.raw
                .strip_prefix("-v")
                .filter(|v| !v.is_empty() && !text.starts_with("--"))
                .map(str::to_string)
        };
        if let Some(value) =
            value.filter(|_| matches!(option, "--volume" | "--mount") || option.starts_with("-v"))
        {
            project |= working_directory_mount(&value);
        }
    };
    let name = image.text.strip_prefix("docker.io/").unwrap_or(&image.text);
    let official = !name.contains('/') || name.starts_with("library/");
    (project && !official && words.next().is_none() && !image.dynamic).then_some(image.text.as_str())
}

/// Whether a mount's value (`"$PWD":/w`, `.:/src`, `type=bind,src=$(pwd),dst=/w`) puts the
/// working directory into the container, writable.
fn working_directory_mount(value: &str) -> bool {
    let source =
        match value.split(',').find_map(|f| f.strip_prefix("source=").or_else(|| f.strip_prefix("src="))) {
            Some(source) => source,
            None => value.split(':').next().unwrap_or_default(),
        };
    let source = source.trim_matches('"');
    let read_only =
        value.ends_with(":ro") || value.split(',').any(|f| matches!(f, "readonly" | "ro" | "readonly=true"));
    let here = ["$PWD", "${PWD}", "$(pwd)", "`pwd`", "."].iter().any(|spelling| {
        source.strip_prefix(spelling).is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
    });
    here && !read_only
}

/// The host side of a bind mount (`-v HOST:CTR`, `--volume=HOST:CTR`, `--mount
/// type=bind,src=HOST,…`) that is the home directory itself or one of its credential stores.
fn credential_mount<'a>(args: &[&'a str], home: Option<&std::path::Path>) -> Option<&'a str> {
    let home = home?.to_str()?.trim_end_matches('/');
    let sources = args.iter().enumerate().filter_map(|(at, a)| {
        let value = match *a {
            "-v" | "--volume" | "--mount" => args.get(at + 1).copied()?,
            _ => a
                .strip_prefix("--volume=")
                .or_else(|| a.strip_prefix("--mount="))
                .or_else(|| a.strip_prefix("-v").filter(|v| !v.is_empty() && !a.starts_with("--")))?,
        };
        match value.split(',').find_map(|f| f.strip_prefix("source=").or_else(|| f.strip_prefix("src="))) {
            Some(source) => Some(source),
            None => value.split(':').next(),
        }
    });
    sources.into_iter().find(|source| {
        let source = source.trim_matches('"').trim_end_matches('/');
        let rest = [home, "~", "$HOME", "${HOME}"].iter().find_map(|spelling| source.strip_prefix(spelling));
        let Some(rest) = rest else { return false };
        if !rest.is_empty() && !rest.starts_with('/') {
            return false;
        }
        let rest = rest.trim_start_matches('/');
        rest.is_empty()
            || CREDENTIAL_DIRS.iter().any(|dir| {
                rest.strip_prefix(dir).is_some_and(|below| below.is_empty() || below.starts_with('/'))
            })
    })
}
