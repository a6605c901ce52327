// libxml2's SAX2 push parser, without the ICU headers some builds pull in: they clash with the copy
// of ICU that Foundation carries, and StateProof needs none of libxml2's ICU converters.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/SAX2.h>
