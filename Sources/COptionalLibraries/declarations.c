// SwiftPM builds a C target from at least one source file; the declarations are all in
// include/optional_libraries.h, and nothing here links any library.
#include "optional_libraries.h"
