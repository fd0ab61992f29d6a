"""Shared fixtures: the command-line binary the Python values are compared with."""

import json
import os
import subprocess
from pathlib import Path
from typing import Any, List

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]


def _binary() -> Path:
    given = os.environ.get("GRUNDY_BIN")
    if given:
        return Path(given)
    for profile in ("debug", "release"):
        candidate = REPOSITORY / "target" / profile / "grundy"
        if candidate.exists():
            return candidate
    raise RuntimeError(
        "the grundy binary is needed: run `cargo build -p grundy-cli` or set GRUNDY_BIN"
    )


class Cli:
    """Runs the CLI with --json: `cli(...)` returns the parsed answer, `cli.error(...)` the
    message of its one `error:` line (exit code 2)."""

    def __init__(self, binary: Path) -> None:
        self.binary = binary

    def _run(self, args: tuple) -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(self.binary), *args, "--json"], capture_output=True, text=True
        )

    def __call__(self, *args: str) -> Any:
        done = self._run(args)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    def error(self, *args: str) -> str:
        done = self._run(args)
        assert done.returncode == 2 and done.stderr.startswith("error: "), done.stderr
        return done.stderr[len("error: ") :].strip()


@pytest.fixture(scope="session")
def cli() -> Cli:
    binary = _binary()
    assert binary.exists(), f"{binary} does not exist (cargo build -p grundy-cli)"
    return Cli(binary)


def run_python(code: str, timeout: float = 120) -> List[str]:
    """Runs `code` in a fresh interpreter (for memory and signal measurements) and returns the
    lines it printed."""
    import sys

    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=Path(__file__).parent,  # not python/, whose grundy/ is the source without the build
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()
