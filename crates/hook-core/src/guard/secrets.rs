//! Credentials in text: found in a submitted prompt (`[prompt] secrets`), and redacted from
//! what the decision journal keeps.
//!
//! Hand-written scanning rather than regexes: a prompt is checked on every submit, and these
//! shapes are a fixed prefix followed by a run of key characters. Generic assignments
//! (`password=...`) count only when the value looks random (Shannon entropy), so a prompt that
//! merely talks about passwords passes.

use std::borrow::Cow;
use std::ops::Range;

use crate::policy::SecretsAction;
use crate::verdict::Verdict;

/// What kind of credential was found; named in messages instead of the credential itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SecretKind {
    AwsAccessKeyId,
    AwsSecretKey,
    GitHubToken,
    GitLabToken,
    SlackToken,
    StripeKey,
    OpenAiKey,
    AnthropicKey,
    PrivateKey,
    Jwt,
    /// `password=...`, `api_key: ...` and the like, with a random-looking value.
    Assignment,
    /// The password of `scheme://user:password@host`: random-looking, or any real password of
    /// a database URL.
    UrlPassword,
    /// `Authorization: Bearer ...` or `Basic ...` credentials.
    AuthorizationHeader,
    /// A provider's token recognised by its prefix: what it is, for messages.
    Service(&'static str),
}

impl SecretKind {
    pub fn describe(self) -> &'static str {
        match self {
            Self::AwsAccessKeyId => "an AWS access key id",
            Self::AwsSecretKey => "an AWS secret access key",
            Self::GitHubToken => "a GitHub token",
            Self::GitLabToken => "a GitLab token",
            Self::SlackToken => "a Slack token",
            Self::StripeKey => "a Stripe live key",
            Self::OpenAiKey => "an OpenAI API key",
            Self::AnthropicKey => "an Anthropic API key",
            Self::PrivateKey => "a private key",
            Self::Jwt => "a JSON web token",
            Self::Assignment => "a password, secret or token",
            Self::UrlPassword => "a password in a URL",
            Self::AuthorizationHeader => "an Authorization header credential",
            Self::Service(what) => what,
        }
    }
}

/// A credential found in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Secret {
    pub kind: SecretKind,
    /// Byte range of the credential in the text.
    pub span: Range<usize>,
}

/// A token shape: a fixed prefix, then at least `min` characters of `alphabet`.
struct Shape {
    prefix: &'static str,
    min: usize,
    alphabet: fn(u8) -> bool,
    kind: SecretKind,
}

fn alnum(b: u8) -> bool {
    b.is_ascii_alphanumeric()
}

fn upper_alnum(b: u8) -> bool {
    b.is_ascii_uppercase() || b.is_ascii_digit()
}

fn token_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

fn base64url(b: u8) -> bool {
    token_char(b) || b == b'='
}

fn hex(b: u8) -> bool {
    b.is_ascii_hexdigit()
}

fn lower_alnum(b: u8) -> bool {
    b.is_ascii_lowercase() || b.is_ascii_digit()
}

/// Token characters and dots: tokens made of several dot-separated parts.
fn dotted(b: u8) -> bool {
    token_char(b) || b == b'.'
}

/// Webhook URLs: the path after the host.
fn dotted_path(b: u8) -> bool {
    dotted(b) || b == b'/'
}

/// Braintree's `access_token$production$...$...`.
fn dollar_token(b: u8) -> bool {
    alnum(b) || b == b'$'
}

fn base64(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=')
}

/// Longer prefixes before their shorter forms (`sk-ant-` before `sk-`, `xoxe.xoxp-` before
/// `xoxp-`): candidates are tried in this order.
const SHAPES: &[Shape] = &[
    Shape { prefix: "AIza", min: 35, alphabet: token_char, kind: SecretKind::Service("a Google API key") },
    Shape {
        prefix: "GOCSPX-",
        min: 24,
        alphabet: token_char,
        kind: SecretKind::Service("a Google OAuth client secret"),
    },
    Shape {
        prefix: "ya29.",
        min: 30,
        alphabet: dotted,
        kind: SecretKind::Service("a Google OAuth access token"),
    },
    Shape {
        prefix: "AccountKey=",
        min: 40,
        alphabet: base64,
        kind: SecretKind::Service("an Azure storage account key"),
    },
    Shape {
        prefix: "SharedAccessKey=",
        min: 30,
        alphabet: base64,
        kind: SecretKind::Service("an Azure shared access key"),
    },
    Shape { prefix: "dop_v1_", min: 64, alphabet: hex, kind: SecretKind::Service("a DigitalOcean token") },
    Shape {
        prefix: "doo_v1_",
        min: 64,
        alphabet: hex,
        kind: SecretKind::Service("a DigitalOcean OAuth token"),
    },
    Shape {
        prefix: "dor_v1_",
        min: 64,
        alphabet: hex,
        kind: SecretKind::Service("a DigitalOcean refresh token"),
    },
    Shape {
        prefix: "LTAI",
        min: 16,
        alphabet: alnum,
        kind: SecretKind::Service("an Alibaba Cloud access key"),
    },
    Shape { prefix: "npm_", min: 36, alphabet: alnum, kind: SecretKind::Service("an npm token") },
    Shape { prefix: "pypi-AgEI", min: 50, alphabet: token_char, kind: SecretKind::Service("a PyPI token") },
    Shape { prefix: "rubygems_", min: 48, alphabet: hex, kind: SecretKind::Service("a RubyGems key") },
    Shape { prefix: "oy2", min: 43, alphabet: lower_alnum, kind: SecretKind::Service("a NuGet key") },
    Shape { prefix: "cio", min: 32, alphabet: alnum, kind: SecretKind::Service("a crates.io token") },
    Shape { prefix: "hf_", min: 34, alphabet: alnum, kind: SecretKind::Service("a Hugging Face token") },
    Shape { prefix: "gsk_", min: 50, alphabet: alnum, kind: SecretKind::Service("a Groq key") },
    Shape { prefix: "r8_", min: 37, alphabet: alnum, kind: SecretKind::Service("a Replicate token") },
    Shape { prefix: "pplx-", min: 40, alphabet: alnum, kind: SecretKind::Service("a Perplexity key") },
    Shape { prefix: "xai-", min: 70, alphabet: alnum, kind: SecretKind::Service("an xAI key") },
    Shape {
        prefix: "gldt-",
        min: 20,
        alphabet: token_char,
        kind: SecretKind::Service("a GitLab deploy token"),
    },
    Shape {
        prefix: "glrt-",
        min: 20,
        alphabet: token_char,
        kind: SecretKind::Service("a GitLab runner token"),
    },
    Shape {
        prefix: "glptt-",
        min: 20,
        alphabet: token_char,
        kind: SecretKind::Service("a GitLab pipeline trigger token"),
    },
    Shape {
        prefix: "glsoat-",
        min: 20,
        alphabet: token_char,
        kind: SecretKind::Service("a GitLab service account token"),
    },
    Shape {
        prefix: "GR1348941",
        min: 20,
        alphabet: token_char,
        kind: SecretKind::Service("a GitLab runner registration token"),
    },
    Shape { prefix: "xoxe.xoxp-", min: 10, alphabet: token_char, kind: SecretKind::Service("a Slack token") },
    Shape { prefix: "xoxs-", min: 10, alphabet: token_char, kind: SecretKind::Service("a Slack token") },
    Shape { prefix: "xapp-", min: 10, alphabet: token_char, kind: SecretKind::Service("a Slack app token") },
    Shape {
        prefix: "https://hooks.slack.com/services/",
        min: 30,
        alphabet: dotted_path,
        kind: SecretKind::Service("a Slack webhook URL"),
    },
    Shape {
        prefix: "https://discord.com/api/webhooks/",
        min: 40,
        alphabet: dotted_path,
        kind: SecretKind::Service("a Discord webhook URL"),
    },
    Shape {
        prefix: "https://discordapp.com/api/webhooks/",
        min: 40,
        alphabet: dotted_path,
        kind: SecretKind::Service("a Discord webhook URL"),
    },
    Shape { prefix: "sk_test_", min: 16, alphabet: alnum, kind: SecretKind::Service("a Stripe test key") },
    Shape {
        prefix: "whsec_",
        min: 24,
        alphabet: alnum,
        kind: SecretKind::Service("a Stripe webhook secret"),
    },
    Shape { prefix: "SG.", min: 60, alphabet: dotted, kind: SecretKind::Service("a SendGrid key") },
    Shape { prefix: "key-", min: 32, alphabet: hex, kind: SecretKind::Service("a Mailgun key") },
    Shape { prefix: "shpat_", min: 32, alphabet: hex, kind: SecretKind::Service("a Shopify access token") },
    Shape {
        prefix: "shpca_",
        min: 32,
        alphabet: hex,
        kind: SecretKind::Service("a Shopify custom app token"),
    },
    Shape {
        prefix: "shppa_",
        min: 32,
        alphabet: hex,
        kind: SecretKind::Service("a Shopify private app token"),
    },
    Shape { prefix: "shpss_", min: 32, alphabet: hex, kind: SecretKind::Service("a Shopify shared secret") },
    Shape {
        prefix: "ATATT3",
        min: 100,
        alphabet: base64url,
        kind: SecretKind::Service("an Atlassian API token"),
    },
    Shape {
        prefix: "ATCTT3",
        min: 100,
        alphabet: base64url,
        kind: SecretKind::Service("an Atlassian token"),
    },
    Shape { prefix: "lin_api_", min: 40, alphabet: alnum, kind: SecretKind::Service("a Linear key") },
    Shape { prefix: "secret_", min: 43, alphabet: alnum, kind: SecretKind::Service("a Notion token") },
    Shape { prefix: "ntn_", min: 40, alphabet: alnum, kind: SecretKind::Service("a Notion token") },
    Shape { prefix: "NRAK-", min: 27, alphabet: upper_alnum, kind: SecretKind::Service("a New Relic key") },
    Shape {
        prefix: "NRII-",
        min: 20,
        alphabet: token_char,
        kind: SecretKind::Service("a New Relic insert key"),
    },
    Shape { prefix: "sntrys_", min: 60, alphabet: base64url, kind: SecretKind::Service("a Sentry token") },
    Shape { prefix: "sntryu_", min: 60, alphabet: hex, kind: SecretKind::Service("a Sentry user token") },
    Shape { prefix: "dp.pt.", min: 40, alphabet: alnum, kind: SecretKind::Service("a Doppler token") },
    Shape {
        prefix: "dp.st.",
        min: 40,
        alphabet: dotted,
        kind: SecretKind::Service("a Doppler service token"),
    },
    Shape {
        prefix: "dp.sa.",
        min: 40,
        alphabet: alnum,
        kind: SecretKind::Service("a Doppler service account token"),
    },
    Shape { prefix: "dp.ct.", min: 40, alphabet: alnum, kind: SecretKind::Service("a Doppler CLI token") },
    Shape { prefix: "HRKU-", min: 40, alphabet: token_char, kind: SecretKind::Service("a Heroku key") },
    Shape { prefix: "nfp_", min: 36, alphabet: alnum, kind: SecretKind::Service("a Netlify token") },
    Shape { prefix: "fo1_", min: 40, alphabet: token_char, kind: SecretKind::Service("a Fly.io token") },
    Shape { prefix: "FlyV1 ", min: 60, alphabet: base64, kind: SecretKind::Service("a Fly.io token") },
    Shape { prefix: "PMAK-", min: 59, alphabet: token_char, kind: SecretKind::Service("a Postman key") },
    Shape { prefix: "sl.", min: 130, alphabet: token_char, kind: SecretKind::Service("a Dropbox token") },
    Shape {
        prefix: "sq0atp-",
        min: 22,
        alphabet: token_char,
        kind: SecretKind::Service("a Square access token"),
    },
    Shape {
        prefix: "sq0csp-",
        min: 43,
        alphabet: token_char,
        kind: SecretKind::Service("a Square OAuth secret"),
    },
    Shape { prefix: "EAAA", min: 60, alphabet: token_char, kind: SecretKind::Service("a Square token") },
    Shape {
        prefix: "access_token$production$",
        min: 40,
        alphabet: dollar_token,
        kind: SecretKind::Service("a PayPal Braintree token"),
    },
    Shape { prefix: "pul-", min: 40, alphabet: hex, kind: SecretKind::Service("a Pulumi token") },
    Shape { prefix: "hvs.", min: 24, alphabet: token_char, kind: SecretKind::Service("a Vault token") },
    Shape { prefix: "hvb.", min: 24, alphabet: token_char, kind: SecretKind::Service("a Vault batch token") },
    Shape {
        prefix: "AGE-SECRET-KEY-1",
        min: 58,
        alphabet: upper_alnum,
        kind: SecretKind::Service("an age secret key"),
    },
    Shape { prefix: "dapi", min: 32, alphabet: hex, kind: SecretKind::Service("a Databricks token") },
    Shape { prefix: "figd_", min: 40, alphabet: token_char, kind: SecretKind::Service("a Figma token") },
    Shape { prefix: "glc_", min: 32, alphabet: base64, kind: SecretKind::Service("a Grafana Cloud token") },
    Shape {
        prefix: "glsa_",
        min: 32,
        alphabet: token_char,
        kind: SecretKind::Service("a Grafana service account token"),
    },
    Shape { prefix: "bkua_", min: 40, alphabet: hex, kind: SecretKind::Service("a Buildkite token") },
    Shape {
        prefix: "CFPAT-",
        min: 43,
        alphabet: token_char,
        kind: SecretKind::Service("a Contentful token"),
    },
    Shape { prefix: "shippo_live_", min: 40, alphabet: hex, kind: SecretKind::Service("a Shippo token") },
    Shape {
        prefix: "pscale_tkn_",
        min: 32,
        alphabet: token_char,
        kind: SecretKind::Service("a PlanetScale token"),
    },
    Shape {
        prefix: "pscale_pw_",
        min: 32,
        alphabet: token_char,
        kind: SecretKind::Service("a PlanetScale password"),
    },
    Shape { prefix: "sbp_", min: 40, alphabet: hex, kind: SecretKind::Service("a Supabase token") },
    Shape {
        prefix: "sb_secret_",
        min: 30,
        alphabet: token_char,
        kind: SecretKind::Service("a Supabase secret key"),
    },
    Shape { prefix: "sk.eyJ", min: 60, alphabet: dotted, kind: SecretKind::Service("a Mapbox secret token") },
    Shape { prefix: "tfp_", min: 44, alphabet: token_char, kind: SecretKind::Service("a Typeform token") },
    Shape { prefix: "pnu_", min: 36, alphabet: alnum, kind: SecretKind::Service("a Prefect token") },
    Shape { prefix: "rdme_", min: 70, alphabet: alnum, kind: SecretKind::Service("a ReadMe key") },
    Shape {
        prefix: "dckr_pat_",
        min: 27,
        alphabet: token_char,
        kind: SecretKind::Service("a Docker Hub token"),
    },
    Shape { prefix: "AKIA", min: 16, alphabet: upper_alnum, kind: SecretKind::AwsAccessKeyId },
    Shape { prefix: "ASIA", min: 16, alphabet: upper_alnum, kind: SecretKind::AwsAccessKeyId },
    Shape { prefix: "github_pat_", min: 22, alphabet: token_char, kind: SecretKind::GitHubToken },
    Shape { prefix: "ghp_", min: 30, alphabet: alnum, kind: SecretKind::GitHubToken },
    Shape { prefix: "gho_", min: 30, alphabet: alnum, kind: SecretKind::GitHubToken },
    Shape { prefix: "ghu_", min: 30, alphabet: alnum, kind: SecretKind::GitHubToken },
    Shape { prefix: "ghs_", min: 30, alphabet: alnum, kind: SecretKind::GitHubToken },
    Shape { prefix: "ghr_", min: 30, alphabet: alnum, kind: SecretKind::GitHubToken },
    Shape { prefix: "glpat-", min: 20, alphabet: token_char, kind: SecretKind::GitLabToken },
    Shape { prefix: "xoxb-", min: 10, alphabet: token_char, kind: SecretKind::SlackToken },
    Shape { prefix: "xoxa-", min: 10, alphabet: token_char, kind: SecretKind::SlackToken },
    Shape { prefix: "xoxp-", min: 10, alphabet: token_char, kind: SecretKind::SlackToken },
    Shape { prefix: "xoxr-", min: 10, alphabet: token_char, kind: SecretKind::SlackToken },
    Shape { prefix: "sk_live_", min: 16, alphabet: alnum, kind: SecretKind::StripeKey },
    Shape { prefix: "rk_live_", min: 16, alphabet: alnum, kind: SecretKind::StripeKey },
    Shape { prefix: "sk-ant-", min: 20, alphabet: token_char, kind: SecretKind::AnthropicKey },
    Shape { prefix: "sk-proj-", min: 20, alphabet: token_char, kind: SecretKind::OpenAiKey },
    Shape { prefix: "sk-", min: 20, alphabet: token_char, kind: SecretKind::OpenAiKey },
];

/// Keys whose assigned value is a credential when it looks random; matched as the end of an
/// identifier, so `DB_PASSWORD=` and `githubToken:` count too.
const SECRET_KEYS: &[(&str, SecretKind)] = &[
    ("aws_secret_access_key", SecretKind::AwsSecretKey),
    ("secret_access_key", SecretKind::AwsSecretKey),
    ("password", SecretKind::Assignment),
    ("passwd", SecretKind::Assignment),
    ("secret", SecretKind::Assignment),
    ("token", SecretKind::Assignment),
    ("api_key", SecretKind::Assignment),
    ("apikey", SecretKind::Assignment),
    ("api-key", SecretKind::Assignment),
    ("access_key", SecretKind::Assignment),
    ("private_key", SecretKind::Assignment),
];

/// A value shorter than this is not taken for a credential.
const MIN_SECRET_VALUE: usize = 10;

/// Bytes, in either case, that can begin a credential or a secret key name: only at those
/// is a match tried, which keeps the scan of a command line to a table look-up per byte.
const STARTS: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < SHAPES.len() {
        let first = SHAPES[i].prefix.as_bytes()[0];
        table[first.to_ascii_lowercase() as usize] = true;
        table[first.to_ascii_uppercase() as usize] = true;
        i += 1;
    }
    i = 0;
    while i < SECRET_KEYS.len() {
        let first = SECRET_KEYS[i].0.as_bytes()[0];
        table[first.to_ascii_lowercase() as usize] = true;
        table[first.to_ascii_uppercase() as usize] = true;
        i += 1;
    }
    // Private key blocks, JWTs and Authorization headers.
    table[b'-' as usize] = true;
    table[b'B' as usize] = true;
    table[b'b' as usize] = true;
    table[b'e' as usize] = true;
    table[b'E' as usize] = true;
    table
};

/// For each byte, the set of [`SHAPES`] (bit `i` for `SHAPES[i]`) whose prefix begins with
/// it: a word start is then compared with the two or three shapes it can be, not all of them.
const SHAPES_BY_FIRST: [u128; 256] = {
    assert!(SHAPES.len() <= 128);
    let mut table = [0; 256];
    let mut i = 0;
    while i < SHAPES.len() {
        table[SHAPES[i].prefix.as_bytes()[0] as usize] |= 1 << i;
        i += 1;
    }
    table
};

/// Bits per character above which a value looks random (English words stay below).
const MIN_ENTROPY: f64 = 3.0;

/// The fewest bytes between blanks that a credential can be: a shape's prefix and body, a
/// JWT, an assigned or Authorization value, `-----BEGIN`. Shorter words are skipped whole,
/// which keeps prose (a journal entry's reason) to one test per byte.
const MIN_RUN: usize = 10;
const _: () = {
    let mut i = 0;
    while i < SHAPES.len() {
        assert!(SHAPES[i].prefix.len() + SHAPES[i].min >= MIN_RUN);
        i += 1;
    }
    assert!(MIN_SECRET_VALUE >= MIN_RUN && "-----BEGIN".len() >= MIN_RUN);
};

/// The words that begin a credential going on past a blank: Authorization schemes and the
/// shapes whose prefix holds a space (checked below).
const OPEN_ACROSS_BLANKS: &[&[u8]] = &[b"Bearer", b"bearer", b"Basic", b"basic", b"FlyV1"];
const _: () = {
    let mut i = 0;
    while i < SHAPES.len() {
        let prefix = SHAPES[i].prefix.as_bytes();
        let mut blank = 0;
        while blank < prefix.len() && prefix[blank] != b' ' {
            blank += 1;
        }
        if blank < prefix.len() {
            let mut listed = false;
            let mut j = 0;
            while j < OPEN_ACROSS_BLANKS.len() {
                let word = OPEN_ACROSS_BLANKS[j];
                if word.len() == blank {
                    let mut k = 0;
                    while k < blank && word[k] == prefix[k] {
                        k += 1;
                    }
                    listed |= k == blank;
                }
                j += 1;
            }
            assert!(listed, "a shape whose prefix holds a space must be in OPEN_ACROSS_BLANKS");
        }
        i += 1;
    }
};

/// The last bytes of [`OPEN_ACROSS_BLANKS`]: most words end otherwise and are passed at once.
const ENDS_AN_OPENER: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < OPEN_ACROSS_BLANKS.len() {
        table[OPEN_ACROSS_BLANKS[i][OPEN_ACROSS_BLANKS[i].len() - 1] as usize] = true;
        i += 1;
    }
    table
};

/// Whether a word too short to hold a credential can still begin one that goes on past a
/// blank: `Bearer <token>`, `FlyV1 <token>` and `key = value` (the key's `=` or `:` in the
/// word or after blanks and quotes, as [`assignment`] reads them).
fn opens_across_blanks(bytes: &[u8], word: Range<usize>, assigns: &mut impl FnMut() -> bool) -> bool {
    let run = &bytes[word.clone()];
    let opener_end = run.last().is_some_and(|last| ENDS_AN_OPENER[usize::from(*last)]);
    if opener_end && OPEN_ACROSS_BLANKS.iter().any(|opener| run.ends_with(opener)) {
        return true;
    }
    assigns()
        && (run.iter().any(|b| matches!(b, b'=' | b':'))
            || bytes[word.end..]
                .iter()
                .find(|b| !matches!(b, b'"' | b'\'' | b' ' | b'\t'))
                .is_some_and(|b| matches!(b, b'=' | b':')))
}

/// Every credential in `text`, in order, without overlaps.
pub fn find(text: &str) -> Vec<Secret> {
    let mut found: Vec<Secret> = Vec::new();
    let bytes = text.as_bytes();
    // `key = value` and `key: value` need one of these; most text has neither. Looked for
    // only when a word could start one.
    let mut assigns: Option<bool> = None;
    let mut assigns = || *assigns.get_or_insert_with(|| bytes.contains(&b'=') || bytes.contains(&b':'));
    let mut pos = 0;
    'words: while pos < bytes.len() {
        if bytes[pos].is_ascii_whitespace() {
            pos += 1;
            continue;
        }
        let end = pos + bytes[pos..].iter().position(u8::is_ascii_whitespace).unwrap_or(bytes.len() - pos);
        if end - pos < MIN_RUN && !opens_across_blanks(bytes, pos..end, &mut assigns) {
            pos = end;
            continue;
        }
        while pos < end {
            if !STARTS[usize::from(bytes[pos])] || !text.is_char_boundary(pos) {
                pos += 1;
                continue;
            }
            let starts_word = pos == 0 || !token_char(bytes[pos - 1]);
            // Inside a word only an assignment can start, and only in text that has one.
            if !starts_word && !assigns() {
                pos += 1;
                continue;
            }
            let secret = if starts_word {
                shaped(text, pos)
                    .or_else(|| private_key(text, pos))
                    .or_else(|| jwt(text, pos))
                    .or_else(|| authorization(text, pos))
            } else {
                None
            };
            match secret.or_else(|| if assigns() { assignment(text, pos) } else { None }) {
                // What follows the credential is read as a word of its own.
                Some(secret) => {
                    pos = secret.span.end;
                    found.push(secret);
                    continue 'words;
                }
                None => pos += 1,
            }
        }
    }
    if text.contains("://") {
        let before = found.len();
        for secret in url_passwords(text) {
            if !found[..before]
                .iter()
                .any(|other| other.span.start < secret.span.end && secret.span.start < other.span.end)
            {
                found.push(secret);
            }
        }
        found.sort_by_key(|secret| secret.span.start);
    }
    found
}

/// The random-looking passwords of `scheme://user:password@host` URLs (a database URL pasted
/// with its credentials); the span is the password only.
fn url_passwords(text: &str) -> impl Iterator<Item = Secret> + '_ {
    text.match_indices("://").filter_map(move |(scheme_end, _)| {
        let start = scheme_end + "://".len();
        let rest = &text[start..];
        let scheme = text[..scheme_end]
            .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '+'))
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        let database = matches!(
            scheme.as_str(),
            "postgres"
                | "postgresql"
                | "mysql"
                | "mariadb"
                | "mongodb"
                | "mongodb+srv"
                | "redis"
                | "rediss"
                | "amqp"
                | "amqps"
                | "mssql"
                | "sqlserver"
                | "clickhouse"
                | "cockroachdb"
                | "jdbc"
                | "oracle"
                | "neo4j"
                | "memcached"
        );
        // A database password may hold any character, `/` and `#` too: its authority runs to
        // the last `@` before a blank or a quote.
        let stop = |c: char| {
            matches!(c, '"' | '\'' | '`') || c.is_whitespace() || !database && matches!(c, '/' | '?' | '#')
        };
        let authority_end = rest.find(stop).unwrap_or(rest.len());
        let authority = &rest[..authority_end];
        let userinfo = &authority[..authority.rfind('@')?];
        let colon = userinfo.find(':')?;
        let password = &userinfo[colon + 1..];
        let first = password.chars().next()?;
        let placeholder = password.starts_with(['$', '<', '{', '*', '%', '['])
            || password.chars().all(|c| c == first)
            || matches!(
                password.to_ascii_lowercase().as_str(),
                "password"
                    | "pass"
                    | "passwd"
                    | "secret"
                    | "changeme"
                    | "pw"
                    | "pwd"
                    | "example"
                    | "user"
                    | "postgres"
                    | "root"
                    | "admin"
                    | "test"
            );
        let span = start + colon + 1..start + userinfo.len();
        // A database URL's password is a credential whatever it looks like; elsewhere (a
        // `https://user:pass@` example) only a random-looking one is.
        let counts = if database {
            !password.is_empty()
        } else {
            password.len() >= 6 && entropy(password) >= MIN_ENTROPY
        };
        (counts && !placeholder).then_some(Secret { kind: SecretKind::UrlPassword, span })
    })
}

/// `text` with every credential replaced by `[redacted: <kind>]`.
pub fn redact(text: &str) -> Cow<'_, str> {
    let secrets = find(text);
    if secrets.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut redacted = String::with_capacity(text.len());
    let mut last = 0;
    for secret in secrets {
        redacted.push_str(&text[last..secret.span.start]);
        redacted.push_str("[redacted: ");
        redacted.push_str(secret.kind.describe());
        redacted.push(']');
        last = secret.span.end;
    }
    redacted.push_str(&text[last..]);
    Cow::Owned(redacted)
}

/// The verdict on a submitted prompt.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
pub(crate) fn decide_prompt(prompt: Option<&str>, action: SecretsAction) -> Verdict {
    let Some(prompt) = prompt.filter(|_| action != SecretsAction::Off) else {
        return Verdict::allow();
    };
    let Some(secret) = find(prompt).into_iter().next() else {
        return Verdict::allow();
    };
    let kind = secret.kind.describe();
    let reason = format!(
        "This prompt contains what looks like {kind}. Remove it (keep credentials in environment variables or a secrets manager) and submit again"
    );
    match action {
        SecretsAction::Deny => Verdict::deny(RULE, reason),
        SecretsAction::Ask => Verdict::ask(RULE, reason),
        SecretsAction::Warn | SecretsAction::Off => Verdict {
            user_message: Some(format!(
                "agent-hooks: this prompt contains what looks like {kind} and was sent to the model; rotate it if it is real"
            )),
            ..Verdict::allow()
        },
    }
}

/// The rule id of prompt secrets.
const RULE: &str = "prompt.secret";

fn shaped(text: &str, pos: usize) -> Option<Secret> {
    let rest = &text.as_bytes()[pos..];
    // In `SHAPES` order, so that longer prefixes are still tried first.
    let mut candidates = SHAPES_BY_FIRST[usize::from(*rest.first()?)];
    while candidates != 0 {
        let shape = &SHAPES[candidates.trailing_zeros() as usize];
        candidates &= candidates - 1;
        let Some(body) = rest.strip_prefix(shape.prefix.as_bytes()) else { continue };
        let length = body.iter().take_while(|b| (shape.alphabet)(**b)).count();
        let value = std::str::from_utf8(&body[..length]).unwrap_or_default();
        if length >= shape.min && !body.get(length).is_some_and(|b| alnum(*b)) && !is_filler(value) {
            return Some(Secret { kind: shape.kind, span: pos..pos + shape.prefix.len() + length });
        }
    }
    None
}

/// A published placeholder rather than a credential: the vendors' documented `EXAMPLE` keys,
/// `xxxx…`, one character repeated, or a run of the alphabet or digits in order.
fn is_filler(value: &str) -> bool {
    let upper = value.to_ascii_uppercase();
    let first = value.bytes().next().unwrap_or_default();
    let sequential = value.as_bytes().windows(2).filter(|pair| pair[1] == pair[0].wrapping_add(1)).count();
    upper.contains("EXAMPLE")
        || upper.contains("XXXX")
        || upper.contains("YOUR")
        || upper.contains("PLACEHOLDER")
        || value.bytes().all(|b| b == first)
        || sequential * 2 > value.len()
        || value.len() >= 16 && entropy(value) < 2.5
}

/// `Bearer <token>` and `Basic <base64>`, as an `Authorization` header carries them.
fn authorization(text: &str, pos: usize) -> Option<Secret> {
    let rest = &text[pos..];
    let (scheme, min, alphabet): (&str, usize, fn(u8) -> bool) =
        if rest.starts_with("Bearer ") || rest.starts_with("bearer ") {
            ("Bearer ", 20, |b| dotted(b) || matches!(b, b'~' | b'+' | b'/' | b'='))
        } else if rest.starts_with("Basic ") || rest.starts_with("basic ") {
            ("Basic ", 12, base64)
        } else {
            return None;
        };
    let start = pos + scheme.len();
    let length = text.as_bytes()[start..].iter().take_while(|b| alphabet(**b)).count();
    let value = &text[start..start + length];
    (length >= min && !is_filler(value) && entropy(value) >= MIN_ENTROPY)
        .then_some(Secret { kind: SecretKind::AuthorizationHeader, span: start..start + length })
}

/// `-----BEGIN ... PRIVATE KEY-----` up to its END line (or the end of the text).
fn private_key(text: &str, pos: usize) -> Option<Secret> {
    if text.as_bytes()[pos] != b'-' {
        return None;
    }
    let rest = text[pos..].strip_prefix("-----BEGIN ")?;
    let header_end = rest.find("-----")?;
    let header = &rest[..header_end];
    if !(header.ends_with("PRIVATE KEY") || header.ends_with("PRIVATE KEY BLOCK")) || header_end > 40 {
        return None;
    }
    let body_start = pos + "-----BEGIN ".len() + header_end + "-----".len();
    let end = text[body_start..]
        .find("-----END ")
        .and_then(|end| {
            let after = body_start + end + "-----END ".len();
            text[after..].find("-----").map(|close| after + close + "-----".len())
        })
        .unwrap_or(text.len());
    // A header with no key after it (`-----BEGIN RSA PRIVATE KEY-----` quoted in a question)
    // holds nothing secret.
    let body: usize = text[body_start..end].bytes().filter(|b| b.is_ascii_alphanumeric()).count();
    (body >= 40).then_some(Secret { kind: SecretKind::PrivateKey, span: pos..end })
}

/// `eyJ<header>.eyJ<payload>.<signature>`.
fn jwt(text: &str, pos: usize) -> Option<Secret> {
    let bytes = text.as_bytes();
    let mut end = pos;
    for part in 0..3 {
        if part < 2 && !bytes[end..].starts_with(b"eyJ") {
            return None;
        }
        let length = bytes[end..].iter().take_while(|b| base64url(**b)).count();
        if length < 10 {
            return None;
        }
        end += length;
        if part < 2 {
            if bytes.get(end) != Some(&b'.') {
                return None;
            }
            end += 1;
        }
    }
    Some(Secret { kind: SecretKind::Jwt, span: pos..end })
}

/// `<key> = <value>` or `<key>: <value>` where the key ends with a secret word and the value
/// looks random; the span is the value only.
fn assignment(text: &str, pos: usize) -> Option<Secret> {
    let bytes = text.as_bytes();
    let first = bytes[pos].to_ascii_lowercase();
    let (key, kind) = SECRET_KEYS.iter().find(|(key, _)| {
        key.as_bytes()[0] == first
            && bytes.len() >= pos + key.len()
            && bytes[pos..pos + key.len()].eq_ignore_ascii_case(key.as_bytes())
    })?;
    let mut at = pos + key.len();
    if bytes.get(at).is_some_and(|b| token_char(*b)) {
        return None;
    }
    at += bytes[at..].iter().take_while(|b| matches!(b, b'"' | b'\'' | b' ' | b'\t')).count();
    if !matches!(bytes.get(at), Some(b'=' | b':')) {
        return None;
    }
    at += 1;
    at += bytes[at..].iter().take_while(|b| matches!(b, b'"' | b'\'' | b' ' | b'\t')).count();
    let length = bytes[at..]
        .iter()
        .take_while(|b| b.is_ascii_graphic() && !matches!(b, b'"' | b'\'' | b',' | b';' | b'&'))
        .count();
    let value = &text[at..at + length];
    let placeholder = value.starts_with(['$', '<', '{', '*'])
        || value.chars().all(|c| c == 'x' || c == 'X')
        || is_filler(value);
    (length >= MIN_SECRET_VALUE && !placeholder && entropy(value) >= MIN_ENTROPY)
        .then(|| Secret { kind: *kind, span: at..at + length })
}

/// Shannon entropy of `value` in bits per character.
fn entropy(value: &str) -> f64 {
    let mut counts = [0u32; 256];
    for byte in value.bytes() {
        counts[usize::from(byte)] += 1;
    }
    let total = value.len() as f64;
    counts
        .iter()
        .filter(|count| **count > 0)
        .map(|count| f64::from(*count) / total)
        .map(|p| -p * p.log2())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Decision;

    fn kinds(text: &str) -> Vec<SecretKind> {
        find(text).into_iter().map(|secret| secret.kind).collect()
    }

    /// `n` random-looking characters of `alphabet` (a fixed sequence: the tests repeat).
    fn random(n: usize, alphabet: &str) -> String {
        let chars: Vec<char> = alphabet.chars().collect();
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15 ^ n as u64;
        (0..n)
            .map(|_| {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                chars[(state >> 33) as usize % chars.len()]
            })
            .collect()
    }

    const ALNUM: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

    #[test]
    fn provider_keys_are_found_by_shape() {
        assert_eq!(kinds("Deploy to production with key AKIAZ7Q2VN4R8KD3XW5T"), [SecretKind::AwsAccessKeyId]);
        assert_eq!(kinds(&format!("token ghp_{}", random(36, ALNUM))), [SecretKind::GitHubToken]);
        assert_eq!(kinds(&format!("github_pat_{}", random(60, ALNUM))), [SecretKind::GitHubToken]);
        assert_eq!(kinds(&format!("glpat-{}", random(20, ALNUM))), [SecretKind::GitLabToken]);
        assert_eq!(
            kinds(&format!("xoxb-{}-{}", random(12, "0123456789"), random(24, ALNUM))),
            [SecretKind::SlackToken]
        );
        assert_eq!(kinds(&format!("sk_live_{}", "4eC39HqLyjWDarjtT1zdp7dc")), [SecretKind::StripeKey]);
        assert_eq!(kinds(&format!("sk-ant-api03-{}", random(40, ALNUM))), [SecretKind::AnthropicKey]);
        assert_eq!(kinds(&format!("sk-proj-{}", random(40, ALNUM))), [SecretKind::OpenAiKey]);
        assert_eq!(kinds(&format!("OPENAI_API_KEY is sk-{}", random(32, ALNUM))), [SecretKind::OpenAiKey]);
    }

    /// Every shape of the catalogue: a random-looking token of it is found as that shape; one
    /// character short, or a filler of the right length, is not.
    #[test]
    fn every_shape_has_a_blocked_token_and_passing_look_alikes() {
        assert!(SHAPES.len() + 4 >= 80, "{} shapes", SHAPES.len());
        for shape in SHAPES {
            let alphabet: String = (b'!'..=b'~')
                .filter(|b| (shape.alphabet)(*b) && !matches!(b, b'.' | b'/' | b'$' | b'=' | b'+'))
                .map(char::from)
                .collect();
            let length = shape.min.max(40);
            let token = format!("{}{}", shape.prefix, random(length, &alphabet));
            let prompt = format!("please use {token} for the deploy");
            assert_eq!(kinds(&prompt), [shape.kind], "{token}");
            let short =
                format!("please use {}{} for the deploy", shape.prefix, random(shape.min - 1, &alphabet));
            // `sk-proj-` one short is still a key of the shorter `sk-` shape.
            let shadowed = SHAPES
                .iter()
                .any(|other| other.prefix != shape.prefix && shape.prefix.starts_with(other.prefix));
            assert!(shadowed || !kinds(&short).contains(&shape.kind), "{short}");
            let filler = format!("please use {}{} for the deploy", shape.prefix, "X".repeat(length));
            assert!(kinds(&filler).is_empty(), "{filler}");
        }
    }

    /// The vendors' documented example keys and the usual stand-ins pass; real ones do not.
    #[test]
    fn published_placeholders_pass() {
        for text in [
            "export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE",
            "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            "OPENAI_API_KEY=your_api_key_here",
            "Authorization: Bearer <token>",
            "Authorization: Bearer $TOKEN",
            "key: sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
            "DATABASE_URL=postgres://postgres:postgres@localhost/app",
            "DATABASE_URL=postgres://user:password@localhost/app",
            "DATABASE_URL=postgres://user:${DB_PASSWORD}@db/app",
            "redis://:changeme@localhost:6379",
            "What does -----BEGIN RSA PRIVATE KEY----- mean at the top of a file?",
            "-----BEGIN PGP PRIVATE KEY BLOCK----- is the armor header",
            "token = abcdefghijklmnopqrstuvwxyz",
            "the Authorization header takes Bearer tokens",
        ] {
            assert!(kinds(text).is_empty(), "{text}: {:?}", kinds(text));
        }
        for (text, kind) in [
            (
                format!("DATABASE_URL=postgres://app:{}@db.internal:5432/app", "s3cr3t!pass"),
                SecretKind::UrlPassword,
            ),
            (
                format!("mongodb+srv://admin:{}@cluster0.x.mongodb.net", random(16, ALNUM)),
                SecretKind::UrlPassword,
            ),
            ("amqp://guest:h/u#nt3r2@mq:5672".to_string(), SecretKind::UrlPassword),
            (
                format!("curl -H 'Authorization: Bearer {}' x", random(40, ALNUM)),
                SecretKind::AuthorizationHeader,
            ),
            (format!("Authorization: Basic {}", "ZGV2OnM5M0xxUnpXOXRLdg=="), SecretKind::AuthorizationHeader),
            (
                format!(
                    "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n{}\n-----END PGP PRIVATE KEY BLOCK-----",
                    random(120, ALNUM)
                ),
                SecretKind::PrivateKey,
            ),
            (
                format!(
                    "-----BEGIN EC PRIVATE KEY-----\n{}\n-----END EC PRIVATE KEY-----",
                    random(90, ALNUM)
                ),
                SecretKind::PrivateKey,
            ),
            (format!("-----BEGIN ENCRYPTED PRIVATE KEY-----\n{}", random(90, ALNUM)), SecretKind::PrivateKey),
        ] {
            assert_eq!(kinds(&text), [kind], "{text}");
        }
    }

    #[test]
    fn shapes_need_their_word_boundary_and_length() {
        assert!(kinds("XAKIAIOSFODNN7EXAMPLE").is_empty());
        assert!(kinds("AKIAIOSFODNN7EXAMPL").is_empty());
        assert!(kinds("the task-scheduler-service-component is slow").is_empty());
        assert!(kinds("ghp_short").is_empty());
    }

    #[test]
    fn private_keys_and_jwts() {
        let pem = "here:\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n-----END OPENSSH PRIVATE KEY-----\nthanks";
        let found = find(pem);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].kind, SecretKind::PrivateKey);
        assert!(pem[found[0].span.clone()].ends_with("KEY-----"));
        assert!(kinds("-----BEGIN CERTIFICATE-----").is_empty());
        let jwt =
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
        assert_eq!(kinds(&format!("auth with {jwt} please")), [SecretKind::Jwt]);
    }

    #[test]
    fn assignments_count_only_with_random_values() {
        assert_eq!(kinds("DB_PASSWORD=Xk9#mQ2vL8pR4wZ"), [SecretKind::Assignment]);
        assert_eq!(kinds("api_key: \"f3a9c1e07b5d4e2a9c8b\""), [SecretKind::Assignment]);
        assert_eq!(
            kinds("aws_secret_access_key = k9Xf2Lq8Vz3Rm7Tp1Ws4Yh6Bn0Cd5Ge8Ja2Ku9Q"),
            [SecretKind::AwsSecretKey]
        );
        assert!(kinds("what is a good password policy?").is_empty());
        assert!(kinds("password: hunter2").is_empty());
        assert!(kinds("password=${DB_PASSWORD}").is_empty());
        assert!(kinds("token = xxxxxxxxxxxxxxxx").is_empty());
        assert!(kinds("passwords: aaaaaaaaaaaaaaaa").is_empty());
    }

    #[test]
    fn passwords_in_urls() {
        let url = "postgres://admin:S3cr3tP4ssw0rd@db.example.com:5432/app";
        let found = find(&format!("connect with {url} please"));
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].kind, SecretKind::UrlPassword);
        assert_eq!(&format!("connect with {url} please")[found[0].span.clone()], "S3cr3tP4ssw0rd");
        assert_eq!(redact(url), "postgres://admin:[redacted: a password in a URL]@db.example.com:5432/app");
        // Dev defaults, placeholders and URLs without a password are not credentials.
        for harmless in [
            "postgres://postgres:postgres@localhost:5432/db",
            "redis://:${REDIS_PASSWORD}@cache:6379",
            "https://user:****@example.com",
            "https://example.com/a:b@c",
            "git@github.com:org/repo.git",
            "https://github.com/org/repo",
            "mysql://root:xxxxxxxx@127.0.0.1/x",
        ] {
            assert!(find(harmless).is_empty(), "{harmless}");
        }
    }

    /// Short words are skipped whole, except those that begin a credential past a blank.
    #[test]
    fn credentials_that_go_on_past_a_blank_are_found_after_short_words() {
        let value = random(24, ALNUM);
        for text in [
            format!("curl -H 'Authorization: Bearer {value}' api"),
            format!("use basic {value}== now"),
            format!("set token   =  {value}"),
            format!("{{\"password\" : \"{value}\"}}"),
            format!("cfg.secret= '{value}'"),
            format!("it is api_key\t: {value}"),
        ] {
            assert_eq!(find(&text).len(), 1, "{text}");
        }
        // The same words with nothing assigned, and a key whose `=` is on the next line.
        for text in [format!("a token {value}"), format!("password\n= {value}"), "Bearer of news".to_string()]
        {
            assert!(find(&text).is_empty(), "{text}");
        }
    }

    #[test]
    fn redaction_keeps_everything_but_the_secret() {
        assert_eq!(
            redact("export AWS_ACCESS_KEY_ID=AKIAZ7Q2VN4R8KD3XW5T && deploy"),
            "export AWS_ACCESS_KEY_ID=[redacted: an AWS access key id] && deploy"
        );
        assert_eq!(redact("git status"), Cow::Borrowed("git status"));
        assert_eq!(
            redact("héllo wörld, clé=AKIAZ7Q2VN4R8KD3XW5T"),
            "héllo wörld, clé=[redacted: an AWS access key id]"
        );
    }

    #[test]
    fn prompt_verdicts_follow_the_action_and_never_quote_the_secret() {
        let prompt = Some("Deploy with key AKIAZ7Q2VN4R8KD3XW5T");
        let deny = decide_prompt(prompt, SecretsAction::Deny);
        let Decision::Deny { reason, rule } = &deny.decision else { panic!("{deny:?}") };
        assert_eq!(rule, "prompt.secret");
        assert!(reason.contains("an AWS access key id") && !reason.contains("AKIA"), "{reason}");
        assert_eq!(decide_prompt(prompt, SecretsAction::Ask).label(), "ask");
        let warn = decide_prompt(prompt, SecretsAction::Warn);
        assert_eq!(warn.label(), "allow");
        assert!(warn.user_message.is_some_and(|m| !m.contains("AKIA")));
        assert_eq!(decide_prompt(prompt, SecretsAction::Off), Verdict::allow());
        assert_eq!(
            decide_prompt(Some("what is a good password policy?"), SecretsAction::Deny),
            Verdict::allow()
        );
    }
}
