# Homebrew formula for agent-hooks 0.1.0, rendered by `cargo xtask dist` from
# installers/homebrew/agent-hooks.rb.in: edit the template, not this file.
class AgentHooks < Formula
  desc "Guard AI coding agents' tool calls with one TOML policy"
  homepage "https://github.com/agent-hooks/agent-hooks"
  version "0.1.0"
  license any_of: ["MIT", "Apache-2.0"]

  livecheck do
    url :stable
    strategy :github_latest
  end

  on_macos do
    on_arm do
      url "https://github.com/agent-hooks/agent-hooks/releases/download/v0.1.0/agent-hooks-0.1.0-aarch64-apple-darwin.tar.gz"
      sha256 "602526fe5d0720f8fb8f60272c924a754eb90c461381908e5d8a5f04f6e504c0"
    end
    on_intel do
      url "https://github.com/agent-hooks/agent-hooks/releases/download/v0.1.0/agent-hooks-0.1.0-x86_64-apple-darwin.tar.gz"
      sha256 "838636fb51c7c295f53ac0becfa66f4e7726c388af3fc9397e57c97f5f97c840"
    end
  end

  on_linux do
    on_arm do
      url "https://github.com/agent-hooks/agent-hooks/releases/download/v0.1.0/agent-hooks-0.1.0-aarch64-unknown-linux-musl.tar.gz"
      sha256 "38990144ad7c86a796fa7844440da54dbc1ca481e48f87796209d8a9f5d26611"
    end
    on_intel do
      url "https://github.com/agent-hooks/agent-hooks/releases/download/v0.1.0/agent-hooks-0.1.0-x86_64-unknown-linux-musl.tar.gz"
      sha256 "11a7f97d7c53e609ba9fb10d25657f4474d2bfc81353533ddaec0ab2ca688e9c"
    end
  end

  def install
    bin.install %w[claude-hook cursor-hook]
  end

  def caveats
    <<~EOS
      Next, register the hook of your agent and check it, e.g. for Claude Code:
        claude-hook install && claude-hook doctor
      Every agent's hook works the same: claude-hook cursor-hook
    EOS
  end

  test do
    %w[claude-hook cursor-hook].each do |binary|
      assert_match version.to_s, shell_output("#{bin}/#{binary} --version")
    end
    # A real decision: Claude Code's payload for `rm -rf /` is denied, `git status` is not.
    payload = '{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"COMMAND"}}'
    denied = pipe_output("#{bin}/claude-hook", payload.sub("COMMAND", "rm -rf /"), 0)
    assert_match '"permissionDecision":"deny"', denied
    allowed = pipe_output("#{bin}/claude-hook", payload.sub("COMMAND", "git status"), 0)
    refute_match "deny", allowed
  end
end
