import StateProofModel

/// What the matcher asks of every test execution for every row, worked out once per report: the
/// platform it is attributed to and the rows its name names by convention. Both split words out
/// of paths and names, which is too slow to repeat for each row and device.
struct TestFacts {
  private var platforms: [TestExecution: Platform?] = [:]
  private var conventionRows: [TestExecution: [RowID]] = [:]

  init(tests: [TestExecution], matcher: CoverageMatcher) {
    for test in tests where platforms[test] == nil {
      platforms[test] = matcher.platform(of: test)
      conventionRows[test] = matcher.conventions.rows(forTest: test.classname + "#" + test.name)
    }
  }

  /// ``CoverageMatcher/platform(of:)`` for one of the tests given.
  func platform(of test: TestExecution) -> Platform? {
    platforms[test] ?? nil
  }

  /// The rows the test's name names by convention, for one of the tests given.
  func conventionRows(of test: TestExecution) -> [RowID] {
    conventionRows[test] ?? []
  }
}
