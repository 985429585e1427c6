"""The web app and terminal play need only the base dependencies (``make run``'s install):
import them, serve a lobby and play a bot table, with the lab and RL stacks made unimportable."""

from __future__ import annotations

import subprocess
import sys
import textwrap

# Run in a fresh interpreter: a finder placed first on sys.meta_path refuses every package of
# the extras, as if they were not installed.
SCRIPT = textwrap.dedent('''
    import sys

    HEAVY = {"numpy", "scipy", "pandas", "matplotlib", "statsmodels", "pyarrow", "ray",
             "pettingzoo", "gymnasium", "pyspiel", "open_spiel", "psycopg"}

    class NotInstalled:
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in HEAVY:
                raise ModuleNotFoundError(f"No module named {name!r} (blocked)", name=name)
            return None

    sys.meta_path.insert(0, NotInstalled())

    from typer.testing import CliRunner

    import boardlab.play  # noqa: F401
    from boardlab.cli import app as cli
    from boardlab.engine.registry import all_game_ids
    from boardlab.server.app import create_app

    runner = CliRunner()
    for args in (["--help"], ["games"], ["play", "--help"], ["serve", "--help"]):
        out = runner.invoke(cli, args)
        assert out.exit_code == 0, (args, out.output, out.exception)

    from fastapi.testclient import TestClient

    with TestClient(create_app(sys.argv[1])) as client:
        assert client.get("/").status_code == 200
        games = client.get("/api/games").json()
        assert games, games
        for gid in all_game_ids():
            assert client.get(f"/api/games/{gid}").status_code == 200
        made = client.post("/api/tables", json={
            "game": "geometry", "players": 2, "start": True,
            "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]})
        assert made.status_code == 201, made.text
    loaded = sorted(m for m in sys.modules if m.partition(".")[0] in HEAVY)
    assert not loaded, loaded
    print("lean ok")
''')


def test_web_app_and_play_import_and_run_without_the_extras(tmp_path):
    url = f"sqlite:///{tmp_path / 'lean.sqlite'}"
    out = subprocess.run([sys.executable, "-c", SCRIPT, url], capture_output=True, text=True,
                         timeout=120, env={"BOARDLAB_DATA_DIR": str(tmp_path), "PATH": ""})
    assert out.returncode == 0, out.stdout + out.stderr
    assert "lean ok" in out.stdout
