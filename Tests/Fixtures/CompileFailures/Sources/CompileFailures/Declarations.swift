import Service

// Declarations that are correct, and whose expansions must compile without an error or a warning
// (`CompileFailureTests` checks both): parameters as only a parameter may declare them, which an
// expansion spells as types elsewhere. Then, at the end, the cases of dependencies taken as `Lazy`
// or `ServiceProvider`, whose errors are on their lines only.
//
// NB: not a file of their own: with three files on two cores, SwiftPM's batch job of two of them
// prints its errors under each, and `CompileFailureTests` counts each error once.

// An @escaping closure, a consuming value, one type under two names.

typealias CountFormat = @Sendable (Int) -> String

struct Till: Sendable {}

typealias CashDrawer = Till

@Injectable
final class Cashier: Sendable {
    init(
        format: @escaping CountFormat,
        till: consuming Till,
        drawer: CashDrawer,
        onClose: @escaping @Sendable () -> Void,
    ) {}
}

@Assembly
struct CashierAssembly {
    #register(CountFormat.self) { { "\($0)" } }
    #register(Till.self) { Till() }
    #register((@Sendable () -> Void).self) { {} }
    #register(Cashier.self)
}

// Labels that are keywords, written in backticks (a call that escapes `default` is warned about).

@Injectable
struct Repeater: Sendable {
    init(`default` till: Till, @Assisted `repeat`: Int) {}
}

// A generated initializer stores a closure property, which it takes @escaping.

@Injectable(.memberwise)
final class Alarm: Sendable {
    @Inject let ring: @Sendable () -> Void
    @Inject let snooze: (@Sendable (Int) -> Void)?
}

// Case: a `Lazy` or `ServiceProvider` dependency is checked like a required one.

struct DeferredMailer: Sendable {}

@Injectable
final class DeferredNotifier: Sendable {
    init(mailer: Lazy<DeferredMailer>) {}
}

@Assembly
struct DeferredMissingAssembly {
    #register(DeferredNotifier.self)  // line 63: error, DeferredMailer is not provided
}

// Case: a singleton's provider of a per-scope type cannot reach the scope, declared #external or
// registered per scope (in an assembly without MainActor registrations).

struct DeferredRequestInfo: Sendable {}

@Injectable
final class DeferredAuditor: Sendable {
    init(info: ServiceProvider<DeferredRequestInfo>) {}
}

@Injectable
final class DeferredTracker: Sendable {
    init(mailer: Lazy<DeferredMailer>) {}
}

@Assembly
struct DeferredCaptiveAssembly {
    #external(DeferredRequestInfo.self, scope: .scoped)
    #register(DeferredMailer.self, scope: .scoped) { DeferredMailer() }
    #register(DeferredAuditor.self)  // line 85: error, DeferredRequestInfo is provided per scope
    #register(DeferredTracker.self)  // line 86: error, DeferredMailer is provided per scope
    #register(DeferredNotifier.self, scope: .transient)  // line 87: no error
}

// Case: a forward to a type the assembly does not provide, and one to a type that is not its key.

protocol ForwardReading: Sendable {}
protocol ForwardUnrelated: Sendable {}

@Injectable
final class ForwardStore: ForwardReading {
    init() {}
}

@Injectable
final class ForwardArchive: ForwardReading {
    init() {}
}

@Assembly
struct ForwardMistakesAssembly {
    #register(ForwardStore.self)
    #forward((any ForwardReading).self, to: ForwardArchive.self)  // line 108: error, not provided
    #forward((any ForwardUnrelated).self, to: ForwardStore.self)  // line 109: error, not a ForwardUnrelated
}

// Case: an assembly with MainActor services applied with apply(_:), which is for the others.

@Injectable
@MainActor
final class ApplyScreen {
    init() {}
}

@Assembly
struct ApplyMainAssembly {
    #registerMain(ApplyScreen.self)
}

func applyMainAssembly() {
    ServiceEnv(name: "app").apply(ApplyMainAssembly())  // line 126: error, assemble(_:) on the main actor
}

// Case: with checkCycles, a cycle through a forward: NoteStore needs NoteIndex, which needs the
// key that forwards to NoteStore.

protocol CycleReading: Sendable {}

@Injectable
final class CycleStore: CycleReading {
    init(index: CycleIndex) {}
}

@Injectable
final class CycleIndex: Sendable {
    init(reader: any CycleReading) {}
}

@Assembly(checkCycles: true)
struct ForwardCycleAssembly {
    #register(CycleStore.self)  // line 146: error, CycleStore needs itself
    #register(CycleIndex.self)
    #forward((any CycleReading).self, to: CycleStore.self)
}

// Case: an array the assembly does not register, whose element type it does: the error says to
// mark the parameter @All. The same array marked @All, and an array it registers, are found.

protocol ArrayCheck: Sendable {}

@Injectable
final class DiskCheck: ArrayCheck {
    init() {}
}

@Injectable
final class ArrayReport: Sendable {
    init(checks: [any ArrayCheck], @All all: [any ArrayCheck], names: [String]) {}
}

@Assembly
struct ArrayAssembly {
    #register(DiskCheck.self, as: (any ArrayCheck).self, tags: "disk")
    #register([String].self) { ["disk"] }
    #register(ArrayReport.self)  // line 170: error, [any ArrayCheck] is not registered: mark it @All
}

// Case: `.weak` on a class that is not @Injectable, or not on its line's track: the first error
// on each line is the line's mistake, as without `.weak`, and none says that a value type cannot
// be held weakly, which said nothing true about a class.

protocol WeakCacheKey: Sendable {}

final class PlainWeakCache: WeakCacheKey {}

@Injectable @MainActor
final class MainWeakPanel {
    init() {}
}

@Injectable
final class SendableWeakCache: Sendable {
    init() {}
}

@Assembly
struct WeakMistakesAssembly {
    #register(PlainWeakCache.self, scope: .weak)  // line 193: error, not @Injectable
    #register(PlainWeakCache.self, as: (any WeakCacheKey).self, tags: "b", scope: .weak)  // line 194: the same
    #register(MainWeakPanel.self, scope: .weak)  // line 195: error, @MainActor: #registerMain
    #registerMain(SendableWeakCache.self, tags: "a", scope: .weak)  // line 196: error, not @MainActor
}

// Case: a type registered under another key on the other track's macro, with and without tags
// and `.weak`: the line's error, then `assemble(env:)`'s call names the method to use, where it
// matched no overload.

protocol TrackedKey: AnyObject, Sendable {}

protocol WeakTrackedKey: AnyObject, Sendable {}

@Injectable
final class SendableTracked: TrackedKey, WeakTrackedKey {
    init() {}
}

@Injectable @MainActor
final class MainTracked: TrackedKey, WeakTrackedKey {
    init() {}
}

@Assembly
struct WrongTrackAsAssembly {
    #register(MainTracked.self, as: (any TrackedKey).self)  // line 219: error, @MainActor: #registerMain
    #registerMain(SendableTracked.self, as: (any TrackedKey).self, tags: "t")  // line 220: error, not @MainActor
    #register(MainTracked.self, as: (any WeakTrackedKey).self, scope: .weak)  // line 221: the same as 219
    #registerMain(SendableTracked.self, as: (any WeakTrackedKey).self, tags: "w", scope: .weak)  // line 222
}

// Case: a protocol type registered without a closure: one error, from the assembly, on the line,
// and nothing about the service that needs it.

protocol ProtocolClock: Sendable {}

@Injectable
final class ClockReader: Sendable {
    let clock: any ProtocolClock
    init(clock: any ProtocolClock) { self.clock = clock }
}

@Assembly
struct ProtocolWithoutClosureAssembly {
    #register((any ProtocolClock).self)  // line 238: error, a protocol type needs a closure
    #register(ClockReader.self)
}

// Case: an error in a registration's closure is reported on its line: here a `@MainActor`
// initializer called from a registration on the Sendable track.

@MainActor final class ClosureScreen {
    init() {}
}

@Assembly
struct ClosureMistakeAssembly {
    #register(ClosureScreen.self) { ClosureScreen() }  // line 251: error, a @MainActor initializer
}
