#!/usr/bin/env python3
"""Draws a run's curves with matplotlib, for `moreau plot RUN_DIR`: the capacity curve (the
load factor against the control body's displacement, but under ground motion, where the
load factor is the PGA reached), the energies, the solver's
iterations and errors, and the tracked bodies' displacements and rotations against time;
under ground motion also the control body's response: its displacement and drift against
time, and where the problem has storeys (summary.json's storeys) each storey's drift.
Displacements are measured from history.csv's first row (the first output step);
under ground motion they are horizontal and relative to the shaken support (summary.json's
record.ground), as moreau ida measures them (signed along x in planar mode), and drift is
the displacement over the control body's height above the base of the structure
(record.base_z).

With the VTK frames (output.vtk), also pictures of the structure as it stood at the last
frame, drawn in elevation (planar: the section, seen from -y; 3D: the front, seen from -y,
and the side, seen from +x), faces painted back to front: the mechanism of a collapse
(summary.json's collapse.mechanism; without a collapse, that of the structure's fastest
motion, summary.json's peak_motion, at the frame nearest it), each rigid part in a colour of
its own, the bodies at rest in grey, the hinges as red dots and the sliding joints as orange
arrows; and the damage map (damage.vtu), every joint coloured by its largest opening and,
beside it, its largest sliding, over the structure in grey.

With a limit analysis (limit.json, from moreau run --limit or, in a folder of its own,
moreau limit --out), each end's mechanism drawn the same way on the structure moved along it
(limit/<n>-<cone>-<end>/mechanism.png).

usage: plot_run.py RUN_DIR [CONTROL]   (CONTROL: a body tracked in history.csv; without it,
no capacity curve or response; RUN_DIR may hold a limit analysis alone)
Prints the PNG files written, one per line, and the storeys' peak drifts.
"""
import csv
import json
import math
import os
import sys
import textwrap
import xml.etree.ElementTree as ElementTree

from moreau_plotting import pyplot as plt
from matplotlib.collections import PolyCollection

LOAD_FACTORS = {
    "tilt_angle_deg": "tilt angle (deg)",
    "lambda": "lateral load factor lambda (g)",
    "pga_reached_g": "PGA reached (g)",
    "gravity_factor": "gravity factor",
}


def columns(path):
    """{column: [floats]} of a CSV file; text columns are left out."""
    with open(path, newline="") as stream:
        rows = list(csv.DictReader(stream))
    table = {}
    for name in rows[0] if rows else []:
        try:
            table[name] = [float(row[name]) for row in rows]
        except ValueError:
            pass
    return table


def moved(history, body):
    """x - x_first of a tracked body, m, over history.csv's rows."""
    x, y, z = (history[f"{body}.{axis}"] for axis in "xyz")
    return [(a - x[0], b - y[0], c - z[0]) for a, b, c in zip(x, y, z)]


def shaken_support(summary, history):
    """The body a ground motion shakes, if history.csv tracks it; else None."""
    record = summary.get("record")
    if record and f"{record['ground']}.x" in history:
        return record["ground"]
    return None


def displacement(history, body, ground):
    """|x - x_first| of a tracked body, m, over history.csv's rows; relative to the ground
    and horizontal when a ground is given."""
    if ground is None:
        return [math.hypot(*d) for d in moved(history, body)]
    return [math.hypot(*v) for v in horizontal(history, body, ground)]


def tracked(history):
    return [name[:-2] for name in history if name.endswith(".x")]


def save(figure, path, title_inches=0.0, legend_inches=0.0):
    """Writes the figure, its panels laid out below a suptitle and above a figure legend of
    the heights given."""
    inches = figure.get_size_inches()[1]
    figure.tight_layout(rect=(0, legend_inches / inches, 1, 1 - title_inches / inches))
    figure.savefig(path, dpi=110)
    plt.close(figure)
    print(path)


def displacement_label(body, ground):
    if ground is None:
        return f"displacement of {body} (m)"
    return f"horizontal displacement of {body} relative to {ground} (m)"


def capacity(folder, summary, history, control, ground):
    figure, axes = plt.subplots(figsize=(6, 4.5))
    axes.plot(displacement(history, control, ground), history["load_factor"], "-",
              color="tab:blue")
    first, collapse = summary.get("first_motion"), summary.get("collapse")
    if first:
        axes.axhline(first["load_factor"], color="tab:orange", linestyle=":", linewidth=1,
                     label=f"first motion at {first['load_factor']:.4g}")
    if collapse:
        axes.axhline(collapse["load_factor"], color="tab:red", linestyle="--", linewidth=1,
                     label=f"collapse: {collapse['criterion']} at {collapse['load_factor']:.4g}")
    if first or collapse:
        axes.legend(loc="lower right", fontsize=8)
    axes.set_xlabel(displacement_label(control, ground))
    axes.set_ylabel(LOAD_FACTORS.get(summary["load_factor_name"], summary["load_factor_name"]))
    axes.set_title(wrapped_title(figure, f"{summary['title']}: capacity curve"), fontsize=10)
    axes.set_xlim(left=0)
    axes.grid(True, alpha=0.3)
    save(figure, os.path.join(folder, "capacity.png"))


def energies(folder, summary, history):
    """Under ground motion the kinetic energy relative to the shaken support (the structure's
    own motion; the absolute one is mostly the table's carry)."""
    figure, axes = plt.subplots(figsize=(6, 4.5))
    time = history["time"]
    # On a tilting table (or a ramped gravity) the potential energy changes with nothing
    # moving, by the load's work: what the motion changes is potential - load_work.
    potential = [e - w - (history["potential_energy"][0] - history["load_work"][0])
                 for e, w in zip(history["potential_energy"], history["load_work"])]
    potential_label = ("potential, from the first row, less the load's work (the tilt's)"
                       if any(history["load_work"]) else "potential, from the first row")
    kinetic = (history["relative_kinetic_energy"], "kinetic, relative to "
               f"{summary['record']['ground']}") if "relative_kinetic_energy" in history else (
                   history["kinetic_energy"], "kinetic")
    for values, label in (kinetic,
                          (potential, potential_label),
                          (history["dissipated_energy"], "dissipated"),
                          (history["elastic_energy"], "elastic (penalty)")):
        if any(values):
            axes.plot(time, values, label=label)
    axes.set_xlabel("time (s)")
    axes.set_ylabel("energy (J)")
    axes.set_title(wrapped_title(figure, f"{summary['title']}: energies"), fontsize=10)
    axes.grid(True, alpha=0.3)
    axes.legend(fontsize=8)
    save(figure, os.path.join(folder, "energy.png"))


def solver(folder, summary, steps):
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(6, 5), sharex=True)
    top.plot(steps["time"], steps["iterations"], ",", color="tab:blue")
    top.set_ylabel("iterations")
    errors = [max(e, 1e-17) for e in steps["error"]]
    bottom.semilogy(steps["time"], errors, ",", color="tab:orange")
    bottom.set_ylabel("error at exit")
    bottom.set_xlabel("time (s)")
    top.set_title(wrapped_title(figure, f"{summary['title']}: solver "
                                f"({summary['counts']['not_converged']} steps not converged)"),
                  fontsize=10)
    for axes in (top, bottom):
        axes.grid(True, alpha=0.3)
    save(figure, os.path.join(folder, "solver.png"))


def response(folder, summary, history, control, ground):
    """The control body's displacement relative to the ground and its drift, against time:
    in planar mode signed (along x), in 3D the horizontal magnitude."""
    relative = along(summary, horizontal(history, control, ground))
    height = history[f"{control}.z"][0] - summary["record"]["base_z"]
    record = summary["record"]
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(6, 5), sharex=True)
    top.plot(history["time"], relative, color="tab:blue",
             label=f"record x {record['scale']:.4g}, PGA {record['pga_g']:.3g} g")
    top.set_ylabel(f"{control} (m)")
    top.legend(fontsize=7)
    bottom.plot(history["time"], [100.0 * d / height for d in relative], color="tab:blue")
    bottom.set_ylabel(f"drift (%, over {height:.3g} m)")
    bottom.set_xlabel("time (s)")
    top.set_title(wrapped_title(figure, f"{summary['title']}: horizontal displacement "
                                f"relative to {ground}"), fontsize=10)
    for axes in (top, bottom):
        axes.grid(True, alpha=0.3)
    save(figure, os.path.join(folder, "response.png"))


def horizontal(history, body, ground):
    """The horizontal displacement (x, y) of a tracked body relative to the ground, over
    history.csv's rows."""
    return [(d[0] - g[0], d[1] - g[1])
            for d, g in zip(moved(history, body), moved(history, ground))]


def along(summary, vectors):
    """Horizontal vectors as numbers: signed along x in planar mode, magnitudes in 3D."""
    return [v[0] if summary["dimension"] == 2 else math.hypot(*v) for v in vectors]


def storey_drifts(folder, summary, history, ground):
    """Each storey's drift against time, the horizontal displacement between its level and
    the one below (the ground's for the first) over the height between their centres at the
    start (the base of the structure, record.base_z, for the first), and each storey's peak."""
    levels = summary["storeys"]
    below, base = None, summary["record"]["base_z"]
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(6, 6), height_ratios=(3, 2))
    peaks = []
    for k, level in enumerate(levels):
        height = history[f"{level}.z"][0] - base
        between = horizontal(history, level, below or ground)
        drift = [100.0 * d / height for d in along(summary, between)]
        peaks.append(max(abs(d) for d in drift))
        top.plot(history["time"], drift, label=f"storey {k + 1}, to {level} ({height:.3g} m)")
        below, base = level, history[f"{level}.z"][0]
    top.set_ylabel("storey drift (%)")
    top.set_xlabel("time (s)")
    top.legend(fontsize=7)
    storeys = range(1, len(levels) + 1)
    bottom.barh(storeys, peaks, color="tab:blue")
    bottom.set_yticks(list(storeys))
    bottom.set_ylabel("storey")
    bottom.set_xlabel("peak storey drift (%)")
    top.set_title(wrapped_title(figure, f"{summary['title']}: storey drifts relative to {ground}"),
                  fontsize=10)
    for axes in (top, bottom):
        axes.grid(True, alpha=0.3)
    save(figure, os.path.join(folder, "drift.png"))
    print("peak storey drifts: " + ", ".join(f"storey {k + 1} {peak:.4g} %"
                                             for k, peak in enumerate(peaks)))


def bodies(folder, summary, history, ground):
    """The tracked bodies but the shaken support; nothing drawn when there is none."""
    names = [name for name in tracked(history) if name != ground]
    if not names:
        return
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(6, 5), sharex=True)
    moves = {name: displacement(history, name, ground) for name in names}
    # Named in the legend: the LEGEND_BODIES that moved most; the others drawn in grey.
    named = sorted(names, key=lambda name: -max(moves[name], default=0.0))[:LEGEND_BODIES]
    for name in names:
        style = {"label": name} if name in named else {"color": "0.75", "linewidth": 0.7}
        top.plot(history["time"], moves[name], **style)
        bottom.plot(history["time"], history[f"{name}.rotation_deg"], **style)
    top.set_ylabel("displacement (m)" if ground is None
                   else f"horizontal displacement relative to {ground} (m)")
    bottom.set_ylabel("rotation (deg)")
    bottom.set_xlabel("time (s)")
    top.set_title(wrapped_title(figure, f"{summary['title']}: tracked bodies"), fontsize=10)
    top.legend(fontsize=7, title=None if len(named) == len(names)
               else f"the {len(named)} of {len(names)} that moved most", title_fontsize=7)
    for axes in (top, bottom):
        axes.grid(True, alpha=0.3)
    save(figure, os.path.join(folder, "bodies.png"))


# bodies.png names this many bodies, those that moved most.
LEGEND_BODIES = 10
# The pictures' colours: the parts of a mechanism (tab10 without its red, which marks hinges),
# the bodies that do not move, the hinges, the sliding joints.
PART_COLOURS = ["tab:blue", "tab:green", "tab:purple", "tab:orange", "tab:cyan", "tab:olive",
                "tab:brown", "tab:pink"]
AT_REST = "#d0d0d0"
HINGE = "#ff0000"
SLIDING = "#ff8c00"
# The damage map colours the joints whose opening (sliding) is over this fraction of the
# largest: the joints that stay closed move by round-off and the contacts' allowance.
SHOWN_DAMAGE = 0.01
# Elevations: the two coordinates drawn and the depth axis, seen from -y (front) or +x (side).
VIEWS = {"front": (0, 2, 1, 1.0), "side": (1, 2, 0, -1.0)}


def read_grid(path):
    """An ASCII .vtu of moreau's: {"points": [(x, y, z)], "cells": [[point ids]],
    "cell_data": {name: [values or tuples]}}."""
    piece = ElementTree.parse(path).getroot().find("UnstructuredGrid/Piece")

    def numbers(array):
        return [float(v) for v in (array.text or "").split()]

    def tuples(array):
        values = numbers(array)
        k = int(array.get("NumberOfComponents", "1"))
        return values if k == 1 else [tuple(values[i:i + k]) for i in range(0, len(values), k)]

    points = tuples(piece.find("Points/DataArray"))
    cells_node = piece.find("Cells")
    arrays = {a.get("Name"): numbers(a) for a in cells_node.findall("DataArray")}
    connectivity = [int(v) for v in arrays["connectivity"]]
    offsets = [int(v) for v in arrays["offsets"]]
    cells = [connectivity[begin:end] for begin, end in zip([0] + offsets[:-1], offsets)]
    cell_data = {a.get("Name"): tuples(a) for a in piece.findall("CellData/DataArray")}
    return {"points": points, "cells": cells, "cell_data": cell_data}


def frames(folder, prefix):
    """The frames a collection lists: [(time, path)], in order."""
    path = os.path.join(folder, prefix + ".pvd")
    if not os.path.exists(path):
        return []
    return [(float(d.get("timestep")), os.path.join(folder, d.get("file")))
            for d in ElementTree.parse(path).getroot().iter("DataSet")]


def last_frame(folder, prefix):
    """The path of the last frame a collection lists, or None."""
    listed = frames(folder, prefix)
    return listed[-1][1] if listed else None


def frame_nearest(folder, prefix, time):
    """The (time, path) of the frame nearest `time`, or None."""
    listed = frames(folder, prefix)
    return min(listed, key=lambda frame: abs(frame[0] - time)) if listed else None


def faces(grid):
    """Each polygon of a frame with its body's index: [(body, [(x, y, z)])]."""
    return [(int(body), [grid["points"][p] for p in cell])
            for body, cell in zip(grid["cell_data"]["body"], grid["cells"])]


def views(summary):
    return ["front"] if summary["dimension"] == 2 else ["front", "side"]


def structure_box(drawn, view):
    """The (u_min, u_max, v_min, v_max) of the bodies of more than one face, with a margin: a
    plane is one face, a square twice the scene's size, which the view leaves out."""
    u, v, _, _ = VIEWS[view]
    count = {}
    for body, _ in drawn:
        count[body] = count.get(body, 0) + 1
    points = [p for body, polygon in drawn if count[body] > 1 for p in polygon]
    if not points:
        points = [p for _, polygon in drawn for p in polygon]
    us, vs = [p[u] for p in points], [p[v] for p in points]
    margin = 0.08 * max(max(us) - min(us), max(vs) - min(vs), 1e-9)
    return (min(us) - margin, max(us) + margin, min(vs) - margin, max(vs) + margin)


def elevation_figure(summary, drawn, rows=1, extra_width=0.0, extra_height=1.8):
    """A row of elevations per quantity, as high as each other, each as wide as the
    structure's proportions in it; extra_width and extra_height (inches) for colour bars,
    titles and legends."""
    panels = views(summary)
    boxes = {view: structure_box(drawn, view) for view in panels}
    height = 5.0 if rows == 1 else 4.0
    widths = [min(max(height * (b[1] - b[0]) / (b[3] - b[2]), 2.5), 10.0)
              for b in boxes.values()]
    # At least as wide as a title of a few lines and a legend of three columns.
    figure, axes = plt.subplots(rows, len(panels), squeeze=False,
                                gridspec_kw={"width_ratios": widths},
                                figsize=(max(sum(widths) + extra_width * len(panels) + 1.0, 7.0),
                                         rows * height + extra_height))
    for row in axes:
        for view, ax in zip(panels, row):
            box = boxes[view]
            ax.set_xlim(box[0], box[1])
            ax.set_ylim(box[2], box[3])
    return figure, panels, axes


def draw_faces(axes, polygons, colours, view, edge="#505050"):
    """Polygons in elevation, back to front (the painter's algorithm on their mean depth)."""
    u, v, depth, sign = VIEWS[view]
    order = sorted(range(len(polygons)),
                   key=lambda k: -sign * sum(p[depth] for p in polygons[k]) / len(polygons[k]))
    collection = PolyCollection([[(p[u], p[v]) for p in polygons[k]] for k in order],
                                facecolors=[colours[k] for k in order], edgecolors=edge,
                                linewidths=0.3)
    axes.add_collection(collection)
    axes.set_aspect("equal", adjustable="datalim")
    axes.set_xlabel(f"{'xyz'[u]} (m)")
    axes.set_ylabel(f"{'xyz'[v]} (m)")
    return collection


def count(n, one, many):
    return f"{n} {one if n == 1 else many}"


def wrapped_title(figure, text, points=10):
    """The text in lines that fit the figure's width at a font of `points` (an average
    character is about 0.6 of the font's size: points / 120 inch wide)."""
    return "\n".join(textwrap.wrap(text, int(120 / points * figure.get_size_inches()[0])))


def mechanism_picture(folder, summary):
    """The mechanism of a collapse drawn on the structure at the last frame (the collapse's);
    without a collapse, the mechanism of the structure's fastest motion (summary.json's
    peak_motion) at the frame nearest it."""
    collapse, peak = summary.get("collapse"), summary.get("peak_motion")
    frame = None
    if collapse:
        frame = last_frame(folder, "bodies")
        mechanism = collapse["mechanism"]
        factor = LOAD_FACTORS.get(collapse["load_factor_name"], collapse["load_factor_name"])
        when = (f"collapse at t = {collapse['time']:.4g} s, {factor} "
                f"{collapse['load_factor']:.4g}")
    elif peak and (nearest := frame_nearest(folder, "bodies", peak["time"])):
        frame_time, frame = nearest
        mechanism = peak["mechanism"]
        when = (f"fastest motion at t = {peak['time']:.4g} s (drawn as at {frame_time:.4g} s, "
                "its nearest frame)")
    if frame is not None:
        draw_mechanism(os.path.join(folder, "mechanism.png"), summary,
                       [body["name"] for body in summary["bodies"]], mechanism, frame, when)


def draw_mechanism(path, summary, names, mechanism, frame, when):
    """A mechanism (summary.json's form) on the bodies of a frame (`names` in their order),
    each rigid part in a colour of its own, the hinges and the sliding joints marked; the
    title says `when`."""
    part_of = {}
    for k, part in enumerate(mechanism["parts"]):
        for name in part["bodies"]:
            part_of[name] = k
    drawn = faces(read_grid(frame))
    colours = [PART_COLOURS[part_of[names[b]] % len(PART_COLOURS)] if names[b] in part_of
               else AT_REST for b, _ in drawn]
    polygons = [polygon for _, polygon in drawn]
    figure, panels, grid = elevation_figure(summary, drawn)
    for view, axes in zip(panels, grid[0]):
        u, v, _, _ = VIEWS[view]
        draw_faces(axes, polygons, colours, view)
        extent = max(axes.get_xlim()[1] - axes.get_xlim()[0],
                     axes.get_ylim()[1] - axes.get_ylim()[0])
        for hinge in mechanism["hinges"]:
            axes.plot(hinge["position"][u], hinge["position"][v], "o", color=HINGE,
                      markersize=6, zorder=3)
        # Arrows that stay apart: a fifth of the structure for one sliding joint, shorter as
        # they are more (about the spacing of as many joints spread over the structure).
        length = extent * min(0.2, 0.3 / math.sqrt(max(len(mechanism["sliding"]), 1)))
        for joint in mechanism["sliding"]:
            axes.quiver(joint["position"][u], joint["position"][v],
                        length * joint["direction"][u], length * joint["direction"][v],
                        color=SLIDING, angles="xy", scale_units="xy", scale=1, width=0.005,
                        zorder=3)
        axes.set_title(f"{view} elevation", fontsize=9)
    def entry(marker, colour, label):
        return plt.Line2D([], [], marker=marker, linestyle="", color=colour, label=label)

    parts = mechanism["parts"]
    handles = [entry("s", PART_COLOURS[k % len(PART_COLOURS)],
                     f"part {k + 1}: {part['motion']}, "
                     f"{count(len(part['bodies']), 'body', 'bodies')}")
               for k, part in enumerate(parts[:len(PART_COLOURS)])]
    if len(parts) > len(PART_COLOURS):
        handles.append(entry("", "black", f"{len(parts) - len(PART_COLOURS)} more parts, "
                                          "their colours repeated"))
    handles.append(entry("s", AT_REST, "at rest"))
    if mechanism["hinges"]:
        handles.append(entry("o", HINGE, f"hinges ({len(mechanism['hinges'])})"))
    if mechanism["sliding"]:
        handles.append(entry(">", SLIDING, f"sliding joints ({len(mechanism['sliding'])})"))
    figure.legend(handles=handles, loc="lower center", ncol=min(len(handles), 3), fontsize=8)
    # The description's first clause: the joints it names next are drawn, and a long list
    # would take the picture's height (summary.json and mechanisms.csv keep the whole line).
    motion = mechanism["description"].split(": ")[0]
    figure.suptitle(wrapped_title(figure, f"{summary['title']}: {when}: {motion}", 9),
                    fontsize=9)
    save(figure, path, title_inches=0.8, legend_inches=0.7)


def damage_picture(folder, summary):
    """Every joint's largest opening and sliding (damage.vtu) over the structure in grey."""
    frame = last_frame(folder, "bodies")
    damage_path = os.path.join(folder, "damage.vtu")
    if frame is None or not os.path.exists(damage_path):
        return
    drawn = faces(read_grid(frame))
    structure = [polygon for _, polygon in drawn]
    damage = read_grid(damage_path)
    joints = [[damage["points"][p] for p in cell] for cell in damage["cells"]]
    figure, panels, axes = elevation_figure(summary, drawn, rows=2, extra_width=1.5,
                                            extra_height=1.5)
    for row, (name, label) in enumerate((("max_opening", "largest opening (m)"),
                                         ("max_sliding", "largest sliding (m)"))):
        values = damage["cell_data"][name]
        top = max(values, default=0.0)
        for column, view in enumerate(panels):
            ax = axes[row][column]
            u, v, _, _ = VIEWS[view]
            draw_faces(ax, structure, [AT_REST] * len(structure), view, edge="#b0b0b0")
            shown = [k for k, value in enumerate(values) if value >= SHOWN_DAMAGE * top > 0.0]
            cracks = PolyCollection([[(p[u], p[v]) for p in joints[k]] for k in shown],
                                    array=[values[k] for k in shown], cmap="plasma_r",
                                    linewidths=2.5, zorder=3)
            cracks.set_clim(0.0, top if top > 0.0 else 1.0)
            cracks.set_edgecolor(cracks.to_rgba([values[k] for k in shown]))
            ax.add_collection(cracks)
            figure.colorbar(cracks, ax=ax, label=label)
            ax.set_title(f"{view} elevation: {label}, largest {top:.3g} m", fontsize=9)
    figure.suptitle(wrapped_title(figure, f"{summary['title']}: damage map (the joints seen "
                                  f"through the structure, those over {100 * SHOWN_DAMAGE:g} % "
                                  "of the largest value)"), fontsize=10)
    save(figure, os.path.join(folder, "damage.png"), title_inches=0.6)


def limit_pictures(folder):
    """With limit.json (moreau limit --out, moreau run --limit): each end's mechanism drawn on
    the structure moved along it (the last frame of limit/<n>-<cone>-<end>/), as mechanism.png
    in that folder."""
    path = os.path.join(folder, "limit.json")
    if not os.path.exists(path):
        return
    with open(path) as stream:
        limit = json.load(stream)
    factor = LOAD_FACTORS.get(limit["load_factor_name"], limit["load_factor_name"])
    scene = {"title": limit["title"], "dimension": 2 if limit["facets"] is None else 3}
    ends = (("upper", None, "upper end (associative friction)"),
            ("lower", "nonassociative", "lower end (non-associative friction)"),
            ("brittle-lower", "brittle", "lower end with brittle bonds"))
    for n, analysis in enumerate(limit["analyses"], 1):
        for end, key, label in ends:
            answer = analysis if key is None else analysis.get(key, {})
            answer_folder = os.path.join(folder, "limit", f"{n}-{analysis['cone']}-{end}")
            frame = last_frame(answer_folder, "bodies")
            if answer.get("outcome") != "collapse" or frame is None:
                continue
            with open(os.path.join(answer_folder, "mechanism.csv"), newline="") as stream:
                names = [row["body"] for row in csv.DictReader(stream)]
            when = f"{label}, {analysis['cone']} cones, {factor} {answer['load_factor']:.4g}"
            draw_mechanism(os.path.join(answer_folder, "mechanism.png"), scene, names,
                           answer["mechanism"], frame, when)


def main(folder, control=None):
    if not os.path.exists(os.path.join(folder, "summary.json")):
        limit_pictures(folder)
        return
    with open(os.path.join(folder, "summary.json")) as stream:
        summary = json.load(stream)
    history = columns(os.path.join(folder, "history.csv"))
    ground = shaken_support(summary, history)
    # Under ground motion the PGA reached against a displacement is no capacity curve: the
    # response against time (below) says what the record did.
    if control is not None and summary["load_factor_name"] != "pga_reached_g":
        capacity(folder, summary, history, control, ground)
    energies(folder, summary, history)
    solver(folder, summary, columns(os.path.join(folder, "solver.csv")))
    if control is not None and ground is not None:
        response(folder, summary, history, control, ground)
    if summary["storeys"] and ground is not None:
        storey_drifts(folder, summary, history, ground)
    bodies(folder, summary, history, ground)
    mechanism_picture(folder, summary)
    damage_picture(folder, summary)
    limit_pictures(folder)


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    main(*sys.argv[1:])
