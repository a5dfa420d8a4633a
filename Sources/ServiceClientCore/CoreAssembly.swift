public import Service

/// The core services of the example app, for other modules to include.
@Assembly
public struct CoreAssembly {
    #register(TickingClock.self, as: (any Clock).self)
    #register((any Logger).self) { PrintLogger(prefix: "[\(ServiceEnv.current.name)]") }
    #register(NoteStore.self)
}
