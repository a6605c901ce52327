import COptionalLibraries

/// libzstd's functions, found at run time: nil (``shared``) when the machine has no libzstd or
/// it lacks one of them. Only `Zstd` in StateProofRead (and the tests' fixtures) call them.
package struct ZstdLibrary: @unchecked Sendable {
  package let createDStream: sp_zstd_createDStream
  package let freeDStream: sp_zstd_freeDStream
  package let setParameter: sp_zstd_DCtx_setParameter
  package let reset: sp_zstd_DCtx_reset
  package let inputSize: sp_zstd_DStreamInSize
  package let outputSize: sp_zstd_DStreamOutSize
  package let decompressStream: sp_zstd_decompressStream
  package let isError: sp_zstd_isError
  package let errorName: sp_zstd_getErrorName
  package let compressBound: sp_zstd_compressBound
  package let compress: sp_zstd_compress
  private let versionString: sp_zstd_versionString

  /// The library, opened once per process.
  package static let shared: ZstdLibrary? = OptionalLibrary.zstd.open().flatMap(ZstdLibrary.init)

  private init?(_ library: DynamicLibrary) {
    guard let createDStream = library.function("ZSTD_createDStream", as: sp_zstd_createDStream.self),
      let freeDStream = library.function("ZSTD_freeDStream", as: sp_zstd_freeDStream.self),
      let setParameter = library.function("ZSTD_DCtx_setParameter", as: sp_zstd_DCtx_setParameter.self),
      let reset = library.function("ZSTD_DCtx_reset", as: sp_zstd_DCtx_reset.self),
      let inputSize = library.function("ZSTD_DStreamInSize", as: sp_zstd_DStreamInSize.self),
      let outputSize = library.function("ZSTD_DStreamOutSize", as: sp_zstd_DStreamOutSize.self),
      let decompressStream = library.function("ZSTD_decompressStream", as: sp_zstd_decompressStream.self),
      let isError = library.function("ZSTD_isError", as: sp_zstd_isError.self),
      let errorName = library.function("ZSTD_getErrorName", as: sp_zstd_getErrorName.self),
      let compressBound = library.function("ZSTD_compressBound", as: sp_zstd_compressBound.self),
      let compress = library.function("ZSTD_compress", as: sp_zstd_compress.self),
      let versionString = library.function("ZSTD_versionString", as: sp_zstd_versionString.self)
    else { return nil }
    self.createDStream = createDStream
    self.freeDStream = freeDStream
    self.setParameter = setParameter
    self.reset = reset
    self.inputSize = inputSize
    self.outputSize = outputSize
    self.decompressStream = decompressStream
    self.isError = isError
    self.errorName = errorName
    self.compressBound = compressBound
    self.compress = compress
    self.versionString = versionString
  }

  /// The version libzstd reports (`1.5.4`).
  package var version: String { versionString().map { String(cString: $0) } ?? "unknown" }
}
