"""SIGINT and SIGTERM at random moments of a run's whole life, 200 times in all.

`moreau run`, `moreau compare` and `moreau ida` are signalled anywhere from start-up (once
moreau catches signals: before, the dynamic loader's milliseconds, a signal ends it as any
program) to after their last output (a seeded draw of the moment, up to 1.3 times the
uninterrupted command's time), and in the middle of steps that take a good part of a second. Every exit must be 0 or 4, no
file is left half written (no `.partial`, every CSV ends with its line), no run of `ida`
outlives it, and every interrupted run continued (`moreau run --restart-from` its last
checkpoint, or run again when it was stopped before its first step; the same `compare`
command, which continues its runs so) writes the uninterrupted run's outputs byte for byte: history.csv, solver.csv, interfaces.csv, mechanisms.csv, the VTK files, and
summary.json less its wall times. A doubled SIGINT to `ida` ends it at once, and its runs
with it.
"""

import json
import pathlib
import random
import signal
import subprocess
import time

from conftest import EXECUTABLE, SOURCE, TILTING_ARCH

# The tilting arch with every output on. About 0.2 s.
ARCH = TILTING_ARCH + "output: {every: 10, vtk: true, mechanisms: true, interfaces: true}\n"

# The same arch solved by nsgs to a tolerance no sweep reaches, 300,000 sweeps a step: each
# step takes a good part of a second and ends not converged (exit 3).
LONG_STEPS = ARCH.replace("time: {step: 1.0e-3, duration: 0.3}",
                          "time: {step: 1.0e-3, duration: 0.004}\n"
                          "solver: {name: nsgs, tolerance: 1.0e-300, max_iterations: 300000}")

SIGNALS = (signal.SIGINT, signal.SIGTERM)
WALL_TIME_COLUMNS = {"solve_seconds", "collision_seconds", "assembly_seconds"}
WALL_TIME_KEYS = {"wall_seconds", "time_split", "restarted_from_step", "interrupted"}


def catches_stop_signals(pid):
    """Whether the process has its SIGINT and SIGTERM handlers (/proc/PID/status, SigCgt):
    before, it is still being loaded, and a signal ends it as it ends any program."""
    try:
        status = pathlib.Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    caught = int(next(line.split()[1] for line in status.splitlines()
                      if line.startswith("SigCgt:")), 16)
    wanted = (1 << (signal.SIGINT - 1)) | (1 << (signal.SIGTERM - 1))
    return caught & wanted == wanted


def started(command, stdout):
    """Starts `command` and returns its process once moreau catches signals (or has ended)."""
    process = subprocess.Popen(command, stdout=stdout, stderr=subprocess.PIPE, text=True)
    while process.poll() is None and not catches_stop_signals(process.pid):
        time.sleep(0.0005)
    return process


def signalled(command, delay, signal_number):
    """Runs `command`, sends the signal `delay` s after moreau can catch it (if it is still
    running), and returns its exit code and its standard error."""
    process = started(command, subprocess.DEVNULL)
    try:
        process.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        process.send_signal(signal_number)
    _, errors = process.communicate(timeout=120)
    return process.returncode, errors


def timed(command_into, folder):
    """Runs `command_into(folder)` and returns its result and the command's time on the clock
    the signals' delays run on: from the moment moreau catches signals to its exit. The time is
    the shortest of three runs (the other two write into scratch folders beside `folder`), so
    that one slow run, beside a busy test or on cold caches, does not move most delays past the
    command's end."""
    seconds = []
    for k in range(3):
        process = started(command_into(folder if k == 0 else f"{folder}-timing-{k}"),
                          subprocess.PIPE)
        start = time.monotonic()
        output, errors = process.communicate()
        seconds.append(time.monotonic() - start)
        if k == 0:
            result = subprocess.CompletedProcess(process.args, process.returncode, output, errors)
    return result, min(seconds)


def csv_without_wall_times(path):
    rows = [line.split(",") for line in path.read_text().splitlines()]
    keep = [k for k, name in enumerate(rows[0]) if name not in WALL_TIME_COLUMNS]
    return [[row[k] for k in keep if k < len(row)] for row in rows]


def comparable(folder):
    """The outputs of a run as the uninterrupted one must have them."""
    outputs = {}
    for path in sorted(pathlib.Path(folder).rglob("*")):
        name = str(path.relative_to(folder))
        if path.is_dir() or path.name.startswith("checkpoint-") or path.suffix == ".log":
            continue
        if path.suffix == ".csv":
            outputs[name] = csv_without_wall_times(path)
        elif path.name == "summary.json":
            summary = json.loads(path.read_text())
            outputs[name] = {k: v for k, v in summary.items() if k not in WALL_TIME_KEYS}
        else:
            outputs[name] = path.read_bytes()
    return outputs


def differing(outputs, expected):
    """The names of the outputs that differ from those expected, or are missing."""
    return sorted(name for name in outputs.keys() | expected.keys()
                  if outputs.get(name) != expected.get(name))


def assert_whole(folder):
    """Nothing half written: no temporary file, every CSV ends with its line, every JSON
    parses."""
    for path in pathlib.Path(folder).rglob("*"):
        assert not path.name.endswith(".partial"), path
        if path.suffix == ".csv":
            text = path.read_text()
            assert text.endswith("\n"), f"{path} ends mid-line"
        if path.suffix == ".json":
            json.loads(path.read_text())


def last_checkpoint(folder):
    checkpoints = sorted(pathlib.Path(folder).glob("checkpoint-*"))
    return checkpoints[-1] if checkpoints else None


def continue_run(problem, folder, expected_code):
    """Continues an interrupted run from its last checkpoint, or runs it again when it was
    stopped before its first step (its folder then holds nothing)."""
    checkpoint = last_checkpoint(folder)
    if checkpoint is None:
        assert not pathlib.Path(folder).exists() or not any(pathlib.Path(folder).iterdir()), \
            f"{folder} holds outputs but no checkpoint"
        command = [EXECUTABLE, "run", problem, "--quiet", "--out", folder, "--overwrite"]
    else:
        command = [EXECUTABLE, "run", problem, "--quiet", "--restart-from", checkpoint,
                   "--overwrite"]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode == expected_code, result.stdout + result.stderr


def interrupt_runs(tmp_path, text, count, seed, reference_code):
    problem = tmp_path / "problem.yaml"
    problem.write_text(text)
    reference = tmp_path / "reference"
    result, seconds = timed(lambda out: [EXECUTABLE, "run", problem, "--quiet", "--out", out],
                            reference)
    assert result.returncode == reference_code, result.stdout + result.stderr
    expected = comparable(reference)
    rng = random.Random(seed)
    codes = {}
    for k in range(count):
        folder = tmp_path / f"run-{k}"
        delay = rng.uniform(0.0, 1.3 * seconds)
        number = rng.choice(SIGNALS)
        code, errors = signalled([EXECUTABLE, "run", problem, "--quiet", "--out", folder],
                                 delay, number)
        assert code in (reference_code, 4), f"{number.name} at {delay:.3f} s: {code}\n{errors}"
        codes[code] = codes.get(code, 0) + 1
        if pathlib.Path(folder).exists():
            assert_whole(folder)
        checkpoint = last_checkpoint(folder)
        if code == 4:
            continue_run(problem, folder, reference_code)
        assert differing(comparable(folder), expected) == [], \
            f"{number.name} at {delay:.3f} s, exit {code}, continued from {checkpoint}"
    return codes


def test_run_interrupted_at_random_moments_continues_to_the_same_outputs(tmp_path):
    codes = interrupt_runs(tmp_path, ARCH, 110, 1, 0)
    assert codes.get(4, 0) >= 25, codes  # about half land in the run, not after it


def test_run_interrupted_in_long_steps_continues_to_the_same_outputs(tmp_path):
    codes = interrupt_runs(tmp_path, LONG_STEPS, 20, 2, 3)
    assert codes.get(4, 0) >= 5, codes


def test_compare_interrupted_at_random_moments_continues_to_the_same_outputs(tmp_path):
    problem = SOURCE / "problems" / "rocking-block.yaml"
    arguments = ["compare", problem, "--quiet", "--duration", "0.3"]
    result, seconds = timed(lambda out: [EXECUTABLE, *arguments, "--out", out],
                            tmp_path / "reference")
    assert result.returncode == 0, result.stdout + result.stderr
    rng = random.Random(3)
    interrupted = 0
    for k in range(40):
        folder = tmp_path / f"compare-{k}"
        delay = rng.uniform(0.0, 1.3 * seconds)
        code, errors = signalled([EXECUTABLE, *arguments, "--out", folder], delay,
                                 rng.choice(SIGNALS))
        assert code in (0, 4), f"at {delay:.3f} s: {code}\n{errors}"
        interrupted += code == 4
        if folder.exists():
            assert_whole(folder)
        if code == 4:  # the same command continues the comparison
            continued = subprocess.run([EXECUTABLE, *arguments, "--out", folder],
                                       capture_output=True, text=True, check=False)
            assert continued.returncode == 0, (
                f"at {delay:.3f} s: {continued.stdout}{continued.stderr}")
        assert differing(comparable(folder), comparable(tmp_path / "reference")) == []
    assert interrupted >= 8


def moreau_processes_in(folder):
    """The processes whose command line names `folder` (the runs of an ida study)."""
    found = []
    for entry in pathlib.Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command_line = (entry / "cmdline").read_bytes().decode(errors="replace")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if str(folder) in command_line and state != "Z":
            found.append(int(entry.name))
    return found


def ida_command(folder):
    return [EXECUTABLE, "ida", SOURCE / "problems" / "rocking-block-pulse.yaml", "--scales",
            "0.5,1", "--jobs", "2", "--duration", "1", "--quiet", "--out", folder]


def test_ida_interrupted_at_random_moments_resumes_to_the_same_curve(tmp_path):
    result, seconds = timed(ida_command, tmp_path / "reference")
    assert result.returncode == 0, result.stdout + result.stderr
    expected = (tmp_path / "reference" / "ida.csv").read_text()
    rng = random.Random(4)
    interrupted = 0
    for k in range(26):
        folder = tmp_path / f"ida-{k}"
        # Half the study's time: its runs are under way then; its plot takes the rest.
        delay = rng.uniform(0.0, 0.5 * seconds)
        code, errors = signalled(ida_command(folder), delay, rng.choice(SIGNALS))
        assert code in (0, 4), f"at {delay:.3f} s: {code}\n{errors}"
        assert moreau_processes_in(folder) == [], "a run outlived its study"
        interrupted += code == 4
        if folder.exists():
            assert_whole(folder)
        resumed = subprocess.run(ida_command(folder), capture_output=True, text=True,
                                 check=False)
        assert resumed.returncode == 0, resumed.stdout + resumed.stderr
        assert (folder / "ida.csv").read_text() == expected
    assert interrupted >= 6


def start_long_study(folder):
    """An ida study of two runs that would take minutes, once both runs are stepping."""
    command = [EXECUTABLE, "ida", SOURCE / "problems" / "rocking-block-pulse.yaml", "--scales",
               "0.5,1", "--jobs", "2", "--duration", "1000", "--quiet", "--out", folder]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while len(list(folder.glob("scale-*/history.csv"))) < 2:
        assert process.poll() is None, "the study ended by itself"
        time.sleep(0.02)
    return process


def assert_no_run_outlives(folder):
    deadline = time.monotonic() + 30
    while moreau_processes_in(folder) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert moreau_processes_in(folder) == [], "the study's runs outlived it"


def test_a_doubled_sigint_ends_ida_and_its_runs_at_once(tmp_path):
    """The second SIGINT, 0.3 s after the first, ends ida at once unless its runs have stopped
    by then; either way none goes on. Before, its runs went on writing."""
    for k in range(3):
        folder = tmp_path / f"ida-{k}"
        process = start_long_study(folder)
        process.send_signal(signal.SIGINT)
        time.sleep(0.3)
        process.send_signal(signal.SIGINT)
        process.wait(timeout=120)
        assert process.returncode in (4, -signal.SIGINT)
        assert_no_run_outlives(folder)


def test_the_runs_of_a_killed_ida_end_with_it(tmp_path):
    """SIGKILL gives ida no chance to pass anything on: its runs end by their parent-death
    signal."""
    folder = tmp_path / "ida"
    process = start_long_study(folder)
    process.kill()
    process.wait(timeout=120)
    assert_no_run_outlives(folder)
