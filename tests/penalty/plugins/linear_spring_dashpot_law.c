/* A user contact law for tests/penalty/user_law_test.cpp, written independently of moreau's
   built-in laws: the linear spring-dashpot normal law without tension and the
   spring-dashpot-slider (tangential_laws.hpp), with parameters [k, eta, k_t, eta_t]
   (N/m, N s/m, N/m, N s/m). Returns 1 for another number of parameters. */
#include "moreau/penalty/user_law_abi.h"

#include <math.h>

int moreau_user_law_abi_version(void) { return MOREAU_USER_LAW_ABI_VERSION; }

int moreau_contact_law(const struct moreau_contact_input* input,
                       struct moreau_contact_output* output) {
  if (input->parameter_count != 4) return 1;
  const double k = input->parameters[0];
  const double eta = input->parameters[1];
  const double k_t = input->parameters[2];
  const double eta_t = input->parameters[3];
  const double h = input->time_step;
  const double* s = input->slip_velocity;

  /* Normal: F = max(0, k delta + eta delta_dot); the dashpot's share F - k delta works
     against delta_dot. */
  const double elastic = k * input->overlap;
  const double normal = fmax(0.0, elastic + eta * input->overlap_rate);
  output->normal_force = normal;
  output->elastic_normal_force = elastic;
  output->damping_work = (normal - elastic) * input->overlap_rate * h;

  /* Tangential: the trial F = -(k_t d + eta_t s), d = d_old + h s, capped at mu F_n; in slip
     the spring is shortened along itself to k_t |d| <= mu F_n (never lengthened) and the
     yield force works through |d_trial - d|; the dashpot's share is the work of F + k_t d. */
  const double d[2] = {input->state[0] + h * s[0], input->state[1] + h * s[1]};
  const double trial[2] = {-(k_t * d[0] + eta_t * s[0]), -(k_t * d[1] + eta_t * s[1])};
  const double trial_norm = sqrt(trial[0] * trial[0] + trial[1] * trial[1]);
  const double yield = input->friction * normal;
  const double spring = k_t * sqrt(d[0] * d[0] + d[1] * d[1]);
  const int slipping = trial_norm > yield;
  const double keep = slipping && spring > yield ? yield / spring : 1.0;
  for (int i = 0; i < 2; ++i) {
    output->tangential_force[i] = slipping ? yield * trial[i] / trial_norm : trial[i];
    output->state[i] = keep * d[i];
  }
  const double slip[2] = {d[0] - output->state[0], d[1] - output->state[1]};
  output->slip_work = slipping ? yield * sqrt(slip[0] * slip[0] + slip[1] * slip[1]) : 0.0;
  for (int i = 0; i < 2; ++i)
    output->damping_work -= (output->tangential_force[i] + k_t * output->state[i]) * s[i] * h;

  const double* d_kept = output->state;
  output->elastic_energy = 0.5 * k * input->overlap * input->overlap +
                           0.5 * k_t * (d_kept[0] * d_kept[0] + d_kept[1] * d_kept[1]);
  output->stiffness = k;
  output->damping = eta;
  return 0;
}
