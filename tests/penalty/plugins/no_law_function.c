/* A library that declares moreau's ABI version but has no moreau_contact_law: UserLaw must
   refuse it (tests/penalty/user_law_test.cpp). */
#include "moreau/penalty/user_law_abi.h"

int moreau_user_law_abi_version(void) { return MOREAU_USER_LAW_ABI_VERSION; }
