"""The compiled parts of the package, built by setuptools beside the metadata in
pyproject.toml.

- The solver core (tutor.play._solver) is optional: where it does not compile (no C
  compiler, no Python headers), the package installs without it and tutor.play.solver
  uses its pure-Python reference instead (`tutor solve --version` says which engine runs).
- The core knows the digest of the source it was built from (its ``SOURCE``, sha256 of
  _solver.c): the deep check's cache keys the core by it, not by the built file's bytes
  (which hold the build folder's path: every clone and worktree simulated anew).
- The message catalogs: every tutor/locale/<lang>/LC_MESSAGES/tutor.po is compiled to the
  tutor.mo the standard library's gettext reads, by tutor/_msgfmt.py (the standard library
  only, so the build needs no Babel). An editable install compiles them in the source
  tree; tutor.i18n compiles a missing or outdated one on first use anyway.
"""
import hashlib
import importlib.util
import os

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))


def _msgfmt():
    spec = importlib.util.spec_from_file_location("tutor_msgfmt", os.path.join(HERE, "tutor", "_msgfmt.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildPyWithCatalogs(build_py):
    """build_py, then the .mo of every .po, beside the package's other files."""

    def run(self):
        super().run()
        source = os.path.join(HERE, "tutor", "locale")
        if not os.path.isdir(source):
            return
        target = source if getattr(self, "editable_mode", False) else \
            os.path.join(self.build_lib, "tutor", "locale")
        for path in _msgfmt().compile_tree(source, target):
            self.announce(f"compiled {os.path.relpath(path, HERE)}", level=2)


def _core_source() -> str:
    with open(os.path.join(HERE, "tutor", "play", "_solver.c"), "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


setup(ext_modules=[Extension("tutor.play._solver", ["tutor/play/_solver.c"], optional=True,
                             define_macros=[("CORE_SOURCE", f'"{_core_source()}"')])],
      cmdclass={"build_py": BuildPyWithCatalogs})
