//! Every built-in pack and rule id with one line of what it catches, for `rules` (so that a
//! user can find what to switch off) and for the test that keeps this list whole.

use super::Pack;

/// One pack: what it catches, and its rules.
pub struct PackInfo {
    pub pack: Pack,
    pub catches: &'static str,
    pub rules: &'static [(&'static str, &'static str)],
}

pub const CATALOGUE: &[PackInfo] = &[
    PackInfo {
        pack: Pack::Rm,
        catches: "recursive deletes whose targets leave the project or cannot be known",
        rules: &[
            ("rm.root", "the file system root"),
            (
                "rm.home",
                "the home directory; asks: a recursive delete of a `~` left unexpanded (quoted, or out of an expansion), a directory named `~` here",
            ),
            ("rm.outside-project", "a path outside the project and the temp directories"),
            ("rm.project-root", "the whole project (`.`, `*`, its own path)"),
            ("rm.tracked-files", "every tracked file handed to a delete (`git ls-files | xargs rm -f`)"),
            ("rm.unknown-target", "a target known only at run time"),
            (
                "rm.remote",
                "files deleted or written over on a production machine: `rsync --delete` into a production host's path, `rsync --remove-source-files` of its files, `scp` onto it (`deploy@prod-app-1:/srv/…`; asks)",
            ),
            ("rm.system-file", "a system file or directory"),
            ("rm.all", "any delete, in scope `all`"),
        ],
    },
    PackInfo {
        pack: Pack::Kill,
        catches: "killing every process, init, or processes chosen by name",
        rules: &[
            ("kill.all-processes", "every process (`kill -1`, `kill -9 -1`)"),
            ("kill.init", "process 1"),
            (
                "kill.by-name",
                "`killall`, `pkill` and friends by name (not `killall Finder|Dock|SystemUIServer`, which macOS restarts)",
            ),
            ("kill.stop-process", "PowerShell's `Stop-Process` of everything"),
            ("kill.all", "any kill, in scope `all`"),
        ],
    },
    PackInfo {
        pack: Pack::Dd,
        catches: "`dd` writing to a block device",
        rules: &[("dd.block-device", "`of=` a disk or partition"), ("dd.all", "any `dd`, in scope `all`")],
    },
    PackInfo {
        pack: Pack::Git,
        catches: "git commands that destroy history or uncommitted work",
        rules: &[
            ("git.reset-hard", "`reset --hard`, `reset --merge`"),
            ("git.clean-force", "`clean -f`"),
            ("git.checkout-discard", "`checkout -- .`, forced checkout or switch"),
            ("git.restore-worktree", "`restore` of the work tree"),
            ("git.push-force", "force push without a lease (`hg`/`sl push -f` too)"),
            ("git.push-delete", "deleting remote branches or tags"),
            ("git.push-mirror", "`push --mirror`, `--prune`"),
            ("git.push-force-default", "asks: a force push with a lease onto `main`, `master` or `trunk`"),
            ("git.push-stash", "pushing a stash (asked: it may hold untracked and ignored files)"),
            ("git.stash-clear", "`stash clear`"),
            ("git.stash-drop", "`stash drop`"),
            ("git.branch-force-delete", "`branch -D`"),
            (
                "git.branch-force-move",
                "`branch -f`, `checkout -B`, `switch -C`, `update-ref REF OLD`, forced `fetch`/`pull` into a local branch",
            ),
            ("git.update-ref-delete", "`update-ref -d`; asks: `tag -d` of tags listed at run time"),
            ("git.reflog-expire", "deleting or expiring the reflog"),
            ("git.prune-now", "`gc`/`prune` with `--prune=now`"),
            (
                "git.history-rewrite",
                "`filter-branch`, `filter-repo`, `lfs migrate import|export`, `bfg --delete-files|--replace-text`, `p4 obliterate -y`, `hg strip`, `darcs obliterate`, `bzr uncommit`; asks: `jj abandon` of a revset",
            ),
            ("git.worktree-force-remove", "`worktree remove --force`, `p4 client -d -f`"),
            ("git.submodule-deinit-force", "`submodule deinit --force`"),
            ("git.rm-tree", "`git rm -r` of the whole tree, `git rm -r -f` of a directory"),
        ],
    },
    PackInfo {
        pack: Pack::Disk,
        catches: "formatting and partitioning disks, writing to block devices, shutting down, and taking the running system's file systems, firewall or network away",
        rules: &[
            ("disk.mkfs", "`mkfs` of a device"),
            ("disk.format", "formatting a volume; `wsl --unregister`, a WSL distribution's disk deleted"),
            (
                "disk.partition",
                "partition tools and wiping signatures on a device; `fastboot erase|format|flash|-w` of a connected Android device (asks)",
            ),
            ("disk.block-device-write", "a redirection or copy onto a block device"),
            (
                "disk.shutdown",
                "shutdown, reboot, halt, SysRq, `kexec -e`, `systemctl isolate|rescue`, logind's PowerOff over D-Bus, `launchctl reboot`, `launchctl bootout system|gui/UID`, `wsl --shutdown|--terminate`",
            ),
            ("disk.sysfs-write", "writes under `/sys` (removing a device or suspending; others ask)"),
            (
                "disk.unmount-system",
                "`umount` of the root or a system file system, `umount -a`, `mount -o remount,ro /`",
            ),
            (
                "disk.firewall",
                "flushing or deleting the firewall's rules, setting its policy, opening it (`ufw allow`, `ufw default allow`, `iptables -I INPUT -j ACCEPT`, `firewall-cmd --add-port|--add-service|--add-source|--set-default-zone=trusted`, `--remove-service=ssh`), firewalld's panic mode, stopping its service, macOS's `socketfilterfw --setglobalstate off` (asks)",
            ),
            (
                "disk.network-down",
                "taking a network link, address, the default route or the network service down (asks)",
            ),
            ("disk.remote-lockout", "stopping the SSH server (asks)"),
            (
                "disk.remote-service",
                "stopping, disabling, masking or restarting a service on another machine, or killing its processes by name: `ssh host systemctl stop nginx`, `ssh host pkill -9 postgres`, `service X stop`, `launchctl unload`, `Stop-Service`, `sc stop` under `ssh`, `mosh`, `tsh ssh`, a cloud's run-command, `pdsh`, `salt`, `ansible` (asks)",
            ),
            (
                "disk.remote-access",
                "`systemsetup -setremotelogin on`, `kickstart -activate`, `networksetup -setwebproxy|-setsecurewebproxy|-setautoproxyurl|-setdnsservers`: remote access on, or the machine's traffic through another server (asks)",
            ),
            (
                "disk.keychain-delete",
                "`security delete-generic-password|delete-internet-password|delete-identity|delete-keychain`: saved passwords or a keychain deleted",
            ),
            ("disk.boot-entry", "`efibootmgr -B`: deleting a firmware boot entry; `bcdedit /set|/delete`"),
            (
                "disk.recovery-delete",
                "`vssadmin delete shadows`, `wmic shadowcopy delete`, `wbadmin delete`, `cipher /w:`: Windows' recovery copies or deleted files' remains wiped",
            ),
            (
                "disk.kernel-module",
                "`rmmod`, `modprobe -r`, `insmod`, `modprobe`, `kextload`/`kldload`/`kmutil load` of a module outside the system's: unloading or loading a kernel module (asks)",
            ),
            (
                "disk.kernel-setting",
                "`sysctl -w`, `sysctl KEY=VALUE`, `sysctl -p`, `setenforce 0`: the running kernel's settings (asks)",
            ),
            (
                "disk.security-off",
                "`spctl --master-disable`, `csrutil disable`, `tccutil reset`, `xattr -d com.apple.quarantine`, `defaults write com.apple.LaunchServices LSQuarantine false`, `launchctl bootout|unload|disable` of an Apple service, `fdesetup disable`, `nvram boot-args=…`, `profiles install|remove`, `security add-trusted-cert`, `security authorizationdb write`, Gatekeeper's re-arming or the automatic security updates off, `xcode-select --switch` outside `/Applications`, `systemctl stop|disable auditd|apparmor|fail2ban`, `snap install --devmode`, `flatpak override --filesystem=host|home`: security controls off (asks)",
            ),
            (
                "disk.backups",
                "`tmutil delete|deletelocalsnapshots`: Time Machine's backups deleted; `tmutil disable` asks",
            ),
            (
                "disk.remount-system",
                "`mount -o remount,rw /`: remounting the root or a system file system (asks)",
            ),
            (
                "disk.package-remove",
                "an Android app's data cleared or the app removed (`pm clear|uninstall`, `adb uninstall`), `apt purge|remove`, `dpkg -r|-P`, `dnf remove`, `pacman -R`, `apk del`, `snap remove`, `pkg delete`, a whole profile or environment (`nix-env -e '.*'`, `nix profile remove --all`, `conda remove --all`, `flatpak uninstall --all`), a profile's old generations (`nix-collect-garbage -d`, `guix gc --delete-generations`) (asks; forcing an essential package's removal, conda's `base`, `rustup self uninstall`, `ghcup nuke`, `opam switch remove default`, `nix-store --delete --ignore-liveness` are refused; one formula, `brew uninstall NAME`, and a named conda environment pass)",
            ),
            (
                "disk.system-logs",
                "`journalctl --vacuum-*|--rotate`, a log under `/var/log` emptied or written over (`: >`, `truncate`, `cp /dev/null`) (asks)",
            ),
        ],
    },
    PackInfo {
        pack: Pack::Permissions,
        catches: "ownership and mode changes across the system or the home directory",
        rules: &[
            (
                "permissions.recursive-system",
                "recursive `chmod`/`chown` of system paths or the home directory",
            ),
            ("permissions.world-writable-system", "making system paths world-writable"),
            (
                "permissions.setuid",
                "`chmod u+s`/`4755` or `install -m 4755` outside the project, `setcap cap_setuid+ep`",
            ),
            (
                "permissions.remove-execute",
                "execute taken from system programs or directories (`chmod a-x /bin/sh`)",
            ),
            ("permissions.password", "`passwd -d`, `usermod -p`: an account's password removed or set"),
        ],
    },
    PackInfo {
        pack: Pack::RemoteScript,
        catches: "downloaded code run without being saved or read first",
        rules: &[
            (
                "remote-script.pipe-to-shell",
                "`curl … | sh` and its variants, a notebook or job run from a URL (`papermill https://…`, `spark-submit … https://…/job.py`, `UnrealEditor-Cmd -script=https://…`)",
            ),
            (
                "remote-script.registry-redirect",
                "package installs pointed at another index or Go's checksums switched off: `PIP_INDEX_URL=…`, `go env -w GOPROXY=…`, `poetry source add`, `composer config secure-http false`, `dotnet nuget add source`, `winget install --source URL`, `winget source add`, a `.gemrc` source, `conda config --add channels URL`, `flatpak remote-add --no-gpg-verify`, `brew tap OWNER/REPO`, `conan remote add`, `swift package config set-mirror`, `guix pull --url=…`, `RUSTUP_DIST_SERVER=…` (asks)",
            ),
            (
                "remote-script.fetched-arguments",
                "a runner given words a download makes: `cargo run -- $(curl URL)`, `make X=\"$(curl URL)\"`, `npm run x -- $(curl URL)`, `kubectl run … -- sh -c \"$(curl URL)\"` (asks)",
            ),
            (
                "remote-script.editor-extension",
                "`code|cursor|codium|windsurf --install-extension` of a `.vsix` file, a URL, or a marketplace id whose publisher is not a well-known one (`evil.pwn`; `ms-python.python`, `rust-lang.rust-analyzer` pass) (asks)",
            ),
            (
                "remote-script.reverse-shell",
                "a shell on a network socket: `bash -i >& /dev/tcp/…`, `nc -e sh`, `socat … EXEC:sh`",
            ),
        ],
    },
    PackInfo {
        pack: Pack::ForkBomb,
        catches: "a function that runs itself in the background twice",
        rules: &[
            (
                "fork-bomb.bash",
                "`:(){ :|:& };:`, its renamings, `f(){ f & f & }; f`, `while true; do bash & done` (also `while [ 1 ]`, `((1))`, `sleep 0`; a pass that waits a second, `sleep 1`, polls)",
            ),
            ("fork-bomb.interpreter", "interpreter code that forks in a loop: `perl -e 'fork while fork'`"),
        ],
    },
    PackInfo {
        pack: Pack::Guard,
        catches: "the agent taking its own guard apart",
        rules: &[
            (
                "guard.reconfigure",
                "a hook binary's `install`, `uninstall`, `init`, `trust` or any subcommand but those that only show, `claude config set hooks`, an approval key (`chat.tools.autoApprove`, `yolo`) written into an editor's settings, or a sentence telling an agent to ignore or bypass the hooks written into its instruction file (`CLAUDE.md`, `AGENTS.md`; asks)",
            ),
            ("guard.policy-not-a-file", "a FIFO, device or link to one where a policy file is read"),
            (
                "guard.replace-binary",
                "`cargo install`, `pip install --user`, `npm i -g` … of a package named after a hook binary or agent-hooks",
            ),
            (
                "guard.uninstall",
                "`pip|pipx|cargo|gem uninstall`, `npm|pnpm|yarn remove`, `brew|port|scoop|choco|winget|mise|asdf uninstall`, `nix profile remove` … of a package named after a hook binary or agent-hooks (asks)",
            ),
            (
                "guard.shadow-binary",
                "an alias, shell function or `hash -p` given a hook binary's name (asks)",
            ),
            (
                "guard.approve",
                "`direnv allow`, `mise trust`: another tool's approval of code run at every `cd`; `osascript` keystrokes or clicks through System Events, answering dialogs in the user's place (asks)",
            ),
        ],
    },
    PackInfo {
        pack: Pack::Opaque,
        catches: "code that would run unseen",
        rules: &[
            ("opaque.exec", "a shell, `eval` or runner given text the guard cannot compute"),
            ("opaque.syntax", "a line the guard cannot fully read"),
        ],
    },
    PackInfo {
        pack: Pack::Limit,
        catches: "lines beyond what the guard analyses",
        rules: &[
            ("limit.commands", "more than 10 000 commands"),
            ("limit.nesting", "compound commands nested too deep"),
            ("limit.depth", "text inside text nested too deep"),
            ("limit.size", "a line or expansion larger than the guard reads"),
        ],
    },
    PackInfo {
        pack: Pack::Database,
        catches: "destructive SQL and database resets, by any client, argument, here-doc, pipe or file",
        rules: &[
            (
                "database.drop",
                "`DROP DATABASE|SCHEMA|TABLE|USER`, `ALTER TABLE … DROP COLUMN|CONSTRAINT`, `dropdb`, `dropuser` (not of a local `_test` database), Mongo drops, `influx bucket delete`, `bq rm`, a dbt macro that drops (`dbt run-operation drop_schema`)",
            ),
            ("database.truncate", "`TRUNCATE`"),
            (
                "database.delete-all",
                "`DELETE` without `WHERE` (or with `WHERE 1=1`), `influx delete` without `--predicate`, `bq cp -f`, `bq load --replace`, `airflow dags delete`, `airflow db clean`, `airflow tasks clear`, `airflow connections|variables|pools delete`",
            ),
            ("database.update-all", "`UPDATE` without `WHERE`"),
            (
                "database.flush",
                "`redis-cli FLUSHALL`/`FLUSHDB` on a server elsewhere (also `flushall()` from a client library's one-liner, memcached's `flush_all`), every scanned key deleted, keys deleted or set to expire on a production server (`redis-cli -h redis-prod del queue:default`), `etcdctl del '' --prefix` (any prefix on a production cluster), `consul kv delete -recurse` of the root or on a production server, a production app's cache or job queues cleared (`Rails.cache.clear`)",
            ),
            (
                "database.orm-reset",
                "`prisma migrate reset`, `prisma db push --accept-data-loss`, `drizzle-kit push --force`, `rails db:drop`, `drush sql-drop|site:install`, `terminus env:wipe`, `manage.py flush`, `flyway clean`, `liquibase dropAll`, `goose reset`, a migrator's rollback against a production or remote database (`liquibase rollback-count`, `alembic downgrade`, `flyway undo`), `airflow db reset`, `dbt run --full-refresh` on a production target, `sea-orm-cli migrate fresh`, `yoyo rollback --all`, `sqitch revert --to @ROOT`, `skeema push` to production, `pt-online-schema-change --execute` on a server elsewhere, Hibernate's `ddl-auto=create|create-drop` under a production profile, …",
            ),
            (
                "database.server-files",
                "`redis-cli CONFIG SET dir|dbfilename`, `MODULE LOAD`, PostgreSQL's `COPY … TO|FROM PROGRAM`",
            ),
            (
                "database.load",
                "`pg_restore --clean`, `mongorestore --drop`, `mysqlimport --delete`, `consul snapshot restore`, `drush sql-sync` onto production, a file the guard cannot read loaded into a server elsewhere (`mysql -h db.prod shop < dump.sql`, `redis-cli -h cache.prod < cmds.txt`, `sqlplus admin@prod-ora @drop.sql`, a mongosh script on production, `dgraph live --alpha prod-alpha:9080`), `strapi transfer --to` a remote project",
            ),
            (
                "database.store-delete",
                "Kafka topic, record and offset deletes (`kafka-topics --delete`, `kafka-consumer-groups --reset-offsets --execute`, `retention.ms=1`, `rpk topic delete`), `hdfs namenode -format`, `nodetool clearsnapshot`, `couchbase-cli bucket-delete`, queues, streams and indices purged or deleted on a server elsewhere (`rabbitmqctl purge_queue`, `nats stream purge`, `pulsar-admin topics delete`, `celery purge`, `rq empty`, `algolia indices clear`)",
            ),
            (
                "database.server-admin",
                "`redis-cli SHUTDOWN NOSAVE`/`DEBUG SEGFAULT`, `vault lease revoke -prefix`, `vault token revoke`, `vault policy write default`, `consul|vault operator raft remove-peer`, `nodetool decommission`, a server elsewhere stopped or its persistence turned off (`redis-cli SHUTDOWN`, `CONFIG SET appendonly no`, `rabbitmqctl stop_app|reset`, `nodetool drain`), SQL that changes access (`REVOKE ALL`, `ALTER USER … PASSWORD`, `GRANT … TO PUBLIC`) on a server elsewhere",
            ),
        ],
    },
    PackInfo {
        pack: Pack::Kubernetes,
        catches: "cluster-wide deletes, drains and prunes",
        rules: &[
            ("kubernetes.delete-namespace", "deleting a namespace or project"),
            ("kubernetes.delete-node", "deleting a node"),
            (
                "kubernetes.delete-volume",
                "deleting persistent volumes or claims, or setting a volume's reclaim policy to `Delete`",
            ),
            ("kubernetes.delete-crd", "deleting custom resource definitions"),
            (
                "kubernetes.delete-workload",
                "deleting a deployment, statefulset, daemonset, cronjob, service or ingress",
            ),
            (
                "kubernetes.grant",
                "`create clusterrolebinding`, a rolebinding to `cluster-admin`/`admin`, `oc adm policy add-cluster-role-to-user|add-scc-to-user`; asks: a cluster role or its binding deleted",
            ),
            ("kubernetes.delete-all", "`delete --all` or across all namespaces"),
            ("kubernetes.delete-manifest", "`delete -f app.yaml`, `delete -k dir`"),
            ("kubernetes.delete-unknown", "asks: a delete whose kind is known only at run time"),
            ("kubernetes.drain", "`kubectl drain`"),
            (
                "kubernetes.admission-off",
                "asks: deleting a validating or mutating webhook configuration or an admission policy, a namespace's `pod-security.kubernetes.io/enforce` label removed or set to `privileged`",
            ),
            (
                "kubernetes.scale-to-zero",
                "`scale --all --replicas=0`; a workload scaled (or patched) to zero replicas on a production context or namespace",
            ),
            ("kubernetes.apply-prune", "`kubectl apply --prune`, `argocd app sync --prune`"),
            ("kubernetes.helm-uninstall", "`helm uninstall`, `helmfile destroy`"),
            (
                "kubernetes.schedule",
                "asks: `kubectl create cronjob`, a job that runs on the cluster after the task",
            ),
            (
                "kubernetes.replace-force",
                "`kubectl replace --force`, `helm rollback|upgrade --force`, `argocd app sync --force`",
            ),
            (
                "kubernetes.argocd-delete",
                "`argocd app delete`, `argocd proj delete`, `flux delete`, `flux uninstall`, …",
            ),
            (
                "kubernetes.deploy-production",
                "a production context, namespace or app changed unreviewed: `helm upgrade|install|rollback`, `helmfile sync|apply -e prod`, `kubectl apply|patch|replace|set|edit|label|annotate|rollout undo` (`label ns production istio-injection-`), `argocd app rollback`, `flux suspend --all`, every workload of a kind restarted (`rollout restart deployment -n prod`), a node named for production cordoned (a local cluster's context, `kind-*`, `minikube`, passes)",
            ),
        ],
    },
    PackInfo {
        pack: Pack::Iac,
        catches: "infrastructure as code destroying what it manages",
        rules: &[
            ("iac.destroy", "`terraform`/`tofu`/`pulumi`/`cdk` destroy, `serverless remove`, `sam delete`"),
            ("iac.replace", "`terraform apply -replace=ADDR`; asks: `terraform taint ADDR`"),
            ("iac.state-rm", "removing resources from the state"),
            ("iac.stack-rm", "`pulumi stack rm`"),
            ("iac.workspace-delete", "`terraform workspace delete`"),
            (
                "iac.state-edit",
                "`terraform state push`, `force-unlock`, `pulumi state edit`, `stack import`, `cancel`; asks: `terraform init -backend-config=address=… -migrate-state`",
            ),
            (
                "iac.host-access",
                "asks: ad-hoc `ansible -m authorized_key|cron`, `-m user` into an admin group or with a password, a module writing `authorized_keys` or `sudoers`: standing access on the managed hosts",
            ),
            (
                "iac.apply-unreviewed",
                "`terraform apply -auto-approve` (or `tf`) without a saved plan, a plan saved and applied on one line, `pulumi up --yes`/`--skip-preview`, `cdk deploy --require-approval never`, a production stage or stack deployed by `cdk deploy`, `sam deploy --no-confirm-changeset`, `sam sync`, `serverless deploy`, an apply confirmed on standard input (`echo yes | terraform apply`), `pulumi refresh --yes` of a production stack or with `--clear-pending-creates`",
            ),
        ],
    },
    PackInfo {
        pack: Pack::Cloud,
        catches: "deletes through the cloud CLIs",
        rules: &[
            (
                "cloud.aws-s3-delete",
                "recursive or whole-bucket S3 deletes, `s3 sync --delete`, `s3cmd`/`mc` recursive or forced `rm`/`rb`, one object deleted (`aws s3 rm s3://b/k`, `s3cmd del`, `mc rm`: asks), a lifecycle rule that expires objects, `Remove-S3Bucket`, `Remove-S3Object`",
            ),
            (
                "cloud.aws-delete",
                "`aws … delete-*`/`batch-delete-*`/`terminate-*`/`release-*` (`ec2 release-address`), `schedule-key-deletion`, a production ECS service or auto scaling group scaled to zero, AWS Tools' `Remove-EC2Instance` and other `Remove-<service>*`, an HTTP `DELETE` to `*.amazonaws.com`",
            ),
            (
                "cloud.gcloud-delete",
                "`gcloud … delete`, recursive `gsutil rm`, one object deleted (`gsutil rm gs://b/k`, `gcloud storage rm`: asks), `gsutil rb`, `gsutil rsync -d`, `gcloud storage rsync --delete-unmatched-destination-objects`, `Remove-Gce*`/`Remove-Gcs*`, an HTTP `DELETE` to `*.googleapis.com`",
            ),
            (
                "cloud.az-delete",
                "`az … delete`, `Remove-Az*` (`Remove-AzResourceGroup`), an HTTP `DELETE` to `management.azure.com`",
            ),
            (
                "cloud.doctl-delete",
                "`doctl … delete`; asks: `doctl registry garbage-collection start --include-untagged-manifests`",
            ),
            (
                "cloud.grant",
                "IAM grants: `aws iam attach-*`/`put-*-policy`, `gcloud … add-iam-policy-binding`, `az role assignment create`; asks: `vault policy write` of an admin or root policy or from standard input, a Vault user or role given a `root`/`admin` policy",
            ),
            (
                "cloud.public",
                "public ACLs and bucket policies, ingress or firewall rules from `0.0.0.0/0` (a provider's too: `linode-cli firewalls rules-update`), `allUsers` bindings; asks: a signed link to a private object that lasts more than a day (`aws s3 presign … --expires-in 604800`, `gsutil signurl -d 7d`)",
            ),
            (
                "cloud.protection-off",
                "termination or deletion protection switched off, object versioning suspended, point-in-time recovery or automated backups turned off (`gcloud sql instances patch --no-backup`, `gcloud storage buckets update --clear-retention-period|--no-versioning`), `aws organizations leave-organization`",
            ),
            (
                "cloud.audit-off",
                "audit and detection stopped: `aws cloudtrail stop-logging|delete-trail`, `config stop-configuration-recorder`, `guardduty delete-detector`, `logs put-retention-policy --retention-in-days` under 7, `securityhub disable-security-hub|batch-disable-standards`, `inspector2 disable`, `gcloud logging sinks delete`, `az monitor diagnostic-settings delete`, `vault audit disable`",
            ),
            (
                "cloud.secret-delete",
                "`vault kv delete|destroy|metadata delete`, `doppler secrets delete`, `op item delete`, `infisical secrets delete`, `bw delete`, `gh secret delete`",
            ),
            (
                "cloud.secret-write",
                "asks: `vault kv put|patch`, `doppler secrets set|upload`, `op item edit`, `infisical secrets set`, `bw edit`, `gh secret set`",
            ),
            (
                "cloud.provider-delete",
                "`hcloud`/`linode-cli`/`scw`/`vultr-cli`/`oci` … delete; `hdfs dfs -rm -r`, `databricks fs rm -r`, `databricks workspace delete --recursive`, `databricks schemas|tables|… delete`; asks: `govc snapshot.remove`, `VBoxManage unregistervm --delete`; registry images deleted: `skopeo|crane delete`, `oras manifest delete`, `regctl tag|manifest delete`",
            ),
            (
                "cloud.unknown-destroy",
                "asks: a CLI no pack knows deleting a remote resource by its subcommand words: a destroying verb (`delete`, `destroy`, `drop`, `purge`, `uninstall`, `rb`, `bucket-delete`, `project:delete`) with a resource (`db`, `cluster`, `bucket`, `project`, …) or `--yes`/`--force`/`--all` (`turso db destroy prod --yes`, `eksctl delete cluster`, `kubeadm reset -f`, `salt-key -D`), a bucket's objects deleted by address (`s5cmd rm 's3://b/*'`, `s5cmd sync --delete . s3://b/`), a stage removed that is production's (`sst remove --stage production`), a verb that only destroys given any target (`chamber delete prod-api K`, `lexicon cloudflare delete acme.com A`; a throwaway or local one passes), a CamelCase API action (`aliyun ecs DeleteInstance`, `tccli cvm TerminateInstances`, `netlify api deleteDnsRecord`), a flag switched off in production (`ldcli flags toggle-off --environment production`, `statsig gates update x --enabled false --env production`), an account nuker (`aws-nuke --no-dry-run`, `cloud-nuke aws`), a fleet torn down by config management (`salt '*' state.apply decommission`, `knife exec -E '… n.destroy'`, `bolt task run package action=uninstall`); package managers, local clusters and VMs, version managers and text tools are left out",
            ),
            (
                "cloud.stop",
                "asks: a machine, database, cluster or app stopped, powered off, reset, restarted, suspended or scaled to zero: `gcloud compute instances stop|reset|suspend`, `gcloud sql instances restart`, `aws ec2 stop-instances|reboot-instances`, `aws rds stop-db-instance`, `aws elasticache reboot-cache-cluster`, `az vm stop|deallocate|restart`, `az webapp stop`, `doctl compute droplet-action power-off`, `hcloud server poweroff|reset`, `linode-cli linodes shutdown`, `oci compute instance action --action STOP`, `virsh destroy|shutdown`, `govc vm.power -off`, `eksctl scale nodegroup --nodes 0`, `ipmitool chassis power off`, `racadm serveraction hardreset|powerdown`, `openstack server stop|shelve`, `aws deploy stop-deployment`, `nomad job scale JOB GROUP 0`, `consul leave`, `vault operator step-down`, `gcloud container clusters resize --num-nodes 0`, `az aks nodepool scale --node-count 0`, an EKS node group's `desiredSize=0`, a Bolt task or MCollective action that stops (`mco service nginx stop`); a disposable target (`ci-runner-tmp-1`, `--project acme-sandbox`) passes, as it does for the cloud deletes",
            ),
            (
                "cloud.live-change",
                "asks: a live resource changed so that it is opened, locked or cut off: `aws ec2 revoke-security-group-ingress`, `aws kms disable-key`, `aws elbv2 modify-listener`, `aws route53 change-resource-record-sets` with `UPSERT` or a file, `aws route53domains transfer-domain-to-another-aws-account`, `aws events disable-rule`, `aws cloudfront update-distribution`, `aws ec2 replace-route|replace-network-acl-entry`, `puppetserver ca clean|revoke`, `aws rds modify-db-instance --master-user-password`, `aws lambda update-function-configuration --environment`, `gcloud pubsub subscriptions seek`, `vault auth disable`",
            ),
            (
                "cloud.access",
                "asks: access planted on a machine or account: `gcloud compute … add-metadata` with `startup-script` or `ssh-keys`, `aws ec2 modify-instance-attribute --user-data`, `aws ec2-instance-connect send-ssh-public-key`, `gcloud compute os-login ssh-keys add`, `aws iam create-access-key|create-login-profile`, `oci iam user api-key upload`, `az vm user update`, `hcloud server reset-password`, a Vault user with a password, `ssh-copy-id` to a production host, `aws ec2 run-instances` with user data or more than four instances, a machine created with a startup script or user data (`gcloud compute instances create --metadata startup-script…`, `az vm create --custom-data`, `doctl compute droplet create --user-data-file`, `hcloud server create --user-data-from-file`), an interactive shell in a production container (`aws ecs execute-command --command /bin/sh`), `vault operator generate-root`, and `aws configure set aws_secret_access_key` over this machine's credentials",
            ),
            (
                "cloud.rclone-delete",
                "`rclone purge`/`delete`/`sync` into a remote or a local path outside the project",
            ),
        ],
    },
    PackInfo {
        pack: Pack::Containers,
        catches: "removing every image, volume or container at once",
        rules: &[
            ("containers.prune-all", "`system prune --volumes`, `system reset`"),
            ("containers.volume-delete", "`volume rm`, `volume prune`"),
            ("containers.compose-volumes", "`compose down -v` of a stack named production"),
            ("containers.remove-all", "removing every container or image listed by `ps -a`/`images -q`"),
            (
                "containers.remote-delete",
                "`docker -H ssh://… system prune`, `docker --context prod rm`, `podman --remote volume rm`, `DOCKER_HOST=… docker …`: a delete on a daemon that is not this machine's (asks)",
            ),
            (
                "containers.service-stop",
                "`docker service scale web=0`: a swarm service stopped on its cluster (asks)",
            ),
            (
                "containers.machine-delete",
                "`lxc|incus delete`, `machinectl remove`: a whole machine deleted with its disk (asks)",
            ),
            (
                "containers.restart-always",
                "`run|create|update --restart=always|unless-stopped`: a container kept running across reboots (asks)",
            ),
            (
                "containers.host-access",
                "`--privileged`, `--pid=host`, the host's root or the engine's socket mounted, `nsenter -t 1`, `chroot /`, `kubectl run --privileged` or `--overrides` with a privileged, `hostPath` or `hostPID` spec",
            ),
            (
                "containers.credential-mount",
                "`run|create -v|--mount` of home or its credential stores (`~/.aws`, `~/.ssh`, `~/.kube`, `~/.config/gcloud`, `~/.docker`, `~/.gnupg`, `~/.azure`) (asks)",
            ),
            (
                "containers.unknown-image",
                "`run|create -v \"$PWD\":/w ORG/IMAGE` with no command: a publisher's image whose entrypoint runs over the project mounted writable (asks; an official image or a command given passes)",
            ),
        ],
    },
    PackInfo {
        pack: Pack::Hosting,
        catches: "deleting repositories, releases, refs, apps and packages on hosting services, HTTP `DELETE`s, publishing to public registries",
        rules: &[
            ("hosting.repo-delete", "`gh|glab repo delete`, `hf repo delete`"),
            ("hosting.release-delete", "`gh release delete`"),
            ("hosting.api-delete", "`gh api` with method `DELETE`"),
            (
                "hosting.make-public",
                "`gh repo edit --visibility public`, `gh api` setting `private=false`, `gh gist create --public` (asks), `gh|glab repo create --public`, `hf repo create` without `--private`, `kaggle datasets create --public`",
            ),
            (
                "hosting.data-delete",
                "stored versions of data, models or run artifacts deleted for good: `dvc gc`, `dvc destroy`, `mlflow gc`; a Firebase project's data written over: `firebase auth:import`, `database:set|import`; Salesforce records deleted (`sf data delete`, Apex that deletes); a WordPress database emptied (`wp db reset`, `wp site empty`, a remote `wp search-replace`)",
            ),
            (
                "hosting.app-delete",
                "`vercel remove`, `fly apps destroy`, `heroku apps:destroy`, `firebase …:delete`, `wrangler delete`, `fastlane match nuke`, `gh codespace delete --all`, `sf org logout --all`, …",
            ),
            (
                "hosting.http-delete",
                "an HTTP `DELETE` by `curl -X DELETE`, `http DELETE`, `wget --method=DELETE`, `Invoke-RestMethod -Method Delete`, `stripe … delete`; asks: a service's admin API changed over HTTP (a method other than GET/HEAD/OPTIONS to a path naming settings, config, admin, purge, flush, shutdown: `curl -X PATCH …/zones/Z/settings/ssl`, `curl -X POST …/purge_cache`), `PURGE`, a query that destroys (`?action=UNLOAD&deleteIndex=true`); a server on this machine passes",
            ),
            ("hosting.unpublish", "`npm unpublish`"),
            (
                "hosting.app-stop",
                "a production app taken offline: `fly scale count 0`, `heroku ps:scale web=0`, `heroku maintenance:on`",
            ),
            (
                "hosting.deploy-production",
                "`vercel --prod`, `vercel promote`, `netlify deploy --prod`, `gh workflow run deploy`, a CI run that deploys or destroys started through its API (`curl -X POST …/dispatches -d '{\"event_type\":\"deploy-prod\"}'`, `gh api …/workflows/deploy.yml/dispatches`, Jenkins' `job/deploy-prod/build`), `fly deploy` or `heroku releases:rollback` to a production app; a deploy tool aimed at a production environment (`cf push`, `copilot svc deploy`, `railway up`, `wrangler deploy`, `firebase deploy`, `skaffold run`, `devspace deploy`, `garden deploy`, `tk apply`, `modal deploy`, `databricks bundle deploy`, `waypoint up`, `octo deploy-release`, a Spinnaker or Jenkins deploy job) or a push to a production git remote (`git push production main`); a contract or transaction sent to a live chain (`forge script --broadcast`, `forge create`, `cast send`, `solana transfer`, `anchor deploy`, `truffle migrate`, `hardhat run`, `sui client transfer-sui`, `bitcoin-cli sendtoaddress` off local and test networks); a Shopify store's live theme pushed (`shopify theme push --live`); `sf project deploy start` to production or with destructive changes; a remote WordPress site changed (`wp @production …`); production's traffic moved (`gcloud app services set-traffic --project acme-prod`); a Salt state run on every minion or production's without `test=True` (`salt '*' state.apply`)",
            ),
            (
                "hosting.production-task",
                "asks: a task runner or project script whose target destroys, resets, deploys or migrates, aimed at production by its name, an argument or a variable (`make destroy-prod`, `npm run db:reset -- --env production`, `rake db:drop RAILS_ENV=production`, `./scripts/deploy.sh production`); a deploy tool on a production stage, host list or inventory (`cap production deploy`, `dep deploy production`, `fab -H web.prod.example.com deploy`, `ansible-playbook -i inventories/production site.yml`, `kamal remove -d production`)",
            ),
            (
                "hosting.config-set",
                "an app's settings or secrets changed: `fly secrets set`, `heroku config:set`, `vercel env add|rm`, `wp option update siteurl|home`, `php artisan key:generate --force`, a branch's protection or a repository's rulesets changed through `gh api`; asks: a collaborator or member added through `gh api`",
            ),
            (
                "hosting.publish",
                "publishing to a public registry or changing a package's owners: `cargo publish|yank|owner`, `npm publish`, `twine upload`, `poetry|uv|pdm publish`, `gem push`, `mix hex.publish`, `dotnet nuget push`, `mvn deploy`, `docker push`, `docker build --push`, `skopeo copy … docker://…`, `oras push`, `crane push`, `gh release upload`, `hf upload`, `HfApi().upload_folder` in `python -c`, `kaggle kernels push`, `gradle publish`, `dart|flutter pub publish`, `swift package-registry publish`, `nimble|opam|deno|vsce|lerna publish`, `anaconda|conan|luarocks upload`, `pod trunk push`, `cabal upload --publish`, `jf rt upload`; a build sent to a store or its testers: `fastlane deliver|pilot upload|upload_to_app_store`, `xcrun altool --upload-app`, `steamcmd +run_app_build`, `butler push`, `codepush release-react`, `eas submit`, `firebase appdistribution:distribute`",
            ),
            (
                "hosting.remote-shell",
                "`heroku run CMD`, `heroku ps:exec`, `fly ssh console [-C CMD]`, `fly machine exec`",
            ),
        ],
    },
    PackInfo {
        pack: Pack::Exfiltration,
        catches: "secrets sent to the network",
        rules: &[
            (
                "exfiltration.environment",
                "`env`, `printenv`, `/proc/*/environ` piped or substituted into a network client",
            ),
            (
                "exfiltration.clipboard",
                "asks: the clipboard (`pbpaste`, `xclip -o`, `wl-paste`) piped or filed into a network client",
            ),
            (
                "exfiltration.computed-destination",
                "asks: a host name or URL built from `$(whoami)`, `$(hostname)`, `$(cat FILE)`, … given to `nslookup`, `dig`, `curl`",
            ),
            (
                "exfiltration.unseen-options",
                "asks: `curl -K <(…)`, `curl -K \"$CFG\"`, `CMD | wget -i -`, `wget --config F`: options or URLs from text the guard cannot read",
            ),
            (
                "exfiltration.tunnel",
                "asks: `ssh -R`, `ngrok`, `cloudflared tunnel`, `bore local`, `lt --port`, `tailscale funnel`, shared terminals (`tmate`, `upterm host`, `sshx`), `code tunnel`",
            ),
            (
                "exfiltration.agent-forward",
                "asks: `ssh -A`, `ssh -o ForwardAgent=yes` to a host that `~/.ssh/config` and `known_hosts` do not name",
            ),
            (
                "exfiltration.git-redirect",
                "asks: `git config url.X.insteadOf` or `remote.X.pushurl` to another host, `git remote set-url|add` to another host than the current remote's, `http.proxy` that is not this machine",
            ),
            (
                "exfiltration.git-weaken",
                "asks: `git config credential.helper store` (tokens kept in plain text), `safe.directory '*'`, `core.hooksPath` for every repository or to a directory not named as hooks are",
            ),
            (
                "exfiltration.tls-off",
                "asks: certificate checks switched off: `git config http.sslVerify false`, `git -c http.sslVerify=false`, `GIT_SSL_NO_VERIFY=1`, `NODE_TLS_REJECT_UNAUTHORIZED=0`, `PYTHONHTTPSVERIFY=0`, set before a command or exported",
            ),
            (
                "exfiltration.git-history",
                "asks: `git push URL`, a push to a remote the line adds, a `git bundle`, `archive`, `format-patch --stdout` or `fast-export` sent to a network client, `gh repo create OWNER/NAME --source=. --push`, `git daemon`, `git instaweb` without `--local`",
            ),
            (
                "exfiltration.upload",
                "asks: a file or a stream a command reads or dumps sent to another host: `curl -F f=@F`, `-d @F`, `-T F`, `wget --post-file`, `pg_dump | curl -T -`, `pg_dump | aws s3 cp - s3://…` (or a dump file the line wrote, then copied: `pg_dump db > x.sql && aws s3 cp x.sql s3://…`), `elasticdump` of production data to another host, `tar c | ssh h`, `nc h p < F`, `sftp` `put`, `lftp` `put`/`mirror -R`, `croc send`, `wormhole send`, `gh gist create F`, `Invoke-RestMethod -InFile`, the whole project or home synced to a bucket (`aws s3 sync . s3://…`, `az storage blob upload-batch -s .`), DuckDB's `COPY … TO 's3://…'`, `dvc push` to a remote the line adds or moves, `docker login -p …` to a registry that is none of the public ones",
            ),
        ],
    },
    PackInfo {
        pack: Pack::Credentials,
        catches: "stored credentials printed where the agent reads them, or sent to another service",
        rules: &[
            (
                "credentials.print",
                "`gh auth token`, `gcloud auth print-access-token`, `kubectl config view --raw`, `pass show`, `poetry config --show-sensitive`, `firebase functions:config:get`, `mysql --print-defaults`, `redis-cli CONFIG GET requirepass`, SQL reading password hashes (`pg_shadow`, `mysql.user`), the clipboard (`pbpaste`, `xclip -o`, `wl-paste`, `copyq read`, `cliphist list`), `keyctl print`, an Android app's private files (`adb shell run-as PKG cat …`, `adb pull /data/data/…`), a cloud metadata service's role keys or user data (`curl 169.254.169.254/…/security-credentials/R`, `…/latest/user-data`), `s3cmd --dump-config`, a CLI no pack knows whose subcommand words name a credential with a verb that shows or makes it, or none (`doctl auth token`, `pscale password create`, `neonctl connection-string`; asks; listings and `--only-names` pass), …",
            ),
            (
                "credentials.process-memory",
                "asks: `gdb -p`, `lldb -p`, `strace -p`, `ltrace -p`, `perf record -p`, `gcore`, `procdump -p`, `coredumpctl dump|debug`, `kill -SEGV|-ABRT` (a core dump), `bpftrace`, bcc's tools, Windows' logon secrets (`procdump -ma lsass`, `mimikatz`, `reg save HKLM\\SAM`, `ntdsutil … ifm`)",
            ),
            (
                "credentials.send",
                "a secret-named variable or a stored credential in a request to a host that is not its service, or piped into the clipboard or a gist",
            ),
            (
                "credentials.mint",
                "`aws iam create-access-key`, `gcloud … keys create`, `az ad sp credential reset`, `kubectl create token`, `npm token create`, `gh ssh-key add`, `gh repo deploy-key add`, `gh api …/keys -f`, `gh auth refresh -s`, `vault token create`",
            ),
        ],
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rule id the sources can report is listed under its own pack, and every pack is.
    #[test]
    fn the_catalogue_lists_every_pack_and_rule() {
        assert_eq!(CATALOGUE.iter().map(|info| info.pack).collect::<Vec<_>>(), Pack::ALL);
        let listed: Vec<&str> =
            CATALOGUE.iter().flat_map(|info| info.rules.iter().map(|(id, _)| *id)).collect();
        for info in CATALOGUE {
            for (id, _) in info.rules {
                assert!(
                    id.starts_with(&format!("{}.", info.pack.key())),
                    "{id} is not under {}",
                    info.pack.key()
                );
            }
        }
        let sources = [
            include_str!("mod.rs"),
            include_str!("rm.rs"),
            include_str!("kill.rs"),
            include_str!("dd.rs"),
            include_str!("git.rs"),
            include_str!("disk.rs"),
            include_str!("permissions.rs"),
            include_str!("remote_script.rs"),
            include_str!("fork_bomb.rs"),
            include_str!("guard.rs"),
            include_str!("database.rs"),
            include_str!("kubernetes.rs"),
            include_str!("iac.rs"),
            include_str!("cloud.rs"),
            include_str!("containers.rs"),
            include_str!("hosting.rs"),
            include_str!("exfiltration.rs"),
            include_str!("credentials.rs"),
            include_str!("../shell/mod.rs"),
        ];
        let keys: Vec<&str> = Pack::ALL.iter().map(|pack| pack.key()).collect();
        for source in sources {
            let shipped = source.split("#[cfg(test)]").next().unwrap_or_default();
            for quoted in shipped.split('"').skip(1).step_by(2) {
                let is_id = quoted.split_once('.').is_some_and(|(pack, rule)| {
                    keys.contains(&pack)
                        && !rule.is_empty()
                        && rule.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
                });
                if is_id {
                    assert!(listed.contains(&quoted), "rule id `{quoted}` is missing from the catalogue");
                }
            }
        }
    }
}
