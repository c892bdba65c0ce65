//! Script files a command runs (`bash clean.sh`, `python3 tool.py`, `./run.sh`, the
//! `package.json` scripts of `npm run clean`, the recipe of `make clean`): their text is judged
//! as if it were on the line, so that writing a command into a file first does not get it past
//! the guard.
//!
//! Only small files are read, and only those a command runs directly: a shell or an interpreter
//! given the file as its first operand, a path with a `#!` line naming one, the `package.json`
//! of a package manager's working directory, the makefile of `make`. A script file that the
//! same line writes first (`cat > x.sh <<EOF ... EOF; bash x.sh`) is read from the line, as
//! [`Written`].

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::name_filter::NameFilter;
use crate::project::Context;
use crate::shell::{RedirectOp, SimpleCommand, Stdin, Word};

use super::files::Access;

/// The files a command reads and writes (`file_access::accesses`, passed in so that the two
/// modules do not depend on each other).
pub(crate) type Accesses = for<'c> fn(&'c SimpleCommand) -> Vec<(Access, &'c Word, &'c str)>;

/// The directories a command fills with files it does not name (`file_access::fills`, passed
/// in for the same reason).
pub(crate) type Fills = for<'c> fn(&'c SimpleCommand) -> Vec<std::borrow::Cow<'c, str>>;

/// What a script a command runs holds, as far as the line lets the guard know.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Held {
    /// A command line that runs the same text.
    Line(String),
    /// The `RUN` lines of an image build: they change only the image, so what they delete
    /// or overwrite is the image's; what they read from the context or send out is not.
    Image(String),
    /// The line writes the file with text computed at run time, by this command.
    Unknown(String),
    /// A file in a temp directory that cannot be read (missing, compiled, too large): what
    /// runs there was put there by someone, and nobody has seen it.
    Unread,
    /// A program file named by a value the line does not fix (`awk -f "$F"`).
    Unnamed,
    /// Code the guard cannot judge, with the reason (a `build.rs` that runs programs).
    Opaque(String),
}

/// Files the line itself writes, with the text it gives them, in the order written.
#[derive(Debug, Default, Clone)]
pub(crate) struct Written {
    /// Each file with its text, or the name of the command that writes text the guard does
    /// not compute (`base64 -d > s`, `python3 gen.py > s.sh`, `sed -i … s.sh`).
    files: Vec<(PathBuf, Result<String, String>)>,
    /// For each of `files`, the command of the line that wrote it; `None` for a file the
    /// line that ran this script wrote, before it.
    writers: Vec<Option<usize>>,
    /// `package.json` scripts the line sets: `npm pkg set scripts.x="..."`.
    scripts: Vec<(String, String)>,
    /// Files the line downloads, with the address: they hold whatever the server sends.
    downloads: Vec<(PathBuf, String)>,
    /// A command of the line that writes files it does not name (`tar x`, `unzip`, `git
    /// apply`, `patch`): a script read from the disk may no longer be what runs.
    unpacker: Option<String>,
    /// Files whose text a script of the project computes (`python3 gen.py > src/x.py`): the
    /// project's own output, which a program may load as it loads the project's files.
    generated: Vec<PathBuf>,
    /// Directories a command of the line fills with files from elsewhere that it does not
    /// name (`git clone URL D`, `tar -x -C D`, `unzip -d D`), with that command and its index
    /// (`None` for the line that ran this script): every file under them is unseen text.
    filled: Vec<(PathBuf, String, Option<usize>)>,
    /// Programs a known compiler builds on the line from the project's sources
    /// ([`Written::project_build`]): run by their path, they are the project's code.
    built: Vec<PathBuf>,
    /// How many of [`Written::built`] were built before the last command that runs whatever
    /// became of the one before it (after `;` or `||`): of those, a file of the name may be
    /// an older one the build did not replace.
    built_before: usize,
    /// Whether the line runs a build generator (`cmake -B build`, `./configure`, `meson
    /// setup`), which writes makefiles from the project's own files into a new directory.
    generates: bool,
    /// For a file written with text the guard does not compute, the literal words of the
    /// commands that made it (`jq '.scripts.x="CMD"' package.json > p`, `sed -i 's/a/CMD/'
    /// Makefile`): the text they put there is among them.
    edits: Vec<(PathBuf, Vec<String>)>,
}

impl Written {
    /// What `commands` write to files with text the line fixes: `echo`/`printf` arguments and
    /// heredocs or here-strings given to `cat` or `tee`, redirected (or, for `tee`, given) to a
    /// file whose name is written out.
    pub(crate) fn by(commands: &[SimpleCommand], ctx: &Context, accesses: Accesses, fills: Fills) -> Self {
        let mut written = Self::default();
        for (index, command) in commands.iter().enumerate() {
            if command.sequenced {
                written.built_before = written.built.len();
            }
            // `gcc -o /tmp/t t.c; /tmp/t`: the build may have failed and left another program
            // there, which runs.
            if written.built_before > 0
                && let Some(program) = command.argv.first().filter(|w| w.text.contains('/'))
                && let Some(path) = named(program, &ctx.moved_to(command.cwd.as_ref()))
            {
                if let Some(at) = written.built[..written.built_before].iter().position(|p| *p == path) {
                    written.built.remove(at);
                    written.built_before -= 1;
                }
            }
            written.scripts.extend(scripts_set(command));
            if let Some((hook, text)) = husky_hook(command) {
                let here = ctx.moved_to(command.cwd.as_ref());
                written.files.push((here.cwd.join(hook), Ok(text)));
                written.writers.push(Some(index));
            }
            if written.unpacker.is_none() && unpacks(command) {
                written.unpacker = command.name().map(str::to_string);
            }
            written.generates |= command.name().is_some_and(|name| {
                matches!(
                    crate::shell::program_base(name),
                    "cmake" | "meson" | "qmake" | "configure" | "autogen.sh" | "gn" | "premake5" | "mkdir"
                )
            });
            for dir in fills(command) {
                let here = ctx.moved_to(command.cwd.as_ref());
                let filler = command.name().unwrap_or_default().to_string();
                written.filled.push((super::files::resolve(&dir, &here), filler, Some(index)));
            }
            // A file downloaded by the line holds what the server sends: running it is running
            // a remote script, as `curl URL | sh` is.
            if let Some((file, url)) = downloaded(command) {
                let here = ctx.moved_to(command.cwd.as_ref());
                written.downloads.push((place(&file, false, &here), url));
            }
            let redirected = command.redirects.iter().filter(|redirect| {
                matches!(redirect.op, RedirectOp::Write | RedirectOp::Append)
                    && matches!(redirect.fd, None | Some(1))
            });
            let here = ctx.moved_to(command.cwd.as_ref());
            let tee = command.name() == Some("tee");
            let mut known = Vec::new();
            // `mv p package.json`, `cp hook .husky/pre-commit`, `cp x.py json.py`: the file holds
            // what its source held, written by the line or read from the disk.
            if let Some((from, to)) = moved(command) {
                let stdin = crate::shell::names_stdin(&from.text);
                let (from, to) = (here.cwd.join(&from.text), here.cwd.join(to));
                {
                    let text = match written.text(&from) {
                        // `cp /dev/stdin x.sh <<< TEXT`: the text the line feeds it, never
                        // this process's own input.
                        _ if stdin => {
                            crate::shell::stdin_text(commands, index).ok_or_else(|| writer_of(command))
                        }
                        Some(text) => text.map(str::to_string).map_err(str::to_string),
                        None if from.starts_with("/dev") || from.starts_with("/proc") => {
                            Err(writer_of(command))
                        }
                        None => read_small(&from, MAX_SCRIPT_BYTES, false).ok_or_else(|| "cp".to_string()),
                    };
                    if let Some(words) = written.edits.iter().rev().find(|(file, _)| *file == from) {
                        written.edits.push((to.clone(), words.1.clone()));
                    }
                    written.files.push((to.clone(), text));
                    written.writers.push(Some(index));
                    known.push(to);
                }
            }
            // What the command prints, as the shell analysis computes it (`printf`, `echo -e`,
            // `base64 -d`), or a heredoc given to `cat`/`tee`.
            let computed = || printed(commands, index).or_else(|| text_written(command));
            if let Some(text) = (tee || redirected.clone().next().is_some()).then(computed).flatten() {
                let teed = tee.then(|| command.args().iter().filter(|w| !w.text.starts_with('-')));
                for target in
                    redirected.clone().map(|redirect| &redirect.target).chain(teed.into_iter().flatten())
                {
                    if let Some(path) = named(target, &here) {
                        let appended = command
                            .redirects
                            .iter()
                            .any(|r| r.op == RedirectOp::Append && std::ptr::eq(&r.target, target));
                        let text = match written.text(&path) {
                            Some(Ok(before)) if appended => Ok(format!("{before}{text}")),
                            Some(Err(writer)) if appended => Err(writer.to_string()),
                            _ => Ok(text.clone()),
                        };
                        written.files.push((path.clone(), text));
                        written.writers.push(Some(index));
                        known.push(path);
                    }
                }
            }
            // `dd of=x.sh <<< TEXT`, `sponge x.sh`: standard input copied to a file.
            // Text not known is left to the writes below, which keep the command's words.
            if let Some(to) = stdin_copied_to(command)
                && let Some(text) = crate::shell::stdin_text(commands, index)
            {
                let path = here.cwd.join(to);
                written.files.push((path.clone(), Ok(text)));
                written.writers.push(Some(index));
                known.push(path);
            }
            // A download to standard output redirected to a file (`curl URL > x.sh`).
            if let (Some("curl" | "wget"), Some(url)) =
                (command.name(), command.args().iter().find(|w| w.text.contains("://")))
            {
                for path in redirected.clone().filter_map(|redirect| named(&redirect.target, &here)) {
                    written.downloads.push((path, url.text.clone()));
                }
            }
            // Every other file the command writes holds text it computes at run time; a change
            // of mode, owner or times leaves the text as it was, and a deleted file holds none.
            let writer = command.name().unwrap_or("a command").to_string();
            if matches!(
                writer.as_str(),
                "chmod"
                    | "chown"
                    | "chgrp"
                    | "touch"
                    | "setfacl"
                    | "chattr"
                    | "chflags"
                    | "xattr"
                    | "rm"
                    | "rmdir"
                    | "unlink"
            ) {
                continue;
            }
            let mut generator = None;
            for (access, word, path) in accesses(command) {
                if word.dynamic && !word.home_only() {
                    // `jq … > "$tmp"`: kept by its spelling for a later `mv "$tmp" F`.
                    if access == Access::Write {
                        written.edits.push((here.cwd.join(&word.text), edit_words(commands, index)));
                    }
                    continue;
                }
                let path = place(path, word.dynamic || word.raw.starts_with('~'), &here);
                if access == Access::Write && !known.contains(&path) {
                    if written.project_build(command, &here) || written.screened_build(command, &here) {
                        written.built.push(path.clone());
                    }
                    if *generator.get_or_insert_with(|| written.project_generator(command, &here)) {
                        written.generated.push(path.clone());
                    }
                    written.edits.push((path.clone(), edit_words(commands, index)));
                    written.files.push((path, Err(writer.clone())));
                    written.writers.push(Some(index));
                }
            }
            written.rustc_output(command, index, &here);
        }
        written
    }

    /// `rustc m.rs` without `-o` writes the program `m` in its working directory, named for
    /// its first source (as a C compiler writes `a.out`).
    fn rustc_output(&mut self, command: &SimpleCommand, index: usize, here: &Context) {
        if command.name().map(crate::shell::program_base) != Some("rustc") {
            return;
        }
        let args = command.args();
        if args.iter().any(|a| {
            a.text.starts_with("-o") || a.text.starts_with("--emit") || a.text.starts_with("--crate-type")
        }) {
            return;
        }
        let Some(source) = args.iter().find(|a| !a.dynamic && a.text.ends_with(".rs")) else { return };
        let file = source.text.rsplit('/').next().unwrap_or_default();
        let stem = file.strip_suffix(".rs").unwrap_or(file);
        if stem.is_empty() {
            return;
        }
        let path = place(stem, false, here);
        if self.project_build(command, here) || self.screened_build(command, here) {
            self.built.push(path.clone());
        }
        self.files.push((path, Err("rustc".to_string())));
        self.writers.push(Some(index));
    }

    /// Whether `command` compiles only sources the line wrote, with text the guard knows
    /// and that holds none of what runs programs, deletes or writes files or reaches outside
    /// in its language (`echo 'int main(){puts("hi");}' > m.c && gcc m.c && ./a.out`): the
    /// program it makes does what that text says, which is nothing the rules judge.
    fn screened_build(&self, command: &SimpleCommand, here: &Context) -> bool {
        let Some(name) = command.name().map(crate::shell::program_base) else { return false };
        let calls = match name {
            "gcc" | "g++" | "cc" | "c++" | "clang" | "clang++" | "tcc" => super::loaded::C_CALLS,
            "rustc" => super::loaded::RUST_CALLS,
            _ => return false,
        };
        // Options that only tune the build; any other (a plugin, a wrapper, a linked library,
        // an include path) leaves the program's code to more than the sources.
        let tunes = |text: &str| {
            ["-O", "-g", "-W", "-std=", "--edition"].iter().any(|option| text.starts_with(option))
        };
        let mut sources = 0;
        let mut words = command.args().iter();
        while let Some(word) = words.next() {
            let text = word.text.as_str();
            if word.dynamic {
                return false;
            }
            if text == "-o" {
                words.next();
            } else if text.starts_with("-o") || tunes(text) {
                continue;
            } else if text.starts_with(['-', '@']) {
                return false;
            } else {
                match self.text(&place(text, false, here)) {
                    Some(Ok(source)) if !calls.iter().any(|call| source.contains(call)) => sources += 1,
                    _ => return false,
                }
            }
        }
        sources > 0
    }

    /// Whether `command` runs a script of the project that is on the disk and that the line
    /// has not touched, on nothing but words of the project: its output is the project's work,
    /// not text brought in from elsewhere (`python3 tools/cat.py /tmp/x` is).
    fn project_generator(&self, command: &SimpleCommand, here: &Context) -> bool {
        let script =
            script_operand(command).or_else(|| command.argv.first().filter(|w| w.text.contains('/')));
        let Some(script) = script.filter(|w| !w.dynamic) else { return false };
        let path = super::files::resolve(&script.text, here);
        let after = command.argv.iter().skip_while(|w| !std::ptr::eq(*w, script)).skip(1);
        let foreign = |w: &Word| {
            w.dynamic || w.text.starts_with(['/', '~']) || w.text.starts_with("..") || w.text.contains("://")
        };
        here.cwd_known
            && path.starts_with(&here.project_root)
            && !in_temp_dir(&path, here)
            && self.text(&path).is_none()
            && self.unpacker.is_none()
            && matches!(command.stdin, Stdin::Inherited)
            && !after.clone().any(foreign)
            && path.is_file()
    }

    /// Whether `command` is a known compiler building the project's own sources, which the
    /// line has not written (`gcc -o /tmp/t test.c`, `go build -o bin/api ./cmd/api`): the
    /// program it makes is the project's code, as what `make` builds is. Options that run
    /// another program or load a plugin, or sources from elsewhere, are not the project's.
    fn project_build(&self, command: &SimpleCommand, here: &Context) -> bool {
        /// Options whose value is a separate word.
        const VALUED: &[&str] = &["-o", "-I", "-L", "-l", "-D", "-U", "-x", "-MF", "-MT", "-std"];
        /// Options that run another program, load code into the compiler or swap its parts.
        const FOREIGN: &[&str] = &[
            "-B",
            "-wrapper",
            "-fplugin",
            "-specs",
            "--specs",
            "-toolexec",
            "-exec",
            "-overlay",
            "-Xclang",
            "@",
        ];
        let Some(name) = command.name() else { return false };
        let args = command.args();
        let compiles = match crate::shell::program_base(name) {
            "gcc" | "g++" | "cc" | "c++" | "clang" | "clang++" | "rustc" | "javac" | "tcc" => true,
            "go" => args.first().is_some_and(|w| w.text == "build"),
            _ => false,
        };
        // Source on standard input (`-x c - <<<'…'`) is the line's text, not the project's.
        let piped = !matches!(command.stdin, crate::shell::Stdin::Inherited | crate::shell::Stdin::File(_));
        if !compiles || !here.cwd_known || self.unpacker.is_some() || !command.assignments.is_empty() || piped
        {
            return false;
        }
        let mut words = args.iter().skip(usize::from(name == "go"));
        while let Some(word) = words.next() {
            let text = word.text.as_str();
            if word.dynamic || FOREIGN.iter().any(|option| text.starts_with(option)) {
                return false;
            }
            if VALUED.contains(&text) {
                words.next();
                continue;
            }
            if text == "-" {
                return false;
            }
            if text.starts_with('-') {
                continue;
            }
            let path = super::files::resolve(text, here);
            let foreign = text.starts_with(['/', '~']) || text.contains("..") || text.contains("://");
            if foreign || !path.starts_with(&here.project_root) || self.text(&path).is_some() {
                return false;
            }
        }
        true
    }

    /// Whether the line's own project script computed what `path` holds.
    pub(crate) fn generated(&self, path: &Path) -> bool {
        self.generated.iter().any(|file| file == path)
    }

    /// What a script's own commands write, after what the line that ran it wrote (`outer`).
    pub(crate) fn after(self, outer: Option<&Written>) -> Self {
        let Some(outer) = outer else { return self };
        let mut all = outer.clone();
        all.writers = vec![None; all.files.len()];
        all.files.extend(self.files);
        all.writers.extend(self.writers);
        all.scripts.extend(self.scripts);
        all.downloads.extend(self.downloads);
        all.edits.extend(self.edits);
        all.unpacker = all.unpacker.or(self.unpacker);
        all.generated.extend(self.generated);
        all.built.extend(self.built);
        all.filled.iter_mut().for_each(|(_, _, index)| *index = None);
        all.filled.extend(self.filled);
        all
    }

    /// The text the line last gave the `package.json` script `name`.
    fn script(&self, name: &str) -> Option<&str> {
        self.scripts.iter().rev().find(|(script, _)| script == name).map(|(_, text)| text.as_str())
    }

    /// The address the line downloaded `path` from.
    pub(crate) fn download(&self, path: &Path) -> Option<&str> {
        self.downloads.iter().rev().find(|(file, _)| file == path).map(|(_, url)| url.as_str())
    }

    /// The text `path` holds when a later command of the line runs it: what the line wrote
    /// there, else what `read` finds on the disk; `Err` with the command whose text the guard
    /// does not know, the one that wrote the file or one that unpacked or patched files before.
    fn contents(&self, path: &Path, read: impl FnOnce() -> Option<String>) -> Option<Result<String, String>> {
        match (self.text(path), self.unpacker.as_deref()) {
            (Some(Ok(text)), _) => Some(Ok(text.to_string())),
            (Some(Err(writer)), _) | (None, Some(writer)) => Some(Err(writer.to_string())),
            (None, None) => read().map(Ok),
        }
    }

    /// The text the line last wrote to `path`, or the command whose text it does not know.
    /// What the line leaves to run later, unasked: git hooks it writes (`.husky/`,
    /// `.githooks/`, `.git/hooks/`) and the package scripts it sets (`npm pkg set
    /// scripts.postinstall=…`), each named for the reason, with its text (or why it cannot be
    /// read).
    #[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
    pub(crate) fn runs_later(&self) -> Vec<(String, Result<String, String>)> {
        let mut later = Vec::new();
        for (path, text) in &self.files {
            let Some(kind) = runs_later_kind(path) else { continue };
            // A downloaded agent file is asked about below, as a download, not judged as an edit.
            if matches!(kind, Later::AgentCommand) && self.download(path).is_some() {
                continue;
            }
            let what = format!("{} `{}`", kind.describe(), path.display());
            if let Later::Loaded(code) = kind {
                later.extend(self.loaded_later(path, text, code, &what));
                continue;
            }
            match text {
                Ok(text) => later.extend(kind.lines(text).into_iter().map(|line| (what.clone(), Ok(line)))),
                // A project file edited with text the line computes is an everyday edit (a
                // version bumped with `jq`): the text the editing command gives is judged.
                // An agent command copied or downloaded whole, unread, is not an edit: its
                // shell escapes run when the command is next invoked.
                Err(_)
                    if kind.edited_often()
                        && !(matches!(kind, Later::AgentCommand)
                            && self.edits.iter().all(|(file, _)| file != path)) =>
                {
                    let words = self.edits.iter().rev().find(|(file, _)| file == path);
                    // An editor setting edited is judged only where the edit names one that
                    // runs a program (`jq '."python.defaultInterpreterPath"="/tmp/p"'`).
                    let words = words.filter(|(_, words)| {
                        !matches!(kind, Later::Settings)
                            || words.iter().any(|word| {
                                runs_program(word) || quoted_strings(word).iter().any(|key| runs_program(key))
                            })
                    });
                    let lines = words.map(|(_, words)| edited_lines(words)).unwrap_or_default();
                    later.extend(lines.into_iter().map(|line| (what.clone(), Ok(line))));
                }
                // A start-up file's unseen text is the file rules' to refuse (`~/.bashrc`), or
                // loaded by no shell (a project's `docker/.bashrc`).
                Err(_) if matches!(kind, Later::StartUp) => {}
                Err(writer) => later.push((what.clone(), Err(unknown(&what, writer)))),
            }
        }
        later.extend(self.agent_files_fetched());
        let scripts = self
            .scripts
            .iter()
            .map(|(name, text)| (format!("the package script `{name}`"), Ok(text.clone())));
        later.extend(scripts);
        later
    }

    /// The agent instruction, rule and command files the line downloads (`curl -o` into one)
    /// or fills from elsewhere (`git clone URL .claude/skills/x`): the agent reads what the
    /// server sends as the user's word, and runs a command file's shell escapes, unseen.
    fn agent_files_fetched(&self) -> Vec<(String, Result<String, String>)> {
        let agent_file = |path: &Path| {
            crate::rules::agent_instructions(&path.to_string_lossy())
                || matches!(runs_later_kind(path), Some(Later::AgentCommand))
        };
        let mut fetched: Vec<(&Path, &str)> = Vec::new();
        for (path, url) in &self.downloads {
            if agent_file(path) && fetched.iter().all(|(seen, _)| *seen != path.as_path()) {
                fetched.push((path, url));
            }
        }
        for (dir, filler, _) in &self.filled {
            if agent_dir(dir) {
                fetched.push((dir, filler));
            }
        }
        fetched
            .into_iter()
            .map(|(path, from)| {
                let what = format!("the agent instructions `{}`", path.display());
                let why = format!(
                    "{what} hold what the line fetches (`{from}`), which the guard cannot see and which the agent reads later as the user's word, running its commands"
                );
                (what, Err(why))
            })
            .collect()
    }

    /// What the code file `path` that a tool loads later runs: its text judged as its
    /// language's, a download as the remote script it is, an edit by the text it puts there.
    fn loaded_later(
        &self,
        path: &Path,
        text: &Result<String, String>,
        code: super::loaded::Code,
        what: &str,
    ) -> Vec<(String, Result<String, String>)> {
        let text = match text {
            Ok(text) => text.clone(),
            Err(_) if self.download(path).is_some() => {
                let url = self.download(path).unwrap_or_default();
                return vec![(what.to_string(), Ok(format!("curl -fsSL '{url}' | sh")))];
            }
            Err(_) => match self.edits.iter().rev().find(|(file, _)| file == path) {
                Some((_, words)) => edited_lines(words).join("\n"),
                None => return Vec::new(),
            },
        };
        match super::loaded::later_lines(code, &text) {
            Ok(lines) => lines.into_iter().map(|line| (what.to_string(), Ok(line))).collect(),
            Err(why) => vec![(
                what.to_string(),
                Err(format!("{what} is {why}, which runs later, unasked, when the tool that loads it runs")),
            )],
        }
    }

    /// The CI workflows the line writes that run a pull request's code with the repository's
    /// secrets ([`checks_out_untrusted`]).
    pub(crate) fn untrusted_checkouts(&self) -> Vec<String> {
        let pipeline = |path: &Path| matches!(runs_later_kind(path), Some(Later::Pipeline));
        self.files
            .iter()
            .filter(|(path, text)| {
                pipeline(path) && text.as_ref().is_ok_and(|text| checks_out_untrusted(text))
            })
            .map(|(path, _)| path.display().to_string())
            .collect()
    }

    /// The text a `sed` of the line puts in `path` by substitutions alone (`sed -i
    /// 's/a/b/' x.py` puts `b`), `None` when a command of another kind wrote it or the `sed`
    /// reads, writes or runs more than its substitutions (`1r FILE`, `e CMD`, the `e` flag).
    pub(crate) fn substituted(&self, path: &Path, writer: &str) -> Option<Vec<String>> {
        if writer != "sed" {
            return None;
        }
        let (_, words) = self.edits.iter().rev().find(|(file, _)| file == path)?;
        let substitution = |word: &str| {
            let Some(rest) = word.strip_prefix('s') else { return false };
            let Some(delimiter) = rest.chars().next().filter(|c| !c.is_alphanumeric() && *c != '\\') else {
                return false;
            };
            let flags = rest.rsplit(delimiter).next().unwrap_or_default();
            rest.matches(delimiter).count() == 3 && !flags.contains(['e', 'w', 'W'])
        };
        let command = |word: &str| {
            let command =
                word.trim_start_matches(|c: char| c.is_ascii_digit() || matches!(c, '$' | ',' | '/'));
            command.starts_with(['r', 'R', 'e', 'w', 'W'])
        };
        words.iter().all(|word| substitution(word) || !command(word)).then(|| edited_lines(words))
    }

    /// What the commands before command `index` wrote: what a script that command runs
    /// finds (and the line that ran this one wrote, all of which came before).
    pub(crate) fn before(&self, index: usize) -> Self {
        let mut before = self.clone();
        let kept: Vec<bool> =
            self.writers.iter().map(|writer| writer.is_none_or(|writer| writer < index)).collect();
        let mut keep = kept.iter();
        before.files.retain(|_| keep.next().copied().unwrap_or(true));
        before.writers.retain(|writer| writer.is_none_or(|writer| writer < index));
        before.filled.retain(|(_, _, writer)| writer.is_none_or(|writer| writer < index));
        before
    }

    /// Whether the line that ran this script wrote any file, or unpacked some.
    pub(crate) fn writes_any(&self) -> bool {
        !self.files.is_empty() || self.unpacker.is_some() || !self.filled.is_empty()
    }

    /// The command of the line that filled a directory holding `path` with files it does not
    /// name, if one did before command `index`.
    pub(crate) fn filler(&self, path: &Path, index: usize) -> Option<&str> {
        self.filled
            .iter()
            .rev()
            .filter(|(_, _, writer)| writer.is_none_or(|writer| writer < index))
            .find(|(dir, _, _)| path.starts_with(dir))
            .map(|(_, filler, _)| filler.as_str())
    }

    /// The command of the line that writes files it does not name (`tar x`, `unzip`, `git
    /// apply`), if one does.
    pub(crate) fn unpacker(&self) -> Option<&str> {
        self.unpacker.as_deref()
    }

    /// Every file the line writes before its command `index` runs, with its text or the
    /// command whose text is not computed.
    pub(crate) fn files_before(&self, index: usize) -> impl Iterator<Item = (&Path, Result<&str, &str>)> {
        self.files
            .iter()
            .zip(&self.writers)
            .filter(move |(_, writer)| writer.is_none_or(|writer| writer < index))
            .map(|((path, text), _)| (path.as_path(), text.as_deref().map_err(String::as_str)))
    }

    /// A file the line wrote, or one in a directory it filled (`git clone URL d`), whose text
    /// came from elsewhere.
    fn text(&self, path: &Path) -> Option<Result<&str, &str>> {
        let named = self.files.iter().rev().find(|(file, _)| file == path);
        match named {
            Some((_, text)) => Some(text.as_deref().map_err(String::as_str)),
            None => self
                .filled
                .iter()
                .rev()
                .find(|(dir, _, _)| path.starts_with(dir))
                .map(|(_, filler, _)| Err(filler.as_str())),
        }
    }
}

/// Whether `command` writes files it does not name: an archive extracted, a patch applied,
/// files checked out of another commit.
pub(crate) fn unpacks(command: &SimpleCommand) -> bool {
    let unpacker = matches!(
        command.name(),
        Some(
            "tar"
                | "gtar"
                | "bsdtar"
                | "unzip"
                | "patch"
                | "cpio"
                | "ar"
                | "bsdcpio"
                | "7z"
                | "7za"
                | "7zz"
                | "git"
        )
    );
    if !unpacker {
        return false;
    }
    let args: Vec<&str> = command.args().iter().map(|w| w.text.as_str()).collect();
    let short =
        |letter: char| args.iter().any(|a| a.starts_with('-') && !a.starts_with("--") && a.contains(letter));
    match command.name() {
        Some("tar" | "gtar" | "bsdtar") => {
            short('x')
                || args.iter().any(|a| *a == "--extract" || *a == "--get")
                || args.first().is_some_and(|a| !a.starts_with('-') && a.contains('x'))
        }
        Some("unzip" | "patch" | "cpio" | "ar" | "bsdcpio") => true,
        Some("7z" | "7za" | "7zz") => {
            args.iter().find(|a| !a.starts_with('-')).is_some_and(|a| matches!(*a, "x" | "e"))
        }
        Some("git") => match args.first() {
            Some(&("apply" | "am" | "restore" | "stash")) => true,
            Some(&"checkout") => args.contains(&"--"),
            _ => false,
        },
        _ => false,
    }
}

/// The package scripts `command` sets: `npm pkg set scripts.x=CMD` (any number of them),
/// `npm set-script x CMD` of older npm, `bun pm pkg set`, and composer's `composer config
/// scripts.x CMD` (its `composer.json` scripts, `post-install-cmd` run by `composer install`).
fn scripts_set(command: &SimpleCommand) -> Vec<(String, String)> {
    if !matches!(command.name(), Some("npm" | "pnpm" | "yarn" | "bun" | "composer")) {
        return Vec::new();
    }
    let texts: Vec<&str> = command.args().iter().map(|w| w.text.as_str()).collect();
    if command.name() == Some("composer") {
        // `composer config [-g] [--json] scripts.x CMD…`: several values make a list of commands.
        let operands: Vec<&str> = texts.iter().copied().filter(|w| !w.starts_with('-')).collect();
        return match operands.as_slice() {
            ["config", key, values @ ..] if !values.is_empty() => key
                .strip_prefix("scripts.")
                .map(|name| vec![(name.to_string(), values.join("\n"))])
                .unwrap_or_default(),
            _ => Vec::new(),
        };
    }
    match texts.as_slice() {
        ["pm", "pkg", "set", sets @ ..] | ["pkg", "set", sets @ ..] => sets
            .iter()
            .filter_map(|set| {
                let (key, value) = set.split_once('=')?;
                Some((key.strip_prefix("scripts.")?.to_string(), value.to_string()))
            })
            .collect(),
        ["set-script", name, value, ..] => vec![((*name).to_string(), (*value).to_string())],
        _ => Vec::new(),
    }
}

/// The hook file and command of husky's `husky add FILE CMD` and `husky set FILE CMD` (run by
/// `npx`, `pnpm exec`, `yarn`): the command is the hook's text.
fn husky_hook(command: &SimpleCommand) -> Option<(String, String)> {
    let argv = &command.argv;
    let at = argv
        .iter()
        .take(4)
        .position(|w| w.text.ends_with("husky") && crate::shell::program_base(&w.text) == "husky")?;
    match argv.get(at + 1..)? {
        [verb, file, text, ..] if matches!(verb.text.as_str(), "add" | "set") && !file.dynamic => {
            Some((file.text.clone(), text.text.clone()))
        }
        _ => None,
    }
}

/// A file that a tool runs later, unasked or on an everyday command, judged when the line
/// writes it.
#[derive(Clone, Copy)]
enum Later {
    /// A git hook (`.git/hooks/`, `.husky/`, `.githooks/`): shell text.
    Hook,
    /// `package.json`: its scripts, the lifecycle ones run by `npm install`; `composer.json`.
    Package,
    /// pip's `requirements*.txt`: each line a package `pip install -r` installs.
    Requirements,
    /// A makefile: its recipes, run by `make`.
    Makefile,
    /// An editor's or container's tasks (`.vscode/tasks.json` with `runOn: folderOpen`,
    /// `devcontainer.json`'s `postCreateCommand`), a git hook manager's configuration: every
    /// string in it may be a command.
    Automation,
    /// Python that `pytest` or `pip` loads unnamed: `conftest.py`, `setup.py`.
    Python,
    /// Python that every Python program loads: `sitecustomize.py`, `usercustomize.py` and a
    /// `.pth` file's `import` lines in a site directory.
    Site { pth: bool },
    /// A program in `node_modules/.bin`, which package scripts run by its name.
    PackageBin,
    /// A shell's start-up file or an `.envrc`: the commands its aliases run
    /// (`shell::startup`; its other lines are checked where it is written).
    StartUp,
    /// An editor's workspace settings (`.vscode/settings.json`, a `.code-workspace`): the
    /// terminal's environment and shells and the tools' program paths, run when the folder
    /// is opened.
    Settings,
    /// A CI pipeline (`.github/workflows/*.yml`, `.gitlab-ci.yml`, `.circleci/config.yml`,
    /// `azure-pipelines.yml`, `bitbucket-pipelines.yml`): its steps' shell text, run with the
    /// repository's secrets on the next push.
    Pipeline,
    /// Cargo's configuration (`.cargo/config.toml`): the indexes its sources and registries
    /// name, which the next build downloads and runs code from.
    CargoConfig,
    /// An agent's command or skill file (`.claude/commands/*.md`, a skill's `SKILL` file,
    /// OpenCode's `.opencode/command/*.md`, Gemini CLI's `.gemini/commands/*.toml`): the shell
    /// its `` !`cmd` `` (Gemini's `!{cmd}`) runs when the command is invoked.
    AgentCommand,
    /// Code a tool loads unnamed when it next runs (`prettier.config.js`, `.Rprofile`,
    /// `build.gradle`, `tox.ini`): judged as the code of its language (`super::loaded`).
    Loaded(super::loaded::Code),
}

impl Later {
    fn describe(self) -> &'static str {
        match self {
            Later::Hook => "the git hook",
            Later::Package => "the package scripts of",
            Later::Requirements => "the requirements of",
            Later::Makefile => "the recipes of",
            Later::Automation => "the commands of",
            Later::Python | Later::Site { .. } => "the Python code of",
            Later::PackageBin => "the package program",
            Later::Settings => "the programs and environment of",
            Later::StartUp => "the aliases of",
            Later::Pipeline => "the CI steps of",
            Later::CargoConfig => "the package sources of",
            Later::Loaded(_) => "the code a tool loads later from",
            Later::AgentCommand => "the shell commands of the agent command",
        }
    }

    /// Package files and makefiles are edited every day; the others hold nothing but what
    /// runs.
    fn edited_often(self) -> bool {
        matches!(
            self,
            Later::Package
                | Later::Requirements
                | Later::Makefile
                | Later::Python
                | Later::Settings
                | Later::Pipeline
                | Later::CargoConfig
                | Later::Loaded(_)
                | Later::AgentCommand
        )
    }

    /// The command lines `text` makes run.
    fn lines(self, text: &str) -> Vec<String> {
        match self {
            Later::Hook | Later::PackageBin => vec![text.to_string()],
            Later::Python | Later::Site { pth: false } => {
                vec![format!("python3 -c {}", crate::shell::quote(text))]
            }
            Later::Site { pth: true } => {
                let imports: Vec<&str> = text
                    .lines()
                    .filter(|line| line.starts_with("import ") || line.starts_with("import\t"))
                    .collect();
                if imports.is_empty() {
                    Vec::new()
                } else {
                    vec![format!("python3 -c {}", crate::shell::quote(&imports.join("\n")))]
                }
            }
            Later::Makefile => vec![crate::shell::make::Makefile::parse(text).everything().join("\n")],
            Later::Settings => settings_lines(text),
            Later::StartUp => {
                crate::shell::startup::later_commands(crate::shell::startup::StartUp::Shell, text)
            }
            Later::Pipeline => pipeline_lines(text),
            Later::CargoConfig => cargo_sources(text),
            Later::AgentCommand => agent_command_lines(text),
            // What the guard cannot read is asked about where the text is known
            // ([`Written::runs_later`]).
            Later::Loaded(code) => super::loaded::later_lines(code, text).unwrap_or_default(),
            Later::Package => match serde_json::from_str::<serde_json::Value>(text) {
                // composer's scripts may be lists of commands.
                Ok(json) => json
                    .get("scripts")
                    .and_then(serde_json::Value::as_object)
                    .map(|scripts| {
                        let mut lines = Vec::new();
                        for script in scripts.values() {
                            json_strings(script, &mut lines);
                        }
                        lines
                    })
                    .unwrap_or_default(),
                Err(_) => quoted_strings(text),
            },
            Later::Requirements => text
                .lines()
                .map(|line| line.split(" #").next().unwrap_or_default().trim())
                .filter(|line| !line.is_empty() && !line.starts_with('#'))
                .map(|line| format!("pip install {}", crate::shell::quote(line)))
                .collect(),
            Later::Automation => match serde_json::from_str::<serde_json::Value>(text) {
                Ok(json) => {
                    let mut strings = Vec::new();
                    json_strings(&json, &mut strings);
                    strings
                }
                // YAML and JSON with comments: quoted strings and the values of `key: value`.
                Err(_) => {
                    let mut strings = quoted_strings(text);
                    strings.extend(text.lines().filter_map(|line| {
                        let (_, value) = line.split_once(": ")?;
                        Some(value.trim().trim_matches(['"', '\'']).to_string())
                    }));
                    strings
                }
            },
        }
    }
}

/// Why a file that runs later is asked about when the line writes it with text the guard
/// cannot compute.
fn unknown(what: &str, writer: &str) -> String {
    format!(
        "{what} holds what `{writer}` writes to it on this line, which the guard cannot compute and which runs later, unasked"
    )
}

/// What kind of file that runs later `path` is, if it is one.
fn runs_later_kind(path: &Path) -> Option<Later> {
    let parts: Vec<_> = path.components().map(|c| c.as_os_str().to_string_lossy()).collect();
    let name = parts.last()?;
    let parent = parts.len().checked_sub(2).and_then(|at| parts.get(at)).map(|p| p.as_ref());
    if parts.iter().any(|part| part == ".husky" || part == ".githooks")
        || parts.windows(2).any(|pair| pair[0] == ".git" && pair[1] == "hooks")
    {
        return Some(Later::Hook);
    }
    // A dev container's scripts, which its `postCreateCommand` and the like run on open.
    if parent == Some(".devcontainer") && name.ends_with(".sh") {
        return Some(Later::Hook);
    }
    if parts.windows(2).any(|pair| pair[0] == "node_modules" && pair[1] == ".bin") {
        return Some(Later::PackageBin);
    }
    if agent_command_file(&parts) {
        return Some(Later::AgentCommand);
    }
    let in_site = parts.iter().any(|part| part == "site-packages" || part == "dist-packages");
    match (parent, name.as_ref()) {
        (_, "conftest.py" | "setup.py") => Some(Later::Python),
        (_, "sitecustomize.py" | "usercustomize.py") if in_site => Some(Later::Site { pth: false }),
        (_, file) if in_site && file.ends_with(".pth") => Some(Later::Site { pth: true }),
        // composer's `composer.json` scripts (`post-install-cmd`), run by `composer install`.
        (_, "package.json" | "composer.json") => Some(Later::Package),
        // pip's requirements: each line is what `pip install -r` installs, a VCS or URL
        // requirement running its setup code.
        (_, file) if file.starts_with("requirements") && file.ends_with(".txt") => Some(Later::Requirements),
        (
            _,
            ".bashrc" | ".zshrc" | ".bash_aliases" | ".profile" | ".bash_profile" | ".zprofile" | ".envrc",
        )
        | (Some("fish"), "config.fish") => Some(Later::StartUp),
        (_, "Makefile" | "makefile" | "GNUmakefile") => Some(Later::Makefile),
        (Some(".vscode"), "settings.json") => Some(Later::Settings),
        (Some("workflows"), file)
            if parts.iter().any(|p| matches!(p.as_ref(), ".github" | ".gitea" | ".forgejo"))
                && (file.ends_with(".yml") || file.ends_with(".yaml")) =>
        {
            Some(Later::Pipeline)
        }
        (Some(".circleci"), "config.yml" | "config.yaml")
        | (
            _,
            ".gitlab-ci.yml" | "azure-pipelines.yml" | "azure-pipelines.yaml" | "bitbucket-pipelines.yml",
        ) => Some(Later::Pipeline),
        (Some(".cargo"), "config.toml" | "config") => Some(Later::CargoConfig),
        (_, file) if file.ends_with(".code-workspace") => Some(Later::Settings),
        (Some(".vscode"), "tasks.json")
        | (_, ".devcontainer.json")
        | (_, "devcontainer.json")
        | (_, ".pre-commit-config.yaml" | "lefthook.yml" | ".lefthook.yml" | "lefthook.yaml")
        | (_, "Taskfile.yml" | "Taskfile.yaml" | "taskfile.yml" | ".lintstagedrc" | ".lintstagedrc.json")
        | (_, ".lintstagedrc.yml" | ".lintstagedrc.yaml")
        | (_, "lefthook.json" | ".lefthook.json" | "lefthook.toml" | ".lefthook.toml")
        | (_, "lefthook-local.yml" | ".lefthook-local.yml" | "lefthook-local.yaml")
        | (_, ".gitpod.yml" | ".gitpod.yaml") => Some(Later::Automation),
        (parent, file) => super::loaded::later_code(file, parent).map(Later::Loaded),
    }
}

/// Whether the path's parts name an agent's command, skill or subagent file, whose shell
/// escapes run when the agent invokes it.
fn agent_command_file(parts: &[std::borrow::Cow<'_, str>]) -> bool {
    let name = parts.last().map_or("", |name| name.as_ref());
    (name.ends_with(".md") || name.ends_with(".toml"))
        && parts.windows(2).any(|pair| {
            matches!(
                (pair[0].as_ref(), pair[1].as_ref()),
                (".claude", "commands" | "skills" | "agents")
                    | (".opencode", "command" | "commands" | "agent" | "agents")
                    | (".gemini", "commands")
            )
        })
}

/// Whether `dir` is, or is in, a directory of agent commands, skills or subagents
/// (`.claude/skills/x`).
fn agent_dir(dir: &Path) -> bool {
    let parts: Vec<_> = dir.components().map(|c| c.as_os_str().to_string_lossy()).collect();
    parts.windows(2).any(|pair| {
        matches!(
            (pair[0].as_ref(), pair[1].as_ref()),
            (".claude", "commands" | "skills" | "agents")
                | (".opencode", "command" | "commands" | "agent" | "agents")
                | (".gemini", "commands")
                | (".cursor", "rules" | "commands")
        )
    })
}

/// The shell an agent command file runs: each `` !`cmd` `` and `!{cmd}`, and a line that is a
/// `!` and a command (a Markdown image, `![alt](src)`, is none).
fn agent_command_lines(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if let Some(command) = trimmed.strip_prefix('!')
            && !command.starts_with(['`', '{', '['])
            && !command.trim().is_empty()
        {
            lines.push(command.to_string());
        }
        for (open, close) in [("!`", '`'), ("!{", '}')] {
            let mut rest = line;
            while let Some(at) = rest.find(open) {
                let after = &rest[at + open.len()..];
                let Some(end) = after.find(close) else { break };
                lines.push(after[..end].to_string());
                rest = &after[end + 1..];
            }
        }
    }
    lines
}

/// Whether an editor setting's key (or a word that spells it) makes the editor run a program
/// or set the environment of what it runs: the terminal's `env.*`, `profiles.*`, `shell.*`,
/// `shellArgs.*` and `automationProfile.*`, a tool's `*.path`/`*executablePath`/
/// `*InterpreterPath`, `go.alternateTools`.
fn runs_program(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    [
        "terminal.integrated.env",
        "terminal.integrated.profiles",
        "terminal.integrated.shell",
        "terminal.integrated.automationprofile",
        "alternatetools",
    ]
    .iter()
    .any(|part| key.contains(part))
        || [".path", "executablepath", "interpreterpath", "pythonpath", "nodepath"]
            .iter()
            .any(|end| key.ends_with(end))
}

/// The command lines an editor's settings make run: each program a setting names (`"python.
/// defaultInterpreterPath": "/tmp/p"` runs `/tmp/p`) and each variable of the terminal's
/// environment, as an assignment before a command (`LD_PRELOAD=/tmp/x.so true`). Comments and
/// trailing commas (JSON with comments) are read past; `${workspaceFolder}` is the project.
/// A `.code-workspace` file's tasks are commands too.
fn settings_lines(text: &str) -> Vec<String> {
    let json = serde_json::from_str::<serde_json::Value>(text).or_else(|_| {
        let lines: Vec<&str> = text.lines().filter(|line| !line.trim_start().starts_with("//")).collect();
        let squeezed = lines.join(" ").split_whitespace().collect::<Vec<_>>().join(" ");
        let cleaned =
            squeezed.replace(", }", " }").replace(",}", "}").replace(", ]", " ]").replace(",]", "]");
        serde_json::from_str(&cleaned)
    });
    let Ok(json) = json else { return Vec::new() };
    let program = |text: &str| {
        let text =
            text.replace("${workspaceFolder}", ".").replace("${userHome}", "~").replace("${env:HOME}", "~");
        crate::shell::quote(&text)
    };
    let mut lines = Vec::new();
    // A workspace file's `tasks` are a `tasks.json` of its own (`runOn: folderOpen` runs
    // one when the workspace opens): every string may be a command, as there.
    if let Some(tasks) = json.get("tasks") {
        json_strings(tasks, &mut lines);
    }
    let mut settings = vec![&json];
    settings.extend(json.get("settings"));
    for (key, value) in settings.iter().filter_map(|s| s.as_object()).flatten() {
        if !runs_program(key) {
            continue;
        }
        let mut strings = Vec::new();
        json_strings(value, &mut strings);
        // The shell's arguments (`"shellArgs.linux": ["-c", "curl x|sh"]`) and a profile's
        // `path` with its `args` are one command line, not programs each.
        let quoted = |args: &serde_json::Value| -> Vec<String> {
            args.as_array()
                .into_iter()
                .flatten()
                .filter_map(|a| Some(crate::shell::quote(a.as_str()?)))
                .collect()
        };
        if key.to_ascii_lowercase().starts_with("terminal.integrated.shellargs") {
            lines.push(format!("sh {}", quoted(value).join(" ")));
            continue;
        }
        let mut profiles = vec![value];
        profiles.extend(value.as_object().into_iter().flat_map(|map| map.values()));
        let launched: Vec<String> = profiles
            .iter()
            .filter_map(|profile| {
                let path = profile.get("path")?;
                let path = path.as_str().or_else(|| path.as_array()?.first()?.as_str())?;
                let args = profile.get("args").map(quoted).unwrap_or_default();
                Some(format!("{} {}", program(path), args.join(" ")).trim_end().to_string())
            })
            .collect();
        if !launched.is_empty() {
            lines.extend(launched);
            continue;
        }
        if key.starts_with("terminal.integrated.env") {
            let variables = value.as_object().into_iter().flatten();
            lines.extend(
                variables
                    .filter_map(|(name, value)| Some(format!("{name}={} true", program(value.as_str()?)))),
            );
        } else {
            lines.extend(strings.iter().map(|text| program(text)));
        }
    }
    lines
}

/// The keys whose value is a CI step's shell text: GitHub's `run`, GitLab's and the others'
/// `script` lists, CircleCI's `run`/`command`, Azure's `bash`/`pwsh`/`powershell`.
const STEP_KEYS: &[&str] = &[
    "run",
    "script",
    "before_script",
    "after_script",
    "command",
    "bash",
    "pwsh",
    "powershell",
    "inlineScript",
];

/// The shell lines of a CI pipeline's steps. A secret the runner puts in the text
/// (`${{ secrets.NAME }}`, `${{ toJSON(secrets) }}`) reads as the variable `$NAME_TOKEN`, so
/// that sending it is judged as sending a token is; another `${{ … }}` is a value known at
/// run time.
fn pipeline_lines(text: &str) -> Vec<String> {
    fn walk(node: &super::yaml::Node, lines: &mut Vec<String>) {
        for (key, value) in node.entries() {
            if STEP_KEYS.contains(&key.as_str()) {
                lines.extend(value.items().into_iter().filter_map(|item| item.text().map(str::to_string)));
            }
            walk(value, lines);
        }
        if let super::yaml::Node::List(items) = node {
            items.iter().for_each(|item| walk(item, lines));
        }
    }
    let doc = super::yaml::parse(text);
    let mut lines = Vec::new();
    walk(&doc, &mut lines);
    lines.into_iter().map(|line| runner_expressions(&line)).collect()
}

/// Whether a workflow runs on `pull_request_target` (with the repository's secrets and a
/// token that can write) and checks out the pull request's own code, which then runs with
/// them: a stranger's code given the keys.
fn checks_out_untrusted(text: &str) -> bool {
    text.contains("pull_request_target")
        && ["github.event.pull_request.head.", "github.head_ref", "refs/pull/"]
            .iter()
            .any(|r| text.contains(r))
}

/// `line` with each `${{ … }}` of a CI runner replaced by the shell value it stands for. The
/// runner puts its text in before the shell reads the line, quotes or not: inside single
/// quotes the value is spelled out of them (`'"${X}"'`).
fn runner_expressions(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let (mut single, mut double) = (false, false);
    let mut rest = line;
    while !rest.is_empty() {
        if rest.starts_with("${{")
            && let Some(end) = rest.find("}}")
        {
            let expression = rest[3..end].trim();
            let variable = match expression.strip_prefix("secrets.") {
                Some(name) => {
                    let name: String =
                        name.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                    format!("${{{}_TOKEN}}", name.to_ascii_uppercase())
                }
                None if expression.contains("secrets") => "${ALL_SECRETS_TOKEN}".to_string(),
                None => "${CI_VALUE}".to_string(),
            };
            match single {
                true => out.push_str(&format!("'\"{variable}\"'")),
                false => out.push_str(&variable),
            }
            rest = &rest[end + 2..];
            continue;
        }
        let Some(c) = rest.chars().next() else { break };
        match c {
            // An escaped character is taken as is, with the backslash.
            '\\' if !single && rest.len() > 1 => {
                let next = rest[1..].chars().next().map_or(0, char::len_utf8);
                out.push_str(&rest[..1 + next]);
                rest = &rest[1 + next..];
                continue;
            }
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            _ => {}
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// For each index a cargo configuration names (`[source.m] registry = URL`, `[registries.x]
/// index = URL`, `[registry] index`), the `cargo --config` line that sets it.
fn cargo_sources(text: &str) -> Vec<String> {
    let Ok(table) = text.parse::<toml::Table>() else { return Vec::new() };
    let mut lines = Vec::new();
    for section in ["source", "registries"] {
        let entries = table.get(section).and_then(toml::Value::as_table).into_iter().flatten();
        for (name, entry) in entries {
            for (key, value) in entry.as_table().into_iter().flatten() {
                if let Some(value) = value.as_str() {
                    let setting = format!("{section}.{name}.{key}={value}");
                    lines.push(format!("cargo --config {}", crate::shell::quote(&setting)));
                }
            }
        }
    }
    if let Some(index) = table.get("registry").and_then(|r| r.get("index")).and_then(toml::Value::as_str) {
        lines.push(format!("cargo --config {}", crate::shell::quote(&format!("registry.index={index}"))));
    }
    lines
}

/// Every string in a JSON document.
fn json_strings(value: &serde_json::Value, strings: &mut Vec<String>) {
    match value {
        serde_json::Value::String(text) => strings.push(text.clone()),
        serde_json::Value::Array(items) => items.iter().for_each(|item| json_strings(item, strings)),
        serde_json::Value::Object(map) => map.values().for_each(|item| json_strings(item, strings)),
        _ => {}
    }
}

/// The double-quoted strings in `text` (`.scripts.x="curl …|sh"` gives `curl …|sh`).
fn quoted_strings(text: &str) -> Vec<String> {
    let mut strings = Vec::new();
    let mut chars = text.chars();
    while chars.any(|c| c == '"') {
        // A JSON or jq string: its escapes stand for the text the file gets (`\"` a quote).
        let mut string = String::new();
        while let Some(c) = chars.next() {
            match c {
                '"' => break,
                '\\' => match chars.next() {
                    Some('n') => string.push('\n'),
                    Some('t') => string.push('\t'),
                    Some(escaped @ ('"' | '\\' | '/')) => string.push(escaped),
                    Some(other) => {
                        string.push('\\');
                        string.push(other);
                    }
                    None => string.push('\\'),
                },
                _ => string.push(c),
            }
        }
        strings.push(string);
    }
    strings
}

/// The literal words of the command at `index` that writes a file with text the guard does not
/// compute, and of the command piping into it (`jq … | sponge package.json`).
fn edit_words(commands: &[SimpleCommand], index: usize) -> Vec<String> {
    let command = &commands[index];
    let feeder = match command.stdin {
        Stdin::Pipe { from: Some(from) } => commands.get(from),
        _ => None,
    };
    let words: Vec<&Word> =
        command.args().iter().chain(feeder.into_iter().flat_map(|c| c.args().iter())).collect();
    let mut kept = Vec::new();
    for (at, word) in words.iter().enumerate() {
        if word.dynamic {
            continue;
        }
        // `jq --arg s CMD '.scripts.x=$s'`, `dasel put -v CMD`: a value given raw, which
        // the filter puts in the file; kept as the string it becomes.
        let raw_value = at >= 2 && words[at - 2].text == "--arg"
            || at >= 1 && matches!(words[at - 1].text.as_str(), "-v" | "--value");
        if raw_value {
            kept.push(format!("\"{}\"", word.text.replace('\\', "\\\\").replace('"', "\\\"")));
        } else if !word.text.starts_with('-') {
            kept.push(word.text.clone());
        }
    }
    kept
}

/// The text an editing command puts in a file, among its words: the double-quoted strings
/// with their escapes read (`jq '.scripts.x="CMD"'`), and the replacement of a `sed` substitution, line by line.
fn edited_lines(words: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    for word in words {
        let parts: Vec<&str> = word
            .strip_prefix('s')
            .and_then(|rest| {
                let delimiter = rest.chars().next().filter(|c| !c.is_alphanumeric() && *c != '\\')?;
                Some(rest[delimiter.len_utf8()..].splitn(3, delimiter).collect())
            })
            .unwrap_or_default();
        // A substitution puts its replacement in the file, never its pattern (`".*"` is no
        // command of `s/"version": ".*"/"version": "1.2.0"/`).
        lines.extend(quoted_strings(parts.get(1).filter(|_| parts.len() == 3).unwrap_or(&word.as_str())));
        if let [_, replacement, _] = parts.as_slice() {
            lines.extend(
                replacement.replace("\\n", "\n").replace("\\t", "\t").lines().map(|l| l.trim().to_string()),
            );
        }
    }
    lines.retain(|line| !line.is_empty());
    lines
}

/// The source and destination of `mv SRC DST`, `cp SRC DST`, `install [-m MODE] SRC DST`, a
/// local `rsync SRC DST` and `cat SRC > DST`: the destination holds what the source held. A
/// source known only at run time (`mv "$tmp" package.json`) is matched by its spelling.
pub(crate) fn moved(command: &SimpleCommand) -> Option<(&Word, &str)> {
    let name = command.name()?;
    if !matches!(name, "mv" | "cp" | "install" | "rsync" | "cat") {
        return None;
    }
    // `install -m 644 p package.json`: the values of its options are not operands.
    let valued: &[&str] =
        if name == "install" { &["-m", "--mode", "-o", "--owner", "-g", "--group"] } else { &[] };
    let mut operands: Vec<&Word> = Vec::new();
    let mut words = command.args().iter();
    while let Some(word) = words.next() {
        if valued.contains(&word.text.as_str()) {
            words.next();
        } else if !word.text.starts_with('-') {
            operands.push(word);
        }
    }
    if name == "cat" {
        let target =
            command.redirects.iter().find(|r| r.op == RedirectOp::Write && matches!(r.fd, None | Some(1)));
        return match (operands.as_slice(), target) {
            ([from], Some(to)) if !to.target.dynamic => Some((*from, to.target.text.as_str())),
            _ => None,
        };
    }
    match operands.as_slice() {
        // `rsync p host:package.json` copies to another machine.
        [from, to] if name == "rsync" && (from.text.contains(':') || to.text.contains(':')) => None,
        [from, to] if !to.dynamic => Some((*from, to.text.as_str())),
        _ => None,
    }
}

/// Whether `command` may leave something to run later that [`Written::runs_later`] finds: a
/// word naming a hooks directory, a package file, a makefile, an automation file, an editor's
/// settings, an agent's command file, Python that pytest, pip or every Python loads, a build
/// file (CMake's, cargo's `build.rs`), a package's program, or a package script it sets. Only
/// the names are looked at, so that most lines pay nothing for
/// the question.
pub(crate) fn may_write_later(command: &SimpleCommand) -> bool {
    const NAMES: &[&str] = &[
        ".husky",
        ".githooks",
        "hooks/",
        "package.json",
        "composer.json",
        "requirements",
        "Brewfile",
        "akefile",
        "tasks.json",
        "settings.json",
        ".code-workspace",
        "devcontainer",
        ".pre-commit-config",
        "lefthook",
        ".gitpod.y",
        "workflows/",
        ".gitlab-ci",
        ".circleci",
        "pipelines.y",
        ".cargo/",
        "conftest.py",
        "setup.py",
        "customize.py",
        ".pth",
        ".bin/",
        ".bashrc",
        ".zshrc",
        "_aliases",
        ".profile",
        "_profile",
        "config.fish",
        ".envrc",
        ".config.",
        ".conf.",
        ".eslintrc",
        ".prettierrc",
        ".babelrc",
        ".mocharc",
        "Rprofile",
        "build.jl",
        ".gradle",
        "pom.xml",
        "pyproject.toml",
        "noxfile",
        "hatch_build",
        "fabfile",
        "dodo.py",
        "tox.ini",
        "Cargo.toml",
        ".npmrc",
        ".yarnrc",
        ".pnpmfile",
        "Gemfile",
        "gems.rb",
        "ustfile",
        "askfile",
        ".lintstagedrc",
        "ulpfile",
        "runtfile",
        // Agent command, skill and subagent files (`.claude/commands/`, `.gemini/commands/`),
        // and the instruction files agents read (named for an agent, `.cursor/rules/`).
        "commands/",
        "skills/",
        "agents/",
        "command/",
        ".claude",
        ".gemini",
        ".opencode",
        "CLAUDE.",
        "claude.md",
        "AGENT",
        "agents.md",
        "GEMINI.md",
        "gemini.md",
        ".cursor",
        "rules/",
        "windsurfrules",
        "clinerules",
        "instructions.md",
        ".prompt.md",
        "CMakeLists",
        ".cmake",
        "build.rs",
        "gemrc",
    ];
    // Every word of every command passes here: one scan for the names' first two bytes (a
    // bit per pair, made at compile time) instead of a substring search per name.
    const PAIRS: [u128; 128] = {
        let mut pairs = [0u128; 128];
        let mut at = 0;
        while at < NAMES.len() {
            let name = NAMES[at].as_bytes();
            pairs[(name[0] & 0x7f) as usize] |= 1 << (name[1] & 0x7f);
            at += 1;
        }
        pairs
    };
    // And for a pair that passes, only the names that start with its first byte are tried (a
    // bit per name): trying all of them cost more than the rest of the judgement of a command.
    const STARTING: [u128; 128] = {
        assert!(NAMES.len() <= 128, "a name's bit must fit in a u128");
        let mut starting = [0u128; 128];
        let mut at = 0;
        while at < NAMES.len() {
            starting[(NAMES[at].as_bytes()[0] & 0x7f) as usize] |= 1 << at;
            at += 1;
        }
        starting
    };
    let names = |text: &str| {
        let bytes = text.as_bytes();
        bytes.windows(2).enumerate().any(|(at, pair)| {
            if pair[0] >= 0x80 || pair[1] >= 0x80 || PAIRS[usize::from(pair[0])] & 1 << pair[1] == 0 {
                return false;
            }
            let mut candidates = STARTING[usize::from(pair[0])];
            while candidates != 0 {
                let name = NAMES[candidates.trailing_zeros() as usize];
                if bytes[at..].starts_with(name.as_bytes()) {
                    return true;
                }
                candidates &= candidates - 1;
            }
            false
        })
    };
    command
        .redirects
        .iter()
        .any(|r| matches!(r.op, RedirectOp::Write | RedirectOp::Append) && names(&r.target.text))
        || command.args().iter().any(|w| names(&w.text))
        || !scripts_set(command).is_empty()
        || husky_hook(command).is_some()
}

/// The file a downloader writes and the address it fetches: `curl -o F URL`, `curl -O URL`,
/// `wget -O F URL`, `wget URL` (the address's last component, below `-P DIR`), the address
/// also written without its scheme (`wget x.example/x.sh`).
fn downloaded(command: &SimpleCommand) -> Option<(String, String)> {
    let name = command.name()?;
    if !matches!(name, "curl" | "wget") {
        return other_downloaded(name, command.args()).or_else(|| windows_downloaded(name, command.args()));
    }
    let args = command.args();
    let url = match args.iter().find(|w| w.text.contains("://")) {
        Some(url) => url.text.clone(),
        // `curl -O x.example/x.sh`: both clients take a host without a scheme as http's.
        None => crate::rules::operands(args, crate::rules::http_valued(name))
            .find(|w| w.contains('/') && !w.starts_with(['/', '.', '~', '@']))?
            .to_string(),
    };
    let last =
        url.split(['?', '#']).next().unwrap_or_default().rsplit('/').next().unwrap_or_default().to_string();
    let mut file = None;
    let mut directory = None;
    for (at, arg) in args.iter().enumerate() {
        let text = arg.text.as_str();
        let value = || args.get(at + 1).map(|w| w.text.clone());
        match (name, text) {
            ("curl", "-o" | "--output") | ("wget", "-O" | "--output-document") => file = value(),
            ("curl", "-O" | "--remote-name") => file = Some(last.clone()),
            ("wget", "-P" | "--directory-prefix") => directory = value(),
            _ if name == "wget" && text.starts_with("--directory-prefix=") => {
                directory = text.split_once('=').map(|(_, d)| d.to_string());
            }
            _ if text.starts_with("--output=") || text.starts_with("--output-document=") => {
                file = text.split_once('=').map(|(_, f)| f.to_string());
            }
            // A cluster of short options: `-fsSLO`, `-sSLo out.sh`, `-qO- `, `-qOout.py`.
            _ if text.starts_with('-') && !text.starts_with("--") => {
                let cluster = &text[1..];
                let output = if name == "curl" { 'o' } else { 'O' };
                if let Some(at) = cluster.find(output) {
                    let attached = &cluster[at + 1..];
                    file = if attached.is_empty() { value() } else { Some(attached.to_string()) };
                } else if name == "curl" && cluster.contains('O') {
                    file = Some(last.clone());
                }
            }
            _ => {}
        }
    }
    // `curl URL > FILE`, `wget -qO- URL > FILE`: what it prints is what the file holds.
    if name == "curl" && file.is_none() || file.as_deref() == Some("-") {
        let printed_to = command.redirects.iter().rev().find(|redirect| {
            matches!(redirect.op, RedirectOp::Write | RedirectOp::Append)
                && matches!(redirect.fd, None | Some(1))
        });
        if let Some(redirect) = printed_to.filter(|r| !r.target.dynamic) {
            file = Some(redirect.target.text.clone());
        }
    }
    if name == "wget" && file.is_none() {
        file = Some(match directory {
            Some(directory) => format!("{}/{last}", directory.trim_end_matches('/')),
            None => last,
        });
    }
    file.filter(|file| !file.is_empty() && file != "-").map(|file| (file, url))
}

/// The file another downloader writes and what it fetches: `aria2c URL` (`-o F`, `-d DIR`),
/// `axel URL` (`-o F`), BSD `fetch URL` (`-o F`), `wcurl URL`, `lwp-download URL [F]`, a
/// GitHub release's asset (`gh release download TAG -O F`), an
/// HTTPie or xh download (`http --download URL`, `xh -d URL -o F`), lftp's `get`/`pget`
/// (`lftp -c 'get URL -o F'`), and a copy from another host (`scp h:x .`, `rsync h:x ./y`,
/// `sftp h:x`). A name known only by checking the disk (`scp h:x dir`) is taken as the file.
fn other_downloaded(name: &str, args: &[Word]) -> Option<(String, String)> {
    let last_of = |url: &str| {
        let path = url.split(['?', '#']).next().unwrap_or_default();
        let path = path.rsplit_once(':').filter(|(_, p)| !p.starts_with("//")).map_or(path, |(_, p)| p);
        path.trim_end_matches('/').rsplit('/').next().unwrap_or_default().to_string()
    };
    let value = |options: &[&str], long: &str| {
        args.iter().enumerate().find_map(|(at, w)| {
            if options.contains(&w.text.as_str()) {
                args.get(at + 1).map(|w| w.text.clone())
            } else {
                w.text.strip_prefix(long).and_then(|v| v.strip_prefix('=')).map(str::to_string)
            }
        })
    };
    let url_like = |w: &&str| w.contains("://") || w.contains('/') && !w.starts_with(['/', '.', '~', '@']);
    let in_dir = |dir: Option<String>, file: String| match dir {
        Some(dir) => format!("{}/{file}", dir.trim_end_matches('/')),
        None => file,
    };
    let found = match name {
        "aria2c" | "axel" | "fetch" | "wcurl" | "lwp-download" => {
            let valued: &[&str] = match name {
                "aria2c" => &["-o", "-d", "-x", "-s", "-j", "-k", "-i", "-l", "-t", "--out", "--dir"],
                "axel" => &["-o", "-n", "-s", "-H", "-U", "-T", "--output"],
                "fetch" => &["-o", "-B", "-N", "-S", "-T", "--output"],
                _ => &["-o", "--output"],
            };
            let mut operands = crate::rules::operands(args, valued);
            let url = operands.find(url_like)?.to_string();
            let file = match name {
                "lwp-download" => operands.next().map(str::to_string),
                "aria2c" => value(&["-o"], "--out"),
                _ => value(&["-o"], "--output"),
            };
            let dir = if name == "aria2c" { value(&["-d"], "--dir") } else { None };
            (in_dir(dir, file.unwrap_or_else(|| last_of(&url))), url)
        }
        "http" | "https" | "xh" | "xhs" => {
            let download = args.iter().any(|w| {
                w.text == "--download"
                    || w.text.starts_with('-') && !w.text.starts_with("--") && w.text.contains('d')
            });
            if !download {
                return None;
            }
            let url = crate::rules::operands(args, &["-o", "--output", "-a", "--auth", "-A"])
                .find(|w| !w.chars().all(|c| c.is_ascii_uppercase()))?
                .to_string();
            (value(&["-o"], "--output").unwrap_or_else(|| last_of(&url)), url)
        }
        // `gh release download TAG -O F`: a release's asset.
        "gh" if args.len() > 2 && args[0].text == "release" && args[1].text == "download" => (
            value(&["-O"], "--output")?,
            format!("the release asset of `gh release download {}`", args[2].text),
        ),
        "lftp" => {
            let at = args.iter().position(|w| matches!(w.text.as_str(), "-c" | "-e"))?;
            let script = args[at + 1..].iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" ");
            script.split([';', '&', '|', '\n']).find_map(|step| {
                let words: Vec<&str> = step.split_whitespace().collect();
                let (verb, rest) = words.split_first()?;
                if !matches!(*verb, "get" | "get1" | "pget" | "mget") {
                    return None;
                }
                let mut operands = rest.iter().enumerate().filter(|(at, w)| {
                    !(w.starts_with('-') || *at > 0 && matches!(rest[at - 1], "-o" | "-O" | "-n"))
                });
                let url = operands.next()?.1.to_string();
                let file = rest.iter().position(|w| *w == "-o").and_then(|at| rest.get(at + 1));
                let dir = rest.iter().position(|w| *w == "-O").and_then(|at| rest.get(at + 1));
                let file = file.map_or_else(|| last_of(&url), |f| f.to_string());
                Some((in_dir(dir.map(|d| d.to_string()), file), url))
            })?
        }
        "scp" | "rsync" | "sftp" => {
            let valued: &[&str] = match name {
                "scp" => &["-P", "-i", "-o", "-F", "-c", "-l", "-S", "-J", "-D", "-X"],
                "rsync" => &["-e", "--rsh", "-f", "--filter", "--exclude", "--include", "-T", "--port"],
                _ => &["-P", "-i", "-o", "-F", "-c", "-l", "-S", "-J", "-D", "-b", "-B", "-R", "-s"],
            };
            let operands: Vec<&str> = crate::rules::operands(args, valued).collect();
            let remote = |w: &str| {
                w.starts_with("rsync://")
                    || w.starts_with("scp://")
                    || w.starts_with("sftp://")
                    || w.split_once(':').is_some_and(|(host, _)| !host.is_empty() && !host.contains('/'))
            };
            let (source, dest) = match (name, operands.as_slice()) {
                ("sftp", [source]) => (*source, "."),
                ("sftp", [source, dest]) => (*source, *dest),
                (_, [sources @ .., dest]) if !sources.is_empty() && !remote(dest) => {
                    (*sources.iter().find(|s| remote(s))?, *dest)
                }
                _ => return None,
            };
            if !remote(source) {
                return None;
            }
            let directory = matches!(dest, "." | ".." | "~") || dest.ends_with('/');
            let file =
                if directory { in_dir(Some(dest.to_string()), last_of(source)) } else { dest.to_string() };
            (file, source.to_string())
        }
        _ => return None,
    };
    Some(found).filter(|(file, _)| !file.is_empty() && file != "-")
}

/// The file a Windows downloader writes and the address it fetches: `certutil -urlcache -f URL
/// F`, `bitsadmin /transfer JOB URL F`, `Invoke-WebRequest URL -OutFile F`, `Start-BitsTransfer
/// URL F` (the names without case, as Windows reads them).
fn windows_downloaded(name: &str, args: &[Word]) -> Option<(String, String)> {
    let name = name.strip_suffix(".exe").unwrap_or(name);
    let is = |known: &str| name.eq_ignore_ascii_case(known);
    if !(is("certutil")
        || is("bitsadmin")
        || is("invoke-webrequest")
        || is("iwr")
        || is("start-bitstransfer"))
    {
        return None;
    }
    let url_at = args.iter().position(|w| w.text.contains("://"))?;
    let option_value = |options: &[&str]| {
        let at = args.iter().position(|w| options.iter().any(|o| w.text.eq_ignore_ascii_case(o)))?;
        args.get(at + 1).map(|w| w.text.clone())
    };
    let file = if is("invoke-webrequest") || is("iwr") {
        option_value(&["-OutFile", "-o", "-Out"])
    } else if is("start-bitstransfer") {
        option_value(&["-Destination"])
            .or_else(|| args.get(url_at + 1).filter(|w| !w.text.starts_with('-')).map(|w| w.text.clone()))
    } else {
        // certutil and bitsadmin: the file is the operand after the address.
        args.get(url_at + 1).filter(|w| !w.text.starts_with(['-', '/'])).map(|w| w.text.clone())
    };
    file.filter(|file| !file.is_empty()).map(|file| (file, args[url_at].text.clone()))
}

/// The file to which `dd of=F` (reading standard input, copying it whole) or `sponge F` copies
/// standard input.
fn stdin_copied_to(command: &SimpleCommand) -> Option<&str> {
    let args = command.args();
    match command.name()? {
        "sponge" => match args {
            [to] if !to.dynamic && !to.text.starts_with('-') => Some(&to.text),
            _ => None,
        },
        "dd" => {
            let mut to = None;
            for arg in args {
                match arg.text.split_once('=') {
                    _ if arg.dynamic => return None,
                    Some(("of", file)) => to = Some(file),
                    Some(("if", file)) if crate::shell::names_stdin(file) => {}
                    // Block sizes and progress leave the copy whole.
                    Some(("bs" | "ibs" | "obs" | "status", _)) => {}
                    _ => return None,
                }
            }
            to
        }
        _ => None,
    }
}

fn writer_of(command: &SimpleCommand) -> String {
    command.name().unwrap_or("a command").to_string()
}

/// What command `index` of `commands` prints, as the line's analysis computes it. zsh's and
/// dash's `echo` decode escapes where bash's prints them (a line break at `\n`, a tab at `\t`):
/// without `-e` or `-E` the text is both (`echo '#!/bin/sh\ncurl x|sh'` is one comment to
/// bash, a script to zsh; `echo 'all:\n\tcurl x|sh'` a makefile's recipe to zsh).
pub(crate) fn printed(commands: &[SimpleCommand], index: usize) -> Option<String> {
    let plain = crate::shell::file_output(commands, index)?;
    let command = &commands[index];
    let flag = |w: &&Word| {
        w.text.len() > 1 && w.text.starts_with('-') && w.text[1..].chars().all(|c| "neE".contains(c))
    };
    if command.name() != Some("echo")
        || command.args().iter().take_while(flag).any(|w| w.text.contains(['e', 'E']))
        || !plain.contains('\\')
    {
        return Some(plain);
    }
    let broken = crate::shell::echo_escapes_decoded(&plain);
    Some(if broken == plain { plain } else { format!("{plain}\n{broken}") })
}

/// The text `command` prints when it is fixed by the line.
fn text_written(command: &SimpleCommand) -> Option<String> {
    let args = command.args();
    match command.name()? {
        "cat" | "tee" => match &command.stdin {
            Stdin::Text(text) if command.name() == Some("tee") || args.is_empty() => Some(text.clone()),
            _ => None,
        },
        "echo" => {
            let words = args.iter().skip_while(|word| matches!(word.text.as_str(), "-n" | "-e" | "-E"));
            Some(words.map(|word| word.text.as_str()).collect::<Vec<_>>().join(" ") + "\n")
        }
        "printf" => {
            let (format, rest) = args.split_first()?;
            let mut text = format.text.replace("\\n", "\n");
            for word in rest {
                text.push(' ');
                text.push_str(&word.text);
            }
            Some(text)
        }
        _ => None,
    }
}

/// Larger files are not read: a script written to get around the guard is short, and reading
/// and analysing a long one would cost more than a hook call may.
const MAX_SCRIPT_BYTES: u64 = 64 * 1024;

/// Shells whose script files are read as POSIX text: fish's and csh's simple commands read
/// the same.
const SHELLS: &[&str] =
    &["ash", "bash", "dash", "ksh", "sh", "zsh", "mksh", "yash", "rbash", "fish", "csh", "tcsh"];

/// Interpreters, and the option with which the same text would be given on the command line
/// (which the shell analysis scans, see `shell::inline`).
const INTERPRETERS: &[(&str, &str)] = &[
    ("lua", "-e"),
    ("node", "-e"),
    ("perl", "-e"),
    ("php", "-r"),
    ("python", "-c"),
    ("python2", "-c"),
    ("python3", "-c"),
    ("ruby", "-e"),
    ("bun", "-e"),
    ("ts-node", "-e"),
    ("tsx", "-e"),
    ("ipython", "-c"),
    ("ipython3", "-c"),
    ("irb", "-e"),
    ("pry", "-e"),
    ("raku", "-e"),
    ("perl6", "-e"),
    ("ghci", "-e"),
    ("runghc", "-e"),
    ("runhaskell", "-e"),
    ("Rscript", "-e"),
    ("julia", "-e"),
    ("octave", "--eval"),
    ("gnuplot", "-e"),
    // Swift's and the JVM scripting languages' scripts are read as their one-liners are.
    ("swift", "-e"),
    ("groovy", "-e"),
    ("scala", "-e"),
    ("elixir", "-e"),
    ("kotlin", "-e"),
    ("kotlinc", "-e"),
    ("amm", "-c"),
    // The Lisps', Tcl's and OCaml's script files, as their one-liners.
    ("bb", "-e"),
    ("guile", "-c"),
    ("racket", "-e"),
    ("tclsh", "-c"),
    ("ocaml", "-e"),
    ("utop", "-e"),
    // AppleScript's (`osascript FILE`): a compiled `.scpt` cannot be read.
    ("osascript", "-e"),
];

/// Options of those programs that take the next word as their value.
const OPTIONS_WITH_VALUE: &[&str] = &["-o", "-O", "-W", "-X", "-I", "-r", "--require"];

/// Long options after which the program runs text from the command line, not a file.
const INLINE_OPTIONS: &[&str] = &["--eval", "--print", "--command"];

/// The code files of the working directory `program` runs by name, in the order it looks for
/// them, and the interpreter they are written for: a module option's (`python3 -m tool`:
/// `tool.py`, `tool/__main__.py`; `node -r ./x.js`), or a tool's own (`pytest`'s
/// `conftest.py`, nox's `noxfile.py`, `setup.py` of `pip install .`, eslint's or jest's configuration).
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn code_files(program: &str, args: &[Word]) -> Option<(&'static str, Vec<String>)> {
    let value = |options: &[&str]| {
        args.windows(2)
            .find(|pair| options.contains(&pair[0].text.as_str()))
            .map(|pair| &pair[1])
            .filter(|w| !w.dynamic)
    };
    let installs_here = || {
        args.first().is_some_and(|w| w.text == "install")
            && args.iter().any(|w| w.text == "." || w.text == "./")
    };
    let (interpreter, files): (&'static str, &[&str]) = match program {
        // A tool module runs the script it is given (`tool_module_script`).
        _ if program.starts_with("python") && tool_module_script(program, args).is_some() => return None,
        _ if program.starts_with("python") => {
            let module = value(&["-m"])?.text.replace('.', "/");
            return Some(("python3", vec![format!("{module}.py"), format!("{module}/__main__.py")]));
        }
        "node" => {
            let file = value(&["-r", "--require", "--import"])?;
            return file.text.starts_with(['.', '/']).then(|| ("node", vec![file.text.clone()]));
        }
        "pytest" | "py.test" => ("python3", &["conftest.py"]),
        // nox runs the sessions of its noxfile, Python like `make`'s recipes are shell.
        "nox" => match value(&["-f", "--noxfile"]) {
            Some(file) => return Some(("python3", vec![file.text.clone()])),
            None => ("python3", &["noxfile.py"]),
        },
        "pip" | "pip3" if installs_here() => ("python3", &["setup.py"]),
        "eslint" => (
            "node",
            &["eslint.config.js", "eslint.config.cjs", "eslint.config.mjs", ".eslintrc.js", ".eslintrc.cjs"],
        ),
        "jest" => ("node", &["jest.config.js", "jest.config.cjs", "jest.config.mjs"]),
        "webpack" => ("node", &["webpack.config.js", "webpack.config.cjs"]),
        "babel" => ("node", &["babel.config.js", "babel.config.cjs", ".babelrc.js"]),
        "prettier" => ("node", &["prettier.config.js", ".prettierrc.js", ".prettierrc.cjs"]),
        _ => return None,
    };
    Some((interpreter, files.iter().map(|file| file.to_string()).collect()))
}

/// The short options after which `program` runs text from the command line, standard input or
/// a module rather than a file: a shell's `-e` is an option of its own.
fn inline_letters(program: &str) -> &'static [char] {
    match program {
        _ if SHELLS.contains(&program) => &['c', 's'],
        "python" | "python2" | "python3" | "ipython" | "ipython3" => &['c', 'm'],
        _ => &['e', 'E', 'r', 'p'],
    }
}

/// Whether a file's mode lets someone run it (always, where there are no modes).
fn executable(meta: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        true
    }
}

/// Directories `run-parts` reads at most this many files of.
const MAX_PARTS: usize = 64;

/// `run-parts DIR`: every executable file of the directory runs, in name order; each is judged
/// as `./DIR/F` would be (by its `#!` line), a file that does not match run-parts' names
/// included, as a `--regex` or another run-parts may run it. `--test` and `--list` only print
/// the names.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn run_parts(command: &SimpleCommand, ctx: &Context) -> Option<(String, Held)> {
    let args = command.args();
    if !ctx.cwd_known
        || args.iter().any(|w| matches!(w.text.as_str(), "--test" | "--list" | "-V" | "--version"))
    {
        return None;
    }
    let mut words = args.iter();
    let mut dir = None;
    while let Some(word) = words.next() {
        match word.text.as_str() {
            "-a" | "--arg" | "-u" | "--umask" => {
                words.next();
            }
            text if text.starts_with('-') => {}
            _ => dir = Some(word),
        }
    }
    let dir = dir.filter(|dir| !dir.dynamic)?;
    let path = super::files::resolve(&dir.text, ctx);
    let mut names: Vec<String> = std::fs::read_dir(&path)
        .ok()?
        .filter_map(|entry| entry.ok())
        .filter(|entry| std::fs::metadata(entry.path()).is_ok_and(|meta| meta.is_file() && executable(&meta)))
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .take(MAX_PARTS)
        .collect();
    names.sort();
    if names.is_empty() {
        return None;
    }
    let shown = dir.text.trim_end_matches('/');
    let lines: Vec<String> =
        names.iter().map(|name| crate::shell::quote(&format!("{}/{name}", path.display()))).collect();
    Some((format!("the files of `{shown}` (run by `run-parts`)"), Held::Line(lines.join("\n"))))
}

/// What another task runner runs from its file in the working directory (or the one it is
/// told to read): `just RECIPE` from the `justfile`, `task NAME` from `Taskfile.yml`, `deno task
/// NAME` from `deno.json`, `composer run NAME` from `composer.json`, `tox` from `tox.ini`,
/// `mise run NAME` from `mise.toml` (see `shell::tasks`).
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn task_runner(
    name: &str,
    command: &SimpleCommand,
    ctx: &Context,
    written: &Written,
) -> Option<(String, Held)> {
    use crate::shell::tasks;
    let args = command.args();
    if !ctx.cwd_known || args.iter().any(|w| w.dynamic) {
        return None;
    }
    // The options that name the file or its directory, and the operands.
    let (file_options, dir_options): (&[&str], &[&str]) = match name {
        "just" => (&["-f", "--justfile"], &["-d", "--working-directory"]),
        "task" | "go-task" => (&["-t", "--taskfile"], &["-d", "--dir"]),
        "deno" => (&["-c", "--config"], &[]),
        "tox" => (&["-c", "--conf"], &["--root"]),
        "poe" => (&[], &["-C", "--directory", "--root"]),
        "ninja" => (&["-f"], &["-C"]),
        "mise" => (&[], &["-C", "--cd"]),
        _ => (&[], &["-d", "--working-dir"]),
    };
    let mut file = None;
    let mut dir = None;
    let mut operands = Vec::new();
    let mut words = args.iter().map(|w| w.text.as_str());
    while let Some(text) = words.next() {
        let (option, attached) = text.split_once('=').map_or((text, None), |(o, v)| (o, Some(v)));
        if file_options.contains(&option) {
            file = attached.or_else(|| words.next());
        } else if dir_options.contains(&option) {
            dir = attached.or_else(|| words.next());
        } else if text == "--" {
            operands.extend(words.by_ref());
        } else if !text.starts_with('-') {
            operands.push(text);
        }
    }
    let (names, operands): (&[&str], &[&str]) = match (name, operands.as_slice()) {
        ("just", rest) => (&["justfile", ".justfile", "Justfile"], rest),
        ("task" | "go-task", rest) => {
            (&["Taskfile.yml", "taskfile.yml", "Taskfile.yaml", "taskfile.yaml", "Taskfile.dist.yml"], rest)
        }
        ("deno", ["task", rest @ ..]) if !rest.is_empty() => (&["deno.json", "deno.jsonc"], rest),
        ("composer", ["run" | "run-script", rest @ ..]) if !rest.is_empty() => (&["composer.json"], rest),
        ("tox", rest) => (&["tox.ini"], rest),
        ("poe", rest) if !rest.is_empty() => (&["pyproject.toml"], rest),
        ("ninja", rest) => (&["build.ninja"], rest),
        ("mise", ["run" | "r", rest @ ..] | ["tasks", "run", rest @ ..]) if !rest.is_empty() => {
            (&["mise.toml", ".mise.toml", "mise.local.toml", ".config/mise.toml"], rest)
        }
        _ => return None,
    };
    let dir = dir.map_or_else(|| ctx.cwd.clone(), |dir| super::files::resolve(dir, ctx));
    let given = file.map(|file| vec![file.to_string()]);
    let candidates = given.unwrap_or_else(|| names.iter().map(|n| n.to_string()).collect());
    let found = candidates.iter().find_map(|candidate| {
        let path = dir.join(candidate);
        Some((candidate.clone(), written.contents(&path, || read_small(&path, MAX_SCRIPT_BYTES, false))?))
    });
    let Some((found, text)) = found else {
        // A file given by option that is not there to read, outside the project: something
        // the line does not show puts it there (`just -f /tmp/j`), and its recipes run unseen.
        let path = dir.join(file?);
        return (!path.starts_with(&ctx.project_root) || in_temp_dir(&path, ctx)).then(|| {
            let reason = format!("`{name}` runs the tasks of `{}`, which cannot be read", path.display());
            (format!("`{}`", path.display()), Held::Opaque(reason))
        });
    };
    let what = format!("`{found}`");
    let text = match text {
        Ok(text) => text,
        Err(writer) => return Some((what, Held::Unknown(writer))),
    };
    let json = || serde_json::from_str::<serde_json::Value>(&text).ok();
    let lines = match name {
        "just" => tasks::just_recipes(&text, operands),
        "task" | "go-task" => {
            // Words after `--` are the tasks' `{{.CLI_ARGS}}`, not task names.
            let end = args.iter().position(|w| w.text == "--").map_or(operands.len(), |_| {
                operands.len() - args.iter().skip_while(|w| w.text != "--").skip(1).count()
            });
            tasks::taskfile_commands(&text, &operands[..end])
        }
        "deno" => tasks::deno_tasks(&json()?, operands.first()?),
        "tox" => tasks::tox_commands(&text),
        "poe" => tasks::poe_tasks(&text, operands.first()?),
        "ninja" => tasks::ninja_commands(&text),
        "mise" => tasks::mise_tasks(&text, operands.first()?),
        _ => tasks::composer_scripts(&json()?, operands.first()?),
    };
    if lines.is_empty() {
        return None;
    }
    Some((format!("{what} (run by `{name}`)"), Held::Line(lines.join("\n"))))
}

/// What `make` runs for the targets it is given (the makefile's first target when none is):
/// the commands run while the makefile is read, then each target's recipe after its
/// prerequisites', with make's variables as the command line, the makefile and make's
/// defaults set them (see `shell::make`). A dry run (`-n`) is judged like a run: make still
/// runs the lines that name `$(MAKE)` or start with `+`.
fn make_recipe(command: &SimpleCommand, ctx: &Context, written: &Written) -> Option<(String, Held)> {
    let mut makefile = None;
    let mut directory = None;
    let mut targets = Vec::new();
    let mut given = Vec::new();
    let mut args = command.args().iter();
    while let Some(word) = args.next() {
        let text = word.text.as_str();
        if word.dynamic {
            return None;
        }
        match text {
            "-f" | "--file" | "--makefile" => makefile = args.next().map(|file| file.text.clone()),
            "-C" | "--directory" => directory = args.next().map(|dir| dir.text.clone()),
            _ if text.starts_with("--directory=") => {
                directory = Some(text["--directory=".len()..].to_string())
            }
            _ if text.starts_with("-C") => directory = Some(text[2..].to_string()),
            _ if text.starts_with('-') => {}
            _ => match text.split_once('=') {
                Some((name, value)) => given.push((name, value)),
                None => targets.push(text),
            },
        }
    }
    if !ctx.cwd_known {
        return None;
    }
    let dir = match &directory {
        Some(dir) => super::files::resolve(dir, ctx),
        None => ctx.cwd.clone(),
    };
    let names = makefile.clone().map_or_else(
        || vec!["GNUmakefile".to_string(), "makefile".into(), "Makefile".into()],
        |file| vec![file],
    );
    // A makefile the line writes first is read from the line.
    let read = |name: &String| {
        let path = dir.join(name);
        written.contents(&path, || read_small(&path, MAX_SCRIPT_BYTES, false))
    };
    let Some(found) = names.iter().find_map(read) else {
        // `make -f /tmp/Makefile.remote`: a makefile given that is not there to read, as a
        // task runner's (`just -f`) is.
        if let Some(file) = makefile.as_ref().filter(|_| !written.generates) {
            let path = if file.starts_with('~') { place(file, true, ctx) } else { dir.join(file) };
            if unread_elsewhere(&path, ctx) {
                let reason = format!("`make` runs the recipes of `{}`, which cannot be read", path.display());
                return Some((format!("`{}`", path.display()), Held::Opaque(reason)));
            }
        }
        return directory.filter(|_| !written.generates).and_then(|_| absent_directory(&dir, "make", ctx));
    };
    let text = match found {
        Ok(text) => text,
        Err(writer) => return Some(("the makefile".into(), Held::Unknown(writer))),
    };
    let text = match with_included(&text, &dir, ctx, written) {
        Ok(text) => text,
        Err(held) => return Some(("a makefile the makefile includes".into(), held)),
    };
    let parsed = crate::shell::make::Makefile::parse(&text);
    if targets.is_empty() {
        targets.extend(parsed.default_target());
    }
    // The environment's values: with `-e` they win over the makefile's, as the command line's
    // do; without, the makefile's own assignments win.
    let environment_wins =
        command.args().iter().any(|a| a.text == "-e" || a.text == "--environment-overrides");
    let environment: Vec<(&str, &str)> = command
        .assignments
        .iter()
        .filter(|(_, value)| !value.dynamic)
        .map(|(n, v)| (n.as_str(), v.text.as_str()))
        .collect();
    if environment_wins {
        given.extend(environment.iter().copied());
    }
    let lines = parsed.recipes(&targets, &given, if environment_wins { &[] } else { &environment });
    if lines.is_empty() {
        return None;
    }
    Some((format!("the make recipe of `{}`", targets.join(" ")), Held::Line(lines.join("\n"))))
}

/// `make -C DIR`, `npm --prefix DIR install` of a directory outside the project that is not there when the line is
/// judged: something the line does not show puts it there, with the makefile or package
/// scripts that run, unseen.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn absent_directory(dir: &Path, runner: &str, ctx: &Context) -> Option<(String, Held)> {
    // Inside the project a missing directory is the project's own business (a build output).
    if dir.starts_with(&ctx.project_root) && !in_temp_dir(dir, ctx) || dir.exists() {
        return None;
    }
    let what = format!("the files `{runner}` runs in `{}`", dir.display());
    let reason = format!(
        "`{runner}` runs what `{}` will hold, which does not exist yet: nobody has seen the files it runs there; make the directory first, so that they can be read",
        dir.display()
    );
    Some((what, Held::Opaque(reason)))
}

/// A makefile's text with what its `include` lines name put in their place (one level): a
/// file of the project, or one the line writes. A file the line writes with text it does not
/// compute, or one in a temp or the home directory outside the project, is what the recipes
/// may come from, unseen. A name computed by make (`include $(wildcard *.mk)`) and the system's
/// makefiles are left out.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn with_included(text: &str, dir: &Path, ctx: &Context, written: &Written) -> Result<String, Held> {
    if !text.contains("include") {
        return Ok(text.to_string());
    }
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let rest = ["include ", "-include ", "sinclude "].iter().find_map(|d| line.strip_prefix(d));
        let Some(rest) = rest else {
            out.push_str(line);
            out.push('\n');
            continue;
        };
        for name in rest.split_whitespace().filter(|name| !name.contains('$')) {
            let path = match name.strip_prefix("~/") {
                Some(under) => ctx.home.as_ref().map_or_else(|| dir.join(name), |home| home.join(under)),
                None => dir.join(name),
            };
            let outside = in_temp_dir(&path, ctx)
                || ctx.home.as_ref().is_some_and(|home| path.starts_with(home))
                    && !path.starts_with(&ctx.project_root);
            match written.text(&path) {
                Some(Ok(included)) => out.push_str(included),
                Some(Err(writer)) => return Err(Held::Unknown(writer.to_string())),
                None if outside => {
                    return Err(Held::Opaque(format!(
                        "the makefile includes `{name}`, from outside the project: the recipes it may hold are not seen"
                    )));
                }
                None if path.starts_with(&ctx.project_root) => {
                    out.extend(read_small(&path, MAX_SCRIPT_BYTES, false));
                }
                None => {}
            }
            out.push('\n');
        }
    }
    Ok(out)
}

/// The jobs of `crontab FILE`, which installs the file as the user's cron table: each line's
/// command, judged as what will run.
fn cron_table<'w>(
    command: &SimpleCommand,
    ctx: &Context,
    written: impl FnOnce() -> &'w Written,
) -> Option<(String, Held)> {
    let args = command.args();
    if args.iter().any(|w| matches!(w.text.as_str(), "-l" | "-r" | "-e" | "-i")) {
        return None;
    }
    let mut words = args.iter();
    let mut file = None;
    while let Some(word) = words.next() {
        match word.text.as_str() {
            "-u" => {
                words.next();
            }
            text if text.starts_with('-') => {}
            _ => file = Some(word),
        }
    }
    let file = file.filter(|file| file.text != "-")?;
    let path = located(file, ctx)?;
    let what = format!("the cron table `{}`", file.text);
    let text = match written().contents(&path, || read_small(&path, MAX_SCRIPT_BYTES, false))? {
        Ok(text) => text,
        Err(writer) => return Some((what, Held::Unknown(writer))),
    };
    Some((what, Held::Line(crate::shell::cron_commands(&text))))
}

/// git's own commands, which no alias can replace; any other `git NAME` may be an alias.
const GIT_COMMANDS: &[&str] = &[
    "add",
    "am",
    "apply",
    "archive",
    "bisect",
    "blame",
    "branch",
    "bundle",
    "cat-file",
    "checkout",
    "cherry",
    "cherry-pick",
    "clean",
    "clone",
    "commit",
    "config",
    "describe",
    "diff",
    "difftool",
    "fetch",
    "for-each-ref",
    "format-patch",
    "fsck",
    "gc",
    "grep",
    "help",
    "init",
    "log",
    "ls-files",
    "ls-remote",
    "ls-tree",
    "merge",
    "merge-base",
    "mergetool",
    "mv",
    "notes",
    "pull",
    "push",
    "range-diff",
    "rebase",
    "reflog",
    "remote",
    "repack",
    "replace",
    "reset",
    "restore",
    "rev-list",
    "rev-parse",
    "revert",
    "rm",
    "shortlog",
    "show",
    "show-ref",
    "sparse-checkout",
    "stash",
    "status",
    "submodule",
    "switch",
    "symbolic-ref",
    "tag",
    "update-index",
    "update-ref",
    "version",
    "whatchanged",
    "worktree",
    "maintenance",
    "lfs",
];

/// Larger repository configurations are not read.
const MAX_GIT_CONFIG_BYTES: u64 = 64 * 1024;

/// `git st` where the repository's own `.git/config` (which came with the repository, or an
/// earlier session wrote) defines `alias.st`: a `!` alias is a shell line, any other a git
/// command line. git's own commands are never aliases, so only other names cost the read.
fn repository_alias(command: &SimpleCommand, ctx: &Context) -> Option<(String, Held)> {
    let args = command.args();
    let mut at = 0;
    while let Some(word) = args.get(at) {
        match word.text.as_str() {
            "-c" | "--git-dir" | "--work-tree" | "--namespace" | "-C" => at += 2,
            text if text.starts_with('-') => at += 1,
            _ => break,
        }
    }
    let name = args.get(at).filter(|w| !w.dynamic && !GIT_COMMANDS.contains(&w.text.as_str()))?;
    if !ctx.cwd_known {
        return None;
    }
    let config = read_small(&ctx.project_root.join(".git/config"), MAX_GIT_CONFIG_BYTES, false)?;
    let value = ini_value(&config, "alias", &name.text)?;
    let rest: Vec<&str> = args[at + 1..].iter().map(|w| w.raw.as_str()).collect();
    let line = match value.strip_prefix('!') {
        Some(shell) => format!("{shell} {}", rest.join(" ")),
        None => format!("git {value} {}", rest.join(" ")),
    };
    Some((format!("the git alias `{}` in `.git/config`", name.text), Held::Line(line)))
}

/// The value of `key` in `[section]` of a git configuration file (the last one wins, as git
/// reads it); quotes around the value are taken off.
fn ini_value(text: &str, section: &str, key: &str) -> Option<String> {
    let mut current = String::new();
    let mut found = None;
    for line in text.lines() {
        let line = line.trim();
        if let Some(header) = line.strip_prefix('[').and_then(|l| l.split(']').next()) {
            current = header.trim().to_ascii_lowercase();
            continue;
        }
        let Some((name, value)) = line.split_once('=') else { continue };
        if current == section && name.trim().eq_ignore_ascii_case(key) {
            let value = value.trim();
            let value = value.strip_prefix('"').and_then(|v| v.strip_suffix('"')).unwrap_or(value);
            found = Some(value.replace("\\\"", "\""));
        }
    }
    found
}

/// Package managers that run the `scripts` of `package.json`.
const PACKAGE_MANAGERS: &[&str] = &["bun", "npm", "pnpm", "yarn"];

/// The programs that fetch a package from the npm registry and run it at once (`npx -y
/// pkg`, `pnpm dlx pkg`, `yarn dlx pkg`, `bunx pkg`, `npm exec --package=pkg`, `deno run
/// npm:pkg`).
const PACKAGE_RUNNERS: &[&str] = &["bun", "bunx", "deno", "npm", "npx", "pnpm", "pnpx", "yarn"];

/// Packages run through `npx` and its kin every day, whether or not the project lists them:
/// formatters, linters, compilers, test runners, monorepo runners (`nx`, `turbo`, `lerna`) and
/// the scaffolders of the big frameworks; and the deploy, ORM and migration CLIs published
/// under their command's own name (`serverless`, `wrangler`, `knex`, `sequelize-cli`,
/// `typeorm`, `drizzle-kit`; `cdk` is AWS's alias of `aws-cdk`), no typosquat: what their verbs
/// change is judged by their packs as the installed command's is (`npx serverless remove
/// --stage prod` asks, `npx cdk diff` passes). Any other package still asks. Sorted.
const EVERYDAY_PACKAGES: &[&str] = &[
    "aws-cdk",
    "cdk",
    "concurrently",
    "convex",
    "create-next-app",
    "create-react-app",
    "create-vite",
    "cross-env",
    "degit",
    "dotenv-cli",
    "drizzle-kit",
    "esbuild",
    "eslint",
    "http-server",
    "husky",
    "jest",
    "knex",
    "lerna",
    "lint-staged",
    "mikro-orm",
    "mocha",
    "next",
    "nodemon",
    "npm-check-updates",
    "nx",
    "playwright",
    "prettier",
    "prisma",
    "rimraf",
    "rollup",
    "sequelize-cli",
    "serve",
    "serverless",
    "shx",
    "sst",
    "ts-node",
    "tsc",
    "tsx",
    "turbo",
    "typeorm",
    "typescript",
    "vercel",
    "vite",
    "vitest",
    "webpack",
    "webpack-cli",
    "wrangler",
    "zx",
];
const _: () = {
    // Searched with `binary_search`.
    let mut i = 1;
    while i < EVERYDAY_PACKAGES.len() {
        let (a, b) = (EVERYDAY_PACKAGES[i - 1].as_bytes(), EVERYDAY_PACKAGES[i].as_bytes());
        let mut k = 0;
        while k < a.len() && k < b.len() && a[k] == b[k] {
            k += 1;
        }
        assert!(k < b.len() && (k == a.len() || a[k] < b[k]), "EVERYDAY_PACKAGES must stay sorted");
        i += 1;
    }
};

/// npm scopes of the tools' own organisations: only the organisation publishes under its
/// scope, so every package in one comes from the same hands (`@modelcontextprotocol/server-github`).
const EVERYDAY_SCOPES: &[&str] = &[
    "@angular/",
    "@anthropic-ai/",
    "@biomejs/",
    "@modelcontextprotocol/",
    "@nestjs/",
    "@playwright/",
    "@storybook/",
    "@sveltejs/",
    "@vitejs/",
    "@vue/",
];

/// A package `command` fetches from the registry and runs that neither the project lists
/// (its `package.json` up to the project root names it, or `node_modules/.bin` holds it) nor
/// is an everyday tool: nobody reviewed it, so what it runs is not seen. A package from an
/// address or a repository is the analyser's (`launchers::fetched_code`).
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn unlisted_package(name: &str, command: &SimpleCommand, ctx: &Context) -> Option<(String, Held)> {
    let args = command.args();
    // The subcommand comes after the manager's own options (`pnpm --silent dlx x`, `npm
    // --prefix d exec x`).
    let valued = ["--prefix", "-C", "--dir", "--cwd", "-w", "--workspace", "--filter", "-F"];
    let at = (0..args.len())
        .find(|&at| {
            !args[at].text.starts_with('-') && (at == 0 || !valued.contains(&args[at - 1].text.as_str()))
        })
        .unwrap_or(args.len());
    let sub = args.get(at).map(|word| word.text.as_str());
    let given = match (name, sub) {
        ("npx" | "bunx" | "pnpx", _) => args,
        ("npm", Some("exec" | "x")) | ("pnpm" | "yarn", Some("dlx")) | ("bun", Some("x")) => &args[at + 1..],
        // `deno run npm:x` runs the package; `deno add|remove|install npm:x` changes the
        // dependencies and runs nothing, unless its install scripts are allowed.
        ("deno", Some(sub))
            if matches!(sub, "run" | "x" | "serve")
                || sub.starts_with("npm:")
                || args.iter().any(|word| word.text.starts_with("--allow-scripts")) =>
        {
            let spec = args[at..].iter().find_map(|word| word.text.strip_prefix("npm:"))?;
            return unlisted(package_name(spec), command, ctx);
        }
        _ => return None,
    };
    let mut words = given.iter();
    let mut package = None;
    while let Some(word) = words.next() {
        let text = word.text.as_str();
        match text {
            "-p" | "--package" => package = package.or(words.next()),
            // `npx -c 'eslint .'`: a command line of the project's own programs.
            "-c" | "--call" if package.is_none() => return None,
            "--" => {}
            _ if text.starts_with("--package=") => package = package.or(Some(word)),
            _ if text.starts_with('-') => {}
            _ => {
                package = package.or(Some(word));
                break;
            }
        }
    }
    let package = package?;
    let spec = package.text.strip_prefix("--package=").unwrap_or(&package.text);
    if package.dynamic || spec.contains(':') || spec.starts_with(['.', '/', '~']) {
        return None;
    }
    unlisted(package_name(spec), command, ctx)
}

/// Whether the `package.json` text `text` lists `package` among its dependencies of any kind
/// (a script or the package's own name of the same spelling is no such listing).
fn depends_on(text: &str, package: &str) -> bool {
    let Ok(manifest) = serde_json::from_str::<serde_json::Value>(text) else { return false };
    ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"]
        .iter()
        .any(|kind| manifest.get(kind).and_then(|listed| listed.get(package)).is_some())
}

/// The name of an npm package spec, without its version (`@o/x@1.2` is `@o/x`).
fn package_name(spec: &str) -> &str {
    let from = usize::from(spec.starts_with('@'));
    spec[from..].find('@').map_or(spec, |at| &spec[..from + at])
}

/// [`unlisted_package`] of the package `package`.
fn unlisted(package: &str, command: &SimpleCommand, ctx: &Context) -> Option<(String, Held)> {
    if package.is_empty()
        || EVERYDAY_PACKAGES.binary_search(&package).is_ok()
        || EVERYDAY_SCOPES.iter().any(|scope| package.starts_with(scope))
    {
        return None;
    }
    let bin = package.rsplit('/').next().unwrap_or(package);
    let mut dir = Some(ctx.cwd.as_path()).filter(|_| ctx.cwd_known);
    while let Some(here) = dir {
        let listed = read_small(&here.join("package.json"), MAX_PACKAGE_JSON_BYTES, false)
            .is_some_and(|text| depends_on(&text, package));
        if listed || here.join("node_modules/.bin").join(bin).exists() {
            return None;
        }
        dir = here.parent().filter(|_| here != ctx.project_root);
    }
    let reason = format!(
        "`{}` fetches the package `{package}` from the registry and runs it, and the project's package.json does not list it: what it runs is not seen",
        command.text
    );
    Some((String::new(), Held::Opaque(reason)))
}

/// Python tools everyone runs through `uvx` or `pipx run` without listing them (and pytest's
/// plugins, `pytest-*`, added to a test run with `uv run --with`).
const EVERYDAY_PYTHON: &[&str] = &[
    // The cloud and fleet CLIs published under their own names: what their verbs change is
    // judged by their packs, as the installed command's is (`pipx run --spec awscli aws s3 rm`).
    "ansible",
    "ansible-core",
    "autopep8",
    "aws-sam-cli",
    "awscli",
    "azure-cli",
    "bandit",
    "basedpyright",
    "black",
    "build",
    "codespell",
    "commitizen",
    "cookiecutter",
    "copier",
    "coverage",
    "flake8",
    "hatch",
    "httpie",
    "ipython",
    "isort",
    "jupyter",
    "mcp-server-fetch",
    "mcp-server-git",
    "mcp-server-time",
    "mkdocs",
    "mypy",
    "nox",
    "pdm",
    "pip-audit",
    "pipdeptree",
    "poetry",
    "pre-commit",
    "pylint",
    "pyright",
    "pytest",
    "pyupgrade",
    "ruff",
    "s3cmd",
    "sphinx",
    "tox",
    "trash-cli",
    "twine",
    "ty",
    "yamllint",
];

/// The project's files that name its Python dependencies.
const PYTHON_MANIFESTS: &[&str] =
    &["pyproject.toml", "uv.lock", "poetry.lock", "Pipfile", "setup.cfg", "setup.py", "requirements.txt"];

/// `uvx` (`uv tool run`) and `pipx run` of a package, and `uv run --with PKG`: a package
/// fetched from the index that neither the project names (in its `pyproject.toml`, lock files
/// or `requirements*.txt`, up to the project root, or its `.venv` holds the program) nor is an
/// everyday tool asks, as `npx` of an unlisted package does ([`unlisted_package`]).
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn unlisted_python(name: &str, command: &SimpleCommand, ctx: &Context) -> Option<(String, Held)> {
    let args = command.args();
    let word = |at: usize| args.get(at).map(|w| w.text.as_str());
    let (given, with_only) = match (name, word(0)) {
        ("uvx", _) => (args, false),
        ("uv", Some("tool")) if word(1) == Some("run") => (&args[2..], false),
        ("uv", Some("run")) => (&args[1..], true),
        ("pipx", Some("run")) => (&args[1..], false),
        _ => return None,
    };
    const VALUED: &[&str] = &[
        "-p",
        "--python",
        "-c",
        "--constraints",
        "-C",
        "--config-setting",
        "-i",
        "--index",
        "--index-url",
        "--default-index",
        "--extra-index-url",
        "-f",
        "--find-links",
        "--with-requirements",
        "--with-editable",
        "--overrides",
        "--directory",
        "--project",
        "--env-file",
        "--config-file",
        "--cache-dir",
        "--pip-args",
        "--package",
        "--extra",
        "--group",
    ];
    let mut packages: Vec<&Word> = Vec::new();
    let mut from = false;
    let mut at = 0;
    while let Some(word) = given.get(at) {
        at += 1;
        let text = word.text.as_str();
        let (option, attached) = match text.split_once('=') {
            Some((option, _)) if option.starts_with("--") => (option, true),
            _ => (text, false),
        };
        match option {
            "--from" | "--spec" | "--with" | "-w" => {
                from |= option != "--with" && option != "-w";
                if attached {
                    packages.push(word);
                } else if let Some(value) = given.get(at) {
                    packages.push(value);
                    at += 1;
                }
            }
            "--" if with_only => break,
            _ if VALUED.contains(&option) => at += usize::from(!attached),
            _ if text.starts_with('-') => {}
            _ => {
                if !with_only && !from {
                    packages.push(word);
                }
                break;
            }
        }
    }
    let mut specs = packages.iter().flat_map(|word| {
        let value = word
            .text
            .split_once('=')
            .filter(|(o, _)| o.starts_with("--"))
            .map_or(word.text.as_str(), |(_, v)| v);
        value.split(',').map(move |spec| (word.dynamic, spec.trim()))
    });
    specs.find_map(|(dynamic, spec)| {
        // An address or a path is the analyser's (`launchers::fetched_code`).
        if dynamic || spec.is_empty() || spec.contains([':', '/']) || spec.starts_with(['.', '~']) {
            return None;
        }
        let end = spec.find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))).unwrap_or(spec.len());
        let package = spec[..end].to_ascii_lowercase().replace(['_', '.'], "-");
        let everyday = EVERYDAY_PYTHON.contains(&package.as_str()) || package.starts_with("pytest-");
        (!package.is_empty() && !everyday && !python_listed(&package, ctx))
            .then(|| {
                let reason = format!(
                    "`{}` fetches the Python package `{package}` from the index and runs it, and the project does not list it: what it runs is not seen",
                    command.text
                );
                (String::new(), Held::Opaque(reason))
            })
    })
}

/// Whether the project names the Python package `package` (lower case, `-` for `_` and `.`)
/// from the working directory up to its root, or its virtual environment holds the program.
fn python_listed(package: &str, ctx: &Context) -> bool {
    let mut dir = Some(ctx.cwd.as_path()).filter(|_| ctx.cwd_known);
    while let Some(here) = dir {
        if here.join(".venv/bin").join(package).exists() {
            return true;
        }
        let requirements = std::fs::read_dir(here).into_iter().flatten().flatten().filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            (name.starts_with("requirements") && name.ends_with(".txt") && name != "requirements.txt")
                .then(|| here.join(name))
        });
        let manifests = PYTHON_MANIFESTS.iter().map(|name| here.join(name)).chain(requirements);
        for path in manifests {
            if read_small(&path, MAX_PACKAGE_JSON_BYTES * 4, false)
                .is_some_and(|text| names_package(&text, package))
            {
                return true;
            }
        }
        dir = here.parent().filter(|_| here != ctx.project_root);
    }
    false
}

/// Whether `text` names `package` as a dependency is written: at a line's start or in quotes
/// (`ruff>=0.4`, `"ruff==0.4"`, `name = "ruff"`), whatever its case and separators.
fn names_package(text: &str, package: &str) -> bool {
    let text = text.to_ascii_lowercase().replace('_', "-");
    let bytes = text.as_bytes();
    text.match_indices(package).any(|(at, _)| {
        let before = at.checked_sub(1).map(|b| bytes[b]);
        let after = bytes.get(at + package.len()).copied();
        matches!(before, None | Some(b'"' | b'\'' | b'\n'))
            && !after.is_some_and(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.'))
    })
}

/// Larger `package.json` files are not read.
const MAX_PACKAGE_JSON_BYTES: u64 = 256 * 1024;

/// The `package.json` script a package manager runs (`npm run clean`, `npm test`, `yarn
/// build`, `pnpm lint`), with the `pre`/`post` scripts npm runs around it and the arguments
/// after `--`: `(what it is, the command line it runs)`.
fn package_script(command: &SimpleCommand, ctx: &Context, written: &Written) -> Option<(String, Held)> {
    package_script_in(command, ctx, written, false)
}

/// [`package_script`], `given` saying whether the directory was an option's (`--prefix DIR`).
fn package_script_in(
    command: &SimpleCommand,
    ctx: &Context,
    written: &Written,
    given: bool,
) -> Option<(String, Held)> {
    let manager = command.name()?;
    // `npm --prefix DIR run X`, `pnpm -C DIR X`, `yarn --cwd DIR X`: DIR's package.json, as
    // after `cd DIR`.
    if let Some((dir, argv)) = package_directory(manager, &command.argv) {
        let inner = SimpleCommand { argv, ..command.clone() };
        // `npm --prefix "$DIR" run x`: whose package.json it is, is known only at run time.
        if let Some(why) = crate::shell::chosen_at_run_time(&dir) {
            let args: Vec<&str> = inner.args().iter().map(|word| word.text.as_str()).collect();
            let (name, _) = script_named(manager, &args)?;
            let reason = format!("the package.json whose script `{name}` `{manager}` runs is in {why}");
            return Some((String::new(), Held::Opaque(reason)));
        }
        let moved = ctx.moved_to(Some(&dir));
        return package_script_in(&inner, &moved, written, true);
    }
    let args = run_operands(command.args());
    if let Some((name, rest)) = workspace_script(manager, command) {
        return scripts_of_packages(name, &rest, command, ctx, written);
    }
    let (name, rest) = script_named(manager, &args)?;
    if let Some(set) = written.script(name) {
        return Some((
            format!("the package.json script `{name}` set on this line"),
            Held::Line(set.to_string()),
        ));
    }
    // `npm run "$X"`: any of the package's scripts may run, so all of them are judged; with
    // no package.json, or no scripts in it, nothing runs.
    let unknown =
        command.args().iter().find(|word| word.text == name).and_then(crate::shell::chosen_at_run_time);
    if let Some(why) = unknown {
        if !ctx.cwd_known {
            let reason =
                format!("the package.json script `{manager}` runs is {why}, in a directory not known here");
            return Some((String::new(), Held::Opaque(reason)));
        }
        let path = ctx.cwd.join("package.json");
        let text = match written.contents(&path, || read_small(&path, MAX_PACKAGE_JSON_BYTES, false))? {
            Ok(text) => text,
            Err(writer) => return Some(("`package.json`".into(), Held::Unknown(writer))),
        };
        let every = every_script(&text);
        return (!every.is_empty()).then(|| {
            (format!("every package.json script (the one run is {why})"), Held::Line(every.join("\n")))
        });
    }
    if !ctx.cwd_known || command.args().iter().any(|word| word.dynamic) {
        return None;
    }
    let path = ctx.cwd.join("package.json");
    let Some(contents) = written.contents(&path, || read_small(&path, MAX_PACKAGE_JSON_BYTES, false)) else {
        return (given && !written.generates).then(|| absent_directory(&ctx.cwd, manager, ctx)).flatten();
    };
    let lines = match contents {
        Ok(text) => script_lines(&text, name, rest),
        // A `sed` that only substitutes (`s/"version": ".*"/"version": "1.2.0"/`) changes no
        // script but by its replacements: those are judged with the script as it stands.
        Err(writer) => match written.substituted(&path, &writer) {
            Some(edited) => {
                let text = read_small(&path, MAX_PACKAGE_JSON_BYTES, false).unwrap_or_default();
                script_lines(&text, name, rest).into_iter().chain(edited).collect()
            }
            None => return Some(("`package.json`".into(), Held::Unknown(writer))),
        },
    };
    if lines.is_empty() {
        return None;
    }
    Some((format!("the package.json script `{name}`"), Held::Line(lines.join("\n"))))
}

/// The script a package manager's arguments `args` run, and the words after its name: `run
/// NAME`, npm's `test`/`start` aliases, an install of the project (its install scripts), and
/// yarn's and pnpm's bare `NAME`.
fn script_named<'a>(manager: &str, args: &'a [&'a str]) -> Option<(&'a str, &'a [&'a str])> {
    let (name, rest) = match (manager, args) {
        (_, ["run" | "run-script" | "rum" | "urn", name, rest @ ..]) => (*name, rest),
        ("npm", [alias @ ("test" | "t" | "tst" | "start" | "stop" | "restart"), rest @ ..]) => {
            let name = match *alias {
                "t" | "tst" => "test",
                other => other,
            };
            (name, rest)
        }
        // An install of the project itself runs its `preinstall`, `install` and `postinstall`.
        (_, ["install" | "i" | "ci", rest @ ..]) if rest.iter().all(|arg| arg.starts_with('-')) => {
            ("install", rest)
        }
        ("yarn" | "pnpm", []) => ("install", &[][..]),
        // `yarn build`, `pnpm lint`: a script when package.json has one of that name.
        ("yarn" | "pnpm", [name, rest @ ..]) if !name.starts_with('-') => (*name, rest),
        _ => return None,
    };
    Some((name, rest))
}

/// A package manager's arguments with the options between `run` and the script's name taken
/// out (`npm run --script-shell=bash -- NAME`, `npm run --if-present NAME`): the name is the
/// first operand, after a `--` too.
fn run_operands(args: &[Word]) -> Vec<&str> {
    let mut texts: Vec<&str> = args.iter().map(|word| word.text.as_str()).collect();
    if !matches!(texts.first(), Some(&("run" | "run-script" | "rum" | "urn"))) {
        return texts;
    }
    let at = 1;
    while let Some(&word) = texts.get(at).filter(|word| word.starts_with('-')) {
        texts.remove(at);
        if word == "--" {
            break;
        }
        // The options of `run` that take their value as the next word.
        if matches!(word, "--script-shell" | "-w" | "--workspace") && at < texts.len() {
            texts.remove(at);
        }
    }
    texts
}

/// Every script of the `package.json` text `text`, one line each.
fn every_script(text: &str) -> Vec<String> {
    let Ok(package) = serde_json::from_str::<serde_json::Value>(text) else { return Vec::new() };
    let Some(scripts) = package.get("scripts").and_then(serde_json::Value::as_object) else {
        return Vec::new();
    };
    scripts.values().filter_map(serde_json::Value::as_str).map(str::to_string).collect()
}

/// The directory option of a package manager, which runs it in that directory's package
/// (`npm --prefix DIR`, `npm -C DIR`, `pnpm -C DIR`/`--dir DIR`, `yarn --cwd DIR`, `bun --cwd
/// DIR`, each also as `--OPTION=DIR`), and the command without it. Options end at `--`.
fn package_directory(manager: &str, argv: &[Word]) -> Option<(Word, Vec<Word>)> {
    let options: &[&str] = match manager {
        "npm" => &["--prefix", "-C"],
        "pnpm" => &["-C", "--dir"],
        "yarn" | "bun" => &["--cwd"],
        _ => return None,
    };
    let end = argv.iter().position(|w| w.text == "--").unwrap_or(argv.len());
    argv.iter().take(end).enumerate().skip(1).find_map(|(at, word)| {
        if options.contains(&word.text.as_str()) {
            let dir = argv.get(at + 1)?.clone();
            let rest = argv.iter().enumerate().filter(|(i, _)| *i != at && *i != at + 1);
            return Some((dir, rest.map(|(_, w)| w.clone()).collect()));
        }
        let value = options.iter().find_map(|o| word.text.strip_prefix(o)?.strip_prefix('='))?;
        let dir = Word { text: value.to_string(), raw: value.to_string(), ..word.clone() };
        let rest = argv.iter().enumerate().filter(|(i, _)| *i != at);
        Some((dir, rest.map(|(_, w)| w.clone()).collect()))
    })
}

/// The lines `npm run NAME ARGS` runs from the `package.json` text `text`: `preNAME`, NAME
/// with the arguments after `--`, `postNAME`.
fn script_lines(text: &str, name: &str, rest: &[&str]) -> Vec<String> {
    let Ok(package) = serde_json::from_str::<serde_json::Value>(text) else { return Vec::new() };
    let Some(scripts) = package.get("scripts") else { return Vec::new() };
    let script = |name: &str| scripts.get(name).and_then(serde_json::Value::as_str);
    let extra: Vec<&str> = rest.iter().skip_while(|arg| **arg != "--").skip(1).copied().collect();
    let main = script(name).map(|main| [main].into_iter().chain(extra).collect::<Vec<_>>().join(" "));
    [
        script(&format!("pre{name}")).map(str::to_string),
        main,
        script(&format!("post{name}")).map(str::to_string),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The package script a monorepo runner runs in each package of the workspace, and the words
/// after it: `pnpm -r run X`, `pnpm --filter a X`, `yarn workspaces foreach run X`, `yarn
/// workspace a run X`, `npm run X --workspaces`, `lerna run X`, `turbo run X`, `nx run-many
/// -t X`, `nx run a:X`, `rushx X`.
fn workspace_script<'c>(manager: &str, command: &'c SimpleCommand) -> Option<(&'c str, Vec<&'c str>)> {
    let args: Vec<&str> = command.args().iter().map(|word| word.text.as_str()).collect();
    let operands = |from: usize| -> Vec<&'c str> {
        command.args().get(from..).unwrap_or_default().iter().map(|w| w.text.as_str()).collect()
    };
    let value = |options: &[&str]| {
        args.iter().enumerate().find_map(|(at, arg)| {
            options.iter().find_map(|option| {
                if arg == option {
                    args.get(at + 1).copied()
                } else {
                    arg.strip_prefix(option).and_then(|rest| rest.strip_prefix('='))
                }
            })
        })
    };
    match manager {
        "pnpm" | "yarn" => {
            let at = crate::shell::workspace_subcommand(manager, command.argv.as_slice())?.checked_sub(1)?;
            match args.get(at..)? {
                ["run" | "run-script", name, ..] => Some((name, operands(at + 2))),
                [name, ..] if !name.starts_with('-') && *name != "exec" => Some((name, operands(at + 1))),
                _ => None,
            }
        }
        "npm"
            if args.iter().any(|a| matches!(*a, "--workspaces" | "-ws") || a.starts_with("--workspace")) =>
        {
            match args.as_slice() {
                ["run" | "run-script", name, ..] => Some((name, operands(2))),
                [name @ ("test" | "start"), ..] => Some((name, operands(1))),
                _ => None,
            }
        }
        "lerna" | "turbo" => match args.as_slice() {
            ["run", name, ..] if !name.starts_with('-') => Some((name, operands(2))),
            [name, ..] if manager == "turbo" && !name.starts_with('-') && !TURBO_COMMANDS.contains(name) => {
                Some((name, operands(1)))
            }
            _ => None,
        },
        "nx" => match args.as_slice() {
            ["run-many" | "affected", ..] => {
                let target = value(&["-t", "--target", "--targets"])?;
                Some((target.split(',').next()?, operands(1)))
            }
            ["run", target, ..] => Some((target.rsplit(':').find(|t| !t.is_empty())?, operands(2))),
            _ => None,
        },
        "rushx" => args.first().filter(|name| !name.starts_with('-')).map(|name| (*name, operands(1))),
        _ => None,
    }
}

/// turbo's own commands, which are not tasks.
const TURBO_COMMANDS: &[&str] = &[
    "login",
    "logout",
    "link",
    "unlink",
    "prune",
    "daemon",
    "gen",
    "generate",
    "info",
    "ls",
    "query",
    "telemetry",
    "scan",
    "bin",
    "boundaries",
    "watch",
    "docs",
];

/// Larger workspaces have the rest of their packages unread.
const MAX_PACKAGES: usize = 64;

/// The package script `name` of the project's `package.json` and of every package of its
/// workspace (`workspaces` in `package.json`, `packages` in `pnpm-workspace.yaml` or
/// `lerna.json`; a `dir/*` pattern is each directory in `dir`), each line run in its package.
fn scripts_of_packages(
    name: &str,
    rest: &[&str],
    command: &SimpleCommand,
    ctx: &Context,
    written: &Written,
) -> Option<(String, Held)> {
    if !ctx.cwd_known || command.args().iter().any(|word| word.dynamic) {
        return None;
    }
    let root = ctx.cwd.join("package.json");
    let text = match written.contents(&root, || read_small(&root, MAX_PACKAGE_JSON_BYTES, false)) {
        Some(Ok(text)) => text,
        Some(Err(writer)) => return Some(("`package.json`".into(), Held::Unknown(writer))),
        None => String::new(),
    };
    let mut lines = script_lines(&text, name, rest);
    for dir in workspace_packages(&text, ctx).into_iter().take(MAX_PACKAGES) {
        let path = dir.join("package.json");
        let package = match written.contents(&path, || read_small(&path, MAX_PACKAGE_JSON_BYTES, false)) {
            Some(Ok(package)) => package,
            Some(Err(writer)) => return Some((format!("`{}`", path.display()), Held::Unknown(writer))),
            None => continue,
        };
        let cd = format!("cd {} && ", crate::shell::quote(&dir.to_string_lossy()));
        lines.extend(script_lines(&package, name, rest).into_iter().map(|line| format!("{cd}{line}")));
    }
    if lines.is_empty() {
        return None;
    }
    Some((format!("the package script `{name}` of the workspace"), Held::Line(lines.join("\n"))))
}

/// The package directories of the workspace whose root `package.json` is `root` (text).
fn workspace_packages(root: &str, ctx: &Context) -> Vec<PathBuf> {
    let mut patterns: Vec<String> = Vec::new();
    let listed = |value: Option<&serde_json::Value>| -> Vec<String> {
        let value = value.map(|v| v.get("packages").unwrap_or(v));
        let items = value.and_then(serde_json::Value::as_array).cloned().unwrap_or_default();
        items.iter().filter_map(|item| item.as_str().map(str::to_string)).collect()
    };
    if let Ok(package) = serde_json::from_str::<serde_json::Value>(root) {
        patterns.extend(listed(package.get("workspaces")));
    }
    let lerna = ctx.cwd.join("lerna.json");
    if let Some(text) = read_small(&lerna, MAX_PACKAGE_JSON_BYTES, false)
        && let Ok(config) = serde_json::from_str::<serde_json::Value>(&text)
    {
        patterns.extend(listed(config.get("packages").map(|_| &config)));
    }
    let pnpm = ctx.cwd.join("pnpm-workspace.yaml");
    if let Some(text) = read_small(&pnpm, MAX_PACKAGE_JSON_BYTES, false) {
        // `packages:` then `  - 'dir/*'` items.
        let items = text.lines().skip_while(|line| !line.starts_with("packages:")).skip(1);
        let items = items.take_while(|line| line.starts_with([' ', '\t', '-']) || line.trim().is_empty());
        patterns.extend(items.filter_map(|line| {
            let item = line.trim().strip_prefix('-')?.trim().trim_matches(['\'', '"']);
            (!item.is_empty() && !item.starts_with('!')).then(|| item.to_string())
        }));
    }
    let mut dirs = Vec::new();
    for pattern in patterns.iter().filter(|p| !p.starts_with('!')) {
        let pattern = pattern.trim_end_matches('/');
        match pattern.strip_suffix("/**").or_else(|| pattern.strip_suffix("/*")) {
            Some(parent) if !parent.contains('*') => {
                let Ok(entries) = std::fs::read_dir(ctx.cwd.join(parent)) else { continue };
                let mut found: Vec<PathBuf> = entries
                    .filter_map(|entry| entry.ok().map(|e| e.path()))
                    .filter(|path| path.is_dir())
                    .take(MAX_PACKAGES)
                    .collect();
                found.sort();
                dirs.extend(found);
            }
            None if !pattern.contains('*') => dirs.push(ctx.cwd.join(pattern)),
            _ => {}
        }
    }
    dirs
}

/// A path that names standard input.
fn is_stdin(path: &str) -> bool {
    matches!(path, "-" | "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0")
}

/// Whether a shell or interpreter `name` given `args` reads its program from standard input:
/// no script operand (or `-`, `/dev/stdin`) and no option that gives the program another way
/// (`-c`, `-e`, `-m`); a shell's `-s` says so outright.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn program_on_stdin(name: &str, args: &[Word]) -> bool {
    let shell = SHELLS.contains(&name);
    for word in args {
        let text = word.text.as_str();
        if word.dynamic {
            return false;
        }
        if !text.starts_with('-') || is_stdin(text) {
            return is_stdin(text);
        }
        if text == "--" || INLINE_OPTIONS.contains(&text) {
            return false;
        }
        let letters = text.strip_prefix('-').filter(|l| !l.starts_with('-')).unwrap_or_default();
        let inline: &[char] = if shell { &['c'] } else { inline_letters(name) };
        if letters.contains(inline) {
            return false;
        }
        if shell && letters.contains('s') {
            return true;
        }
    }
    true
}

/// The jobs `parallel` runs when it is given no command: each input line (`parallel <
/// jobs.txt`, `parallel :::: jobs.txt`, `-a jobs.txt`) or each argument after `:::` is a
/// command line of its own.
fn parallel_jobs(command: &SimpleCommand, ctx: &Context, written: &Written) -> Option<(String, Held)> {
    let args = command.args();
    let input = args.iter().position(|w| w.text == "-a").map(|at| at + 1);
    let first = args.iter().enumerate().position(|(at, w)| !w.text.starts_with('-') && Some(at) != input);
    let file = match first.map(|at| args[at].text.as_str()) {
        Some(":::") => {
            let jobs: Vec<&str> = args[first? + 1..].iter().map(|w| w.text.as_str()).collect();
            return Some(("`parallel`".into(), Held::Line(jobs.join("\n"))));
        }
        Some("::::") => args.get(first? + 1),
        // A command of its own: the input lines are its arguments.
        Some(_) => None,
        None => match (input, &command.stdin) {
            (Some(at), _) => args.get(at),
            (None, Stdin::File(file)) => Some(file),
            _ => None,
        },
    }?;
    let path = located(file, ctx)?;
    let what = format!("the jobs in `{}`", file.text);
    match written.contents(&path, || read_small(&path, MAX_SCRIPT_BYTES, false))? {
        Ok(text) => Some((what, Held::Line(text))),
        Err(writer) => Some((what, Held::Unknown(writer))),
    }
}

/// `nix run path:/tmp/x`, `nix develop ~/other`, `nix-shell /tmp/shell.nix`: a flake or Nix
/// file on this machine but outside the project, or one the line writes, runs code the guard
/// does not read (its apps, shell hooks, the packages it builds), as a local package given to
/// `apt` or `dpkg` does (`shell::launchers`, which also asks about flakes from addresses). The
/// project's own (`nix run .#app`, `nix develop`) and the registry's (`nixpkgs#hello`) are not.
fn local_flake(
    name: &str,
    command: &SimpleCommand,
    ctx: &Context,
    written: &Written,
) -> Option<(String, Held)> {
    let args = command.args();
    // The subcommands that run what they are given, and where their installables start.
    let from = match name {
        "nix-shell" => 0,
        _ => match args.first()?.text.as_str() {
            "run" | "shell" | "develop" | "bundle" => 1,
            "profile" if args.get(1).is_some_and(|w| matches!(w.text.as_str(), "install" | "add")) => 2,
            _ => return None,
        },
    };
    // Options whose values are no installable (`--arg NAME EXPR` takes two words).
    const ONE: &[&str] = &[
        "--inputs-from",
        "--profile",
        "--expr",
        "-I",
        "--include",
        "--argstr-file",
        "--keep",
        "-k",
        "--unset",
        "-u",
        "--attr",
        "-A",
        "-p",
        "--packages",
        "--run",
        "--command",
        "-c",
        "--system",
        "-E",
    ];
    const TWO: &[&str] =
        &["--arg", "--argstr", "--override-input", "--option", "--override-flake", "--set-env"];
    let mut refs = Vec::new();
    let mut words = args.iter().skip(from);
    while let Some(word) = words.next() {
        let text = word.text.as_str();
        match text {
            // What follows is the program's own words, or a command to run in the shell.
            "--" => break,
            "-c" | "--command" | "--run" if name != "nix-shell" || text != "-c" => break,
            "-f" | "--file" => refs.extend(words.next()),
            _ if TWO.contains(&text) => {
                words.next();
                words.next();
            }
            _ if ONE.contains(&text) => {
                words.next();
            }
            _ if text.starts_with('-') => {}
            _ => refs.push(word),
        }
    }
    // `nix-shell` with nothing names `shell.nix` of its directory, `nix develop` the flake there
    // (`nix-shell -p PKG` names packages instead).
    let here = Word::literal(".");
    if refs.is_empty()
        && !args.iter().any(|w| matches!(w.text.as_str(), "-p" | "--packages" | "-E" | "--expr"))
    {
        refs.push(&here);
    }
    for word in refs {
        let text = word.text.split(['#', '?']).next().unwrap_or_default();
        let path = text
            .strip_prefix("path:")
            .or_else(|| text.strip_prefix("file://"))
            .or_else(|| text.strip_prefix("file:"))
            .unwrap_or(text);
        // A registry name (`nixpkgs`, `self`) or an address is not a path here.
        if !path.starts_with(['/', '.', '~', '$']) {
            continue;
        }
        let what = format!("`{}`", word.text);
        if word.dynamic && !crate::shell::home_only(path) {
            return Some((what, Held::Unnamed));
        }
        let place = place(path, word.dynamic || word.raw.starts_with('~') || path.starts_with('~'), ctx);
        let place = super::files::resolve(&place.to_string_lossy(), ctx);
        let written_here = ["flake.nix", "default.nix", "shell.nix"]
            .iter()
            .any(|file| written.text(&place.join(file)).is_some())
            || written.text(&place).is_some();
        let outside =
            !ctx.cwd_known && !path.starts_with(['/', '~']) || !place.starts_with(&ctx.project_root);
        if written_here || outside {
            let why = if written_here { "which this line writes" } else { "outside the project" };
            let reason = format!(
                "`{name}` runs the Nix code of {what}, {why}: its apps, shell hooks and builds run code the guard does not read; look at it first, or run it from the project"
            );
            return Some((what, Held::Opaque(reason)));
        }
    }
    None
}

/// The file a desktop opener hands to the program the desktop picks for it (`xdg-open F`,
/// `gio open F`, `kioclient exec F`, macOS's `open F`), when that runs it: a script by its
/// extension (a `.sh` may be set to run, a `.command` runs in Terminal) or a desktop entry
/// (`gio launch x.desktop`, `dex x.desktop`). An address or a document is opened, not run.
fn opened_file<'c>(name: &str, args: &'c [Word]) -> Option<&'c Word> {
    let skip = match (name, args.first().map(|w| w.text.as_str())) {
        (
            "xdg-open" | "exo-open" | "open" | "kde-open" | "kde-open5" | "gnome-open" | "gvfs-open"
            | "mimeopen" | "dex" | "wslview" | "cygstart",
            _,
        ) => 0,
        ("gio", Some("open" | "launch"))
        | ("kioclient" | "kioclient5" | "kioclient6", Some("exec" | "exec5"))
        | ("handlr", Some("open" | "launch")) => 1,
        _ => return None,
    };
    // `open -a Terminal x.sh`: the application option's value is no file.
    let file = crate::rules::operands(&args[skip..], &["-a", "-b", "--launch"]).next()?;
    let word = args[skip..].iter().find(|w| w.text == file)?;
    let extension = word.text.rsplit_once('.').map(|(_, ext)| ext).unwrap_or_default();
    let runs = matches!(
        extension,
        "sh" | "bash"
            | "zsh"
            | "ksh"
            | "command"
            | "tool"
            | "py"
            | "pl"
            | "rb"
            | "js"
            | "php"
            | "lua"
            | "desktop"
    );
    (runs && !word.text.contains("://")).then_some(word)
}

/// What running the file `command` opens runs: a desktop entry's `Exec=` line, or the script
/// as `./FILE` runs it (by its `#!` line).
fn opened<'w>(
    command: &SimpleCommand,
    file: &Word,
    ctx: &Context,
    written: impl Fn() -> &'w Written + Copy,
) -> Option<(String, Held)> {
    if file.text.ends_with(".desktop") {
        let what = format!("`{}`", file.text);
        let path = located(file, ctx)?;
        let text = match written().contents(&path, || read_small(&path, MAX_SCRIPT_BYTES, false)) {
            Some(Ok(text)) => text,
            Some(Err(writer)) => return Some((what, Held::Unknown(writer))),
            None if unread_elsewhere(&path, ctx) => return Some((what, Held::Unread)),
            None => return None,
        };
        // The field codes (`%f`, `%U`) stand for the files it is given.
        let exec = text.lines().find_map(|line| line.trim().strip_prefix("Exec="))?;
        let line: Vec<&str> = exec.split_whitespace().filter(|word| !word.starts_with('%')).collect();
        return Some((what, Held::Line(line.join(" "))));
    }
    if file.dynamic && !file.home_only() {
        return Some((format!("`{}`", file.text), Held::Unnamed));
    }
    // The desktop picks the program by the file's type: its `#!` line does not count.
    let interpreter = match file.text.rsplit_once('.').map(|(_, ext)| ext) {
        Some("py") => Some("python3"),
        Some("pl") => Some("perl"),
        Some("rb") => Some("ruby"),
        Some("js") => Some("node"),
        Some("php") => Some("php"),
        Some("lua") => Some("lua"),
        _ => None,
    };
    let argv = match interpreter {
        Some(interpreter) => vec![Word::literal(interpreter), file.clone()],
        None if file.text.contains('/') => vec![file.clone()],
        None => vec![Word { text: format!("./{}", file.text), ..file.clone() }],
    };
    let run = SimpleCommand { argv, cwd: command.cwd.clone(), ..Default::default() };
    script_here(&run, ctx, written)
}

/// Whether `name` is a shell or an interpreter that runs a script file given as an operand.
pub(crate) fn is_runner(name: &str) -> bool {
    // Asked of every command of a line, nearly always of another name.
    const RUNNER_NAMES: NameFilter = NameFilter::of(SHELLS).with_keys(INTERPRETERS);
    RUNNER_NAMES.may_hold(name)
        && (SHELLS.contains(&name) || INTERPRETERS.iter().any(|(interpreter, _)| *interpreter == name))
}

/// The script file a shell or interpreter `command` runs (`bash -e x.sh`, `python3 -u x.py`);
/// `None` when it runs code from the command line, standard input or a module.
pub(crate) fn script_operand(command: &SimpleCommand) -> Option<&Word> {
    let name = command.name()?;
    if !is_runner(name) {
        return None;
    }
    // `osascript -l JavaScript FILE`: the language option takes a value.
    let args = match (name, command.args()) {
        ("osascript", [language, _, rest @ ..]) if language.text == "-l" => rest,
        (_, args) => args,
    };
    first_operand(args, inline_letters(name))
}

/// A script that `command` runs: what it is (the file as written, or a package script), and a
/// command line that runs the same text (the script itself for a shell script,
/// `python3 -c '<text>'` for the others). The text is what the line wrote to the file
/// (`written`, asked for only when a command runs a script file), else what the file holds.
pub(crate) fn script<'w>(
    command: &SimpleCommand,
    ctx: &Context,
    written: impl Fn() -> &'w Written + Copy,
) -> Option<(String, Held)> {
    // `cd DIR; bash x.sh`: the `cd` may have failed, so the directory is not sure; the script
    // is `DIR/x.sh` when there is one, else the one where the line was.
    let likely = command.cwd.as_ref().filter(|dir| dir.dynamic && dir.raw == "$PWD" && dir.text != "$PWD");
    if let Some(dir) = likely.filter(|_| !ctx.cwd_known) {
        let mut moved = ctx.moved_to(Some(&Word::literal(dir.text.clone()))).into_owned();
        moved.cwd_known = true;
        let mut before = ctx.clone();
        before.cwd_known = true;
        return script_here(command, &moved, written).or_else(|| script_here(command, &before, written));
    }
    script_here(command, ctx, written)
}

/// [`script`] in a directory the line is known to be in.
fn script_here<'w>(
    command: &SimpleCommand,
    ctx: &Context,
    written: impl Fn() -> &'w Written + Copy,
) -> Option<(String, Held)> {
    // `"$HOME/bin/x.sh"` run by its path is the file `~/bin/x.sh`, read like it.
    let home_program = || {
        command
            .argv
            .first()
            .filter(|word| word.home_only())
            .map(|word| crate::shell::program_base(&word.text))
    };
    let name = command.name().or_else(home_program)?;
    if PACKAGE_RUNNERS.contains(&name)
        && let Some(unlisted) = unlisted_package(name, command, ctx)
    {
        return Some(unlisted);
    }
    if matches!(name, "uvx" | "uv" | "pipx")
        && let Some(unlisted) = unlisted_python(name, command, ctx)
    {
        return Some(unlisted);
    }
    if PACKAGE_MANAGERS.contains(&name) || matches!(name, "lerna" | "turbo" | "nx" | "rushx") {
        return package_script(command, ctx, written());
    }
    if name == "make" {
        return make_recipe(command, ctx, written());
    }
    if matches!(name, "just" | "task" | "go-task" | "deno" | "composer" | "tox" | "poe" | "ninja" | "mise") {
        return task_runner(name, command, ctx, written());
    }
    if let Some(file) = opened_file(name, command.args()) {
        return opened(command, file, ctx, written);
    }
    if name == "run-parts" {
        return run_parts(command, ctx);
    }
    if name == "crontab" {
        return cron_table(command, ctx, written);
    }
    if name == "git" {
        return repository_alias(command, ctx);
    }
    if matches!(name, "nix" | "nix-shell") {
        return local_flake(name, command, ctx, written());
    }
    if matches!(name, "docker" | "podman" | "buildah" | "nerdctl")
        && let Some(found) = built_dockerfile(command, ctx, written())
    {
        return Some(found);
    }
    if matches!(name, "docker" | "podman" | "nerdctl" | "docker-compose" | "podman-compose")
        && let Some(found) = brought_up_compose(command, ctx, written())
    {
        return Some(found);
    }
    let stdin_file = match &command.stdin {
        Stdin::File(file) => Some(file),
        _ => None,
    };
    // Code files a program runs by their names: `python3 -m tool` runs `tool.py` of the
    // directory it runs in, `node -r ./x.js` loads `x.js`, `pytest` imports `conftest.py`,
    // `pip install .` runs `setup.py`, `eslint` loads its `.eslintrc.js`.
    if let Some((interpreter, files)) = code_files(name, command.args()) {
        if !ctx.cwd_known {
            return None;
        }
        let written = written();
        let (file, text) = files.iter().find_map(|file| {
            let path = ctx.cwd.join(file);
            Some((file.clone(), written.contents(&path, || read_small(&path, MAX_SCRIPT_BYTES, false))?))
        })?;
        let what = format!("`{file}` (run by `{name}`)");
        let text = match text {
            Ok(text) => text,
            // Output of the project's own script, loaded as the project's files are.
            Err(_) if written.generated(&ctx.cwd.join(&file)) => return None,
            Err(writer) => return Some((what, Held::Unknown(writer))),
        };
        let option = if interpreter == "node" { "-e" } else { "-c" };
        return Some((what, Held::Line(format!("{interpreter} {option} {}", crate::shell::quote(&text)))));
    }
    if matches!(
        name,
        "go" | "java"
            | "gradle"
            | "gradlew"
            | "zx"
            | "ctest"
            | "dotnet"
            | "pwsh"
            | "powershell"
            | "cscript"
            | "wscript"
            | "installutil"
            | "bazel"
            | "bazelisk"
            | "ant"
            | "invoke"
            | "inv"
            | "act"
            | "cargo"
            | "zig"
            | "jupyter"
            | "papermill"
            | "nim"
            | "rake"
            | "escript"
            | "msbuild"
            | "cmake"
            | "nmap"
            | "mvn"
            | "mvnw"
            | "docker"
            | "podman"
            | "docker-compose"
            | "podman-compose"
    ) {
        if let Some(found) = unread_source(name, command, ctx, written) {
            return Some(found);
        }
    }
    let (interpreter, file) = if is_runner(name) {
        match script_operand(command).or_else(|| tool_module_script(name, command.args())) {
            Some(file) if !is_stdin(&file.text) => (Some(name), file),
            // `bash < x.sh`, `sh -s < x.sh`, `python3 - < x.py`: the program is the file on stdin.
            _ if program_on_stdin(name, command.args()) => (Some(name), stdin_file?),
            _ => return None,
        }
    } else if matches!(name, "source" | ".") {
        // Run by the shell that runs the line.
        match command.args().first()? {
            file if is_stdin(&file.text) => (Some("sh"), stdin_file?),
            file => (Some("sh"), file),
        }
    } else if matches!(name, "at" | "batch") {
        // The job is `-f FILE`, or the script on standard input.
        let args = command.args();
        let file = args.iter().position(|w| w.text == "-f").and_then(|at| args.get(at + 1));
        (Some("sh"), file.or(stdin_file)?)
    } else if name == "parallel" {
        return parallel_jobs(command, ctx, written());
    } else if let Some(files) = program_files(name, command) {
        let fed = match &command.stdin {
            Stdin::Text(text) => Some(text.as_str()),
            _ => None,
        };
        return program_text(name, &files, fed, ctx, written);
    } else if command.argv.first().is_some_and(|word| word.text.contains(['/', '\\'])) {
        // `./run.sh`: the interpreter comes from the file's `#!` line.
        (None, command.argv.first()?)
    } else if let Some(url) =
        (ctx.cwd_known && name.contains('.')).then(|| written().download(&ctx.cwd.join(name))).flatten()
    {
        // cmd.exe runs a program of its working directory by its bare name (`x.exe`, `a.bat`);
        // a name with no extension is looked up only on PATH by the shells that run most
        // lines, so they do not pay for the line's writes.
        return Some((format!("`{name}`"), Held::Line(format!("curl -fsSL '{url}' | sh"))));
    } else {
        return None;
    };
    // `find … -exec python3 {} \;`, `xargs -n1 node`: a program file chosen at run time,
    // which nobody saw (a shell's is the analyser's, `shell::chosen_at_run_time`).
    if let Some(interpreter) = interpreter.filter(|name| !SHELLS.contains(name)) {
        if let Some(why) = crate::shell::chosen_at_run_time(file) {
            // `for f in src/*.js; do node "$f"; done`: the project's own files, each read as
            // it would be if named.
            if let Some(found) = project_glob(command, file, ctx, written) {
                return found;
            }
            return Some((String::new(), Held::Opaque(format!("the file `{interpreter}` runs is {why}"))));
        }
    }
    let path = located(file, ctx)?;
    let written = written();
    // Running what the line downloaded is running a remote script: judged as its pipe form.
    if let Some(url) = written.download(&path) {
        let runner = interpreter.unwrap_or("sh");
        return Some((format!("`{}`", file.text), Held::Line(format!("curl -fsSL '{url}' | {runner}"))));
    }
    // Run as a path, a compiled program is not read past its first bytes.
    let read = || read_small(&path, MAX_SCRIPT_BYTES, interpreter.is_none());
    let text = match written.contents(&path, read) {
        Some(Ok(text)) => text,
        // A program the project's own build made on this line runs as the project's code.
        Some(Err(_)) if written.built.contains(&path) => return None,
        Some(Err(writer)) => return Some((format!("`{}`", file.text), Held::Unknown(writer))),
        // A program run by its path is one installed elsewhere; a script given to a shell is
        // text someone put there.
        None if in_temp_dir(&path, ctx) || interpreter.is_some() && unread_elsewhere(&path, ctx) => {
            return Some((format!("`{}`", file.text), Held::Unread));
        }
        None => return None,
    };
    let interpreter = match interpreter {
        Some(interpreter) => interpreter.to_string(),
        // A text file without a `#!` line is run by the shell that runs the line: `sh`.
        None => shebang(&text).unwrap_or_else(|| "sh".to_string()),
    };
    let line = if SHELLS.contains(&interpreter.as_str()) {
        // What follows the file on the line is what the script's `$1`, `$@`... hold.
        let at = command.argv.iter().position(|word| std::ptr::eq(word, file)).unwrap_or(0);
        with_arguments(&text, command.argv.get(at + 1..).unwrap_or_default())
    } else {
        let (_, option) = INTERPRETERS.iter().find(|(name, _)| *name == interpreter)?;
        format!("{interpreter} {option} '{}'", text.replace('\'', "'\\''"))
    };
    Some((format!("`{}`", file.text), Held::Line(line)))
}

/// The files of the project a glob operand of `command` matches (`node src/*.js`, a `for`
/// loop's variable over `src/*.js`), each judged as the command run on it: `None` when the
/// glob is not the project's own (outside it, its directory computed, or the line writes
/// files, so that what matches is not what is on the disk now).
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn project_glob<'w>(
    command: &SimpleCommand,
    file: &Word,
    ctx: &Context,
    written: impl Fn() -> &'w Written + Copy,
) -> Option<Option<(String, Held)>> {
    /// More matches than this are not each read: the glob stays unseen.
    const MAX_MATCHES: usize = 16;
    if !file.glob || file.dynamic {
        return None;
    }
    let at = command.argv.iter().position(|word| std::ptr::eq(word, file))?;
    let (dir, pattern) = file.text.rsplit_once('/').unwrap_or((".", &file.text));
    let literal_dir = !dir.contains(['*', '?', '[', '$', '~', '\\']) && !dir.starts_with('/');
    if !ctx.cwd_known || !literal_dir || dir.split('/').any(|part| part == "..") || written().writes_any() {
        return None;
    }
    let dir = ctx.cwd.join(dir);
    if !dir.starts_with(&ctx.project_root) || in_temp_dir(&dir, ctx) {
        return None;
    }
    let mut matches = Vec::new();
    // No directory, no match: the program is given the pattern itself, no file.
    let Ok(entries) = std::fs::read_dir(&dir) else { return Some(None) };
    for entry in entries.flatten() {
        let name = entry.file_name().into_string().ok()?;
        if !name.starts_with('.') && super::glob::component_matches(pattern, &name) {
            if matches.len() == MAX_MATCHES {
                return None;
            }
            matches.push(entry.path());
        }
    }
    matches.sort();
    // Each file's text runs: the lines are judged together, and a file that cannot be
    // read wins.
    let mut lines = Vec::new();
    for path in &matches {
        let mut one = command.clone();
        one.argv[at] = Word::literal(path.to_str()?.to_string());
        match script_here(&one, ctx, written) {
            Some((_, Held::Line(line))) => lines.push(line),
            Some(other) => return Some(Some(other)),
            None => {}
        }
    }
    let what = format!("`{}`", file.text);
    Some((!lines.is_empty()).then(|| (what, Held::Line(lines.join("\n")))))
}

/// Source the guard has no reader for, run at once: `go run FILE`, `java X.java` (a single
/// source file), a Gradle init, build or settings script given by option, a zx script (its
/// `` $`…` `` templates are shell lines). A file the line writes, one outside the project, or
/// code on standard input or the command line (`zx --eval`) runs unseen: an ask. The project's
/// own files run as its other programs do.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn unread_source<'w>(
    name: &str,
    command: &SimpleCommand,
    ctx: &Context,
    written: impl Fn() -> &'w Written + Copy,
) -> Option<(String, Held)> {
    let args = command.args();
    let value = |options: &[&str]| {
        args.iter().enumerate().find_map(|(at, w)| {
            options.iter().find_map(|option| match w.text.strip_prefix(option) {
                Some("") => args.get(at + 1),
                Some(rest) if rest.starts_with('=') => Some(w),
                _ => None,
            })
        })
    };
    let operand = |from: usize, valued: &[&str]| {
        let mut at = from;
        while let Some(word) = args.get(at) {
            if !word.text.starts_with('-') {
                return Some(word);
            }
            at += if valued.contains(&word.text.as_str()) { 2 } else { 1 };
        }
        None
    };
    // The script file named in nmap's list of scripts, when it names one (see below).
    let nse_file: Word;
    let (language, file) = match name {
        // `nmap --script FILE`: NSE scripts are Lua, which may `os.execute`; a name, category
        // or expression (`vuln`, `http-title`, `default or safe`) is nmap's own library.
        "nmap" => {
            let list = value(&["--script"])?;
            let text = list.text.strip_prefix("--script=").unwrap_or(&list.text);
            let item = match list.dynamic {
                true => text,
                false => text.split(',').map(str::trim).find(|item| {
                    item.contains(['/', '\\']) || item.ends_with(".nse") || item.ends_with(".lua")
                })?,
            };
            nse_file = Word { text: item.to_string(), ..list.clone() };
            ("NSE (Lua)", &nse_file)
        }
        "go" if args.first().is_some_and(|w| w.text == "run") => {
            const VALUED: &[&str] =
                &["-exec", "-tags", "-ldflags", "-gcflags", "-mod", "-C", "-o", "-p", "-overlay"];
            // `go run - <<'EOF'`, `go run /dev/stdin`: the source is the line's own text.
            let stdin = args[1..].iter().find(|w| is_stdin(&w.text) || !w.text.starts_with('-'));
            if let Some(stdin) = stdin.filter(|w| is_stdin(&w.text)) {
                let what = format!("`go run {}`", stdin.text);
                return Some(match &command.stdin {
                    Stdin::Text(code) => go_commands(code).map_or_else(
                        || {
                            (
                                what.clone(),
                                Held::Opaque(format!("{what} runs Go code the guard cannot follow")),
                            )
                        },
                        |line| (what.clone(), Held::Line(line)),
                    ),
                    _ => (what.clone(), Held::Opaque(format!("{what} runs Go code from its standard input"))),
                });
            }
            let file = operand(1, VALUED)?;
            // A file the line writes with text it shows is read as that text.
            if let Some(path) = located(file, ctx)
                && let Some(Ok(code)) = written().text(&path)
            {
                let what = format!("`{}`", file.text);
                return Some(go_commands(code).map_or_else(
                    || {
                        (
                            what.clone(),
                            Held::Opaque(format!("`go` runs {what}, Go code the guard cannot follow")),
                        )
                    },
                    |line| (what.clone(), Held::Line(line)),
                ));
            }
            ("Go", file)
        }
        "java" if !args.iter().any(|w| w.text == "-jar" || w.text.starts_with("--module")) => {
            let valued =
                ["-cp", "-classpath", "--class-path", "-p", "--module-path", "--source", "--add-modules"];
            let file = operand(0, &valued)?;
            // `java --source 17 /dev/stdin <<< '…'`: a single source file read from the line.
            if is_stdin(&file.text) && args.iter().any(|w| w.text == "--source") {
                let what = format!("`java {}`", file.text);
                let reason =
                    format!("{what} runs Java from its standard input, which the guard does not read");
                return Some((what, Held::Opaque(reason)));
            }
            if !file.text.ends_with(".java") {
                return None;
            }
            ("Java", file)
        }
        "gradle" | "gradlew" => {
            ("Gradle", value(&["--init-script", "-I", "--build-file", "-b", "--settings-file", "-c"])?)
        }
        // `ctest -S x.cmake`: a dashboard script; `bazel --bazelrc=F`: options (with commands
        // in them) for every build.
        "ctest" => ("CMake", value(&["-S", "-SP", "--script"])?),
        "bazel" | "bazelisk" => ("Bazel configuration", value(&["--bazelrc"])?),
        // Build and task files named by option, whose tasks run commands (Ant's `<exec>`,
        // Invoke's `c.run`, a workflow's `run:` steps), and a crate's manifest, whose build
        // script and program run: the project's own are read where they lie, another is not.
        "ant" => {
            let Some(file) = value(&["-f", "-file", "-buildfile"]) else {
                // `ant TARGET`: the working directory's `build.xml`, which the line may write.
                return ant_build(&ctx.cwd.join("build.xml"), "build.xml", written());
            };
            if let Some(path) = located(file, ctx)
                && let Some(found) = ant_build(&path, &file.text, written())
            {
                return Some(found);
            }
            // A build file given as text on standard input: its `<exec>` tasks are the commands.
            if let (true, Stdin::Text(xml)) = (is_stdin(&file.text), &command.stdin)
                && let Some(line) = ant_commands(xml)
            {
                return Some(("`ant -f -`".into(), Held::Line(line)));
            }
            ("Ant build", file)
        }
        "invoke" | "inv" => ("Invoke task", value(&["-c", "--collection", "-r", "--search-root"])?),
        "act" => ("GitHub Actions workflow", value(&["-W", "--workflows"])?),
        // A Maven build (its plugins run code) or a Compose file (its services' images,
        // mounts and commands) named by option: `mvn -f /tmp/x/pom.xml`, `docker compose -f
        // /tmp/x.yml up`. Rendering a Compose file (`config`) runs nothing.
        "mvn" | "mvnw" => ("Maven build", value(&["-f", "--file"])?),
        "docker" | "podman" | "docker-compose" | "podman-compose" => {
            let words = if name.ends_with("-compose") {
                args
            } else if args.first().is_some_and(|w| w.text == "compose") {
                &args[1..]
            } else {
                return None;
            };
            let runs = words.iter().any(|w| {
                matches!(
                    w.text.as_str(),
                    "up" | "run" | "create" | "start" | "restart" | "build" | "exec" | "watch"
                )
            });
            if !runs {
                return None;
            }
            ("Compose", value(&["-f", "--file"])?)
        }
        "cargo" => ("Rust", value(&["--manifest-path"])?),
        // `zig build --build-file F`: a build script, compiled and run.
        "zig" if args.first().is_some_and(|w| w.text == "build") => ("Zig build", value(&["--build-file"])?),
        // A notebook executed (`jupyter nbconvert --execute`, `jupyter execute`, papermill)
        // runs its cells; `nim e` runs NimScript, `nim r` compiles and runs.
        "jupyter" => match args.first().map(|w| w.text.as_str()) {
            Some("execute") => ("notebook", args[1..].iter().find(|w| !w.text.starts_with('-'))?),
            Some("nbconvert") if args.iter().any(|w| w.text == "--execute") => {
                ("notebook", args.iter().find(|w| w.text.ends_with(".ipynb"))?)
            }
            _ => return None,
        },
        "papermill" => ("notebook", args.iter().find(|w| !w.text.starts_with('-'))?),
        "nim" => match args.first().map(|w| w.text.as_str()) {
            Some("e" | "r" | "run") => ("Nim", operand(1, &[])?),
            _ => return None,
        },
        // `rake -f F`: Ruby tasks whose `sh "CMD"` lines are shell lines; where the line
        // writes the file with text it shows, it is read as Ruby.
        "rake" => {
            let file = value(&["-f", "--rakefile"])?;
            if let Some(path) = located(file, ctx)
                && let Some(Ok(code)) = written().text(&path)
            {
                let line = format!("ruby -e {}", crate::shell::quote(&rake_ruby(code)));
                return Some((format!("`{}` (run by `rake`)", file.text), Held::Line(line)));
            }
            ("Rake", file)
        }
        // `cmake -DCMAKE_PROJECT_INCLUDE=F`, `-DCMAKE_TOOLCHAIN_FILE=F`, `-C F`: CMake code run
        // with the project's. A toolchain file outside the project is everyday (an SDK's, a
        // package manager's): only one in a temporary directory, or written by the line, is
        // asked about.
        "cmake" => {
            let mut toolchain = false;
            let file = args.iter().enumerate().find_map(|(at, w)| {
                let definition = match w.text.as_str() {
                    "-D" => args.get(at + 1)?.text.as_str(),
                    "-C" => return args.get(at + 1),
                    text => text.strip_prefix("-D")?,
                };
                let name = definition.split(['=', ':']).next()?;
                toolchain = name == "CMAKE_TOOLCHAIN_FILE";
                let code = toolchain
                    || name.ends_with("_INCLUDE")
                    || name.ends_with("_INCLUDE_BEFORE")
                    || name.starts_with("CMAKE_USER_MAKE_RULES_OVERRIDE");
                code.then(|| if w.text == "-D" { args.get(at + 1) } else { Some(w) }).flatten()
            })?;
            if toolchain {
                let text = file.text.split_once('=').map_or(&*file.text, |(_, v)| v);
                let path = located(&Word { text: text.to_string(), ..file.clone() }, ctx)?;
                if written().text(&path).is_none() && !in_temp_dir(&path, ctx) {
                    return None;
                }
            }
            ("CMake", file)
        }
        // `escript x.erl`, `zig run x.zig`: a script compiled and run (a Kotlin script is read
        // as the interpreters' code is).
        "escript" => ("Erlang", operand(0, &["-s", "-c", "-d", "-i"])?),
        "zig" if args.first().is_some_and(|w| matches!(w.text.as_str(), "run" | "test")) => {
            ("Zig", args[1..].iter().find(|w| w.text.ends_with(".zig"))?)
        }
        // `msbuild x.proj`, `dotnet msbuild x.proj`: a project whose `<Exec Command=…>` tasks
        // are shell lines; read where the line writes it with text it shows.
        "msbuild" | "dotnet"
            if name == "msbuild"
                || args.first().is_some_and(|w| matches!(w.text.as_str(), "msbuild" | "build")) =>
        {
            let file = msbuild_file(if name == "msbuild" { args } else { &args[1..] })?;
            if let Some(path) = located(file, ctx)
                && let Some(Ok(xml)) = written().text(&path)
                && let Some(line) = msbuild_commands(xml)
            {
                return Some((format!("`{}` (run by `{name}`)", file.text), Held::Line(line)));
            }
            ("MSBuild", file)
        }
        // `pwsh -File x.ps1` (any case, any unambiguous prefix PowerShell takes).
        // `pwsh -File x.ps1` (any case), or pwsh's script operand (`pwsh x.ps1`).
        "pwsh" | "powershell" => {
            let at = args.iter().position(|w| {
                let lower = w.text.to_ascii_lowercase();
                matches!(lower.as_str(), "-f" | "-file" | "/file" | "--file")
            });
            let operand =
                || args.iter().find(|w| name == "pwsh" && w.text.to_ascii_lowercase().ends_with(".ps1"));
            ("PowerShell", at.and_then(|at| args.get(at + 1)).or_else(operand)?)
        }
        // Windows Script Host's scripts (`cscript //E:jscript x.js`, `wscript x.vbs`), and the
        // installer code of an assembly `installutil` runs (`installutil /U x.dll`).
        "cscript" | "wscript" | "installutil" => {
            // Their switches: `//E:jscript`, `/U`, `/logfile=`; a `/` path has more than one `/`.
            let switch = |text: &str| {
                text.starts_with("//")
                    || text.starts_with('-')
                    || text.strip_prefix('/').is_some_and(|rest| !rest.contains(['/', '\\']))
            };
            let language = if name == "installutil" { "installer assembly" } else { "Windows Script Host" };
            let file = args.iter().find(|w| !switch(&w.text))?;
            // `//E:jscript notes.txt`: an engine forced on a file not named as a script, which
            // is how code is passed off as data; read the same wherever the file lies.
            let forced =
                args.iter().any(|w| w.text.get(..4).is_some_and(|head| head.eq_ignore_ascii_case("//e:")));
            let script = [".js", ".jse", ".vbs", ".vbe", ".wsf", ".wsh"].iter().any(|ext| {
                let name = file.text.as_bytes();
                name.len() > ext.len() && name[name.len() - ext.len()..].eq_ignore_ascii_case(ext.as_bytes())
            });
            if forced && !script {
                let reason = format!(
                    "`{name}` runs `{}` as a script under a forced engine; the guard does not read {language} code",
                    file.text
                );
                return Some((format!("`{}`", file.text), Held::Opaque(reason)));
            }
            (language, file)
        }
        // `dotnet fsi x.fsx`, `dotnet script x.csx`: a script; `dotnet run --project DIR`: a
        // project built and run.
        "dotnet" => match args.first().map(|w| w.text.as_str()) {
            Some("fsi" | "script") => match operand(1, &[]) {
                Some(file) => ("F# or C# script", file),
                // `dotnet fsi --exec <<< '…'`: the script is the line's own text, unread.
                None if !matches!(command.stdin, Stdin::Inherited) => {
                    let what = format!("`dotnet {}`", args[0].text);
                    let reason = format!(
                        "{what} runs F# or C# from its standard input, which the guard does not read"
                    );
                    return Some((what, Held::Opaque(reason)));
                }
                None => return None,
            },
            Some("run") => ("C#", value(&["--project", "-p"])?),
            _ => return None,
        },
        _ => {
            let code = value(&["--eval", "-e"]);
            match operand(
                0,
                &["--eval", "-e", "--ext", "--prefer-local", "--shell", "--prefix", "--postfix", "--cwd"],
            ) {
                Some(file) if code.is_none() => ("zx", file),
                _ if code.is_some() || !matches!(command.stdin, Stdin::Inherited) => {
                    let reason = format!(
                        "`{name}` runs JavaScript from {}, and its `$`-templates are shell lines the guard does not read",
                        if code.is_some() { "its command line" } else { "its standard input" }
                    );
                    return Some(("`zx`".into(), Held::Opaque(reason)));
                }
                _ => return None,
            }
        }
    };
    let text = file
        .text
        .split_once('=')
        .filter(|(option, _)| option.starts_with('-'))
        .map_or(&*file.text, |(_, v)| v);
    let word = Word { text: text.to_string(), ..file.clone() };
    // `dotnet script https://…/x.csx`: code the tool fetches from the network as it runs.
    if !word.dynamic && (word.text.starts_with("https://") || word.text.starts_with("http://")) {
        let reason = format!(
            "`{name}` runs `{}`, fetched from the network; the guard does not read {language} code",
            word.text
        );
        return Some((format!("`{}`", word.text), Held::Opaque(reason)));
    }
    // A Windows path from a drive or a variable (`C:\tmp\x.dll`, which a POSIX reading makes
    // `C:tmpx.dll`, `%TEMP%\x.js`): not the project's.
    let bytes = word.text.as_bytes();
    let windows = bytes.len() > 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':' && bytes[2] != b'/'
        || word.text.starts_with('%')
        || word.text.get(..5).is_some_and(|head| head.eq_ignore_ascii_case("$env:"));
    if windows && !word.home_only() {
        let reason = format!(
            "`{name}` runs `{}`, from outside the project; the guard does not read {language} code",
            word.text
        );
        return Some((format!("`{}`", word.text), Held::Opaque(reason)));
    }
    let Some(path) = located(&word, ctx) else {
        return (word.dynamic && !word.home_only()).then(|| (format!("`{}`", word.text), Held::Unnamed));
    };
    let what = format!("`{}`", word.text);
    let reason = if written().text(&path).is_some() || written().unpacker.is_some() {
        format!("`{name}` runs {what}, which this line writes; the guard does not read {language} code")
    } else if !path.starts_with(&ctx.project_root) || in_temp_dir(&path, ctx) {
        format!("`{name}` runs {what}, from outside the project; the guard does not read {language} code")
    } else {
        return None;
    };
    Some((what, Held::Opaque(reason)))
}

/// The project file an MSBuild run names: its operand ending in a project, targets or
/// solution extension (`/t:X` and `-p:X` are its switches).
fn msbuild_file(args: &[Word]) -> Option<&Word> {
    const EXTENSIONS: &[&str] = &["proj", "targets", "props", "sln", "xml"];
    let switch = |text: &str| {
        text.starts_with('-')
            || text.strip_prefix('/').is_some_and(|rest| {
                rest.split(':').next().is_some_and(|s| s.bytes().all(|b| b.is_ascii_alphabetic()))
            })
    };
    args.iter().find(|w| {
        !switch(&w.text)
            && w.text.rsplit_once('.').is_some_and(|(_, ext)| EXTENSIONS.iter().any(|e| ext.ends_with(e)))
    })
}

/// The commands of an MSBuild project's `<Exec Command="…">` tasks, one a line (`$(NAME)` is
/// the variable `$NAME`, as MSBuild gives environment variables as properties). `None` when it
/// also does what the guard does not read: a property function (`$([System.IO.File]::…)`), an
/// inline task, an import, or a task that deletes, copies, writes or downloads files.
fn msbuild_commands(xml: &str) -> Option<String> {
    const UNREAD: &[&str] = &[
        "$([",
        "<UsingTask",
        "<Import",
        "<Delete",
        "<RemoveDir",
        "<Copy",
        "<Move",
        "<WriteLinesToFile",
        "<DownloadFile",
        "<Unzip",
        "<MSBuild",
        "<ReadLinesFromFile",
        "<Touch",
        "<MakeDir",
        "<Sdk",
        "Sdk=",
    ];
    if UNREAD.iter().any(|unread| xml.contains(unread)) {
        return None;
    }
    let mut lines = Vec::new();
    for exec in xml.split("<Exec").skip(1) {
        let open = exec.split('>').next().unwrap_or(exec);
        let at = open.find("Command=")? + "Command=".len();
        let quote = open[at..].chars().next().filter(|c| matches!(c, '"' | '\''))?;
        let value = open[at + 1..].split(quote).next()?;
        let value = value
            .replace("&quot;", "\"")
            .replace("&apos;", "'")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&#xA;", "\n")
            .replace("&amp;", "&");
        lines.push(msbuild_properties(&value));
    }
    Some(lines.join("\n"))
}

/// `$(NAME)` of an MSBuild value as the shell's `${NAME}` (a property named like an
/// environment variable is its value); anything else stays as written.
fn msbuild_properties(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(at) = rest.find("$(") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        match after.find(')') {
            Some(end) if after[..end].bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') => {
                out.push_str(&format!("${{{}}}", &after[..end]));
                rest = &after[end + 1..];
            }
            _ => {
                out.push_str("$(");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A Rakefile's Ruby with Rake's `sh "CMD"` and `sh('CMD')` (a shell line Rake runs) written as
/// Ruby's `system("CMD")`, which the Ruby scan reads.
fn rake_ruby(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut from = 0;
    for (at, _) in code.match_indices("sh") {
        if at < from {
            continue;
        }
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | ':')) {
            continue;
        }
        let after = &code[at + 2..];
        let rest = after.trim_start_matches([' ', '(']);
        if rest.len() == after.len() {
            continue;
        }
        let Some(quote) = rest.chars().next().filter(|c| matches!(c, '"' | '\'')) else { continue };
        let Some(line) = rest[1..].split(quote).next() else { continue };
        out.push_str(&code[from..at]);
        out.push_str(&format!("system({quote}{line}{quote})"));
        from = code.len() - rest.len() + 1 + line.len() + 1;
        // A call written with parentheses keeps its own closing one out of the text.
        if after.trim_start().starts_with('(') {
            if let Some(close) = code[from..].find(')') {
                from += close + 1;
            }
        }
    }
    out.push_str(&code[from.min(code.len())..]);
    out
}

/// What Go source does that the guard judges, as shell lines: files read (`os.ReadFile`,
/// `ioutil.ReadFile`, `os.Open`) as `cat`, files written (`os.WriteFile`) as `touch`, trees removed (`os.RemoveAll`, `os.Remove`) as
/// `rm -rf`, programs run (`exec.Command("sh", "-c", CMD)`) as their command line, the
/// environment printed (`os.Environ()`) as `env`. `None` when
/// such a call is given anything but string literals, which the guard cannot compute.
fn go_commands(code: &str) -> Option<String> {
    // Packages that reach the network, the system's calls or foreign code, and any package
    // outside the standard library: what they do is not among the calls read below.
    let foreign = |package: &str| {
        package == "C"
            || package == "unsafe"
            || package == "plugin"
            || package == "syscall"
            || package == "net"
            || package.starts_with("net/")
            || package.split('/').next().is_some_and(|host| host.contains('.'))
    };
    if go_imports(code).any(foreign) {
        return None;
    }
    const CALLS: &[(&str, &str)] = &[
        ("os.ReadFile(", "cat"),
        ("ioutil.ReadFile(", "cat"),
        ("os.Open(", "cat"),
        ("os.OpenFile(", "cat"),
        ("os.WriteFile(", "touch"),
        ("ioutil.WriteFile(", "touch"),
        ("os.Create(", "touch"),
        ("os.RemoveAll(", "rm -rf"),
        ("os.Remove(", "rm -f"),
        ("exec.Command(", ""),
        ("exec.CommandContext(", ""),
    ];
    let mut lines = Vec::new();
    // The whole environment, with its tokens and keys, printed (`fmt.Println(os.Environ())`)
    // is `env`; handed to a child (`cmd.Env = os.Environ()`) it is not shown.
    if code.contains("os.Environ()")
        && ["fmt.Print", "fmt.Fprint", "log.Print", "json.", "os.Stdout", "println("]
            .iter()
            .any(|p| code.contains(p))
    {
        lines.push("env".to_owned());
    }
    for (call, program) in CALLS {
        for (at, _) in code.match_indices(call) {
            let mut rest = code[at + call.len()..].trim_start();
            if *call == "exec.CommandContext(" {
                rest = rest.split_once(',')?.1.trim_start();
            }
            let mut words = Vec::new();
            // The leading string literals; `os.OpenFile` takes flags after its path.
            while let Some(quote) = rest.chars().next().filter(|c| matches!(c, '"' | '`')) {
                let body = &rest[1..];
                let end = if quote == '`' { body.find('`')? } else { go_string_end(body)? };
                words.push(go_unquoted(&body[..end], quote == '`'));
                rest = body[end + 1..].trim_start();
                match rest.strip_prefix(',') {
                    Some(more) => rest = more.trim_start(),
                    None => break,
                }
            }
            // A file opened or written takes its flags, data and mode after the path.
            let open_flags =
                matches!(*call, "os.OpenFile(" | "os.WriteFile(" | "ioutil.WriteFile(") && words.len() == 1;
            if words.is_empty() || !rest.starts_with(')') && !open_flags {
                return None;
            }
            let shell = |w: &String| format!("'{}'", w.replace('\'', "'\\''"));
            lines.push(match (*program, words.as_slice()) {
                ("", [sh, flag, line, ..]) if SHELLS.contains(&sh.as_str()) && flag == "-c" => line.clone(),
                ("", _) => words.iter().map(shell).collect::<Vec<_>>().join(" "),
                (program, [path]) => format!("{program} {}", shell(path)),
                _ => return None,
            });
        }
    }
    Some(lines.join("\n"))
}

/// The packages Go source imports (`import "os"`, `import ( "fmt"; x "os/exec" )`).
fn go_imports(code: &str) -> impl Iterator<Item = &str> {
    code.match_indices("import").flat_map(move |(at, _)| {
        let rest = code[at + "import".len()..].trim_start();
        let block = match rest.strip_prefix('(') {
            Some(inner) => &inner[..inner.find(')').unwrap_or(inner.len())],
            None => rest.lines().next().unwrap_or_default(),
        };
        block.split('"').skip(1).step_by(2)
    })
}

/// Where a Go interpreted string literal's body ends (its closing `"`), escapes skipped.
fn go_string_end(body: &str) -> Option<usize> {
    let mut escaped = false;
    body.char_indices().find_map(|(at, c)| match c {
        _ if escaped => {
            escaped = false;
            None
        }
        '\\' => {
            escaped = true;
            None
        }
        '"' => Some(at),
        _ => None,
    })
}

/// A Go string literal's text: a raw one as written, an interpreted one with its simple
/// escapes decoded.
fn go_unquoted(body: &str, raw: bool) -> String {
    if raw {
        return body.to_string();
    }
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match (c, c == '\\') {
            (_, true) => match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(other) => out.push(other),
                None => {}
            },
            (c, false) => out.push(c),
        }
    }
    out
}

/// The Ant build file at `path` (`shown` as the line names it) when the line writes it: its
/// `<exec>` commands where [`ant_commands`] reads them all, else unseen. `None` for a file the
/// line does not write.
fn ant_build(path: &Path, shown: &str, written: &Written) -> Option<(String, Held)> {
    let what = format!("`{shown}` (run by `ant`)");
    match written.text(path)? {
        Ok(xml) => Some(match ant_commands(xml) {
            Some(line) => (what, Held::Line(line)),
            None => {
                let reason = format!(
                    "`ant` runs `{shown}`, which this line writes; the guard does not read Ant build code"
                );
                (what, Held::Opaque(reason))
            }
        }),
        Err(writer) => Some((what, Held::Unknown(writer.to_string()))),
    }
}

/// The commands an Ant build file runs, one a line: each `<exec executable="X">` with its
/// `<arg line="…"/>` and `<arg value="…"/>` (`${user.home}` is `$HOME`). `None` when it holds
/// any other task (`<java>`, `<delete>`, `<copy>`, `<echo file=…>`, a task defined or imported),
/// which the guard does not read.
fn ant_commands(xml: &str) -> Option<String> {
    const KNOWN: &[&str] = &["project", "target", "exec", "arg", "echo", "property", "description", "env"];
    let known = xml.split('<').skip(1).all(|tag| {
        let name =
            tag.trim_start_matches('/').split(|c: char| c.is_whitespace() || c == '>' || c == '/').next();
        tag.starts_with(['?', '!']) || name.is_some_and(|name| KNOWN.contains(&name))
    });
    if !known
        || xml.split("<echo").skip(1).any(|echo| echo.split('>').next().is_some_and(|o| o.contains("file=")))
    {
        return None;
    }
    let attribute = |tag: &str, key: &str| {
        let open = tag.split('>').next().unwrap_or(tag);
        let at = open.find(&format!(" {key}=\""))? + key.len() + 3;
        let value = open[at..].split('"').next()?;
        Some(
            value
                .replace("&quot;", "\"")
                .replace("&apos;", "'")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&")
                .replace("${user.home}", "$HOME"),
        )
    };
    let mut lines = Vec::new();
    for exec in xml.split("<exec").skip(1) {
        let body = exec.split("</exec>").next().unwrap_or(exec);
        let mut line = vec![attribute(body, "executable")?];
        for arg in body.split("<arg").skip(1) {
            match (attribute(arg, "line"), attribute(arg, "value")) {
                (Some(words), _) => line.push(words),
                (None, Some(value)) => line.push(crate::shell::quote(&value)),
                _ => return None,
            }
        }
        lines.push(line.join(" "));
    }
    Some(lines.join("\n"))
}

/// The files that hold the program of `command`, named `name`, by its options or operands,
/// each with the language it is written in (`name` itself, or the program that runs it):
/// awk's `-f`/`-E`/`-i` (gawk's include), sed's `-f`, vim's `-S` and `-u` (Lua for a `.lua`
/// file), neovim's `-l` script, an Ex script on an editor's standard input (`vim -es < x`),
/// m4's operands, sqlite3's and duckdb's `-init` file, file on standard input and `.read`
/// files, a file-transfer client's batch file. The files an editor's `-c`, `--cmd` or `+`
/// command runs (`:source`, `:luafile`) are commands of their own, found by the analysis.
/// `None` for any other program or when there are none.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn program_files(name: &str, command: &SimpleCommand) -> Option<Vec<(Word, &'static str)>> {
    let args = command.args();
    let valued = |options: &[&str], clusters: char| -> Vec<Word> {
        let mut files = Vec::new();
        for (at, word) in args.iter().enumerate() {
            let text = word.text.as_str();
            let long = options
                .iter()
                .filter(|o| o.starts_with("--"))
                .find_map(|o| text.strip_prefix(o).and_then(|rest| rest.strip_prefix('=')));
            // `--file=F`, and `-fF` with the value attached to a one-letter option.
            let attached =
                options.iter().filter(|o| o.len() == 2 && text.len() > 2).find_map(|o| text.strip_prefix(o));
            if let Some(value) = long.or(attached) {
                files.push(Word { text: value.to_string(), ..word.clone() });
            } else if options.contains(&text)
                || text.len() > 2
                    && text.starts_with('-')
                    && !text.starts_with("--")
                    && text.ends_with(clusters)
            {
                files.extend(args.get(at + 1).cloned());
            }
        }
        files
    };
    let own = |files: Vec<Word>, language: &'static str| files.into_iter().map(|f| (f, language)).collect();
    let files: Vec<(Word, &'static str)> = match name {
        "awk" | "gawk" | "mawk" | "nawk" => {
            own(valued(&["-f", "--file", "-E", "--exec", "-i", "--include"], 'f'), "awk")
        }
        "sed" | "gsed" => own(valued(&["-f", "--file"], 'f'), "sed"),
        "vi" | "vim" | "nvim" | "view" | "ex" | "gvim" | "vimdiff" | "rvim" | "ed" => {
            let mut files: Vec<(Word, &'static str)> = valued(&["-S", "-u"], '\0')
                .into_iter()
                .filter(|file| {
                    !file.text.starts_with('-') && !matches!(file.text.as_str(), "NONE" | "NORC" | "DEFAULTS")
                })
                .map(|file| {
                    let language = if file.text.ends_with(".lua") { "lua" } else { "vim" };
                    (file, language)
                })
                .collect();
            // `nvim -l x.lua ARGS`: the script, and the words after it are its arguments.
            if name == "nvim" {
                let script = args.iter().position(|w| w.text == "-l").and_then(|at| args.get(at + 1));
                files.extend(script.map(|file| (file.clone(), "lua")));
            }
            // `vim -es < x.vim`, `ed f < x.ed`: Ex commands read from standard input.
            if let Stdin::File(file) = &command.stdin
                && crate::shell::reads_code_from_stdin(&command.argv)
            {
                files.push((file.clone(), "vim"));
            }
            files
        }
        // sqlite3's and duckdb's commands from `-init FILE`, a file on standard input, and each
        // `.read FILE` of the commands given (arguments, a here-string or heredoc).
        "sqlite3" | "duckdb" => {
            let mut files: Vec<(Word, &'static str)> =
                valued(&["-init"], '\0').into_iter().map(|file| (file, "sqlite3")).collect();
            let fed = match &command.stdin {
                Stdin::File(file) => {
                    files.push((file.clone(), "sqlite3"));
                    None
                }
                Stdin::Text(text) => Some(text.as_str()),
                _ => None,
            };
            for text in args.iter().map(|word| word.text.as_str()).chain(fed) {
                for (_, file) in crate::shell::dot_commands(text).filter(|(dot, _)| *dot == ".read") {
                    let file = file.trim().trim_matches(['\'', '"']);
                    if file.is_empty() || file.starts_with('|') {
                        continue;
                    }
                    let dynamic = file.contains(['$', '`']);
                    let word = Word { text: file.to_string(), raw: file.to_string(), dynamic, glob: false };
                    files.push((word, "sqlite3"));
                }
            }
            files
        }
        // The files psql's `\i`/`\ir` (`\include`, `\include_relative`) and mysql's `source`/`\.`
        // read as statements, from the statements given (`-c`/`-e`, a here-string or heredoc).
        "psql" | "mysql" | "mariadb" => {
            let (options, includes): (&[&str], &[&str]) = if name == "psql" {
                (&["-c", "--command"], &["\\i ", "\\ir ", "\\include ", "\\include_relative "])
            } else {
                (&["-e", "--execute"], &["source ", "\\. "])
            };
            let fed = match &command.stdin {
                Stdin::Text(text) => Some(text.clone()),
                _ => None,
            };
            let mut files = Vec::new();
            for text in valued(options, '\0').iter().map(|word| word.text.clone()).chain(fed) {
                for part in text.split(['\n', ';']).map(str::trim_start) {
                    let Some(file) = includes.iter().find_map(|include| {
                        let head = part.get(..include.len())?;
                        head.eq_ignore_ascii_case(include).then(|| part[include.len()..].trim())
                    }) else {
                        continue;
                    };
                    let file = file.trim_matches(['\'', '"']);
                    if file.is_empty() {
                        continue;
                    }
                    let dynamic = file.contains(['$', '`']);
                    let word = Word { text: file.to_string(), raw: file.to_string(), dynamic, glob: false };
                    files.push((word, if name == "psql" { "psql" } else { "mysql" }));
                }
            }
            files
        }
        // A file-transfer client's batch of commands: `sftp -b FILE`, `lftp -f FILE`, or a file
        // on standard input (`sftp host < FILE`, `ftp host < FILE`).
        "sftp" | "lftp" | "ftp" => {
            let option = match name {
                "sftp" => valued(&["-b"], '\0'),
                "lftp" => valued(&["-f"], '\0'),
                _ => Vec::new(),
            };
            let stdin = match &command.stdin {
                Stdin::File(file) => Some(file.clone()),
                _ => None,
            };
            // `lftp -c 'source FILE'`: lftp's own command that reads FILE as commands.
            let sourced = args.iter().filter(|_| name == "lftp").flat_map(|word| {
                word.text.split([';', '\n']).filter_map(move |part| {
                    let file = part.trim().strip_prefix("source ")?.trim();
                    let file = file.trim_matches(['\'', '"']);
                    (!file.is_empty() && !file.starts_with('-')).then(|| Word {
                        text: file.to_string(),
                        raw: file.to_string(),
                        ..word.clone()
                    })
                })
            });
            option
                .into_iter()
                .chain(sourced)
                .filter(|file| !is_stdin(&file.text))
                .chain(stdin)
                .map(|file| (file, "sftp"))
                .collect()
        }
        // `cmake -P FILE`: a CMake script.
        "cmake" => own(valued(&["-P"], '\0'), "cmake"),
        "m4" | "gm4" => {
            let mut files = Vec::new();
            let mut words = args.iter();
            while let Some(word) = words.next() {
                match word.text.as_str() {
                    "-D" | "-U" | "-I" | "-o" | "-F" | "-R" | "-l" | "-L" | "-d" | "-t" => {
                        words.next();
                    }
                    text if !text.starts_with('-') => files.push((word.clone(), "m4")),
                    _ => {}
                }
            }
            files
        }
        _ => return None,
    };
    (!files.is_empty()).then_some(files)
}

/// The shell lines a CMake script runs or stands for: each `execute_process(COMMAND …)` (its
/// commands piped) and `exec_program`, and `file(REMOVE_RECURSE|REMOVE|WRITE|APPEND|READ|
/// UPLOAD …)` as rm, a redirect, cat and curl. `$ENV{NAME}` is the environment variable.
fn cmake_lines(script: &str) -> String {
    let mut lines = Vec::new();
    let lower = script.to_ascii_lowercase();
    for (call, keyword) in
        [("execute_process(", "execute_process"), ("exec_program(", "exec_program"), ("file(", "file")]
    {
        for (at, _) in lower.match_indices(call) {
            if lower[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
                continue;
            }
            let body = &script[at + call.len()..];
            let body = &body[..cmake_call_end(body)];
            let args: Vec<String> = cmake_arguments(body);
            let quoted = |words: &[String]| words.iter().map(|w| cmake_word(w)).collect::<Vec<_>>().join(" ");
            let line = match keyword {
                "execute_process" => {
                    // Each `COMMAND` starts a command; any other keyword ends it.
                    let mut commands: Vec<Vec<String>> = Vec::new();
                    let mut open = false;
                    for arg in &args {
                        if cmake_keyword(arg) {
                            open = arg == "COMMAND";
                            if open {
                                commands.push(Vec::new());
                            }
                        } else if let Some(command) = commands.last_mut().filter(|_| open) {
                            command.push(arg.clone());
                        }
                    }
                    commands
                        .iter()
                        .filter(|c| !c.is_empty())
                        .map(|c| quoted(c))
                        .collect::<Vec<_>>()
                        .join(" | ")
                }
                "exec_program" => {
                    let mut words = args.get(..1).unwrap_or_default().to_vec();
                    if let Some(at) = args.iter().position(|a| a == "ARGS") {
                        words.extend(args[at + 1..].iter().take_while(|a| !cmake_keyword(a)).cloned());
                    }
                    quoted(&words)
                }
                _ => match args.split_first() {
                    Some((mode, rest)) => match mode.as_str() {
                        "REMOVE_RECURSE" => format!("rm -rf {}", quoted(rest)),
                        "REMOVE" => format!("rm -f {}", quoted(rest)),
                        "WRITE" | "APPEND" => {
                            let redirect = if mode == "WRITE" { ">" } else { ">>" };
                            let text = crate::shell::quote(&rest.get(1..).unwrap_or_default().join(""));
                            format!("printf %s {text} {redirect} {}", quoted(&rest[..rest.len().min(1)]))
                        }
                        "READ" => format!("cat {}", quoted(&rest[..rest.len().min(1)])),
                        "UPLOAD" if rest.len() >= 2 => {
                            format!("curl -T {} {}", cmake_word(&rest[0]), cmake_word(&rest[1]))
                        }
                        _ => continue,
                    },
                    None => continue,
                },
            };
            lines.push(line);
        }
    }
    lines.join("\n")
}

/// Where a CMake call's arguments end: at the `)` that closes its `(`, as CMake's own
/// parentheses nest (`if((a))`, `execute_process(COMMAND sh -c "$(id)" …)`) and a quoted
/// argument may hold one (`"a)"`).
fn cmake_call_end(body: &str) -> usize {
    let mut depth = 0usize;
    let mut quoted = false;
    let mut escaped = false;
    for (at, c) in body.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '"' => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted && depth == 0 => return at,
            ')' if !quoted => depth -= 1,
            _ => {}
        }
    }
    body.len()
}

/// A keyword of a CMake call (`COMMAND`, `WORKING_DIRECTORY`, `OUTPUT_VARIABLE`).
fn cmake_keyword(arg: &str) -> bool {
    arg.len() > 1 && arg.chars().all(|c| c.is_ascii_uppercase() || c == '_')
}

/// CMake's arguments: words split at white space, a `"…"` one word without its quotes.
fn cmake_arguments(body: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        let mut arg = String::new();
        if c == '"' {
            for c in chars.by_ref() {
                if c == '"' {
                    break;
                }
                arg.push(c);
            }
        } else {
            arg.push(c);
            while let Some(c) = chars.next_if(|c| !c.is_whitespace()) {
                arg.push(c);
            }
        }
        args.push(arg);
    }
    args
}

/// A CMake argument as a shell word: `$ENV{NAME}` is `$NAME`, left to expand; the rest quoted.
fn cmake_word(arg: &str) -> String {
    let mut word = String::new();
    let mut rest = arg;
    while let Some(at) = rest.find("$ENV{") {
        if at > 0 {
            word.push_str(&crate::shell::quote(&rest[..at]));
        }
        let tail = &rest[at + 5..];
        let end = tail.find('}').unwrap_or(tail.len());
        word.push_str(&format!("\"${{{}}}\"", &tail[..end]));
        rest = tail.get(end + 1..).unwrap_or_default();
    }
    if !rest.is_empty() || word.is_empty() {
        word.push_str(&crate::shell::quote(rest));
    }
    word
}

/// The program `name` reads from `files`, as a line that gives the same text on the command
/// line or standard input: `awk 'TEXT'`, `sed -e 'TEXT'`, `vim -es <<< 'TEXT'`, `m4 <<< 'TEXT'`,
/// and `lua -e 'TEXT'` (the interpreters' option, [`INTERPRETERS`]) for a file in another
/// language. A file named by a value the line does not fix, or one in a temp directory that
/// cannot be read, is not seen.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn program_text<'w>(
    name: &str,
    files: &[(Word, &'static str)],
    fed: Option<&str>,
    ctx: &Context,
    written: impl FnOnce() -> &'w Written,
) -> Option<(String, Held)> {
    let written = written();
    // The texts of the program's own language, joined into one program; each other file on
    // its own line.
    let mut texts = Vec::new();
    let mut others = Vec::new();
    let mut shown = Vec::new();
    for (file, language) in files {
        let what = format!("`{}`", file.text);
        // `cmake -P /dev/stdin <<< TEXT`: the program is the here-string or heredoc.
        let from_stdin = if is_stdin(&file.text) { fed.map(|text| Ok(text.to_string())) } else { None };
        let contents = match from_stdin {
            Some(text) => Some(text),
            None => {
                let Some(path) = located(file, ctx) else {
                    if file.dynamic {
                        return Some((what, Held::Unnamed));
                    }
                    continue;
                };
                match written.contents(&path, || read_small(&path, MAX_SCRIPT_BYTES, false)) {
                    None if in_temp_dir(&path, ctx) => return Some((what, Held::Unread)),
                    contents => contents,
                }
            }
        };
        match contents {
            Some(Ok(text)) => {
                match INTERPRETERS.iter().find(|(interpreter, _)| interpreter == language) {
                    Some((interpreter, option)) => {
                        others.push(format!("{interpreter} {option} {}", crate::shell::quote(&text)));
                    }
                    None => texts.push(text),
                }
                shown.push(what);
            }
            Some(Err(writer)) => return Some((what, Held::Unknown(writer))),
            None => {}
        }
    }
    if !texts.is_empty() {
        let text = crate::shell::quote(&texts.join("\n"));
        others.push(match name {
            "sed" | "gsed" => format!("sed -e {text}"),
            "m4" | "gm4" => format!("m4 <<< {text}"),
            "awk" | "gawk" | "mawk" | "nawk" => format!("{name} {text}"),
            "cmake" => cmake_lines(&texts.join("\n")),
            "sqlite3" | "duckdb" | "sftp" | "lftp" | "ftp" | "psql" | "mysql" | "mariadb" => {
                format!("{name} <<< {text}")
            }
            _ => format!("vim -es <<< {text}"),
        });
    }
    (!others.is_empty()).then(|| (shown.join(", "), Held::Line(others.join("\n"))))
}

/// The script a Python tool module runs (`python3 -m cProfile -o out x.py`, `-m trace
/// --trace x.py`, `-m pdb x.py`, `-m profile x.py`): the first operand after its options.
fn tool_module_script<'w>(name: &str, args: &'w [Word]) -> Option<&'w Word> {
    if !name.starts_with("python") {
        return None;
    }
    let at = args.windows(2).position(|pair| {
        pair[0].text == "-m" && matches!(pair[1].text.as_str(), "cProfile" | "profile" | "trace" | "pdb")
    })? + 2;
    let mut words = args[at..].iter();
    while let Some(word) = words.next() {
        match word.text.as_str() {
            // The tool runs a module, not a file.
            "-m" => return None,
            "-o" | "-s" | "-c" | "--file" | "--coverdir" | "--ignore-module" | "--ignore-dir" | "-C" => {
                words.next();
            }
            text if text.starts_with('-') => {}
            _ => return Some(word),
        }
    }
    None
}

/// A shell script's text with its positional parameters (`$1`, `${2}`, `$@`, `$*`) replaced by
/// the words it is run with, outside single quotes: `rm -rf "$1"` run as `bash x.sh ~` is
/// `rm -rf "$HOME"`. Other text is left as it is.
fn with_arguments(text: &str, args: &[Word]) -> String {
    if !text.contains('$') {
        return text.to_string();
    }
    let value = |index: usize| args.get(index).map(argument).unwrap_or_default();
    let mut out = String::with_capacity(text.len());
    let (mut single, mut double) = (false, false);
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '\\' if !single => {
                out.push(c);
                if let Some((_, escaped)) = chars.next() {
                    out.push(escaped);
                }
                continue;
            }
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '$' if !single => {
                let rest = &text[at + 1..];
                let digit = rest.chars().next().and_then(|d| d.to_digit(10)).filter(|d| *d > 0);
                let braced =
                    rest.strip_prefix('{').and_then(|inner| inner.split_once('}')).and_then(|(number, _)| {
                        number.parse::<usize>().ok().filter(|n| *n > 0).map(|n| (n, number.len() + 2))
                    });
                let (replacement, skip) = match (digit, braced, rest.chars().next()) {
                    (Some(d), ..) => (value(d as usize - 1), 1),
                    (None, Some((n, length)), _) => (value(n - 1), length),
                    (None, None, Some('@' | '*')) => {
                        (args.iter().map(argument).collect::<Vec<_>>().join(" "), 1)
                    }
                    _ => {
                        out.push(c);
                        continue;
                    }
                };
                out.push_str(&replacement);
                for _ in 0..skip {
                    chars.next();
                }
                continue;
            }
            _ => {}
        }
        out.push(c);
    }
    out
}

/// A word of the line as the script receives it, written so that it reads the same inside or
/// outside double quotes: a run-time value stays the variable it is, `~` is `$HOME`.
fn argument(word: &Word) -> String {
    if word.dynamic {
        return word.text.clone();
    }
    let tilde = word.raw.starts_with('~') && (word.text == "~" || word.text.starts_with("~/"));
    if tilde {
        return format!("$HOME{}", &word.text[1..]);
    }
    let mut escaped = String::with_capacity(word.text.len());
    for c in word.text.chars() {
        if matches!(c, '"' | '\\' | '$' | '`') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

/// The script operand: the first word after the options; `None` when an option says the
/// program runs text from the command line (which the shell analysis already reads).
fn first_operand<'w>(args: &'w [Word], inline_letters: &[char]) -> Option<&'w Word> {
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let text = word.text.as_str();
        if word.dynamic && !word.home_only() {
            // A name xargs reads or a command prints is the script (asked about as chosen at
            // run time); a variable may as well hold options.
            let named = text.contains(crate::shell::XARGS_INPUT) || text.contains("$(") || text.contains('`');
            return (named && crate::shell::chosen_at_run_time(word).is_some()).then_some(word);
        }
        if !text.starts_with('-') || text == "-" {
            return (text != "-").then_some(word);
        }
        if text == "--" {
            return words.next();
        }
        let inline =
            INLINE_OPTIONS.contains(&text) || !text.starts_with("--") && text.ends_with(inline_letters);
        if inline {
            return None;
        }
        if OPTIONS_WITH_VALUE.contains(&text) {
            words.next();
        }
    }
    None
}

/// The file a script word names, expanded as every other path word is (`~`, `~user`, `$HOME`,
/// `${HOME}`, a variable the line set to one of those); `None` when its value is not known
/// here, or it is relative to a directory that is not.
fn located(word: &Word, ctx: &Context) -> Option<PathBuf> {
    let in_home = (word.dynamic || word.raw.starts_with('~')) && word.text.starts_with(['~', '$']);
    let anywhere = ctx.cwd_known || in_home || word.text.starts_with('/');
    named(word, ctx).filter(|_| anywhere)
}

/// The path a word names, against the command's working directory; `None` when a run-time
/// part other than the home directory is in it.
fn named(word: &Word, ctx: &Context) -> Option<PathBuf> {
    if word.dynamic && !word.home_only() {
        return None;
    }
    Some(place(&word.text, word.dynamic || word.raw.starts_with('~'), ctx))
}

/// `text` as a path of the command's working directory; `expands` when its `~` or `$HOME` is
/// the shell's (not quoted): then it is in the home directory, whatever the directory.
fn place(text: &str, expands: bool, ctx: &Context) -> PathBuf {
    // A Windows spelling (`.\x.exe`, `C:\temp\x.exe`) is the path it names.
    if expands && text.starts_with(['~', '$']) || text.contains('\\') || text.get(1..2) == Some(":") {
        return super::files::resolve(text, ctx);
    }
    ctx.cwd.join(text)
}

/// Whether a script that cannot be read was put where it is by something the line does not
/// show: it is in a temp or downloads directory (`bash ~/Downloads/fix.sh`), or it is
/// missing outside both the project and the home directory (a sibling of a project that is
/// not under home). A missing script of the project's own fails to run, and the user's own
/// (`~/bin/build.sh`, `~/.cargo/env`) are theirs.
fn unread_elsewhere(path: &Path, ctx: &Context) -> bool {
    // A path up and out of the project leaves it although its text starts there.
    let Some(path) = crate::lifecycle::confine::normalise(path) else { return true };
    let home = ctx.home.as_deref();
    let downloads = home.is_some_and(|home| path.starts_with(home.join("Downloads")));
    let own = path.starts_with(&ctx.project_root) || home.is_some_and(|home| path.starts_with(home));
    in_temp_dir(&path, ctx) || downloads || !own && !path.exists()
}

/// Whether `path` is in a temp directory (and not in a project or a home directory that
/// happens to live there: a container's or a CI runner's `HOME` is often under `/tmp`).
pub(crate) fn in_temp_dir(path: &Path, ctx: &Context) -> bool {
    ctx.temp_dirs.iter().any(|temp| path.starts_with(temp))
        && !path.starts_with(&ctx.project_root)
        && !ctx.home.as_ref().is_some_and(|home| path.starts_with(home))
}

/// The text of the regular file at `path`, when it is at most `limit` bytes and UTF-8. Of an
/// `executable` that is a compiled program (ELF, Mach-O, PE), only the first bytes are read.
fn read_small(path: &Path, limit: u64, executable: bool) -> Option<String> {
    let file = std::fs::File::open(path).ok()?;
    let metadata = file.metadata().ok()?;
    if !metadata.is_file() || metadata.len() > limit {
        return None;
    }
    let mut bytes = Vec::new();
    let mut file = file.take(limit);
    if executable {
        const COMPILED: [&[u8]; 5] =
            [b"\x7fELF", b"MZ", b"\xcf\xfa\xed\xfe", b"\xce\xfa\xed\xfe", b"\xca\xfe\xba\xbe"];
        let mut head = [0u8; 4];
        let read = file.read(&mut head).ok()?;
        if COMPILED.iter().any(|magic| head[..read].starts_with(magic)) {
            return None;
        }
        bytes.extend_from_slice(&head[..read]);
    }
    file.read_to_end(&mut bytes).ok()?;
    String::from_utf8(bytes).ok()
}

/// The services of the compose files that `docker compose up` (`run`, `create`, …) brings up
/// and that the line itself writes, as the `docker run` lines that start them
/// ([`super::compose`]). Compose files only on disk are the project's and are not read.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn brought_up_compose(command: &SimpleCommand, ctx: &Context, written: &Written) -> Option<(String, Held)> {
    let mut lines = Vec::new();
    let paths = super::compose::files(command, &ctx.cwd)?;
    for given in super::compose::given_texts(command) {
        match given {
            Ok(text) => lines.extend(super::compose::service_lines(&text)),
            Err(source) => {
                let reason = format!(
                    "the compose file it brings up is {source}, which is not computed: the containers it starts are not seen"
                );
                return Some(("the compose file".to_string(), Held::Opaque(reason)));
            }
        }
    }
    for path in paths {
        match written.text(&path) {
            Some(Ok(text)) => lines.extend(super::compose::service_lines(text)),
            Some(Err(writer)) => {
                return Some((format!("`{}`", path.display()), Held::Unknown(writer.to_string())));
            }
            None => {}
        }
    }
    (!lines.is_empty()).then(|| ("the compose file it brings up".to_string(), Held::Line(lines.join("\n"))))
}

/// The `RUN` lines of a Dockerfile that `docker build` (`buildx build`, `podman build`,
/// `buildah bud`) builds and that the line itself gives: on standard input (`docker build -
/// <<EOF`, `-f -`) or written by an earlier command (`cat > Dockerfile <<EOF … EOF; docker
/// build .`). They run as a `docker run` command does, judged as shell lines, with the paths
/// the build context is copied or bind-mounted to (`COPY . /src`, `RUN --mount=type=bind,
/// target=/src`) read as the context's own. A Dockerfile only on disk is the project's and
/// is not read.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn built_dockerfile(command: &SimpleCommand, ctx: &Context, written: &Written) -> Option<(String, Held)> {
    let args = command.args();
    let verb = args.iter().position(|w| matches!(w.text.as_str(), "build" | "bud"))?;
    let mut file = None;
    let mut context = None;
    let mut words = args[verb + 1..].iter();
    while let Some(word) = words.next() {
        match word.text.as_str() {
            "-f" | "--file" => file = words.next(),
            text if text.starts_with("--file=") => file = Some(word),
            // The build options that take a value (the common ones; an unknown one's value
            // is at worst read as the context).
            "-t" | "--tag" | "--build-arg" | "--target" | "--platform" | "--secret" | "--ssh" | "-o"
            | "--output" | "--cache-from" | "--cache-to" | "--label" | "--network" | "--progress"
            | "--builder" | "--build-context" | "--iidfile" | "--metadata-file" | "--add-host" => {
                words.next();
            }
            text if !text.starts_with('-') || text == "-" => context = Some(word),
            _ => {}
        }
    }
    let context = context?;
    let file_text = file.map(|f| f.text.strip_prefix("--file=").unwrap_or(&f.text));
    let text = match file_text {
        Some("-") => match &command.stdin {
            Stdin::Text(text) => text.clone(),
            _ => return None,
        },
        None if context.text == "-" => match &command.stdin {
            Stdin::Text(text) => text.clone(),
            _ => return None,
        },
        _ if context.dynamic => return None,
        name => {
            let name = name.unwrap_or("Dockerfile");
            let path = if Path::new(name).is_absolute() || file.is_some() {
                ctx.cwd.join(name)
            } else {
                ctx.cwd.join(&context.text).join(name)
            };
            match written.text(&path)? {
                Ok(text) => text.to_string(),
                Err(writer) => return Some((format!("`{name}`"), Held::Unknown(writer.to_string()))),
            }
        }
    };
    let root = if context.text == "-" { "." } else { context.text.as_str() };
    let lines = dockerfile_runs(&text, root);
    (!lines.is_empty()).then(|| ("the Dockerfile it builds".to_string(), Held::Image(lines.join("\n"))))
}

/// The shell lines of a Dockerfile's `RUN` instructions (continued lines joined; the exec form
/// `RUN ["a", "b"]` as its words), with the paths the context `root` is copied (`COPY SRC
/// DEST`, `ADD`) or bind-mounted (`--mount=type=bind,source=SRC,target=DEST`) to read as
/// the context's.
fn dockerfile_runs(text: &str, root: &str) -> Vec<String> {
    let mut instructions = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if current.is_empty() && (trimmed.is_empty() || trimmed.starts_with('#')) {
            continue;
        }
        match trimmed.strip_suffix('\\') {
            Some(head) => {
                current.push_str(head);
                current.push(' ');
            }
            None => {
                current.push_str(trimmed);
                instructions.push(std::mem::take(&mut current));
            }
        }
    }
    instructions.extend((!current.is_empty()).then_some(current));
    // Where the context's files are in the image: `(path in the image, path on the host)`.
    let mut places: Vec<(String, String)> = Vec::new();
    let host = |source: &str| {
        let source = source.trim_start_matches("./").trim_end_matches('/');
        if source.is_empty() || source == "." { root.to_string() } else { format!("{root}/{source}") }
    };
    let mut runs = Vec::new();
    for instruction in &instructions {
        let (keyword, rest) = instruction.split_once(char::is_whitespace).unwrap_or((instruction, ""));
        let mut rest = rest.trim_start();
        if keyword.eq_ignore_ascii_case("COPY") || keyword.eq_ignore_ascii_case("ADD") {
            let words: Vec<&str> = rest.split_whitespace().filter(|w| !w.starts_with("--")).collect();
            if let [sources @ .., dest] = words.as_slice()
                && let [source] = sources
            {
                places.push((dest.trim_end_matches('/').to_string(), host(source)));
            }
            continue;
        }
        if !keyword.eq_ignore_ascii_case("RUN") {
            continue;
        }
        let mut mounts = Vec::new();
        while let Some(option) = rest.strip_prefix("--") {
            let (option, after) = option.split_once(char::is_whitespace).unwrap_or((option, ""));
            if let Some(spec) = option.strip_prefix("mount=")
                && spec.split(',').any(|field| field == "type=bind")
            {
                let field = |names: &[&str]| {
                    spec.split(',')
                        .find_map(|f| f.split_once('=').filter(|(k, _)| names.contains(k)).map(|(_, v)| v))
                };
                if let Some(target) = field(&["target", "dst", "destination"]) {
                    mounts.push((
                        target.trim_end_matches('/').to_string(),
                        host(field(&["source", "src"]).unwrap_or(".")),
                    ));
                }
            }
            rest = after.trim_start();
        }
        let mut line = match rest.strip_prefix('[') {
            // The exec form: a JSON array of words.
            Some(_) => serde_json::from_str::<Vec<String>>(rest)
                .map(|words| words.iter().map(|w| crate::shell::quote(w)).collect::<Vec<_>>().join(" "))
                .unwrap_or_else(|_| rest.to_string()),
            None => rest.to_string(),
        };
        let mut all: Vec<&(String, String)> =
            mounts.iter().chain(&places).filter(|(inside, _)| inside.len() > 1).collect();
        all.sort_by_key(|(inside, _)| std::cmp::Reverse(inside.len()));
        for (inside, outside) in all {
            line = line.replace(&format!("{inside}/"), &format!("{outside}/"));
        }
        runs.push(line);
    }
    runs
}

/// The program a `#!` line runs (`#!/bin/sh` -> `sh`, `#!/usr/bin/env python3` -> `python3`).
fn shebang(text: &str) -> Option<String> {
    let line = text.lines().next()?.strip_prefix("#!")?;
    let mut words = line.split_whitespace();
    let program = crate::shell::base_name(words.next()?);
    let program = if program == "env" { words.find(|word| !word.starts_with('-'))? } else { program };
    Some(program.to_string())
}

#[cfg(test)]
mod tests {

    #[test]
    fn rake_sh_calls_read_as_ruby_system_calls() {
        assert_eq!(rake_ruby("task(:x){ sh \"make\" }"), "task(:x){ system(\"make\") }");
        assert_eq!(rake_ruby("task(:x){ sh('rm -rf ~') }"), "task(:x){ system('rm -rf ~') }");
        assert_eq!(rake_ruby("ssh = 1; x.sh \"a\""), "ssh = 1; x.sh \"a\"");
    }

    #[test]
    fn msbuild_exec_commands_and_what_is_not_read() {
        let exec = r#"<Project><Target Name="X"><Exec Command="rm -rf $(HOME)/x &amp;&amp; echo"/></Target></Project>"#;
        assert_eq!(msbuild_commands(exec).as_deref(), Some("rm -rf ${HOME}/x && echo"));
        assert_eq!(
            msbuild_commands(r#"<Project><Target Name="X"><Delete Files="a"/></Target></Project>"#),
            None
        );
        assert_eq!(
            msbuild_file(&[Word::literal("/t:Run"), Word::literal("/tmp/x.proj")]).map(|w| w.text.as_str()),
            Some("/tmp/x.proj")
        );
    }
    use super::*;

    #[test]
    fn cmake_scripts_become_the_lines_they_run() {
        let script = "execute_process(COMMAND git describe COMMAND tr -d x OUTPUT_VARIABLE v)\n\
                      file(REMOVE_RECURSE \"$ENV{HOME}/x\")\nmessage(STATUS hi)\nfile(READ /etc/hosts h)";
        assert_eq!(cmake_lines(script), "git describe | tr -d x\nrm -rf \"${HOME}\"/x\ncat /etc/hosts");
    }

    #[test]
    fn a_cmake_call_ends_at_its_own_parenthesis() {
        assert_eq!(cmake_call_end("COMMAND echo \"a)\" (b) COMMAND rm x) tail"), 34);
        assert_eq!(
            cmake_lines("execute_process(COMMAND echo \"(hi)\" COMMAND rm -rf y)"),
            "echo '(hi)' | rm -rf y"
        );
    }
    use crate::rules::testing::command;

    #[test]
    fn the_script_operand_follows_the_options() {
        let operand = |argv: &[&str]| {
            let command = command(argv);
            let letters = inline_letters(command.name().unwrap_or_default());
            first_operand(command.args(), letters).map(|word| word.text.clone())
        };
        assert_eq!(operand(&["bash", "-e", "-o", "pipefail", "x.sh", "arg"]).as_deref(), Some("x.sh"));
        assert_eq!(operand(&["python3", "-u", "-W", "ignore", "tool.py"]).as_deref(), Some("tool.py"));
        assert_eq!(operand(&["bash", "--", "x.sh"]).as_deref(), Some("x.sh"));
        assert_eq!(operand(&["bash", "-c", "x"]), None);
        assert_eq!(operand(&["bash", "-lc", "x"]), None);
        assert_eq!(operand(&["python3", "-m", "pytest"]), None);
        assert_eq!(operand(&["sh", "-"]), None);
        assert_eq!(operand(&["sh", "-s"]), None);
        assert_eq!(operand(&["node", "-e", "x"]), None);
        assert_eq!(operand(&["perl", "-w", "x.pl"]).as_deref(), Some("x.pl"));
        assert_eq!(operand(&["sh"]), None);
    }

    #[test]
    fn a_repository_alias_is_what_it_runs_and_git_commands_cost_no_read() {
        let root = crate::scratch::Scratch::new("git-alias");
        std::fs::create_dir_all(root.join(".git")).unwrap();
        std::fs::write(
            root.join(".git/config"),
            "[core]\n\tbare = false\n[alias]\n\tst = !rm -rf ~\n\tlg = \"log --oneline\"\n[alias \"x\"]\n\ty = z\n",
        )
        .unwrap();
        let ctx = Context {
            cwd: root.to_path_buf(),
            project_root: root.to_path_buf(),
            home: None,
            temp_dirs: Vec::new(),
            cwd_known: true,
        };
        let alias = |argv: &[&str]| repository_alias(&command(argv), &ctx).map(|(_, held)| held);
        assert_eq!(alias(&["git", "st", "."]), Some(Held::Line("rm -rf ~ .".into())));
        assert_eq!(alias(&["git", "-C", ".", "lg"]), Some(Held::Line("git log --oneline ".into())));
        assert_eq!(alias(&["git", "y"]), None, "a subsection is not [alias]");
        std::fs::write(root.join(".git/config"), "[alias]\n\tstatus = !rm -rf ~\n").unwrap();
        assert_eq!(alias(&["git", "status"]), None, "git's own commands are never aliases");
    }

    #[test]
    fn positional_parameters_take_the_words_the_script_is_run_with() {
        let run = |text: &str, args: &[&str]| {
            let command = command(&[&["bash", "x.sh"], args].concat());
            with_arguments(text, &command.argv[2..])
        };
        assert_eq!(run("rm -rf \"$1\"", &["~"]), "rm -rf \"$HOME\"");
        assert_eq!(run("cp ${2} $1", &["a b", "c"]), "cp c a b");
        assert_eq!(run("echo \"$@\" '$1' \\$1", &["x", "y"]), "echo \"x y\" '$1' \\$1");
        assert_eq!(run("echo \"$1\"", &["say \"hi\""]), "echo \"say \\\"hi\\\"\"");
        assert_eq!(run("echo $3 $0 $HOME", &["a"]), "echo  $0 $HOME");
    }

    #[test]
    fn shebang_lines_name_the_interpreter() {
        assert_eq!(shebang("#!/bin/sh\nrm x").as_deref(), Some("sh"));
        assert_eq!(shebang("#!/usr/bin/env -S python3 -u\n").as_deref(), Some("python3"));
        assert_eq!(shebang("#! /usr/bin/perl -w\n").as_deref(), Some("perl"));
        assert_eq!(shebang("echo no shebang\n"), None);
    }
}
