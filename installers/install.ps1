# Install the agent-hooks binaries (claude-hook and the other agents' hooks) on Windows.
#
#   irm https://github.com/agent-hooks/agent-hooks/releases/latest/download/install.ps1 | iex
#   .\install.ps1 [-Prefix DIR] [-Version VERSION] [-From SOURCE]
#
# Downloads the release archive for this machine, checks it against its published sha256, puts
# the binaries in PREFIX\bin and that directory on the user's PATH. Nothing is installed when
# the checksum does not match.
#
#   -Prefix DIR     install into DIR\bin (default: %LOCALAPPDATA%\Programs\agent-hooks)
#   -Version V      the release to install (default: the latest one, or the one in SOURCE)
#   -From SOURCE    where the archives are: a release download URL (https://), or a local
#                   directory such as target\dist from `cargo xtask dist`
#
# The same settings can come from AGENT_HOOKS_PREFIX, AGENT_HOOKS_VERSION and AGENT_HOOKS_DIST.

$Repository = "https://github.com/agent-hooks/agent-hooks"

# Everything runs from this function, so that a download cut short by `irm | iex` runs
# nothing; errors are thrown rather than `exit`, which would close the user's shell. The
# parameters are the function's, not the script's: under `irm | iex` a script's `param` block
# is not one, so the script passes its arguments on with `@args`.
function Install-AgentHooks {
    param(
        [string]$Prefix = $env:AGENT_HOOKS_PREFIX,
        [string]$Version = $env:AGENT_HOOKS_VERSION,
        [string]$From = $env:AGENT_HOOKS_DIST
    )
    $ErrorActionPreference = "Stop"
    $ProgressPreference = "SilentlyContinue"

    # The only Windows build is x86_64; Windows on ARM runs it under its x64 emulation.
    $arch = $env:PROCESSOR_ARCHITECTURE
    if ($arch -ne "AMD64" -and $arch -ne "ARM64") {
        throw "install.ps1: no release build for $arch CPUs; build from source: cargo install --git $Repository claude-hook"
    }
    $target = "x86_64-pc-windows-gnu"
    if (-not $Prefix) { $Prefix = Join-Path $env:LOCALAPPDATA "Programs\agent-hooks" }
    $Version = "$Version".TrimStart("v")

    # Archives come either from a URL ($baseUrl) or from a local directory ($localDir).
    $baseUrl = $null
    $localDir = $null
    if (-not $From) {
        if (-not $Version) {
            $api = "https://api.github.com/repos/$($Repository.Substring(19))/releases/latest"
            $Version = (Invoke-RestMethod -Uri $api -UseBasicParsing).tag_name.TrimStart("v")
        }
        $baseUrl = "$Repository/releases/download/v$Version"
    } elseif ($From -like "https://*") {
        if (-not $Version) { throw "install.ps1: -From URL needs -Version" }
        $baseUrl = $From.TrimEnd("/")
    } elseif ($From -like "http://*") {
        throw "install.ps1: $From`: use https://; over plain http the archive and its checksum could both be swapped"
    } else {
        $localDir = $From -replace "^file://", ""
        if (-not (Test-Path -PathType Container $localDir)) { throw "install.ps1: $localDir`: not a directory" }
        if (-not $Version) {
            $found = @(Get-ChildItem -Path $localDir -Filter "agent-hooks-*-$target.zip")
            if ($found.Count -ne 1) { throw "install.ps1: want one agent-hooks-*-$target.zip in $localDir, found $($found.Count); pass -Version" }
            $Version = $found[0].Name.Substring(12, $found[0].Name.Length - 12 - "-$target.zip".Length)
        }
    }

    $stem = "agent-hooks-$Version-$target"
    $archive = "$stem.zip"
    $tmp = Join-Path ([System.IO.Path]::GetTempPath()) ("agent-hooks-" + [System.Guid]::NewGuid())
    New-Item -ItemType Directory -Path $tmp | Out-Null
    try {
        Write-Host "install.ps1: installing $archive from $(if ($localDir) { $localDir } else { $baseUrl })"
        foreach ($name in @($archive, "$archive.sha256")) {
            if ($localDir) {
                Copy-Item -Path (Join-Path $localDir $name) -Destination (Join-Path $tmp $name)
            } else {
                Invoke-WebRequest -Uri "$baseUrl/$name" -OutFile (Join-Path $tmp $name) -UseBasicParsing
            }
        }
        $expected = ((Get-Content -Path (Join-Path $tmp "$archive.sha256") -TotalCount 1) -split "\s+")[0].ToLower()
        $actual = (Get-FileHash -Algorithm SHA256 -Path (Join-Path $tmp $archive)).Hash.ToLower()
        if ($expected -ne $actual) {
            throw "install.ps1: checksum mismatch for $archive`: expected $expected, got $actual; nothing installed"
        }

        Expand-Archive -Path (Join-Path $tmp $archive) -DestinationPath $tmp
        $unpacked = Join-Path $tmp $stem
        if (-not (Test-Path -PathType Container $unpacked)) { throw "install.ps1: $archive does not hold $stem\" }
        $binaries = @(Get-ChildItem -Path $unpacked -Filter "*.exe")
        if ($binaries.Count -eq 0) { throw "install.ps1: $archive holds no binaries" }
        $bin = Join-Path $Prefix "bin"
        New-Item -ItemType Directory -Force -Path $bin | Out-Null
        foreach ($binary in $binaries) {
            $destination = Join-Path $bin $binary.Name
            # A running .exe cannot be overwritten, but it can be renamed: an agent may be
            # running the old one right now.
            if (Test-Path $destination) {
                Remove-Item -Force -ErrorAction SilentlyContinue "$destination.old"
                Move-Item -Force -Path $destination -Destination "$destination.old"
            }
            Copy-Item -Path $binary.FullName -Destination $destination
            Remove-Item -Force -ErrorAction SilentlyContinue "$destination.old"
        }
        Write-Host "install.ps1: installed $($binaries.Name -join ', ') into $bin"

        $userPath = [Environment]::GetEnvironmentVariable("Path", "User")
        $entries = @("$userPath" -split ";" | Where-Object { $_ })
        if ($entries -notcontains $bin) {
            [Environment]::SetEnvironmentVariable("Path", (@($entries) + $bin) -join ";", "User")
            Write-Host "install.ps1: added $bin to your PATH (new terminals see it)"
        }
        if (@($env:Path -split ";") -notcontains $bin) { $env:Path = "$env:Path;$bin" }
        Write-Host "install.ps1: next, register the hook of your agent and check it, e.g. for Claude Code:"
        Write-Host "    claude-hook install; claude-hook doctor"
        Write-Host "(the same with codex-hook, cursor-hook, ... for the other agents)"
    } finally {
        Remove-Item -Recurse -Force -ErrorAction SilentlyContinue $tmp
    }
}

Install-AgentHooks @args
