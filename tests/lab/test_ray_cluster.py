"""The lab on a Ray cluster: ``boardlab simulate ... --backend ray --address ...`` against a
two-node cluster on loopback that this test starts (``ray start --head`` plus a second node)
and stops itself. The figures must be those of the process pool."""

from __future__ import annotations

import contextlib
import json
import os
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
START_SECONDS = 90


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
    node's raylet, GCS, workers), SIGKILL if it lingers."""
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


def _wait_for_nodes(address: str, count: int, env: dict[str, str]) -> None:
    script = ("import ray, sys; ray.init(address=sys.argv[1], log_to_driver=False); "
              "print(sum(n['Alive'] for n in ray.nodes()))")
    deadline = time.monotonic() + START_SECONDS
    alive = 0
    while time.monotonic() < deadline:
        out = subprocess.run([sys.executable, "-c", script, address], capture_output=True,
                             text=True, env=env, timeout=START_SECONDS)
        if out.returncode == 0 and out.stdout.strip().splitlines():
            alive = int(out.stdout.strip().splitlines()[-1])
            if alive >= count:
                return
        time.sleep(1)
    raise AssertionError(f"the Ray cluster has {alive} of {count} nodes after "
                         f"{START_SECONDS} s")


@pytest.fixture(scope="module")
def cluster():
    if not RAY.exists():
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("Ray is not installed in CI: `make test` installs boardlab[ray]")
        pytest.skip("RAY NOT INSTALLED: the Ray cluster was not tested "
                    "(pip install 'boardlab[ray]')")
    temp = tempfile.mkdtemp(prefix="rc", dir="/tmp")  # short: Ray's socket paths are limited
    gcs, client, *ports = _free_ports(14)
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "PYTHONPATH": ""}
    common = ["--block", "--node-ip-address=127.0.0.1", "--num-cpus=1", f"--temp-dir={temp}",
              "--disable-usage-stats"]
    head = subprocess.Popen(
        [str(RAY), "start", "--head", f"--port={gcs}", f"--ray-client-server-port={client}",
         "--include-dashboard=false", *common, *_node_args(ports[:6])],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    nodes = [head]
    try:
        address = f"127.0.0.1:{gcs}"
        _wait_for_nodes(address, 1, env)
        nodes.append(subprocess.Popen(
            [str(RAY), "start", f"--address={address}", *common, *_node_args(ports[6:12])],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True))
        _wait_for_nodes(address, 2, env)
        yield {"address": address, "client": f"ray://127.0.0.1:{client}", "env": env}
    finally:
        for proc in reversed(nodes):
            _stop(proc)
        shutil.rmtree(temp, ignore_errors=True)


def _simulate(env: dict[str, str], data: Path, *extra: str) -> dict:
    out = subprocess.run(
        [str(BOARDLAB), "simulate", "geometry", "--players", "3", "--games", "24", "--seed",
         "5", "--json", "--no-store", *extra],
        capture_output=True, text=True, timeout=180,
        env={**env, "BOARDLAB_DATA_DIR": str(data)})
    assert out.returncode == 0, out.stdout + out.stderr
    return json.loads(out.stdout)["analysis"]


def test_simulate_on_a_two_node_cluster_gives_the_process_pool_figures(cluster, tmp_path):
    pool = _simulate(cluster["env"], tmp_path, "--backend", "process", "--workers", "2")
    on_gcs = _simulate(cluster["env"], tmp_path, "--backend", "ray",
                       "--address", cluster["address"])
    assert on_gcs == pool
    via_client = _simulate(cluster["env"], tmp_path, "--backend", "ray",
                           "--address", cluster["client"])
    assert via_client == pool
