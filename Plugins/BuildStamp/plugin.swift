import Foundation
import PackagePlugin

/// Stamps the commit into an app: before every build, Scripts/build-stamp writes
/// BuildStamp.swift (`BuildStamp.commit`) into this plugin's work folder, which
/// SwiftPM compiles into the target. A prebuild command, not a build command,
/// because the commit changes without any input file SwiftPM could watch.
@main
struct BuildStampPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "Stamp")
        let script = context.package.directoryURL.appending(path: "Scripts/build-stamp")
        return [.prebuildCommand(
            displayName: "Stamping the commit into \(target.name)",
            executable: URL(filePath: "/bin/sh"),
            arguments: [script.path(), context.package.directoryURL.path(), output.appending(path: "BuildStamp.swift").path()],
            outputFilesDirectory: output)]
    }
}
