import Foundation
import Testing
@testable import VeetBrowser

/// Finding the browser, the display rule, the profile folder and the navigation rule, without a browser.
@Suite struct LaunchRulesTests {
    static func folderWith(_ names: [String]) throws -> String {
        let folder = NSTemporaryDirectory() + "veet-locate-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in names {
            let path = (folder as NSString).appendingPathComponent(name)
            #expect(FileManager.default.createFile(atPath: path, contents: Data("#!/bin/sh\n".utf8),
                                           attributes: [.posixPermissions: 0o755]))
        }
        return folder
    }

    @Test func veetBrowserWinsThenChromiumThenChromiumBrowser() throws {
        let folder = try Self.folderWith(["chromium", "chromium-browser", "mine"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(Chromium.locate(environment: ["PATH": folder, "VEET_BROWSER": "mine"]) == folder + "/mine")
        #expect(Chromium.locate(environment: ["PATH": folder]) == folder + "/chromium")
        try FileManager.default.removeItem(atPath: folder + "/chromium")
        #expect(Chromium.locate(environment: ["PATH": folder]) == folder + "/chromium-browser")
        try FileManager.default.removeItem(atPath: folder + "/chromium-browser")
        #expect(Chromium.locate(environment: ["PATH": folder]) == nil)
        #expect(throws: BrowserError.notFound) { try Chromium(environment: ["PATH": folder, "DISPLAY": ":0"]) }
    }

    @Test func aWindowNeedsADisplayButTheTestModeDoesNot() throws {
        let folder = try Self.folderWith(["chromium"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: BrowserError.noDisplay) { try Chromium(environment: ["PATH": folder]) }
        _ = try Chromium(environment: ["PATH": folder, "WAYLAND_DISPLAY": "wayland-0"])
        _ = try Chromium(environment: ["PATH": folder], mode: .headlessForTests)
        #expect(BrowserError.noDisplay.description.hasSuffix("."))
        #expect(!BrowserError.noDisplay.description.contains("\n"))
    }

    @Test func headlessAndNoSandboxOnlyInTheTestMode() throws {
        let folder = try Self.folderWith(["chromium"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let profile = ProfileFolder(path: "/tmp/p")
        let window = try Chromium(environment: ["PATH": folder, "DISPLAY": ":0"]).arguments(profile: profile)
        #expect(!window.contains { $0.hasPrefix("--headless") || $0 == "--no-sandbox" })
        #expect(window.contains("--remote-debugging-pipe"))
        #expect(!window.contains { $0.hasPrefix("--remote-debugging-port") })
        for flag in ["--no-first-run", "--disable-extensions", "--disable-sync", "--user-data-dir=/tmp/p"] {
            #expect(window.contains(flag))
        }
        let test = try Chromium(environment: ["PATH": folder], mode: .headlessForTests).arguments(profile: profile)
        #expect(test.contains("--no-sandbox"))
        #expect(test.contains("--headless=new"))
    }

    @Test func profileFoldersAre0700AndLeftoversOfDeadOwnersGo() throws {
        let runtime = NSTemporaryDirectory() + "veet-runtime-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let live = try ProfileFolder.create(environment: ["XDG_RUNTIME_DIR": runtime])
        #expect(live.path.hasPrefix(runtime + "/veet-browser/profile-"))
        var info = stat()
        #expect(stat(live.path, &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(stat(runtime + "/veet-browser", &info) == 0 && info.st_mode & 0o777 == 0o700)
        let dead = try ProfileFolder.create(environment: ["XDG_RUNTIME_DIR": runtime])
        try "999999999\n".write(toFile: dead.path + "/" + ProfileFolder.pidFileName, atomically: true, encoding: .utf8)
        let unmarked = runtime + "/veet-browser/profile-unmarked"
        try FileManager.default.createDirectory(atPath: unmarked, withIntermediateDirectories: false)
        let third = try ProfileFolder.create(environment: ["XDG_RUNTIME_DIR": runtime])
        #expect(FileManager.default.fileExists(atPath: live.path))  // its owner (this process) is alive
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(!FileManager.default.fileExists(atPath: unmarked))
        live.remove()
        third.remove()
        #expect(!FileManager.default.fileExists(atPath: live.path))
    }

    @Test func withoutARuntimeFolderTheTempFolderIsUsed() throws {
        let folder = try ProfileFolder.create(environment: [:])
        defer { folder.remove() }
        #expect(folder.path.hasPrefix(NSTemporaryDirectory()))
        #expect(folder.path.contains("veet-browser-\(getuid())/profile-"))
    }

    @Test func onlyTheAllowedOriginsAndTheBlankPageLoadAtTopLevel() {
        let allowed = ["https://www.example.com", "http://127.0.0.1:8080"]
        #expect(NavigationRule.allows("https://www.example.com/login?x#y", allowedOrigins: allowed))
        #expect(NavigationRule.allows("https://WWW.example.com:443/", allowedOrigins: allowed))
        #expect(NavigationRule.allows("http://127.0.0.1:8080/site", allowedOrigins: allowed))
        #expect(NavigationRule.allows("about:blank", allowedOrigins: allowed))
        #expect(!NavigationRule.allows("https://example.com/", allowedOrigins: allowed))
        #expect(!NavigationRule.allows("http://www.example.com/", allowedOrigins: allowed))
        #expect(!NavigationRule.allows("http://127.0.0.1:8081/", allowedOrigins: allowed))
        #expect(!NavigationRule.allows("data:text/html,hi", allowedOrigins: allowed))
        #expect(!NavigationRule.allows("javascript:alert(1)", allowedOrigins: allowed))
        let page = NavigationRule.blockedPage(origin: "https://<evil>.example", allowedOrigins: allowed)
        #expect(page.contains("&lt;evil&gt;"))
        #expect(!page.contains("<script"))
        // Its icon is inline, so nothing is asked of the blocked origin (not even /favicon.ico).
        #expect(page.contains(#"<link rel="icon" href="data:,">"#))
    }
}
