// libheif's decoder, for showing HEIC screenshots in the HTML report (Debian's libheif-dev).
#include <libheif/heif.h>
