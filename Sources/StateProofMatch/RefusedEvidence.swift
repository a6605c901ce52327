/// A piece of evidence the ``ReleaseGate`` refused, for the finding that names it.
struct RefusedEvidence {
  var path: String
  var refusal: ReleaseGate.Refusal
}
