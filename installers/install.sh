#!/bin/sh
# Install the agent-hooks binaries (claude-hook and the other agents' hooks) from a release.
#
#   curl -fsSL https://github.com/agent-hooks/agent-hooks/releases/latest/download/install.sh | sh
#   sh install.sh [--prefix DIR] [--version VERSION] [--from SOURCE]
#
# Picks the archive for this OS and CPU, checks it against its published sha256, and puts the
# binaries in PREFIX/bin. Nothing is installed when the checksum does not match.
#
#   --prefix DIR    install into DIR/bin (default: ~/.local)
#   --version V     the release to install (default: the latest one, or the one in SOURCE)
#   --from SOURCE   where the archives are: a release download URL, or a local directory
#                   (or file:// URL) such as target/dist from `cargo xtask dist`
#
# The same settings can come from AGENT_HOOKS_PREFIX, AGENT_HOOKS_VERSION and AGENT_HOOKS_DIST.

set -eu

repository="https://github.com/agent-hooks/agent-hooks"

say() { printf 'install.sh: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

usage() {
    cat <<EOF
usage: install.sh [--prefix DIR] [--version VERSION] [--from URL|DIR|file://DIR]
Installs the agent-hooks binaries for this machine into PREFIX/bin (default prefix: ~/.local),
after checking the archive's sha256.
EOF
}

# The release target of this machine, as in the archive names.
detect_target() {
    case "$(uname -s)" in
        Linux) os=unknown-linux-musl ;;
        Darwin) os=apple-darwin ;;
        MINGW* | MSYS* | CYGWIN* | Windows_NT) die "on Windows, use install.ps1 or Scoop (see $repository#install)" ;;
        *) die "no release build for $(uname -s); build from source: cargo install --git $repository claude-hook" ;;
    esac
    case "$(uname -m)" in
        x86_64 | amd64) arch=x86_64 ;;
        aarch64 | arm64) arch=aarch64 ;;
        *) die "no release build for $(uname -m) CPUs; build from source: cargo install --git $repository claude-hook" ;;
    esac
    # A shell translated by Rosetta says x86_64 on Apple silicon, where the native build is better.
    if [ "$os" = apple-darwin ] && [ "$arch" = x86_64 ] && [ "$(sysctl -n hw.optional.arm64 2>/dev/null)" = 1 ]; then
        arch=aarch64
    fi
    echo "$arch-$os"
}

# download URL FILE, with curl or wget.
download() {
    if command -v curl >/dev/null 2>&1; then
        curl --proto '=https' --tlsv1.2 -fsSL -o "$2" "$1"
    elif command -v wget >/dev/null 2>&1; then
        wget -q -O "$2" "$1"
    else
        die "need curl or wget to download $1"
    fi
}

# fetch NAME: copy the release file NAME into $tmp from wherever the archives are.
fetch() {
    if [ -n "$local_dir" ]; then
        cp "$local_dir/$1" "$tmp/$1" 2>/dev/null || die "no $1 in $local_dir"
    else
        download "$base_url/$1" "$tmp/$1" || die "cannot download $base_url/$1"
    fi
}

# The version of GitHub's latest release, from its API.
latest_version() {
    api="https://api.github.com/repos/${repository#https://github.com/}/releases/latest"
    download "$api" "$tmp/latest.json" || die "cannot ask GitHub for the latest release; pass --version"
    latest=$(sed -n 's/.*"tag_name": *"v\{0,1\}\([^"]*\)".*/\1/p' "$tmp/latest.json" | head -n 1)
    [ -n "$latest" ] || die "no release found at $api; pass --version"
    echo "$latest"
}

# The version of the one archive for TARGET in the local directory DIR.
local_version() {
    found=""
    for archive in "$1"/agent-hooks-*-"$2".tar.gz; do
        [ -e "$archive" ] || die "no agent-hooks-*-$2.tar.gz in $1"
        name=${archive##*/}
        name=${name#agent-hooks-}
        [ -z "$found" ] || die "several versions for $2 in $1; pass --version"
        found=${name%-"$2".tar.gz}
    done
    echo "$found"
}

sha256_of() {
    if command -v sha256sum >/dev/null 2>&1; then
        sha256sum "$1" | cut -d ' ' -f 1
    else
        shasum -a 256 "$1" | cut -d ' ' -f 1
    fi
}

# The whole script runs from here, so that a download cut short by `curl | sh` runs nothing.
main() {
    prefix=${AGENT_HOOKS_PREFIX:-$HOME/.local}
    version=${AGENT_HOOKS_VERSION:-}
    source=${AGENT_HOOKS_DIST:-}
    while [ $# -gt 0 ]; do
        case "$1" in
            --prefix | --version | --from)
                [ $# -ge 2 ] || die "$1 needs a value"
                case "$1" in
                    --prefix) prefix=$2 ;;
                    --version) version=${2#v} ;;
                    --from) source=$2 ;;
                esac
                shift 2
                ;;
            -h | --help) usage; exit 0 ;;
            *) die "unknown argument: $1 (see --help)" ;;
        esac
    done
    command -v sha256sum >/dev/null 2>&1 || command -v shasum >/dev/null 2>&1 ||
        die "need sha256sum or shasum to check the download"

    target=$(detect_target)
    tmp=$(mktemp -d 2>/dev/null || mktemp -d -t agent-hooks)
    trap 'rm -rf "$tmp"' EXIT
    trap 'exit 1' HUP INT TERM

    # Archives come either from a URL (base_url) or from a local directory (local_dir).
    base_url=""
    local_dir=""
    case "$source" in
        "")
            [ -n "$version" ] || version=$(latest_version)
            base_url="$repository/releases/download/v$version"
            ;;
        https://*)
            [ -n "$version" ] || die "--from URL needs --version"
            base_url=$source
            ;;
        http://*) die "$source: use https://; over plain http the archive and its checksum could both be swapped" ;;
        *)
            local_dir=${source#file://}
            [ -d "$local_dir" ] || die "$local_dir: not a directory"
            [ -n "$version" ] || version=$(local_version "$local_dir" "$target")
            ;;
    esac

    stem="agent-hooks-$version-$target"
    archive="$stem.tar.gz"
    say "installing $archive from ${local_dir:-$base_url}"
    fetch "$archive"
    fetch "$archive.sha256"
    expected=$(cut -d ' ' -f 1 <"$tmp/$archive.sha256")
    actual=$(sha256_of "$tmp/$archive")
    [ "$expected" = "$actual" ] ||
        die "checksum mismatch for $archive: expected $expected, got $actual; nothing installed"

    tar -xzf "$tmp/$archive" -C "$tmp"
    [ -d "$tmp/$stem" ] || die "$archive does not hold $stem/"
    mkdir -p "$prefix/bin"
    installed=""
    for file in "$tmp/$stem"/*; do
        if [ ! -f "$file" ] || [ ! -x "$file" ]; then continue; fi
        name=${file##*/}
        # Copy beside the old binary, then rename over it: an agent may be running the old
        # one right now, and writing into a running executable fails ("Text file busy").
        cp "$file" "$prefix/bin/.$name.new"
        chmod 755 "$prefix/bin/.$name.new"
        mv -f "$prefix/bin/.$name.new" "$prefix/bin/$name"
        installed="$installed $name"
    done
    [ -n "$installed" ] || die "$archive holds no binaries"
    say "installed$installed into $prefix/bin"
    hook=claude-hook
    case ":$PATH:" in
        *":$prefix/bin:"*) ;;
        *)
            say "$prefix/bin is not on PATH; add it, e.g. in ~/.profile: export PATH=\"$prefix/bin:\$PATH\""
            hook="$prefix/bin/claude-hook"
            ;;
    esac
    say "next, register the hook of your agent and check it, e.g. for Claude Code:"
    say "    $hook install && $hook doctor"
    say "(the same with codex-hook, cursor-hook, ... for the other agents)"
}

main "$@"
