// The files of one answer of limit analysis (limit/limit_analysis.hpp): its forces and
// mechanism as CSV tables and as ParaView frames, for `moreau limit --out` and `moreau run
// --limit`.
#pragma once

#include "moreau/dynamics/stepper.hpp"
#include "moreau/limit/limit_analysis.hpp"
#include "moreau/model/scene.hpp"

#include <filesystem>
#include <vector>

namespace moreau::output {

/// Writes into `folder` (created if needed), for a collapse of `contacts` in `scene` where it
/// stands:
///   forces.csv     one row per contact point that carries a force at the collapse load:
///                  body_a, body_b (names), x, y, z (the point, m), nx, ny, nz (the normal,
///                  from body_b towards body_a), normal_force (N), tx, ty, tz (the
///                  tangential force on body_a, N, world)
///   mechanism.csv  one row per body: body (name), vx, vy, vz (the virtual velocity of its
///                  centre of mass, m/s), wx, wy, wz (its angular velocity, rad/s, world),
///                  scaled as limit::Collapse's: the fastest point at 1 m/s, 0 on supports
///   interfaces.csv the joints' resultants at the collapse load as InterfaceLog writes them
///                  (step 0, time 0): per pair of bodies in contact its normal and shear
///                  force and its centre of pressure, the thrust line at collapse (a hinge's
///                  at its edge, eccentricity ratio 3)
///   the frames of a VtkWriter (vtk_writer.hpp: bodies, contacts, interfaces and
///   open_in_paraview.py), two of them: frame 0 the structure where it stands, each vertex's
///   `velocity` the mechanism's and the contacts with the collapse forces (their interfaces'
///   centres of pressure: the thrust line at collapse); frame 1 (at t = s) the structure
///   moved along the mechanism for s seconds, s a twentieth of the largest side of the box
///   around the free bodies, so that `displacement` draws the mechanism's shape (to first
///   order: each body turned about its centre of mass and moved with it), with no contacts.
/// Numbers have 17 significant digits; every file is written through a temporary
/// (core::write_output_file).
/// @pre collapse.outcome is Collapse, with velocities for every body of `scene`
/// @throws core::Diagnostic if the folder or a file cannot be written
void write_collapse_files(const std::filesystem::path& folder, const model::Scene& scene,
                          const std::vector<dynamics::Contact>& contacts,
                          const limit::Collapse& collapse);

}  // namespace moreau::output
