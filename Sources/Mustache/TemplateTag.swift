/// A tag found by the scanner: its kind, its trimmed content and where it starts.
struct TemplateTag: Sendable {
  enum Kind: Sendable, Equatable {
    case variable  // {{name}}
    case unescaped  // {{{name}}} or {{&name}}
    case section  // {{#name}}
    case invertedSection  // {{^name}}
    case parent  // {{<name}}
    case block  // {{$name}}
    case close  // {{/name}}
    case partial  // {{>name}}
    case comment  // {{! text}}
    case setDelimiters  // {{=<% %>=}}

    /// Whether a line holding only tags of this kind (and whitespace) is removed from the output.
    var canStandAlone: Bool { self != .variable && self != .unescaped }

    /// Whether the tag opens a section that a `{{/name}}` tag closes.
    var opensSection: Bool { [.section, .invertedSection, .parent, .block].contains(self) }
  }

  let kind: Kind
  let content: String
  let location: SourceLocation
}
