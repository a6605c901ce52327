/// A mobile platform whose permission states the matrix describes.
public enum Platform: String, Codable, Sendable, CaseIterable, Comparable {
  case android
  case ios

  /// How a person writes the platform's name.
  public var displayName: String {
    switch self {
    case .android: "Android"
    case .ios: "iOS"
    }
  }

  public static func < (lhs: Platform, rhs: Platform) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
