//! The agent-neutral answer to an event.

/// What the hook decided about one event.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    pub decision: Decision,
    /// Extra context for the model, where the agent accepts it.
    pub context: Option<String>,
    /// A message for the user (not the model), e.g. "your policy failed to load".
    pub user_message: Option<String>,
}

/// The decision proper.
#[derive(Debug, Clone, PartialEq)]
pub enum Decision {
    /// Let the event through; the agent's own permission flow still applies.
    Allow,
    /// Ask the user to confirm.
    Ask { reason: String, rule: String },
    /// Refuse. On stop events this means "keep working"; on prompts, "do not send".
    Deny { reason: String, rule: String },
    /// Run this tool input instead. `input` is the whole new tool input object;
    /// `command` the rewritten shell line, when the tool is a shell.
    Rewrite { input: serde_json::Value, command: Option<String>, rule: String },
}

impl Verdict {
    pub fn allow() -> Self {
        Self::from(Decision::Allow)
    }

    pub fn deny(rule: impl Into<String>, reason: impl Into<String>) -> Self {
        Self::from(Decision::Deny { reason: reason.into(), rule: rule.into() })
    }

    pub fn ask(rule: impl Into<String>, reason: impl Into<String>) -> Self {
        Self::from(Decision::Ask { reason: reason.into(), rule: rule.into() })
    }

    /// Add `text` to the context for the model, after what is there already.
    pub fn add_context(&mut self, text: &str) {
        self.context = Some(match self.context.take() {
            Some(earlier) => format!("{earlier}\n\n{text}"),
            None => text.to_string(),
        });
    }

    /// The rule that decided, if any.
    pub fn rule(&self) -> Option<&str> {
        match &self.decision {
            Decision::Allow => None,
            Decision::Ask { rule, .. } | Decision::Deny { rule, .. } | Decision::Rewrite { rule, .. } => {
                Some(rule)
            }
        }
    }

    /// `allow`, `ask`, `deny` or `rewrite`.
    pub fn label(&self) -> &'static str {
        match self.decision {
            Decision::Allow => "allow",
            Decision::Ask { .. } => "ask",
            Decision::Deny { .. } => "deny",
            Decision::Rewrite { .. } => "rewrite",
        }
    }
}

impl From<Decision> for Verdict {
    fn from(decision: Decision) -> Self {
        Self { decision, context: None, user_message: None }
    }
}
