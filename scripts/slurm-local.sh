#!/bin/bash
# A one-node Slurm cluster on this machine, for the tests and for trying the cluster drivers
# (scripts/mneme-cluster): munged, slurmctld and slurmd started in the background as root,
# without systemd, from a minimal slurm.conf written into a state folder.
#
#   scripts/slurm-local.sh start  [DIR]   start it (DIR: $MNEME_SLURM_DIR or /tmp/mneme-slurm)
#   scripts/slurm-local.sh stop   [DIR]   stop the daemons it started
#   scripts/slurm-local.sh status [DIR]   whether it runs, and its node and queue
#   scripts/slurm-local.sh env    [DIR]   the line that points Slurm's commands at it
#
# Slurm's commands find the cluster through SLURM_CONF=DIR/slurm.conf (start prints the line).
# start exits with 77 and the reason when the cluster cannot start here (not root, Debian's
# slurm-wlm and munge not installed); the tests skip on it. Ports: $MNEME_SLURM_PORT and the
# one after it, or the first free pair from 16817.
set -euo pipefail

action=${1:-}
dir=${2:-${MNEME_SLURM_DIR:-/tmp/mneme-slurm}}
conf="$dir/slurm.conf"
# Left by start when it started munged itself, so that stop ends it only then.
munged_marker=/run/munge/started-by-slurm-local

cannot_start() {
    echo "slurm-local: cannot start a cluster here: $1" >&2
    exit 77
}

pid_alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null; }
pid_in() { cat "$1" 2>/dev/null || true; }

daemons_running() {
    pid_alive "$(pid_in "$dir/slurmctld.pid")" && pid_alive "$(pid_in "$dir/slurmd.pid")"
}

# The first port P from 16817 with P and P + 1 free for listening.
free_port_pair() {
    python3 - <<'EOF'
import socket
for port in range(16817, 17817, 2):
    try:
        sockets = []
        for p in (port, port + 1):
            s = socket.socket()
            s.bind(("127.0.0.1", p))
            sockets.append(s)
        print(port)
        break
    except OSError:
        pass
    finally:
        for s in sockets:
            s.close()
EOF
}

write_conf() {
    local port=$1 cpus memory
    cpus=$(nproc)
    # What the node offers jobs: the machine's memory less 1 GB for everything else.
    memory=$(awk '/MemTotal/ { m = int($2 / 1024) - 1024; print (m > 512 ? m : 512) }' /proc/meminfo)
    cat >"$conf" <<EOF
# Written by scripts/slurm-local.sh: a one-node cluster on this machine.
ClusterName=mneme
SlurmctldHost=localhost
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU_Memory
MpiDefault=none
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerParameters=sched_min_interval=0,batch_sched_delay=0,bf_interval=1
MinJobAge=600
KillWait=5
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=main Nodes=localhost Default=YES MaxTime=INFINITE DefMemPerCPU=1024 State=UP
EOF
}

start() {
    [ "$(id -u)" -eq 0 ] || cannot_start "it needs root (slurmd runs jobs as their users)"
    for program in munged slurmctld slurmd sbatch squeue scontrol; do
        command -v "$program" >/dev/null 2>&1 || [ -x "/usr/sbin/$program" ] ||
            cannot_start "$program is not installed (apt-get install slurm-wlm munge, or scripts/install-deps.sh)"
    done
    if daemons_running; then
        echo "slurm-local: already running in $dir"
        echo "export SLURM_CONF=$conf"
        return 0
    fi
    mkdir -p "$dir/state" "$dir/spool" "$dir/log"

    # munge: one daemon serves the machine; start it only when none answers.
    if ! pgrep -x munged >/dev/null 2>&1; then
        [ -s /etc/munge/munge.key ] || /usr/sbin/mungekey -c >/dev/null 2>&1 ||
            cannot_start "no munge key at /etc/munge/munge.key and mungekey -c failed"
        mkdir -p /run/munge /var/log/munge /var/lib/munge
        chown munge /run/munge /var/log/munge /var/lib/munge 2>/dev/null || true
        if ! /usr/sbin/munged --force 2>"$dir/log/munged.err"; then
            cannot_start "munged did not start: $(head -c 300 "$dir/log/munged.err")"
        fi
        touch "$munged_marker"
    fi
    # The daemons authenticate through munged from their first moment: wait until it answers.
    for _ in $(seq 1 50); do
        munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && break
        sleep 0.2
    done

    local port=${MNEME_SLURM_PORT:-}
    [ -n "$port" ] || port=$(free_port_pair)
    [ -n "$port" ] || cannot_start "no free port pair from 16817"
    write_conf "$port"
    export SLURM_CONF="$conf"
    # -i: ignore state files of an earlier cluster in this folder (a fresh, empty queue).
    /usr/sbin/slurmctld -f "$conf" -i 2>"$dir/log/slurmctld.err" ||
        cannot_start "slurmctld did not start: $(tail -c 300 "$dir/log/slurmctld.err")"
    /usr/sbin/slurmd -f "$conf" -N localhost 2>"$dir/log/slurmd.err" ||
        cannot_start "slurmd did not start: $(tail -c 300 "$dir/log/slurmd.err")"

    # Ready when the node takes jobs.
    local state=""
    for _ in $(seq 1 60); do
        state=$(sinfo -h -N -o %T 2>/dev/null | head -n1 || true)
        case "$state" in idle | mixed | allocated) break ;; esac
        sleep 0.5
    done
    case "$state" in
        idle | mixed | allocated) ;;
        *)
            stop >/dev/null 2>&1 || true
            cannot_start "the node did not come up (state '${state:-none}'; see $dir/log)"
            ;;
    esac
    echo "slurm-local: running in $dir (port $port, $(nproc) CPUs)"
    echo "export SLURM_CONF=$conf"
}

# Ends a daemon by the process id in its pid file, waiting up to 10 s.
stop_pid_file() {
    local pid
    pid=$(pid_in "$1")
    pid_alive "$pid" || return 0
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do
        pid_alive "$pid" || return 0
        sleep 0.1
    done
    kill -9 "$pid" 2>/dev/null || true
}

stop() {
    [ -f "$conf" ] || { echo "slurm-local: no cluster in $dir"; return 0; }
    if daemons_running; then
        # Running jobs end with the cluster.
        SLURM_CONF="$conf" scancel --user=root 2>/dev/null || true
    fi
    stop_pid_file "$dir/slurmd.pid"
    stop_pid_file "$dir/slurmctld.pid"
    # munged goes too when this script started it (for this cluster or another one) and no
    # cluster on the machine uses it any more.
    if [ -f "$munged_marker" ] && ! pgrep -x slurmctld >/dev/null 2>&1; then
        stop_pid_file /run/munge/munged.pid
        rm -f "$munged_marker"
    fi
    echo "slurm-local: stopped ($dir)"
}

status() {
    if [ -f "$conf" ] && daemons_running; then
        echo "slurm-local: running in $dir"
        SLURM_CONF="$conf" sinfo -N -o "%N %T %C %m"
        SLURM_CONF="$conf" squeue -o "%.12i %.10j %.8T %.10M %R"
    else
        echo "slurm-local: not running ($dir)"
        return 3
    fi
}

case "$action" in
    start) start ;;
    stop) stop ;;
    status) status ;;
    env) echo "export SLURM_CONF=$conf" ;;
    *)
        echo "usage: $0 start|stop|status|env [DIR]" >&2
        exit 2
        ;;
esac
