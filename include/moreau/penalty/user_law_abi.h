/* The C interface of a user contact law for moreau's penalty mode: a shared library that
   exports the two functions below (no C++ name mangling, so any compiler or language that
   can produce a C ABI will do). moreau calls moreau_contact_law once per contact and step.
   Vectors are in the contact frame: component 0 along t1, 1 along t2 (planar mode: t2 = 0).
   Sign conventions as docs/mathematics.md section 1: overlap > 0 in penetration, overlap_rate > 0
   while approaching, forces are those on body A (the normal one > 0 pushes A away from B). */
#ifndef MOREAU_PENALTY_USER_LAW_ABI_H
#define MOREAU_PENALTY_USER_LAW_ABI_H

#define MOREAU_USER_LAW_ABI_VERSION 1

#ifdef __cplusplus
extern "C" {
#endif

struct moreau_contact_input {
  double overlap;           /* m, > 0 */
  double overlap_rate;      /* m/s */
  double slip_velocity[2];  /* m/s, of A relative to B at the contact point */
  double state[2];          /* what the law returned as state at the last step (0 at first
                               touch), turned into the current contact frame by moreau */
  double friction;          /* mu of the material pair */
  double restitution;       /* e of the material pair */
  double effective_mass;    /* kg, m_a m_b / (m_a + m_b) */
  double time_step;         /* s */
  const double* parameters; /* the `parameters` list of the problem file */
  int parameter_count;
};

struct moreau_contact_output {
  double normal_force;         /* N */
  double elastic_normal_force; /* N, its conservative part (for the energy balance) */
  double tangential_force[2];  /* N */
  double state[2];             /* kept for the next step of this contact */
  double elastic_energy;       /* J, stored in the contact after the step */
  double damping_work;         /* J, >= 0, dissipated by dashpots in the step */
  double slip_work;            /* J, >= 0, dissipated by slip in the step */
  double stiffness;            /* N/m, normal tangent stiffness, for the critical time step */
  double damping;              /* N s/m, normal damping, for the critical time step */
};

/* Must return MOREAU_USER_LAW_ABI_VERSION; moreau refuses a library that does not. */
int moreau_user_law_abi_version(void);

/* Fills *output from *input; returns 0 on success, anything else stops the run with an
   error naming the library and the code. */
int moreau_contact_law(const struct moreau_contact_input* input,
                       struct moreau_contact_output* output);

#ifdef __cplusplus
}
#endif

#endif
