#!/usr/bin/python3
"""Reads moreau's VTK output with VTK itself and prints what it found as JSON, for
tests/output/vtk_writer_test.cpp (an independent reader: Kitware's, not ours).

    read_vtk.py FILE.vtu   {"points", "cells", "bounds", "coordinates", "cell_points",
                            "cell_types", "point_data", "cell_data", "volumes"}
    read_vtk.py FILE.pvd   {"datasets": [{"timestep", "file", ...the above...}, ...]}

bounds are VTK's [xmin, xmax, ymin, ymax, zmin, zmax]; coordinates and data arrays are
flat lists of their tuples; cell_points lists the point ids of each cell; volumes maps each value of the cell array "body" to the signed volume enclosed by
its polygons, sum over fans of p0 . (p_i x p_i+1) / 6 (the divergence theorem), which is
the body's volume when its faces are closed and counter-clockwise seen from outside.
Plain VTK has no .pvd reader (ParaView has), so the collection is parsed as XML and every
file it lists is read with vtkXMLUnstructuredGridReader. Any VTK error or warning, a listed
file that is missing, or a cell naming a point the file does not have (which VTK's reader
lets through) exits with status 1.
"""
import json
import os
import sys
import xml.etree.ElementTree as ElementTree

import vtk


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


def array_values(array):
    return [array.GetComponent(i, c) for i in range(array.GetNumberOfTuples())
            for c in range(array.GetNumberOfComponents())]


def arrays(data):
    return {data.GetArrayName(k): array_values(data.GetArray(k))
            for k in range(data.GetNumberOfArrays())}


def cell_points(grid):
    cells = []
    for c in range(grid.GetNumberOfCells()):
        ids = grid.GetCell(c).GetPointIds()
        cells.append([ids.GetId(k) for k in range(ids.GetNumberOfIds())])
    return cells


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def volumes(grid):
    body = grid.GetCellData().GetArray("body")
    if body is None:
        return {}
    result = {}
    for c in range(grid.GetNumberOfCells()):
        ids = grid.GetCell(c).GetPointIds()
        points = [grid.GetPoint(ids.GetId(k)) for k in range(ids.GetNumberOfIds())]
        signed = sum(sum(p * q for p, q in zip(points[0], cross(points[i], points[i + 1])))
                     for i in range(1, len(points) - 1)) / 6.0
        key = str(int(body.GetValue(c)))
        result[key] = result.get(key, 0.0) + signed
    return result


def read_vtu(path):
    if not os.path.isfile(path):
        fail(f"{path}: no such file")
    reader = vtk.vtkXMLUnstructuredGridReader()
    problems = []
    for event in ("ErrorEvent", "WarningEvent"):
        reader.AddObserver(event, lambda _object, name: problems.append(name))
    reader.SetFileName(path)
    reader.Update()
    if problems:
        fail(f"{path}: VTK reported {problems}")
    grid = reader.GetOutput()
    cells = cell_points(grid)
    if any(not 0 <= p < grid.GetNumberOfPoints() for cell in cells for p in cell):
        fail(f"{path}: a cell refers to a point id outside [0, {grid.GetNumberOfPoints()})")
    return {
        "points": grid.GetNumberOfPoints(),
        "cells": grid.GetNumberOfCells(),
        "bounds": list(grid.GetBounds()),
        "coordinates": [x for p in range(grid.GetNumberOfPoints()) for x in grid.GetPoint(p)],
        "cell_points": cells,
        "cell_types": [grid.GetCellType(c) for c in range(grid.GetNumberOfCells())],
        "point_data": arrays(grid.GetPointData()),
        "cell_data": arrays(grid.GetCellData()),
        "volumes": volumes(grid),
    }


def read_pvd(path):
    root = ElementTree.parse(path).getroot()
    if root.get("type") != "Collection":
        fail(f"{path}: not a VTK collection")
    folder = os.path.dirname(path)
    datasets = []
    for dataset in root.iter("DataSet"):
        entry = read_vtu(os.path.join(folder, dataset.get("file")))
        entry.update(timestep=float(dataset.get("timestep")), file=dataset.get("file"))
        datasets.append(entry)
    return {"datasets": datasets}


def main():
    if len(sys.argv) != 2:
        fail("usage: read_vtk.py FILE.vtu|FILE.pvd")
    path = sys.argv[1]
    print(json.dumps(read_pvd(path) if path.endswith(".pvd") else read_vtu(path)))


if __name__ == "__main__":
    main()
