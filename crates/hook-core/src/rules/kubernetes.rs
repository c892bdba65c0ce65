//! The `kubernetes` pack: `kubectl` (and OpenShift's `oc`) deleting namespaces, nodes,
//! volumes, custom resource definitions or everything of a kind, draining nodes, applying
//! with `--prune`, `replace --force` (delete and create again), scaling every workload of a kind
//! to zero, a volume's reclaim policy set to `Delete`; `helm uninstall`, `helmfile destroy`; Argo CD
//! and Flux deleting apps (and what they deployed) or syncing with `--prune` or `--force`; and
//! changes to a production cluster (`helm upgrade`, `helmfile sync`, `kubectl apply|patch`, a
//! workload scaled to zero, `argocd app rollback`, `flux suspend --all`, any object but a pod or
//! job deleted, nodes cordoned or tainted). A `NoExecute` taint evicts as a drain does. A local cluster's
//! context (`kind-kind`, `minikube`) passes.

use super::{Call, Hit, operands};

/// kubectl's options that take a value, which is not the verb.
const VALUE_OPTIONS: &[&str] = &[
    "--context",
    "-n",
    "--namespace",
    "--kubeconfig",
    "--cluster",
    "--user",
    "-s",
    "--server",
    "-l",
    "--selector",
    "--as",
    "--token",
    "-o",
    "--output",
    "--field-selector",
    "-f",
    "--filename",
];

/// Resource kinds whose deletion takes much more with it, by every spelling kubectl accepts.
const WIDE_KINDS: &[(&str, &str)] = &[
    ("namespace", "kubernetes.delete-namespace"),
    ("project", "kubernetes.delete-namespace"),
    ("projects", "kubernetes.delete-namespace"),
    ("namespaces", "kubernetes.delete-namespace"),
    ("ns", "kubernetes.delete-namespace"),
    ("node", "kubernetes.delete-node"),
    ("nodes", "kubernetes.delete-node"),
    ("no", "kubernetes.delete-node"),
    ("persistentvolume", "kubernetes.delete-volume"),
    ("persistentvolumes", "kubernetes.delete-volume"),
    ("pv", "kubernetes.delete-volume"),
    ("persistentvolumeclaim", "kubernetes.delete-volume"),
    ("persistentvolumeclaims", "kubernetes.delete-volume"),
    ("pvc", "kubernetes.delete-volume"),
    ("customresourcedefinition", "kubernetes.delete-crd"),
    ("customresourcedefinitions", "kubernetes.delete-crd"),
    ("crd", "kubernetes.delete-crd"),
    ("crds", "kubernetes.delete-crd"),
    // The workloads and what routes to them: deleted, the service is down until someone
    // applies them again (a pod or a job is recreated or disposable, and passes).
    ("deployment", "kubernetes.delete-workload"),
    ("deployments", "kubernetes.delete-workload"),
    ("deploy", "kubernetes.delete-workload"),
    ("statefulset", "kubernetes.delete-workload"),
    ("statefulsets", "kubernetes.delete-workload"),
    ("sts", "kubernetes.delete-workload"),
    ("daemonset", "kubernetes.delete-workload"),
    ("daemonsets", "kubernetes.delete-workload"),
    ("ds", "kubernetes.delete-workload"),
    ("cronjob", "kubernetes.delete-workload"),
    ("cronjobs", "kubernetes.delete-workload"),
    ("cj", "kubernetes.delete-workload"),
    ("service", "kubernetes.delete-workload"),
    ("services", "kubernetes.delete-workload"),
    ("svc", "kubernetes.delete-workload"),
    ("ingress", "kubernetes.delete-workload"),
    ("ingresses", "kubernetes.delete-workload"),
    ("ing", "kubernetes.delete-workload"),
];

pub(super) fn judge(call: &Call) -> Option<Hit> {
    let name = call.name?;
    if !matches!(
        name,
        "kubectl" | "oc" | "kubecolor" | "helm" | "helmfile" | "argocd" | "flux" | "argo" | "talosctl"
    ) && !UNINSTALLERS.contains(&name)
    {
        return None;
    }
    // A disposable namespace or context (`-n dev`, `--context kind-dev`) is the user's to
    // break, weighed where every pack's hits are ([`super::disposable_scope`]); a whole
    // namespace, a node, a definition or every namespace (`-A`) is the cluster's.
    judge_named(call, name)
}

/// [`judge`] of a command this pack is about, out of line so that an allowed call runs only
/// the name check above (ARCHITECTURE.md, "Start-up").
#[inline(never)]
fn judge_named(call: &Call, name: &str) -> Option<Hit> {
    let args: Vec<&str> = call.args().iter().map(|a| a.text.as_str()).collect();
    // The manual runs nothing (`helm uninstall --help`); after `--` the words are a command's.
    if args.iter().take_while(|a| **a != "--").any(|a| matches!(*a, "-h" | "--help")) {
        return None;
    }
    // `--dry-run`, `--dry-run=client|server` only show what would change; `--dry-run=none`
    // (or `=false`) runs it.
    let dry_run = args
        .iter()
        .any(|a| matches!(*a, "--dry-run" | "--dry-run=client" | "--dry-run=server" | "--dry-run=true"));
    // A cluster on this machine (`--kube-context kind-kind`, `--context minikube`, or
    // `kubectl config use-context kind-dev && …` earlier on the line) is the user's to break.
    let context = super::context_value(call.args());
    if context.is_some_and(super::local_target) || context.is_none() && super::selected_local(call.command) {
        return None;
    }
    let force = args.iter().any(|a| matches!(*a, "--force" | "--force=true"));
    // `az aks command invoke -g prod -n aks-prod --command 'kubectl …'`: the runner names it.
    let production = || {
        super::production_target(call.args())
            || super::selected_production(call.command)
            || super::runner_production(&call.command.via)
    };
    match name {
        _ if dry_run && name != "argocd" => None,
        // `kubectl run --privileged`, or `--overrides` whose spec runs privileged, mounts a node
        // path or shares the node's namespaces: a pod with the node itself, as `docker run
        // --privileged` is.
        "kubectl" | "oc" | "kubecolor"
            if operands(call.args(), VALUE_OPTIONS).next() == Some("run")
                && call.args().iter().enumerate().any(|(at, a)| {
                    let text = a.text.as_str();
                    matches!(text, "--privileged" | "--privileged=true")
                        || text.strip_prefix("--overrides=").is_some_and(crate::shell::on_host)
                        || text == "--overrides"
                            && call.args().get(at + 1).is_some_and(|v| crate::shell::on_host(&v.text))
                }) =>
        {
            Some(Hit::new("containers.host-access", NODE_POD))
        }
        // The uninstall scripts of k3s and RKE2 delete the cluster of this node, its data with it.
        _ if UNINSTALLERS.contains(&name) => Some(Hit::new("kubernetes.delete-node", UNINSTALL)),
        // `talosctl reset` wipes a node; `shutdown`, `reboot` and `upgrade` take it down.
        "talosctl" => {
            let verb = operands(call.args(), TALOS_VALUE_OPTIONS).next()?;
            match verb {
                "reset" => Some(Hit::new("kubernetes.delete-node", TALOS_RESET)),
                "shutdown" | "reboot" | "upgrade" | "upgrade-k8s" => {
                    Some(Hit::ask("kubernetes.drain", TALOS_DOWN))
                }
                _ => None,
            }
        }
        "kubectl" | "oc" | "kubecolor" => {
            let mut words: Vec<&str> = operands(call.args(), VALUE_OPTIONS).collect();
            // OpenShift's administrator verbs (`oc adm drain`, `oc adm cordon`) are kubectl's.
            if name == "oc" && words.first() == Some(&"adm") {
                words.remove(0);
            }
            kubectl(&args, &words)
                .or_else(|| unknown_kind_deleted(call, &words))
                .or_else(|| gitops_deleted(&words))
                .or_else(|| exposed_forward(&args, &words))
                .or_else(|| production_copy(&words, production()))
                .or_else(|| {
                    // A node named for production (`cordon gke-prod-pool-1-abc`).
                    let node = || {
                        matches!(words.first(), Some(&("cordon" | "taint" | "drain")))
                            && words
                                .iter()
                                .skip(1)
                                .any(|w| super::production_name(w) && !super::local_target(w))
                    };
                    // A production namespace relabelled (`label ns production istio-injection-`).
                    let namespace = || {
                        matches!(words.first(), Some(&("label" | "annotate")))
                            && matches!(words.get(1), Some(&("ns" | "namespace" | "namespaces")))
                            && words
                                .get(2)
                                .is_some_and(|w| super::production_name(w) && !super::local_target(w))
                    };
                    production_change(&args, &words)
                        .filter(|_| production() || production_piped(call) || node() || namespace())
                })
        }
        "helm" => {
            // helm's global options come before the verb too (`helm --kube-context prod delete x`).
            let verb = operands(call.args(), crate::shell::HELM_VALUE_OPTIONS).next()?;
            match verb {
                "uninstall" | "delete" | "del" | "un" => {
                    Some(Hit::new("kubernetes.helm-uninstall", HELM_UNINSTALL))
                }
                // `--force` replaces the resources by deleting and creating them again.
                "rollback" | "upgrade" if force => Some(Hit::new("kubernetes.replace-force", REPLACE_FORCE)),
                "upgrade" | "install" | "rollback" if production() => {
                    Some(Hit::new("kubernetes.deploy-production", DEPLOY_PRODUCTION))
                }
                _ => None,
            }
        }
        // `helmfile destroy` uninstalls every release of the file; `sync`/`apply` to a
        // production environment deploys whatever the working tree holds.
        "helmfile" => {
            let words: Vec<&str> = operands(call.args(), HELMFILE_VALUE_OPTIONS).collect();
            match words.first().copied()? {
                "destroy" | "delete" => Some(Hit::new("kubernetes.helm-uninstall", HELM_UNINSTALL)),
                "sync" | "apply" | "deps" if production() => {
                    Some(Hit::new("kubernetes.deploy-production", DEPLOY_PRODUCTION))
                }
                _ => None,
            }
        }
        // `flux delete` removes a source or kustomization and, pruning, what it deployed;
        // `flux uninstall` the controllers. Suspending every kustomization (or production's,
        // by its context or its own name, `apps-production`) stops deploys and reverts no drift.
        "flux" => {
            let words: Vec<&str> = operands(call.args(), VALUE_OPTIONS).collect();
            let named_production = || words.iter().skip(2).any(|w| super::production_name(w));
            match words.first().copied()? {
                "delete" | "uninstall" => Some(Hit::new("kubernetes.argocd-delete", FLUX_DELETE)),
                "suspend"
                    if args.iter().any(|a| matches!(*a, "--all" | "--all=true"))
                        || production()
                        || named_production() =>
                {
                    Some(Hit::new("kubernetes.deploy-production", SUSPEND))
                }
                _ => None,
            }
        }
        // `argocd app delete` cascades to everything the app deployed; `app sync --prune`
        // deletes what the repository no longer describes, as `kubectl apply --prune` does.
        "argocd" => {
            let words: Vec<&str> = operands(call.args(), VALUE_OPTIONS).collect();
            let app_production = || production() || words.iter().skip(2).any(|w| super::production_name(w));
            if words.iter().any(|w| matches!(*w, "delete" | "rm")) {
                Some(Hit::new("kubernetes.argocd-delete", ARGOCD))
            } else if !dry_run
                && words.contains(&"sync")
                && args.iter().any(|a| *a == "--prune" || *a == "--prune=true")
            {
                Some(Hit::new("kubernetes.apply-prune", ARGOCD_PRUNE))
            } else if words.contains(&"sync") && force && !dry_run {
                Some(Hit::new("kubernetes.replace-force", REPLACE_FORCE))
            } else {
                // `app set api-prod --revision feature-x` points production at another
                // revision (or source, or values), which auto-sync then deploys.
                ((words.contains(&"rollback")
                    || matches!(words.as_slice(), ["app", "set" | "unset" | "patch", ..]))
                    && app_production())
                .then(|| Hit::new("kubernetes.deploy-production", DEPLOY_PRODUCTION))
            }
        }
        // Argo Workflows: a workflow submitted (or a template or cron workflow's run) in a
        // production namespace runs whatever its steps do there.
        "argo" => {
            let words: Vec<&str> = operands(call.args(), VALUE_OPTIONS).collect();
            (matches!(words.first().copied()?, "submit" | "resubmit" | "retry") && !dry_run && production())
                .then(|| Hit::ask("kubernetes.deploy-production", DEPLOY_PRODUCTION))
        }
        _ => None,
    }
}

/// The scripts that uninstall a Kubernetes distribution from its node.
const UNINSTALLERS: &[&str] =
    &["k3s-uninstall.sh", "k3s-agent-uninstall.sh", "rke2-uninstall.sh", "k3s-killall.sh", "rke2-killall.sh"];

/// talosctl's options that take a value, which is not the verb.
const TALOS_VALUE_OPTIONS: &[&str] =
    &["-n", "--nodes", "-e", "--endpoints", "--talosconfig", "--context", "--cluster"];

/// `kubectl delete application prod-api -n argocd`: an Argo CD application (or set) or a Flux
/// kustomization or release deleted through the API server cascades to what it deployed, as
/// `argocd app delete` does.
fn gitops_deleted(words: &[&str]) -> Option<Hit> {
    let ["delete", kind, ..] = words else { return None };
    let base = kind.split(['/', '.', ',']).next().unwrap_or_default().to_ascii_lowercase();
    matches!(
        base.as_str(),
        "application"
            | "applications"
            | "app"
            | "apps"
            | "applicationset"
            | "applicationsets"
            | "appset"
            | "appsets"
            | "kustomization"
            | "kustomizations"
            | "ks"
            | "helmrelease"
            | "helmreleases"
            | "hr"
    )
    .then(|| Hit::new("kubernetes.argocd-delete", ARGOCD))
}

/// `kubectl port-forward --address 0.0.0.0`: the cluster's service, listening on every network
/// this machine is on rather than its loopback.
fn exposed_forward(args: &[&str], words: &[&str]) -> Option<Hit> {
    if words.first() != Some(&"port-forward") {
        return None;
    }
    let addresses = args.iter().enumerate().filter_map(|(at, a)| match a.strip_prefix("--address") {
        Some("") => args.get(at + 1).copied(),
        Some(rest) => rest.strip_prefix('='),
        None => None,
    });
    let exposed = addresses
        .flat_map(|list| list.split(','))
        .any(|address| !matches!(address, "localhost" | "127.0.0.1" | "::1" | "[::1]"));
    exposed.then(|| Hit::ask("exfiltration.tunnel", EXPOSED))
}

/// `kubectl cp prod/postgres-0:/var/lib/postgresql/data ./dump`: files of a production pod
/// copied to this machine (its namespace in the source, or `-n prod`). A log passes.
fn production_copy(words: &[&str], production: bool) -> Option<Hit> {
    let ["cp", source, ..] = words else { return None };
    let (pod, path) = source.split_once(':')?;
    let named = pod.split_once('/').is_some_and(|(namespace, _)| super::production_name(namespace));
    // Its data or secrets (`/var/lib/postgresql/data`, `/etc/secrets`), not a log or a trace.
    let data = path.starts_with("/var/lib/")
        || crate::shell::name_words(path).any(|w| {
            matches!(
                w.to_ascii_lowercase().as_str(),
                "data" | "secret" | "secrets" | "backup" | "backups" | "dump" | "env" | "credentials"
            )
        });
    (data && (named || production && !pod.is_empty())).then(|| Hit::ask("credentials.print", PRODUCTION_COPY))
}

/// Whether the manifests `kubectl apply -f -` reads come from a stage whose operands name
/// production (`kustomize build overlays/prod | kubectl apply -f -`, through filters such as
/// `envsubst` in between).
fn production_piped(call: &Call) -> bool {
    let reads_stdin =
        call.args().windows(2).any(|p| matches!(p[0].text.as_str(), "-f" | "--filename") && p[1].text == "-")
            || call.args().iter().any(|a| a.text == "--filename=-");
    if !reads_stdin {
        return false;
    }
    let mut stdin = &call.command.stdin;
    for _ in 0..4 {
        let crate::shell::Stdin::Pipe { from: Some(from) } = stdin else { return false };
        let Some(source) = call.analysis.commands.get(*from) else { return false };
        if operands(source.args(), &[]).any(super::production_name) {
            return true;
        }
        stdin = &source.stdin;
    }
    false
}

/// `kubectl delete $(kubectl get ns -o name | grep -v kube)`: what is deleted (the kind, or
/// `kind/name`) is only known at run time, so it may be any of the wide kinds above.
fn unknown_kind_deleted(call: &Call, words: &[&str]) -> Option<Hit> {
    let ["delete", kind, ..] = words else { return None };
    let unknown = call.args().iter().any(|w| w.dynamic && w.text == *kind && !w.home_only());
    unknown.then(|| Hit::ask("kubernetes.delete-unknown", DELETE_UNKNOWN))
}

/// Whether a kind of `kubectl delete` (`validatingwebhookconfiguration/x`, `mutatingwebhookconfigurations.admissionregistration.k8s.io`)
/// is an admission control's.
fn admission_kind(kind: &str) -> bool {
    kind.split(',').any(|kind| {
        let base = kind.split(['/', '.']).next().unwrap_or_default().to_ascii_lowercase();
        matches!(
            base.as_str(),
            "validatingwebhookconfiguration"
                | "validatingwebhookconfigurations"
                | "mutatingwebhookconfiguration"
                | "mutatingwebhookconfigurations"
                | "validatingadmissionpolicy"
                | "validatingadmissionpolicies"
                | "validatingadmissionpolicybinding"
                | "validatingadmissionpolicybindings"
        )
    })
}

const ADMISSION_OFF: &str = "This removes admission control from the cluster (a validating or mutating webhook, an admission policy, or a namespace's Pod Security enforcement): what it kept out can then be created. Ask the user to run it.";
const SCHEDULE: &str = "This schedules a job on the cluster that keeps running after the task. Show the user the job, or ask them to create it.";

const DELETE_UNKNOWN: &str = "What this deletes (the kind, or the objects) is only known when the command runs: it may be namespaces, nodes or volumes. Name the objects, or ask the user.";

/// helmfile's options that take a value.
const HELMFILE_VALUE_OPTIONS: &[&str] =
    &["-e", "--environment", "-f", "--file", "-l", "--selector", "--kube-context", "-n", "--namespace"];

/// A change `kubectl` makes to what runs (for [`judge_named`] to ask about on a production
/// cluster or namespace): `apply`, `patch`, `replace`, `set`, `edit`, `rollout undo|pause`,
/// and a workload scaled to zero (`scale --replicas=0`, a patch setting `"replicas":0`).
fn production_change(args: &[&str], words: &[&str]) -> Option<Hit> {
    let zero = |text: &str| {
        let compact: String =
            text.chars().filter(|c| !c.is_whitespace() && *c != '"' && *c != '\\').collect();
        compact.contains("replicas:0")
    };
    match (*words.first()?, words.get(1).copied()) {
        ("scale", _) if zero_replicas(args) => Some(Hit::new("kubernetes.scale-to-zero", SCALE_PRODUCTION)),
        ("patch", _) if args.iter().any(|a| zero(a)) => {
            Some(Hit::new("kubernetes.scale-to-zero", SCALE_PRODUCTION))
        }
        // A manifest fetched from a URL is the opaque pack's to judge, whatever the cluster.
        ("apply", _) if args.iter().any(|a| a.contains("://")) => None,
        // Every workload of a kind restarted at once (`rollout restart deployment`, no name, or
        // by a selector): the whole namespace cycles together.
        ("rollout", Some("restart"))
            if words.get(2).is_some_and(|kind| !kind.contains('/')) && words.len() == 3
                || args
                    .iter()
                    .any(|a| matches!(*a, "--all" | "-l" | "--selector") || a.starts_with("--selector=")) =>
        {
            Some(Hit::new("kubernetes.deploy-production", RESTART_ALL))
        }
        // Labels and annotations steer selectors, ingress (`whitelist-source-range`), sidecar
        // injection and admission. A restart (`rollout restart`) is the safe way to cycle
        // pods, and passes.
        ("apply" | "patch" | "replace" | "set" | "edit" | "label" | "annotate", _)
        | ("rollout", Some("undo" | "pause")) => {
            Some(Hit::new("kubernetes.deploy-production", DEPLOY_PRODUCTION))
        }
        // A pod or job deleted is recreated or disposable (deleting a pod restarts it); every
        // pod a selector matches (`-l app=web`) at once is the service down until they return.
        ("delete", Some(kind))
            if kind.split(['/', '.']).next().is_some_and(|k| {
                matches!(k, "pod" | "pods" | "po" | "job" | "jobs" | "event" | "events" | "ev")
            }) =>
        {
            let selector =
                args.iter().any(|a| matches!(*a, "-l" | "--selector") || a.starts_with("--selector="))
                    || args.iter().any(|a| a.starts_with("-l") && a.len() > 2);
            let pods = matches!(kind.split(['/', '.']).next(), Some("pod" | "pods" | "po"));
            (selector && pods).then(|| Hit::new("kubernetes.deploy-production", PRODUCTION_DOWN))
        }
        // Any other object deleted on production (a secret the pods mount, a config map), and
        // nodes closed to new pods or tainted: the service degrades without a wide delete.
        ("delete" | "cordon" | "taint", _) => Some(Hit::new("kubernetes.deploy-production", PRODUCTION_DOWN)),
        _ => None,
    }
}

/// Whether `--replicas` is zero however it is written (`--replicas=0`, `--replicas 00`).
fn zero_replicas(args: &[&str]) -> bool {
    args.iter().any(|a| a.strip_prefix("--replicas=").is_some_and(super::cloud::zero))
        || args.windows(2).any(|p| p[0] == "--replicas" && super::cloud::zero(p[1]))
}

fn kubectl(args: &[&str], words: &[&str]) -> Option<Hit> {
    let verb = *words.first()?;
    let rest = args;
    match verb {
        // EKS's `aws-auth` config map says who the cluster's users and administrators are.
        "edit" | "patch" | "apply" | "replace" | "delete" | "set" | "create"
            if words.iter().skip(1).any(|w| {
                *w == "aws-auth" || w.strip_suffix("/aws-auth").is_some_and(|kind| kind.starts_with("c"))
            }) =>
        {
            Some(Hit::ask("kubernetes.grant", AWS_AUTH))
        }
        // Admission control removed, on any cluster: the webhooks that enforce policy
        // (Gatekeeper, Kyverno), an admission policy, or a namespace's Pod Security level.
        "delete" if words.get(1).is_some_and(|kind| admission_kind(kind)) => {
            Some(Hit::ask("kubernetes.admission-off", ADMISSION_OFF))
        }
        // A cluster-wide role or its binding deleted: whoever held it (the administrators, a
        // controller) is locked out of the whole cluster.
        "delete"
            if words.get(1).is_some_and(|kind| {
                kind.split(['/', ',']).next().unwrap_or_default().split('.').next().is_some_and(|base| {
                    matches!(
                        base.to_ascii_lowercase().as_str(),
                        "clusterrolebinding" | "clusterrolebindings" | "clusterrole" | "clusterroles"
                    )
                })
            }) =>
        {
            Some(Hit::ask("kubernetes.grant", RBAC_DELETE))
        }
        "delete" => {
            let all = rest.iter().any(|a| matches!(*a, "--all" | "-A" | "--all-namespaces" | "--all=true"));
            // The kinds: `delete ns x`, `delete ns/x`, `delete pod,pvc x`.
            let kinds = words.get(1).into_iter().flat_map(|kind| {
                kind.split('/')
                    .next()
                    .unwrap_or(kind)
                    .split(',')
                    .map(str::to_ascii_lowercase)
                    .collect::<Vec<_>>()
            });
            for kind in kinds {
                let base = kind.split('.').next().unwrap_or(&kind).to_string();
                // Every workload of a kind is `delete-all`'s.
                let wide = WIDE_KINDS.iter().find(|(name, _)| *name == base);
                if let Some((_, rule)) =
                    wide.filter(|(_, rule)| !(all && *rule == "kubernetes.delete-workload"))
                {
                    let message =
                        if *rule == "kubernetes.delete-workload" { DELETE_WORKLOAD } else { DELETE_WIDE };
                    return Some(Hit::new(rule, message));
                }
            }
            if all {
                return Some(Hit::new("kubernetes.delete-all", DELETE_ALL));
            }
            // `kubectl delete -f app.yaml` (or `-k dir`): everything the manifests describe.
            let manifests = rest.iter().any(|a| {
                matches!(*a, "-f" | "--filename" | "-k" | "--kustomize")
                    || a.starts_with("--filename=")
                    || a.starts_with("--kustomize=")
            });
            manifests.then(|| Hit::new("kubernetes.delete-manifest", DELETE_MANIFEST))
        }
        "label" | "annotate"
            if rest.iter().any(|a| {
                a.strip_prefix("pod-security.kubernetes.io/enforce")
                    .is_some_and(|level| level.ends_with('-') || level.ends_with("=privileged"))
            }) =>
        {
            Some(Hit::ask("kubernetes.admission-off", ADMISSION_OFF))
        }
        "replace" if rest.iter().any(|a| matches!(*a, "--force" | "--force=true")) => {
            Some(Hit::new("kubernetes.replace-force", REPLACE_FORCE))
        }
        "drain" => Some(Hit::new("kubernetes.drain", DRAIN)),
        // `kubectl krew install --manifest-url=URL` (or `--manifest`, `--archive` from a URL): a
        // plugin nobody reviewed, which runs as the user with the cluster's credentials.
        "krew"
            if words.get(1) == Some(&"install")
                && rest.iter().any(|a| {
                    a.starts_with("--manifest-url") || a.starts_with("--archive") && a.contains("://")
                }) =>
        {
            Some(Hit::ask("remote-script.pipe-to-shell", KREW_URL))
        }
        // CloudNativePG's plugin: `cnpg destroy CLUSTER N` deletes an instance with its volume
        // claim, and the database files on it.
        "cnpg" if words.get(1) == Some(&"destroy") => Some(Hit::new("kubernetes.delete-volume", DELETE_WIDE)),
        // A `NoExecute` taint evicts every pod that does not tolerate it, as a drain does.
        "taint" if rest.iter().any(|a| a.ends_with(":NoExecute")) => {
            Some(Hit::new("kubernetes.drain", DRAIN))
        }
        // A binding to a cluster-wide role, or to `cluster-admin`/`admin` in a namespace: rights
        // that outlast the task.
        "create"
            if words.get(1) == Some(&"clusterrolebinding")
                || words.get(1) == Some(&"rolebinding")
                    && (rest.iter().any(|a| {
                        a.strip_prefix("--clusterrole=")
                            .is_some_and(|role| matches!(role, "cluster-admin" | "admin"))
                    }) || rest
                        .windows(2)
                        .any(|p| p[0] == "--clusterrole" && matches!(p[1], "cluster-admin" | "admin"))) =>
        {
            Some(Hit::new("kubernetes.grant", GRANT))
        }
        // OpenShift's `oc adm policy add-cluster-role-to-user|group ROLE X`, a namespace's
        // `add-role-to-user admin X`, a security context constraint (`add-scc-to-user
        // privileged X`): rights or privileges that outlast the task.
        "policy"
            if words.get(1).is_some_and(|op| {
                op.starts_with("add-cluster-role-to-")
                    || op.starts_with("add-scc-to-")
                    || op.starts_with("add-role-to-")
                        && matches!(words.get(2).copied(), Some("admin" | "cluster-admin" | "edit"))
            }) =>
        {
            Some(Hit::new("kubernetes.grant", GRANT))
        }
        // A CronJob runs its command on the cluster on a schedule, long after the task:
        // persistence, as `crontab` is on this machine.
        "create" if matches!(words.get(1), Some(&("cronjob" | "cj"))) => {
            Some(Hit::ask("kubernetes.schedule", SCHEDULE))
        }
        // `kubectl scale deploy --all --replicas=0`: every workload of the kind stopped at once.
        "scale" => {
            let zero = zero_replicas(rest);
            let all = rest.iter().any(|a| matches!(*a, "--all" | "--all=true" | "-A" | "--all-namespaces"));
            (zero && all).then(|| Hit::new("kubernetes.scale-to-zero", SCALE_ALL))
        }
        "apply" if rest.iter().any(|a| *a == "--prune" || a.starts_with("--prune=")) => {
            Some(Hit::new("kubernetes.apply-prune", PRUNE))
        }
        // A volume's reclaim policy set to `Delete`: the disk goes with its claim, the next
        // delete of which no longer keeps the data.
        "patch" | "edit" | "set"
            if rest.iter().any(|a| a.contains("persistentVolumeReclaimPolicy") && a.contains("Delete")) =>
        {
            Some(Hit::new("kubernetes.delete-volume", RECLAIM_DELETE))
        }
        _ => None,
    }
}

const DELETE_WORKLOAD: &str = "This deletes a workload or a service, which is down until someone applies it again. Scale or restart it (`kubectl rollout restart`), or ask the user to run the delete.";
const DELETE_WIDE: &str = "This deletes a namespace, node, volume or resource definition, and everything that depends on it. Delete the specific objects you mean, or ask the user to run it.";
const DELETE_MANIFEST: &str = "This deletes every object the manifests describe, with the data of their volumes. Delete the objects you mean by name, or ask the user to run it.";
const DELETE_ALL: &str = "`--all`/`--all-namespaces` deletes every object of the kind. Name the objects you mean, or ask the user.";
const SCALE_ALL: &str = "Scaling every workload of a kind to zero replicas stops them all at once. Scale the ones you mean by name, or ask the user to run it.";
const GRANT: &str = "This binds a cluster-wide or admin role, rights that outlast the task. Show the user the binding, who can create it.";
const RBAC_DELETE: &str = "This deletes a cluster-wide role or its binding: whoever held it (the administrators, a controller) loses its rights on the whole cluster. Ask the user to run it.";
const RESTART_ALL: &str = "This restarts every workload of the kind in a production namespace at once. Restart the one you mean by name (`deployment/api`), or ask the user.";
const DRAIN: &str = "`kubectl drain` evicts every pod from a node. Ask the user to run it.";
const PRUNE: &str = "`kubectl apply --prune` deletes objects that are not in the applied files. Apply without `--prune`, or ask the user.";
const REPLACE_FORCE: &str = "`kubectl replace --force` deletes the objects and creates them again, with the data of their volumes and a gap in service. Apply the change with `kubectl apply`, or ask the user.";
const ARGOCD: &str = "This deletes an Argo CD application (or project, cluster, repository) and, by cascade, what it deployed. Ask the user to run it.";
const ARGOCD_PRUNE: &str = "`argocd app sync --prune` deletes the application's objects that its repository no longer describes, with the data of their volumes. Sync without `--prune`, or ask the user.";
const RECLAIM_DELETE: &str = "A persistent volume whose reclaim policy is `Delete` is deleted, disk and data, as soon as its claim is. Keep `Retain`, or ask the user to change it.";
const DEPLOY_PRODUCTION: &str = "This changes what runs on a production cluster (a release upgraded or rolled back, manifests applied, a patch), with no review. Show the user the diff (`helm diff`, `kubectl diff`), who can apply it.";
const PRODUCTION_DOWN: &str = "This deletes an object of a production cluster (a secret or config its pods read) or closes its nodes to pods: the service degrades. Ask the user to run it.";
const SCALE_PRODUCTION: &str = "This scales a production workload to zero replicas: the service is down until someone scales it back. Ask the user to run it.";
const SUSPEND: &str = "This suspends Flux's reconciliation of every kustomization (or production's): deploys stop and drift is no longer reverted. Ask the user to run it.";
const FLUX_DELETE: &str = "This deletes a Flux source or kustomization (and, pruning, what it deployed) or Flux itself. Ask the user to run it.";
const UNINSTALL: &str = "This uninstalls the Kubernetes distribution from this node: its cluster, workloads and data are deleted. Ask the user to run it.";
const TALOS_RESET: &str = "`talosctl reset` wipes the node: its disks, its membership of the cluster and what ran on it. Ask the user to run it.";
const TALOS_DOWN: &str =
    "This shuts down, reboots or upgrades a Talos node: what runs on it stops. Ask the user to run it.";
const EXPOSED: &str = "This forwards a cluster's service to every network this machine is on (`--address`), not just its loopback: whoever can reach the machine reaches the service. Forward to `localhost`, or ask the user.";
const PRODUCTION_COPY: &str =
    "This copies a production pod's files (its data, its secrets) to this machine. Ask the user whether to.";
const KREW_URL: &str = "This installs a kubectl plugin from a URL rather than the reviewed index: code nobody read, run with the cluster's credentials. Install it from the index by name, or ask the user.";
const AWS_AUTH: &str = "This changes `aws-auth`, the map of which AWS roles and users are the cluster's users and administrators: a mistake locks everyone out, or lets someone in. Show the user the change, who can apply it.";
const HELM_UNINSTALL: &str = "`helm uninstall` removes a release and its resources. Ask the user to run it.";

const NODE_POD: &str = "This runs a pod with the node itself (privileged, the node's files or its process, network or IPC namespaces), outside any container. Ask the user to run it.";
