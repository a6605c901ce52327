/// What a node of a `tests` tree passes up to its parent: the runs found below it (already
/// folded: attempts of one run on one device, configuration and set of arguments are one), and
/// the failure messages not yet given to a run.
struct XCResultYield {
  /// Runs, with no test identity yet: their test case gives it when it ends.
  var runs = RetryFolding()
  private(set) var messages: [String] = []
  /// True once messages were left out because they already hold more than a message keeps.
  private(set) var messagesCut = false
  private var messageBytes = 0

  mutating func add(message: String) {
    guard messageBytes <= JUnitText.messageLimit else {
      messagesCut = true
      return
    }
    messages.append(message)
    messageBytes += message.utf8.count + 1
  }

  /// Takes in a child's runs and messages.
  mutating func merge(_ child: XCResultYield) {
    for run in child.runs.executions { runs.add(run) }
    for message in child.messages { add(message: message) }
    if child.messagesCut { messagesCut = true }
  }

  /// The messages as one, cut as JUnit messages are (see ``JUnitText/message(_:isCut:)``); nil
  /// when there are none.
  var message: String? {
    guard !messages.isEmpty else { return nil }
    return Array(messages.joined(separator: "\n").utf8).withUnsafeBufferPointer {
      JUnitText.message($0, isCut: messagesCut)
    }
  }

  /// Forgets the messages, once given to a run.
  mutating func clearMessages() {
    messages = []
    messagesCut = false
    messageBytes = 0
  }
}
