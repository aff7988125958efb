// swift-tools-version:6.0
// CCmarkGFM: a module map over a Debian C library (installed by Scripts/bootstrap).
import PackageDescription

let package = Package(
    name: "CCmarkGFM",
    products: [.library(name: "CCmarkGFM", targets: ["CCmarkGFM"])],
    targets: [
        .systemLibrary(name: "CCmarkGFM", providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
    ]
)
