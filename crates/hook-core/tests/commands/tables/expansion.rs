//! Opaque text fed to an executor and expansion exactly as bash does it (issue 14, classes 1-2).

#[allow(unused_imports)]
use super::super::{Case, allow, ask, deny};

pub(crate) const CASES: &[Case] = &[
    // Tilde expansion: at the start of a word, and of an assignment value and after each `:`
    // in it; quoted tildes are literal directories named `~`.
    deny("rm.home", "x=~; rm -rf $x"),
    deny("rm.home", "x=~/; rm -rf \"$x\""),
    deny("rm.home", "export x=~; rm -rf $x"),
    deny("rm.home", "rm -rf $(echo ~)"),
    deny("rm.home", "rm -rf \"$(echo ~)\""),
    deny("rm.home", "rm -rf \"$(echo ~/)\""),
    allow("x=~/bin; ls $x"),
    allow("p=~/a:~/b; echo $p"),
    allow("rm -rf '~'"),
    allow("rm -rf \"~\""),
    allow("x='~'; rm -rf \"$x\""),
    allow("echo ~"),
    // Brace expansion in command names and arguments.
    deny("rm.home", "{rm,-rf,~}"),
    deny("rm.home", "r{m,} -rf ~"),
    deny("rm.home", "rm -{r,f} ~"),
    deny("rm.root", "rm -rf {/,build}"),
    allow("echo {a,b}"),
    allow("mkdir -p src/{a,b}/{1..3}"),
    allow("echo '{rm,-rf,~}'"),
    allow("cp file{,.bak}"),
    deny("rm.home", "{rm,-rf,{~,/tmp/x}}"),
    deny("rm.root", "rm -rf /{bin,usr}/.."),
    allow("rm -rf build/{a,b}"),
    allow("find . -name '*.o' -exec rm {} +"),
    allow("git log @{u}.."),
    allow("echo {1..5}"),
    ask("limit.size", "rm -rf {1..100000}"),
    ask("limit.size", "echo {a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}"),
    // Field splitting on IFS, as set by the line or its default.
    deny("rm.root", "rm${IFS}-rf${IFS}/"),
    deny("rm.home", "rm${IFS}-rf${IFS}$HOME"),
    deny("rm.root", "IFS=,; c=rm,-rf,/; $c"),
    deny("rm.root", "c='m -rf'; r$c /"),
    allow("c='rm -rf'; x$c /"),
    deny("rm.root", "a='-rf /'; rm $a"),
    allow("IFS=,; c='rm -rf /'; echo $c"),
    allow("echo a${IFS}b"),
    allow("c='ls -la'; $c"),
    allow("IFS=:; for d in $PATH; do ls $d; done"),
];
