// Compiled by scripts/check-optional-headers against the libraries' real headers: every function
// type, struct and constant that Sources/COptionalLibraries/include/optional_libraries.h declares
// must agree with them. Each thunk has exactly the header's function type (the assignment to a
// pointer of that type fails otherwise) and calls the real function, so an argument or result
// whose type differs fails under -Werror -Wconversion; structs are compared field by field.
#include <stddef.h>
#include <sqlite3.h>
#include <zstd.h>
#include <libheif/heif.h>

#include "optional_libraries.h"

#define SAME_LAYOUT(ours, theirs) \
  _Static_assert(sizeof(ours) == sizeof(theirs) && _Alignof(ours) == _Alignof(theirs), #ours " has the size of " #theirs)
#define SAME_FIELD(ours, theirs, a, b) \
  _Static_assert(offsetof(ours, a) == offsetof(theirs, b) && sizeof(((ours *)0)->a) == sizeof(((theirs *)0)->b), \
                 #ours "." #a " lies where " #theirs "." #b " does")
#define SAME_VALUE(ours, theirs) _Static_assert((long)(ours) == (long)(theirs), #ours " is " #theirs)
#define THUNK(type, name, result, parameters, call) \
  static result name##_thunk parameters { call; } \
  type name##_checked = name##_thunk;

// ---- zstd ----
SAME_LAYOUT(sp_zstd_in_buffer, ZSTD_inBuffer);
SAME_FIELD(sp_zstd_in_buffer, ZSTD_inBuffer, src, src);
SAME_FIELD(sp_zstd_in_buffer, ZSTD_inBuffer, size, size);
SAME_FIELD(sp_zstd_in_buffer, ZSTD_inBuffer, pos, pos);
SAME_LAYOUT(sp_zstd_out_buffer, ZSTD_outBuffer);
SAME_FIELD(sp_zstd_out_buffer, ZSTD_outBuffer, dst, dst);
SAME_FIELD(sp_zstd_out_buffer, ZSTD_outBuffer, size, size);
SAME_FIELD(sp_zstd_out_buffer, ZSTD_outBuffer, pos, pos);
SAME_VALUE(sp_zstd_d_windowLogMax, ZSTD_d_windowLogMax);
SAME_VALUE(sp_zstd_reset_session_only, ZSTD_reset_session_only);
THUNK(sp_zstd_createDStream, ZSTD_createDStream, void *, (void), return ZSTD_createDStream())
THUNK(sp_zstd_freeDStream, ZSTD_freeDStream, size_t, (void *s), return ZSTD_freeDStream(s))
THUNK(sp_zstd_DCtx_setParameter, ZSTD_DCtx_setParameter, size_t, (void *c, int p, int v),
      return ZSTD_DCtx_setParameter(c, (ZSTD_dParameter)p, v))
THUNK(sp_zstd_DCtx_reset, ZSTD_DCtx_reset, size_t, (void *c, int d), return ZSTD_DCtx_reset(c, (ZSTD_ResetDirective)d))
THUNK(sp_zstd_DStreamInSize, ZSTD_DStreamInSize, size_t, (void), return ZSTD_DStreamInSize())
THUNK(sp_zstd_DStreamOutSize, ZSTD_DStreamOutSize, size_t, (void), return ZSTD_DStreamOutSize())
THUNK(sp_zstd_decompressStream, ZSTD_decompressStream, size_t, (void *s, sp_zstd_out_buffer *o, sp_zstd_in_buffer *i),
      return ZSTD_decompressStream(s, (ZSTD_outBuffer *)o, (ZSTD_inBuffer *)i))
THUNK(sp_zstd_isError, ZSTD_isError, unsigned, (size_t c), return ZSTD_isError(c))
THUNK(sp_zstd_getErrorName, ZSTD_getErrorName, const char *, (size_t c), return ZSTD_getErrorName(c))
THUNK(sp_zstd_versionString, ZSTD_versionString, const char *, (void), return ZSTD_versionString())
THUNK(sp_zstd_compressBound, ZSTD_compressBound, size_t, (size_t s), return ZSTD_compressBound(s))
THUNK(sp_zstd_compress, ZSTD_compress, size_t, (void *d, size_t c, const void *s, size_t n, int l),
      return ZSTD_compress(d, c, s, n, l))

// ---- SQLite ----
SAME_VALUE(sp_sqlite_ok, SQLITE_OK);
SAME_VALUE(sp_sqlite_row, SQLITE_ROW);
SAME_VALUE(sp_sqlite_done, SQLITE_DONE);
SAME_VALUE(sp_sqlite_open_readonly, SQLITE_OPEN_READONLY);
SAME_VALUE(sp_sqlite_open_readwrite, SQLITE_OPEN_READWRITE);
SAME_VALUE(sp_sqlite_open_create, SQLITE_OPEN_CREATE);
SAME_VALUE(sp_sqlite_open_uri, SQLITE_OPEN_URI);
SAME_VALUE(sp_sqlite_open_nomutex, SQLITE_OPEN_NOMUTEX);
SAME_VALUE(sp_sqlite_limit_length, SQLITE_LIMIT_LENGTH);
SAME_VALUE(sp_sqlite_limit_sql_length, SQLITE_LIMIT_SQL_LENGTH);
SAME_VALUE(sp_sqlite_integer, SQLITE_INTEGER);
SAME_VALUE(sp_sqlite_float, SQLITE_FLOAT);
SAME_VALUE(sp_sqlite_null, SQLITE_NULL);
THUNK(sp_sqlite_open_v2, sqlite3_open_v2, int, (const char *f, void **d, int fl, const char *v),
      return sqlite3_open_v2(f, (sqlite3 **)d, fl, v))
THUNK(sp_sqlite_close, sqlite3_close, int, (void *d), return sqlite3_close(d))
THUNK(sp_sqlite_errmsg, sqlite3_errmsg, const char *, (void *d), return sqlite3_errmsg(d))
THUNK(sp_sqlite_errstr, sqlite3_errstr, const char *, (int c), return sqlite3_errstr(c))
THUNK(sp_sqlite_limit, sqlite3_limit, int, (void *d, int i, int v), return sqlite3_limit(d, i, v))
THUNK(sp_sqlite_prepare_v2, sqlite3_prepare_v2, int, (void *d, const char *q, int b, void **s, const char **t),
      return sqlite3_prepare_v2(d, q, b, (sqlite3_stmt **)s, t))
THUNK(sp_sqlite_finalize, sqlite3_finalize, int, (void *s), return sqlite3_finalize(s))
THUNK(sp_sqlite_bind_int64, sqlite3_bind_int64, int, (void *s, int i, int64_t v), return sqlite3_bind_int64(s, i, v))
THUNK(sp_sqlite_step, sqlite3_step, int, (void *s), return sqlite3_step(s))
THUNK(sp_sqlite_column_count, sqlite3_column_count, int, (void *s), return sqlite3_column_count(s))
THUNK(sp_sqlite_column_name, sqlite3_column_name, const char *, (void *s, int c), return sqlite3_column_name(s, c))
THUNK(sp_sqlite_column_type, sqlite3_column_type, int, (void *s, int c), return sqlite3_column_type(s, c))
THUNK(sp_sqlite_column_text, sqlite3_column_text, const unsigned char *, (void *s, int c),
      return sqlite3_column_text(s, c))
THUNK(sp_sqlite_column_bytes, sqlite3_column_bytes, int, (void *s, int c), return sqlite3_column_bytes(s, c))
THUNK(sp_sqlite_column_int64, sqlite3_column_int64, int64_t, (void *s, int c), return sqlite3_column_int64(s, c))
THUNK(sp_sqlite_column_double, sqlite3_column_double, double, (void *s, int c), return sqlite3_column_double(s, c))
THUNK(sp_sqlite_exec, sqlite3_exec, int, (void *d, const char *q, void *cb, void *a, char **e),
      return sqlite3_exec(d, q, (int (*)(void *, int, char **, char **))cb, a, e))
THUNK(sp_sqlite_free, sqlite3_free, void, (void *m), sqlite3_free(m))
THUNK(sp_sqlite_libversion, sqlite3_libversion, const char *, (void), return sqlite3_libversion())

// ---- libheif ----
SAME_LAYOUT(sp_heif_error, struct heif_error);
SAME_FIELD(sp_heif_error, struct heif_error, code, code);
SAME_FIELD(sp_heif_error, struct heif_error, subcode, subcode);
SAME_FIELD(sp_heif_error, struct heif_error, message, message);
SAME_VALUE(sp_heif_error_ok, heif_error_Ok);
SAME_VALUE(sp_heif_colorspace_rgb, heif_colorspace_RGB);
SAME_VALUE(sp_heif_chroma_interleaved_rgb, heif_chroma_interleaved_RGB);
SAME_VALUE(sp_heif_chroma_interleaved_rgba, heif_chroma_interleaved_RGBA);
SAME_VALUE(sp_heif_channel_interleaved, heif_channel_interleaved);
#define HEIF_ERROR(call) \
  struct heif_error e = call; \
  sp_heif_error out = {(int)e.code, (int)e.subcode, e.message}; \
  return out
THUNK(sp_heif_context_alloc, heif_context_alloc, void *, (void), return heif_context_alloc())
THUNK(sp_heif_context_free, heif_context_free, void, (void *c), heif_context_free(c))
THUNK(sp_heif_context_read_from_memory_without_copy, heif_context_read_from_memory_without_copy, sp_heif_error,
      (void *c, const void *b, size_t s, const void *o), HEIF_ERROR(heif_context_read_from_memory_without_copy(c, b, s, o)))
THUNK(sp_heif_context_get_primary_image_handle, heif_context_get_primary_image_handle, sp_heif_error,
      (void *c, void **h), HEIF_ERROR(heif_context_get_primary_image_handle(c, (struct heif_image_handle **)h)))
THUNK(sp_heif_image_handle_release, heif_image_handle_release, void, (void *h), heif_image_handle_release(h))
THUNK(sp_heif_image_handle_get_width, heif_image_handle_get_width, int, (const void *h),
      return heif_image_handle_get_width(h))
THUNK(sp_heif_image_handle_get_height, heif_image_handle_get_height, int, (const void *h),
      return heif_image_handle_get_height(h))
THUNK(sp_heif_image_handle_has_alpha_channel, heif_image_handle_has_alpha_channel, int, (const void *h),
      return heif_image_handle_has_alpha_channel(h))
THUNK(sp_heif_decode_image, heif_decode_image, sp_heif_error, (const void *h, void **i, int cs, int ch, const void *o),
      HEIF_ERROR(heif_decode_image(h, (struct heif_image **)i, (enum heif_colorspace)cs, (enum heif_chroma)ch, o)))
THUNK(sp_heif_image_release, heif_image_release, void, (const void *i), heif_image_release(i))
THUNK(sp_heif_image_get_width, heif_image_get_width, int, (const void *i, int c),
      return heif_image_get_width(i, (enum heif_channel)c))
THUNK(sp_heif_image_get_height, heif_image_get_height, int, (const void *i, int c),
      return heif_image_get_height(i, (enum heif_channel)c))
THUNK(sp_heif_image_get_plane_readonly, heif_image_get_plane_readonly, const uint8_t *, (const void *i, int c, int *s),
      return heif_image_get_plane_readonly(i, (enum heif_channel)c, s))
THUNK(sp_heif_image_scale_image, heif_image_scale_image, sp_heif_error, (const void *i, void **o, int w, int h, const void *p),
      HEIF_ERROR(heif_image_scale_image(i, (struct heif_image **)o, w, h, p)))
THUNK(sp_heif_get_version, heif_get_version, const char *, (void), return heif_get_version())
