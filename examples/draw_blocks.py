#!/usr/bin/env python3
"""A picture of a structure as moreau builds it, without ParaView: the problem's bodies at
t = 0 (generated blocks included), drawn from the VTK frame a one-step run writes, each face
shaded by its angle to the light, with matplotlib.

    PYTHONPATH=build/release/python examples/draw_blocks.py problems/clock-tower.yaml --out .
    # writes clock-tower.png
"""

import argparse
import pathlib
import sys
import tempfile

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 (after the backend)
import numpy as np  # noqa: E402
from mpl_toolkits.mplot3d.art3d import Poly3DCollection  # noqa: E402

try:
    import vtk
    from vtk.util.numpy_support import vtk_to_numpy
except ImportError:
    sys.exit("draw_blocks.py reads VTK files with VTK's Python module (Debian: apt-get install "
             "python3-vtk9)")

import moreau  # noqa: E402

LIGHT = np.array([0.4, -0.7, 0.6]) / np.linalg.norm([0.4, -0.7, 0.6])  # from the viewer's side


def faces_at_start(problem_file, folder):
    """The free bodies' faces, as lists of 3D corners, from the first VTK frame of a one-step
    run (the fixed ground's square is left out: it would hide a tower's base)."""
    problem = moreau.load_problem(str(problem_file))
    problem.duration = problem.time_step
    run = moreau.Run(problem, out=str(folder))
    free = {index for index, motion in enumerate(run.motions) if motion == "free"}
    run.run()
    reader = vtk.vtkXMLUnstructuredGridReader()
    reader.SetFileName(str(pathlib.Path(folder) / "bodies_000000.vtu"))
    reader.Update()
    grid = reader.GetOutput()
    bodies = vtk_to_numpy(grid.GetCellData().GetArray("body"))
    points = vtk_to_numpy(grid.GetPoints().GetData())
    faces = []
    for cell in range(grid.GetNumberOfCells()):
        if int(bodies[cell]) in free:
            ids = grid.GetCell(cell).GetPointIds()
            faces.append(points[[ids.GetId(i) for i in range(ids.GetNumberOfIds())]])
    return faces


def shade(face):
    """Grey of a face lit from LIGHT (both sides lit alike: the faces' order is not known)."""
    normal = np.cross(face[1] - face[0], face[2] - face[0])
    length = np.linalg.norm(normal)
    brightness = abs(normal @ LIGHT) / length if length > 0 else 0.0
    return (0.35 + 0.55 * brightness,) * 3


def draw(faces, title, png, elevation, azimuth):
    figure = plt.figure(figsize=(5, 8))
    axes = figure.add_subplot(projection="3d")
    axes.add_collection3d(Poly3DCollection(faces, facecolors=[shade(f) for f in faces],
                                           edgecolors=(0.2, 0.2, 0.2), linewidths=0.1))
    corners = np.vstack(faces)
    low, high = corners.min(axis=0), corners.max(axis=0)
    axes.set_xlim(low[0], high[0])
    axes.set_ylim(low[1], high[1])
    axes.set_zlim(low[2], high[2])
    axes.set_box_aspect(np.maximum(high - low, 1e-3 * (high - low).max()), zoom=0.9)
    axes.view_init(elev=elevation, azim=azimuth)
    axes.set_axis_off()
    axes.set_title(title)
    figure.savefig(png, dpi=130, bbox_inches="tight")
    plt.close(figure)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("problem", type=pathlib.Path, help="problem file (YAML)")
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("."),
                        help="folder of the picture, <problem stem>.png")
    parser.add_argument("--elevation", type=float, default=15.0, help="degrees")
    parser.add_argument("--azimuth", type=float, default=-60.0, help="degrees")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        faces = faces_at_start(arguments.problem, folder)
    title = moreau.load_problem(str(arguments.problem)).title
    png = arguments.out / f"{arguments.problem.stem}.png"
    draw(faces, title, png, arguments.elevation, arguments.azimuth)
    print(f"{len(faces)} faces drawn: {png}")


if __name__ == "__main__":
    main()
