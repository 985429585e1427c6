"""The lab on a Ray cluster: ``boardlab simulate ... --backend ray --address ...`` against a
two-node cluster on loopback that this test starts (``ray start --head`` plus a second node)
and stops itself. The figures must be those of the process pool."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
RAY = BIN / "ray"
BOARDLAB = BIN / "boardlab"
START_SECONDS = 100


def _free_ports(n: int) -> list[int]:
    socks = []
    for _ in range(n):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        socks.append(s)
    ports = [s.getsockname()[1] for s in socks]
    for s in socks:
        s.close()
    return ports


def _node_args(ports: list[int]) -> list[str]:
    # Two nodes share one host: every port a node opens must be its own.
    names = ("--node-manager-port", "--object-manager-port", "--dashboard-agent-listen-port",
             "--dashboard-agent-grpc-port", "--runtime-env-agent-port",
             "--metrics-export-port")
    return [f"{name}={port}" for name, port in zip(names, ports, strict=True)]


def _stop(proc: subprocess.Popen) -> None:
    """Stop one ``ray start --block`` we started: SIGTERM to its own process group (the
    node's GCS, raylet, agents and workers), SIGKILL if anything lingers."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=10)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)  # the group may outlive its leader
    proc.wait(timeout=10)


def _start(args: list[str], env: dict[str, str], log: Path,
           attempts: int = 3) -> subprocess.Popen:
    """``ray start ... --block`` in its own process group; return once the node is up.

    On a busy machine a node's raylet may give up waiting (15 s) for its own agents to
    start; it exits, and starting it again then usually works: up to ``attempts`` tries."""
    for _ in range(attempts):
        with log.open("w") as out:
            proc = subprocess.Popen([str(RAY), "start", "--block", *args], env=env,
                                    stdout=out, stderr=subprocess.STDOUT,
                                    start_new_session=True)
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline and proc.poll() is None:
            if "Ray runtime started" in log.read_text(errors="replace"):
                return proc
            time.sleep(1)
        _stop(proc)
    raise AssertionError(f"ray start {args[0]} did not come up in {attempts} tries:\n"
                         f"{log.read_text()[-3000:]}")


def _alive_nodes(address: str, env: dict[str, str]) -> int:
    script = ("import ray, sys; ray.init(address=sys.argv[1], log_to_driver=False); "
              "print(sum(n['Alive'] for n in ray.nodes()))")
    out = subprocess.run([sys.executable, "-c", script, address], capture_output=True,
                         text=True, env=env, timeout=START_SECONDS)
    assert out.returncode == 0, out.stderr[-3000:]
    return int(out.stdout.split()[-1])


@pytest.fixture(scope="module")
def cluster():
    if not RAY.exists():
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("Ray is not installed in CI: `make test` installs boardlab[ray]")
        pytest.skip("RAY NOT INSTALLED: the Ray cluster was not tested "
                    "(pip install 'boardlab[ray]')")
    temp = Path(tempfile.mkdtemp(prefix="rc", dir="/tmp"))  # Ray's socket paths are short
    token = temp / "token"
    token.write_text(secrets.token_hex(32))
    gcs, client, *ports = _free_ports(14)
    # `ray start` turns on token authentication: the nodes and every client (boardlab
    # simulate below) read the cluster's token from RAY_AUTH_TOKEN_PATH.
    env = {**os.environ, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN_PATH": str(token),
           "RAY_USAGE_STATS_ENABLED": "0"}
    common = ["--num-cpus=1", f"--temp-dir={temp}", "--disable-usage-stats"]
    # The nodes run Ray's minimal dashboard agent, as an install without ray[default]'s
    # dashboard packages would: a raylet waits only 15 s for its agent, and the full agent
    # (which the lab never uses) takes longer than that to import on a busy 2-core machine.
    site = temp / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(
        'import sys\nsys.modules["ray.dashboard.optional_deps"] = None\n')
    node_env = {**env, "PYTHONPATH": str(site)}
    nodes = []
    try:
        nodes.append(_start(["--head", f"--port={gcs}", f"--ray-client-server-port={client}",
                             "--include-dashboard=false", *common, *_node_args(ports[:6])],
                            node_env, temp / "head.log"))
        address = f"127.0.0.1:{gcs}"
        nodes.append(_start([f"--address={address}", *common, *_node_args(ports[6:12])],
                            node_env, temp / "node.log"))
        assert _alive_nodes(address, env) == 2
        yield {"address": address, "client": f"ray://127.0.0.1:{client}", "env": env}
    finally:
        for proc in reversed(nodes):
            _stop(proc)
        shutil.rmtree(temp, ignore_errors=True)


def _simulate(env: dict[str, str], data: Path, *extra: str) -> dict:
    for _attempt in range(3):
        out = subprocess.run(
            [str(BOARDLAB), "simulate", "geometry", "--players", "3", "--games", "24", "--seed",
             "5", "--json", "--no-store", *extra],
            capture_output=True, text=True, timeout=180,
            env={**env, "BOARDLAB_DATA_DIR": str(data)})
        # Ray starts a client server per ray:// connection; on a loaded machine that start
        # can fail (Ray's own message below). Only that is tried again; anything else fails.
        if out.returncode == 0 or "Starting Ray client server failed" not in out.stdout + out.stderr:
            break
    assert out.returncode == 0, out.stdout + out.stderr
    return json.loads(out.stdout)["analysis"]


# About two minutes on the shared 2-core machine (mostly Ray starting its processes).
@pytest.mark.slow
def test_simulate_on_a_two_node_cluster_gives_the_process_pool_figures(cluster, tmp_path):
    pool = _simulate(cluster["env"], tmp_path, "--backend", "process", "--workers", "2")
    on_gcs = _simulate(cluster["env"], tmp_path, "--backend", "ray",
                       "--address", cluster["address"])
    assert on_gcs == pool
    via_client = _simulate(cluster["env"], tmp_path, "--backend", "ray",
                           "--address", cluster["client"])
    assert via_client == pool


def test_an_address_without_the_ray_backend_is_refused(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from boardlab.cli import app

    monkeypatch.setenv("BOARDLAB_DATA_DIR", str(tmp_path))
    out = CliRunner().invoke(app, ["simulate", "geometry", "--games", "2", "--no-store",
                                   "--address", "127.0.0.1:6379"])
    assert out.exit_code == 2
    assert "--backend ray" in out.output
