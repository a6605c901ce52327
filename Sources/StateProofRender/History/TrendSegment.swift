/// One standing's part of a trend bar: a rectangle in that standing's colour.
struct TrendSegment: Encodable {
  let x: Int
  let y: Int
  let width: Int
  let height: Int
  let fill: String
}
