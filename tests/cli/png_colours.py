#!/usr/bin/python3
"""Counts a PNG's pixels of given colours, for tests/cli/plot_command_test.cpp: the pictures
of `moreau plot` are checked by what they show, not compared with a screenshot.

    png_colours.py FILE LEFT RIGHT COLOUR...   {"COLOUR": count, ...}

COLOUR is #rrggbb; a pixel counts when each of its channels is within 0.03 of the colour's
(antialiased edges do not). Only the columns from LEFT to RIGHT (fractions of the width)
are counted, so that a colour bar at the right can be left out.
"""
import json
import sys

import matplotlib.colors
import matplotlib.image


def main(path, left, right, colours):
    image = matplotlib.image.imread(path)[:, :, :3]
    width = image.shape[1]
    region = image[:, int(float(left) * width):int(float(right) * width)]
    counts = {}
    for colour in colours:
        rgb = matplotlib.colors.to_rgb(colour)
        close = abs(region - rgb).max(axis=2) <= 0.03
        counts[colour] = int(close.sum())
    print(json.dumps(counts))


if __name__ == "__main__":
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:])
