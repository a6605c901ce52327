import COptionalLibraries

/// libheif's functions, found at run time: nil (``shared``) when the machine has no libheif or
/// it lacks one of them. Only `HEICDecoder` in StateProofKit calls them (on Linux).
package struct HeifLibrary: @unchecked Sendable {
  package let contextAlloc: sp_heif_context_alloc
  package let contextFree: sp_heif_context_free
  package let readFromMemory: sp_heif_context_read_from_memory_without_copy
  package let primaryImageHandle: sp_heif_context_get_primary_image_handle
  package let handleRelease: sp_heif_image_handle_release
  package let handleWidth: sp_heif_image_handle_get_width
  package let handleHeight: sp_heif_image_handle_get_height
  package let handleHasAlpha: sp_heif_image_handle_has_alpha_channel
  package let decodeImage: sp_heif_decode_image
  package let imageRelease: sp_heif_image_release
  package let imageWidth: sp_heif_image_get_width
  package let imageHeight: sp_heif_image_get_height
  package let planeReadonly: sp_heif_image_get_plane_readonly
  package let scaleImage: sp_heif_image_scale_image
  private let getVersion: sp_heif_get_version

  /// The library, opened once per process.
  package static let shared: HeifLibrary? = OptionalLibrary.heif.open().flatMap(HeifLibrary.init)

  private init?(_ library: DynamicLibrary) {
    guard let contextAlloc = library.function("heif_context_alloc", as: sp_heif_context_alloc.self),
      let contextFree = library.function("heif_context_free", as: sp_heif_context_free.self),
      let readFromMemory = library.function(
        "heif_context_read_from_memory_without_copy", as: sp_heif_context_read_from_memory_without_copy.self),
      let primaryImageHandle = library.function(
        "heif_context_get_primary_image_handle", as: sp_heif_context_get_primary_image_handle.self),
      let handleRelease = library.function("heif_image_handle_release", as: sp_heif_image_handle_release.self),
      let handleWidth = library.function("heif_image_handle_get_width", as: sp_heif_image_handle_get_width.self),
      let handleHeight = library.function("heif_image_handle_get_height", as: sp_heif_image_handle_get_height.self),
      let handleHasAlpha = library.function(
        "heif_image_handle_has_alpha_channel", as: sp_heif_image_handle_has_alpha_channel.self),
      let decodeImage = library.function("heif_decode_image", as: sp_heif_decode_image.self),
      let imageRelease = library.function("heif_image_release", as: sp_heif_image_release.self),
      let imageWidth = library.function("heif_image_get_width", as: sp_heif_image_get_width.self),
      let imageHeight = library.function("heif_image_get_height", as: sp_heif_image_get_height.self),
      let planeReadonly = library.function("heif_image_get_plane_readonly", as: sp_heif_image_get_plane_readonly.self),
      let scaleImage = library.function("heif_image_scale_image", as: sp_heif_image_scale_image.self),
      let getVersion = library.function("heif_get_version", as: sp_heif_get_version.self)
    else { return nil }
    self.contextAlloc = contextAlloc
    self.contextFree = contextFree
    self.readFromMemory = readFromMemory
    self.primaryImageHandle = primaryImageHandle
    self.handleRelease = handleRelease
    self.handleWidth = handleWidth
    self.handleHeight = handleHeight
    self.handleHasAlpha = handleHasAlpha
    self.decodeImage = decodeImage
    self.imageRelease = imageRelease
    self.imageWidth = imageWidth
    self.imageHeight = imageHeight
    self.planeReadonly = planeReadonly
    self.scaleImage = scaleImage
    self.getVersion = getVersion
  }

  /// The version libheif reports (`1.15.1`).
  package var version: String { getVersion().map { String(cString: $0) } ?? "unknown" }
}
