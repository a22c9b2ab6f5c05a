import CPulse

/// A snapshot of one sink input (a playing stream) as the server reports it.
public struct SinkInput: Sendable, Equatable {
    public var index: UInt32
    public var name: String
    /// The index of the sink it plays into.
    public var sink: UInt32
    public var volume: ChannelVolumes
    public var muted: Bool
    public var corked: Bool
    /// Channel positions (`pa_channel_position_t`) of `volume`.
    public var channelMap: [Int32]
    /// The stream's property list (media.role, application.name, ...).
    public var properties: [String: String]

    public var role: String? { properties["media.role"] }

    public init(
        index: UInt32, name: String, sink: UInt32, volume: ChannelVolumes, muted: Bool, corked: Bool, channelMap: [Int32], properties: [String: String]
    ) {
        self.index = index
        self.name = name
        self.sink = sink
        self.volume = volume
        self.muted = muted
        self.corked = corked
        self.channelMap = channelMap
        self.properties = properties
    }

    init(_ info: pa_sink_input_info) {
        index = info.index
        name = info.name.map { String(cString: $0) } ?? ""
        sink = info.sink
        volume = ChannelVolumes(info.volume)
        muted = info.mute != 0
        corked = info.corked != 0
        var map = info.channel_map
        channelMap = withUnsafeBytes(of: &map.map) { raw in
            Array(raw.bindMemory(to: pa_channel_position_t.self).prefix(Int(info.channel_map.channels))).map(\.rawValue)
        }
        properties = Self.read(info.proplist)
    }

    private static func read(_ list: OpaquePointer?) -> [String: String] {
        guard let list else { return [:] }
        var result: [String: String] = [:]
        var state: UnsafeMutableRawPointer? = nil
        while let key = pa_proplist_iterate(list, &state) {
            if let value = pa_proplist_gets(list, key) {
                result[String(cString: key)] = String(cString: value)
            }
        }
        return result
    }
}
