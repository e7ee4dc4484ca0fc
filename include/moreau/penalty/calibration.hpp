// Parameters of the penalty laws from the materials and the contact geometry
// (docs/mathematics.md section 2). Each is a default: a value given in the problem file wins.
#pragma once

namespace moreau::penalty {

/// K_t = (1 - nu)/(1 - nu/2) K_n, nu the mean Poisson ratio of the two materials: the
/// ratio of Mindlin's (1949) tangential to Hertz' normal stiffness of an elastic contact.
/// @pre 0 <= nu < 0.5
double tangential_stiffness(double normal_stiffness, double poisson_ratio);

/// The linear dashpot that gives restitution e to a spring k on mass m_eff (the textbook
/// result for the damped oscillator that may pull, LinearSpringDashpot::tension):
///   eta = -2 ln(e) sqrt(m_eff k / (ln(e)^2 + pi^2)),
/// e = 0 giving critical damping 2 sqrt(m_eff k), e = 1 no damping.
/// @pre e in [0, 1], m_eff > 0, k > 0
double damping_from_restitution(double restitution, double effective_mass, double stiffness);

/// The tangential dashpot: the same with the tangential mass 2/7 m_eff, the effective mass
/// of a solid sphere's contact point in rolling (1/m_t = 1/m + R^2/J = 7/(2m)).
double tangential_damping_from_restitution(double restitution, double effective_mass,
                                           double tangential_stiffness);

/// m_eff = m_a m_b / (m_a + m_b); a body that does not move has infinite mass (pass
/// infinity), so m_eff is the other body's mass.
double effective_mass(double mass_a, double mass_b);

/// R = R_a R_b / (R_a + R_b); a flat body has infinite radius (pass infinity).
double effective_radius(double radius_a, double radius_b);

/// The plane-strain modulus E/(1 - nu^2) of Hertz theory, Pa.
double plane_strain_modulus(double young_modulus, double poisson_ratio);

/// Hertz's effective modulus of two bodies from their plane-strain moduli,
/// 1/E* = 1/E1 + 1/E2 (Johnson 1985, Contact Mechanics, eq. 4.22): E/2 for two bodies of
/// one material, E1 against a rigid body.
double hertz_modulus(double modulus_1, double modulus_2);

/// Simbody's combined dissipation c = c1 s1 + c2 (1 - s1) (Sherman et al. 2011; Simbody's
/// HuntCrossleyForce documentation), s1 = E2^(2/3) / (E1^(2/3) + E2^(2/3)) the share of the
/// deformation that body 1 takes when the two contacts are nonlinear springs in series.
double combined_dissipation(double dissipation_1, double modulus_1, double dissipation_2,
                            double modulus_2);

/// k = 4/3 sqrt(R) E*, N/m^(3/2): Hertz's stiffness for the effective radius R (m) and the
/// effective modulus E* (Pa, hertz_modulus).
double hertz_stiffness(double effective_radius, double effective_modulus);

/// One side of a contact for series_spring_stiffness: its radius (m; infinity for a flat
/// body) and Young's modulus (Pa).
struct SpringSide {
  double radius = 0.0;
  double young_modulus = 0.0;
};

/// The normal stiffness of two elastic bodies as two springs in series over a contact area:
///   k_n = A (l_1/E_1 + l_2/E_2)^-1,  A = pi min(l_1, l_2)^2,
/// with the spring lengths l_i = R_i - delta/2 (each body's radius up to the middle of the
/// overlap delta). A flat body has no length of its own and takes the other's.
/// @pre at least one side has a finite radius; delta/2 < every finite radius
double series_spring_stiffness(const SpringSide& a, const SpringSide& b, double overlap);

}  // namespace moreau::penalty
