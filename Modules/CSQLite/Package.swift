// swift-tools-version:6.0
// CSQLite: a module map over a Debian C library (installed by Scripts/bootstrap).
import PackageDescription

let package = Package(
    name: "CSQLite",
    products: [.library(name: "CSQLite", targets: ["CSQLite"])],
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    ]
)
