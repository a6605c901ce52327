import Mustache
import Testing

@Suite struct InheritanceTests {
  private let layout = """
    <html>
      <head><title>{{$title}}Report{{/title}}</title></head>
      <body>
        {{$body}}
        <p>No content.</p>
        {{/body}}
      </body>
    </html>

    """

  @Test func overridingOneBlockKeepsTheOtherDefaults() throws {
    let page = try Template("{{<layout}}\n{{$body}}\n<h1>{{name}}</h1>\n<p>ok</p>\n{{/body}}\n{{/layout}}\n")
    let output = try page.render(["name": "iOS"], partials: ["layout": layout])
    #expect(
      output == """
        <html>
          <head><title>Report</title></head>
          <body>
            <h1>iOS</h1>
            <p>ok</p>
          </body>
        </html>

        """)
  }

  @Test func parentWithoutOverridesRendersDefaults() throws {
    let page = try Template("{{<layout}}{{/layout}}")
    let output = try page.render([:], partials: ["layout": layout])
    #expect(output.contains("<title>Report</title>"))
    #expect(output.contains("    <p>No content.</p>\n"))
  }

  @Test func inlineBlockOverride() throws {
    let page = try Template("{{<layout}}{{$title}}{{platform}} coverage{{/title}}{{/layout}}")
    let output = try page.render(["platform": "Android"], partials: ["layout": layout])
    #expect(output.contains("<title>Android coverage</title>"))
  }
}
