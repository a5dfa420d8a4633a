import Service
import Testing

private struct Config: Sendable {}

@MainActor private final class HintDashboard {}

/// A Sendable service built by a closure that resolves `HintDashboard` on the Sendable track.
private struct HintExporter: Sendable {
    let dashboard: HintDashboard
}

private struct Endpoint: Sendable {
    let host: String
}

private struct HintRequestInfo: Sendable {
    let id: String
}

private struct HintAuditLog: Sendable {}

/// Reads `HintDashboard` through a property wrapper, on the Sendable track.
private struct HintPanel: Sendable {
    @Provider var dashboard: HintDashboard
}

/// Needs the per-request `HintRequestInfo`, which `HintAssembly` declares `#external` per scope.
@Injectable
private struct HintRequestHandler: Sendable {
    let info: HintRequestInfo
}

/// Needs `HintDashboard`, registered on the MainActor track, though it is built on the Sendable one.
@Injectable
private struct HintSnapshot: Sendable {
    let dashboard: HintDashboard
}

/// Built by `resolveAsync`, in a construction frame of its own, and needs the `Endpoint` tagged
/// "replica", which no name alone finds.
@Injectable
private struct HintAsyncReplica: Sendable {
    let endpoint: Endpoint

    init(@Tags("replica") endpoint: Endpoint) async {
        self.endpoint = endpoint
    }
}

/// Needs the `Endpoint` registered with the tag "replica".
@Injectable
private struct ReplicaReader: Sendable {
    let endpoint: Endpoint

    init(@Tags("replica") endpoint: Endpoint) {
        self.endpoint = endpoint
    }
}

@Assembly
private struct HintAssembly {
    #external(HintRequestInfo.self, scope: .scoped)
    #external(HintAuditLog.self)
    #register(HintRequestHandler.self, scope: .transient)
}

@Suite("Failures that say how to fix them")
@MainActor
struct FailureHintTests {
    /// The failure of `body`, a `require` that must throw.
    private func failure<T>(_ body: () throws(ResolutionFailure) -> T) -> ResolutionFailure? {
        do {
            _ = try body()
            Issue.record("the resolve should have thrown")
            return nil
        } catch {
            return error
        }
    }

    @Test("a MainActor-track service required on the Sendable track says to use resolveMain; resolve is unchanged")
    func mainTrackServiceOnSendableTrack() throws {
        let env = ServiceEnv(name: "app")
        env.registerMain(HintDashboard.self) { HintDashboard() }
        let failure = failure { () throws(ResolutionFailure) in try env.require(HintDashboard.self) }
        #expect(
            failure?.hint
                == "it is registered with registerMain, on the MainActor track: resolve it with resolveMain(_:) or requireMain(_:)"
        )
        #expect(
            failure?.description
                == "Service 'HintDashboard' is not registered in ServiceEnv (environment 'app'; resolving HintDashboard): "
                + "it is registered with registerMain, on the MainActor track: resolve it with resolveMain(_:) or requireMain(_:)"
        )
        #expect(throws: ServiceError.self) { try env.resolve(HintDashboard.self) }
        #expect(
            serviceError { try env.resolve(HintDashboard.self) }?.description
                == "Service 'HintDashboard' is not registered in ServiceEnv")
        #expect(try env.requireMain(HintDashboard.self) === env.requireMain(HintDashboard.self))
    }

    @Test("a property wrapper's failure carries the hint too")
    func propertyWrapperHint() throws {
        let env = ServiceEnv(name: "app")
        env.registerMain(HintDashboard.self) { HintDashboard() }
        let panel = ServiceEnv.$current.withValue(env) { HintPanel() }
        let failure = failure { () throws(ResolutionFailure) in try panel.$dashboard.get() }
        #expect(failure?.hint?.hasPrefix("it is registered with registerMain, on the MainActor track") == true)
    }

    @Test("a Sendable-track service required on the MainActor track says to use resolve")
    func sendableTrackServiceOnMainTrack() throws {
        let env = ServiceEnv(name: "app")
        env.register(Config.self) { Config() }
        let failure = failure { () throws(ResolutionFailure) in try env.requireMain(Config.self) }
        #expect(
            failure?.hint
                == "it is registered with register, on the Sendable track: resolve it with resolve(_:) or require(_:)")
    }

    @Test("a Sendable service whose closure needs a MainActor-track service is told to move to registerMain")
    func sendableClosureNeedingMainTrackService() throws {
        let env = ServiceEnv(name: "app")
        env.registerMain(HintDashboard.self) { HintDashboard() }
        env.register(HintExporter.self) { HintExporter(dashboard: try ServiceEnv.current.resolve(HintDashboard.self)) }
        let failure = failure { () throws(ResolutionFailure) in try env.require(HintExporter.self) }
        #expect(failure?.chain == ["HintExporter", "HintDashboard"])
        #expect(
            failure?.hint
                == "it is registered with registerMain, on the MainActor track, which 'HintExporter', a Sendable service, "
                + "cannot depend on: register 'HintExporter' with registerMain too"
        )
    }

    @Test("an @Injectable service's missing dependency is found by its declared type")
    func injectableDependencyOnTheOtherTrack() throws {
        let env = ServiceEnv(name: "app")
        env.registerMain(HintDashboard.self) { HintDashboard() }
        env.register(HintSnapshot.self)
        let failure = failure { () throws(ResolutionFailure) in try env.require(HintSnapshot.self) }
        #expect(failure?.chain == ["HintSnapshot", "HintDashboard"])
        #expect(
            failure?.hint?.hasPrefix("it is registered with registerMain, on the MainActor track, which 'HintSnapshot'")
                == true)
    }

    @Test("an async construction's missing dependency is found by its declared type too")
    func asyncConstruction() async throws {
        let env = ServiceEnv(name: "app")
        env.register(Endpoint.self) { Endpoint(host: "primary") }
        env.register(HintAsyncReplica.self)
        do {
            _ = try await env.requireAsync(HintAsyncReplica.self)
            Issue.record("the resolve should have thrown")
        } catch {
            #expect(error.chain == ["HintAsyncReplica", #"Endpoint[tag: "replica"]"#])
            #expect(error.hint == "its type is registered only as Endpoint: resolve it with the tags of one of them")
        }
    }

    @Test(
        "a MainActor service whose closure resolves a MainActor-track service on the Sendable track is told which call to use"
    )
    func mainClosureResolvingOnTheWrongTrack() throws {
        let env = ServiceEnv(name: "app")
        env.registerMain(HintDashboard.self) { HintDashboard() }
        env.registerMain(HintExporter.self) {
            HintExporter(dashboard: try ServiceEnv.current.resolve(HintDashboard.self))
        }
        let failure = failure { () throws(ResolutionFailure) in try env.requireMain(HintExporter.self) }
        #expect(
            failure?.hint
                == "it is registered with registerMain, on the MainActor track: 'HintExporter' must resolve it with resolveMain(_:)"
        )
    }

    @Test("a service declared #external per scope says to resolve in a scope, or to register it in the scope")
    func externalPerScope() throws {
        let app = ServiceEnv(name: "app")
        app.apply(HintAssembly())
        let outside = failure { () throws(ResolutionFailure) in try app.require(HintRequestHandler.self) }
        #expect(outside?.chain == ["HintRequestHandler", "HintRequestInfo"])
        #expect(
            outside?.description
                == "Service 'HintRequestInfo' is not registered in ServiceEnv (environment 'app'; resolving HintRequestHandler -> HintRequestInfo): "
                + "it is provided per scope (HintAssembly declares it #external with scope: .scoped): "
                + "resolve 'HintRequestHandler' in a scope, from withScope(named:) or makeScope(named:)"
        )
        let scope = app.makeScope(named: "request 7")
        let inScope = failure { () throws(ResolutionFailure) in try scope.require(HintRequestHandler.self) }
        #expect(inScope?.environment == "request 7")
        #expect(
            inScope?.hint
                == "it is provided per scope (HintAssembly declares it #external with scope: .scoped), "
                + "and this scope does not register it: register it in the scope before resolving 'HintRequestHandler'"
        )
        let asked = failure { () throws(ResolutionFailure) in try scope.require(HintRequestInfo.self) }
        #expect(asked?.hint?.hasSuffix("register it in the scope first") == true)
        scope.register(HintRequestInfo(id: "7"))
        #expect(try scope.require(HintRequestHandler.self).info.id == "7")
    }

    @Test("a service declared #external that nothing registered names the assembly")
    func externalNotRegistered() throws {
        let env = ServiceEnv(name: "app")
        env.apply(HintAssembly())
        let failure = failure { () throws(ResolutionFailure) in try env.require(HintAuditLog.self) }
        #expect(failure?.hint == "HintAssembly declares it #external, and nothing registered it: register it first")
        env.register(HintAuditLog.self) { HintAuditLog() }
        #expect(throws: Never.self) { try env.require(HintAuditLog.self) }
    }

    @Test("a key missing under its tags lists the keys its type is registered under")
    func otherTags() async throws {
        let app = ServiceEnv(name: "app")
        app.register(Endpoint.self) { Endpoint(host: "primary") }
        app.register(Endpoint.self, tags: "backup") { Endpoint(host: "backup") }
        let scope = app.makeScope(named: "request")
        let failure = failure { () throws(ResolutionFailure) in try scope.require(Endpoint.self, tags: "replica") }
        #expect(failure?.chain == [#"Endpoint[tag: "replica"]"#])
        #expect(
            failure?.hint
                == #"its type is registered only as Endpoint, Endpoint[tag: "backup"]: resolve it with the tags of one of them"#
        )
        #expect(try scope.require(Endpoint.self, tags: "backup").host == "backup")
        await #expect(throws: ResolutionFailure.self) { try await scope.requireAsync(Endpoint.self, tags: "replica") }
        #expect(try await scope.requireAsync(Endpoint.self, tags: "backup").host == "backup")
    }

    @Test(
        "an @Injectable service's tagged dependency, missing under its tags, lists the keys its type is registered under"
    )
    func injectableTaggedDependency() throws {
        let env = ServiceEnv(name: "app")
        env.register(Endpoint.self) { Endpoint(host: "primary") }
        env.register(ReplicaReader.self)
        let failure = failure { () throws(ResolutionFailure) in try env.require(ReplicaReader.self) }
        #expect(failure?.chain == ["ReplicaReader", #"Endpoint[tag: "replica"]"#])
        #expect(failure?.hint == "its type is registered only as Endpoint: resolve it with the tags of one of them")
    }

    @Test("a failure the environment knows nothing more of has no hint")
    func noHint() throws {
        let env = ServiceEnv(name: "app")
        env.register(HintExporter.self) { HintExporter(dashboard: try ServiceEnv.current.resolve(HintDashboard.self)) }
        let failure = failure { () throws(ResolutionFailure) in try env.require(HintExporter.self) }
        #expect(failure?.hint == nil)
        #expect(
            failure?.description
                == "Service 'HintDashboard' is not registered in ServiceEnv (environment 'app'; resolving HintExporter -> HintDashboard)"
        )
    }
}
