"""python3 go.py COMMAND runs the tutor in the folder the user is in."""
from __future__ import annotations

import shutil
import sys

from conftest import ROOT
import waiting


def test_go_resolves_relative_paths_against_the_users_folder(tmp_path):
    shutil.copy(ROOT / "exercises" / "hilfe.yaml", tmp_path / "meine.yaml")
    go = [sys.executable, str(ROOT / "go.py")]
    checked = waiting.run([*go, "drills", "check", "meine.yaml"], cwd=tmp_path)   # killed only when it hangs
    assert checked.returncode == 0, checked.stderr
    made = waiting.run([*go, "sheet", "meine.yaml", "-o", "blatt.html"], cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert (tmp_path / "blatt.html").exists()
    assert not (ROOT / "blatt.html").exists()


def test_go_installs_what_the_quiz_needs_and_the_test_tools_only_for_the_tests(monkeypatch):
    """python3 go.py installs the tutor (its dependencies: the quiz's); python3 go.py test
    adds the test extra (pytest, Babel ...); each is installed once, then run."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("go", ROOT / "go.py")
    go = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(go)
    assert go.install_command(False)[-2:] == ["-e", str(ROOT)]
    assert go.install_command(True)[-2:] == ["-e", f"{ROOT}[test]"]
    asked = []
    monkeypatch.setattr(go, "ensure_env", lambda test=False: asked.append(test))
    monkeypatch.setattr(go.subprocess, "call", lambda *a, **k: 0)
    go.main([])
    go.main(["quiz", "--review"])
    go.main(["test", "-q"])
    assert asked == [False, False, True]
    import tomllib

    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    needed = " ".join(meta["dependencies"])
    assert all(name in needed for name in ("click", "jinja2", "pyyaml", "markdown-it-py", "rich"))
    assert "pytest" not in needed and any("pytest" in x for x in meta["optional-dependencies"]["test"])
