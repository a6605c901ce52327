import Testing

@testable import StateProofSystem

/// "Did you mean": near names are found by edits (a swap counts once, case is ignored) or as a
/// prefix, far ones never.
@Suite struct NearestNamesTests {
  @Test func anEditOrASwapAwayIsNear() {
    let commands = ["report", "render", "inspect", "verify", "init"]
    #expect(NearestNames.nearest(to: "reprot", among: commands) == ["report"])
    #expect(NearestNames.nearest(to: "Inspekt", among: commands) == ["inspect"])
    #expect(NearestNames.nearest(to: "verfy", among: commands) == ["verify"])
  }

  @Test func theNearestComeFirstAndAtMostThree() {
    let names = ["cameras", "camerb", "camerc", "camera", "camerd", "microphone"]
    #expect(NearestNames.nearest(to: "camerz", among: names) == ["camera", "camerb", "camerc"])
  }

  @Test func aPrefixOfOneNameIsThatName() {
    #expect(NearestNames.nearest(to: "conf", among: ["config", "out", "allow"]) == ["config"])
    #expect(NearestNames.nearest(to: "o", among: ["config", "out", "allow"]) == ["out"])
    // A prefix of several says nothing.
    #expect(NearestNames.nearest(to: "m", among: ["markdown-max-bytes", "missing"]).isEmpty)
  }

  @Test func farNamesAndTheWordItselfAreNeverSuggested() {
    #expect(NearestNames.nearest(to: "frobnicate", among: ["report", "render"]).isEmpty)
    #expect(NearestNames.nearest(to: "report", among: ["report"]).isEmpty)
    #expect(NearestNames.nearest(to: "", among: ["report"]).isEmpty)
  }

  @Test func theSentenceNamesOneOrSeveral() {
    #expect(NearestNames.didYouMean([]) == "")
    #expect(NearestNames.didYouMean(["a"]) == " (did you mean a?)")
    #expect(NearestNames.didYouMean(["a", "b", "c"]) == " (did you mean a, b or c?)")
    #expect(NearestNames.didYouMean("outt", among: ["out"], shown: { "--" + $0 }) == " (did you mean --out?)")
  }

  @Test func theDistanceCountsASwapAsOneEdit() {
    #expect(NearestNames.distance(Array("ab"), Array("ba"), limit: 3) == 1)
    #expect(NearestNames.distance(Array("kitten"), Array("sitting"), limit: 3) == 3)
    #expect(NearestNames.distance(Array("kitten"), Array("sitting"), limit: 2) == nil)
  }
}
