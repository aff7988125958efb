extension CommandSpec {
    /// Mistakes in a command tree that the parser cannot resolve sensibly,
    /// one sentence each; empty when the tree is sound. Apps assert this in
    /// a test rather than paying for it at every launch.
    public func problems() -> [String] {
        problems(inherited: [OptionSpec.help], path: [name])
    }

    private func problems(inherited: [OptionSpec], path: [String]) -> [String] {
        let here = path.joined(separator: " ")
        var found: [String] = []
        if !subcommands.isEmpty, !positionals.isEmpty {
            found.append("'\(here)' has both subcommands and positionals")
        }
        var longs = Set<String>(), shorts = Set<Character>()
        for option in options {
            if !longs.insert(option.long).inserted {
                found.append("'\(here)' declares --\(option.long) twice")
            }
            if let short = option.short, !shorts.insert(short).inserted {
                found.append("'\(here)' declares -\(short) twice")
            }
            if option.long == "help" || option.short == "h" {
                found.append("'\(here)' redeclares the built-in -h/--help")
            }
        }
        for option in options {
            if let short = option.short,
               let other = inherited.first(where: { $0.short == short && $0.long != option.long }) {
                found.append("'\(here)' gives -\(short) to --\(option.long), hiding --\(other.long)")
            }
        }
        var sawOptional = false
        for (position, positional) in positionals.enumerated() {
            if positional.isOptional {
                sawOptional = true
            } else if sawOptional {
                found.append("'\(here)' has required <\(positional.name)> after an optional positional")
            }
            if positional.isVariadic, position != positionals.count - 1 {
                found.append("'\(here)' has variadic <\(positional.name)> before the last position")
            }
        }
        var names = Set<String>()
        for subcommand in subcommands where !names.insert(subcommand.name).inserted {
            found.append("'\(here)' has two subcommands named '\(subcommand.name)'")
        }
        let visible = options + inherited
        for subcommand in subcommands {
            found += subcommand.problems(inherited: visible, path: path + [subcommand.name])
        }
        return found
    }
}
