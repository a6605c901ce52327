// The few declarations StateProof needs of the libraries it opens at run time (dlopen), so
// building needs none of their -dev packages: the function types (called through pointers that
// dlsym returns), the structs they pass and the constants they take. Each is written from the
// library's public, stable API (zstd 1.4+, SQLite 3.x, libheif 1.x); their licences are beside
// this folder (LICENSE-zstd, LICENSE-sqlite, LICENSE-libheif). Names carry a `sp_` prefix so
// they never collide with the libraries' own headers.
#ifndef STATEPROOF_OPTIONAL_LIBRARIES_H
#define STATEPROOF_OPTIONAL_LIBRARIES_H

#include <stddef.h>
#include <stdint.h>

// ---- zstd (zstd.h; BSD licence) ----------------------------------------------------------------
typedef struct sp_zstd_in_buffer {
  const void *src;
  size_t size;
  size_t pos;
} sp_zstd_in_buffer;
typedef struct sp_zstd_out_buffer {
  void *dst;
  size_t size;
  size_t pos;
} sp_zstd_out_buffer;
enum { sp_zstd_d_windowLogMax = 100, sp_zstd_reset_session_only = 1 };
typedef void *(*sp_zstd_createDStream)(void);
typedef size_t (*sp_zstd_freeDStream)(void *stream);
typedef size_t (*sp_zstd_DCtx_setParameter)(void *context, int parameter, int value);
typedef size_t (*sp_zstd_DCtx_reset)(void *context, int directive);
typedef size_t (*sp_zstd_DStreamInSize)(void);
typedef size_t (*sp_zstd_DStreamOutSize)(void);
typedef size_t (*sp_zstd_decompressStream)(void *stream, sp_zstd_out_buffer *output, sp_zstd_in_buffer *input);
typedef unsigned (*sp_zstd_isError)(size_t code);
typedef const char *(*sp_zstd_getErrorName)(size_t code);
typedef const char *(*sp_zstd_versionString)(void);
typedef size_t (*sp_zstd_compressBound)(size_t size);
typedef size_t (*sp_zstd_compress)(void *dst, size_t capacity, const void *src, size_t size, int level);

// ---- SQLite (sqlite3.h; public domain) ---------------------------------------------------------
enum {
  sp_sqlite_ok = 0,
  sp_sqlite_row = 100,
  sp_sqlite_done = 101,
  sp_sqlite_open_readonly = 0x00000001,
  sp_sqlite_open_readwrite = 0x00000002,
  sp_sqlite_open_create = 0x00000004,
  sp_sqlite_open_uri = 0x00000040,
  sp_sqlite_open_nomutex = 0x00008000,
  sp_sqlite_limit_length = 0,
  sp_sqlite_limit_sql_length = 1,
  sp_sqlite_integer = 1,
  sp_sqlite_float = 2,
  sp_sqlite_null = 5,
};
typedef int (*sp_sqlite_open_v2)(const char *filename, void **database, int flags, const char *vfs);
typedef int (*sp_sqlite_close)(void *database);
typedef const char *(*sp_sqlite_errmsg)(void *database);
typedef const char *(*sp_sqlite_errstr)(int code);
typedef int (*sp_sqlite_limit)(void *database, int id, int value);
typedef int (*sp_sqlite_prepare_v2)(void *database, const char *sql, int bytes, void **statement, const char **tail);
typedef int (*sp_sqlite_finalize)(void *statement);
typedef int (*sp_sqlite_bind_int64)(void *statement, int index, int64_t value);
typedef int (*sp_sqlite_step)(void *statement);
typedef int (*sp_sqlite_column_count)(void *statement);
typedef const char *(*sp_sqlite_column_name)(void *statement, int column);
typedef int (*sp_sqlite_column_type)(void *statement, int column);
typedef const unsigned char *(*sp_sqlite_column_text)(void *statement, int column);
typedef int (*sp_sqlite_column_bytes)(void *statement, int column);
typedef int64_t (*sp_sqlite_column_int64)(void *statement, int column);
typedef double (*sp_sqlite_column_double)(void *statement, int column);
typedef int (*sp_sqlite_exec)(void *database, const char *sql, void *callback, void *argument, char **error);
typedef void (*sp_sqlite_free)(void *memory);
typedef const char *(*sp_sqlite_libversion)(void);

// ---- libheif (heif.h; LGPL 3) ------------------------------------------------------------------
typedef struct sp_heif_error {
  int code;
  int subcode;
  const char *message;
} sp_heif_error;
enum {
  sp_heif_error_ok = 0,
  sp_heif_colorspace_rgb = 1,
  sp_heif_chroma_interleaved_rgb = 10,
  sp_heif_chroma_interleaved_rgba = 11,
  sp_heif_channel_interleaved = 10,
};
typedef void *(*sp_heif_context_alloc)(void);
typedef void (*sp_heif_context_free)(void *context);
typedef sp_heif_error (*sp_heif_context_read_from_memory_without_copy)(
    void *context, const void *bytes, size_t size, const void *options);
typedef sp_heif_error (*sp_heif_context_get_primary_image_handle)(void *context, void **handle);
typedef void (*sp_heif_image_handle_release)(void *handle);
typedef int (*sp_heif_image_handle_get_width)(const void *handle);
typedef int (*sp_heif_image_handle_get_height)(const void *handle);
typedef int (*sp_heif_image_handle_has_alpha_channel)(const void *handle);
typedef sp_heif_error (*sp_heif_decode_image)(
    const void *handle, void **image, int colorspace, int chroma, const void *options);
typedef void (*sp_heif_image_release)(const void *image);
typedef int (*sp_heif_image_get_width)(const void *image, int channel);
typedef int (*sp_heif_image_get_height)(const void *image, int channel);
typedef const uint8_t *(*sp_heif_image_get_plane_readonly)(const void *image, int channel, int *stride);
typedef sp_heif_error (*sp_heif_image_scale_image)(
    const void *input, void **output, int width, int height, const void *options);
typedef const char *(*sp_heif_get_version)(void);

#endif
