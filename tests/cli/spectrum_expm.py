#!/usr/bin/env python3
"""An independent computation of a record's response spectrum, for tests/cli/records_command_test:
the oscillator u'' + 2 zeta omega u' + omega^2 u = -a(t) under an acceleration linear between
samples, advanced by the matrix exponential of the system augmented with the input and its
slope (scipy.linalg.expm, a Pade approximant; Van Loan 1978), not by moreau's closed form. |u| is
read at the points moreau documents (model/record_intensity.hpp): the samples, n - 1 points
between two of them with n = ceil(step / (T / points_per_period)), and points_per_period
points over one period of free vibration after the record.

usage: spectrum_expm.py RECORD_CSV DAMPING POINTS_PER_PERIOD PERIOD...
prints a JSON list of Sa = omega^2 max |u| in g, one per period (the CSV's accelerations in g).
"""
import csv
import json
import math
import sys

try:
    import numpy
    from scipy.linalg import expm
except ImportError:
    print("SKIP: scipy is not installed (Debian: apt-get install python3-scipy)")
    sys.exit(0)

G = 9.80665


def read_record(path):
    with open(path, newline="") as stream:
        rows = [row for row in csv.reader(stream) if row and not row[0].lstrip().startswith("#")]
    return [float(row[0]) for row in rows[1:]], [G * float(row[1]) for row in rows[1:]]


def propagator(omega, zeta, tau):
    """x(tau) = Phi x(0) + Gamma0 f(0) + Gamma1 f'(0) for x' = A x + b f, f linear."""
    augmented = numpy.zeros((4, 4))
    augmented[0, 1] = 1.0
    augmented[1, 0] = -omega * omega
    augmented[1, 1] = -2.0 * zeta * omega
    augmented[1, 2] = 1.0  # the load f enters u''
    augmented[2, 3] = 1.0  # f' = slope, constant over the step
    exponential = expm(augmented * tau)
    return exponential[:2, :2], exponential[:2, 2], exponential[:2, 3]


def spectral_acceleration(times, accelerations, period, zeta, points_per_period):
    omega = 2.0 * math.pi / period
    spacing = period / points_per_period
    cache = {}
    state = numpy.zeros(2)
    peak = 0.0

    def advance(tau, points, a0, a1):
        nonlocal state, peak
        if tau not in cache:
            cache[tau] = propagator(omega, zeta, tau)
        phi, gamma0, gamma1 = cache[tau]
        slope = -(a1 - a0) / (points * tau)
        for k in range(points):
            f0 = -(a0 + (a1 - a0) * k / points)
            state = phi @ state + gamma0 * f0 + gamma1 * slope
            peak = max(peak, abs(state[0]))

    for i in range(len(times) - 1):
        interval = times[i + 1] - times[i]
        points = math.ceil(interval / spacing)
        advance(interval / points, points, accelerations[i], accelerations[i + 1])
    advance(spacing, points_per_period, 0.0, 0.0)
    return omega * omega * peak / G


def main(path, damping, points_per_period, *periods):
    times, accelerations = read_record(path)
    print(json.dumps([spectral_acceleration(times, accelerations, float(period), float(damping),
                                            int(points_per_period)) for period in periods]))


if __name__ == "__main__":
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    main(*sys.argv[1:])
