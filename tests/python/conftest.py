"""What the Python module's tests share: the paths ctest gives them (tests/CMakeLists.txt)."""

import os
import pathlib
import subprocess

import pytest

SOURCE = pathlib.Path(os.environ["MOREAU_SOURCE_DIR"])
EXECUTABLE = os.environ["MOREAU_EXECUTABLE"]
SHARED = pathlib.Path(os.environ.get("MOREAU_SHARED_DIR", SOURCE.parent / "shared"))


# A planar arch on a table tilting at 60 deg/s, whose blocks start to move within its 0.3 s:
# the problem of the tests of a whole run (a section `output` or `solver` may be appended).
TILTING_ARCH = """version: 1
dimension: 2
time: {step: 1.0e-3, duration: 0.3}
interactions:
  default: {friction: 0.6}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
generators:
  - {type: arch, form: semicircular, span: 1.0, thickness: 0.1, voussoirs: 7,
     springing_height: 0.0, abutments: false}
loads:
  tilt: {rate: 60.0}
"""


def moreau_command(*arguments, cwd=None):
    """Runs the moreau executable; returns the completed process (output captured)."""
    return subprocess.run([EXECUTABLE, *map(str, arguments)], cwd=cwd, capture_output=True,
                          text=True, check=False)


@pytest.fixture
def fclib_folder():
    folder = SHARED / "fclib"
    if not folder.is_dir():
        pytest.skip(f"{folder} is absent (the shared FCLib problems are not in a user's clone)")
    return folder
