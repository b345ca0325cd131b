#!/usr/bin/env bash
# A single-node Slurm cluster on this machine, for running ply's task sets
# through a real scheduler (`ply task slurm DIR`, then `sbatch`): installs
# Debian's slurm-wlm and munge when missing, writes a configuration for this
# host in a folder of its own, starts munged, slurmctld and slurmd, and
# waits until the node takes jobs. A new machine has only the Rust
# toolchain, so the project installs the rest itself.
#
#   scripts/slurm-local.sh          start (idempotent: a running cluster is kept)
#   scripts/slurm-local.sh stop     stop the daemons this script started
#   scripts/slurm-local.sh status   show the node
#
# The state lives in $PLY_SLURM_DIR (default /tmp/ply-slurm). Exits non-zero,
# saying why, when the cluster cannot be started: callers must not skip
# silently.
set -euo pipefail

state=${PLY_SLURM_DIR:-/tmp/ply-slurm}
conf=/etc/slurm/slurm.conf
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi

say() { echo "slurm-local: $*" >&2; }

stop() {
  for daemon in slurmd slurmctld; do
    if [ -f "$state/$daemon.pid" ]; then
      $sudo kill "$(cat "$state/$daemon.pid")" 2>/dev/null || true
      rm -f "$state/$daemon.pid"
    fi
  done
}

case "${1:-start}" in
  stop)
    stop
    exit 0
    ;;
  status)
    exec sinfo --Node --long
    ;;
  start) ;;
  *)
    say "unknown command '$1' (start, stop or status)"
    exit 2
    ;;
esac

if ! command -v slurmctld > /dev/null || ! command -v munged > /dev/null; then
  say "installing slurm-wlm and munge"
  bash "$(dirname "$0")/apt-install.sh" slurm-wlm munge > /dev/null
fi

if [ ! -s /etc/munge/munge.key ]; then
  say "making a munge key"
  $sudo mkdir -p /etc/munge
  $sudo dd if=/dev/urandom of=/etc/munge/munge.key bs=1 count=1024 status=none
  $sudo chown munge:munge /etc/munge/munge.key 2>/dev/null || true
  $sudo chmod 400 /etc/munge/munge.key
fi
if ! munge -n > /dev/null 2>&1; then
  $sudo mkdir -p /run/munge /var/log/munge /var/lib/munge
  $sudo chown munge:munge /run/munge /var/log/munge /var/lib/munge 2>/dev/null || true
  # --force: a container's folders rarely have the ownership munged checks.
  $sudo runuser -u munge -- /usr/sbin/munged --force 2> /dev/null \
    || $sudo /usr/sbin/munged --force
  for _ in $(seq 50); do
    munge -n > /dev/null 2>&1 && break
    sleep 0.1
  done
  if ! munge -n > /dev/null 2>&1; then
    say "munged did not start"
    exit 1
  fi
fi

host=$(hostname -s)
cpus=$(nproc)
# Jobs ask for memory (--mem); the node must declare what it has.
memory=$(($(awk '/^MemTotal:/ {print $2}' /proc/meminfo) / 1024 - 512))
$sudo mkdir -p "$state/state" "$state/spool" /etc/slurm
wanted=$(
  cat << EOF
# Written by ply's scripts/slurm-local.sh: one node, this host.
ClusterName=ply
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
StateSaveLocation=$state/state
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
)
if [ ! -f "$conf" ] || [ "$(cat "$conf")" != "$wanted" ]; then
  # Another configuration means other daemons: restart ours on the new one.
  stop
  echo "$wanted" | $sudo tee "$conf" > /dev/null
fi

running() { [ -f "$state/$1.pid" ] && $sudo kill -0 "$(cat "$state/$1.pid")" 2>/dev/null; }
if ! running slurmctld; then
  $sudo /usr/sbin/slurmctld
fi
if ! running slurmd; then
  $sudo /usr/sbin/slurmd
fi

for _ in $(seq 100); do
  node=$(sinfo --noheader --Node --format=%T 2>/dev/null | head -n 1)
  case "$node" in
    idle* | mixed* | allocated*)
      say "node $host ($cpus CPUs, $memory MB) is $node"
      exit 0
      ;;
  esac
  sleep 0.2
done
say "the node did not come up (state '${node:-none}'); logs in $state"
tail -n 20 "$state/slurmctld.log" "$state/slurmd.log" >&2 || true
exit 1
