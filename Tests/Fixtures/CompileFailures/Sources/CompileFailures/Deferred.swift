import Service

// Dependencies taken as `Lazy` or `ServiceProvider`, checked like required ones
// (CompileFailureTests.deferredDependencies): each mistake is on its `#register` line.

struct DeferredMailer: Sendable {}

@Injectable
final class DeferredNotifier: Sendable {
    let mailer: Lazy<DeferredMailer>

    init(mailer: Lazy<DeferredMailer>) {
        self.mailer = mailer
    }
}

@Assembly
struct DeferredMissingAssembly {
    #register(DeferredNotifier.self)  // line 19: DeferredMailer is not provided
}

struct DeferredRequestInfo: Sendable {}

@Injectable
final class DeferredAuditor: Sendable {
    let info: ServiceProvider<DeferredRequestInfo>

    init(info: ServiceProvider<DeferredRequestInfo>) {
        self.info = info
    }
}

@Assembly
struct DeferredCaptiveAssembly {
    #external(DeferredRequestInfo.self, scope: .scoped)
    #register(DeferredAuditor.self)  // line 36: a singleton's provider cannot reach the scope
    #register(DeferredNotifier.self, scope: .transient)  // line 37: fine once its mailer is provided
    #register(DeferredMailer.self) { DeferredMailer() }
}
