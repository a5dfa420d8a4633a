import Service

// Declarations that are correct, and whose expansions must compile without an error or a warning
// (`CompileFailureTests` checks both): parameters as only a parameter may declare them, which an
// expansion spells as types elsewhere.

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
