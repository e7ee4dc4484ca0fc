// Fixture for the layering check's own test: the contact layer must not see bodies.
#include "moreau/model/body.hpp"
