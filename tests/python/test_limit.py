"""moreau.limit: the limit analysis of `moreau limit` on problem objects."""

import json
import math

import pytest
import yaml

import moreau
from conftest import SOURCE, moreau_command

PAIR = SOURCE / "problems" / "blocks-side-by-side.yaml"


def test_the_answer_is_moreau_limits_json():
    answer = moreau.limit(moreau.load_problem(PAIR))
    completed = moreau_command("limit", PAIR, "--json", "--quiet")
    assert completed.returncode == 0, completed.stderr
    assert answer == json.loads(completed.stdout)
    (analysis,) = answer["analyses"]
    # The pair's range (docs/limit-analysis.md): each block tips alone from atan(b/h), proven.
    lower = analysis["nonassociative"]
    assert lower["proven"]
    assert lower["load_factor"] == pytest.approx(math.degrees(math.atan(0.4)), abs=1e-6)
    assert analysis["load_factor"] > lower["load_factor"] + 8.0


def test_a_changed_problem_gets_its_own_answer():
    # Friction below b/h = 0.4: the pair slides as one, at tan(tilt) = mu at both ends.
    document = yaml.safe_load(PAIR.read_text())
    document["interactions"]["default"]["friction"] = 0.3
    answer = moreau.limit(moreau.problem_from_dict(document, folder=str(PAIR.parent)))
    (analysis,) = answer["analyses"]
    sliding = math.degrees(math.atan(0.3))
    assert analysis["load_factor"] == pytest.approx(sliding, abs=1e-6)
    assert analysis["nonassociative"]["load_factor"] == pytest.approx(sliding, abs=1e-6)


def test_bonds_set_from_python_are_analysed_with_their_strengths():
    # Bonded by a cohesion c, the pair stands until the table's tilt makes its weight's share
    # along it W sin(tilt) = mu W cos(tilt) + c A: W of two blocks of 0.4 x 1 m at the default
    # 2,500 kg/m3 a metre deep, A their 0.8 m of base. Below it the downhill block may slide
    # alone, partly hung from the other by their open joint's shear strength, proven by Cbc
    # (docs/limit-analysis.md, "Bonded joints").
    document = yaml.safe_load(PAIR.read_text())
    document["interactions"]["default"].update({"friction": 0.3, "cohesion": 2000.0})
    answer = moreau.limit(moreau.problem_from_dict(document, folder=str(PAIR.parent)))
    assert answer["bonded_contacts"] == answer["contacts"]
    (analysis,) = answer["analyses"]
    weight = 2 * 2500.0 * 0.4 * 9.81
    tilt = math.degrees(math.atan(0.3) + math.asin(2000.0 * 0.8 / weight / math.hypot(1.0, 0.3)))
    assert analysis["load_factor"] == pytest.approx(tilt, abs=1e-6)
    lower = analysis["nonassociative"]
    assert lower["proven"]
    assert math.degrees(math.atan(0.3)) < lower["load_factor"] < tilt - 0.1
    assert lower["mechanism"]["description"].startswith("sliding of 1 block")
    # With brittle bonds the joints that slip are dry: the pair slides at mu, as if unbonded.
    brittle = analysis["brittle"]
    assert brittle["proven"]
    assert brittle["load_factor"] == pytest.approx(math.degrees(math.atan(0.3)), abs=1e-6)


def test_the_settings_as_given_are_those_run():
    answer = moreau.limit(moreau.load_problem(PAIR), iterations=7, time_limit=0)
    assert answer["iterations"] == 7
    assert answer["time_limit"] == 0
    assert not answer["analyses"][0]["nonassociative"]["proven"]


@pytest.mark.parametrize("setting, value", [("facets", 2), ("iterations", 0),
                                            ("time_limit", -1.0), ("time_limit", math.nan),
                                            ("time_limit", math.inf)])
def test_a_setting_out_of_range_raises_naming_it(setting, value):
    with pytest.raises(moreau.InputError) as raised:
        moreau.limit(moreau.load_problem(PAIR), **{setting: value})
    assert raised.value.key == setting


def test_a_problem_without_a_lateral_load_raises():
    problem = moreau.load_problem(SOURCE / "problems" / "arch.yaml")
    with pytest.raises(moreau.InputError) as raised:
        moreau.limit(problem)
    assert raised.value.key == "loads"


def test_out_writes_the_files_and_keeps_an_earlier_analysis(tmp_path):
    problem = moreau.load_problem(PAIR)
    answer = moreau.limit(problem, out=tmp_path)
    assert json.loads((tmp_path / "limit.json").read_text()) == answer
    assert (tmp_path / "limit" / "1-exact-upper" / "mechanism.csv").is_file()
    assert (tmp_path / "limit" / "1-exact-lower" / "forces.csv").is_file()
    earlier = (tmp_path / "limit.json").read_text()
    with pytest.raises(moreau.InputError) as raised:
        moreau.limit(problem, out=tmp_path, iterations=3)
    assert "overwrite=True" in str(raised.value)
    assert (tmp_path / "limit.json").read_text() == earlier
    replaced = moreau.limit(problem, out=tmp_path, iterations=3, overwrite=True)
    assert json.loads((tmp_path / "limit.json").read_text()) == replaced
    assert replaced["iterations"] == 3
