//! Input shaped to hit the analyser's bounds rather than its rules: each limit asks, and text
//! that runs from inside an expansion the analyser does not compute is still judged (issue 15).

#[allow(unused_imports)]
use super::super::{Case, allow, ask, deny};

pub(crate) const CASES: &[Case] = &[
    // An empty group is a syntax error: what follows is not read as the shell reads it (fuzz:
    // `{ }<<}` took the next lines for a heredoc body).
    ask("opaque.syntax", "{ }<<}\nrm -rf ~\n}"),
    allow("{ ls; } <<EOF\nhello\nEOF"),
    // Found by the `shell` fuzz target: four bytes from the end of this name fall inside `ő`,
    // where the Windows name check cut it.
    allow("/\u{151}\u{151}q"),
    // A bad substitution that runs across lines is not read as the shell would (fuzz).
    ask("opaque.syntax", "echo ${HOME\nrm -rf ~\n}"),
    allow("echo ${HOME:-/root} ${PATH#*:}"),
    // A quote no line closes, with a cmd mark (`^`) before it (fuzz): cmd's reading joins the
    // lines and finds nothing, but only the PowerShell reading may decide a line bash cannot parse.
    ask("opaque.syntax", "~'^\nrm -rf ~"),
    // An unclosed backtick, which PowerShell reads as a line continuation, into no command; the
    // cmd reading then objects (fuzz).
    deny("rm.home", "-o\u{7}\0^pn`\nrm -rf ~"),
    // ... or into a name no program has, where the cmd reading objects too (fuzz).
    deny("rm.home", "z^2`\nrm -rf ~"),
    allow("npm run build; if ($LASTEXITCODE -ne 0) { exit 1 }; Write-Host ok"),
    // Substitutions inside expansions that are not computed still run: parameter operators,
    // arithmetic expansion and commands, array subscripts, C-style for loops.
    deny("rm.home", "echo ${x:-$(rm -rf ~)}"),
    deny("rm.home", "echo \"${x:=`rm -rf ~`}\""),
    deny("rm.home", "echo ${x/a/$(rm -rf ~)}"),
    deny("rm.home", "echo ${#x[$(rm -rf ~)]}"),
    deny("rm.home", "echo $(( $(rm -rf ~) + 1 ))"),
    deny("rm.home", "(( $(rm -rf ~) + 1 ))"),
    deny("rm.home", "(( x = `rm -rf ~` ))"),
    deny("rm.home", "for ((i=$(rm -rf ~); i<2; i++)); do :; done"),
    deny("rm.home", "echo ${x:-${y:-$(rm -rf ~)}}"),
    allow("echo ${HOME:-/tmp}"),
    allow("echo ${x:-$(date)}"),
    allow("echo ${x:-'rm -rf ~'} | wc -c"),
    // Inside double quotes, single quotes in the default are literal: the substitution runs.
    deny("rm.home", "echo \"${x:-'$(rm -rf ~)'}\""),
    allow("echo $(( $(wc -l < notes.txt) + 1 ))"),
    allow("(( n = $(ls | wc -l) ))"),
    allow("for ((i=0; i<3; i++)); do echo $i; done"),
    // `((` is arithmetic only when its first unmatched `)` is followed by another: otherwise
    // bash reads subshells (`((cmd); cmd)`), and sh and dash always do.
    deny("rm.home", "((rm -rf ~); true)"),
    deny("rm.home", "((rm -rf ~) )"),
    deny("rm.home", "((rm -rf ~))"),
    deny("rm.home", "(((rm -rf ~)))"),
    deny("rm.home", "sh -c '((rm -rf ~))'"),
    allow("(( x = 1 ))"),
    allow("((i++))"),
    allow("(( $# > 0 )) && echo yes"),
    allow("(( a < b )) || echo no"),
    allow("((count += 1))"),
    allow("(( x ? y : z ))"),
    // A FIFO or device where the guard reads a policy would hang or feed every hook call:
    // the guard refuses to read one, and does not let the agent make one.
    deny("guard.policy-not-a-file", "mkfifo .agent-hooks.toml"),
    deny("guard.policy-not-a-file", "mknod .agent-hooks.toml p"),
    deny("guard.policy-not-a-file", "mkfifo sub/dir/.agent-hooks.toml"),
    deny("guard.policy-not-a-file", "mkfifo ~/.config/agent-hooks/config.toml"),
    deny("guard.policy-not-a-file", "ln -sf /dev/zero .agent-hooks.toml"),
    allow("mkfifo /tmp/pipe"),
    allow("mkfifo \"$tmp/fifo\""),
    allow("mkfifo config.toml"),
    allow("ln -s /dev/null /tmp/devnull-link"),
];

/// Lines too long for the table: each bound the analyser hits asks under a rule of its own, with
/// the dangerous command after (or inside) the harmless bulk, and the same bulk alone is allowed
/// or asked, never silently allowed with the danger unseen.
#[test]
fn every_bound_asks() {
    use hook_core::decide::decide_shell;
    use hook_core::policy::Policy;
    use hook_core::shell::Dialect::Posix;
    use hook_core::verdict::Decision;

    let danger = "rm -rf ~";
    let shapes = [
        ("limit.commands", "true; ".repeat(10_001) + danger),
        ("limit.nesting", "{ ".repeat(60) + danger + &"; }".repeat(60)),
        ("limit.nesting", "if true; then ".repeat(60) + danger + &"; fi".repeat(60)),
        ("limit.depth", "eval ".repeat(20) + danger),
        ("limit.depth", "bash -c \"$(printf %s ".repeat(20) + "x" + &")\"".repeat(20)),
    ];
    let policy = Policy::default();
    let ctx = super::super::context();
    for (rule, line) in &shapes {
        let decision = decide_shell(line, Posix, &policy, &ctx);
        let head: String = line.chars().take(40).collect();
        match &decision.verdict.decision {
            Decision::Ask { rule: asked, .. } | Decision::Deny { rule: asked, .. } => {
                assert!(
                    asked == rule || asked.starts_with("rm."),
                    "{head:?}: expected {rule} (or the delete itself), got {asked}"
                );
            }
            other => panic!("{head:?}: expected an ask under {rule}, got {other:?}"),
        }
        assert!(decision.analysis.incomplete || matches!(decision.verdict.decision, Decision::Deny { .. }));
    }
    // Deep but within the bounds: seen, so the delete itself is denied.
    let subshells = "(".repeat(40) + danger + &")".repeat(40);
    let decision = decide_shell(&subshells, Posix, &policy, &ctx);
    assert!(
        matches!(&decision.verdict.decision, Decision::Deny { rule, .. } if rule == "rm.home"),
        "{:?}",
        decision.verdict
    );
    // Harmless bulk within the bounds stays allowed.
    for line in
        ["(".repeat(40) + "ls" + &")".repeat(40), "true; ".repeat(2_000) + "ls", "eval ".repeat(10) + "ls"]
    {
        let decision = decide_shell(&line, Posix, &policy, &ctx);
        assert!(matches!(decision.verdict.decision, Decision::Allow), "{:?}", decision.verdict);
    }
}
