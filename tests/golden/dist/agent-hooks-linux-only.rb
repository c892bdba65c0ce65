# Homebrew formula for agent-hooks 0.1.0, rendered by `cargo xtask dist` from
# installers/homebrew/agent-hooks.rb.in: edit the template, not this file.
class AgentHooks < Formula
  desc "Guard AI coding agents' tool calls with one TOML policy"
  homepage "https://github.com/agent-hooks/agent-hooks"
  version "0.1.0"
  license any_of: ["MIT", "Apache-2.0"]

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

  test do
    %w[claude-hook cursor-hook].each do |binary|
      assert_match version.to_s, shell_output("#{bin}/#{binary} --version")
    end
  end
end
