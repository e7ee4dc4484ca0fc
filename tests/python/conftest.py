"""What the Python module's tests share: the paths ctest gives them (tests/CMakeLists.txt)."""

import os
import pathlib
import subprocess

import pytest

SOURCE = pathlib.Path(os.environ["MOREAU_SOURCE_DIR"])
EXECUTABLE = os.environ["MOREAU_EXECUTABLE"]
SHARED = pathlib.Path(os.environ.get("MOREAU_SHARED_DIR", SOURCE.parent / "shared"))


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
