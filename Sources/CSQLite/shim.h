// SQLite's C API, for reading a result bundle's database.sqlite3 (Debian's libsqlite3-dev).
#include <sqlite3.h>
