/// How much to say. `short` is for when prompts must be brief: the bare action ("Turn right").
public enum PhraseStyle: String, CaseIterable, Sendable, Hashable, Codable {
    case normal, short
}
