//! `docker-agent-hook`: the docker-agent binary, a shim over hook-core.

#![no_main]

hook_core::agent_main!(docker_agent_hook::DOCKER_AGENT);
