//! The OpenCode plugin under Node, called as OpenCode calls it, with the real `opencode-hook`
//! binary behind it (`OPENCODE_HOOK_BIN`) or a stand-in where a case needs a fixed answer.

import { after, test } from "node:test"
import assert from "node:assert/strict"
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const REAL_BINARY = process.env.OPENCODE_HOOK_BIN
const directory = mkdtempSync(join(tmpdir(), "agent-hooks-opencode-"))
// Removed whether the tests passed or not, so that runs leave nothing in the temp directory.
after(() => rmSync(directory, { recursive: true, force: true }))

/** The plugin's hooks with `binary` behind them, as OpenCode builds them at start-up. */
async function hooks(binary) {
  process.env.OPENCODE_HOOK_BIN = binary
  // A distinct URL per binary: the module reads its binary once, when it is loaded.
  const { AgentHooks } = await import(`../agent-hooks.js?binary=${encodeURIComponent(binary)}`)
  return AgentHooks({ directory, worktree: directory, project: {}, client: {}, $: undefined })
}

/** A stand-in binary that prints `answer` whatever it is asked, and exits with `status`. */
function standIn(name, answer, status = 0) {
  const path = join(directory, name)
  writeFileSync(path, `#!/bin/sh\ncat >/dev/null\nprintf '%s' '${answer}'\nexit ${status}\n`)
  chmodSync(path, 0o755)
  return path
}

/** Runs `body` with console.error captured; returns the lines written. */
async function warnings(body) {
  const lines = []
  const original = console.error
  console.error = (...parts) => lines.push(parts.join(" "))
  try {
    await body()
  } finally {
    console.error = original
  }
  return lines
}

function bash(command) {
  return {
    input: { tool: "bash", sessionID: "ses_test", callID: "call_test" },
    output: { args: { command, description: "test", timeout: 120000 } },
  }
}

test("the real binary is given", () => {
  assert.ok(REAL_BINARY, "set OPENCODE_HOOK_BIN to the opencode-hook binary")
})

test("rm -rf / is denied with the rule in the thrown reason", async () => {
  const before = (await hooks(REAL_BINARY))["tool.execute.before"]
  const { input, output } = bash("rm -rf /")
  await assert.rejects(before(input, output), (error) => {
    assert.match(error.message, /agent-hooks rule/)
    return true
  })
})

test("git status is allowed with its arguments untouched", async () => {
  const before = (await hooks(REAL_BINARY))["tool.execute.before"]
  const { input, output } = bash("git status")
  const said = await warnings(() => before(input, output))
  assert.deepEqual(output.args, { command: "git status", description: "test", timeout: 120000 })
  assert.deepEqual(said, [])
})

test("a prompt holding a credential is refused before it is sent", async () => {
  const message = (await hooks(REAL_BINARY))["chat.message"]
  const input = { sessionID: "ses_test", agent: "build", messageID: "msg_test" }
  const output = { message: {}, parts: [{ type: "text", text: "deploy with AKIAIOSFODNN7REALKEY" }] }
  await assert.rejects(message(input, output), (error) => {
    assert.match(error.message, /agent-hooks rule prompt\.secret/)
    return true
  })
  const harmless = { message: {}, parts: [{ type: "text", text: "run the tests" }] }
  assert.deepEqual(await warnings(() => message(input, harmless)), [])
})

test("a missing binary allows the call and warns", async () => {
  const before = (await hooks(join(directory, "no-such-opencode-hook")))["tool.execute.before"]
  const { input, output } = bash("rm -rf /")
  const said = await warnings(() => before(input, output))
  assert.equal(output.args.command, "rm -rf /")
  assert.equal(said.length, 1)
  assert.match(said[0], /not found; the call is allowed/)
})

test("a failing binary allows the call and warns", async () => {
  const before = (await hooks(standIn("failing", "", 3)))["tool.execute.before"]
  const said = await warnings(() => before(bash("ls").input, bash("ls").output))
  assert.match(said.join("\n"), /exited with 3/)
})

test("an answer that is not JSON allows the call and warns", async () => {
  const before = (await hooks(standIn("garbled", "deny!")))["tool.execute.before"]
  const said = await warnings(() => before(bash("ls").input, bash("ls").output))
  assert.match(said.join("\n"), /answered deny!/)
})

test("a rewrite replaces the arguments in place", async () => {
  const answer = '{"action":"rewrite","reason":"rewritten","args":{"command":"rtk git status"}}'
  const before = (await hooks(standIn("rewriting", answer)))["tool.execute.before"]
  const { input, output } = bash("git status")
  const args = output.args
  await before(input, output)
  assert.equal(output.args, args)
  assert.deepEqual(output.args, { command: "rtk git status" })
})

test("context after a tool is appended to its output, and messages reach the user", async () => {
  const answer = '{"action":"allow","context":"rustfmt failed","message":"policy failed to load"}'
  const after = (await hooks(standIn("context", answer)))["tool.execute.after"]
  const output = { title: "cargo test", output: "ok", metadata: {} }
  const said = await warnings(() => after({ tool: "bash", sessionID: "s", callID: "c", args: {} }, output))
  assert.equal(output.output, "ok\n\nrustfmt failed")
  assert.deepEqual(said, ["agent-hooks: policy failed to load"])
})
