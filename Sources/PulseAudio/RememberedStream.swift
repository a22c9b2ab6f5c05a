import CPulse

/// What the sound server remembers for a group of streams (PulseAudio's module-stream-restore
/// database; on PipeWire, WirePlumber's restore-stream state, which pipewire-pulse serves through
/// the same extension): the volume and mute a new stream of that group starts with.
public struct RememberedStream: Codable, Equatable, Hashable, Sendable {
    /// The group's name in the database, e.g. `sink-input-by-media-role:music`.
    public var name: String
    /// Channel positions (`pa_channel_position_t`) the volumes are for.
    public var channelMap: [Int32]
    /// nil: the server remembers no volume for the group (a new stream keeps the one it asks for).
    public var volume: ChannelVolumes?
    public var muted: Bool
    public var device: String?

    public init(name: String, channelMap: [Int32], volume: ChannelVolumes?, muted: Bool, device: String? = nil) {
        self.name = name
        self.channelMap = channelMap
        self.volume = volume
        self.muted = muted
        self.device = device
    }

    /// What the server would remember for `input` if it saved the stream as it is now.
    public init?(current input: SinkInput) {
        guard let name = input.restoreGroup else { return nil }
        self.init(name: name, channelMap: input.channelMap, volume: input.volume, muted: input.muted)
    }

    init(_ info: pa_ext_stream_restore_info) {
        var map = info.channel_map
        let positions = withUnsafeBytes(of: &map.map) { raw in
            Array(raw.bindMemory(to: pa_channel_position_t.self).prefix(Int(info.channel_map.channels)))
        }
        self.init(
            name: String(cString: info.name),
            channelMap: positions.map { $0.rawValue },
            volume: info.volume.channels > 0 ? ChannelVolumes(info.volume) : nil,
            muted: info.mute != 0,
            device: info.device.map { String(cString: $0) })
    }

    var cChannelMap: pa_channel_map {
        var map = pa_channel_map()
        map.channels = UInt8(min(channelMap.count, Int(PA_CHANNELS_MAX)))
        withUnsafeMutableBytes(of: &map.map) { raw in
            let slots = raw.bindMemory(to: pa_channel_position_t.self)
            for (i, position) in channelMap.enumerated() where i < slots.count { slots[i] = pa_channel_position_t(position) }
        }
        return map
    }
}

extension SinkInput {
    /// The group the server remembers this stream's volume under: the `module-stream-restore.id`
    /// property both PulseAudio and pipewire-pulse set, or else the key module-stream-restore
    /// derives (by role, application id, application name, media name).
    public var restoreGroup: String? {
        if let id = properties["module-stream-restore.id"] { return id }
        let keys = [
            ("media.role", "media-role"), ("application.id", "application-id"),
            ("application.name", "application-name"), ("media.name", "media-name"),
        ]
        for (property, kind) in keys {
            if let value = properties[property] { return "sink-input-by-\(kind):\(value)" }
        }
        return nil
    }
}
