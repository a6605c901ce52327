/// A spec directory that cannot be used: a file is missing or does not decode.
package struct SpecSuiteError: Error, CustomStringConvertible {
  package let message: String

  package var description: String { message }
}
