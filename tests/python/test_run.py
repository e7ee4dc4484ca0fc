"""moreau.Run against `moreau run` and the library: the same steps, bitwise."""

import json
import os
import subprocess
import threading
import _thread

import numpy as np
import pytest

import moreau
from conftest import SOURCE, moreau_command

# The shortened duration of the large benchmark scenes (a few steps show the same code path).
BENCHMARK_DURATION = 0.02
# The 4,000-block clock tower's first steps take seconds each, at rest or shaken: two steps
# show its code path. The column's and the facade's first second under El Centro show theirs
# (the record, the moving table) in a second of the half minute their whole records take;
# the tilted wall and the arch on the tilting table still run to their collapse.
SHORTENED = {"clock-tower": 0.002, "clock-tower-el-centro": 0.002,
             "column-el-centro": 1.0, "facade-el-centro": 1.0}
PROBLEMS = sorted((SOURCE / "problems").rglob("*.yaml"))


def duration_of(path):
    if path.stem in SHORTENED:
        return SHORTENED[path.stem]
    return BENCHMARK_DURATION if path.parent.name == "benchmarks" else None


def comparable(summary):
    """summary.json less what depends on the machine's speed."""
    return {key: value for key, value in summary.items()
            if key not in ("wall_seconds", "time_split", "problem")}


@pytest.mark.parametrize("path", PROBLEMS, ids=lambda path: path.stem)
def test_every_bundled_problem_ends_bitwise_where_moreau_run_ends(path, tmp_path):
    duration = duration_of(path)
    arguments = ["run", path, "--out", tmp_path / "cli", "--quiet"]
    if duration:
        arguments += ["--duration", duration]
    completed = moreau_command(*arguments)
    # 3: the run finished with steps the solver did not converge, which summary.json counts
    # and the comparison below covers. The tilted wall's problem file says that its collapse
    # may end so; which steps of a collapse converge depends on the trajectory's last bits.
    assert completed.returncode in (0, 3), completed.stderr
    cli = json.loads((tmp_path / "cli" / "summary.json").read_text())

    problem = moreau.load_problem(path)
    if duration:
        problem.duration = duration
    run = moreau.Run(problem, out=tmp_path / "python")
    returned = run.run()
    written = json.loads((tmp_path / "python" / "summary.json").read_text())

    assert comparable(returned) == comparable(cli)
    assert comparable(written) == comparable(cli)
    # The arrays are the final state summary.json holds (17 digits round-trip exactly).
    assert np.array_equal(run.positions, [body["position"] for body in cli["bodies"]])
    assert np.array_equal(run.orientations, [body["orientation"] for body in cli["bodies"]])
    for name in ("history.csv", "solver.csv"):
        assert ((tmp_path / "python" / name).read_text().splitlines()[0]
                == (tmp_path / "cli" / name).read_text().splitlines()[0])


def test_a_gravity_changed_between_steps_acts_as_the_same_change_made_in_cpp():
    path = SOURCE / "problems" / "block-incline.yaml"
    steps, tilt_rate = 100, 20.0
    completed = subprocess.run([os.environ["MOREAU_CHANGE_GRAVITY"], str(path), str(steps),
                                str(tilt_rate)], capture_output=True, text=True, check=True)
    expected = np.array([[float(value) for value in line.split()]
                         for line in completed.stdout.splitlines()])

    run = moreau.Run(path)
    while not run.finished and run.step_number < steps:
        run.step()
    gravity = run.gravity
    gravity.tilt_rate = tilt_rate
    gravity.tilt_start = run.time
    run.gravity = gravity
    run.run()
    assert np.array_equal(np.hstack([run.positions, run.orientations]), expected)
    # The tilt moved the block: the comparison is not between two runs that ignore it.
    untilted = moreau.Run(path)
    untilted.run()
    assert not np.array_equal(untilted.positions, run.positions)


def test_stepping_reports_each_step_and_the_state_moves_with_it():
    run = moreau.Run(SOURCE / "problems" / "bouncing-ball.yaml")
    heights = []
    while not run.finished:
        outcome = run.step()
        assert outcome.step == run.step_number
        assert outcome.time == pytest.approx(run.time)
        heights.append(run.positions[run.body_names.index("ball"), 2])
    assert outcome.last and len(heights) == run.step_count
    assert max(heights) > min(heights)
    with pytest.raises(moreau.InputError, match="finished"):
        run.step()


def test_contacts_and_interfaces_are_arrays_of_the_documented_shapes():
    run = moreau.Run(SOURCE / "problems" / "arch.yaml")
    run.step()
    contacts = run.contacts()
    n = len(contacts["body_a"])
    assert n > 0
    assert contacts["point"].shape == (n, 3) and contacts["frame"].shape == (n, 3, 3)
    assert np.allclose(contacts["normal"], contacts["frame"][:, :, 0])
    assert np.allclose(np.einsum("nij,nj->ni", contacts["frame"], contacts["force"]),
                       contacts["force_world"])
    assert set(contacts["status"]) <= {0, 1, 2}
    # The free voussoirs stand: the contact forces carry their weight.
    free = [i for i, motion in enumerate(run.motions) if motion == "free"]
    weight = 9.81 * run.masses[free].sum()
    on_free = sum(force for force, a in zip(contacts["force_world"], contacts["body_a"])
                  if a not in free)
    assert -on_free[2] == pytest.approx(weight, rel=1e-3)
    interfaces = run.interfaces()
    assert len(interfaces["body_a"]) > 0
    assert np.all(interfaces["normal_force"] > 0)


def test_the_mechanism_at_the_collapse_is_the_one_the_summary_holds():
    run = moreau.Run(SOURCE / "problems" / "arch-tilting-table.yaml")
    summary = run.run()
    mechanism = run.mechanism()
    assert mechanism == summary["collapse"]["mechanism"]
    assert mechanism["description"].startswith("4-hinge mechanism of 3 parts")
    assert len(mechanism["hinges"]) == 4


def test_a_checkpoint_continues_the_run_bitwise(tmp_path):
    path = SOURCE / "problems" / "rocking-block.yaml"
    whole = moreau.Run(path)
    whole.run()

    first = moreau.Run(path)
    for _ in range(first.step_count // 3):
        first.step()
    first.checkpoint(tmp_path / "checkpoint")
    continued = moreau.Run(path, restart_from=tmp_path / "checkpoint")
    assert continued.step_number == first.step_count // 3
    continued.run()
    assert np.array_equal(continued.positions, whole.positions)
    assert np.array_equal(continued.velocities, whole.velocities)


def test_a_driven_support_follows_the_motion_given_in_python():
    run = moreau.Run(SOURCE / "problems" / "tower-ground-motion.yaml")
    driven = run.motions.index("driven")
    start = run.positions[driven].copy()
    run.drive(driven, linear=lambda t: (0.1, 0.0, 0.0))
    for _ in range(100):
        run.step()
    assert run.positions[driven] - start == pytest.approx([0.1 * run.time, 0, 0], abs=1e-12)
    run.drive(run.body_names[driven], linear=[0.0, 0.0, 0.0])
    before = run.positions[driven].copy()
    run.step()
    assert np.array_equal(run.positions[driven], before)
    with pytest.raises(moreau.InputError, match="driven"):
        run.drive(run.motions.index("free"), linear=[1.0, 0.0, 0.0])


def test_runs_in_threads_give_the_results_of_runs_in_turn():
    path = SOURCE / "problems" / "rocking-block.yaml"
    alone = moreau.Run(path)
    alone.run()
    runs = [moreau.Run(path) for _ in range(2)]
    threads = [threading.Thread(target=run.run) for run in runs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for run in runs:
        assert np.array_equal(run.positions, alone.positions)


def test_a_keyboard_interrupt_ends_the_run_with_its_outputs_complete(tmp_path):
    problem = moreau.load_problem(SOURCE / "problems" / "wall-tilt.yaml")
    run = moreau.Run(problem, out=tmp_path / "out")
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        run.run()
    timer.join()
    assert run.finished and run.step_number < run.step_count
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert summary["interrupted"] == "KeyboardInterrupt"
    assert summary["steps"] == run.step_number
    assert (tmp_path / "out" / moreau_checkpoint_name(run.step_number)).is_file()


def moreau_checkpoint_name(step):
    return f"checkpoint-{step:06d}"


def test_an_output_folder_holding_a_run_is_refused_unless_overwrite(tmp_path):
    path = SOURCE / "problems" / "arch-2d.yaml"
    moreau.Run(path, out=tmp_path).run()
    with pytest.raises(moreau.InputError) as refused:
        moreau.Run(path, out=tmp_path)
    assert refused.value.key == "out"
    moreau.Run(path, out=tmp_path, overwrite=True).run()


def test_an_output_folder_another_run_holds_is_refused_until_that_run_is_deleted(tmp_path):
    path = SOURCE / "problems" / "arch-2d.yaml"
    first = moreau.Run(path, out=tmp_path)
    with pytest.raises(moreau.InputError, match="another moreau run is writing") as refused:
        moreau.Run(path, out=tmp_path, overwrite=True)
    assert refused.value.key == "out"
    first.run()
    del first
    moreau.Run(path, out=tmp_path, overwrite=True).run()


@pytest.mark.parametrize("threads", [0, -1, 1025])
def test_a_thread_count_outside_the_rule_of_every_front_end_is_refused(threads):
    path = SOURCE / "problems" / "arch-2d.yaml"
    with pytest.raises(moreau.InputError, match="expected 1 to 1024") as refused:
        moreau.Run(path, threads=threads)
    assert refused.value.key == "threads"
