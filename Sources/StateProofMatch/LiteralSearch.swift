/// Finds which of a fixed set of texts occur in a run of bytes, ignoring ASCII case, in one pass
/// over the bytes whatever the number of texts (an Aho–Corasick automaton, built once).
///
/// Bytes no text uses share one class, so the table has a column per distinct byte of the texts,
/// not 256; a byte costs one table look-up.
struct LiteralSearch: Sendable {
  /// Each byte's column; ASCII capitals share their lowercase letter's.
  private let columns: [UInt16]
  private let width: Int
  /// `transitions[state * width + column]`: the next state, failure links already followed.
  private let transitions: [Int32]
  /// The texts that end at each state: `outputs[outputStart[s]..<outputStart[s + 1]]`.
  private let outputStart: [Int32]
  private let outputs: [Int32]

  /// - Parameter texts: the texts to look for, each non-empty; their indices identify them.
  init(_ texts: [String]) {
    let patterns = texts.map { $0.utf8.map(Self.folded) }
    var columns = [UInt16](repeating: 0, count: 256)
    var width = 1
    for byte in patterns.joined() where columns[Int(byte)] == 0 {
      columns[Int(byte)] = UInt16(width)
      width += 1
    }
    for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { columns[Int(byte)] = columns[Int(byte | 0x20)] }

    // The trie: -1 where no text continues.
    var trie: [Int32] = Array(repeating: -1, count: width)
    var ends: [[Int32]] = [[]]
    for (index, pattern) in patterns.enumerated() where !pattern.isEmpty {
      var state = 0
      for byte in pattern {
        let slot = state * width + Int(columns[Int(byte)])
        if trie[slot] < 0 {
          trie[slot] = Int32(ends.count)
          trie += Array(repeating: -1, count: width)
          ends.append([])
        }
        state = Int(trie[slot])
      }
      ends[state].append(Int32(index))
    }

    // Breadth first: each state's failure link is known before its children need it.
    var transitions = trie
    var failure = [Int32](repeating: 0, count: ends.count)
    var queue: [Int] = []
    for column in 0..<width {
      let child = trie[column]
      if child < 0 {
        transitions[column] = 0
      } else {
        queue.append(Int(child))
      }
    }
    var head = 0
    while head < queue.count {
      let state = queue[head]
      head += 1
      ends[state] += ends[Int(failure[state])]
      for column in 0..<width {
        let slot = state * width + column
        let fallback = transitions[Int(failure[state]) * width + column]
        if trie[slot] < 0 {
          transitions[slot] = fallback
        } else {
          failure[Int(trie[slot])] = fallback
          queue.append(Int(trie[slot]))
        }
      }
    }
    var outputStart: [Int32] = [0]
    for found in ends { outputStart.append(outputStart.last! + Int32(found.count)) }
    self.columns = columns
    self.width = width
    self.transitions = transitions
    self.outputStart = outputStart
    outputs = Array(ends.joined())
  }

  /// Calls `found` with the index of each text that occurs in `bytes`, once per occurrence.
  func forEachMatch(in bytes: UnsafeBufferPointer<UInt8>, _ found: (Int) -> Void) {
    scan(bytes) { start, end in
      for output in start..<end { found(Int(outputs[output])) }
      return true
    }
  }

  /// Whether any of the texts occurs in `bytes`; stops at the first.
  func containsAny(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var any = false
    scan(bytes) { _, _ in
      any = true
      return false
    }
    return any
  }

  /// Runs the automaton over `bytes`, calling `ending` with the output range of every state
  /// where a text ends, until it returns false.
  private func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ ending: (Int, Int) -> Bool) {
    columns.withUnsafeBufferPointer { columns in
      transitions.withUnsafeBufferPointer { transitions in
        outputStart.withUnsafeBufferPointer { outputStart in
          var state = 0
          for byte in bytes {
            state = Int(transitions[state * width + Int(columns[Int(byte)])])
            let start = Int(outputStart[state])
            let end = Int(outputStart[state + 1])
            if start != end, !ending(start, end) { return }
          }
        }
      }
    }
  }

  private static func folded(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
  }
}
