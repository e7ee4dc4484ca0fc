"""moreau.ida_suite: a suite study from Python, here and through a Dask client (a cluster of
two worker processes on this machine), with the same suite and fragility; a refused study
raises InputError."""
import shutil

import pytest

import moreau
from conftest import EXECUTABLE, SOURCE

PROBLEM = SOURCE / "problems/rocking-block-pulse.yaml"


def write_records(folder):
    records = folder / "records"
    records.mkdir()
    for seconds in (0.2, 0.3, 0.4):
        (records / f"pulse-{seconds}.csv").write_text(
            f"time_s,accel_g\n0,0.25\n{seconds},0.25\n{seconds + 1e-4},0\n10,0\n")
    return records


def test_a_suite_here_and_on_a_dask_cluster(tmp_path):
    records = write_records(tmp_path)
    # The runs at once choose the search's scales: the same two here and on the cluster.
    here = moreau.ida_suite(PROBLEM, [records], tmp_path / "here", units="g", precision=0.05,
                            duration=3, jobs=2, executable=EXECUTABLE)
    assert here["exit_code"] == 0, here["output"]
    assert [row["record"] for row in here["records"]] == [
        "pulse-0.2.csv", "pulse-0.3.csv", "pulse-0.4.csv"]
    collapses = sorted(float(row["collapse_im_pga_g"]) for row in here["records"])
    assert collapses[0] < here["fragility"]["median"] < collapses[-1]

    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        there = moreau.ida_suite(PROBLEM, [records], tmp_path / "there", units="g",
                                 precision=0.05, duration=3, jobs=2, client=client,
                                 executable=EXECUTABLE)
    assert there["exit_code"] == 0, there["output"]
    assert there["records"] == here["records"]
    assert there["fragility"] == here["fragility"]


def test_a_refused_study_raises_input_error(tmp_path):
    records = write_records(tmp_path)
    with pytest.raises(moreau.InputError, match="--im"):
        moreau.ida_suite(PROBLEM, [records], tmp_path / "study", intensity="sa",
                         executable=EXECUTABLE)
