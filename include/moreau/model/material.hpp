// A material of a problem: its density for the mass properties, and the elastic constants
// the penalty mode calibrates its spring-dashpot laws from (docs/mathematics.md section 2).
#pragma once

#include <string>

namespace moreau::model {

struct Material {
  std::string name;
  double density = 2500.0;     ///< kg/m^3 (kg/m^2 per metre of depth in planar mode), > 0
  double young_modulus = 0.0;  ///< Pa, >= 0; 0 when the penalty mode is not used
  double poisson_ratio = 0.0;  ///< in [0, 0.5)
  double dissipation = 0.0;    ///< Hunt-Crossley c, s/m, >= 0 (penalty mode)
};

}  // namespace moreau::model
