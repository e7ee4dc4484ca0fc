// VTK output of a run for ParaView: body surfaces and contact forces, one pair of files per
// written step, gathered by two .pvd collections (Kitware, "VTK File Formats": the XML
// UnstructuredGrid .vtu in ASCII, and ParaView's Collection .pvd).
#pragma once

#include "moreau/dynamics/interfaces.hpp"
#include "moreau/dynamics/joint_damage.hpp"
#include "moreau/dynamics/moreau_jean.hpp"
#include "moreau/model/scene.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace moreau::output {

/// State of a contact after the solve, from its force F (normal first) and mu:
///   Open  (0)  F_N <= 0: no force
///   Stick (1)  ||F_T|| <  mu F_N (1 - 1e-9): inside the Coulomb cone
///   Slip  (2)  ||F_T|| >= mu F_N (1 - 1e-9): on its surface (every loaded contact if mu = 0)
/// The relative 1e-9 absorbs the round-off of a solver that ended on the cone's surface;
/// its own tolerance (1e-8 by default) is on the whole problem, not on one contact, so a
/// contact reported Stick may still be within that tolerance of sliding.
/// The integers are the values of the `status` array of contacts_<step>.vtu.
enum class ContactStatus { Open = 0, Stick = 1, Slip = 2 };

ContactStatus contact_status(const dynamics::Contact& contact);

struct VtkOptions {
  /// Half the side of the square drawn for a Plane, m, >= 0. 0 picks it at the first write:
  /// the largest side of the box around every other body (so the patch is twice as wide as
  /// the scene), or 1 m if there is no other body. The centre is the centre of that box
  /// projected on the plane. Both are kept for the whole run, so the ground does not jump
  /// between frames.
  double plane_half_size = 0.0;
  /// Under ground motion, the shaken support (run::shaken_support, an index in
  /// Scene::bodies), whose motion the bodies' relative fields are measured from; none: no
  /// relative fields.
  std::optional<std::size_t> support;
};

/// What the next VTK writes depend on: the ground's square, and the frames the collections
/// list (part of VtkOutput's state in checkpoints).
struct VtkState {
  /// Where the square standing for a Plane is centred (m, world), and its half side (m).
  struct PlanePatch {
    math::Vec3 centre_W = math::Vec3::Zero();
    double half_size = 1.0;
  };
  struct Frame {
    int step = 0;
    double time = 0.0;  ///< s
  };
  std::optional<PlanePatch> plane_patch;  ///< chosen at the first write
  std::vector<Frame> frames;
};

/// Writes, into one folder, for each call of write():
///   bodies_<step>.vtu    every body's surface in world coordinates as polygon cells, with
///                        cell data `body` (index in Scene::bodies), `displacement` (m,
///                        world, x - x_0 of the centre of mass), `rotation_angle` (degrees, in
///                        [0, 180]) and `rotation_axis` (unit, world; the zero vector when
///                        the angle is 0; +-y in planar mode) of the rotation q q_0^-1, where
///                        x_0 and q_0 are the pose in `initial`, and point data `velocity`
///                        (m/s, world: the rigid velocity v + w x (p - x) of each vertex, so
///                        spin shows as well as translation); with a support
///                        (VtkOptions::support), also cell data `relative_displacement`
///                        (m, the centre of mass's displacement in the support's frame,
///                        R_s,0 R_s^-1 (x - x_s) - (x_0 - x_s,0), in the support's axes at
///                        t = 0) and point data `relative_velocity` (m/s, each vertex's
///                        velocity less the support's rigid velocity at that point, in the
///                        same axes): for a support that translates, as a ground motion's
///                        does, the absolute values less the support's
///   contacts_<step>.vtu  one VTK_VERTEX cell per contact at its point p, with point data
///                        `body_a`, `body_b` (indices in Scene::bodies, as `body` above),
///                        `normal` (unit, world, from body_b towards body_a), `normal_force`
///                        (N, r_N / h), `tangential_force` (N, world, (r_1 t1 + r_2 t2) / h)
///                        and `status` (ContactStatus as an integer). Point data rather than
///                        cell data, one point being one cell: ParaView's Glyph filter, which
///                        draws the forces as arrows, carries point data only.
///   interfaces_<step>.vtu  the interfaces of dynamics::find_interfaces: first one
///                        VTK_VERTEX cell per interface at its centre of pressure, then, in
///                        the same order, its contact polygon (VTK_POLYGON, or VTK_LINE for
///                        a segment), both with cell data `body_a`, `body_b`, `normal`
///                        (unit, world, from body_b towards body_a), `normal_force` (N),
///                        `shear_force` (N, world, on body_a), `eccentricity_ratio` and
///                        `in_kernel` (1 or 0)
/// and then rewrites bodies.pvd, contacts.pvd and interfaces.pvd listing every step written so far
/// with timestep = the simulated time. <step> has at least 6 digits. Every file is written to a
/// temporary and renamed (core::write_output_file), so the folder always holds valid files,
/// even if the run is killed. The price is a rewrite of the three collections, O(frames), per
/// write (about 70 bytes a frame: 0.7 MB each at the 10^4th frame, so write fewer frames
/// than that); appending in place was rejected because a kill mid-append leaves a
/// collection ParaView cannot open.
///
/// Surfaces: spheres as UV spheres of 8 latitude bands by 16 meridians, fixed to the body
/// (the poles on its local z axis, so rolling is visible), which pass through the six
/// points +-r e_k of the local axes; boxes and polyhedra by their faces; planes as a finite
/// square (VtkOptions); planar polygons as the prism of unit depth, -1/2 <= y <= 1/2, that
/// the mechanics uses (geometry/polygon.hpp), so that 2D and 3D scenes look alike in
/// ParaView and a planar plane is the strip of the same depth. In planar mode contact
/// points lie in the middle plane y = 0.
///
/// The constructor writes open_in_paraview.py into the folder: a ParaView Python script
/// (`paraview --script=open_in_paraview.py`, or `pvpython open_in_paraview.py`) that opens
/// the three collections, bodies coloured by |displacement| (|relative_displacement| with a
/// support), contacts as points coloured by
/// normal_force, interfaces by eccentricity_ratio.
///
/// Numbers are ASCII with 17 significant digits (exact round trip). N.B. VTK's ASCII
/// reader does not parse "nan" or "inf": a scene that has blown up gives files ParaView
/// refuses, which is the time to look at history.csv instead.
class VtkWriter {
 public:
  /// Creates the folder if needed and writes open_in_paraview.py. `initial` gives the poses
  /// displacements and rotations are measured from: the scene at t = 0, also when the writer
  /// continues an earlier run (restore()).
  /// @throws core::Diagnostic if the folder or the script cannot be written, or for a
  ///         negative, NaN or infinite plane_half_size
  VtkWriter(std::filesystem::path folder, const model::Scene& initial, VtkOptions options = {});

  /// Writes the step as described above.
  /// @param step  step number, >= 0 (file names)
  /// @param time  simulated time, s (the .pvd timestep)
  /// @param scene the scene at `time`, with the bodies of `initial`
  /// @throws core::Diagnostic if a file cannot be written
  void write(int step, double time, const model::Scene& scene,
             const std::vector<dynamics::Contact>& contacts);

  /// Writes damage.vtu, the damage map (dynamics/joint_damage.hpp) so far: one cell per
  /// joint on body_b at its current pose, the convex polygon of the joint's points
  /// (VTK_POLYGON; VTK_LINE for a segment, VTK_VERTEX for a point), with cell data `body_a`,
  /// `body_b`, `max_opening` and `max_sliding` (m). The file is replaced at each call.
  /// @throws core::Diagnostic if it cannot be written
  void write_damage_map(const model::Scene& scene,
                        const std::vector<dynamics::JointDamage>& joints) const;

  const std::filesystem::path& folder() const { return folder_; }

  /// What the next writes depend on (checkpoints).
  const VtkState& state() const { return state_; }
  /// Continues the collections of an earlier run (moreau run --restart-from): the next
  /// write lists the frames of `state`, then its own. Frames of the folder that `state`
  /// does not list (past the checkpoint) are left out of the collections.
  void restore(VtkState state);

 private:
  VtkState::PlanePatch choose_plane_patch(const model::Scene& scene) const;
  void write_collection(const std::string& prefix) const;

  std::filesystem::path folder_;
  VtkOptions options_;
  std::vector<geometry::Pose> initial_poses_;  ///< of the centres of mass, per body
  VtkState state_;
};

}  // namespace moreau::output
