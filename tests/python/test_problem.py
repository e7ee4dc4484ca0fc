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


def test_a_copy_with_imperfections_is_what_moreau_run_draws(tmp_path):
    """Problem.with_imperfections draws what `moreau run --imperfections` (one copy of
    `moreau ensemble`) draws from the same seed: the blocks shrunk, with the mass of a prism of
    unit depth of their new size, and moved; the problem it was drawn from unchanged."""
    path = SOURCE / "problems" / "blocks-side-by-side.yaml"
    problem = moreau.load_problem(path)
    settings = dict(block_size=0.002, placement=0.001, friction=0.1, rate=0.2)
    copy, drawn = problem.with_imperfections(7, **settings)
    perfect, imperfect = moreau.Run(problem), moreau.Run(copy)
    assert [body["name"] for body in drawn["bodies"]] == ["left", "right"]
    for body in drawn["bodies"]:
        i = perfect.body_names.index(body["name"])
        assert 0.0 <= body["shrink"] < 0.002
        assert list(imperfect.positions[i]) == list(perfect.positions[i] + body["shift"])
        scale = 1.0 - body["shrink"] / 0.4  # the least width of a 0.4 x 1 m block
        assert imperfect.masses[i] == pytest.approx(perfect.masses[i] * scale**2, rel=1e-12)
    assert list(moreau.Run(problem).positions[1]) == list(perfect.positions[1])

    completed = moreau_command("run", path, "--quiet", "--duration", "0.01", "--out",
                               tmp_path / "copy", "--imperfections",
                               "seed=7,block_size=0.002,placement=0.001,friction=0.1,rate=0.2")
    assert completed.returncode == 0, completed.stderr
    written = json.loads((tmp_path / "copy" / "imperfections.json").read_text())["drawn"]
    assert written["rate_factor"] == drawn["rate_factor"]
    assert written["friction_factors"] == list(drawn["friction_factors"])
    assert [body["shift"] for body in written["bodies"]] == [
        list(body["shift"]) for body in drawn["bodies"]]
    assert written["supports"] == drawn["supports"] == []  # the ground is a plane: no support

    with pytest.raises(moreau.InputError) as raised:
        problem.with_imperfections(1, friction=1.0)
    assert raised.value.key == "imperfections friction"


def test_supports_drop_along_gravity_in_a_copy():
    """A footing course made of fixed blocks drops, each block by its own draw, along gravity."""
    problem = moreau.problem_from_text(
        "version: 1\ntime: {step: 1.0e-3, duration: 1.0}\n"
        "bodies: [{name: ground, shape: {type: plane}, fixed: true}]\n"
        "generators:\n  - {type: wall, length: 1.6, thickness: 0.2, block: [0.4, 0.2], "
        "courses: 2, supports: {course00: {fixed: true}}}\nloads: {tilt: {rate: 1.0}}\n")
    copy, drawn = problem.with_imperfections(3, support=0.003)
    assert len(drawn["supports"]) == 4
    built, uneven = moreau.Run(problem), moreau.Run(copy)
    for support in drawn["supports"]:
        assert 0.0 <= support["drop"] < 0.003
        i = built.body_names.index(support["name"])
        assert list(uneven.positions[i]) == list(built.positions[i] + [0.0, 0.0, -support["drop"]])
