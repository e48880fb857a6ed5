"""python3 go.py COMMAND runs the tutor in the folder the user is in."""
from __future__ import annotations

import shutil
import subprocess
import sys

from conftest import ROOT


def test_go_resolves_relative_paths_against_the_users_folder(tmp_path):
    shutil.copy(ROOT / "exercises" / "hilfe.yaml", tmp_path / "meine.yaml")
    go = [sys.executable, str(ROOT / "go.py")]
    checked = subprocess.run([*go, "drills", "check", "meine.yaml"], cwd=tmp_path,
                             capture_output=True, text=True, timeout=300)
    assert checked.returncode == 0, checked.stderr
    made = subprocess.run([*go, "sheet", "meine.yaml", "-o", "blatt.html"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300)
    assert made.returncode == 0, made.stderr
    assert (tmp_path / "blatt.html").exists()
    assert not (ROOT / "blatt.html").exists()
