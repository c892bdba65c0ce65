//! `install`, `uninstall` and `doctor`: gather the places (HOME, the project, this binary),
//! let the install module work, report, and map its errors to exit codes.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::agent::{Agent, SettingsScope};
use crate::install::doctor::{self, Status};
use crate::install::{self, Found, InstallError, Plan};
use crate::project::find_project_root;
use crate::protocol;

pub(crate) fn install(agent: &Agent, scope: SettingsScope, dry_run: bool) -> ExitCode {
    let mut warning = None;
    let planned = settings_file(agent, scope).and_then(|path| {
        let (exe, note) = install::stable_exe().map_err(InstallError::CurrentExe)?;
        warning = note;
        install::plan_install(agent, &path, &exe)
    });
    if let Some(warning) = &warning {
        protocol::warn(&format!("{}: {warning}", agent.binary()));
    }
    let plan = match planned {
        Ok(plan) => plan,
        Err(e) => return failed(agent, &e),
    };
    let bin = agent.binary();
    let path = plan.path.display();
    if !plan.changes_anything() {
        // An earlier install may predate the trust record, or the user may have revoked it.
        let trusted = match install::record_trust(agent, &plan, home().as_deref()) {
            Ok(trusted) => trusted,
            Err(e) => return failed(agent, &e),
        };
        protocol::print(&format!(
            "{bin} is already installed in {path} for {}; nothing to change{}",
            events(&plan.registered),
            trust_note(agent, trusted.as_deref()),
        ));
        return ExitCode::SUCCESS;
    }
    if dry_run {
        return preview(&plan, "install");
    }
    let installed = install::apply(&plan)
        // The personal settings file is the user's alone: git is told to leave it out.
        .and_then(|backup| {
            if scope == SettingsScope::Local {
                install::git_exclude(&plan.path)?;
            }
            Ok(backup)
        })
        .and_then(|backup| Ok((backup, install::record_trust(agent, &plan, home().as_deref())?)));
    match installed {
        Ok((backup, trusted)) => {
            let next_step = agent.owned_file().and_then(|owned| owned.next_step).map(|step| step(&plan.path));
            protocol::print(&format!(
                "installed {bin} in {path} for {}{}{}\n{}prove it works with `{bin} doctor`",
                events(&plan.registered),
                backup_note(backup.as_deref()),
                trust_note(agent, trusted.as_deref()),
                next_step.map(|step| format!("{step}\n")).unwrap_or_default(),
            ));
            ExitCode::SUCCESS
        }
        Err(e) => failed(agent, &e),
    }
}

/// What `install` said about trust, for agents that keep a trust file.
fn trust_note(agent: &Agent, trust_file: Option<&Path>) -> String {
    trust_file.map_or_else(String::new, |file| {
        format!(
            "\nrecorded {}'s trust in these hooks in {} ({} runs only hooks the user has trusted; running install is that consent, and an edit to an entry needs it again)",
            agent.display_name(),
            file.display(),
            agent.display_name()
        )
    })
}

pub(crate) fn uninstall(agent: &Agent, scope: SettingsScope, dry_run: bool) -> ExitCode {
    let plan = match settings_file(agent, scope).and_then(|path| install::plan_uninstall(agent, &path)) {
        Ok(plan) => plan,
        Err(e) => return failed(agent, &e),
    };
    let bin = agent.binary();
    let path = plan.path.display();
    if !plan.changes_anything() {
        protocol::print(&format!("{bin} is not registered in {path}; nothing to change"));
        return ExitCode::SUCCESS;
    }
    if dry_run {
        return preview(&plan, "uninstall");
    }
    match install::apply(&plan) {
        Ok(backup) => {
            protocol::print(&format!("removed {bin} from {path}{}", backup_note(backup.as_deref())));
            ExitCode::SUCCESS
        }
        Err(e) => failed(agent, &e),
    }
}

pub(crate) fn doctor(agent: &Agent) -> ExitCode {
    let project = match std::env::current_dir() {
        Ok(cwd) => find_project_root(&cwd),
        Err(e) => {
            protocol::warn(&format!("{}: cannot read the current directory: {e}", agent.binary()));
            return ExitCode::from(1);
        }
    };
    let mut findings = doctor::examine(agent, home().as_deref(), &project);
    // The hooks answer, but with which policy: a layer that does not load is skipped by them
    // (the rest stays in force), which `check` reports and the agent never hears of.
    let cwd = std::env::current_dir().unwrap_or_else(|_| project.clone());
    let loaded = crate::policy::load_checked(&crate::project::Context::discover(&cwd), None);
    for error in &loaded.errors {
        findings.push(doctor::Finding::new(
            Status::Fail,
            format!("policy: {error}"),
            Some(format!("fix the file; `{} check` lists every layer", agent.binary())),
        ));
    }
    if loaded.errors.is_empty() {
        findings.push(doctor::Finding::new(Status::Ok, "policy: every layer loads", None));
    }
    let mut report = String::new();
    for finding in &findings {
        let mark = match finding.status {
            Status::Ok => "ok  ",
            Status::Note => "note",
            Status::Fail => "FAIL",
        };
        report.push_str(&format!("{mark}  {}\n", finding.text));
        if let Some(fix) = &finding.fix {
            report.push_str(&format!("      -> {fix}\n"));
        }
    }
    let failures = findings.iter().filter(|f| f.status == Status::Fail).count();
    if failures == 0 {
        report.push_str(&format!(
            "{} is installed and answers as {} expects",
            agent.binary(),
            agent.display_name()
        ));
        protocol::print(&report);
        ExitCode::SUCCESS
    } else {
        report.push_str(&format!(
            "{failures} check(s) failed: {} is not protecting {}",
            agent.binary(),
            agent.display_name()
        ));
        protocol::print(&report);
        ExitCode::from(1)
    }
}

/// `--dry-run`: the diff, and whether the real run would refuse.
fn preview(plan: &Plan, action: &str) -> ExitCode {
    let mut text = plan.diff();
    if plan.drops_comments {
        text.push_str(&format!(
            "{action} would refuse: {}",
            InstallError::Comments { path: plan.path.clone() }
        ));
    } else {
        text.push_str(&format!("dry run: {} not changed", plan.path.display()));
    }
    protocol::print(&text);
    ExitCode::SUCCESS
}

fn settings_file(agent: &Agent, scope: SettingsScope) -> Result<PathBuf, InstallError> {
    let cwd = std::env::current_dir().map_err(InstallError::CurrentDir)?;
    install::settings_file(agent, scope, home().as_deref(), &cwd)
}

/// The user's home, from `HOME` (what the agents themselves read).
fn home() -> Option<PathBuf> {
    crate::environment::var_os("HOME").filter(|h| !h.is_empty()).map(PathBuf::from)
}

fn events(found: &[Found]) -> String {
    let mut events: Vec<&str> = Vec::new();
    for f in found {
        if !events.contains(&f.event.as_str()) {
            events.push(&f.event);
        }
    }
    events.join(", ")
}

fn backup_note(backup: Option<&Path>) -> String {
    match backup {
        Some(backup) => format!("\nthe previous file is saved as {}", backup.display()),
        None => String::new(),
    }
}

/// The one place install errors become exit codes: 3 when a settings file was refused as
/// it is (the user has to fix it), 1 for everything else.
fn failed(agent: &Agent, error: &InstallError) -> ExitCode {
    protocol::warn(&format!("{}: {error}", agent.binary()));
    match error {
        InstallError::Invalid { .. }
        | InstallError::Shape { .. }
        | InstallError::Comments { .. }
        | InstallError::ReadOnly { .. } => ExitCode::from(3),
        InstallError::NotSupported { .. }
        | InstallError::NoHome
        | InstallError::NoScope { .. }
        | InstallError::CurrentExe(_)
        | InstallError::CurrentDir(_)
        | InstallError::File(_)
        | InstallError::Raced { .. } => ExitCode::from(1),
    }
}
