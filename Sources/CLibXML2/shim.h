// libxml2's SAX2 push parser, without the ICU headers some builds pull in: they clash with the copy
// of ICU that Foundation carries, and StateProof needs none of libxml2's ICU converters.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/SAX2.h>

// The parser context's fields StateProof needs, read through the accessors libxml2 2.14 added
// when it deprecated reading the fields themselves; older libxml2 (Debian 12's 2.9, the macOS
// SDK's) has only the fields, which these read instead.

/// The owner StateProof stored in the context.
static inline void *stateproof_xml_private(xmlParserCtxtPtr context) {
#if LIBXML_VERSION >= 21400
  return xmlCtxtGetPrivate(context);
#else
  return context->_private;
#endif
}

static inline void stateproof_xml_set_private(xmlParserCtxtPtr context, void *owner) {
#if LIBXML_VERSION >= 21400
  xmlCtxtSetPrivate(context, owner);
#else
  context->_private = owner;
#endif
}

/// Whether the document is well-formed so far.
static inline int stateproof_xml_well_formed(xmlParserCtxtPtr context) {
#if LIBXML_VERSION >= 21400
  return (xmlCtxtGetStatus(context) & XML_STATUS_NOT_WELL_FORMED) == 0;
#else
  return context->wellFormed;
#endif
}

/// Frees the document libxml2's SAX2 defaults started (its DTD, when one is declared).
static inline void stateproof_xml_free_document(xmlParserCtxtPtr context) {
#if LIBXML_VERSION >= 21400
  xmlDocPtr document = xmlCtxtGetDocument(context);
#else
  xmlDocPtr document = context->myDoc;
  context->myDoc = NULL;
#endif
  if (document != NULL) xmlFreeDoc(document);
}
