/// Every method of the protocol. Each file of `Methods/` lists its own (a new method is added to
/// its file's list); this joins the lists.
public enum Methods {
    public static let all: [any RPCMethod.Type] = prompt + alert + events + session + source + state + guidance
}
