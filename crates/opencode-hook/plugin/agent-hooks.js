//! agent-hooks for OpenCode: forwards every tool call and every prompt to the `opencode-hook`
//! binary, which decides it from the agent-hooks policy. Deny throws the reason (the model sees
//! it as the tool's error; a refused prompt is never sent), rewrite replaces the call's
//! arguments, context is appended to a finished tool's output. A missing, failing or slow
//! binary never blocks the call: it is allowed and the problem is reported on stderr.

import { spawnSync } from "node:child_process"

/** The binary to ask; `opencode-hook install` writes its absolute path here. */
const BINARY = process.env.OPENCODE_HOOK_BIN || "opencode-hook"
/** Hooks are on the path of every tool call: a hung binary must not hang the agent. */
const TIMEOUT_MS = 10_000

/** OpenCode calls every exported function of a plugin module; this is the only one. */
export const AgentHooks = async ({ directory }) => ({
  "tool.execute.before": async (input, output) => {
    const answer = ask({ hook: "tool.execute.before", cwd: directory, input, output })
    if (answer.message) console.error(`agent-hooks: ${answer.message}`)
    if (answer.action === "deny") throw new Error(answer.reason || "Blocked by agent-hooks")
    if (answer.action === "rewrite" && isObject(answer.args)) replaceArgs(output, answer.args)
  },
  // The prompt is in the text parts of the message about to be sent.
  "chat.message": async (input, output) => {
    const parts = Array.isArray(output?.parts) ? output.parts : []
    const prompt = parts.filter((part) => typeof part?.text === "string").map((part) => part.text).join("\n")
    if (!prompt) return
    const answer = ask({ hook: "chat.message", cwd: directory, input, prompt })
    if (answer.message) console.error(`agent-hooks: ${answer.message}`)
    if (answer.action === "deny") throw new Error(answer.reason || "Blocked by agent-hooks")
  },
  "tool.execute.after": async (input, output) => {
    const answer = ask({ hook: "tool.execute.after", cwd: directory, input, output })
    if (answer.message) console.error(`agent-hooks: ${answer.message}`)
    if (answer.context) output.output = output.output ? `${output.output}\n\n${answer.context}` : answer.context
  },
})

/** The binary's answer to one call; `{action: "allow"}` whenever it cannot give one. */
function ask(call) {
  // The binary reads the working directory from `call.cwd`; its own does not matter.
  const run = spawnSync(BINARY, [], { input: JSON.stringify(call), encoding: "utf8", timeout: TIMEOUT_MS })
  const allow = (why) => {
    console.error(`agent-hooks: ${BINARY} ${why}; the call is allowed`)
    return { action: "allow" }
  }
  if (run.error) return allow(run.error.code === "ENOENT" ? "not found" : `failed: ${run.error.message}`)
  if (run.status !== 0) return allow(`exited with ${run.status ?? run.signal}: ${run.stderr.trim()}`)
  // The binary's own diagnostics (a policy that failed to load, a fail-open) reach the user.
  if (run.stderr.trim()) console.error(run.stderr.trim())
  const stdout = run.stdout.trim()
  if (!stdout) return { action: "allow" }
  try {
    const answer = JSON.parse(stdout)
    return isObject(answer) ? answer : allow(`answered ${stdout.slice(0, 80)}`)
  } catch {
    return allow(`answered ${stdout.slice(0, 80)}`)
  }
}

/** Replace the arguments in place: OpenCode runs the tool with this very object. */
function replaceArgs(output, args) {
  if (!isObject(output.args)) {
    output.args = args
    return
  }
  for (const key of Object.keys(output.args)) delete output.args[key]
  Object.assign(output.args, args)
}

function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}
