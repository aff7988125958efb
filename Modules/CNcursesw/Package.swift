// swift-tools-version:6.0
// CNcursesw: a module map over a Debian C library (installed by Scripts/bootstrap).
import PackageDescription

let package = Package(
    name: "CNcursesw",
    products: [.library(name: "CNcursesw", targets: ["CNcursesw"])],
    targets: [
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
    ]
)
