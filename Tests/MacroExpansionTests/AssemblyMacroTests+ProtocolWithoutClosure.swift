import Testing

extension AssemblyMacroTests {
    @Test("#register of a protocol type without a closure: one error, and the type provided as #external would")
    func protocolWithoutClosure() {
        let assembly = { (line: String) in
            """
            @Assembly
            struct AppAssembly {
                \(line)
                #register(Reporter.self)
            }
            """
        }
        let registered = ExpansionReport(assembly("#register((any Clock).self)"))
        let external = ExpansionReport(assembly("#external((any Clock).self)"))
        // NB: the line is still provided to the others' checks, and checked no further itself:
        // what `#external` of the type expands to (pinned by "an external type is provided but
        // not registered").
        #expect(registered.expanded == external.expanded)
        #expect(external.diagnostics.isEmpty)
        #expect(
            registered.diagnostics == [
                "error: 'any Clock' is a protocol type, which '#register' cannot build without a closure: give it a closure that returns a conforming instance, or register an @Injectable type under it with 'as: (any Clock).self' at `#register((any Clock).self)`"
            ],
            "\(registered.diagnostics)",
        )
        // NB: the same for the MainActor track's macro, which it names.
        let main = ExpansionReport(assembly("#registerMain((any Clock).self)"))
        #expect(main.diagnostics.first?.contains("which '#registerMain' cannot build without a closure") == true)
    }
}
