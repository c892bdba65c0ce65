//! Whether a program can be run, for the `command_exists` conditions of stop gates and
//! rewrites and for the default check of a prefix rewrite: a path to an executable file, or
//! the name of one in a `PATH` directory.

use std::path::Path;

/// Whether `program` can be run: a path (relative to `root`) to an executable file, or the
/// name of one in a `PATH` directory.
pub(crate) fn exists(program: &str, root: &Path) -> bool {
    #[cfg(test)]
    testing::LOOKED_UP.with(|count| count.set(count.get() + 1));
    if program.contains(['/', '\\']) {
        return is_executable(&root.join(program));
    }
    crate::environment::var_os("PATH")
        .is_some_and(|dirs| std::env::split_paths(&dirs).any(|dir| is_executable(&dir.join(program))))
}

#[cfg(unix)]
pub(crate) fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata().is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

/// Without execute bits, a file is a program if it exists as is or with `.exe`.
#[cfg(not(unix))]
pub(crate) fn is_executable(path: &Path) -> bool {
    path.is_file() || path.with_extension("exe").is_file()
}

#[cfg(test)]
pub(crate) mod testing {
    //! A count of program lookups on this thread, to prove which lines cost none.

    use std::cell::Cell;

    thread_local! {
        pub(crate) static LOOKED_UP: Cell<usize> = const { Cell::new(0) };
    }

    /// How many programs this thread looked for so far.
    pub(crate) fn looked_up() -> usize {
        LOOKED_UP.with(Cell::get)
    }
}
