#include <openssl/evp.h>
#include <openssl/sha.h>
#include <openssl/x509.h>
