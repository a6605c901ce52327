/// Facts about the tool itself.
public enum StateProof {
  /// The version `stateproof --version` prints.
  public static let version = "0.1.0"
}
