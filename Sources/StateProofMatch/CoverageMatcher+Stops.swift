import StateProofModel

/// Runs that stopped before they finished: each is an error on its platform, since the tests
/// after the stop never ran, whatever the tests before it proved.
extension CoverageMatcher {
  /// The stops by platform, attributed like tests (the configuration's evidence globs, then words
  /// in the path or the device name); a stop nothing attributes counts on every platform, as a
  /// test nothing attributes can prove rows on either.
  func incompleteRuns(_ stops: [IncompleteRun]) -> [Platform: [IncompleteRun]] {
    var byPlatform: [Platform: [IncompleteRun]] = [:]
    for stop in stops {
      let platform = attribution.platform(root: stop.root, path: stop.path, device: stop.device)
      let platforms = platform.map { [$0] } ?? Platform.allCases
      for platform in platforms { byPlatform[platform, default: []].append(stop) }
    }
    return byPlatform
  }

  /// One `run-incomplete` error per file and device on `platform`, quoting the first stop's cause.
  func runIncomplete(_ platform: Platform, _ stops: [IncompleteRun]) -> [Finding] {
    var groups: [[IncompleteRun]] = []
    var positions: [String: Int] = [:]
    for stop in stops.sorted() {
      let key = "\(stop.root)\u{0}\(stop.path)\u{0}\(stop.device ?? "")"
      if let position = positions[key] {
        groups[position].append(stop)
      } else {
        positions[key] = groups.count
        groups.append([stop])
      }
    }
    return groups.map { group in
      let first = group[0]
      let place = first.line.map { "\(first.path):\($0)" } ?? first.path
      let more = group.count > 1 ? " (and \(group.count - 1) more stop\(group.count == 2 ? "" : "s") in the file)" : ""
      return policy.accepting(
        Finding(
          code: .runIncomplete, severity: .error, platform: platform, device: first.device,
          message:
            "The test run in \(place) stopped before it finished\(first.device.map { " on \($0)" } ?? ""): "
            + "\(MessageLines(first.cause).shortened(to: MessageLines.headlineLimit, markingRest: false))\(more). "
            + "Tests after the stop never ran.",
          files: [first.path]))
    }
  }
}
