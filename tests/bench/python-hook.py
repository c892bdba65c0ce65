"""The Python hook people write today, for `cargo xtask bench` to compare against: the same
rm -rf check as the deny case, as a regular expression over the raw command."""
import json
import re
import sys

event = json.load(sys.stdin)
command = event.get("tool_input", {}).get("command", "")
if re.search(r"(^|[;&|] *)(sudo +)?rm +-[a-zA-Z]*[rR][a-zA-Z]* +(/|~)", command):
    json.dump({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
               "permissionDecisionReason": "rm -rf of / or ~ is blocked"}}, sys.stdout)
