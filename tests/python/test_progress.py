"""The progress line of `moreau run` on a terminal: drawn on stderr when it is a terminal,
saying how many steps did not converge so far, and absent when stderr is not a terminal.
"""

import os
import pty
import subprocess

from conftest import EXECUTABLE, TILTING_ARCH

# The tilting arch with a single iteration for each solve: its steps do not converge once its
# blocks move.
ARCH = TILTING_ARCH + "solver: {name: velocity-newton, max_iterations: 1}\n"


def run_on_terminal(command):
    """Runs `command` with stderr on a pseudo-terminal; returns its exit code, stdout and what
    the terminal received."""
    controller, terminal = pty.openpty()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=terminal)
    os.close(terminal)
    received = b""
    while True:
        try:
            chunk = os.read(controller, 4096)
        except OSError:  # the terminal's other end closed: the process ended
            break
        if not chunk:
            break
        received += chunk
    stdout = process.stdout.read().decode()
    code = process.wait()
    os.close(controller)
    return code, stdout, received.decode(errors="replace")


def test_the_progress_line_counts_the_steps_not_converged(tmp_path):
    problem = tmp_path / "arch.yaml"
    problem.write_text(ARCH)
    code, stdout, terminal = run_on_terminal(
        [EXECUTABLE, "run", problem, "--out", tmp_path / "out"])
    assert code == 3, stdout + terminal
    assert "NOT CONVERGED in" in stdout
    assert "step " in terminal and " s left" in terminal
    assert " NOT CONVERGED " in terminal


def test_no_progress_line_when_stderr_is_not_a_terminal(tmp_path):
    problem = tmp_path / "arch.yaml"
    problem.write_text(ARCH)
    result = subprocess.run([EXECUTABLE, "run", problem, "--out", tmp_path / "out"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 3, result.stdout + result.stderr
    assert " s left" not in result.stderr
