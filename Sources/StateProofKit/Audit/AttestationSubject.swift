/// One file of the report folder as an in-toto ResourceDescriptor: its name there and SHA-256.
package struct AttestationSubject: Encodable, Sendable, Equatable {
  package var name: String
  package var digest: [String: String]

  package init(name: String, sha256: String) {
    self.name = name
    digest = ["sha256": sha256]
  }
}
