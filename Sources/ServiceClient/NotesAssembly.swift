import Service

/// The production wiring of the example app.
struct NotesAssembly: ServiceAssembly {
    func assemble(env: ServiceEnv) {
        env.register((any Clock).self) { TickingClock() }
        env.register((any Logger).self) { PrintLogger(prefix: "[\(ServiceEnv.current.name)]") }
        env.register(NoteStore.self) { NoteStore() }
        env.register(NoteRepository.self, scope: .transient) { NoteRepository() }
    }
}
