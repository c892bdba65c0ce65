//! `docker-agent-hook`: the docker-agent binary, a shim over hook-core.

fn main() -> std::process::ExitCode {
    hook_core::main(&docker_agent_hook::DockerAgent)
}
