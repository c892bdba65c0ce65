//! Python spellings that hide a module or function name: aliases (`import os as o`).

/// Python code with its module aliases spelled out (`import subprocess as sp` makes `sp.run`
/// `subprocess.run`), so that the qualified calls are found under any name.
pub(super) fn unaliased(code: &str) -> String {
    let mut code = code.to_string();
    for module in ["subprocess", "os", "shutil", "pathlib"] {
        let marker = format!("import {module} as ");
        let Some(at) = code.find(&marker) else { continue };
        let alias: String = code[at + marker.len()..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if alias.is_empty() || alias == module {
            continue;
        }
        let mut spelled = String::with_capacity(code.len());
        let mut rest = code.as_str();
        let call = format!("{alias}.");
        while let Some(found) = rest.find(&call) {
            let boundary = rest[..found]
                .chars()
                .last()
                .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'));
            spelled.push_str(&rest[..found]);
            spelled.push_str(if boundary { module } else { &alias });
            spelled.push('.');
            rest = &rest[found + call.len()..];
        }
        spelled.push_str(rest);
        code = spelled;
    }
    code
}
