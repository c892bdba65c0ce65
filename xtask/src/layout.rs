//! `cargo xtask layout`: writes `link/hot-text.ld`, the linker script that puts the functions
//! a hook call runs next to each other at the start of the binary's code.
//!
//! Every 64 KB block of code a process touches costs it a page fault (the kernel maps file
//! pages around a fault in 64 KB windows), and the linker otherwise scatters the few hundred
//! functions a call runs over the whole 1.5 MB of code. The script lists them by section
//! name, as globs without the hashes that mangling puts in names, so it keeps matching after
//! code changes; a function it misses is only placed as usual. The functions come from
//! callgrind runs of every agent binary on its fixtures: first those of an allowed command,
//! then those a denied one adds, then the other events'.
//!
//! Read-only data faults the same way: the constants an allowed call reads were spread over
//! every 64 KB block of `.rodata`. A second output section, `.rodata.hot`, gathers the input
//! sections that valgrind's lackey saw read on the bench's allowed and denied commands (and
//! those under a policy file), found by address in the linker's map of the profiled build.
//! Rust names a function's jump tables and a named static after their symbol (kept across
//! code changes, as for code), but anonymous constants only by number
//! (`.rodata..Lanon.<hash>.<n>`), which code changes shift: rerun the command after changing
//! code that a hook call runs.

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::process::{Command, Stdio};

use crate::bench::{self, Case, Sandbox};
use crate::build::{self, Cargo};
use crate::pgo;

/// The target whose binaries are profiled: the one the bench measures and Linux ships.
const TARGET: &str = "x86_64-unknown-linux-musl";
/// Where the script goes, relative to the workspace root (`.cargo/config.toml` names it).
pub const SCRIPT: &str = "link/hot-text.ld";

pub fn run(args: &[String]) -> Result<(), String> {
    if let Some(arg) = args.first() {
        return Err(format!("layout: unknown argument `{arg}`"));
    }
    if Command::new("valgrind").arg("--version").stdout(Stdio::null()).status().is_err() {
        return Err("layout: needs valgrind's callgrind (Debian: apt-get install valgrind)".into());
    }
    let binaries = build::hook_binaries()?;
    build::ensure_target(TARGET)?;
    eprintln!("xtask: layout: building {} with symbols", binaries.join(", "));
    let target_dir = build::target_dir().join("layout");
    // The linker's map of each binary, `<crate>-<hash>.map`, says which input section holds
    // each address of read-only data.
    let maps = target_dir.join("maps");
    fs_err::create_dir_all(&maps).map_err(|e| e.to_string())?;
    // The profiled build must be the real one: any change to RUSTFLAGS or the profile changes
    // cargo's crate hashes, which renumber the anonymous constants the script names. So the
    // map and the symbols (callgrind reports functions by their mangled names) are asked of
    // the linker alone, through a wrapper that also leaves out the current script: the
    // profile should not depend on the layout it replaces.
    // rustc tells a linker's kind by its name: one ending in `-gcc` is given a C compiler's
    // arguments (`-Wl,…`), as `cc` is.
    let linker = target_dir.join("layout-gcc");
    fs_err::write(&linker, linker_wrapper(&maps)).map_err(|e| e.to_string())?;
    make_executable(&linker)?;
    let env = [(
        format!("CARGO_TARGET_{}_LINKER", TARGET.to_uppercase().replace('-', "_")),
        linker.display().to_string(),
    )];
    // The profiled build is the bench's: guided by the same profile.
    let out_dir = pgo::build(
        &Cargo { subcommand: "build", env: &env, target_dir: &target_dir, config: &[] },
        "release",
        TARGET,
        &binaries,
        |dir, counts| bench::train(dir, &binaries, counts),
    )?;
    let sandbox = Sandbox::create()?;
    let mut order = Order::default();
    let mut data = Order::default();
    for binary in &binaries {
        let program = out_dir.join(binary);
        let symbols = Symbols::read(&program)?;
        let sections = Sections::read(&map_of(&maps, binary)?)?;
        let events = events(binary);
        eprintln!("xtask: layout: {binary}: {} events", events.len());
        for (group, case) in events {
            let profile = profile(&sandbox, &program, &case)?;
            order.add(group, &functions(&profile, &symbols));
            if group <= Group::Policy {
                let read = sections.holding(&data_read(&sandbox, &program, &case)?);
                data.add(group, &read);
            }
        }
    }
    let script = render(&order.finish(), &data.finish());
    let path = build::workspace_root().join(SCRIPT);
    fs_err::write(&path, script).map_err(|e| e.to_string())?;
    eprintln!("xtask: layout: wrote {}", path.display());
    Ok(())
}

/// A `cc` that links as the real build does, without stripping symbols or applying the
/// current script, and writes the linker's map of each binary into `maps`.
fn linker_wrapper(maps: &Path) -> String {
    format!(
        "#!/bin/sh\n\
         # Written by `cargo xtask layout`.\n\
         for arg; do\n\
         \x20 shift\n\
         \x20 case \"$arg\" in -Wl,--strip-all|-Wl,-T,{SCRIPT}) ;; *) set -- \"$@\" \"$arg\" ;; esac\n\
         done\n\
         exec cc \"$@\" -Wl,-Map={}/\n",
        maps.display()
    )
}

#[cfg(unix)]
fn make_executable(path: &Path) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    fs_err::set_permissions(path, std::fs::Permissions::from_mode(0o755)).map_err(|e| e.to_string())
}

#[cfg(not(unix))]
fn make_executable(_: &Path) -> Result<(), String> {
    Err("layout: runs on Linux only".into())
}

/// Which part of the script a function goes to: the earlier, the closer to the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Group {
    Allow,
    Deny,
    /// The bench's cases with a policy file: the policy cache and the user's rules.
    Policy,
    Other,
}

/// The events one binary is profiled on: its bench payloads (those with a policy file after
/// the allow and deny ones), then every fixture of its agent.
fn events(binary: &str) -> Vec<(Group, Case)> {
    bench::payloads(binary)
        .into_iter()
        .enumerate()
        .filter_map(|(index, case)| match index {
            0 => Some((Group::Allow, case)),
            1 => Some((Group::Deny, case)),
            _ if case.policy.is_some() => Some((Group::Policy, case)),
            _ if case.name == bench::FIXTURE => Some((Group::Other, case)),
            _ => None,
        })
        .collect()
}

/// Callgrind's output for one run of `program` on `case`, after one run outside valgrind
/// that fills the policy cache: the profile is of a warm call, as all calls but the first are.
/// A trusted project's case runs in the project the bench trusts, as the bench runs it.
fn profile(sandbox: &Sandbox, program: &Path, case: &Case) -> Result<String, String> {
    if case.trusted_project {
        sandbox.trust_project(program, case)?;
    }
    bench::feed(sandbox.command_for(program, case), &case.stdin)?;
    // Each instruction's address, written whole: how the split-off cold parts that ran are
    // found (see `functions`).
    let options = ["--tool=callgrind", "--demangle=no", "--dump-instr=yes", "--compress-pos=no"];
    valgrind(sandbox, program, case, &options, "--callgrind-out-file")
}

/// What valgrind's `tool` (its options first) writes to the file named by `out_option` when it
/// runs `program` on `case` in the sandbox.
fn valgrind(
    sandbox: &Sandbox,
    program: &Path,
    case: &Case,
    tool: &[&str],
    out_option: &str,
) -> Result<String, String> {
    let out = sandbox.dir().join("layout.valgrind");
    let mut valgrind = sandbox.command_for(Path::new("valgrind"), case);
    valgrind.args(tool).arg(format!("{out_option}={}", out.display())).arg(program);
    bench::feed(valgrind, &case.stdin)?;
    fs_err::read_to_string(&out).map_err(|e| e.to_string())
}

/// A function a profile saw run: its symbol, and for C code the source file it came from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Function {
    /// Empty for assembly callgrind could not name: then all of its source file's member.
    symbol: String,
    /// musl's `src/exit/exit.c` for `libc_exit_fini`: the archive member `exit.lo`.
    source: Option<String>,
}

/// The functions a callgrind profile saw run, in the order it names them. Callgrind names a
/// function or file once as `fn=(id) name` (`cfn=` for a callee, `fl=`/`fi=`/`fe=`/`cfi=`
/// for files) and by `(id)` alone after that; `'N` marks a recursion level. Code it knows
/// only by address (musl's assembly: `memcpy`, `_start`) is looked up in `symbols`, and
/// `(below main)` is musl's `__libc_start_main`. Callgrind counts the blocks machine-function
/// splitting moved out of a function (`<name>.cold`) under the function their debug
/// information names, so a cold part that ran is found by the addresses of the instructions
/// (cost lines start with one, whole, under `--dump-instr=yes --compress-pos=no`).
fn functions(profile: &str, symbols: &Symbols) -> Vec<Function> {
    let mut files: HashMap<&str, &str> = HashMap::new();
    let mut names: HashMap<&str, &str> = HashMap::new();
    let mut file = None;
    let mut out: Vec<Function> = Vec::new();
    for line in profile.lines() {
        if let Some(hex) = line.strip_prefix("0x") {
            let address = hex.split(' ').next().and_then(|hex| u64::from_str_radix(hex, 16).ok());
            if let Some(cold) = address.and_then(|a| symbols.at(a)).filter(|s| s.ends_with(".cold"))
                && !out.iter().any(|f| f.symbol == cold)
            {
                out.push(Function { symbol: cold.to_string(), source: None });
            }
            continue;
        }
        let Some((key, value)) = line.split_once('=') else { continue };
        let (id, name) = value.split_once(' ').map_or((value, None), |(id, name)| (id, Some(name)));
        match key {
            "fl" | "fi" | "fe" | "cfi" | "cfl" => {
                let path = match name {
                    Some(path) => *files.entry(id).or_insert(path),
                    None => files.get(id).copied().unwrap_or_default(),
                };
                if key == "fl" {
                    file = Some(path);
                }
                // Assembly without symbol sizes (musl's `memcpy`) shows up as lines of another
                // file inside whatever function precedes it: its archive member is what to place.
                if matches!(key, "fi" | "fe") && (path.ends_with(".s") || path.ends_with(".S")) {
                    let member = Function { symbol: String::new(), source: Some(path.to_string()) };
                    if !out.contains(&member) {
                        out.push(member);
                    }
                }
            }
            "fn" | "cfn" => {
                let Some(name) = name.or_else(|| names.get(id).copied()) else { continue };
                names.insert(id, name);
                let name = name.split_once('\'').map_or(name, |(name, _)| name);
                let symbol = match name.strip_prefix("0x") {
                    Some(hex) => match u64::from_str_radix(hex, 16).ok().and_then(|a| symbols.at(a)) {
                        Some(symbol) => symbol,
                        None => continue,
                    },
                    None if name == "(below main)" => "__libc_start_main",
                    None => name,
                };
                // A callee's own `fn=` line, which comes with its file, is what counts.
                let source = (key == "fn").then_some(file).flatten().map(str::to_string);
                match out.iter_mut().find(|f| f.symbol == symbol) {
                    Some(known) => {
                        if known.source.is_none() {
                            known.source = source;
                        }
                    }
                    None => out.push(Function { symbol: symbol.to_string(), source }),
                }
            }
            _ => {}
        }
    }
    out
}

/// A binary's function symbols by address, from `nm`.
struct Symbols {
    /// Start address and name, sorted by address.
    by_address: Vec<(u64, String)>,
}

impl Symbols {
    fn read(binary: &Path) -> Result<Self, String> {
        let out = Command::new("nm")
            .args(["--defined-only", "--numeric-sort"])
            .arg(binary)
            .output()
            .map_err(|e| format!("cannot run nm (Debian: binutils): {e}"))?;
        let text = String::from_utf8_lossy(&out.stdout);
        Ok(Self::parse(&text))
    }

    fn parse(nm: &str) -> Self {
        let by_address = nm
            .lines()
            .filter_map(|line| {
                let mut fields = line.split_whitespace();
                let address = u64::from_str_radix(fields.next()?, 16).ok()?;
                let kind = fields.next()?;
                let name = fields.next()?;
                matches!(kind, "t" | "T" | "w" | "W").then(|| (address, name.to_string()))
            })
            .collect();
        Self { by_address }
    }

    /// The function whose code holds `address`: the last symbol at or before it.
    fn at(&self, address: u64) -> Option<&str> {
        let after = self.by_address.partition_point(|(start, _)| *start <= address);
        after.checked_sub(1).map(|i| self.by_address[i].1.as_str())
    }
}

/// Functions (or data sections) gathered across profiles, each in the earliest group that
/// ran (or read) it.
struct Order<T> {
    /// Each item's group and the position at which it was first met.
    items: HashMap<T, (Group, usize)>,
}

impl<T> Default for Order<T> {
    fn default() -> Self {
        Self { items: HashMap::new() }
    }
}

impl<T: Clone + Eq + std::hash::Hash> Order<T> {
    fn add(&mut self, group: Group, items: &[T]) {
        for item in items {
            let next = self.items.len();
            let entry = self.items.entry(item.clone()).or_insert((group, next));
            // Met before in a later group (an `Other` event of one agent runs before the
            // allowed command of the next): it belongs with the earlier group.
            entry.0 = entry.0.min(group);
        }
    }

    /// The items, allow group first; within a group, in the order they were first met.
    fn finish(self) -> Vec<T> {
        let mut items: Vec<_> = self.items.into_iter().collect();
        items.sort_by_key(|(_, place)| *place);
        items.into_iter().map(|(item, _)| item).collect()
    }
}

/// The linker's map of `binary` in `maps`: the newest `<crate>-<hash>.map`, where the crate
/// is the binary's name with `_` for `-`.
fn map_of(maps: &Path, binary: &str) -> Result<std::path::PathBuf, String> {
    let prefix = format!("{}-", binary.replace('-', "_"));
    fs_err::read_dir(maps)
        .map_err(|e| e.to_string())?
        .filter_map(|entry| entry.ok())
        .filter(|entry| {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            name.starts_with(&prefix) && name.ends_with(".map")
        })
        .max_by_key(|entry| entry.metadata().and_then(|m| m.modified()).ok())
        .map(|entry| entry.path())
        .ok_or_else(|| format!("layout: the linker wrote no map for {binary} in {}", maps.display()))
}

/// The read-only data input sections of one binary, by address, from the linker's map.
struct Sections {
    /// Start, size and the pattern that selects the section, sorted by start.
    by_address: Vec<(u64, u64, String)>,
}

impl Sections {
    fn read(map: &Path) -> Result<Self, String> {
        Ok(Self::parse(&fs_err::read_to_string(map).map_err(|e| e.to_string())?))
    }

    /// An input section is listed as ` NAME 0xADDRESS 0xSIZE OBJECT`, the name on a line of
    /// its own when it is long. Sections the link discarded are listed at address 0.
    fn parse(map: &str) -> Self {
        let mut by_address = Vec::new();
        let mut name: Option<&str> = None;
        for line in map.lines() {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let (section, rest) = match (fields.first(), line.starts_with(' ')) {
                (Some(first), true) if first.starts_with(".rodata") => (*first, &fields[1..]),
                (Some(first), true) if first.starts_with("0x") => match name.take() {
                    Some(section) => (section, &fields[..]),
                    None => continue,
                },
                _ => {
                    name = None;
                    continue;
                }
            };
            if rest.is_empty() {
                name = Some(section);
                continue;
            }
            let hex =
                |i: usize| rest.get(i).and_then(|f| u64::from_str_radix(f.strip_prefix("0x")?, 16).ok());
            let (Some(start), Some(size), Some(object)) = (hex(0), hex(1), rest.get(2)) else { continue };
            if start == 0 || size == 0 {
                continue;
            }
            if let Some(pattern) = rodata_pattern(section, object) {
                by_address.push((start, size, pattern));
            }
        }
        by_address.sort();
        Self { by_address }
    }

    /// The patterns of the sections holding `addresses`, in the order first read.
    fn holding(&self, addresses: &[u64]) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for &address in addresses {
            let after = self.by_address.partition_point(|(start, ..)| *start <= address);
            let Some((start, size, pattern)) = after.checked_sub(1).map(|i| &self.by_address[i]) else {
                continue;
            };
            if address < start + size && !out.contains(pattern) {
                out.push(pattern.clone());
            }
        }
        out
    }
}

/// The pattern that selects a read-only data input section in any build: hashes and crate
/// disambiguators become `*` as in function names; an anonymous constant keeps only its
/// number. musl's C objects have a plain `.rodata`, selected by archive member.
fn rodata_pattern(section: &str, object: &str) -> Option<String> {
    if section == ".rodata" {
        let member = object.split_once("libc.a(")?.1.strip_suffix(')')?;
        return Some(format!("*libc.a:{member}(.rodata)"));
    }
    if let Some(rest) = section.strip_prefix(".rodata..Lanon.") {
        let (_, number) = rest.rsplit_once('.')?;
        return Some(format!("*(.rodata..Lanon.*.{number})"));
    }
    let symbol_at = section.find("_ZN").or_else(|| section.find("_R"));
    let Some(at) = symbol_at else { return Some(format!("*({section})")) };
    let (head, symbol) = section.split_at(at);
    let symbol = if symbol.starts_with("_R") { v0_crates(symbol) } else { unhash_all(symbol) };
    Some(format!("*({head}{symbol})"))
}

/// `text` with each legacy hash (`17h` and 16 hex digits) made `*`.
fn unhash_all(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("17h") {
        let (head, tail) = rest.split_at(at + 3);
        out.push_str(head);
        let hash = tail.get(..16).filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()));
        rest = match hash {
            Some(_) => {
                out.push('*');
                &tail[16..]
            }
            None => tail,
        };
    }
    out.push_str(rest);
    out
}

/// The addresses `program` reads on `case`, in order, as valgrind's lackey traces them (after
/// the run of [`profile`] that filled the policy cache).
fn data_read(sandbox: &Sandbox, program: &Path, case: &Case) -> Result<Vec<u64>, String> {
    let trace = valgrind(sandbox, program, case, &["--tool=lackey", "--trace-mem=yes"], "--log-file")?;
    // ` L 0004c66c0,8` is a load, ` M ...` a load and store of the same bytes.
    Ok(trace
        .lines()
        .filter_map(|line| line.strip_prefix(" L ").or_else(|| line.strip_prefix(" M ")))
        .filter_map(|access| u64::from_str_radix(access.split(',').next()?, 16).ok())
        .collect())
}

/// The input-section patterns that select `function`'s code.
///
/// Rust puts each function in `.text.<mangled name>`; a profile-guided build (what ships and
/// what is profiled) names the functions the profile saw run `.text.hot.<name>` and those it
/// never saw `.text.unlikely.<name>`, as `#[cold]` does. Missing the `.text.hot.` spelling
/// left the hottest functions (`main`, the analyser, the rules) to the linker's default
/// placement, spread over a megabyte of code. Legacy mangling ends a name with `17h<16 hex digits>E`, v0 mangling names
/// each crate as `Cs<disambiguator>_`, and LTO numbers local copies (`name.103`); all three
/// change from build to build, so they become `*`. musl's C functions are
/// `.text.<name>`; its assembly (`memcpy`) has a plain `.text` in the archive member named
/// after its source file.
fn patterns(function: &Function) -> Vec<String> {
    // Machine-function splitting moves the blocks the profile counted as cold out of a
    // function into `<name>.cold`, in section `.text.split.<name>`. Code run once per call
    // counts as cold next to the loops of the bench's large payloads, so a call runs some.
    let (symbol, split) = match function.symbol.strip_suffix(".cold") {
        Some(symbol) => (symbol, true),
        None => (function.symbol.as_str(), false),
    };
    let rust = |name: &str| {
        vec![if split {
            format!("*(.text.split.{name})")
        } else {
            format!("*(.text.{name} .text.hot.{name} .text.unlikely.{name})")
        }]
    };
    let member = || {
        // Callgrind says `???` where it found no source file.
        let source = function.source.as_deref().filter(|source| *source != "???")?;
        let stem = Path::new(source).file_stem()?.to_str()?;
        Some(format!("*libc.a:{stem}.lo(.text .text.*)"))
    };
    let (symbol, numbered) = without_copy_number(symbol);
    if let Some(stem) = symbol.strip_prefix("_ZN") {
        rust(&legacy_hash(stem).map_or_else(
            || if numbered { format!("{symbol}*") } else { symbol.to_string() },
            |unhashed| format!("_ZN{unhashed}*"),
        ))
    } else if symbol.starts_with("_R") {
        let name = v0_crates(symbol);
        rust(&if numbered { format!("{name}*") } else { name })
    } else if symbol == "_start" {
        // The C runtime's entry point, in assembly.
        vec!["*crt1.o(.text)".to_string()]
    } else if symbol.is_empty() {
        member().into_iter().collect()
    } else if split {
        rust(symbol)
    } else {
        std::iter::once(format!("*(.text.{symbol} .text.hot.{symbol})")).chain(member()).collect()
    }
}

/// `symbol` without the `.<n>` or `.llvm.<n>` that LTO appends to a local copy, and whether
/// it had one.
fn without_copy_number(symbol: &str) -> (&str, bool) {
    let Some((base, number)) = symbol.rsplit_once('.') else { return (symbol, false) };
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return (symbol, false);
    }
    (base.strip_suffix(".llvm").unwrap_or(base), true)
}

/// A legacy-mangled name without its hash (`...17h0123456789abcdefE` -> `...17h`).
fn legacy_hash(stem: &str) -> Option<&str> {
    let body = stem.strip_suffix('E')?;
    let (unhashed, hash) = body.split_at_checked(body.len().checked_sub(16)?)?;
    (unhashed.ends_with("17h") && hash.bytes().all(|b| b.is_ascii_hexdigit())).then_some(unhashed)
}

/// A v0-mangled name with every crate disambiguator (`Cs<base 62>_`) made `*`.
fn v0_crates(symbol: &str) -> String {
    let mut out = String::with_capacity(symbol.len());
    let mut rest = symbol;
    while let Some(at) = rest.find("Cs") {
        out.push_str(&rest[..at + 2]);
        rest = &rest[at + 2..];
        let digits = rest.bytes().take_while(u8::is_ascii_alphanumeric).count();
        if digits > 0 && rest[digits..].starts_with('_') {
            out.push('*');
            rest = &rest[digits..];
        }
    }
    out.push_str(rest);
    out
}

/// The linker script: one output section, placed before `.text`, holding the functions in
/// order, and one placed before `.rodata` holding the data sections in order. `INSERT` keeps
/// the linker's default script for everything else.
fn render(functions: &[Function], data: &[String]) -> String {
    let mut script = String::from(
        "/* Written by `cargo xtask layout`; do not edit. The functions a hook call runs, first\n   \
         those of an allowed command, then a denied one, then other events: kept together,\n   \
         they fill a few 64 KB blocks of code instead of touching most of the binary. */\n\
         SECTIONS\n{\n  .text.hot :\n  {\n",
    );
    script.push_str(UNSEEN_BY_CALLGRIND);
    let mut written = HashSet::new();
    for pattern in functions.iter().flat_map(patterns) {
        if written.insert(pattern.clone()) {
            script.push_str("    ");
            script.push_str(&pattern);
            script.push('\n');
        }
    }
    script.push_str("  }\n}\nINSERT BEFORE .text;\n");
    // The alignment puts the section in the read-only segment with the rest of `.rodata`,
    // not at the end of the executable one.
    script.push_str(
        "\n/* The read-only data an allowed, then a denied command reads, then one under a policy. */\n\
         SECTIONS\n{\n  . = ALIGN(CONSTANT (MAXPAGESIZE));\n  .rodata.hot :\n  {\n",
    );
    for pattern in data {
        script.push_str("    ");
        script.push_str(pattern);
        script.push('\n');
    }
    script.push_str("  }\n}\nINSERT BEFORE .rodata;\n");
    script.push_str(HOT_DATA);
    script
}

/// Code a hook call runs that callgrind does not see: what a process runs last (musl's
/// `_Exit` and the C runtime's `.fini`, its own output section by default, at the far end of
/// the code). At the start of the hot section they share its first block.
const UNSEEN_BY_CALLGRIND: &str =
    "    *(.text._Exit)\n    *libc.a:_Exit.lo(.text .text.*)\n    KEEP (*(SORT_NONE(.fini)))\n";

/// The zero-initialised statics every call touches, then hook-core's 1 MB allocator arena,
/// both right after `.data` and before the other zero-initialised statics: `.data`, these
/// and the arena's first allocations then share one page, where they were spread over three.
/// Callgrind does not see data, so the list is by hand, from page-fault addresses
/// (`perf record -e page-faults -d`): musl's start-up state (`__libc`, `__environ`, the
/// thread block, `__sysinfo`), what its `exit` reads (the atexit list, the open-file list and
/// the weak `__stdin_used`/`__stdout_used`, defined by whichever of three members is linked),
/// the C runtime's `__do_init` flag, and std's panic count, which every mutex lock reads.
const HOT_DATA: &str = concat!(
    "\n/* The statics every call touches, then the allocator arena, before the other\n",
    "   zero-initialised statics: they share a page with `.data`. */\n",
    "SECTIONS\n{\n  .bss.hot (NOLOAD) :\n  {\n",
    "    *libc.a:libc.lo(.bss .bss.* COMMON)\n",
    "    *libc.a:__environ.lo(.bss .bss.* COMMON)\n",
    "    *libc.a:__init_tls.lo(.bss .bss.* COMMON)\n",
    "    *libc.a:__libc_start_main.lo(.bss .bss.* COMMON)\n",
    "    *libc.a:defsysinfo.lo(.bss .bss.* COMMON)\n",
    "    *libc.a:atexit.lo(.bss .bss.* COMMON)\n",
    "    *libc.a:exit.lo(.bss .bss.* COMMON)\n",
    "    *libc.a:ofl.lo(.bss .bss.* COMMON)\n",
    "    *libc.a:__stdio_exit.lo(.bss .bss.* COMMON)\n",
    "    *libc.a:pthread_create.lo(.bss .bss.* COMMON)\n",
    "    *libc.a:fflush.lo(.bss .bss.* COMMON)\n",
    "    *crtbegin*.o(.bss .bss.*)\n",
    "    *(.bss.*3std9panicking11panic_count18GLOBAL_PANIC_COUNT)\n",
    // The panic hook, which `cli::run` sets on every call.
    "    *(.bss.*3std9panicking4HOOK)\n",
    // The lock `std::env::var_os` takes on every read of the environment.
    "    *(.bss.*3sys3env4unix8ENV_LOCK)\n",
    // The thread id counter, which the first lock of standard error or output takes.
    "    *(.bss.*8ThreadId3new7COUNTER)\n",
    "  }\n  .bss.arena (NOLOAD) :\n  {\n    *(.bss._ZN9hook_core9ALLOCATOR17h*)\n  }\n}\n",
    "INSERT BEFORE .bss;\n",
);

#[cfg(test)]
mod tests {
    use super::*;

    fn rust(symbol: &str) -> Function {
        Function { symbol: symbol.to_string(), source: None }
    }

    fn c(symbol: &str, source: &str) -> Function {
        Function { symbol: symbol.to_string(), source: Some(source.to_string()) }
    }

    #[test]
    fn callgrind_names_are_read_once_each_with_their_files() {
        let symbols = Symbols::parse(
            "0000000000401000 T _start\n0000000000401100 t memcpy\n0000000000600000 B buffer\n",
        );
        let profile = "fl=(1) /src/main.rs\nfn=(1) main\ncfi=(2) /rustc/core/fmt.rs\n\
                       cfn=(2) _ZN4core3fmt5write17h0123456789abcdefE\ncalls=1 0\n\
                       fl=(2)\nfn=(2)\nfi=(5) /musl/src/string/x86_64/memset.s\nfl=(3) /musl/src/string/x86_64/memcpy.s\nfn=(3) memcpy'2\n\
                       fn=(4) 0x0000000000401004\nfl=(4) /musl/src/env/__libc_start_main.c\n\
                       fn=(5) (below main)\ncfn=(6) 0x0000000000400000\ncfn=(1)\nfn=(7) 0x0000000000401180\n";
        assert_eq!(
            functions(profile, &symbols),
            [
                c("main", "/src/main.rs"),
                c("_ZN4core3fmt5write17h0123456789abcdefE", "/rustc/core/fmt.rs"),
                c("", "/musl/src/string/x86_64/memset.s"),
                c("memcpy", "/musl/src/string/x86_64/memcpy.s"),
                c("_start", "/musl/src/string/x86_64/memcpy.s"),
                c("__libc_start_main", "/musl/src/env/__libc_start_main.c"),
            ]
        );
    }

    #[test]
    fn cold_parts_that_ran_are_found_by_instruction_address() {
        let symbols = Symbols::parse(
            "0000000000401000 T main\n0000000000401100 t main.cold\n0000000000401200 t other.cold\n",
        );
        let profile = "fl=(1) /src/main.rs\nfn=(1) main\n0x401004 3\n0x401104 1\n0x401108 2\n";
        assert_eq!(functions(profile, &symbols), [c("main", "/src/main.rs"), rust("main.cold")]);
    }

    #[test]
    fn legacy_names_lose_their_hash() {
        assert_eq!(
            patterns(&rust("_ZN9hook_core3cli4main17h5ebc9205e8c40707E")),
            [
                "*(.text._ZN9hook_core3cli4main17h* .text.hot._ZN9hook_core3cli4main17h* .text.unlikely._ZN9hook_core3cli4main17h*)"
            ]
        );
        // Not a hash: kept whole.
        assert_eq!(
            patterns(&rust("_ZN4core3fmt5writeE")),
            ["*(.text._ZN4core3fmt5writeE .text.hot._ZN4core3fmt5writeE .text.unlikely._ZN4core3fmt5writeE)"]
        );
    }

    #[test]
    fn v0_names_lose_their_crate_disambiguators_and_copy_numbers() {
        assert_eq!(
            patterns(&rust("_RNvNtNtCsaz6eC2DG7lh_3std3env7__var_os")),
            [
                "*(.text._RNvNtNtCs*_3std3env7__var_os .text.hot._RNvNtNtCs*_3std3env7__var_os .text.unlikely._RNvNtNtCs*_3std3env7__var_os)"
            ]
        );
        assert_eq!(
            patterns(&rust("_RNvXs_NtCs7BliBxkEZsN_4core3fmtCs2Nb3gJ4iU0I_5alloc.103")),
            [
                "*(.text._RNvXs_NtCs*_4core3fmtCs*_5alloc* .text.hot._RNvXs_NtCs*_4core3fmtCs*_5alloc* .text.unlikely._RNvXs_NtCs*_4core3fmtCs*_5alloc*)"
            ]
        );
        assert_eq!(without_copy_number("_ZN1a1bE.llvm.123"), ("_ZN1a1bE", true));
    }

    #[test]
    fn split_cold_parts_match_their_split_section() {
        assert_eq!(patterns(&rust("main.cold")), ["*(.text.split.main)"]);
        assert_eq!(
            patterns(&rust("_ZN9hook_core3cli3run3run17hdc7946b9f8cc0f4bE.cold")),
            ["*(.text.split._ZN9hook_core3cli3run3run17h*)"]
        );
        assert_eq!(
            patterns(&rust("_RNvNtCsaz6eC2DG7lh_3std3env.llvm.42.cold")),
            ["*(.text.split._RNvNtCs*_3std3env*)"]
        );
        assert_eq!(without_copy_number("_ZN1a..b1cE"), ("_ZN1a..b1cE", false));
    }

    #[test]
    fn c_functions_match_by_section_or_archive_member() {
        assert_eq!(
            patterns(&c("libc_exit_fini", "/musl/src/exit/exit.c")),
            ["*(.text.libc_exit_fini .text.hot.libc_exit_fini)", "*libc.a:exit.lo(.text .text.*)"]
        );
        assert_eq!(patterns(&rust("strlen")), ["*(.text.strlen .text.hot.strlen)"]);
        assert_eq!(
            patterns(&c("", "/musl/src/string/x86_64/memcpy.s")),
            ["*libc.a:memcpy.lo(.text .text.*)"]
        );
        assert_eq!(patterns(&c("strnlen", "???")), ["*(.text.strnlen .text.hot.strnlen)"]);
        assert_eq!(patterns(&rust("_start")), ["*crt1.o(.text)"]);
    }

    #[test]
    fn allow_functions_come_first_even_when_met_later() {
        let mut order = Order::default();
        order.add(Group::Other, &[rust("stop"), rust("shared")]);
        order.add(Group::Allow, &[rust("decode"), rust("shared")]);
        order.add(Group::Deny, &[rust("journal")]);
        let names: Vec<String> = order.finish().into_iter().map(|f| f.symbol).collect();
        assert_eq!(names, ["shared", "decode", "journal", "stop"]);
    }

    #[test]
    fn the_script_inserts_one_section_before_text() {
        let script = render(
            &[rust("main"), rust("_ZN1a1b17h0123456789abcdefE"), rust("_ZN1a1b17hfedcba9876543210E")],
            &["*(.rodata.cst16)".to_string()],
        );
        assert!(script.contains("  .text.hot :\n  {\n    *(.text._Exit)\n"), "{script}");
        assert!(
            script.contains("KEEP (*(SORT_NONE(.fini)))\n    *(.text.main .text.hot.main)\n"),
            "{script}"
        );
        assert_eq!(script.matches("*(.text._ZN1a1b17h* ").count(), 1, "{script}");
        assert!(script.contains("}\nINSERT BEFORE .text;\n"));
        // Hot read-only data starts a page of its own, before the rest of `.rodata`.
        assert!(
            script.contains(
                ". = ALIGN(CONSTANT (MAXPAGESIZE));\n  .rodata.hot :\n  {\n    *(.rodata.cst16)\n  }\n}\nINSERT BEFORE .rodata;\n"
            ),
            "{script}"
        );
        // The hot statics, then the arena, go before the rest of `.bss`.
        let data = script.find(".bss.hot (NOLOAD)").expect("a hot data section");
        assert!(script[data..].find(".bss.arena (NOLOAD)").is_some(), "{script}");
        assert!(script.ends_with("}\nINSERT BEFORE .bss;\n"), "{script}");
    }

    #[test]
    fn map_sections_are_found_by_address_and_named_for_any_build() {
        let map = "Discarded input sections\n\n .rodata.gone   0x0000000000000000       0x10 a.o\n\n\
                   .rodata         0x00000000006e1000    0x60000\n\
                   \x20*(.rodata .rodata.*)\n\
                   \x20.rodata.cst16  0x00000000006e1000       0x40 /usr/lib/musl/lib/libc.a(memcpy.lo)\n\
                   \x20.rodata..Lanon.77faac3cc1a1cb8418ad6877ddc70442.1354\n\
                   \x20               0x00000000006e2000      0x8a0 /t/claude_hook-1.cgu.0.rcgu.o\n\
                   \x20.rodata._ZN9hook_core5rules5judge17h75d9055d15a8e0c9E\n\
                   \x20               0x00000000006e3000      0xfa0 /t/claude_hook-1.cgu.0.rcgu.o\n\
                   \x20.rodata       0x00000000006e4000       0x20 /usr/lib/musl/lib/libc.a(getenv.lo)\n\
                   \x20.rodata..Lswitch.table._RNvNtCsaz6eC2DG7lh_3std2io4kind.3\n\
                   \x20               0x00000000006e5000       0x10 /t/claude_hook-1.cgu.0.rcgu.o\n";
        let sections = Sections::parse(map);
        assert_eq!(
            sections.holding(&[0x6e3004, 0x6e1000, 0x6e2010, 0x6e3008, 0x6e4010, 0x6e5000, 0x6e6000, 0x10]),
            [
                "*(.rodata._ZN9hook_core5rules5judge17h*E)",
                "*(.rodata.cst16)",
                "*(.rodata..Lanon.*.1354)",
                "*libc.a:getenv.lo(.rodata)",
                "*(.rodata..Lswitch.table._RNvNtCs*_3std2io4kind.3)",
            ]
        );
    }
}
