//! What `echo`, `printf`, `cat`, `base64 -d` and interpreters printing literals print when the line fixes it: the text a shell
//! reads from a pipe (`echo 'rm -rf /' | sh`) or the value of a substitution (`$(echo rm)`).

use super::recode::{tr_option, translate, unhex};
use super::{RedirectOp, SimpleCommand, Stdin, Word};

/// How many `cat` or `base64` commands a pipe is followed back through.
const MAX_CAT_CHAIN: usize = 8;
/// Longer output is not worth analysing as a command line.
const MAX_OUTPUT: usize = 1 << 20;

/// What `commands[index]` prints on its standard output, if the line fixes it.
pub(super) fn printed(commands: &[SimpleCommand], index: usize) -> Option<String> {
    if redirected(commands.get(index)?) {
        return None;
    }
    printed_within(commands, index, MAX_CAT_CHAIN)
}

/// Whether the command's standard output goes elsewhere than its pipe.
fn redirected(command: &SimpleCommand) -> bool {
    command.redirects.iter().any(|r| {
        matches!(r.op, RedirectOp::Write | RedirectOp::Append | RedirectOp::Duplicate)
            && matches!(r.fd, None | Some(1))
    })
}

/// What `commands[index]` prints wherever its standard output goes (a file it is redirected
/// to), if the line fixes it.
pub(super) fn output(commands: &[SimpleCommand], index: usize) -> Option<String> {
    printed_within(commands, index, MAX_CAT_CHAIN)
}

fn printed_within(commands: &[SimpleCommand], index: usize, chain: usize) -> Option<String> {
    let command = commands.get(index)?;
    // `tee` prints what it reads, and writes the same to its files, whatever their names
    // (`tee >(sh)`, a path known at run time).
    if command.name() == Some("tee") {
        return read_stdin(commands, index, chain).filter(|text| text.len() <= MAX_OUTPUT);
    }
    // `$HOME` is known to the rules (`home_word` writes it as `~`); any other run-time word is not.
    if command.args().iter().any(|w| (w.dynamic && !w.home_only()) || w.glob) {
        return None;
    }
    let words: Vec<String> = command.args().iter().map(super::resolve::home_word).collect();
    let args: Vec<&str> = words.iter().map(String::as_str).collect();
    let text = match command.name()? {
        "echo" => echo(&args),
        "printf" => printf(&args)?,
        // Builtins that print nothing, whatever their arguments (`kube$(true)ctl`).
        ":" | "true" | "false" => String::new(),
        "cat" if args.iter().all(|a| names_stdin(a)) => read_stdin(commands, index, chain)?,
        // Encoding a command is how a line hides it: decode what is fed in and read that.
        "base64" if decodes_stdin(&args) => {
            String::from_utf8(super::base64::decode(&read_stdin(commands, index, chain)?)?).ok()?
        }
        "base32" if decodes_stdin(&args) => {
            String::from_utf8(super::base64::decode32(&read_stdin(commands, index, chain)?)?).ok()?
        }
        "basenc" => basenc(&args, &read_stdin(commands, index, chain)?)?,
        "openssl" if openssl_decodes_stdin(&args) => {
            String::from_utf8(super::base64::decode(&read_stdin(commands, index, chain)?)?).ok()?
        }
        "xxd"
            if matches!(
                args.as_slice(),
                ["-r", "-p" | "-ps" | "-plain"] | ["-p" | "-ps" | "-plain", "-r"] | ["-rp" | "-pr"]
            ) =>
        {
            unhex(&read_stdin(commands, index, chain)?)?
        }
        "rev" if args.is_empty() => read_stdin(commands, index, chain)?
            .split_inclusive('\n')
            .map(|line| {
                let body = line.trim_end_matches('\n');
                let mut reversed: String = body.chars().rev().collect();
                reversed.push_str(&line[body.len()..]);
                reversed
            })
            .collect(),
        "tr" => match args.as_slice() {
            [from, to] if !from.starts_with('-') => {
                translate(&read_stdin(commands, index, chain)?, from, to)?
            }
            [option, sets @ ..] => tr_option(&read_stdin(commands, index, chain)?, option, sets)?,
            _ => return None,
        },
        // `python3 -m base64 -d`: the standard library's decoder (`-u` is its old spelling).
        name if python_base64_decodes(name, &args) => {
            String::from_utf8(super::base64::decode(&read_stdin(commands, index, chain)?)?).ok()?
        }
        // `python3 -c "print('ls')" | sh`: code that only prints string literals.
        _ => super::inline::printed::printed(&command.argv)?,
    };
    (text.len() <= MAX_OUTPUT).then_some(text)
}

/// What `printf ARGS` prints (`printf -v x ARGS` stores it), when the line fixes its words.
pub(super) fn formatted(args: &[Word]) -> Option<String> {
    // An argument that is the home directory the line does not spell is printed as `$HOME`
    // (`printf -v f '%s/.ssh/id_rsa' "$HOME"`); the caller tells such a result apart.
    let unknown = |(at, w): (usize, &Word)| w.glob || (w.dynamic && (at == 0 || !w.home_only()));
    if args.iter().enumerate().any(unknown) {
        return None;
    }
    let words: Vec<String> = args.iter().map(super::resolve::home_word).collect();
    let args: Vec<&str> = words.iter().map(String::as_str).collect();
    printf(&args).filter(|text| text.len() <= MAX_OUTPUT)
}

/// `base64` arguments that decode standard input: a decode flag, and no file.
/// Short flags cluster (`-di`, `-id`, `-Di`) and long ones may be cut short (`--dec`).
fn decodes_stdin(args: &[&str]) -> bool {
    let long = |a: &str, option: &str| a.len() > 4 && option.starts_with(a);
    let short = |a: &str, letters: &str| {
        a.len() > 1
            && a.starts_with('-')
            && !a.starts_with("--")
            && a[1..].chars().all(|c| letters.contains(c))
    };
    let decode = |a: &str| long(a, "--decode") || short(a, "diD") && a[1..].contains(['d', 'D']);
    args.iter().any(|a| decode(a))
        && args.iter().all(|a| decode(a) || short(a, "i") || long(a, "--ignore-garbage"))
}

/// `python3 -m base64 -d [-]`: decoding standard input (a file operand is not read).
fn python_base64_decodes(name: &str, args: &[&str]) -> bool {
    name.starts_with("python")
        && matches!(args, ["-m", "base64", "-d" | "-u"] | ["-m", "base64", "-d" | "-u", "-"])
}

/// What `basenc --ENCODING -d` prints of `input`: base64 (also URL-safe), base32 and base16;
/// `None` for the other encodings (`--z85`, `--base2msbf`), which are not computed.
fn basenc(args: &[&str], input: &str) -> Option<String> {
    let (encodings, flags): (Vec<&str>, Vec<&str>) =
        args.iter().copied().partition(|a| a.starts_with("--base") || *a == "--z85");
    if !decodes_stdin(&flags) {
        return None;
    }
    match encodings.as_slice() {
        ["--base64" | "--base64url"] => String::from_utf8(super::base64::decode(input)?).ok(),
        ["--base32"] => String::from_utf8(super::base64::decode32(input)?).ok(),
        ["--base16"] => unhex(input),
        _ => None,
    }
}

/// `openssl base64 -d` and `openssl enc -base64 -d` (also `-a`, `-A`) on standard input.
fn openssl_decodes_stdin(args: &[&str]) -> bool {
    let rest = match args {
        ["base64", rest @ ..] => rest,
        ["enc", rest @ ..] if rest.iter().any(|a| matches!(*a, "-base64" | "-a")) => rest,
        _ => return false,
    };
    rest.contains(&"-d") && rest.iter().all(|a| matches!(*a, "-d" | "-base64" | "-a" | "-A"))
}

/// [`read_stdin`] for the file tracking: what a command copies from its standard input. A
/// here-string or heredoc still holding an expansion (`<<< "$X"`) is known only at run time.
pub(super) fn stdin_text(commands: &[SimpleCommand], index: usize) -> Option<String> {
    read_stdin(commands, index, MAX_CAT_CHAIN)
        .filter(|text| text.len() <= MAX_OUTPUT && !text.contains(['$', '`']))
}

/// The names of standard input as a file operand (`cat /dev/stdin`, `cp /dev/fd/0 f`).
pub(crate) fn names_stdin(path: &str) -> bool {
    matches!(path, "-" | "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0")
}

/// The text `commands[index]` reads on its standard input, if the line fixes it.
fn read_stdin(commands: &[SimpleCommand], index: usize, chain: usize) -> Option<String> {
    match &commands.get(index)?.stdin {
        Stdin::Text(text) => Some(text.clone()),
        Stdin::Pipe { from: Some(from) }
            if *from < index && chain > 0 && !redirected(commands.get(*from)?) =>
        {
            printed_within(commands, *from, chain - 1)
        }
        _ => None,
    }
}

fn echo(args: &[&str]) -> String {
    let mut newline = true;
    let mut escapes = false;
    let mut rest = args;
    while let Some((first, tail)) = rest.split_first() {
        let is_flag =
            first.len() > 1 && first.starts_with('-') && first[1..].chars().all(|c| "neE".contains(c));
        if !is_flag {
            break;
        }
        for flag in first[1..].chars() {
            match flag {
                'n' => newline = false,
                'e' => escapes = true,
                _ => escapes = false,
            }
        }
        rest = tail;
    }
    let mut text = String::new();
    for (i, arg) in rest.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        if escapes {
            if unescape(arg, &mut text, false) {
                return text;
            }
        } else {
            text.push_str(arg);
        }
    }
    if newline {
        text.push('\n');
    }
    text
}

/// The character of an octal escape: `value` so far, then up to `more` octal digits taken from
/// `chars`.
fn octal(mut value: u32, more: usize, chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> char {
    for _ in 0..more {
        match chars.peek().and_then(|d| d.to_digit(8)) {
            Some(d) => {
                value = value * 8 + d;
                chars.next();
            }
            None => break,
        }
    }
    char::from_u32(value).unwrap_or('\0')
}

/// Append `s` with backslash escapes decoded; `true` when `\c` asks to stop all output.
/// `bare_octal`: `\NNN` without its leading 0 is octal too (printf's `%b`).
pub(super) fn unescape(s: &str, out: &mut String, bare_octal: bool) -> bool {
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('a') => out.push('\x07'),
            Some('b') => out.push('\x08'),
            Some('f') => out.push('\x0c'),
            Some('v') => out.push('\x0b'),
            Some('e') => out.push('\x1b'),
            Some('\\') => out.push('\\'),
            Some('c') => return true,
            // printf's `%b` also reads `\NNN` without the leading 0 (bash and dash do).
            Some(d @ '1'..='7') if bare_octal => {
                out.push(octal(d.to_digit(8).unwrap_or_default(), 2, &mut chars))
            }
            Some('0') => out.push(octal(0, 3, &mut chars)),
            Some(kind @ ('x' | 'u' | 'U')) => {
                let digits = match kind {
                    'x' => 2,
                    'u' => 4,
                    _ => 8,
                };
                let mut value = 0u32;
                for _ in 0..digits {
                    match chars.peek().and_then(|d| d.to_digit(16)) {
                        Some(d) => {
                            value = value * 16 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                out.push(char::from_u32(value).unwrap_or('\0'));
            }
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    false
}

/// `printf FORMAT ARGS...` with `%s`, `%b`, `%d`, `%i`, `%c`, `%q`, `%%`; `None` for anything else.
fn printf(args: &[&str]) -> Option<String> {
    let args = match args.first() {
        Some(&"--") => &args[1..],
        Some(first) if first.starts_with('-') => return None,
        _ => args,
    };
    let (format, mut rest) = args.split_first()?;
    let mut out = String::new();
    // The format is reused while arguments remain, as long as it consumes some.
    loop {
        let before = rest.len();
        let stop = format_once(format, &mut rest, &mut out)?;
        if stop || rest.is_empty() || rest.len() == before || out.len() > MAX_OUTPUT {
            return Some(out);
        }
    }
}

/// One pass over the format; `Some(true)` when `%b` met `\c`.
fn format_once(format: &str, args: &mut &[&str], out: &mut String) -> Option<bool> {
    let mut chars = format.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.peek().copied() {
                // In a format, `\NNN` is octal without the leading 0 that `%b` and `echo -e` need.
                Some(d @ '0'..='7') => {
                    chars.next();
                    out.push(octal(d.to_digit(8).unwrap_or_default(), 2, &mut chars));
                }
                _ => {
                    let mut escape = String::from('\\');
                    if let Some(next) = chars.next() {
                        escape.push(next);
                        // The digits of `\xHH`, `\uHHHH` and `\UHHHHHHHH` belong to the escape.
                        let digits = match next {
                            'x' => 2,
                            'u' => 4,
                            'U' => 8,
                            _ => 0,
                        };
                        for _ in 0..digits {
                            match chars.peek().filter(|d| d.is_ascii_hexdigit()) {
                                Some(&d) => {
                                    escape.push(d);
                                    chars.next();
                                }
                                None => break,
                            }
                        }
                    }
                    if unescape(&escape, out, false) {
                        return Some(true);
                    }
                }
            },
            '%' => {
                // Flags, width and precision change padding only.
                while chars.peek().is_some_and(|c| "-+ #0123456789.".contains(*c)) {
                    chars.next();
                }
                let conversion = chars.next()?;
                if conversion == '%' {
                    out.push('%');
                    continue;
                }
                let arg = match args.split_first() {
                    Some((arg, tail)) => {
                        *args = tail;
                        *arg
                    }
                    None => "",
                };
                match conversion {
                    's' | 'q' => out.push_str(arg),
                    'b' => {
                        if unescape(arg, out, true) {
                            return Some(true);
                        }
                    }
                    'd' | 'i' => out.push_str(&arg.parse::<i64>().unwrap_or(0).to_string()),
                    'c' => out.extend(arg.chars().next()),
                    _ => return None,
                }
            }
            _ => out.push(c),
        }
    }
    Some(false)
}

#[cfg(test)]
mod tests {
    use super::super::{Redirect, Word};
    use super::*;

    fn command(argv: &[&str]) -> SimpleCommand {
        SimpleCommand { argv: argv.iter().map(|a| Word::literal(*a)).collect(), ..SimpleCommand::default() }
    }

    fn print(argv: &[&str]) -> Option<String> {
        printed(&[command(argv)], 0)
    }

    #[test]
    fn echo_output() {
        assert_eq!(print(&["echo", "rm", "-rf", "/"]).as_deref(), Some("rm -rf /\n"));
        assert_eq!(print(&["echo", "-n", "x"]).as_deref(), Some("x"));
        assert_eq!(print(&["echo", "-e", "a\\nb"]).as_deref(), Some("a\nb\n"));
        assert_eq!(print(&["echo", "a\\nb"]).as_deref(), Some("a\\nb\n"));
        assert_eq!(print(&["/bin/echo", "-x"]).as_deref(), Some("-x\n"));
    }

    #[test]
    fn printf_output() {
        assert_eq!(print(&["printf", "rm -rf ~\\n"]).as_deref(), Some("rm -rf ~\n"));
        assert_eq!(print(&["printf", "%s", "rm"]).as_deref(), Some("rm"));
        assert_eq!(print(&["printf", "%s\\n", "a", "b"]).as_deref(), Some("a\nb\n"));
        assert_eq!(print(&["printf", "%-5s|%d%%", "x", "7"]).as_deref(), Some("x|7%"));
        assert_eq!(print(&["printf", "%f", "1"]), None);
        assert_eq!(print(&["printf", "-v", "x", "y"]), None);
        // `%b` reads `\162` as octal too, `echo -e` (bash) does not.
        assert_eq!(print(&["printf", "%b", "\\162\\155 -rf ~"]).as_deref(), Some("rm -rf ~"));
    }

    #[test]
    fn unknown_or_redirected_output_is_none() {
        let mut dynamic = command(&["echo", "x"]);
        dynamic.argv[1].dynamic = true;
        assert_eq!(printed(&[dynamic], 0), None);
        let mut redirected = command(&["echo", "x"]);
        redirected.redirects.push(Redirect { fd: None, op: RedirectOp::Write, target: Word::literal("f") });
        assert_eq!(printed(&[redirected], 0), None);
        assert_eq!(print(&["ls"]), None);
    }

    #[test]
    fn cat_passes_its_input_on() {
        let mut cat = command(&["cat"]);
        cat.stdin = Stdin::Text("rm -rf /\n".into());
        assert_eq!(printed(&[cat], 0).as_deref(), Some("rm -rf /\n"));
        let mut piped = command(&["cat"]);
        piped.stdin = Stdin::Pipe { from: Some(0) };
        assert_eq!(printed(&[command(&["echo", "ls"]), piped], 1).as_deref(), Some("ls\n"));
        assert_eq!(print(&["cat", "file"]), None);
    }
}
