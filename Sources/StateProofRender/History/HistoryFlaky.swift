/// A platform whose receipt passed only on retry: at how many sign-offs, and which, in words.
struct HistoryFlaky: Encodable {
  let key: String
  let count: Int
  let text: String
}
