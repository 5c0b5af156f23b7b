import Diagnostics
import Foundation
import Site

/// The `lifecycle-docs` commands. This is the one place that turns results
/// into text on the terminal and into exit codes.
public enum CLI {
    public static let version = "0.1.0"

    /// Exit codes: 0 success, 1 content errors, 2 usage errors.
    public enum ExitCode {
        public static let success: Int32 = 0
        public static let contentError: Int32 = 1
        public static let usageError: Int32 = 2
    }

    public static func run(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        var console = Console(environment: environment)
        return run(arguments, console: &console)
    }

    static func run(_ arguments: [String], console: inout Console) -> Int32 {
        guard let command = arguments.first else {
            console.error(usage)
            return ExitCode.usageError
        }
        let rest = Array(arguments.dropFirst())
        do throws(UsageError) {
            switch command {
            case "build":
                return try build(rest, console: &console)
            case "trace":
                return try trace(rest, console: &console)
            case "model":
                return try model(rest, console: &console)
            case "help", "--help", "-h":
                console.out(usage)
                return ExitCode.success
            case "version", "--version":
                console.out("lifecycle-docs \(version)")
                return ExitCode.success
            default:
                throw UsageError("unknown command '\(command)'")
            }
        } catch {
            console.error("error: \(error.message)\n\n" + usage)
            return ExitCode.usageError
        }
    }

    static let usage = """
        usage: lifecycle-docs <command> [options]

        commands:
          build [--content DIR] [--templates DIR] [--output DIR]
              Render the site. Defaults: Content, Templates, public. The output
              folder is replaced only when the whole build succeeds.
          trace <machine> [--api N] [--config-changes A|B] [--root] [--from STATE]
                [--format text|json] EVENT[@SCENE]...
              Run events on a lifecycle machine (ios-app, ios-scene, swiftui,
              android-activity) and print the states and callbacks of each step.
          model [--format json|text]
              Print the whole lifecycle model (schema: docs/model-schema.md).
          help       Show this text.
          version    Show the version.

        exit codes: 0 success, 1 errors in content or templates (or an event that
        cannot happen), 2 usage errors.
        """

    static func build(_ arguments: [String], console: inout Console) throws(UsageError) -> Int32 {
        var parser = OptionParser(arguments, command: "build")
        let options = BuildOptions(
            contentDir: try parser.value(for: "--content") ?? "Content",
            templatesDir: try parser.value(for: "--templates") ?? "Templates",
            outputDir: try parser.value(for: "--output") ?? "public")
        try parser.finish()

        let result = SiteBuilder.build(options)
        console.report(result.diagnostics)
        if result.succeeded {
            console.out(result.summaryLine)
            return ExitCode.success
        }
        let errors = result.diagnostics.count { $0.severity == .error }
        console.error("Build failed with \(errors) error\(errors == 1 ? "" : "s"); \(options.outputDir) was left unchanged.")
        return ExitCode.contentError
    }
}

/// A mistake in how the command was called (exit code 2).
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
