import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// Property-injection mode: the stored properties marked `@Inject` of a type with no
/// initializer. `@Injectable(.memberwise)` generates the initializer that takes them; without it, a
/// struct is built with its memberwise initializer and a class or actor is an error.
struct PropertyInjection {
    /// One injected stored property.
    struct Property {
        let name: String
        let type: TypeSyntax
        /// The property's name as declared, whose line a directive maps its assignment to.
        let pattern: IdentifierPatternSyntax
        /// Whether its `@Inject` says `escaping: true`: a type alias of a function type, which
        /// the macro cannot see is one.
        let saysEscaping: Bool

        /// Whether the initializer's parameter is `@escaping`: written as a function type, or said
        /// to be one; not an optional, which is escaping already.
        var isEscapingParameter: Bool {
            if type.isFunctionType {
                return true
            }
            return saysEscaping && !type.is(OptionalTypeSyntax.self)
                && !type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
        }

        /// Whether the type is a name that may be an alias of a function type, which its
        /// non-escaping parameter could then not be assigned from: the compiler's error is put on
        /// the property's line.
        var mayBeFunctionAlias: Bool {
            !isEscapingParameter && (type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self))
        }
    }

    let properties: [Property]
    /// Whether a diagnostic was reported, so no expansion should be attempted.
    let isInvalid: Bool

    /// The injected properties, or nil when the type has an initializer or no `@Inject` property.
    ///
    /// Problems are passed to `diagnose`; the member role reads quietly, the extension role reports.
    static func read(from declaration: some DeclGroupSyntax, diagnose: (Diagnostic) -> Void) -> PropertyInjection? {
        let members = declaration.memberBlock.members
        guard !members.contains(where: { $0.decl.is(InitializerDeclSyntax.self) }) else {
            return nil
        }
        let variables = members.compactMap { $0.decl.as(VariableDeclSyntax.self) }
        guard variables.contains(where: { $0.attributes.containsAttribute(named: "Inject") }) else {
            return nil
        }
        var properties: [Property] = []
        var isInvalid = false
        for variable in variables {
            let marked = variable.attributes.containsAttribute(named: "Inject")
            if variable.modifiers.contains(.static) || variable.modifiers.contains(.class) {
                if marked {
                    diagnose(Diagnostic(node: variable, message: InjectableDiagnostic.injectOnStaticProperty))
                    isInvalid = true
                }
                continue
            }
            if marked, variable.bindings.contains(where: { $0.accessorBlock != nil }) {
                diagnose(Diagnostic(node: variable, message: InjectableDiagnostic.injectOnComputedProperty))
                isInvalid = true
                continue
            }
            for binding in variable.bindings where binding.accessorBlock == nil {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                    continue
                }
                let name = pattern.identifier.text
                if marked {
                    guard let type = binding.typeAnnotation?.type else {
                        diagnose(Diagnostic(node: binding.pattern, message: InjectableDiagnostic.injectRequiresType))
                        isInvalid = true
                        continue
                    }
                    let saysEscaping = variable.attributes.attribute(named: "Inject")?.saysEscaping ?? false
                    properties.append(
                        Property(name: name, type: type.trimmed, pattern: pattern, saysEscaping: saysEscaping))
                } else if binding.initializer == nil && !binding.hasImplicitNilDefault(in: variable) {
                    diagnose(missingDefaultDiagnostic(variable: variable, name: name))
                    isInvalid = true
                }
            }
        }
        return PropertyInjection(properties: properties, isInvalid: isInvalid)
    }

    /// The initializer that assigns every injected property, with the type's access level.
    ///
    /// The assignment of a property whose type may be an alias of a function type is mapped to
    /// the property's line by `lines`, if given: a missing `@Inject(escaping: true)` is then
    /// reported there.
    func initializer(access: Keyword?, lines: SourceLines?) -> DeclSyntax {
        let accessPrefix = access.map { "\(TokenSyntax.keyword($0).text) " } ?? ""
        let parameters = properties.map { property in
            "\(property.name): \(property.isEscapingParameter ? "@escaping " : "")\(property.type)"
        }.joined(separator: ", ")
        var body = ""
        var isMapped = false
        for property in properties {
            let directive = property.mayBeFunctionAlias ? lines?.directive(for: property.pattern) : nil
            if let directive {
                body += "\n    \(directive)"
            } else if isMapped {
                body += "\n    #sourceLocation()"
            }
            isMapped = directive != nil
            body += "\n    self.\(property.name) = \(property.name)"
        }
        if isMapped {
            body += "\n    #sourceLocation()"
        }
        return "\(raw: accessPrefix)init(\(raw: parameters)) {\(raw: body)\n}"
    }

    /// The first property `initializer(access:lines:)` maps to its line, to locate `lines` from.
    var firstMappedPattern: IdentifierPatternSyntax? {
        properties.first(where: \.mayBeFunctionAlias)?.pattern
    }

    private static func missingDefaultDiagnostic(variable: VariableDeclSyntax, name: String) -> Diagnostic {
        // NB: the attribute takes over the declaration's leading trivia (its line break).
        let attribute = AttributeSyntax(stringLiteral: "@Inject ").with(\.leadingTrivia, variable.leadingTrivia)
        var marked = variable.with(\.leadingTrivia, [])
        marked.attributes = AttributeListSyntax([.attribute(attribute)] + Array(marked.attributes))
        return Diagnostic(
            node: variable,
            message: InjectableDiagnostic.missingDefaultValue(property: name),
            fixIts: [
                FixIt(
                    message: InjectableFixIt.markPropertyInject(property: name),
                    changes: [.replace(oldNode: Syntax(variable), newNode: Syntax(marked))],
                )
            ],
        )
    }
}

extension AttributeSyntax {
    /// Whether written `@Injectable(.memberwise)`, which generates the initializer.
    var requestsMemberwiseInitializer: Bool {
        guard case .argumentList(let arguments) = arguments else {
            return false
        }
        return arguments.contains {
            $0.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "memberwise"
        }
    }
}

extension DeclGroupSyntax {
    /// "class" or "actor": a type whose initializer an extension cannot declare; nil for a struct.
    var kindWithoutExtensionInitializers: String? {
        if self.is(ClassDeclSyntax.self) {
            return "class"
        }
        if self.is(ActorDeclSyntax.self) {
            return "actor"
        }
        return nil
    }
}

extension PatternBindingSyntax {
    /// Whether a `var` of optional type, which starts as `nil` without an initializer.
    func hasImplicitNilDefault(in variable: VariableDeclSyntax) -> Bool {
        guard variable.bindingSpecifier.tokenKind == .keyword(.var), let type = typeAnnotation?.type else {
            return false
        }
        return type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
    }
}

extension TypeSyntax {
    /// Whether written as a function type (`() -> T`, `@Sendable (Int) -> T`), which a parameter
    /// that is stored must declare `@escaping`. A type alias of one is not seen as one.
    var isFunctionType: Bool {
        if let attributed = self.as(AttributedTypeSyntax.self) {
            return attributed.baseType.isFunctionType
        }
        if let tuple = self.as(TupleTypeSyntax.self), tuple.elements.count == 1, let element = tuple.elements.first,
            element.firstName == nil
        {
            return element.type.isFunctionType
        }
        return self.is(FunctionTypeSyntax.self)
    }
}
