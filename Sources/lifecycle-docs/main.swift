import Foundation
import LifecycleDocsCLI

exit(CLI.run(Array(CommandLine.arguments.dropFirst())))
