/// A trend chart as the `trend.svg` partial draws it (``TrendChart/drawing(_:labels:style:caption:)``):
/// its size, its caption and a bar per sign-off, oldest first.
struct TrendDrawing: Encodable {
  let width: Int
  let height: Int
  let caption: String
  let bars: [TrendBar]
}
