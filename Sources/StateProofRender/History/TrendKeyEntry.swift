/// An entry of the trend's key: a colour and what it stands for.
struct TrendKeyEntry: Encodable {
  let fill: String
  let word: String
}
