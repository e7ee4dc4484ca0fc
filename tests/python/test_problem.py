"""Problems from files, text and dicts: the checks and located errors of `moreau run`."""

import json

import pytest
import yaml

import moreau
from conftest import SOURCE, moreau_command


def test_a_bad_problem_file_raises_with_file_line_and_key(tmp_path):
    path = tmp_path / "bad.yaml"
    text = (SOURCE / "problems" / "arch.yaml").read_text()
    assert "density: 2400" in text
    path.write_text(text.replace("density: 2400", "density: -2400"))
    with pytest.raises(moreau.InputError) as raised:
        moreau.load_problem(path)
    error = raised.value
    assert error.file == str(path)
    assert error.line == text.splitlines().index(
        next(line for line in text.splitlines() if "density: 2400" in line)) + 1
    assert error.key.endswith("density")
    assert isinstance(error, ValueError)
    # The same message as the command line's.
    completed = moreau_command("check", path)
    assert completed.returncode == 2
    assert str(error) in completed.stderr


def test_warnings_are_those_of_moreau_check(tmp_path):
    path = tmp_path / "tonnes.yaml"
    text = (SOURCE / "problems" / "arch.yaml").read_text()
    path.write_text(text.replace("density: 2400", "density: 2.4"))
    problem = moreau.load_problem(path)
    assert len(problem.warnings) == 1
    assert "materials[0].density" in problem.warnings[0]
    assert "t/m^3" in problem.warnings[0]
    completed = moreau_command("check", path)
    assert completed.returncode == 0
    assert problem.warnings[0] in completed.stderr
    assert moreau.load_problem(SOURCE / "problems" / "arch.yaml").warnings == []


def test_a_missing_file_raises_naming_it(tmp_path):
    with pytest.raises(moreau.InputError) as raised:
        moreau.Run(tmp_path / "absent.yaml")
    assert raised.value.file == str(tmp_path / "absent.yaml")


def test_a_problem_from_a_dict_is_the_problem_of_the_file():
    path = SOURCE / "problems" / "arch-tilting-table.yaml"
    document = yaml.safe_load(path.read_text())
    from_dict = moreau.Run(moreau.problem_from_dict(document, folder=path.parent))
    from_file = moreau.Run(path)
    assert from_dict.run()["bodies"] == from_file.run()["bodies"]


def test_a_bad_dict_raises_at_its_key():
    document = yaml.safe_load((SOURCE / "problems" / "arch.yaml").read_text())
    document["time"]["step"] = 0
    with pytest.raises(moreau.InputError) as raised:
        moreau.problem_from_dict(document, name="study")
    assert raised.value.key == "time.step"
    assert raised.value.file == "study"
    assert raised.value.line is None and raised.value.column is None
    assert str(raised.value).startswith("study: error: time.step: expected")
    document["time"]["step"] = 1e-3
    document["bodies"][0]["shape"]["type"] = "cube"
    with pytest.raises(moreau.InputError) as raised:
        moreau.problem_from_dict(document)
    assert str(raised.value).startswith("<problem>: error: bodies[0].shape.type: expected")
    with pytest.raises(moreau.InputError, match="nscd or penalty"):
        moreau.load_problem(SOURCE / "problems" / "arch.yaml", mode="implicit")
    with pytest.raises(moreau.InputError, match="explicit or implicit"):
        moreau.load_problem(SOURCE / "problems" / "arch.yaml", integration="penalty")
    with pytest.raises(moreau.InputError, match="found mode nscd"):
        moreau.load_problem(SOURCE / "problems" / "arch.yaml", integration="implicit")


def test_the_penalty_modes_integration_is_chosen_as_moreau_run_chooses_it():
    path = SOURCE / "problems" / "arch.yaml"
    assert moreau.load_problem(path).integration is None
    assert moreau.load_problem(path, mode="penalty").integration == "explicit"
    problem = moreau.load_problem(path, mode="penalty", integration="implicit")
    assert problem.integration == "implicit"
    problem.duration = 5 * problem.time_step
    summary = moreau.Run(problem).run()
    assert summary["mode"] == "penalty" and summary["integration"] == "implicit"
    assert summary["counts"]["solves"] == 5 and summary["counts"]["not_converged"] == 0
    document = yaml.safe_load(path.read_text())
    assert moreau.problem_from_dict(document, folder=path.parent, mode="penalty",
                                    integration="implicit").integration == "implicit"


def test_settings_a_study_changes_are_checked():
    problem = moreau.load_problem(SOURCE / "problems" / "arch.yaml")
    with pytest.raises(moreau.InputError, match="duration"):
        problem.duration = problem.time_step / 2
    problem.duration = 10 * problem.time_step
    assert problem.step_count == 10
    gravity = problem.gravity
    gravity.tilt_axis = [0.0, 0.0, 2.0]
    with pytest.raises(moreau.InputError, match="tilt_axis"):
        problem.gravity = gravity
    problem.solver = "no-such-solver"
    with pytest.raises(moreau.InputError, match="no-such-solver"):
        moreau.Run(problem)
    assert json.loads(json.dumps(problem.body_names)) == problem.body_names
