"""A single-node Slurm started by hand under a scratch folder (no systemd): munged, slurmctld and slurmd on
unused ports, with every file in the folder, stopped by process id.

    with SlurmCluster(max_array_size=4) as cluster:
        subprocess.run(["sbatch", ...], env=cluster.env)

Used by test_slurm.py and by bench/sweep_overhead.py. Needs root and the Debian packages slurmctld, slurmd,
slurm-client and munge (scripts/install-deps.sh)."""

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

DAEMONS = ("munged", "slurmctld", "slurmd")


def missing_programs() -> list:
    found = {name: shutil.which(name) or (Path("/usr/sbin") / name if (Path("/usr/sbin") / name).exists() else None)
             for name in DAEMONS + ("sbatch", "squeue", "scontrol", "sinfo")}
    return [name for name, path in found.items() if not path]


def _program(name) -> str:
    return shutil.which(name) or str(Path("/usr/sbin") / name)


def _free_ports(count) -> list:
    sockets = [socket.socket() for _ in range(count)]
    try:
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


class SlurmCluster:
    def __init__(self, max_array_size=1001, cpus=None):
        self.max_array_size = max_array_size
        self.cpus = cpus or os.cpu_count() or 1
        self.processes = []
        self.folder = None
        self.env = None

    def __enter__(self):
        try:
            self._start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc):
        self.stop()
        return False

    def _start(self):
        self.folder = Path(tempfile.mkdtemp(prefix="coalsim-slurm-"))
        f = self.folder
        for name in ("state", "spool", "munge"):
            (f / name).mkdir()
        os.chmod(f / "munge", 0o700)
        key = f / "munge" / "munge.key"
        key.write_bytes(os.urandom(1024))
        os.chmod(key, 0o400)
        munge_socket = f / "munge" / "munge.socket"
        self.processes.append(subprocess.Popen(
            [_program("munged"), "--foreground", "--force", f"--key-file={key}", f"--socket={munge_socket}",
             f"--pid-file={f / 'munge' / 'munged.pid'}", f"--log-file={f / 'munge' / 'munged.log'}",
             f"--seed-file={f / 'munge' / 'munged.seed'}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        deadline = time.monotonic() + 20
        while not munge_socket.exists():
            if time.monotonic() > deadline or self.processes[0].poll() is not None:
                raise RuntimeError(f"munged did not start; see {f / 'munge' / 'munged.log'}")
            time.sleep(0.05)
        host = socket.gethostname()
        controller_port, node_port = _free_ports(2)
        conf = f / "slurm.conf"
        conf.write_text(f"""ClusterName=coalsimtest
SlurmctldHost={host}(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort={controller_port}
SlurmdPort={node_port}
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={munge_socket}
StateSaveLocation={f / 'state'}
SlurmdSpoolDir={f / 'spool'}
SlurmctldPidFile={f / 'slurmctld.pid'}
SlurmdPidFile={f / 'slurmd.pid'}
SlurmctldLogFile={f / 'slurmctld.log'}
SlurmdLogFile={f / 'slurmd.log'}
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
MaxArraySize={self.max_array_size}
MailProg=/bin/true
ReturnToService=2
NodeName={host} NodeAddr=127.0.0.1 CPUs={self.cpus} State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
""")
        self.env = dict(os.environ, SLURM_CONF=str(conf))
        log = open(f / "daemons.out", "w")
        self.processes.append(subprocess.Popen([_program("slurmctld"), "-D", "-i", "-f", str(conf)], stdout=log,
                                               stderr=subprocess.STDOUT, env=self.env))
        self.processes.append(subprocess.Popen([_program("slurmd"), "-D", "-f", str(conf)], stdout=log,
                                               stderr=subprocess.STDOUT, env=self.env))
        deadline = time.monotonic() + 60
        while True:
            result = subprocess.run(["sinfo", "-h", "-o", "%t"], capture_output=True, text=True, env=self.env)
            if result.returncode == 0 and result.stdout.strip().startswith("idle"):
                return
            dead = [p.args[0] for p in self.processes if p.poll() is not None]
            if dead or time.monotonic() > deadline:
                # The folder is removed on the way out (unless COALSIM_KEEP_SLURM is set): the error carries
                # the logs' last lines, where the reason is (e.g. slurmd: "cgroup filesystem not mounted").
                raise RuntimeError(f"Slurm did not come up ({', '.join(dead) or 'timeout'}; sinfo: "
                                   f"{result.stdout.strip()} {result.stderr.strip()})\n{self.log_tail(10)}")
            time.sleep(0.1)

    def log_tail(self, lines=30) -> str:
        text = []
        for name in ("slurmctld.log", "slurmd.log", "daemons.out"):
            path = self.folder / name if self.folder else None
            if path and path.exists():
                text.append(f"--- {name}\n" + "\n".join(path.read_text(errors="replace").splitlines()[-lines:]))
        return "\n".join(text)

    def stop(self):
        """Cancels what is still queued, stops the daemons by process id (slurmd, slurmctld, then munged),
        then removes the folder."""
        if self.env and all(p.poll() is None for p in self.processes):
            subprocess.run(["scancel", "--full", "--user", str(os.getuid())], env=self.env, capture_output=True,
                           timeout=30)
        for process in reversed(self.processes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in reversed(self.processes):
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.processes = []
        if self.folder and not os.environ.get("COALSIM_KEEP_SLURM"):
            shutil.rmtree(self.folder, ignore_errors=True)
