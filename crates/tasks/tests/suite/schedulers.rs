//! The scheduler files name every task and the set's absolute folder.

use ply_tasks::{kubernetes_manifest, slurm_script, KubernetesOptions, SlurmOptions, Split};

use crate::support::split_into;

#[test]
fn slurm_and_kubernetes_files_cover_every_task() {
    let set = split_into(
        "schedulers",
        Split::OthelloExact {
            size: 4,
            position: ply_engine::Notation::format_position(&ply_othello::Othello::<
                ply_othello::Size4,
            >::new()),
            depth: 3,
        },
    );
    let n = set.len();
    let dir = set.dir().canonicalize().unwrap();
    let script = slurm_script(
        &set,
        &SlurmOptions {
            ply: "/opt/ply/bin/ply".into(),
            cpus: 1,
            mem_mb: 600,
            time: Some("1:00:00".into()),
            partition: None,
            parallel: Some(2),
        },
    )
    .unwrap();
    assert!(script.starts_with("#!/bin/bash\n"));
    assert!(script.contains(&format!("#SBATCH --array=0-{}%2\n", n - 1)));
    assert!(script.contains("#SBATCH --cpus-per-task=1\n"));
    assert!(script.contains("#SBATCH --mem=600M\n"));
    assert!(script.contains(&format!(
        "exec '/opt/ply/bin/ply' task run '{}'",
        dir.display()
    )));
    assert!(dir.join("logs").is_dir());
    let yaml = kubernetes_manifest(
        &set,
        &KubernetesOptions {
            image: "ply:latest".into(),
            ply: "/usr/local/bin/ply".into(),
            parallelism: 4,
            claim: "ply-tasks".into(),
            cpus: 1,
            mem_mb: 600,
        },
    )
    .unwrap();
    assert!(yaml.contains("completionMode: Indexed"));
    assert!(yaml.contains(&format!("completions: {n}\n")));
    assert!(yaml.contains("JOB_COMPLETION_INDEX"));
}
