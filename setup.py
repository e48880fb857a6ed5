"""The compiled core of the solver (tutor.play._solver), built by setuptools beside the
metadata in pyproject.toml. It is optional: where it does not compile (no C compiler,
no Python headers), the package installs without it and tutor.play.solver uses its
pure-Python reference instead (`tutor solve --version` says which engine runs)."""
from setuptools import Extension, setup

setup(ext_modules=[Extension("tutor.play._solver", ["tutor/play/_solver.c"], optional=True)])
