// A scene built in code, with no problem file, and stepped: a box of 0.4 x 0.4 x 0.2 m
// dropped from 5 cm onto the ground.
#include "moreau/dynamics/moreau_jean.hpp"

#include <iostream>

int main() {
  using namespace moreau;
  const model::ContactLaw law{.friction = 0.6, .restitution = 0.0};
  // 3D, gravity (0, 0, -9.81)
  model::Scene scene{.bodies = {}, .interactions = model::InteractionTable(law)};
  scene.bodies.push_back(model::make_fixed_body("ground", geometry::Plane{}, {}));
  scene.bodies.push_back(model::make_free_body("block",
                                               geometry::Box{{0.2, 0.2, 0.1}} /*half extents*/,
                                               /*density*/ 2000, {{0.0, 0.0, 0.15}}, 3));
  dynamics::MoreauJeanOptions options;  // theta 0.5, the automatic choice of solver
  options.h = 1e-3;                     // time step, s
  dynamics::MoreauJean stepper(scene, options);
  int unconverged = 0;
  for (int k = 0; k < 1000; ++k) {
    const dynamics::StepReport report = stepper.step();  // contacts, solve (if any), energies
    if (report.solve && !report.solve->converged()) ++unconverged;
  }
  // scene.bodies[1]: x, q, v, w_B; stepper.contacts(): frames and forces of the last step
  std::cout << "block at z = " << scene.bodies[1].x.z() << " m after " << scene.time << " s, "
            << unconverged << " steps not converged\n";
}
