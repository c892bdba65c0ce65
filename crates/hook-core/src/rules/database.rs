//! The `database` pack: destructive SQL given to a database client (by `-c`/`-e`/`--execute`,
//! as an argument, a here-doc, a pipe or a `-f` file), the clients' own drop commands,
//! the data tools' drops (`bq rm`, dbt's production `--full-refresh`, `airflow db reset`),
//! `redis-cli FLUSHALL` (also from an `--eval` Lua script, or every scanned key deleted through
//! `xargs`), `etcdctl del` of every key (and `consul kv delete -recurse` of the root), `influx
//! bucket delete`, `mongosh --eval` of a drop, and the ORMs', migration tools' and frameworks' database resets (`flyway clean`,
//! `liquibase dropAll`, `manage.py migrate APP zero`); restores that drop first (`pg_restore
//! --clean`) and unread files loaded into a server elsewhere; the stores' own destructive verbs
//! (Kafka topic deletes and offset resets, `hdfs namenode -format`, Vault revocations); Drupal's
//! `drush sql-drop` and `sql-sync` onto production, Pantheon's `terminus env:wipe`; statements
//! no one has read piped into a production database (`curl URL | psql -h prod-db`).

use std::path::Path;

use super::sql::{self, Destruction};
use super::{Call, Hit};
use crate::name_filter::NameFilter;

/// SQL clients, with the options whose value is SQL and those whose value is a file of SQL.
struct Client {
    name: &'static str,
    sql_options: &'static [&'static str],
    file_options: &'static [&'static str],
    /// Operands after the database are statements (`sqlite3 app.db "DROP TABLE t"`).
    statements_as_operands: bool,
}

const CLIENTS: &[Client] = &[
    Client {
        name: "psql",
        sql_options: &["-c", "--command"],
        file_options: &["-f", "--file"],
        statements_as_operands: false,
    },
    Client {
        name: "pgcli",
        sql_options: &["-c", "--command", "-e", "--execute"],
        file_options: &[],
        statements_as_operands: false,
    },
    Client {
        name: "mysql",
        sql_options: &["-e", "--execute"],
        file_options: &[],
        statements_as_operands: false,
    },
    Client {
        name: "mariadb",
        sql_options: &["-e", "--execute"],
        file_options: &[],
        statements_as_operands: false,
    },
    Client {
        name: "mycli",
        sql_options: &["-e", "--execute"],
        file_options: &[],
        statements_as_operands: false,
    },
    Client {
        name: "sqlite3",
        sql_options: &["-cmd"],
        file_options: &["-init"],
        statements_as_operands: true,
    },
    Client {
        name: "duckdb",
        sql_options: &["-c", "-cmd", "-s"],
        file_options: &["-f", "-init"],
        statements_as_operands: true,
    },
    Client {
        name: "sqlcmd",
        sql_options: &["-Q", "-q", "--query", "--initial-query"],
        file_options: &["-i", "--input-file"],
        statements_as_operands: false,
    },
    // PowerShell's SqlServer module: its `-Query` is T-SQL, as `sqlcmd -Q`'s is (PowerShell
    // names are read in lower case; a POSIX line keeps the spelling).
    Client {
        name: "invoke-sqlcmd",
        sql_options: &["-Query", "-query", "-QUERY"],
        file_options: &["-InputFile", "-inputfile"],
        statements_as_operands: false,
    },
    Client {
        name: "Invoke-Sqlcmd",
        sql_options: &["-Query", "-query", "-QUERY"],
        file_options: &["-InputFile", "-inputfile"],
        statements_as_operands: false,
    },
    Client {
        name: "clickhouse-client",
        sql_options: &["-q", "--query"],
        file_options: &["--queries-file"],
        statements_as_operands: false,
    },
    Client {
        name: "snowsql",
        sql_options: &["-q", "--query"],
        file_options: &["-f", "--filename"],
        statements_as_operands: false,
    },
    // `bq query [flags] SQL`: from the word `query` on, so that the SQL is the operand after it.
    Client { name: "bq query", sql_options: &[], file_options: &[], statements_as_operands: true },
    Client {
        name: "usql",
        sql_options: &["-c", "--command"],
        file_options: &["-f", "--file"],
        statements_as_operands: false,
    },
    Client {
        name: "cqlsh",
        sql_options: &["-e", "--execute"],
        file_options: &["-f", "--file"],
        statements_as_operands: false,
    },
    // The platforms' own psql: `heroku pg:psql -c SQL`, `fly postgres connect <<< SQL`.
    Client {
        name: "heroku pg:psql",
        sql_options: &["-c", "--command"],
        file_options: &["-f", "--file"],
        statements_as_operands: false,
    },
    Client {
        name: "fly postgres connect",
        sql_options: &["-c", "--command"],
        file_options: &[],
        statements_as_operands: false,
    },
    // Cloud SQL's psql or mysql (`gcloud sql connect INSTANCE <<< SQL`), and Couchbase's
    // N1QL shell (`cbq -e couchbase://… -s 'DELETE FROM app'`).
    Client { name: "gcloud sql connect", sql_options: &[], file_options: &[], statements_as_operands: false },
    Client {
        name: "cbq",
        sql_options: &["-s", "--script"],
        file_options: &["-f", "--file"],
        statements_as_operands: false,
    },
    // The frameworks' shells into the app's database (`manage.py dbshell`, `rails dbconsole`),
    // which read SQL from standard input; after `--`, the client's own options.
    Client {
        name: "dbshell",
        sql_options: &["-c", "--command", "-e", "--execute"],
        file_options: &["-f", "--file"],
        statements_as_operands: false,
    },
    Client { name: "tsh db connect", sql_options: &[], file_options: &[], statements_as_operands: false },
    Client {
        name: "cockroach sql",
        sql_options: &["-e", "--execute"],
        file_options: &["-f", "--file"],
        statements_as_operands: false,
    },
    // The warehouses' and engines' shells: Hive's (`beeline`, `hive`), Spark's, Trino's and
    // Presto's, Impala's, Vertica's, YugabyteDB's, MySQL Shell, Dolt, Snowflake's new CLI.
    Client {
        name: "beeline",
        sql_options: &["-e"],
        file_options: &["-f", "-i", "--init"],
        statements_as_operands: false,
    },
    Client { name: "hive", sql_options: &["-e"], file_options: &["-f", "-i"], statements_as_operands: false },
    Client {
        name: "spark-sql",
        sql_options: &["-e"],
        file_options: &["-f", "-i"],
        statements_as_operands: false,
    },
    Client {
        name: "trino",
        sql_options: &["--execute"],
        file_options: &["-f", "--file"],
        statements_as_operands: false,
    },
    Client {
        name: "presto",
        sql_options: &["--execute"],
        file_options: &["-f", "--file"],
        statements_as_operands: false,
    },
    Client {
        name: "impala-shell",
        sql_options: &["-q", "--query"],
        file_options: &["-f", "--query_file"],
        statements_as_operands: false,
    },
    Client {
        name: "vsql",
        sql_options: &["-c", "--command"],
        file_options: &["-f", "--file"],
        statements_as_operands: false,
    },
    Client {
        name: "ysqlsh",
        sql_options: &["-c", "--command"],
        file_options: &["-f", "--file"],
        statements_as_operands: false,
    },
    Client {
        name: "ycqlsh",
        sql_options: &["-e", "--execute"],
        file_options: &["-f", "--file"],
        statements_as_operands: false,
    },
    Client {
        name: "litecli",
        sql_options: &["-e", "--execute"],
        file_options: &[],
        statements_as_operands: true,
    },
    Client {
        name: "mysqlsh",
        sql_options: &["-e", "--execute"],
        file_options: &["-f", "--file"],
        statements_as_operands: false,
    },
    Client { name: "osql", sql_options: &["-Q", "-q"], file_options: &["-i"], statements_as_operands: false },
    Client { name: "isql", sql_options: &[], file_options: &[], statements_as_operands: false },
    Client {
        name: "dolt sql",
        sql_options: &["-q", "--query"],
        file_options: &["-f", "--file"],
        statements_as_operands: false,
    },
    Client {
        name: "snow sql",
        sql_options: &["-q", "--query"],
        file_options: &["-f", "--filename"],
        statements_as_operands: false,
    },
    // `turso db shell DB SQL`: the operand after the database.
    Client { name: "turso db shell", sql_options: &[], file_options: &[], statements_as_operands: true },
    // Cloudflare D1 (`wrangler d1 execute DB --remote --command SQL`), Prisma's `db execute`.
    Client {
        name: "wrangler d1 execute",
        sql_options: &["--command"],
        file_options: &["--file"],
        statements_as_operands: false,
    },
    Client {
        name: "prisma db execute",
        sql_options: &[],
        file_options: &["--file"],
        statements_as_operands: false,
    },
    // The cloud query services: Athena, Redshift Data, RDS Data, Spanner.
    Client {
        name: "query service",
        sql_options: &["--query-string", "--sql"],
        file_options: &[],
        statements_as_operands: false,
    },
];

fn client(name: &str) -> Option<&'static Client> {
    CLIENTS.iter().find(|client| client.name == name)
}

/// The most of a `-f` file read: a migration file, not a dump.
const MAX_SQL_FILE: u64 = 256 * 1024;

pub(super) fn judge(call: &Call) -> Option<Hit> {
    let name = call.name?;
    let args = call.args();
    let word = |i: usize| args.get(i).map(|w| w.text.as_str());
    match name {
        "dropdb" | "dropuser" => {
            return (!local_test_drop(call, name)).then(|| Hit::new("database.drop", DROP));
        }
        "pg_restore" | "mongorestore" | "mongoimport" | "mysqlimport" => return restore(call, name),
        "sanity" | "contentful" | "strapi" => return content_import(name, args),
        // `zowe db2 execute sql -q 'DELETE FROM PROD.ACCOUNTS'`: the mainframe's Db2 runs it.
        "zowe" if word(0) == Some("db2") && word(1) == Some("execute") => {
            let query = args.windows(2).find_map(|pair| {
                matches!(pair[0].text.as_str(), "-q" | "--query").then_some(pair[1].text.as_str())
            });
            return query.and_then(sql::destruction).map(destruction_hit);
        }
        "mysqladmin" if args.iter().any(|a| a.text.eq_ignore_ascii_case("drop")) => {
            return (!local_test_drop(call, name)).then(|| Hit::new("database.drop", DROP));
        }
        "redis-cli" | "valkey-cli" | "keydb-cli" => {
            let flush =
                |text: &str| text.eq_ignore_ascii_case("flushall") || text.eq_ignore_ascii_case("flushdb");
            let fed = call.analysis.stdin_text(call.index);
            // `--eval SCRIPT` runs Lua, whose `redis.call('flushall')` is the same command.
            let lua = args.iter().any(|a| a.text == "--eval");
            let calls_flush = |text: &str| {
                let lower = text.to_ascii_lowercase();
                lower.contains("'flushall'")
                    || lower.contains("\"flushall\"")
                    || lower.contains("'flushdb'")
                    || lower.contains("\"flushdb\"")
            };
            // This machine's Redis (no `-h`/`-u`, or a loopback one) holds a developer's cache
            // and queued test jobs, rebuilt on the next run.
            let remote = || store(call, REDIS_OPTIONS, REDIS_VARIABLES) == Store::Elsewhere;
            if (args.iter().any(|a| flush(&a.text))
                || fed
                    .as_deref()
                    .is_some_and(|text| text.split_whitespace().any(flush) || lua && calls_flush(text)))
                && remote()
            {
                return Some(Hit::new("database.flush", FLUSH));
            }
            // `CONFIG SET dir` / `dbfilename` points the server's next save at any file it can
            // write (`~/.ssh/authorized_keys`, a crontab); `MODULE LOAD` runs a library in it.
            let words: Vec<String> = args.iter().map(|a| a.text.to_ascii_lowercase()).collect();
            let server_files = words
                .windows(3)
                .any(|w| w[0] == "config" && w[1] == "set" && matches!(w[2].as_str(), "dir" | "dbfilename"))
                || words.windows(2).any(|w| w[0] == "module" && w[1] == "load");
            if server_files {
                return Some(Hit::new("database.server-files", SERVER_FILES));
            }
            // `SHUTDOWN NOSAVE` stops the server and drops what it had not saved; `DEBUG
            // SEGFAULT` crashes it; `REPLICAOF host port` replaces its data with another's.
            let stops = words.windows(2).any(|w| {
                w[0] == "shutdown" && w[1] == "nosave"
                    || w[0] == "debug" && matches!(w[1].as_str(), "segfault" | "crash-and-recover" | "panic")
                    || w[0] == "cluster" && w[1] == "reset"
            });
            if stops {
                return Some(Hit::new("database.server-admin", SERVER_STOP));
            }
            // A server elsewhere stopped, or its persistence turned off (`CONFIG SET appendonly
            // no`, `save ""`): a restart then loses every key.
            let weakens = words.iter().any(|w| w == "shutdown")
                || words.windows(3).any(|w| {
                    w[0] == "config" && w[1] == "set" && matches!(w[2].as_str(), "appendonly" | "save")
                });
            if weakens && remote() {
                return Some(Hit::new("database.server-admin", SERVER_STOP));
            }
            if words.windows(2).any(|w| matches!(w[0].as_str(), "replicaof" | "slaveof") && w[1] != "no") {
                return Some(Hit::new("database.flush", REPLICA));
            }
            // `redis-cli -h cache.prod < cmds.txt`: commands the guard cannot read, sent to a
            // server elsewhere.
            if let crate::shell::Stdin::File(file) = &call.command.stdin {
                let text = (!file.dynamic).then(|| read_sql(call, &file.text)).flatten();
                if text.as_deref().is_some_and(|text| text.split_whitespace().any(flush)) {
                    return Some(Hit::new("database.flush", FLUSH));
                }
                if text.is_none() && !local_server(call, args) {
                    return Some(Hit::new("database.load", UNREAD_INPUT));
                }
            }
            // `redis-cli --scan | xargs redis-cli del`: every key the scan lists, deleted.
            let deletes_run_time_keys = args.windows(2).any(|pair| {
                matches!(pair[0].text.to_ascii_lowercase().as_str(), "del" | "unlink") && pair[1].dynamic
            });
            let scanned = call.analysis.commands[..call.index].iter().any(|before| {
                matches!(before.name(), Some("redis-cli" | "valkey-cli" | "keydb-cli"))
                    && before.args().iter().any(|a| a.text == "--scan" || a.text.eq_ignore_ascii_case("keys"))
            });
            if deletes_run_time_keys && scanned {
                return Some(Hit::new("database.flush", FLUSH));
            }
            // Keys deleted or set to expire on a production server (`redis-cli -h redis-prod del
            // queue:default`): the jobs or sessions they held are gone.
            let command = verbs(args, REDIS_VALUED).next().map(str::to_ascii_lowercase);
            let deletes_keys = command.as_deref().is_some_and(|c| {
                matches!(c, "del" | "unlink" | "getdel" | "expire" | "pexpire" | "expireat" | "pexpireat")
            });
            if deletes_keys && production_server(call, args) {
                return Some(Hit::new("database.flush", KEYS_DELETE));
            }
            // `curl URL | redis-cli -h prod-redis`: commands no one has read, into production.
            let piped = matches!(call.command.stdin, crate::shell::Stdin::Pipe { from: Some(_) });
            return (fed.is_none() && piped && production_server(call, args))
                .then(|| Hit::new("database.load", UNREAD_INPUT));
        }
        // Redis speaks plain text: `echo FLUSHALL | nc cache 6379` is `redis-cli FLUSHALL`.
        "nc" | "ncat" | "netcat" | "socat" | "telnet" => {
            let fed = call.analysis.stdin_text(call.index)?;
            let flush = fed.split(|c: char| !c.is_ascii_alphanumeric() && c != '_').any(|word| {
                ["flushall", "flushdb", "flush_all"].iter().any(|flush| word.eq_ignore_ascii_case(flush))
            });
            return flush.then(|| Hit::new("database.flush", FLUSH));
        }
        // `etcdctl del '' --prefix` (or `--from-key`): every key from there on.
        "etcdctl" if args.iter().any(|a| a.text == "del") => {
            let del = args.iter().position(|a| a.text == "del").unwrap_or_default();
            let mut operands = args[del + 1..].iter().filter(|a| !a.text.starts_with('-'));
            let wide = args.iter().any(|a| {
                let (option, value) = a.text.split_once('=').unwrap_or((&a.text, "true"));
                matches!(option, "--prefix" | "--from-key") && value != "false"
            }) && operands
                .next()
                .is_none_or(|key| key.text.is_empty() || key.text == "/" || key.text == "\\0" || key.dynamic);
            // A prefix of a production cluster's keys (`/registry`: Kubernetes' whole state).
            let prefixed = args.iter().any(|a| crate::shell::is_option(&a.text, "--prefix"));
            let production =
                || prefixed && store(call, &["--endpoints"], &["ETCDCTL_ENDPOINTS"]) == Store::Elsewhere;
            return (wide || production()).then(|| Hit::new("database.flush", ETCD_DELETE_ALL));
        }
        // `consul kv delete -recurse` with no key (or the root): every key of the store.
        "consul" if word(0) == Some("kv") && word(1) == Some("delete") => {
            let recurse = args.iter().any(|a| matches!(a.text.as_str(), "-recurse" | "--recurse"));
            let key = args[2..].iter().find(|a| !a.text.starts_with('-'));
            // A subtree of a production server's store is as much its running config.
            let wide = recurse
                && (key.is_none_or(|key| key.text.is_empty() || key.text == "/" || key.dynamic)
                    || store(call, &["-http-addr", "--http-addr"], &["CONSUL_HTTP_ADDR"])
                        == Store::Elsewhere);
            return wide.then(|| Hit::new("database.flush", CONSUL_DELETE_ALL));
        }
        "influx" if word(0) == Some("bucket") && word(1) == Some("delete") => {
            return Some(Hit::new("database.drop", DROP));
        }
        // `influx delete --bucket B --start … --stop …` with no `--predicate`: every point of
        // the range, as a `DELETE` without a `WHERE`.
        "influx" if word(0) == Some("delete") => {
            let filtered = args
                .iter()
                .any(|a| a.text == "-p" || a.text == "--predicate" || a.text.starts_with("--predicate="));
            return (!filtered).then(|| Hit::new("database.delete-all", INFLUX_DELETE));
        }
        "bq" | "dbt" | "airflow" => return data_tool(call, name),
        "pt-online-schema-change" | "pt-archiver" => return percona(call, name),
        "drush" => return drush(args.iter().map(|a| a.text.as_str()), super::production_target(args)),
        "terminus" => return terminus(args),
        "mongosh" | "mongo" => {
            // A disposable database on this machine (`mongosh mongodb://localhost/test`,
            // `mongodb://localhost:27017/app_dev`).
            let test = operands(args).next().is_some_and(|url| {
                let path = url.split_once("://").map_or(url, |(_, rest)| rest);
                let (host, database) = path.split_once('/').unwrap_or((path, ""));
                !elsewhere_host(host)
                    && super::disposable_target(database.split('?').next().unwrap_or_default())
            });
            if test && store(call, &["--host"], &["MONGODB_URI", "MONGO_URL"]) != Store::Elsewhere {
                return None;
            }
            let eval = option_values(args, &["--eval"]).chain(call.analysis.stdin_text(call.index));
            if eval.into_iter().any(|js| mongo_destroys(&js)) {
                return Some(Hit::new("database.drop", DROP));
            }
            // A script (`-f x.js`, a `.js` operand, a redirected file, a pipe) the guard cannot
            // read, run against production.
            let scripts = option_values(args, &["-f", "--file"])
                .chain(operands(args).filter(|a| a.ends_with(".js")).map(str::to_string));
            let mut unread = false;
            for file in scripts {
                match written_sql(call, &file).or_else(|| read_sql(call, &file)) {
                    Some(js) if mongo_destroys(&js) => return Some(Hit::new("database.drop", DROP)),
                    Some(_) => {}
                    None => unread = true,
                }
            }
            unread |= match &call.command.stdin {
                crate::shell::Stdin::File(file) => {
                    file.dynamic
                        || written_sql(call, &file.text).or_else(|| read_sql(call, &file.text)).is_none()
                }
                crate::shell::Stdin::Pipe { from: Some(_) } => call.analysis.stdin_text(call.index).is_none(),
                _ => false,
            };
            return (unread && production_server(call, args))
                .then(|| Hit::new("database.load", UNREAD_INPUT));
        }
        // Hibernate's schema generation (`--spring.jpa.hibernate.ddl-auto=create-drop`, `-D…`)
        // drops and recreates every table of the database the profile selects.
        "java" | "mvn" | "mvnw" | "gradle" | "gradlew"
            if args.iter().any(|a| schema_recreated(&a.text)) && production_server(call, args) =>
        {
            return Some(Hit::new("database.orm-reset", SCHEMA_RECREATE));
        }
        // `sqlplus USER/PW@HOST @script.sql`: the `@` operand is a script it runs. SQLcl
        // (`sql USER/PW@HOST`) takes the same arguments.
        "sqlplus" | "sql" | "sqlcl" => return sqlplus(call, args),
        // Dgraph's loaders write what a file holds into a production cluster's data.
        "dgraph" if matches!(word(0), Some("live" | "bulk")) && production_server(call, &args[1..]) => {
            return Some(Hit::new("database.load", UNREAD_INPUT));
        }
        "cockroach" if word(0) == Some("sql") => return client_sql(call, client("cockroach sql")?, 1),
        // Fauna's queries: `Collection.all().forEach(c => c.delete())` on production.
        "fauna" if matches!(word(0), Some("eval" | "query" | "shell")) => {
            let fed = call.analysis.stdin_text(call.index);
            let deletes = |code: &str| {
                let compact: String = code.chars().filter(|c| !c.is_whitespace()).collect();
                [".delete()", "Delete(", ".drop()"].iter().any(|call| compact.contains(call))
            };
            let production = super::production_target(args)
                || args
                    .iter()
                    .any(|a| crate::shell::production_name(&a.text) && !a.text.contains(char::is_whitespace));
            let destroys = args.iter().any(|a| deletes(&a.text)) || fed.as_deref().is_some_and(deletes);
            return (destroys && production).then(|| Hit::new("database.delete-all", DOCUMENTS_DELETE));
        }
        // Teleport's database proxy reads the statements from standard input.
        "tsh" if word(0) == Some("db") && word(1) == Some("connect") => {
            return client_sql(call, client("tsh db connect")?, 2);
        }
        // Heroku's Redis is always a server elsewhere.
        "heroku" if word(0) == Some("redis:cli") => {
            let fed = call.analysis.stdin_text(call.index);
            let flush = |text: &str| {
                text.split_whitespace()
                    .any(|w| w.eq_ignore_ascii_case("flushall") || w.eq_ignore_ascii_case("flushdb"))
            };
            return (args.iter().any(|a| flush(&a.text)) || fed.as_deref().is_some_and(flush))
                .then(|| Hit::new("database.flush", FLUSH));
        }
        // The HBase shell's commands on standard input: `disable 't'; drop 't'`.
        "hbase" if word(0) == Some("shell") => {
            let fed = call.analysis.stdin_text(call.index)?;
            let drops = fed.split(|c: char| !c.is_ascii_alphanumeric() && c != '_').any(|w| {
                matches!(
                    w,
                    "drop" | "drop_all" | "drop_namespace" | "truncate" | "truncate_preserve" | "deleteall"
                )
            });
            return drops.then(|| Hit::new("database.drop", DROP));
        }
        "heroku" if word(0) == Some("pg:psql") => return client_sql(call, client("heroku pg:psql")?, 1),
        "fly" | "flyctl" if matches!(word(0), Some("postgres" | "pg")) && word(1) == Some("connect") => {
            return client_sql(call, client("fly postgres connect")?, 2);
        }
        "clickhouse" if word(0) == Some("client") => {
            return client_sql(call, client("clickhouse-client")?, 1);
        }
        "dolt" | "snow" if word(0) == Some("sql") => {
            let named = if name == "dolt" { "dolt sql" } else { "snow sql" };
            return client_sql(call, client(named)?, 1);
        }
        "turso" if word(0) == Some("db") && word(1) == Some("shell") => {
            return client_sql(call, client("turso db shell")?, 2);
        }
        // D1's local copy (the default, `--local`) is the developer's own.
        "wrangler" if word(0) == Some("d1") && word(1) == Some("execute") => {
            let remote = args.iter().any(|a| a.text == "--remote");
            return if remote { client_sql(call, client("wrangler d1 execute")?, 2) } else { None };
        }
        "gcloud" if word(0) == Some("sql") && word(1) == Some("connect") => {
            return client_sql(call, client("gcloud sql connect")?, 2);
        }
        "cypher-shell" => return cypher(call),
        "memcflush" | "varnishadm" | "kcat" | "kafkacat" | "elasticdump" | "curator" | "curator_cli" => {
            return cache_or_queue(call, name);
        }
        "aws" | "gcloud" if query_service(args) => return client_sql(call, client("query service")?, 0),
        "kafka-topics"
        | "kafka-topics.sh"
        | "kafka-consumer-groups"
        | "kafka-consumer-groups.sh"
        | "kafka-configs"
        | "kafka-configs.sh"
        | "kafka-delete-records"
        | "kafka-delete-records.sh"
        | "rpk"
        | "hdfs"
        | "vault"
        | "consul"
        | "nodetool"
        | "couchbase-cli"
        | "riak-admin"
        | "rabbitmqctl"
        | "nats"
        | "pulsar-admin"
        | "celery"
        | "rq"
        | "algolia" => {
            if let Some(hit) = store_verb(call, name) {
                return Some(hit);
            }
        }
        // Code run in a framework's console (`rails runner`, `artisan tinker --execute`,
        // `manage.py shell -c`), peeled into its interpreter: the app's own database.
        "ruby" | "php" | "python3" | "elixir" if call.command.via.iter().any(|via| console(via)) => {
            let fed = call.analysis.stdin_text(call.index);
            let mut codes = args.iter().map(|code| code.text.as_str()).chain(fed.as_deref());
            return codes.clone().find_map(console_destroys).or_else(|| {
                // A filtered bulk delete (`User.where(admin: false).delete_all`) on production's
                // data, where a development console's is the developer's own.
                let bulk = |code: &str| {
                    let compact: String = code.chars().filter(|c| !c.is_whitespace()).collect();
                    [".delete_all", ".destroy_all", ".delete()", "->delete()"]
                        .iter()
                        .any(|call| compact.contains(call))
                };
                if codes.clone().any(bulk) && production_app(call, args) {
                    return Some(Hit::new("database.delete-all", BULK_DELETE));
                }
                (codes.any(clears_cache) && production_app(call, args))
                    .then(|| Hit::new("database.flush", CACHE_CLEAR))
            });
        }
        "node" | "nodejs" | "deno" => {
            let code = option_values(args, &["-e", "--eval", "-p", "--print"]).next().or_else(|| {
                (name == "deno" && word(0) == Some("eval")).then(|| word(1).map(str::to_string)).flatten()
            })?;
            return library_destroys(&code);
        }
        "python" | "python3" | "django-admin" | "rails" | "manage.py" | "./manage.py" => {
            let at = match name {
                "rails" if matches!(word(0), Some("dbconsole" | "db")) => 1,
                "manage.py" | "./manage.py" if word(0) == Some("dbshell") => 1,
                "manage.py" | "./manage.py" => return orm_reset(call, name, args),
                "django-admin" if word(0) == Some("dbshell") => 1,
                "python" | "python3"
                    if word(0).is_some_and(|s| s.ends_with("manage.py")) && word(1) == Some("dbshell") =>
                {
                    2
                }
                _ => return python_sql(call).or_else(|| orm_reset(call, name, args)),
            };
            // `manage.py sqlflush | manage.py dbshell`: the statements that empty every table.
            let flushed = matches!(call.command.stdin, crate::shell::Stdin::Pipe { from: Some(from) }
            if call.analysis.commands.get(from).is_some_and(|writer| {
                writer.args().iter().take(2).any(|a| a.text == "sqlflush")
            }));
            if flushed {
                return Some(Hit::new("database.truncate", TRUNCATE));
            }
            return client_sql(call, client("dbshell")?, at);
        }
        _ if name.starts_with("python") || name.starts_with("pypy") => return python_sql(call),
        _ => {}
    }
    if let Some(client) = client(name) {
        return client_sql(call, client, 0);
    }
    orm_reset(call, name, args)
}

/// Whether a queue tool's words name production (a virtual host `/prod`, a queue
/// `orders-production`, `--vhost=production`), where an unnamed local node is a developer's.
fn names_production(args: &[crate::shell::Word]) -> bool {
    args.iter().any(|a| {
        let text = a.text.split_once('=').map_or(a.text.as_str(), |(_, value)| value);
        crate::shell::production_name(text) && !super::local_target(text)
    })
}

/// The data tools' own destructive verbs: `bq rm` (a dataset or table) and `bq query` of
/// destructive SQL, `bq cp -f` and `bq load --replace` over a table, dbt's `--full-refresh` against a production target (incremental models and
/// seeds dropped and rebuilt) and its `run-operation` of a dropping macro, `airflow db reset|clean`, `airflow dags
/// delete`, `airflow tasks clear` and Airflow's connections, variables and pools deleted.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn data_tool(call: &Call, name: &str) -> Option<Hit> {
    let args = call.args();
    // bq's global options come before the verb (`bq --project_id acme-prod query …`).
    let mut words = super::operands(args, DATA_TOOL_VALUES);
    let verb = words.next()?;
    match name {
        // Tables or datasets all named disposable (`acme-dev:scratch.tmp`) in no production
        // project are a scratch copy's.
        "bq" if verb == "rm" => {
            // `rm`'s own flags (`-f`, `-r`, `-t`, `-d`) take no value.
            let at = args.iter().position(|a| a.text == "rm").unwrap_or(args.len());
            let named: Vec<&str> =
                args[at..].iter().skip(1).map(|a| a.text.as_str()).filter(|t| !t.starts_with('-')).collect();
            (named.is_empty()
                || super::production_target(args)
                || !named.iter().all(|name| super::disposable_target(name)))
            .then(|| Hit::new("database.drop", BQ_RM))
        }
        // `--dry_run` validates the query and prices it; nothing runs.
        "bq" if verb == "query"
            && args.iter().any(|a| a.text == "--dry_run" || a.text == "--dry_run=true") =>
        {
            None
        }
        "bq" if verb == "query" => {
            let at = args.iter().position(|a| a.text == "query")?;
            client_sql(call, client("bq query")?, at)
        }
        "dbt" if verb == "run-operation" => {
            let mac = words.next()?.to_ascii_lowercase();
            ["drop", "truncate", "purge", "delete"]
                .iter()
                .any(|w| mac.contains(w))
                .then(|| Hit::new("database.drop", DBT_DROP))
        }
        "dbt" => {
            let target = option_values(args, &["-t", "--target"])
                .next()
                .or_else(|| {
                    call.command
                        .assignments
                        .iter()
                        .find(|(v, _)| v == "DBT_TARGET")
                        .map(|(_, w)| w.text.clone())
                })
                .unwrap_or_default();
            let refresh = args.iter().any(|a| a.text == "--full-refresh" || a.text == "-f");
            (matches!(verb, "run" | "build" | "seed")
                && refresh
                && target.to_ascii_lowercase().contains("prod"))
            .then(|| Hit::new("database.orm-reset", DBT_FULL_REFRESH))
        }
        // `bq cp -f` and `bq load --replace` write over the destination table's rows.
        "bq" if verb == "cp" || verb == "load" => args
            .iter()
            .any(|a| {
                matches!(a.text.as_str(), "-f" | "--force" | "--replace" | "--replace=true" | "--force=true")
            })
            .then(|| Hit::new("database.delete-all", BQ_OVERWRITE)),
        "airflow" => match (verb, words.next()) {
            ("db", Some("reset")) => Some(Hit::new("database.orm-reset", AIRFLOW_RESET)),
            ("dags", Some("delete")) => Some(Hit::new("database.delete-all", AIRFLOW_DAG_DELETE)),
            // The run history purged, every run of the DAG's tasks cleared to run again, and
            // the connections, variables, pools and users the DAGs rely on deleted.
            ("db", Some("clean")) | ("tasks" | "dags", Some("clear")) => {
                Some(Hit::new("database.delete-all", AIRFLOW_CLEAN))
            }
            ("connections" | "variables" | "pools" | "users" | "roles", Some("delete" | "import")) => {
                Some(Hit::new("database.delete-all", AIRFLOW_CLEAN))
            }
            _ => None,
        },
        _ => None,
    }
}

/// Percona's tools on a server elsewhere: `pt-online-schema-change --execute` alters a live
/// table (its `--alter` can drop columns), `pt-archiver --purge` deletes the rows it selects
/// without keeping them. The server is the DSN's `h=` (`h=mysql.prod,D=shop,t=users`).
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn percona(call: &Call, name: &str) -> Option<Hit> {
    let args = call.args();
    let has = |option: &str| args.iter().any(|a| a.text == option);
    let changes = if name == "pt-archiver" { has("--purge") } else { has("--execute") };
    if !changes {
        return None;
    }
    let elsewhere = args
        .iter()
        .any(|a| a.text.split(',').any(|part| part.strip_prefix("h=").is_some_and(elsewhere_host)))
        || store(call, &["-h", "--host"], &[]) == Store::Elsewhere;
    if !elsewhere {
        return None;
    }
    Some(if name == "pt-archiver" {
        Hit::new("database.delete-all", DELETE_ALL)
    } else {
        Hit::new("database.orm-reset", PRODUCTION_MIGRATION)
    })
}

/// Whether `dropdb` or `mysqladmin drop` drops a disposable database on this machine: a name
/// a test suite creates and drops on every run or a development one its seeds rebuild
/// ([`super::disposable_target`]: `myapp_test`, `test_myapp`, Rails' parallel `myapp_test-1`,
/// `app_dev`, `scratch`), on no host or a loopback one (`-h localhost`, `--host=127.0.0.1`, a
/// socket directory), with no `PGHOST`/`PGSERVICE` nor a connection URL naming another host
/// (`dropdb --if-exists app_test && createdb app_test`). `FLUSHDB` on a local Redis still
/// asks: a database number says nothing of what the keys hold (sessions, queued jobs).
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn local_test_drop(call: &Call, name: &str) -> bool {
    let args = call.args();
    // Options whose value is the next word; `mysqladmin -pSECRET` keeps it attached.
    let valued: &[&str] = if name == "dropdb" {
        &["-h", "--host", "-p", "--port", "-U", "--username", "--maintenance-db"]
    } else {
        &["-h", "--host", "-P", "--port", "-u", "--user", "-S", "--socket"]
    };
    if !local_server(call, args) {
        return false;
    }
    let mut skip = false;
    let names: Vec<&str> = args
        .iter()
        .map(|a| a.text.as_str())
        .filter(|text| {
            if std::mem::take(&mut skip) {
                return false;
            }
            skip = valued.contains(text);
            !text.starts_with('-')
        })
        .filter(|text| !text.eq_ignore_ascii_case("drop"))
        .collect();
    !names.is_empty() && names.iter().all(|database| super::disposable_target(database))
}

/// Whether a SQL client's statements go to a disposable database on this machine (`psql -d
/// app_test -c 'TRUNCATE users CASCADE'`, `psql -h localhost -d app_dev -c 'DROP TABLE t'`,
/// `mysql -D test_app -e …`): as for [`local_test_drop`], test suites and seeds recreate these.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn local_test_client(call: &Call, client: &Client, args: &[crate::shell::Word]) -> bool {
    let (database, valued): (&[&str], &[&str]) = match client.name {
        "psql" | "pgcli" => (
            &["-d", "--dbname"],
            &[
                "-h",
                "--host",
                "-p",
                "--port",
                "-U",
                "--username",
                "-c",
                "--command",
                "-f",
                "--file",
                "-v",
                "--set",
            ],
        ),
        "mysql" | "mariadb" | "mycli" => (
            &["-D", "--database"],
            &["-h", "--host", "-P", "--port", "-u", "--user", "-S", "--socket", "-e", "--execute"],
        ),
        "clickhouse-client" => (
            &["-d", "--database"],
            &["-h", "--host", "--port", "-u", "--user", "--password", "-q", "--query", "--queries-file"],
        ),
        _ => return false,
    };
    if !local_server(call, args) {
        return false;
    }
    let named = option_values(args, database).next().or_else(|| {
        let mut skip = false;
        args.iter()
            .map(|a| a.text.as_str())
            .find(|text| {
                if std::mem::take(&mut skip) {
                    return false;
                }
                skip = valued.contains(text) || database.contains(text);
                !text.starts_with('-')
            })
            .map(str::to_string)
    });
    // `postgres://localhost/app_test?sslmode=disable`: the path names the database.
    named.is_some_and(|name| {
        let name = match name.split_once("://") {
            Some((_, rest)) => rest.split('?').next().unwrap_or(rest).rsplit('/').next().unwrap_or_default(),
            None => name.as_str(),
        };
        super::disposable_target(name)
    })
}

/// Whether a database client's arguments and the line's environment leave its server this
/// machine: no other `-h`/`--host`, connection string or server variable.
fn local_server(call: &Call, args: &[crate::shell::Word]) -> bool {
    if super::runs_elsewhere(&call.command.via) {
        return false;
    }
    let local = |host: &str| {
        matches!(host, "localhost" | "::1" | "[::1]")
            || host.starts_with("127.")
            || host.starts_with('/')
            || super::local_target(host)
    };
    if option_values(args, &["-h", "--host"]).any(|host| !local(&host)) {
        return false;
    }
    // `cqlsh HOST`: the first operand is the server.
    if call.name == Some("cqlsh") && operands(args).next().is_some_and(|host| !local(host)) {
        return false;
    }
    // A connection string (`--maintenance-db=postgres://db.prod/x`) or the environment can
    // name the server instead.
    let elsewhere = |text: &str| {
        text.split_once("://").is_some_and(|(_, rest)| {
            let authority = rest.split(['/', '?']).next().unwrap_or(rest);
            let host = authority.rsplit('@').next().unwrap_or(authority);
            let host = host.rsplit_once(':').map_or(host, |(h, _)| h);
            !host.is_empty() && !local(host)
        }) || text.contains("host=") && !text.contains("host=localhost") && !text.contains("host=127.")
    };
    if args.iter().any(|a| a.dynamic || elsewhere(&a.text)) {
        return false;
    }
    let server_variable = |variable: &str| {
        matches!(variable, "PGHOST" | "PGHOSTADDR" | "PGSERVICE" | "MYSQL_HOST" | "DATABASE_URL")
    };
    let commands = &call.analysis.commands[..call.index.min(call.analysis.commands.len())];
    // `PGHOST=localhost` names this machine; any other value (or a computed one) does not.
    let elsewhere_by = |variable: &str, value: &str| server_variable(variable) && !local(value);
    let set_before = commands.iter().chain([call.command]).any(|command| {
        command.assignments.iter().any(|(variable, value)| {
            elsewhere_by(variable, &value.text) || server_variable(variable) && value.dynamic
        }) || command
            .args()
            .iter()
            .any(|a| a.text.split_once('=').is_some_and(|(v, value)| elsewhere_by(v, value)))
    });
    !set_before
}

/// A database named disposable ([`super::disposable_target`]: `app_dev`, `scratch`, `tmp`) or
/// a development or test one ([`dev_database`]).
fn disposable_database(name: &str) -> bool {
    dev_database(name) || super::disposable_target(name)
}

/// Whether a database client's server is production by its name: an argument
/// (`-h prod-db`, `$DATABASE_URL_PROD`), a target option, or a variable set on the command.
fn production_server(call: &Call, args: &[crate::shell::Word]) -> bool {
    let production = |text: &str| crate::shell::production_name(text) && !super::local_target(text);
    args.iter().any(|a| production(&a.text))
        || super::production_target(args)
        || super::selected_production(call.command)
        || call.command.assignments.iter().any(|(_, value)| production(&value.text))
}

/// A test suite's or a development database's name (`app_dev`, `app_development`,
/// `dev_app`, `app-dev`): one a developer refreshes from a dump on their own machine.
fn dev_database(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    test_database(&lower)
        || ["_dev", "-dev", "_development", "-development", "_local"].iter().any(|end| lower.ends_with(end))
        || lower.starts_with("dev_")
        || matches!(lower.as_str(), "dev" | "development")
}

/// A test suite's database name: `app_test`, `app-test`, `test_app`, `test`, with a parallel
/// worker's number after it (`app_test-2`, `app_test_3`). `latest` is no test database.
pub(super) fn test_database(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit());
    let base = if base.len() < name.len() { base.trim_end_matches(['-', '_']) } else { base };
    base == "test" || base.ends_with("_test") || base.ends_with("-test") || base.starts_with("test_")
}

/// Destructive SQL a client is given, from its arguments (starting at `from`), a file, or
/// its standard input.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn client_sql(call: &Call, client: &Client, from: usize) -> Option<Hit> {
    let args = &call.args()[from.min(call.args().len())..];
    // A database file under the temporary directory, in memory, or named disposable
    // (`./dev.db`, `test.sqlite3`) on this machine is a scratch copy.
    if client.statements_as_operands
        && operands(args).next().is_some_and(|file| {
            file == ":memory:"
                || file.starts_with("/tmp/")
                || file.starts_with("/var/tmp/")
                || file_database(file) && !super::runs_elsewhere(&call.command.via)
        })
    {
        return None;
    }
    let mut texts: Vec<String> = option_values(args, client.sql_options).collect();
    if client.statements_as_operands {
        // `sqlite3 [options] DB SQL...`: every operand after the database file.
        texts.extend(operands(args).skip(1).map(str::to_string));
    }
    // A file the guard cannot read (missing yet, a dump too large, a run-time name).
    let mut unknown_file = false;
    for file in option_values(args, client.file_options) {
        let text = written_sql(call, &file).or_else(|| read_sql(call, &file));
        unknown_file |= text.is_none();
        texts.extend(text);
    }
    let fed = call.analysis.stdin_text(call.index);
    // `curl URL | psql …`, `cat wipe.sql | psql …`: statements no one has read.
    let unread_pipe =
        fed.is_none() && matches!(call.command.stdin, crate::shell::Stdin::Pipe { from: Some(_) });
    texts.extend(fed);
    if let crate::shell::Stdin::File(file) = &call.command.stdin {
        let text =
            (!file.dynamic).then(|| written_sql(call, &file.text).or_else(|| read_sql(call, &file.text)));
        unknown_file |= text.is_none() || text.as_ref().is_some_and(Option::is_none);
        texts.extend(text.flatten());
    }
    // Statements nobody has read, loaded into a server elsewhere (`mysql -h db.prod shop <
    // dump.sql`): a dump drops each table it recreates.
    // Piped ones count only into a production database: a developer pipes a schema into
    // their own (`cat schema.sql | psql -d app_dev`) every day.
    let unread = unknown_file && !local_server(call, args) || unread_pipe && production_server(call, args);
    let Some(found) = texts.iter().find_map(|text| sql::destruction(text)) else {
        return unread.then(|| Hit::new("database.load", UNREAD_INPUT));
    };
    // A test suite's or a development database, named by the client or by the statements
    // (`DROP DATABASE IF EXISTS app_test`, `DROP TABLE scratch.tmp`), on this machine.
    // A database file of this machine's (`analytics.duckdb`) whose scratch tables are dropped
    // (`DROP TABLE tmp`).
    let file = client.statements_as_operands
        && operands(args).next().is_some_and(|file| !file.contains(':'))
        && !super::runs_elsewhere(&call.command.via);
    let test_drops = || {
        texts.iter().all(|text| {
            sql::destruction(text).is_none()
                || sql::drops_only(text, disposable_database)
                || file && sql::drops_tables_only(text, super::disposable_target)
        }) && local_server(call, args)
    };
    if local_test_client(call, client, args) || test_drops() {
        return None;
    }
    // A role's access changed on this machine's server is the developer's own setup.
    if matches!(found, Destruction::Access | Destruction::ServerAdmin) && local_server(call, args) {
        return None;
    }
    Some(destruction_hit(found))
}

/// Whether a database file is named disposable or local (`./dev.db`, `test.sqlite3`,
/// `local.duckdb`): its name before the extension says so. A service's address (`md:prod_db`,
/// MotherDuck's) is no file on this machine.
fn file_database(file: &str) -> bool {
    let base = crate::shell::base_name(file);
    let stem = base.split('.').next().unwrap_or(base);
    !file.contains(':') && (super::disposable_target(base) || stem == "local" || dev_database(stem))
}

/// Neo4j's `cypher-shell`: a query (its operand, a `-f` file or standard input) that deletes
/// nodes with no `WHERE` (`MATCH (n) DETACH DELETE n`) or drops a database, sent to a server
/// other than this machine's (`-a neo4j+s://prod…`; without `-a` it is `localhost`).
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn cypher(call: &Call) -> Option<Hit> {
    const VALUED: &[&str] = &[
        "-a",
        "--address",
        "--uri",
        "-u",
        "--username",
        "-p",
        "--password",
        "-d",
        "--database",
        "--format",
        "-P",
        "--param",
        "-f",
        "--file",
        "--encryption",
        "--access-mode",
        "--log",
        "--idle-timeout",
    ];
    let args = call.args();
    let address = option_values(args, &["-a", "--address", "--uri"]).next();
    if address.as_deref().is_none_or(super::local_target)
        && store(call, &[], &["NEO4J_URI"]) != Store::Elsewhere
    {
        return None;
    }
    let files = option_values(args, &["-f", "--file"]).filter_map(|file| read_sql(call, &file));
    let mut texts = super::operands(args, VALUED)
        .map(str::to_string)
        .chain(files)
        .chain(call.analysis.stdin_text(call.index));
    texts.find_map(|text| {
        let lower = text.to_ascii_lowercase();
        let words: Vec<&str> =
            lower.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
        if words.windows(2).any(|w| w[0] == "drop" && matches!(w[1], "database" | "graph" | "alias")) {
            return Some(Hit::new("database.drop", DROP));
        }
        (words.contains(&"delete") && !words.contains(&"where"))
            .then(|| Hit::new("database.delete-all", CYPHER_DELETE))
    })
}

/// The cache, queue and search tools no other rule reads, aimed at a server elsewhere: every
/// memcached key flushed (`memcflush --servers=…`), Varnish's cache banned or the cache
/// stopped (`varnishadm -T varnish.prod:6082 'ban req.url ~ .'`), messages produced into a
/// production Kafka topic (`kcat -b kafka.prod:9092 -t orders -P`), documents written into a
/// production Elasticsearch index (`elasticdump --output=https://es-prod…/orders`), and
/// Curator's index or snapshot deletes (an action file that deletes or closes, unless its
/// client configuration is a throwaway one).
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn cache_or_queue(call: &Call, name: &str) -> Option<Hit> {
    let args = call.args();
    let texts = || args.iter().map(|a| a.text.as_str());
    if texts().any(|a| matches!(a, "-h" | "--help" | "--dry-run" | "--dry_run")) {
        return None;
    }
    // Every host a list names is elsewhere unless it is this machine (`a:11211,b:11211`).
    let elsewhere =
        |list: &str| list.split(',').any(|host| !host.is_empty() && !super::local_target(host.trim()));
    let production =
        |list: &str| list.split(',').any(|host| super::production_name(host) && !super::local_target(host));
    match name {
        "memcflush" => {
            let servers = option_values(args, &["--servers"]).chain(
                call.command
                    .assignments
                    .iter()
                    .filter(|(v, _)| v == "MEMCACHED_SERVERS")
                    .map(|(_, w)| w.text.clone()),
            );
            let mut servers = servers.peekable();
            servers.peek()?;
            servers.any(|list| elsewhere(&list)).then(|| Hit::new("database.flush", CACHE_FLUSH))
        }
        "varnishadm" => {
            let remote = option_values(args, &["-T"]).any(|address| elsewhere(&address));
            let command = super::operands(args, &["-T", "-S", "-n", "-t"]).next()?.to_ascii_lowercase();
            let verb = command.split_whitespace().next().unwrap_or_default();
            let flushes = verb.starts_with("ban") || verb.starts_with("purge");
            (remote && (flushes || verb == "stop")).then(|| Hit::new("database.flush", CACHE_FLUSH))
        }
        "kcat" | "kafkacat" => {
            let produces = texts().any(|a| a == "-P");
            let mut brokers = option_values(args, &["-b"])
                .chain(texts().filter_map(|a| a.strip_prefix("bootstrap.servers=").map(str::to_string)));
            (produces && brokers.any(|list| production(&list)))
                .then(|| Hit::ask("database.load", QUEUE_WRITE))
        }
        "elasticdump" => {
            let output = option_values(args, &["--output"]).next()?;
            (output.contains("://") && production(&output)).then(|| Hit::ask("database.load", QUEUE_WRITE))
        }
        "curator_cli" => {
            let destroys = texts().any(|a| matches!(a, "delete_indices" | "delete_snapshots" | "close"));
            let host = option_values(args, &["--host"]).next();
            (destroys && host.is_some_and(|host| elsewhere(&host)))
                .then(|| Hit::new("database.drop", CURATOR))
        }
        _ => {
            let config = option_values(args, &["--config"]).next();
            if config
                .as_deref()
                .is_some_and(|config| super::disposable_target(config) || super::local_target(config))
            {
                return None;
            }
            let action = super::operands(args, &["--config"]).next()?;
            let destroys = match read_sql(call, action) {
                Some(text) => text.lines().any(|line| {
                    let line = line.trim().trim_start_matches('-').trim();
                    line.strip_prefix("action:").is_some_and(|verb| {
                        let verb = verb.trim().trim_matches(['\'', '"']);
                        verb.starts_with("delete_") || verb == "close"
                    })
                }),
                // An action file not there to read: asked about when a name says it deletes or
                // the configuration is production's.
                None => {
                    crate::shell::name_words(action).any(|w| w.eq_ignore_ascii_case("delete"))
                        || config.as_deref().is_some_and(super::production_name)
                }
            };
            destroys.then(|| Hit::new("database.drop", CURATOR))
        }
    }
}

/// Drupal's `drush` (`words` are its arguments; `production` says whether a site alias or
/// `--uri` names production): `sql-drop` and `site:install` empty the site's database, wherever
/// it is, as `rails db:reset` does; `sql-sync SOURCE TARGET` writes over the target's
/// database, which is asked about when the target is production's (pulling production's
/// down passes); `sql:query` runs its statement, judged as any client's; and on a production
/// site, a command that changes it (a module uninstalled, configuration imported, PHP run,
/// database updates applied, an entity deleted), where reads (`status`, `pm:list`,
/// `config:get`) and `cache:rebuild` pass.
fn drush<'a>(words: impl Iterator<Item = &'a str>, production: bool) -> Option<Hit> {
    let operands: Vec<&str> = words.filter(|w| !w.starts_with('-')).collect();
    let mut rest = operands.iter().copied().skip_while(|w| w.starts_with('@'));
    match rest.next()? {
        "sql-drop" | "sql:drop" | "site:install" | "site-install" | "si" => {
            Some(Hit::new("database.orm-reset", DRUSH_RESET))
        }
        "sql-sync" | "sql:sync" => {
            let target = rest.nth(1)?;
            (super::production_name(target)).then(|| Hit::new("database.load", DRUSH_SYNC))
        }
        "sql-query" | "sql:query" | "sqlq" => rest.find_map(sql::destruction).map(destruction_hit),
        "sql-cli" | "sql:cli" | "sqlc" if production => Some(Hit::ask("database.load", DRUSH_SYNC)),
        verb if production && drush_changes(verb) => Some(Hit::ask("hosting.deploy-production", DRUSH_LIVE)),
        _ => None,
    }
}

/// Whether a drush command changes the site it runs on: its modules, themes, configuration,
/// state, content or users, or PHP run in it.
fn drush_changes(verb: &str) -> bool {
    matches!(
        verb,
        "pm:uninstall"
            | "pm-uninstall"
            | "pmu"
            | "pm:enable"
            | "pm-enable"
            | "en"
            | "theme:uninstall"
            | "theme:enable"
            | "thun"
            | "then"
            | "config:import"
            | "config-import"
            | "cim"
            | "config:set"
            | "config-set"
            | "cset"
            | "config:delete"
            | "config-delete"
            | "cdel"
            | "php:eval"
            | "php-eval"
            | "eval"
            | "ev"
            | "php:script"
            | "php-script"
            | "scr"
            | "php:cli"
            | "php"
            | "updatedb"
            | "updb"
            | "deploy"
            | "state:set"
            | "sset"
            | "state:delete"
            | "sdel"
            | "entity:delete"
            | "edel"
            | "user:cancel"
            | "ucan"
            | "user:block"
            | "user:password"
            | "upwd"
            | "user:role:add"
            | "urol"
            | "sql:sanitize"
            | "sqlsan"
            | "migrate:import"
            | "mim"
            | "migrate:rollback"
            | "mr"
            | "field:delete"
    )
}

/// Pantheon's `terminus`: `env:wipe` (an environment's files and database emptied), content
/// cloned or a backup restored into the live environment, and drush run remotely (`remote:drush
/// SITE.ENV -- sql-drop`), judged as [`drush`] on that environment.
fn terminus(args: &[crate::shell::Word]) -> Option<Hit> {
    let words: Vec<&str> = args.iter().map(|a| a.text.as_str()).filter(|w| !w.starts_with('-')).collect();
    let environment = words.get(1).copied().unwrap_or_default();
    match words.first().copied()? {
        "env:wipe" => Some(Hit::new("database.orm-reset", DRUSH_RESET)),
        "env:clone-content" | "env:cc" if words.get(2).is_some_and(|to| super::production_name(to)) => {
            Some(Hit::new("database.load", DRUSH_SYNC))
        }
        "backup:restore" if super::production_name(environment) => {
            Some(Hit::new("database.load", DRUSH_SYNC))
        }
        "remote:drush" | "drush" => {
            let after = args.iter().position(|a| a.text == "--")?;
            drush(args[after + 1..].iter().map(|a| a.text.as_str()), super::production_name(environment))
        }
        _ => None,
    }
}

fn destruction_hit(found: Destruction) -> Hit {
    match found {
        Destruction::Drop => Hit::new("database.drop", DROP),
        Destruction::Truncate => Hit::new("database.truncate", TRUNCATE),
        Destruction::DeleteAll => Hit::new("database.delete-all", DELETE_ALL),
        Destruction::UpdateAll => Hit::new("database.update-all", UPDATE_ALL),
        Destruction::Program => Hit::new("database.server-files", COPY_PROGRAM),
        Destruction::Access => Hit::new("database.server-admin", ACCESS),
        Destruction::ServerAdmin => Hit::new("database.server-admin", SESSIONS),
    }
}

/// Whether `aws`/`gcloud` runs a query service's statement: `aws athena
/// start-query-execution`, `aws redshift-data|rds-data execute-statement`, `gcloud spanner
/// databases execute-sql`.
fn query_service(args: &[crate::shell::Word]) -> bool {
    let mut words = operands(args);
    matches!(
        (words.next(), words.next(), words.next()),
        (Some("athena"), Some("start-query-execution"), _)
            | (Some("redshift-data" | "rds-data"), Some("execute-statement" | "batch-execute-statement"), _)
            | (Some("spanner"), Some("databases"), Some("execute-sql"))
    )
}

/// The restore and import tools told to drop what is there first: `pg_restore --clean`,
/// `mongorestore --drop`, `mongoimport --drop`, `mysqlimport --delete`. A test suite's or a
/// development database on this machine passes: refreshing one from a dump is what restores
/// are for there.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn restore(call: &Call, name: &str) -> Option<Hit> {
    let args = call.args();
    let clears = args.iter().any(|a| {
        let text = a.text.as_str();
        match name {
            // `-c`, `-Cc`; a letter taking a value ends the cluster (`-Fc` is the format).
            "pg_restore" => {
                text == "--clean"
                    || text.strip_prefix('-').is_some_and(|cluster| {
                        !cluster.starts_with('-')
                            && cluster
                                .chars()
                                .take_while(|c| !"dfFIjLnNPStTUhp".contains(*c))
                                .any(|c| c == 'c')
                    })
            }
            "mysqlimport" => text == "--delete" || text == "-d",
            _ => text == "--drop",
        }
    });
    if !clears {
        return None;
    }
    let databases: &[&str] = match name {
        "pg_restore" => &["-d", "--dbname"],
        "mysqlimport" => &[],
        _ => &["-d", "--db", "--uri"],
    };
    let test = local_server(call, args)
        && option_values(args, databases).any(|database| {
            let database = database.split('?').next().unwrap_or_default();
            // Restoring a dump into a development database is how one is refreshed.
            dev_database(database.rsplit('/').next().unwrap_or_default())
        });
    (!test).then(|| Hit::new("database.load", RESTORE))
}

/// A headless CMS's content written over a live dataset: `sanity dataset import FILE
/// production --replace`, `contentful space import` into `master` (its default environment,
/// which the site serves).
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn content_import(name: &str, args: &[crate::shell::Word]) -> Option<Hit> {
    let texts: Vec<&str> = args.iter().map(|a| a.text.as_str()).collect();
    let live = match (name, texts.first().copied(), texts.get(1).copied()) {
        ("sanity", Some("dataset"), Some("import")) => {
            (texts.contains(&"--replace") || texts.contains(&"--missing"))
                && texts[2..].iter().any(|t| !t.starts_with('-') && super::production_name(t))
        }
        ("contentful", Some("space"), Some("import")) => {
            let environment = option_values(args, &["--environment-id"]).next();
            environment.is_none_or(|e| e == "master" || super::production_name(&e))
        }
        // `strapi transfer --to URL`: the remote project's content replaced by this one's.
        ("strapi", Some("transfer"), _) => option_values(args, &["--to"]).next().is_some_and(|to| {
            elsewhere_host(&to) && !super::disposable_target(&to) && !super::local_target(&to)
        }),
        _ => false,
    };
    live.then(|| Hit::new("database.load", CONTENT_IMPORT))
}

/// The stores' own destructive verbs: Kafka's topic, record and consumer-group deletes, offset
/// resets and retention cut to nothing, Redpanda's `rpk`, HDFS's `namenode -format`, Vault's
/// revocations and rewritten `default` policy, and a Consul or Vault server
/// taken out of its cluster.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn store_verb(call: &Call, name: &str) -> Option<Hit> {
    let args = call.args();
    let has = |option: &str| args.iter().any(|a| crate::shell::is_option(&a.text, option));
    let name = name.trim_end_matches(".sh");
    let valued: &[&str] = match name {
        "nodetool" => &["-h", "--host", "-p", "--port", "-u", "--username", "-pw", "--password", "-pwf"],
        "rpk" => &["-X", "--config", "--profile", "--brokers"],
        "nats" => &["-s", "--server", "--context", "--creds", "--user", "--password", "--nkey"],
        "pulsar-admin" => &["--admin-url", "--auth-plugin", "--auth-params"],
        "rabbitmqctl" => &["-n", "--node", "-p", "--vhost", "-t", "--timeout"],
        "celery" => &["-A", "--app", "-b", "--broker", "--result-backend", "-Q", "--queues", "--workdir"],
        "rq" => &["-u", "--url", "-c", "--config", "-q", "--queue"],
        _ => &[],
    };
    let mut words = verbs(args, valued);
    let (first, second, third) = (words.next(), words.next(), words.next());
    // Kafka's tools name their brokers on every line: this machine's are a developer's.
    let kafka_local =
        || store(call, &["--bootstrap-server", "--broker-list", "--zookeeper"], &[]) == Store::Local;
    match name {
        "kafka-topics" if has("--delete") && !kafka_local() => {
            Some(Hit::new("database.store-delete", KAFKA_DELETE))
        }
        "kafka-consumer-groups"
            if (has("--delete") || has("--reset-offsets") && has("--execute")) && !kafka_local() =>
        {
            Some(Hit::new("database.store-delete", KAFKA_OFFSETS))
        }
        "kafka-delete-records" if !kafka_local() => Some(Hit::new("database.store-delete", KAFKA_DELETE)),
        // `retention.ms=1`: the broker deletes every record older than a moment.
        "kafka-configs" if has("--alter") => {
            let short = |value: &str, limit: u64| value.parse::<u64>().is_ok_and(|n| n < limit);
            let purges = option_values(args, &["--add-config"]).any(|configs| {
                configs.split(',').any(|config| match config.split_once('=') {
                    Some(("retention.ms", value)) => short(value, 3_600_000),
                    Some(("retention.bytes", value)) => short(value, 1_048_576),
                    _ => false,
                })
            });
            purges.then(|| Hit::new("database.store-delete", KAFKA_DELETE))
        }
        "rpk" => {
            // `-X brokers=rp-prod:9092` names the cluster as `--brokers` does.
            let named = || args.iter().any(|a| a.text.strip_prefix("brokers=").is_some_and(elsewhere_host));
            let remote = || store(call, &["--brokers"], &["RPK_BROKERS"]) != Store::Local || named();
            // Retention cut to nothing (`cluster config set retention_bytes 1`, `topic
            // alter-config t --set retention.ms=1`): the broker deletes the records.
            let texts: Vec<&str> = args.iter().map(|a| a.text.as_str()).collect();
            let short = |value: &str, limit: u64| value.parse::<u64>().is_ok_and(|n| n < limit);
            let cut = |key: &str, value: &str| {
                let key = key.replace('.', "_");
                key.ends_with("retention_ms") && short(value, 3_600_000)
                    || key.ends_with("retention_bytes") && short(value, 1_048_576)
            };
            let retention = texts.windows(2).any(|w| cut(w[0], w[1]))
                || texts.iter().any(|t| t.split_once('=').is_some_and(|(k, v)| cut(k, v)));
            match (first, second) {
                (Some("topic"), Some("delete" | "trim-prefix"))
                | (Some("group"), Some("delete" | "seek"))
                    if remote() =>
                {
                    Some(Hit::new("database.store-delete", KAFKA_DELETE))
                }
                (Some("cluster"), Some("config")) | (Some("topic"), Some("alter-config"))
                    if retention
                        && (named() || store(call, &["--brokers"], &["RPK_BROKERS"]) == Store::Elsewhere) =>
                {
                    Some(Hit::new("database.store-delete", KAFKA_DELETE))
                }
                _ => None,
            }
        }
        // A node's queues purged or deleted, its virtual host deleted, the node reset or
        // stopped: with no `-n` the node is this machine's, unless the virtual host or the
        // queue is named for production (`purge_queue orders -p /prod`, `delete_vhost /production`).
        "rabbitmqctl" => {
            let hit = match first? {
                "purge_queue" | "delete_queue" | "delete_vhost" | "delete_user" | "clear_permissions" => {
                    Hit::new("database.store-delete", QUEUE_DELETE)
                }
                "reset"
                | "force_reset"
                | "stop_app"
                | "stop"
                | "shutdown"
                | "forget_cluster_node"
                | "close_all_connections"
                | "change_password" => Hit::new("database.server-admin", QUEUE_STOP),
                _ => return None,
            };
            (store(call, &["-n", "--node"], &["RABBITMQ_NODENAME"]) == Store::Elsewhere
                || names_production(args))
            .then_some(hit)
        }
        // NATS streams, key-value buckets and object stores; the default context can be any
        // server, so only one named as this machine's passes.
        "nats" => {
            let deletes = matches!(
                (first, second),
                (
                    Some("stream" | "str" | "kv" | "object" | "obj" | "consumer" | "con"),
                    Some("rm" | "del" | "delete" | "purge")
                )
            );
            (deletes
                && store(call, &["-s", "--server", "--context"], &["NATS_URL", "NATS_CONTEXT"])
                    != Store::Local)
                .then(|| Hit::new("database.store-delete", QUEUE_DELETE))
        }
        "pulsar-admin" => {
            let deletes = matches!(
                (first, second),
                (
                    Some("topics" | "namespaces" | "tenants" | "subscriptions"),
                    Some(
                        "delete" | "delete-partitioned-topic" | "clear-backlog" | "unsubscribe" | "skip-all"
                    )
                )
            );
            (deletes && store(call, &["--admin-url"], &["PULSAR_ADMIN_URL"]) != Store::Local)
                .then(|| Hit::new("database.store-delete", QUEUE_DELETE))
        }
        // Every queued task or job of a broker elsewhere (the default is this machine's).
        "celery" if first == Some("purge") || (first, second) == (Some("amqp"), Some("queue.purge")) => {
            (store(call, &["-b", "--broker"], &["CELERY_BROKER_URL", "BROKER_URL", "REDIS_URL"])
                == Store::Elsewhere
                || names_production(args))
            .then(|| Hit::new("database.store-delete", QUEUE_DELETE))
        }
        "rq" if first == Some("empty") => (store(call, &["-u", "--url"], &["RQ_REDIS_URL", "REDIS_URL"])
            == Store::Elsewhere
            || names_production(args))
        .then(|| Hit::new("database.store-delete", QUEUE_DELETE)),
        // Algolia's indices live in its cloud: a development index (`dev_alice_products`) is
        // a developer's own.
        "algolia"
            if matches!(
                (first, second),
                (Some("indices" | "objects" | "rules" | "synonyms"), Some("clear" | "delete"))
            ) =>
        {
            let index = third.unwrap_or_default();
            (target_of(index, false, false) != Target::Safe
                && !dev_database(index)
                && !index.to_ascii_lowercase().starts_with("dev"))
            .then(|| Hit::new("database.store-delete", QUEUE_DELETE))
        }
        "hdfs" if first == Some("namenode") && has("-format") => {
            Some(Hit::new("database.store-delete", HDFS_FORMAT))
        }
        "vault" => match (first, second) {
            (Some("lease"), Some("revoke")) if has("-prefix") || has("-force") => {
                Some(Hit::new("database.server-admin", VAULT_REVOKE))
            }
            (Some("token"), Some("revoke")) if !has("-self") => {
                Some(Hit::new("database.server-admin", VAULT_REVOKE))
            }
            // Every token holds the `default` policy: what it grants, everyone has.
            (Some("policy"), Some("write")) if third == Some("default") => {
                Some(Hit::new("database.server-admin", VAULT_POLICY))
            }
            (Some("operator"), Some("seal" | "raft"))
                if second == Some("seal") || third == Some("remove-peer") =>
            {
                Some(Hit::new("database.server-admin", CLUSTER_MEMBER))
            }
            _ => None,
        },
        "consul" if first == Some("operator") && second == Some("raft") && third == Some("remove-peer") => {
            Some(Hit::new("database.server-admin", CLUSTER_MEMBER))
        }
        // Cassandra's snapshots are its backups; a node decommissioned or removed streams or
        // drops its share of the ring.
        "nodetool" => match first? {
            "clearsnapshot" => Some(Hit::new("database.store-delete", SNAPSHOTS)),
            "decommission" | "removenode" | "assassinate" => {
                Some(Hit::new("database.server-admin", CLUSTER_MEMBER))
            }
            // A node that stops taking writes (`drain`, `stopdaemon`, `disablegossip`): on a
            // server elsewhere, its share of the ring goes dark.
            "drain" | "stopdaemon" | "disablegossip" | "disablebinary"
                if store(call, &["-h", "--host"], &[]) == Store::Elsewhere =>
            {
                Some(Hit::new("database.server-admin", CLUSTER_MEMBER))
            }
            _ => None,
        },
        "couchbase-cli" if matches!(first, Some("bucket-delete" | "bucket-flush")) => {
            Some(Hit::new("database.store-delete", BUCKET))
        }
        "riak-admin"
            if first == Some("cluster") && matches!(second, Some("leave" | "remove" | "force-remove")) =>
        {
            Some(Hit::new("database.server-admin", CLUSTER_MEMBER))
        }
        "consul" if first == Some("snapshot") && second == Some("restore") => {
            Some(Hit::new("database.load", RESTORE))
        }
        _ => None,
    }
}

/// The values of `options` in `args`: `-c X`, `-cX`, `--command=X`, `--command X`.
pub(super) fn option_values<'a>(
    args: &'a [crate::shell::Word],
    options: &'a [&'a str],
) -> impl Iterator<Item = String> + 'a {
    args.iter().enumerate().filter_map(move |(i, arg)| {
        let text = arg.text.as_str();
        options.iter().find_map(|option| {
            if text == *option {
                return args.get(i + 1).map(|value| value.text.clone());
            }
            if option.starts_with("--") {
                return text.strip_prefix(option)?.strip_prefix('=').map(str::to_string);
            }
            // `-cSQL`, for single-letter options only.
            (option.len() == 2)
                .then(|| text.strip_prefix(option).filter(|rest| !rest.is_empty()).map(str::to_string))?
        })
    })
}

/// The data tools' options (bq's global ones among them) that take the next word as their value.
const DATA_TOOL_VALUES: &[&str] = &[
    "--project_id",
    "--dataset_id",
    "--location",
    "--api",
    "--format",
    "--credential_file",
    "--service_account",
    "--target",
    "-t",
    "--profile",
    "--profiles-dir",
    "--project-dir",
];

/// Words that are not options (nor the value right after a known option taking one).
fn operands(args: &[crate::shell::Word]) -> impl Iterator<Item = &str> {
    args.iter().map(|a| a.text.as_str()).filter(|text| !text.starts_with('-'))
}

/// The operands of a tool's command line, past the values of its `valued` options (`nodetool
/// -h cass-1 clearsnapshot`, `rpk -X brokers=b:9092 topic delete t`).
fn verbs<'a>(args: &'a [crate::shell::Word], valued: &'a [&str]) -> impl Iterator<Item = &'a str> {
    let mut skip = false;
    args.iter().map(|a| a.text.as_str()).filter(move |text| {
        if std::mem::take(&mut skip) {
            return false;
        }
        skip = valued.contains(text);
        !text.starts_with('-')
    })
}

/// Where a cache, queue or store's command line sends its command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Store {
    /// Nothing named: the tool's default, this machine's server for most.
    Default,
    /// Every server named is this machine's (`-h 127.0.0.1`, `--bootstrap-server localhost:9092`).
    Local,
    /// A server elsewhere, a production name, or one named only at run time.
    Elsewhere,
}

/// Whether a server's address is another machine's: any host but a loopback one or a local
/// cluster's ([`super::local_target`]). A bare name (`cache`) can be any machine of the network.
fn elsewhere_host(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    let rest = lower.split_once("://").map_or(lower.as_str(), |(_, rest)| rest);
    let authority = rest.split(['/', '?', ',']).next().unwrap_or(rest);
    let host = authority.rsplit('@').next().unwrap_or(authority);
    let host = host
        .rsplit_once(':')
        .filter(|(_, port)| port.bytes().all(|b| b.is_ascii_digit()))
        .map_or(host, |(h, _)| h);
    !(host.is_empty() || super::local_target(host) || host.starts_with("127.") || host == "::1")
}

/// Where a store's command goes: the values of its `options` naming a server, a URL among its
/// arguments, a `brokers=` setting, a production target ([`super::production_target`]), and
/// the `variables` naming a server set on the command or exported before it on the line.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn store(call: &Call, options: &[&str], variables: &[&str]) -> Store {
    let args = call.args();
    let mut found = Store::Default;
    let mut note = |value: &str, dynamic: bool| {
        if dynamic || elsewhere_host(value) {
            found = Store::Elsewhere;
        } else if found == Store::Default {
            found = Store::Local;
        }
    };
    for (at, arg) in args.iter().enumerate() {
        let text = arg.text.as_str();
        if options.contains(&text) {
            if let Some(value) = args.get(at + 1) {
                note(&value.text, value.dynamic);
            }
        } else if let Some((option, value)) = text.split_once('=') {
            if options.contains(&option) || matches!(option, "brokers" | "admin.hosts") {
                note(value, arg.dynamic);
            }
        } else if text.contains("://") {
            note(text, arg.dynamic);
        }
    }
    let commands = &call.analysis.commands[..call.index.min(call.analysis.commands.len())];
    let exported = commands.iter().filter(|c| c.name() == Some("export")).flat_map(|c| c.args());
    for word in exported {
        if let Some((variable, value)) = word.text.split_once('=') {
            if variables.contains(&variable) {
                note(value, word.dynamic);
            }
        }
    }
    for command in commands.iter().chain([call.command]) {
        for (variable, value) in &command.assignments {
            if variables.contains(&variable.as_str()) {
                note(&value.text, value.dynamic);
            }
        }
    }
    if super::production_target(args) || super::runs_elsewhere(&call.command.via) {
        found = Store::Elsewhere;
    }
    found
}

/// The SQL an earlier command of the line writes to `file` (`echo 'DROP TABLE t' > q.sql &&
/// psql -f q.sql`): the file does not exist yet when the line is judged, so the line's own
/// text is what the client will read, as for a script written then run.
pub(super) fn written_sql(call: &Call, file: &str) -> Option<String> {
    let same = |target: &str| target.trim_start_matches("./") == file.trim_start_matches("./");
    let commands = &call.analysis.commands;
    let writer = commands[..call.index.min(commands.len())].iter().rposition(|command| {
        command.redirects.iter().any(|r| {
            matches!(r.op, crate::shell::RedirectOp::Write | crate::shell::RedirectOp::Append)
                && matches!(r.fd, None | Some(1))
                && !r.target.dynamic
                && same(&r.target.text)
        })
    })?;
    crate::shell::file_output(commands, writer)
}

/// The SQL in `file` (relative to where the command runs), when it is a readable regular file.
pub(super) fn read_sql(call: &Call, file: &str) -> Option<String> {
    let path = Path::new(file);
    let path = if path.is_absolute() { path.to_path_buf() } else { call.ctx.cwd.join(path) };
    let metadata = std::fs::metadata(&path).ok()?;
    if !metadata.is_file() || metadata.len() > MAX_SQL_FILE {
        return None;
    }
    std::fs::read_to_string(path).ok()
}

/// The framework consoles whose code the shell analysis peels into an interpreter.
fn console(via: &str) -> bool {
    matches!(
        via,
        "rails runner"
            | "rails console"
            | "artisan tinker"
            | "manage.py shell"
            | "flask shell"
            | "mix -e"
            | "mix --eval"
    )
}

/// What code run with an app's models loaded destroys: the ORMs' deletes of every row
/// (`User.delete_all`, `Post.objects.all().delete()`, `DB::table('t')->truncate()`), their
/// drops (`Schema::drop('t')`, `connection.drop_table`), and destructive SQL in the code's
/// strings (`connection.execute('DROP TABLE t')`, `DB::statement('DROP DATABASE app')`).
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn console_destroys(code: &str) -> Option<Hit> {
    let compact: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    let has = |calls: &[&str]| calls.iter().any(|call| compact.contains(call));
    if has(&[
        "Schema::drop(",
        "Schema::dropIfExists(",
        "Schema::dropAllTables(",
        // SQLAlchemy's (and Flask-SQLAlchemy's `db.drop_all()`) every table of the models.
        "drop_all(",
        ".drop_table(",
        ".drop_table:",
        "drop_database(",
        "DatabaseTasks.drop",
        "DatabaseTasks.purge",
        "call_command('flush'",
        "call_command(\"flush\"",
    ]) {
        return Some(Hit::new("database.drop", DROP));
    }
    if has(&["::truncate()", "->truncate()", ".truncate_tables", "Repo.delete_all("]) {
        return Some(Hit::new("database.truncate", TRUNCATE));
    }
    if has(&[".delete_all", ".destroy_all", ".all().delete()", "::query()->delete()", "->delete()"])
        && !has(&["where(", "->where(", ".filter(", "find("])
    {
        return Some(Hit::new("database.delete-all", DELETE_ALL));
    }
    string_literals(code).find_map(sql::destruction).map(destruction_hit)
}

/// Destructive SQL a Python one-liner (`-c`, or code on standard input) hands a driver:
/// `psycopg2.connect(…).cursor().execute('DROP TABLE users')`, `sqlite3.connect(…).executescript(…)`.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn python_sql(call: &Call) -> Option<Hit> {
    let code = python_code(call)?;
    let runs_sql =
        ["execute", ".query(", ".sql(", ".exec_driver_sql("].iter().any(|call| code.contains(call));
    if !runs_sql {
        return library_destroys(&code);
    }
    string_literals(&code).find_map(sql::destruction).map(destruction_hit).or_else(|| library_destroys(&code))
}

/// What a one-liner's client library destroys on a server elsewhere: Redis' `flushall()` and
/// `flushdb()`, MongoDB's `drop_database()`/`dropDatabase()` and collection drops, and every
/// document deleted (`delete_many({})`). The server is a host or URL among the code's strings,
/// or one read from the environment; a client built with none is this machine's.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn library_destroys(code: &str) -> Option<Hit> {
    let compact: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    let has = |calls: &[&str]| calls.iter().any(|call| compact.contains(call));
    let hit = if has(&[".flushall(", ".flushdb(", ".flushAll(", ".flushDb(", ".flushdb!", "flushall!"]) {
        Hit::new("database.flush", FLUSH)
    } else if has(&[".drop_database(", ".dropDatabase(", ".drop_collection(", ".dropCollection("]) {
        Hit::new("database.drop", DROP)
    } else if has(&[".delete_many({})", ".deleteMany({})", ".remove({})"]) {
        Hit::new("database.delete-all", DELETE_ALL)
    } else {
        return None;
    };
    let from_environment = has(&["os.environ", "getenv(", "process.env", "ENV["]);
    // A host named for production (`Redis(host='prod-redis')`) is elsewhere without a dot.
    let elsewhere = string_literals(code).any(|text| {
        (text.contains("://") || text.contains('.')) && elsewhere_host(text)
            || !text.contains(char::is_whitespace)
                && crate::shell::production_name(text)
                && !super::local_target(text)
    });
    (from_environment || elsewhere).then_some(hit)
}

/// Whether an app's code empties its cache or its job queues (`Rails.cache.clear`,
/// `Sidekiq::Queue.all.each(&:clear)`, `cache.clear()`): harmless on a development machine.
fn clears_cache(code: &str) -> bool {
    let compact: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    [
        "Rails.cache.clear",
        "Sidekiq::Queue",
        "Sidekiq::RetrySet.new.clear",
        "Sidekiq::ScheduledSet.new.clear",
        "Sidekiq::DeadSet.new.clear",
        "Sidekiq.redis(&:flushdb)",
        "Cache::flush()",
        "Queue::clear(",
        "cache.clear()",
        "Resque.redis.flushall",
    ]
    .iter()
    .any(|call| compact.contains(call) && (!call.starts_with("Sidekiq::Queue") || compact.contains(":clear")))
}

/// Whether an app's code runs against production: its environment (`RAILS_ENV=production`)
/// or a cache or queue server elsewhere (`REDIS_URL=redis://cache.prod…`).
fn production_app(call: &Call, args: &[crate::shell::Word]) -> bool {
    migration_target(call, args) == Target::Production
        || store(call, &[], &["REDIS_URL", "REDIS_HOST", "MEMCACHE_SERVERS", "CACHE_URL"]) == Store::Elsewhere
}

/// The code a Python interpreter runs from its `-c` option, or from standard input when it is
/// given no script.
pub(super) fn python_code(call: &Call) -> Option<String> {
    let args = call.args();
    let inline = args.iter().position(|a| a.text == "-c").and_then(|at| args.get(at + 1));
    match inline {
        Some(code) => Some(code.text.clone()),
        None if args.iter().all(|a| a.text.starts_with('-')) => call.analysis.stdin_text(call.index),
        None => None,
    }
}

/// The contents of the code's quoted strings (`'…'`, `"…"`), where its SQL is.
fn string_literals(code: &str) -> impl Iterator<Item = &str> {
    let mut rest = code;
    std::iter::from_fn(move || {
        let open = rest.find(['\'', '"'])?;
        let quote = rest.as_bytes()[open];
        let body = &rest[open + 1..];
        let close = body.bytes().position(|b| b == quote).unwrap_or(body.len());
        rest = body.get(close + 1..).unwrap_or("");
        Some(&body[..close])
    })
}

/// `db.dropDatabase()`, `db.x.drop()`, `deleteMany({})` with an empty filter.
/// Oracle's `sqlplus CONNECT @script`: the script's destructive SQL, or a script the guard
/// cannot read run on a server elsewhere (the connect string's host after `@`; none, or
/// `localhost`, is this machine's). Standard input (`<<< 'DROP USER app CASCADE;'`, a
/// here-doc, a pipe, `< file`) is read the same way, with the `@script` lines it holds.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn sqlplus(call: &Call, args: &[crate::shell::Word]) -> Option<Hit> {
    let mut ops = operands(args).filter(|a| !a.eq_ignore_ascii_case("as"));
    let connect = ops.next().filter(|a| !a.starts_with('@')).unwrap_or_default();
    let remote_connect = |connect: &str| {
        connect.split_once('@').is_some_and(|(_, host)| {
            let host = host.trim_start_matches("//");
            let host = host.split(['/', ':', ' ']).next().unwrap_or(host);
            !host.is_empty() && !matches!(host, "localhost" | "127.0.0.1") && !super::local_target(host)
        })
    };
    let fed = call.analysis.stdin_text(call.index);
    // `sqlplus /nolog <<< $'connect admin/pw@prod\n…'`: the script's own `CONNECT` names it.
    let connected_in_script = fed.as_deref().is_some_and(|text| {
        text.lines().any(|line| {
            let line = line.trim();
            let lower = line.to_ascii_lowercase();
            (lower.starts_with("conn ") || lower.starts_with("connect ")) && remote_connect(line)
        })
    });
    let elsewhere = remote_connect(connect) || connected_in_script;
    let mut unread =
        fed.is_none() && matches!(call.command.stdin, crate::shell::Stdin::Pipe { from: Some(_) });
    let mut texts: Vec<String> = Vec::new();
    if let crate::shell::Stdin::File(file) = &call.command.stdin {
        let text =
            (!file.dynamic).then(|| written_sql(call, &file.text).or_else(|| read_sql(call, &file.text)));
        unread |= text.as_ref().is_none_or(Option::is_none);
        texts.extend(text.flatten());
    }
    texts.extend(fed);
    let fed_scripts: Vec<String> = texts
        .iter()
        .flat_map(|text| text.lines())
        .filter_map(|line| {
            line.trim().strip_prefix('@').map(|s| s.trim_start_matches('@').trim().to_string())
        })
        .collect();
    let operand_scripts = operands(args).filter_map(|a| a.strip_prefix('@')).map(str::to_string);
    for script in operand_scripts.chain(fed_scripts).filter(|s| !s.is_empty()) {
        let script = script.split_whitespace().next().unwrap_or_default();
        let file = if script.contains('.') { script.to_string() } else { format!("{script}.sql") };
        match written_sql(call, &file).or_else(|| read_sql(call, &file)) {
            Some(text) => texts.push(text),
            None => unread = true,
        }
    }
    let remote = || elsewhere || production_server(call, args);
    // SQL*Plus's own commands (`CONNECT`, `SET`, `SPOOL`, `WHENEVER`, …) end at the line's end
    // with no `;`: taken out, so that the statement after them reads as one.
    let statements = |text: &String| {
        text.lines()
            .filter(|line| {
                let word = line.split_whitespace().next().unwrap_or_default().to_ascii_lowercase();
                // An `UPDATE`'s `SET a = 1` line stays.
                let setting = word == "set" && !line.contains('=');
                !matches!(
                    word.as_str(),
                    "conn"
                        | "connect"
                        | "spool"
                        | "whenever"
                        | "prompt"
                        | "define"
                        | "column"
                        | "exit"
                        | "quit"
                ) && !setting
                    && !word.starts_with('@')
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    if let Some(found) = texts.iter().find_map(|text| sql::destruction(&statements(text))) {
        return remote().then(|| destruction_hit(found));
    }
    (unread && remote()).then(|| Hit::new("database.load", UNREAD_INPUT))
}

/// A Hibernate setting that drops the schema at start (`ddl-auto=create|create-drop`,
/// `hbm2ddl.auto=create`); `validate`, `update` and `none` keep the data.
fn schema_recreated(arg: &str) -> bool {
    arg.split_once("=").is_some_and(|(key, value)| {
        (key.ends_with("hibernate.ddl-auto") || key.ends_with("hbm2ddl.auto"))
            && matches!(value, "create" | "create-drop")
    })
}

fn mongo_destroys(js: &str) -> bool {
    let compact: String = js.chars().filter(|c| !c.is_whitespace()).collect();
    compact.contains("dropDatabase(")
        || compact.contains(".drop()")
        || compact.contains("deleteMany({})")
        || compact.contains("deleteMany()")
        || compact.contains("remove({})")
}

/// The ORMs', frameworks' and migrators' commands that drop, empty or roll back the database.
fn orm_reset(call: &Call, name: &str, args: &[crate::shell::Word]) -> Option<Hit> {
    const TOOLS: &[&str] = &[
        "npx",
        "bunx",
        "pnpx",
        "pnpm",
        "npm",
        "yarn",
        "bun",
        "bundle",
        "poetry",
        "uv",
        "pipenv",
        "prisma",
        "drizzle-kit",
        "supabase",
        "artisan",
        "mix",
        "knex",
        "typeorm",
        "diesel",
        "sqlx",
        "dotnet",
        "alembic",
        "flask",
        "php",
        "rails",
        "rake",
        "bin/rails",
        "console",
        "sequelize",
        "sequelize-cli",
        "manage.py",
        "django-admin",
        "python",
        "python3",
        "flyway",
        "liquibase",
        "migrate",
        "atlas",
        "goose",
        "sqitch",
        "dbmate",
        "gradle",
        "gradlew",
        "mvn",
        "mvnw",
        "hasura",
        "sea-orm-cli",
        "yoyo",
        "skeema",
        "cargo",
        "go",
        "lein",
        "mikro-orm",
        "db-migrate",
    ];
    const TOOL_NAMES: NameFilter = NameFilter::of(TOOLS);
    if !TOOL_NAMES.may_hold(name) || !TOOLS.contains(&name) {
        return None;
    }
    // `npm install` and the like run no migrator: only `npm run|exec` can.
    if name == "npm" && !args.iter().any(|a| matches!(a.text.as_str(), "run" | "run-script" | "exec")) {
        return None;
    }
    tool_reset(call, name, args)
}

/// How much of the database a migrator's command undoes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// Drops or empties it all (`flyway clean`, `goose reset`, `alembic downgrade base`).
    Whole,
    /// Rolls back or rewrites some migrations (`liquibase rollback-count 5`, `alembic
    /// downgrade -1`, `flyway repair`, `knex seed:run`): the tables and columns they made go.
    Partial,
    /// Applies migrations (`artisan migrate`, `rails db:migrate`).
    Forward,
    Nothing,
}

/// [`orm_reset`] of a migration tool, out of line (ARCHITECTURE.md, "Start-up"). Whole
/// resets ask unless the target is a test or development database or one on this machine
/// (test suites rebuild theirs on every run), named on the line or, when the line names
/// none and the framework's default environment is development ([`develops_by_default`]:
/// `bin/rails db:drop`, `npx prisma migrate reset`), by the project's `.env`
/// ([`configured_locally`]); a reset of a database nothing names asks, as the only copy of a
/// developer's work is often there. Ecto's without `MIX_ENV` is `dev`'s, which passes. Partial rollbacks ask when the target is production,
/// another server or named only at run time (`$PROD_URL`); forward migrations ask against
/// production.
#[inline(never)]
fn tool_reset(call: &Call, name: &str, args: &[crate::shell::Word]) -> Option<Hit> {
    let texts: Vec<&str> = args.iter().map(|a| a.text.as_str()).collect();
    let has = |word: &str| texts.contains(&word);
    let any = |verbs: &[&str]| texts.iter().any(|t| verbs.contains(t));
    let tool =
        match name {
            // Package runners: `npx prisma migrate reset`, `pnpm exec sequelize db:drop`.
            "npx" | "bunx" | "pnpx" | "pnpm" | "npm" | "yarn" | "bun" | "bundle" | "poetry" | "uv"
            | "pipenv" => texts.iter().copied().find(|t| {
                !t.starts_with('-') && !matches!(*t, "exec" | "dlx" | "run" | "run-script" | "x")
            })?,
            // `php artisan …`, `php bin/console …`.
            "php" => match texts.first() {
                Some(s) if s.ends_with("artisan") => "artisan",
                Some(s) if s.ends_with("console") => "console",
                Some(s) if s.ends_with("craft") => "craft",
                _ => return None,
            },
            "python" | "python3" if texts.first().is_some_and(|s| s.ends_with("manage.py")) => "manage.py",
            "rake" | "bin/rails" => "rails",
            _ => name,
        };
    // TypeORM's CLI under ts-node (`typeorm-ts-node-commonjs migration:revert`) is TypeORM's.
    let tool = if tool.starts_with("typeorm") { "typeorm" } else { tool };
    let whole_or_partial = |whole: bool, partial: bool| {
        if whole {
            Reach::Whole
        } else if partial {
            Reach::Partial
        } else {
            Reach::Nothing
        }
    };
    let reach = match tool {
        // `db push --accept-data-loss` drops the columns and tables the schema no longer has.
        "prisma" if has("db") && has("execute") => {
            let at = args.iter().position(|a| a.text == "execute").map_or(0, |at| at + 1);
            return client_sql(call, client("prisma db execute")?, at);
        }
        "prisma" => match whole_or_partial(
            has("migrate") && has("reset")
                || has("db") && has("push") && (has("--force-reset") || has("--accept-data-loss")),
            false,
        ) {
            Reach::Nothing if has("migrate") && has("deploy") || has("db") && has("push") => Reach::Forward,
            reach => reach,
        },
        // `push --force` applies the statements that lose data without asking.
        "drizzle-kit" => whole_or_partial(has("push") && has("--force"), false),
        "rails" => {
            if any(&[
                "db:drop",
                "db:reset",
                "db:schema:load",
                "db:truncate_all",
                "db:purge",
                "db:seed:replant",
            ]) {
                Reach::Whole
            } else if any(&["db:rollback", "db:migrate:down", "db:migrate:redo"]) {
                Reach::Partial
            } else if texts.iter().any(|t| t.starts_with("db:migrate") && *t != "db:migrate:status") {
                Reach::Forward
            } else {
                Reach::Nothing
            }
        }
        "sequelize" | "sequelize-cli" => whole_or_partial(
            any(&["db:drop", "db:migrate:undo:all", "db:seed:undo:all"]),
            any(&["db:migrate:undo", "db:seed:undo"]),
        ),
        // The local development database unless told the linked project's or another's.
        "supabase" => match whole_or_partial(
            has("db")
                && has("reset")
                && texts.iter().any(|t| {
                    t.starts_with("--db-url") || t.starts_with("--linked") && *t != "--linked=false"
                }),
            false,
        ) {
            Reach::Nothing if has("db") && has("push") && !has("--dry-run") => Reach::Forward,
            reach => reach,
        },
        // Hasura's `migrate apply --down`, `--goto` and `metadata clear` undo what the
        // server's schema and API have; `apply` and `metadata apply` change them.
        "hasura" if has("migrate") && has("apply") || has("metadata") => {
            if has("--down") || texts.iter().any(|t| t.starts_with("--goto")) || has("clear") || has("reset")
            {
                Reach::Partial
            } else if has("apply") && !has("--dry-run") {
                Reach::Forward
            } else {
                Reach::Nothing
            }
        }
        // A project's own migrator (`cargo run --bin migrate -- down`, `go run ./cmd/migrate
        // -down`, `lein run -m app.migrations rollback`): a program named for migrations told
        // to undo them.
        "cargo" | "go" | "lein" if has("run") && texts.iter().any(|t| t.contains("migrat")) => {
            let undoes = |t: &str| {
                let verb = t.trim_start_matches('-');
                matches!(verb, "down" | "rollback" | "reset" | "drop" | "undo" | "revert")
            };
            if texts.iter().any(|t| undoes(t)) { Reach::Partial } else { Reach::Nothing }
        }
        // The app's cache emptied or its queued jobs deleted on production.
        "artisan" if any(&["cache:clear", "queue:flush", "queue:clear", "horizon:clear"]) => {
            return (migration_target(call, args) == Target::Production)
                .then(|| Hit::new("database.flush", CACHE_CLEAR));
        }
        "artisan" => {
            if any(&["migrate:fresh", "migrate:reset", "migrate:refresh", "db:wipe"]) {
                Reach::Whole
            } else if has("migrate:rollback") {
                Reach::Partial
            } else if has("migrate") && !has("--pretend") {
                Reach::Forward
            } else {
                Reach::Nothing
            }
        }
        // Symfony's Doctrine commands; `fixtures:load` purges every table unless `--append`.
        "console" => {
            let force = has("--force") || has("-f");
            let migrate = has("doctrine:migrations:migrate");
            if force && any(&["doctrine:database:drop", "doctrine:schema:drop"])
                || has("doctrine:fixtures:load") && !has("--append")
                || migrate && has("first")
            {
                Reach::Whole
            } else if migrate && has("prev")
                || has("doctrine:migrations:execute") && has("--down")
                || force && has("doctrine:schema:update")
            {
                Reach::Partial
            } else if migrate && !has("--dry-run") {
                Reach::Forward
            } else {
                // The production vault's secrets, printed where the agent reads them.
                let reveals = has("secrets:reveal") || has("secrets:list") && has("--reveal");
                return (reveals && migration_target(call, args) == Target::Production)
                    .then(|| Hit::new("credentials.print", SECRETS_REVEAL));
            }
        }
        "mix" => match whole_or_partial(
            any(&["ecto.drop", "ecto.reset"]) || has("ecto.rollback") && has("--all"),
            has("ecto.rollback"),
        ) {
            // Seeds (`mix run priv/repo/seeds.exs`) write rows wherever the environment points.
            Reach::Nothing
                if has("ecto.migrate") || has("run") && texts.iter().any(|t| t.ends_with("seeds.exs")) =>
            {
                Reach::Forward
            }
            reach => reach,
        },
        // Seed files conventionally empty each table before filling it.
        "knex" => whole_or_partial(
            has("migrate:rollback") && has("--all"),
            any(&["migrate:rollback", "migrate:down", "seed:run"]),
        ),
        "typeorm" => whole_or_partial(has("schema:drop"), any(&["migration:revert", "schema:sync"])),
        "mikro-orm" => match whole_or_partial(
            any(&["migration:fresh", "schema:drop", "schema:fresh"]),
            has("migration:down") || has("schema:update") && has("--run"),
        ) {
            Reach::Nothing if has("migration:up") => Reach::Forward,
            reach => reach,
        },
        "db-migrate" => match whole_or_partial(has("reset") || has("db:drop"), has("down")) {
            Reach::Nothing if has("up") => Reach::Forward,
            reach => reach,
        },
        "diesel" => whole_or_partial(
            has("database") && (has("reset") || has("drop"))
                || has("migration") && has("revert") && has("--all"),
            has("migration") && (has("revert") || has("redo")),
        ),
        "sqlx" => whole_or_partial(
            has("database") && (has("reset") || has("drop")),
            has("migrate") && has("revert"),
        ),
        "dotnet" => whole_or_partial(
            has("ef") && has("database") && (has("drop") || has("update") && has("0")),
            false,
        ),
        // `--sql` only prints the statements.
        "alembic" => whole_or_partial(
            has("downgrade") && has("base"),
            !has("--sql") && (has("downgrade") || has("stamp") && has("--purge")),
        ),
        // Flask-Migrate's `flask db` is Alembic's.
        "flask" if has("db") => whole_or_partial(
            has("downgrade") && has("base"),
            !has("--sql") && (has("downgrade") || has("stamp") && has("--purge")),
        ),
        // `migrate APP zero` unapplies every migration of the app: its tables are dropped.
        "manage.py" | "django-admin" => {
            whole_or_partial(any(&["flush", "reset_db", "cleardb"]) || has("migrate") && has("zero"), false)
        }
        // `flyway clean` and `liquibase dropAll` drop every object of the configured schemas,
        // from the command line or their Gradle and Maven plugins; `repair` rewrites the
        // schema history the next migration trusts.
        "flyway" => match whole_or_partial(has("clean"), any(&["undo", "repair"])) {
            Reach::Nothing if any(&["migrate", "baseline"]) => Reach::Forward,
            reach => reach,
        },
        // `execute-sql` runs its statements as they are: judged as a client's.
        "liquibase" if texts.iter().any(|t| t.eq_ignore_ascii_case("execute-sql") || *t == "executeSql") => {
            let found = option_values(args, &["--sql"]).find_map(|text| sql::destruction(&text))?;
            return (migration_target(call, args) >= Target::Unknown).then(|| destruction_hit(found));
        }
        // `rollback-sql` and the like only print the statements.
        "liquibase" => match whole_or_partial(
            texts.iter().any(|t| t.eq_ignore_ascii_case("dropall") || *t == "drop-all"),
            texts.iter().any(|t| {
                let lower = t.to_ascii_lowercase();
                lower.starts_with("rollback") && !lower.ends_with("sql")
            }),
        ) {
            Reach::Nothing
                if texts.iter().any(|t| {
                    let lower = t.to_ascii_lowercase();
                    lower.starts_with("update") && !lower.ends_with("sql")
                }) =>
            {
                Reach::Forward
            }
            reach => reach,
        },
        "gradle" | "gradlew" => {
            whole_or_partial(any(&["flywayClean", "dropAll"]), any(&["flywayUndo", "flywayRepair"]))
        }
        "mvn" | "mvnw" => whole_or_partial(
            texts.iter().any(|t| t.ends_with("flyway:clean") || t.ends_with("liquibase:dropAll")),
            texts.iter().any(|t| {
                t.ends_with("flyway:undo")
                    || t.ends_with("flyway:repair")
                    || t.ends_with("liquibase:rollback")
            }),
        ),
        // golang-migrate: `drop`, and `down` with `-all` or no count, undo everything.
        "migrate" => {
            let down = texts.iter().position(|t| *t == "down");
            let counted =
                down.and_then(|at| texts.get(at + 1)).is_some_and(|n| n.parse::<u32>().is_ok_and(|n| n > 0));
            whole_or_partial(has("drop") || down.is_some() && !counted, any(&["down", "force", "goto"]))
        }
        // `schema apply --auto-approve` applies the diff, drops included, unreviewed.
        "atlas" => whole_or_partial(
            has("schema") && has("clean"),
            has("migrate") && has("down") || has("schema") && has("apply") && has("--auto-approve"),
        ),
        "goose" => {
            let to_zero = texts.windows(2).any(|w| w[0] == "down-to" && w[1] == "0");
            whole_or_partial(has("reset") || to_zero, any(&["down", "down-to", "redo"]))
        }
        // `sqitch revert` without `--to` (or `--to @ROOT`) reverts every change.
        "sqitch" => {
            let root = texts.iter().any(|t| t.starts_with("@ROOT") || t.ends_with("=@ROOT"));
            let to = !root && texts.iter().any(|t| t.starts_with("--to") || *t == "--target-change");
            whole_or_partial(has("revert") && !to, any(&["revert", "rebase", "checkout"]))
        }
        "dbmate" => whole_or_partial(has("drop"), any(&["rollback", "down"])),
        // SeaORM's `migrate fresh|refresh|reset` drop every table; `down` undoes some.
        "sea-orm-cli" if has("migrate") => {
            match whole_or_partial(any(&["fresh", "refresh", "reset"]), has("down")) {
                Reach::Nothing if has("up") => Reach::Forward,
                reach => reach,
            }
        }
        "yoyo" | "yoyo-migrate" => {
            match whole_or_partial(has("rollback") && has("--all"), any(&["rollback", "reapply"])) {
                Reach::Nothing if has("apply") => Reach::Forward,
                reach => reach,
            }
        }
        // `skeema push [ENV]` makes the environment's schema the files' (`--allow-unsafe`
        // drops what the files lack); its default environment is `production`.
        "skeema" if has("push") => {
            let env = texts.iter().skip_while(|t| **t != "push").skip(1).find(|t| !t.starts_with('-'));
            if env.is_none_or(|env| crate::shell::production_name(env)) {
                return Some(Hit::new("database.orm-reset", PRODUCTION_MIGRATION));
            }
            if has("--allow-unsafe") { Reach::Partial } else { Reach::Forward }
        }
        // Craft CMS: `db/restore` replaces the database with a backup's contents.
        "craft" if has("db/restore") => {
            return (migration_target(call, args) >= Target::Unknown)
                .then(|| Hit::new("database.load", RESTORE));
        }
        "craft" => whole_or_partial(false, has("migrate/down")),
        _ => Reach::Nothing,
    };
    if reach == Reach::Nothing {
        return None;
    }
    let mut target = migration_target(call, args);
    // The switches a framework asks for before it resets a protected or production database
    // (Rails' `DISABLE_DATABASE_ENVIRONMENT_CHECK=1`, artisan's `--force`) say the default
    // environment may be production; a forward migration's `--force` is a deploy's routine.
    let check_off =
        |text: &str| text.strip_prefix("DISABLE_DATABASE_ENVIRONMENT_CHECK=").is_some_and(|v| v != "0");
    let overridden = texts.iter().any(|t| check_off(t))
        || call
            .command
            .assignments
            .iter()
            .any(|(v, value)| v == "DISABLE_DATABASE_ENVIRONMENT_CHECK" && value.text != "0")
        || tool == "artisan" && has("--force");
    if overridden && target == Target::Unnamed && reach != Reach::Forward {
        target = Target::Production;
    } else if tool == "mix" && target == Target::Unnamed {
        // Without `MIX_ENV`, mix runs in `dev`, whose database is the developer's own.
        target = Target::Safe;
    }
    match reach {
        Reach::Whole => (target != Target::Safe
            && !(target == Target::Unnamed && develops_by_default(tool) && configured_locally(call)))
        .then(|| Hit::new("database.orm-reset", ORM_RESET)),
        Reach::Partial => (target >= Target::Unknown).then(|| Hit::new("database.orm-reset", ORM_ROLLBACK)),
        Reach::Forward => {
            (target == Target::Production).then(|| Hit::new("database.orm-reset", PRODUCTION_MIGRATION))
        }
        Reach::Nothing => None,
    }
}

/// Whether a migration tool works on its development environment when nothing names another:
/// Rails (`RAILS_ENV`), Laravel and Symfony (`APP_ENV` from `.env`), Django (its settings
/// module), Prisma, Diesel and SQLx (`DATABASE_URL` from `.env`), EF Core (`dotnet ef`'s
/// `Development`), Ecto (`MIX_ENV=dev`), Sequelize and Knex (`development`): for these the
/// project's `.env` says which database the default is.
fn develops_by_default(tool: &str) -> bool {
    matches!(
        tool,
        "rails"
            | "artisan"
            | "console"
            | "manage.py"
            | "django-admin"
            | "prisma"
            | "diesel"
            | "sqlx"
            | "dotnet"
            | "mix"
            | "sequelize"
            | "sequelize-cli"
            | "knex"
    )
}

/// Whether the project's `.env` (or `.env.local`), where the command runs, points the app's
/// database at this machine or a development one (`DATABASE_URL=postgres://localhost/app_dev`,
/// `DB_HOST=127.0.0.1`) and nowhere else. Nothing named (no file, no setting), a directory not
/// known or named for production, or any setting that points elsewhere is not: a reset then
/// empties a database the guard cannot see, as `DROP` on a development database asks.
fn configured_locally(call: &Call) -> bool {
    let dir = match &call.command.cwd {
        None => call.ctx.cwd.clone(),
        Some(dir) if !dir.dynamic && call.ctx.cwd_known => call.ctx.cwd.join(&dir.text),
        Some(_) => return false,
    };
    if call.command.cwd.as_ref().is_some_and(|dir| super::production_name(&dir.text)) {
        return false;
    }
    let mut named = Vec::new();
    for file in [".env", ".env.local"] {
        let Ok(text) = std::fs::read_to_string(dir.join(file)) else { continue };
        for line in text.lines() {
            let line = line.trim().trim_start_matches("export ").trim_start();
            let Some((variable, value)) = line.split_once('=') else { continue };
            let value = value.trim().trim_matches(['"', '\'']);
            named.push(match variable.trim() {
                "DB_HOST" | "DATABASE_HOST" | "PGHOST" | "MYSQL_HOST" => {
                    target_of(&format!("host={value}"), false, true)
                }
                v if v.ends_with("DATABASE_URL") || v == "DB_URL" => target_of(value, false, true),
                "APP_ENV" | "RAILS_ENV" | "NODE_ENV" => target_of(value, false, false),
                _ => continue,
            });
        }
    }
    !named.is_empty() && named.iter().all(|target| *target == Target::Safe)
}

/// The database a migration command works on, as far as the line says; the worst of what
/// it names wins (a test environment with a remote `DATABASE_URL` is remote).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Target {
    /// Nothing named, or a name that says neither way (`staging`, `alembic.ini`).
    Unnamed,
    /// A test, development or local environment, or a server on this machine or a SQLite file.
    Safe,
    /// Named at run time (`"$DATABASE_URL"`, `--env "$ENV"`).
    Unknown,
    /// A server elsewhere.
    Remote,
    Production,
}

/// The target a migrator is told by its environment (`RAILS_ENV=test`, `MIX_ENV=prod`,
/// `--env=production`, `-environment=production`, `--target prod`, `--settings=app.settings.test`,
/// a config file `conf/prod.conf`), its connection string (`DATABASE_URL`, `--url`,
/// `-database`, `-u`, a DSN operand), set on the command or exported before it on the line.
fn migration_target(call: &Call, args: &[crate::shell::Word]) -> Target {
    const VARIABLES: &[&str] = &[
        "RAILS_ENV",
        "RACK_ENV",
        "APP_ENV",
        "MIX_ENV",
        "NODE_ENV",
        "FLASK_ENV",
        "DJANGO_SETTINGS_MODULE",
        "FLYWAY_ENVIRONMENT",
        "ATLAS_ENV",
        "SQITCH_TARGET",
        "CRAFT_ENVIRONMENT",
        "ASPNETCORE_ENVIRONMENT",
        "DOTNET_ENVIRONMENT",
    ];
    const OPTIONS: &[&str] = &[
        "-e",
        "--env",
        "-env",
        "--environment",
        "-environment",
        "with-profile",
        "--endpoint",
        "--target",
        "--stage",
        "--settings",
        "-c",
        "--config",
        "-configFiles",
        "--defaults-file",
        "--defaultsFile",
        "-u",
        "-url",
        "--url",
        "-database",
        "--database",
        "--database-url",
        "--db-url",
        "--dsn",
        "--connection",
        // TypeORM's data source file (`-d src/prod-datasource.ts`).
        "-d",
        "--dataSource",
        "--datasource",
    ];
    let connection_variable = |variable: &str| {
        variable.ends_with("DATABASE_URL")
            || variable.ends_with("_DSN")
            || variable.ends_with("DBSTRING")
            || matches!(variable, "DB_URL" | "FLYWAY_URL" | "LIQUIBASE_COMMAND_URL")
    };
    let commands = &call.analysis.commands[..call.index.min(call.analysis.commands.len())];
    let exported = commands.iter().filter(|c| c.name() == Some("export")).flat_map(|c| c.args());
    let mut worst = Target::Unnamed;
    let mut note = |found: Target| worst = worst.max(found);
    // `source .env.production && rails db:drop`, `export PGHOST=prod-db… && …`.
    if super::selected_production(call.command) || super::runner_production(&call.command.via) {
        note(Target::Production);
    } else if super::runs_elsewhere(&call.command.via) {
        note(Target::Remote);
    } else if call
        .command
        .selected
        .as_ref()
        .is_some_and(|target| super::local_target(&target.text) || super::disposable_target(&target.text))
    {
        // `source .env.test && …`, `sops exec-env secrets/dev.enc.yaml '…'`,
        // `export PGHOST=localhost && …`.
        note(Target::Safe);
    }
    for (variable, value) in call.command.assignments.iter().map(|(v, value)| (v.as_str(), value)) {
        if VARIABLES.contains(&variable) || connection_variable(variable) {
            note(target_of(&value.text, value.dynamic, connection_variable(variable)));
        }
    }
    for word in exported.chain(args) {
        match word.text.split_once('=') {
            Some((variable, value))
                if VARIABLES.contains(&variable)
                    || connection_variable(variable)
                    || OPTIONS.contains(&variable) =>
            {
                note(target_of(value, word.dynamic, connection_variable(variable)));
            }
            // A connection string given as an operand (`goose postgres "$DSN" down`).
            _ if !word.text.starts_with('-') && connection_string(&word.text, word.dynamic) => {
                note(target_of(&word.text, word.dynamic, true));
            }
            _ => {}
        }
    }
    for pair in args.windows(2) {
        if OPTIONS.contains(&pair[0].text.as_str()) {
            note(target_of(&pair[1].text, pair[1].dynamic, false));
        }
    }
    worst
}

/// Whether a word is a connection string: a URL, a `host=` DSN, or a variable named for one.
fn connection_string(text: &str, dynamic: bool) -> bool {
    if dynamic {
        let upper = text.to_ascii_uppercase();
        return ["URL", "DSN", "DATABASE", "DB"].iter().any(|part| upper.contains(part));
    }
    text.contains("://") || text.starts_with("jdbc:") || text.contains("host=")
}

/// What one environment name, config file or connection string names.
fn target_of(value: &str, dynamic: bool, connection: bool) -> Target {
    let lower = value.to_ascii_lowercase();
    if dynamic {
        return if lower.contains("prod") { Target::Production } else { Target::Unknown };
    }
    let production = lower.contains("prod") || lower == "live";
    if connection || connection_string(&lower, false) {
        let file = |path: &str| [".db", ".sqlite", ".sqlite3"].iter().any(|end| path.ends_with(end));
        if lower.starts_with("sqlite")
            || lower.starts_with("jdbc:sqlite")
            || lower.starts_with("file:")
            || file(&lower)
        {
            return Target::Safe;
        }
        let host = match lower.split_once("://") {
            Some((_, rest)) => {
                let authority = rest.split(['/', '?']).next().unwrap_or(rest);
                let host = authority.rsplit('@').next().unwrap_or(authority);
                host.rsplit_once(':').map_or(host, |(h, _)| h)
            }
            None => lower
                .split_once("host=")
                .map_or("", |(_, rest)| rest.split([' ', ';']).next().unwrap_or(rest)),
        };
        return if matches!(host, "" | "localhost" | "::1" | "[::1]")
            || host.starts_with("127.")
            || host.starts_with('/')
        {
            Target::Safe
        } else if production {
            Target::Production
        } else if host.contains('.') {
            Target::Remote
        } else {
            // A bare name (`db`, `postgres`) is a development container's service.
            Target::Unnamed
        };
    }
    let last = lower.rsplit(['.', '/', ':']).next().unwrap_or_default();
    // A config file or environment named disposable (`conf/dev.conf`, `-e test`, `sandbox`).
    if matches!(
        last,
        "test" | "testing" | "tests" | "test_settings" | "settings_test" | "dev" | "development" | "local"
    ) || matches!(lower.as_str(), "test" | "dev" | "development" | "local")
        || super::disposable_target(value)
    {
        Target::Safe
    } else if production {
        Target::Production
    } else {
        Target::Unnamed
    }
}

const COPY_PROGRAM: &str = "`COPY … PROGRAM` runs a shell command on the database server, as the database's user. Ask the user to run it.";
const UNREAD_INPUT: &str = "This loads statements the guard cannot read (a dump drops each table it recreates) into a server other than this machine's. Show the user what the file holds, or ask the user to run it.";
const CONTENT_IMPORT: &str = "This imports content over a live dataset or environment, which the site serves at once; `--replace` overwrites documents that already exist. Import into a development dataset or environment, or ask the user.";
const RESTORE: &str = "This restore drops what the database holds before loading the dump (`--clean`, `--drop`), so whatever changed since the dump is lost. Restore into a scratch database, or ask the user.";
const DOCUMENTS_DELETE: &str = "This query deletes documents or collections of a production database. Show the user the query and what it matches, or ask them to run it.";
const SESSIONS: &str = "This ends the server's sessions (every one a query lists), drops a replica's slot, unlinks large objects or rewrites the server's configuration (`ALTER SYSTEM`). Ask the user to run it.";
const SERVER_STOP: &str = "This stops or crashes the server (`SHUTDOWN NOSAVE` loses what it had not saved) or takes a member out of its cluster. Ask the user to run it.";
/// `redis-cli`'s options and the variables naming its server.
// `--cluster call HOST:PORT CMD` runs CMD on every node of HOST's cluster.
const REDIS_OPTIONS: &[&str] = &["-h", "-u", "--uri", "call"];
/// redis-cli's options that take a value, before the command it sends.
const REDIS_VALUED: &[&str] =
    &["-h", "-p", "-s", "-a", "-u", "-n", "-r", "-i", "-d", "--user", "--pass", "--uri"];
const SCHEMA_RECREATE: &str = "Hibernate's `ddl-auto=create|create-drop` drops every table of the production database the profile selects, and their data with them. Use `validate`, or ask the user to run it.";
const KEYS_DELETE: &str = "This deletes keys of a production server, or sets them to expire: the jobs, sessions or data they held are gone. Ask the user to run it.";
const REDIS_VARIABLES: &[&str] = &["REDIS_URL", "REDIS_HOST", "REDISCLI_URL"];
const ACCESS: &str = "This changes who may connect or what they may do (`REVOKE ALL`, a role's password or superuser flag, a grant to `PUBLIC`): the apps using the role lose their access, or everyone gains it. Ask the user to run it.";
const QUEUE_DELETE: &str = "This deletes or purges queues, streams, topics, keys or an index of a server elsewhere, and what they held is gone for every consumer. Ask the user to run it.";
const QUEUE_STOP: &str = "This stops, resets or reconfigures a server elsewhere (its node, its persistence, its consumers' positions), which its users feel at once. Ask the user to run it.";
const CACHE_CLEAR: &str = "This empties a production cache or job queue from the app's code: the jobs are lost, and the cold cache loads the database. Ask the user to run it.";
const REPLICA: &str = "`REPLICAOF host port` makes the server a copy of another: its own keys are deleted. Ask the user to run it.";
const KAFKA_DELETE: &str = "This deletes topics or their records (a retention cut to nothing purges them), and the messages are gone for every consumer. Ask the user to run it.";
const KAFKA_OFFSETS: &str = "This moves or deletes a consumer group's committed offsets: its consumers skip or replay messages. Run it without `--execute` to preview, or ask the user.";
const SNAPSHOTS: &str =
    "`nodetool clearsnapshot` deletes the node's snapshots, which are its backups. Ask the user to run it.";
const BUCKET: &str =
    "This deletes or empties a bucket, with every document it holds. Ask the user to run it.";
const HDFS_FORMAT: &str = "`hdfs namenode -format` erases the file system's metadata: every file of the cluster is lost. Ask the user to run it.";
const VAULT_REVOKE: &str = "This revokes tokens or leases (with `-prefix` every one under it): the services using them lose their credentials at once. Ask the user to run it.";
const VAULT_POLICY: &str = "Every Vault token holds the `default` policy: rewriting it changes what everyone may do. Ask the user to do it.";
const CLUSTER_MEMBER: &str = "This seals the server or takes a member out of its cluster, which can cost the cluster its quorum or its data's replicas. Ask the user to run it.";
const SERVER_FILES: &str = "This makes the Redis server write its data to a file of your choosing, or load code into it. Ask the user to run it.";
const DRUSH_RESET: &str = "This empties a Drupal site's database (`sql-drop`, `site:install`, `env:wipe`), its content and users with it. Ask the user to run it.";
const DRUSH_LIVE: &str = "This changes a production Drupal site (its modules, configuration, content or users, or runs PHP in it), with its visitors watching. Make the change on a local or staging copy and ask the user to deploy it.";
const DRUSH_SYNC: &str = "This writes over a production site's database with another's (or opens its SQL shell), so what its users wrote since is lost. Pull production's down instead, or ask the user.";
const DROP: &str = "This drops a database, schema or table, and its data with it. Drop a scratch copy, take a backup first, or ask the user to run it.";
const BULK_DELETE: &str = "This deletes every row a query matches through the app's console on production's data. Show the user the query and how many rows it matches, or ask them to run it.";
const CYPHER_DELETE: &str = "This Cypher query deletes every node it matches (no `WHERE`) on a server other than this machine's. Match the nodes you mean, or ask the user to run it.";
const CACHE_FLUSH: &str = "This flushes (or bans) every entry of a cache server other than this machine's, so the next requests all fall through to the origin at once. Purge the keys you mean, or ask the user to run it.";
const QUEUE_WRITE: &str = "This writes messages or documents into a production topic or index, where the services reading it act on them at once. Write into a development target, or ask the user to run it.";
const CURATOR: &str = "This Curator action deletes or closes indices or snapshots on the cluster its configuration names. Show the user the action file, or ask them to run it.";
const TRUNCATE: &str =
    "`TRUNCATE` empties a whole table. Delete the rows you mean with a `WHERE`, or ask the user to run it.";
const DELETE_ALL: &str = "`DELETE` without a `WHERE` removes every row of the table. Add the `WHERE` that selects the rows you mean, or ask the user.";
const UPDATE_ALL: &str = "`UPDATE` without a `WHERE` rewrites every row of the table. Add the `WHERE` that selects the rows you mean, or ask the user.";
const FLUSH: &str =
    "`FLUSHALL`/`FLUSHDB` deletes every key. Delete the keys you mean, or ask the user to run it.";
const ETCD_DELETE_ALL: &str = "`etcdctl del` with `--prefix`/`--from-key` and an empty or root key deletes every key of the store. Delete the keys you mean, or ask the user to run it.";
const CONSUL_DELETE_ALL: &str = "`consul kv delete -recurse` with no key (or the root) deletes every key of the store. Delete the keys you mean, or ask the user to run it.";
const INFLUX_DELETE: &str = "`influx delete` without a `--predicate` deletes every point of the bucket in the time range. Add the predicate that selects the series you mean, or ask the user.";
const BQ_RM: &str = "`bq rm` deletes a BigQuery dataset or table, and its data with it (`-r` every table of the dataset). Ask the user to run it.";
const DBT_DROP: &str =
    "This runs a dbt macro that drops or empties schemas or tables in the target. Ask the user to run it.";
const DBT_FULL_REFRESH: &str = "`--full-refresh` against the production target drops and rebuilds its incremental models and seeds, and the history they held is lost when the sources no longer have it. Run it against a development target, or ask the user.";
const AIRFLOW_RESET: &str = "`airflow db reset` drops and recreates Airflow's metadata database: every DAG run, task history, connection and variable. Ask the user to run it.";
const AIRFLOW_CLEAN: &str = "This deletes or overwrites what Airflow's database holds (run history purged, task runs cleared to run again, connections, variables, pools or users deleted or replaced). Ask the user to run it.";
const BQ_OVERWRITE: &str = "`bq cp -f` and `bq load --replace` write over the destination table: its rows are replaced. Copy or load into a new table, or ask the user to run it.";
const AIRFLOW_DAG_DELETE: &str = "`airflow dags delete` deletes every record of the DAG (its runs and task history) from Airflow's database. Ask the user to run it.";
const PRODUCTION_MIGRATION: &str = "This changes the schema of the production database, and a migration can drop columns and tables with their data. Ask the user to run it.";
const ORM_ROLLBACK: &str = "This rolls back or rewrites migrations on a production or remote database (or one named only at run time): the tables and columns they made are dropped with their data. Run it against a development database, or ask the user.";
const SECRETS_REVEAL: &str = "This decrypts and prints the production vault's secrets where the agent reads them. Ask the user to look them up.";
const ORM_RESET: &str =
    "This drops or empties the database behind the app. Run it against a scratch database, or ask the user.";

#[cfg(test)]
mod tests {
    use crate::policy::PackSettings;
    use crate::rules::testing::ctx;
    use crate::rules::testing::evaluate_in;
    use crate::shell::{Dialect, analyse};

    /// SQL from files is read where the command runs: `-f`, `-i`, `--queries-file` and `<`.
    #[test]
    fn sql_files_are_read() {
        let dir = crate::scratch::Scratch::new("sql-files");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("drop.sql"), "-- reset\nDROP TABLE users;\n").unwrap();
        std::fs::write(dir.join("report.sql"), "SELECT count(*) FROM users WHERE active;\n").unwrap();
        let mut here = ctx();
        here.cwd = dir.to_path_buf();
        let rule = |line: &str| {
            evaluate_in(&analyse(line, Dialect::Posix), &here, &PackSettings::default())
                .map(|finding| finding.rule)
        };
        for line in [
            "psql -f drop.sql",
            "psql app --file=drop.sql",
            "sqlcmd -i drop.sql",
            "psql app < drop.sql",
            "mysql app < drop.sql",
        ] {
            assert_eq!(rule(line), Some("database.drop"), "{line}");
        }
        for line in ["psql -f report.sql", "psql app < report.sql", "psql -f missing.sql", "cat drop.sql"] {
            assert_eq!(rule(line), None, "{line}");
        }
    }

    /// A reset that names no database passes only where the project's `.env` points the app at
    /// this machine or a development database, and at nothing else.
    #[test]
    fn an_unnamed_reset_reads_the_project_env_file() {
        let reset = |dotenv: Option<&str>| {
            let dir = crate::scratch::Scratch::new("reset-dotenv");
            std::fs::create_dir_all(&dir).unwrap();
            if let Some(text) = dotenv {
                std::fs::write(dir.join(".env"), text).unwrap();
            }
            let mut here = ctx();
            here.cwd = dir.to_path_buf();
            ["npx prisma migrate reset --force", "bin/rails db:drop", "python manage.py flush --noinput"].map(
                |line| {
                    evaluate_in(&analyse(line, Dialect::Posix), &here, &PackSettings::default())
                        .map(|finding| finding.rule)
                },
            )
        };
        let asks = [Some("database.orm-reset"); 3];
        assert_eq!(reset(None), asks, "nothing names the database");
        assert_eq!(reset(Some("PORT=3000\n")), asks, "no database setting");
        assert_eq!(reset(Some("DATABASE_URL=postgres://db.acme.io/app\n")), asks);
        assert_eq!(reset(Some("DATABASE_URL=postgres://localhost/app\nDB_HOST=10.0.3.7\n")), asks);
        assert_eq!(reset(Some("DATABASE_URL=\"postgres://localhost:5432/app_dev\"\n")), [None; 3]);
        assert_eq!(reset(Some("export DB_HOST=127.0.0.1\nRAILS_ENV=development\n")), [None; 3]);
    }
}
