"""The solver layer from Python against `moreau solve` and the error measure."""

import json

import numpy as np
import pytest
import scipy.sparse

import moreau
from conftest import SOURCE, moreau_command

# Small enough for every method to finish quickly in the test suite.
MAX_CONTACTS = 400


def small_problems(folder):
    problems = []
    for path in sorted(folder.iterdir()):
        try:
            problem = moreau.read_contact_problem(path)
        except moreau.InputError:
            continue  # not a problem file (the README)
        if problem.contacts <= MAX_CONTACTS:
            problems.append((path, problem))
    return problems


@pytest.mark.parametrize("solver", ["hybrid", "nsgs", "newton-fb"])
def test_reactions_match_moreau_solve_and_satisfy_the_error_measure(fclib_folder, solver, tmp_path):
    problems = small_problems(fclib_folder)
    assert problems
    for path, problem in problems:
        completed = moreau_command("solve", path, "--solver", solver, "--json", "--reactions",
                                   tmp_path / "r.txt")
        assert completed.returncode in (0, 3), completed.stderr
        expected = json.loads(completed.stdout)
        solution = moreau.solve(problem, solver)
        assert solution.report.status == expected["status"], path
        assert solution.report.iterations == expected["iterations"], path
        assert np.array_equal(solution.r, np.loadtxt(tmp_path / "r.txt", ndmin=1)), path
        error = moreau.natural_map_error(problem, solution.r)
        assert error == solution.report.error
        if solution.report.converged:
            assert error <= 1e-8
        assert np.array_equal(solution.u, problem.velocity(solution.r))


def test_auto_names_the_method_that_answered_as_moreau_solve_does(fclib_folder):
    global_problems = [(path, problem) for path, problem in small_problems(fclib_folder)
                       if problem.kind == "global"]
    assert global_problems
    for path, problem in global_problems:
        completed = moreau_command("solve", path, "--solver", "auto", "--json")
        assert completed.returncode in (0, 3), completed.stderr
        expected = json.loads(completed.stdout)
        solution = moreau.solve(problem, "auto")
        assert solution.report.method in ("velocity-nsgs", "velocity-newton", "hybrid"), path
        assert solution.report.method == expected["method"], path
        assert solution.report.iterations == expected["iterations"], path
        assert solution.report.error == expected["error"], path
    assert moreau.solve(one_contact(-1.0), "nsgs").report.method == ""


def test_lmgc90_criterion_is_named_and_the_error_stays_the_natural_map_one(fclib_folder):
    global_problems = [(path, problem) for path, problem in small_problems(fclib_folder)
                       if problem.kind == "global"]
    assert global_problems
    for path, problem in global_problems:
        completed = moreau_command("solve", path, "--solver", "velocity-nsgs", "--json", "--tol",
                                   "1e-4", "--option", "criterion=lmgc90-qm16")
        assert completed.returncode in (0, 3), completed.stderr
        expected = json.loads(completed.stdout)
        solution = moreau.solve(problem, "velocity-nsgs", tolerance=1e-4,
                                options={"criterion": "lmgc90-qm16"})
        assert solution.report.criterion == expected["criterion"] == "lmgc90-qm16", path
        assert solution.report.iterations == expected["iterations"], path
        assert solution.report.error == expected["error"], path
        # The error of the velocities, here that of W, condensed: equal to round-off.
        assert solution.report.error == pytest.approx(
            moreau.natural_map_error(problem, solution.r), rel=1e-6, abs=1e-14), path
    assert moreau.solve(one_contact(-1.0), "nsgs").report.criterion == "natural-map"


def test_a_problem_from_arrays_is_the_problem_of_its_file(fclib_folder):
    path, problem = small_problems(fclib_folder)[0]
    rebuilt = moreau.ContactProblem(problem.W.tocsr(), problem.q, problem.mu, problem.dimension)
    assert rebuilt.contacts == problem.contacts
    assert np.array_equal(moreau.solve(rebuilt).r, moreau.solve(problem).r)


def one_contact(q_normal, mu=0.5):
    W = scipy.sparse.identity(3, format="csc")
    return moreau.ContactProblem(W, np.array([q_normal, 0.3, 0.0]), np.array([mu]))


def test_the_one_contact_problem_has_its_closed_form_solution():
    # W = I: an approaching contact (q_N < 0) stops, r_N = -q_N; |q_T| = 0.3 < mu r_N sticks.
    solution = moreau.solve(one_contact(-1.0), "nsgs")
    assert solution.report.converged
    assert solution.r == pytest.approx([1.0, -0.3, 0.0], abs=1e-10)
    assert solution.u == pytest.approx([0.0, 0.0, 0.0], abs=1e-10)
    # A separating contact carries nothing.
    assert moreau.solve(one_contact(1.0)).r == pytest.approx([0, 0, 0], abs=1e-12)


def test_bad_arrays_and_arguments_raise_with_their_key():
    with pytest.raises(moreau.InputError) as raised:
        moreau.ContactProblem(scipy.sparse.identity(3), np.zeros(3), np.array([-0.1]))
    assert raised.value.key.startswith("mu")
    with pytest.raises(moreau.InputError, match="W"):
        moreau.ContactProblem(scipy.sparse.identity(4), np.zeros(4), np.zeros(1))
    problem = one_contact(-1.0)
    with pytest.raises(moreau.InputError, match="tolerance"):
        moreau.solve(problem, tolerance=0)
    with pytest.raises(moreau.InputError, match="no-such"):
        moreau.solve(problem, "no-such")
    with pytest.raises(moreau.InputError, match="nsgs"):
        moreau.solve(problem, "nsgs", options={"no_such_option": 1})
    with pytest.raises(moreau.InputError, match="global"):
        moreau.solve(problem, moreau.global_solver_names()[0])


def test_solver_options_and_history_reach_the_method():
    problem = one_contact(-1.0)
    plain = moreau.solve(problem, "nsgs", record_history=True)
    assert len(plain.report.error_history) == plain.report.iterations
    assert set(moreau.solver_names()) >= {"hybrid", "nsgs", "pgs", "newton-fb"}


def test_a_dumped_global_step_replays_the_runs_solve_from_its_state(tmp_path):
    # With carry_penalty a run's solve starts at the kappa the last one ended at; the dump
    # keeps it beside its guess (problem.guess_penalty), and a solve from both repeats the
    # run's, as `moreau solve --warm-start guess` does.
    source = (SOURCE / "problems" / "blocks-side-by-side.yaml").read_text()
    problem_file = tmp_path / "pair.yaml"
    problem_file.write_text(
        source + "solver: {name: velocity-newton, parameters: {carry_penalty: on}}\n")
    completed = moreau_command("run", problem_file, "--duration", "0.02", "--dump-problems",
                               "--quiet", "--out", tmp_path / "run")
    assert completed.returncode == 0, completed.stderr
    options = {"carry_penalty": True}
    carried = 0
    for step in range(1, 21):
        path = tmp_path / "run" / "problems" / f"step_{step}.hdf5"
        dumped = moreau.read_contact_problem(path)
        assert dumped.guess_penalty is not None
        if dumped.guess_penalty <= 10.0:  # the default start: nothing to restore
            continue
        carried += 1
        replayed = moreau.solve(dumped, solver="velocity-newton", options=options,
                                r=dumped.guess, guess_penalty=dumped.guess_penalty)
        completed = moreau_command("solve", path, "--json", "--warm-start", "guess", "--solver",
                                   "velocity-newton", "--option", "carry_penalty=on")
        assert completed.returncode == 0, completed.stderr
        expected = json.loads(completed.stdout)
        assert replayed.report.iterations == expected["iterations"], step
        assert replayed.report.error == expected["error"], step
    assert carried > 0, "no step carried a kappa: the test tests nothing"


def test_a_guess_penalty_is_checked():
    problem = moreau.ContactProblem(scipy.sparse.identity(3, format="csc"), np.array([-1.0, 0, 0]),
                                    np.array([0.5]))
    for penalty in (-1.0, float("nan"), float("inf")):
        with pytest.raises(moreau.InputError) as raised:
            moreau.solve(problem, solver="nsgs", guess_penalty=penalty)
        assert raised.value.key == "guess_penalty"
    with pytest.raises(moreau.InputError) as raised:
        moreau.solve(problem, solver="nsgs", guess_penalty=100.0)
    assert "global form" in str(raised.value)
