/* A user contact law built for another ABI version than moreau's: UserLaw must refuse it
   (tests/penalty/user_law_test.cpp). */
#include "moreau/penalty/user_law_abi.h"

int moreau_user_law_abi_version(void) { return MOREAU_USER_LAW_ABI_VERSION + 1; }

int moreau_contact_law(const struct moreau_contact_input* input,
                       struct moreau_contact_output* output) {
  (void)input;
  (void)output;
  return 0;
}
