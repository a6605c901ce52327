/// One argument as a POSIX shell reads it back, for a command StateProof prints for a person to
/// run or read (a report's command line, the `xcresulttool` commands for a Mac, `tar -xzf`).
package enum ShellWord {
  /// `argument` as it is when it holds only characters no shell treats specially, else in single
  /// quotes (a `'` inside as `'\''`); an empty argument as `''`.
  package static func quoted(_ argument: String) -> String {
    let plain =
      !argument.isEmpty
      && argument.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            || "@%_+=:,./-".unicodeScalars.contains(scalar))
      }
    return plain ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
