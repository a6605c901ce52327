import Foundation
import Testing
import StateProofSystem
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// `verify --statement` reads only the bytes a signature covers and can check that signature
/// (issue 35): the second statement smuggled beside the signed payload, extra keys, unsigned
/// statements, a flood of signatures (issue 45), signatures by another key or over another payload
/// are refused or fail; digests compare as hex whatever their case and every one named must match;
/// envelopes signed with an Ed25519 key, a key of cosign's kind, a P-384 and an RSA-PSS key, in
/// each shape cosign writes, verify with `--key`, and those `scripts/dsse` signs with its PEM and
/// `.pub.json` keys.
@Suite(.temporaryFolders, .enabled(if: TestSigner.available, "needs openssl to make key pairs"))
struct SignedStatementTests {
  /// Whether Python's securesystemslib is there for `scripts/dsse` (`.ci/run` installs it).
  static var securesystemslib: Bool {
    (try? TestSupport.runProgram("/usr/bin/env", ["python3", "-c", "import securesystemslib.signer, cryptography"]))?
      .status == 0
  }

  /// The example's report with its attestation, and a key pair of each kind, in a fresh folder.
  private struct Setup {
    let folder: URL
    let report: String
    let statement: Data
    let ed25519: TestSigner
    let ecdsa: TestSigner

    init() throws {
      folder = try TestSupport.temporaryFolder()
      report = folder.appendingPathComponent("report").path
      let evidence = folder.appendingPathComponent("scanner").path
      try FileManager.default.copyItem(atPath: TestSupport.scannerExample, toPath: evidence)
      let run = TestSupport.run(
        ["report", "--attestation", "--generated-at", "2025-11-24T16:00:00Z", "--out", report, evidence])
      #expect(run.status == 1, "\(run.errors)")
      statement = try Data(contentsOf: URL(fileURLWithPath: report + "/attestation.intoto.json"))
      ed25519 = try TestSigner(.ed25519, in: folder, name: "signing")
      ecdsa = try TestSigner(.ecdsaP256, in: folder, name: "cosign")
    }

    /// Writes `object` as JSON beside the report and returns its path.
    func write(_ object: Any, as name: String) throws -> String {
      let url = folder.appendingPathComponent(name)
      try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: url)
      return url.path
    }

    func verify(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
      TestSupport.run(["verify"] + arguments + [report])
    }

    /// The attestation with its subjects changed by `edit`.
    func statement(editing edit: (inout [[String: Any]]) -> Void) throws -> Data {
      var object = try #require(try JSONSerialization.jsonObject(with: statement) as? [String: Any])
      var subjects = try #require(object["subject"] as? [[String: Any]])
      edit(&subjects)
      object["subject"] = subjects
      return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }
  }

  /// A Sigstore bundle as cosign 2.4+ writes it with a key (`--new-bundle-format`, cosign 3's default).
  private static func sigstoreBundle(_ envelope: [String: Any]) -> [String: Any] {
    [
      "mediaType": "application/vnd.dev.sigstore.bundle.v0.3+json",
      "verificationMaterial": ["publicKey": ["hint": "c2lnbmluZy1rZXk="], "tlogEntries": [[String: Any]]()],
      "dsseEnvelope": envelope,
    ]
  }

  /// cosign's older bundle (`attest-blob --bundle`, cosign 2.x): the envelope's JSON base64 in
  /// `base64Signature`, the public key PEM base64 in `cert`, the Rekor entry beside.
  private static func cosignBundle(_ envelope: [String: Any], publicKey: String) throws -> [String: Any] {
    [
      "base64Signature": try JSONSerialization.data(withJSONObject: envelope).base64EncodedString(),
      "cert": try Data(contentsOf: URL(fileURLWithPath: publicKey)).base64EncodedString(),
      "rekorBundle": ["SignedEntryTimestamp": "c2V0", "Payload": ["logIndex": 1, "integratedTime": 1_764_000_000]],
    ]
  }

  @Test func theSecondStatementSmuggledBesideTheSignedPayloadIsRefused() throws {
    let setup = try Setup()
    var envelope = try setup.ed25519.envelope(setup.statement)
    // The issue's attack: a statement naming a forged report.json beside the signed payload.
    let forged = try setup.statement { subjects in
      subjects = subjects.map {
        $0["name"] as? String == "report.json"
          ? ["name": "report.json", "digest": ["sha256": String(repeating: "0", count: 64)]] : $0
      }
    }
    envelope["dsseEnvelope"] = ["payloadType": "application/vnd.in-toto+json", "payload": forged.base64EncodedString()]
    let file = try setup.write(envelope, as: "smuggled.dsse.json")
    for arguments in [["--key", setup.ed25519.publicKey], [], ["--unsigned"]] {
      let result = setup.verify(arguments + ["--statement", file])
      #expect(result.status == 2, "\(arguments): \(result.output)")
      #expect(result.errors.contains("has a key dsseEnvelope"), "\(result.errors)")
      #expect(result.output.isEmpty, "nothing is checked against a statement that is refused")
    }
  }

  @Test func everyLayerAroundThePayloadIsReadStrictly() throws {
    let setup = try Setup()
    let envelope = try setup.ed25519.envelope(setup.statement)
    var withPredicate = envelope
    withPredicate["predicate"] = ["verdict": "ready"]
    var bundleWithPayload = Self.sigstoreBundle(envelope)
    bundleWithPayload["payload"] = envelope["payload"]
    var innerExtra = envelope
    innerExtra["statement"] = "x"
    var signatureExtra = envelope
    signatureExtra["signatures"] = [["keyid": "", "sig": "c2ln", "payload": "eA=="]]
    var cosignExtra = try Self.cosignBundle(envelope, publicKey: setup.ed25519.publicKey)
    cosignExtra["payload"] = envelope["payload"]
    // Issue 45: a flood of signatures, the key's own first among them.
    var flood = envelope
    flood["signatures"] = Array(repeating: try #require((envelope["signatures"] as? [Any])?.first), count: 100_000)
    let cases: [(String, Any, String)] = [
      ("predicate.dsse.json", withPredicate, "has a key predicate"),
      // A payload beside a bundle's keys makes it read as an envelope, which has none of them.
      ("payload.sigstore.json", bundleWithPayload, "has a key dsseEnvelope"),
      ("inner.sigstore.json", Self.sigstoreBundle(innerExtra), "has a key statement"),
      ("signature.dsse.json", signatureExtra, "signatures[0] has a key payload"),
      ("flood.dsse.json", flood, "carries 100000 signatures, more than the 16 StateProof reads"),
      ("cosign-extra.json", cosignExtra, "has a key base64Signature"),
      (
        "blob.sigstore.json",
        [
          "mediaType": "application/vnd.dev.sigstore.bundle.v0.3+json", "verificationMaterial": [String: Any](),
          "messageSignature": ["signature": "c2ln"],
        ],
        "signs a file, not a statement"
      ),
      ("signblob.cosign.json", ["base64Signature": "c2ln", "cert": ""], "a bare signature, not a DSSE envelope"),
      (
        "type.dsse.json",
        ["payloadType": "text/plain", "payload": envelope["payload"]!, "signatures": envelope["signatures"]!],
        "payloadType text/plain"
      ),
      (
        "media.sigstore.json",
        [
          "mediaType": "application/vnd.dev.sigstore.bundle.v9+json", "verificationMaterial": [String: Any](),
          "dsseEnvelope": envelope,
        ],
        "media type application/vnd.dev.sigstore.bundle.v9+json"
      ),
    ]
    for (name, object, message) in cases {
      let result = setup.verify(["--key", setup.ed25519.publicKey, "--statement", try setup.write(object, as: name)])
      #expect(result.status == 2, "\(name): \(result.output)")
      #expect(result.errors.contains(message), "\(name): \(result.errors)")
    }
  }

  @Test func anUnsignedStatementIsRefusedUnlessUnsignedIsGiven() throws {
    let setup = try Setup()
    var unsignedEnvelope = try setup.ed25519.envelope(setup.statement)
    unsignedEnvelope["signatures"] = [[String: Any]]()
    let files = [
      setup.report + "/attestation.intoto.json", try setup.write(unsignedEnvelope, as: "unsigned.dsse.json"),
    ]
    for file in files {
      let refused = setup.verify(["--statement", file])
      #expect(refused.status == 2, "\(file)")
      #expect(refused.errors.contains("which nothing signs"), "\(refused.errors)")
      let accepted = setup.verify(["--unsigned", "--statement", file])
      #expect(accepted.status == 0, "\(accepted.output)\(accepted.errors)")
      #expect(accepted.output.contains(": none; the subjects are checked (--unsigned)"), "\(accepted.output)")
      // With a key, nothing it could verify: the check fails.
      let keyed = setup.verify(["--key", setup.ed25519.publicKey, "--statement", file])
      #expect(keyed.status == 1 || keyed.status == 2, "\(keyed.output)")
    }
    // A signed envelope without --key: read, said to be unchecked, and failing on it (issue 48).
    let signed = try setup.write(try setup.ed25519.envelope(setup.statement), as: "signed.dsse.json")
    let unchecked = setup.verify(["--statement", signed])
    #expect(unchecked.status == 1, "\(unchecked.output)\(unchecked.errors)")
    #expect(unchecked.output.contains("not checked (no --key)"), "\(unchecked.output)")
    #expect(!unchecked.output.contains("The report matches its evidence."), "\(unchecked.output)")
    #expect(
      unchecked.output.hasSuffix(
        "The report matches its evidence; signature not checked (no --key): give --key PUBLIC_KEY, or --no-signature-check when the signer's tool checked it.\n"
      ), "\(unchecked.output)")
  }

  /// Issue 48: a signature checked elsewhere (cosign, for a keyless one) is said so with
  /// --no-signature-check, and verify passes on the rest; the flag with --key, or without a
  /// statement, is a usage error. The signature's line comes first, as docs/audit.md orders it.
  @Test func noSignatureCheckLeavesTheSignatureToTheSignersTool() throws {
    let setup = try Setup()
    let signed = try setup.write(try setup.ed25519.envelope(setup.statement), as: "signed.dsse.json")
    let waived = setup.verify(["--statement", signed, "--no-signature-check"])
    #expect(waived.status == 0, "\(waived.output)\(waived.errors)")
    let lines = waived.output.split(separator: "\n")
    let first = "Signature of \(signed), a DSSE envelope with 1 signature: not checked here: "
    #expect(lines.first?.hasPrefix(first) == true)
    let last = " unchanged. The report matches its evidence; its signature was not checked here (--no-signature-check)."
    #expect(lines.last?.hasSuffix(last) == true)
    let json = setup.verify(["--statement", signed, "--no-signature-check", "--format", "json"])
    let verification = try JSONDecoder().decode(Verification.self, from: Data(json.output.utf8))
    #expect(verification.signatureCheckNotWanted && !verification.signatureUnchecked && verification.passes)
    let withKey = setup.verify(["--statement", signed, "--no-signature-check", "--key", setup.ed25519.publicKey])
    #expect(withKey.status == 2)
    #expect(
      withKey.errors.contains("--no-signature-check says the signature is checked elsewhere, --key checks it here"))
    let alone = setup.verify(["--no-signature-check"])
    #expect(alone.status == 2)
    #expect(alone.errors.contains("give the signed statement too"))
    // Checked with the key, the signature's verdict is the first line too.
    let keyed = setup.verify(["--statement", signed, "--key", setup.ed25519.publicKey])
    #expect(keyed.status == 0, "\(keyed.output)")
    #expect(keyed.output.hasPrefix("Signature of \(signed), a DSSE envelope with 1 signature: verified with "))
    #expect(keyed.output.hasSuffix("The report matches its evidence.\n"))
  }

  @Test func keyChecksTheSignatureOverExactlyThePayloadInEveryShape() throws {
    let setup = try Setup()
    let edEnvelope = try setup.ed25519.envelope(setup.statement, keyid: "5223182ae372")
    let ecEnvelope = try setup.ecdsa.envelope(setup.statement)
    let p384 = try TestSigner(.ecdsaP384, in: setup.folder, name: "p384")
    let rsa = try TestSigner(.rsaPSS, in: setup.folder, name: "rsa")
    let shapes: [(String, Any, TestSigner)] = [
      ("ed25519.dsse.json", edEnvelope, setup.ed25519),
      ("ecdsa.dsse.json", ecEnvelope, setup.ecdsa),
      ("ecdsa.sigstore.json", Self.sigstoreBundle(ecEnvelope), setup.ecdsa),
      ("ecdsa.cosign.json", try Self.cosignBundle(ecEnvelope, publicKey: setup.ecdsa.publicKey), setup.ecdsa),
      ("p384.sigstore.json", Self.sigstoreBundle(try p384.envelope(setup.statement)), p384),
      ("rsa.dsse.json", try rsa.envelope(setup.statement), rsa),
    ]
    for (name, object, signer) in shapes {
      let file = try setup.write(object, as: name)
      let verified = setup.verify(["--key", signer.publicKey, "--statement", file])
      #expect(verified.status == 0, "\(name): \(verified.output)\(verified.errors)")
      #expect(verified.output.contains(": verified with \(signer.publicKey)"), "\(name): \(verified.output)")
      // The other key: the signature is not its own.
      let other = signer.kind == .ed25519 ? setup.ecdsa : setup.ed25519
      let wrong = setup.verify(["--key", other.publicKey, "--statement", file])
      #expect(wrong.status == 1, "\(name)")
      #expect(wrong.output.contains("DOES NOT VERIFY"), "\(name): \(wrong.output)")
    }
    // The signature kept, the payload swapped for a statement of a forged report.json.
    let forged = try setup.statement { subjects in
      subjects = subjects.map {
        $0["name"] as? String == "report.json"
          ? ["name": "report.json", "digest": ["sha256": String(repeating: "0", count: 64)]] : $0
      }
    }
    var swapped = ecEnvelope
    swapped["payload"] = forged.base64EncodedString()
    let result = setup.verify([
      "--key", setup.ecdsa.publicKey, "--statement", try setup.write(swapped, as: "swapped.dsse.json"),
    ])
    #expect(result.status == 1)
    #expect(result.output.contains("DOES NOT VERIFY"), "\(result.output)")
    #expect(result.output.contains("signature does not verify with the key"), "\(result.output)")
  }

  @Test func aKeyFileThatIsNoPublicKeyIsAUsageError() throws {
    let setup = try Setup()
    let file = try setup.write(try setup.ed25519.envelope(setup.statement), as: "signed.dsse.json")
    let rsa = setup.folder.appendingPathComponent("rsa.key").path
    try TestSigner.openssl(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024", "-out", rsa])
    let rsaPublic = setup.folder.appendingPathComponent("rsa.pub").path
    try TestSigner.openssl(["pkey", "-in", rsa, "-pubout", "-out", rsaPublic])
    let json = try setup.write(["keyid": "k", "key": ["keytype": "ed25519"]], as: "signing.pub.json")
    let cases = [
      (setup.ed25519.privateKey, "a private key"), (rsaPublic, "an RSA key of 1024 bits, too short to trust"),
      (json, #"not a securesystemslib key (.pub.json): line 1, column 8: "key": missing "scheme""#),
      (
        try setup.write(
          ["keytype": "rsa", "scheme": "rsassa-pss-sha512", "keyval": ["public": ""]], as: "sha512.pub.json"),
        "a securesystemslib key of keytype rsa and scheme rsassa-pss-sha512"
      ),
    ]
    for (key, message) in cases {
      let result = setup.verify(["--key", key, "--statement", file])
      #expect(result.status == 2, "\(key)")
      #expect(result.errors.contains("--key \(key): \(message)"), "\(result.errors)")
    }
    let noStatement = setup.verify(["--key", setup.ed25519.publicKey])
    #expect(noStatement.status == 2)
    #expect(noStatement.errors.contains("--key checks the signature of a --statement"), "\(noStatement.errors)")
  }

  @Test func digestsCompareAsHexAndEveryOneNamedMustMatch() throws {
    let setup = try Setup()
    let reportJSON = try Data(contentsOf: URL(fileURLWithPath: setup.report + "/report.json"))
    let sha512 = try #require(MessageDigest.hex(of: reportJSON, .sha512))
    func check(_ name: String, _ edit: (inout [String: Any]) -> Void) throws -> (
      status: Int32, output: String, errors: String
    ) {
      let statement = try setup.statement { subjects in
        subjects = subjects.map { subject in
          guard subject["name"] as? String == "report.json", var digest = subject["digest"] as? [String: Any] else {
            return subject
          }
          edit(&digest)
          return ["name": "report.json", "digest": digest]
        }
      }
      let file = try setup.write(try setup.ecdsa.envelope(statement), as: name)
      return setup.verify(["--key", setup.ecdsa.publicKey, "--statement", file])
    }
    let upper = try check("upper.json") { $0["sha256"] = ($0["sha256"] as? String)?.uppercased() }
    #expect(upper.status == 0, "an upper-case digest is the same digest: \(upper.output)")
    let both = try check("both.json") { $0["sha512"] = sha512.uppercased() }
    #expect(both.status == 0, "\(both.output)")
    let wrong512 = try check("wrong512.json") { $0["sha512"] = String(repeating: "ab", count: 64) }
    #expect(wrong512.status == 1)
    #expect(wrong512.output.contains("its SHA-512 is not the statement's"), "\(wrong512.output)")
    let only512 = try check("only512.json") { $0 = ["sha512": sha512] }
    #expect(only512.status == 0, "\(only512.output)")
    let none = try check("none.json") { $0 = ["gitCommit": "3f1c2a9e0b7d4c6a8e5f2b1d0c9a8b7e6f5d4c3b"] }
    #expect(none.status == 2)
    #expect(none.errors.contains("the subject report.json has neither a sha256 nor a sha512 digest"), "\(none.errors)")
    let short = try check("short.json") { $0["sha256"] = String(repeating: "a", count: 63) }
    #expect(short.status == 2)
    #expect(short.errors.contains("sha256 digest is not hex of its length"), "\(short.errors)")
  }

  @Test(.enabled(if: securesystemslib, "needs securesystemslib: pip install securesystemslib[crypto]"))
  func anEnvelopeSignedByScriptsDSSEVerifiesWithItsPEMAndJSONKeys() throws {
    let setup = try Setup()
    let script = TestSupport.repositoryRoot.appendingPathComponent("scripts/dsse").path
    let kinds = [
      "ed25519": "Ed25519", "ecdsa": "ECDSA P-256", "ecdsa-p384": "ECDSA P-384",
      "rsa": "RSA PKCS#1 v1.5 or PSS SHA-256",
    ]
    for (kind, algorithm) in kinds {
      let prefix = setup.folder.appendingPathComponent("dsse-\(kind)").path
      let envelope = prefix + ".dsse.json"
      #expect(try TestSupport.runProgram(script, ["keygen", prefix, kind]).status == 0)
      #expect(
        try TestSupport.runProgram(
          script, ["sign", prefix + ".key", setup.report + "/attestation.intoto.json", envelope]
        ).status == 0)
      // The PEM key, and securesystemslib's, which names the scheme (RSA-PSS for an RSA key).
      let keys = [prefix + ".pub": algorithm, prefix + ".pub.json": kind == "rsa" ? "RSA-PSS SHA-256" : algorithm]
      for (key, named) in keys {
        let result = setup.verify(["--key", key, "--statement", envelope])
        #expect(result.status == 0, "\(key): \(result.output)\(result.errors)")
        #expect(result.output.contains("verified with \(key) (\(named), SHA-256 "), "\(result.output)")
        // scripts/dsse verify reads the same keys.
        #expect(try TestSupport.runProgram(script, ["verify", key, envelope]).status == 0)
      }
    }
  }
}
