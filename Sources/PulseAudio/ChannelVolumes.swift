import CPulse

/// Per-channel volumes of a sink input, in PulseAudio's software volume units
/// (0 = muted, 65536 = 100 %, cubic scale).
public struct ChannelVolumes: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var values: [UInt32]

    public init(_ values: [UInt32]) { self.values = values }

    public static let norm: UInt32 = PA_VOLUME_NORM
    /// The loudest volume PulseAudio accepts at all (`PA_VOLUME_MAX`, `UINT32_MAX / 2`).
    public static let maximum: UInt32 = UInt32.max / 2
    /// The loudest volume a mixer offers (`PA_VOLUME_UI_MAX`, +11 dB, 153 %).
    public static let uiMaximum: UInt32 = UInt32(pa_sw_volume_from_dB(11.0))
    /// The most channels a stream has (`PA_CHANNELS_MAX`).
    public static let maximumChannels = Int(PA_CHANNELS_MAX)

    /// Why these volumes cannot be a stream's (no channels, too many, a value out of PulseAudio's
    /// range); nil when they can.
    public var problem: String? {
        guard (1...Self.maximumChannels).contains(values.count) else {
            return "\(values.count) channels (a stream has 1 to \(Self.maximumChannels))"
        }
        if let loud = values.first(where: { $0 > Self.maximum }) { return "volume \(loud) is over PulseAudio's maximum \(Self.maximum)" }
        return nil
    }

    /// Channel by channel, the lower of these volumes and `bound` (a missing channel of `bound`
    /// bounds nothing), and never above `ceiling`.
    public func limited(by bound: ChannelVolumes?, ceiling: UInt32) -> ChannelVolumes {
        ChannelVolumes(
            values.enumerated().map { i, value in
                var limit = ceiling
                if let bound, i < bound.values.count { limit = min(limit, bound.values[i]) }
                return min(value, limit)
            })
    }

    init(_ cvolume: pa_cvolume) {
        var copy = cvolume
        values = withUnsafeBytes(of: &copy.values) { raw in
            Array(raw.bindMemory(to: pa_volume_t.self).prefix(Int(cvolume.channels)))
        }
    }

    var cvolume: pa_cvolume {
        var result = pa_cvolume()
        // Never more than a pa_cvolume holds (PulseAudio refuses an invalid one; it must not trap here).
        result.channels = UInt8(min(values.count, Self.maximumChannels))
        withUnsafeMutableBytes(of: &result.values) { raw in
            let slots = raw.bindMemory(to: pa_volume_t.self)
            for (i, v) in values.enumerated() where i < slots.count { slots[i] = v }
        }
        return result
    }

    /// These volumes lowered (or raised) by `dB`, the way PulseAudio multiplies software volumes.
    public func scaled(byDecibels dB: Double) -> ChannelVolumes {
        let factor = pa_sw_volume_from_dB(dB)
        return ChannelVolumes(values.map { pa_sw_volume_multiply($0, factor) })
    }

    /// A point `fraction` (0…1) of the way from `self` to `target`, channel by channel.
    /// Whether these volumes are on the straight path from `start` to `end` that `interpolated`
    /// takes: every channel within its bounds, all at about the same fraction of the way (a channel
    /// the path does not move must be where it was). A level a user set is rarely on that path.
    public func lies(between start: ChannelVolumes, and end: ChannelVolumes) -> Bool {
        guard values.count == start.values.count, values.count == end.values.count else { return false }
        var fractions: [Double] = []
        for ((value, a), b) in zip(zip(values, start.values), end.values) {
            let low = min(a, b)
            let high = max(a, b)
            // Rounding (PipeWire's too: it keeps volumes as floats) puts a step a little off the line.
            let slack = max(2, (high - low) / 100)
            guard value + slack >= low, value <= high + slack else { return false }
            if high - low > 64 { fractions.append((Double(value) - Double(a)) / (Double(b) - Double(a))) }
        }
        guard let first = fractions.first else { return true }
        return fractions.allSatisfy { abs($0 - first) < 0.03 }
    }

    public func interpolated(to target: ChannelVolumes, fraction: Double) -> ChannelVolumes {
        guard target.values.count == values.count else { return target }
        let f = min(1, max(0, fraction))
        var result: [UInt32] = []
        for (a, b) in zip(values, target.values) {
            let from = Double(a)
            let to = Double(b)
            let value: Double = from + (to - from) * f
            result.append(UInt32(value.rounded()))
        }
        return ChannelVolumes(result)
    }

    /// The loudest channel, in dB relative to 100 % (−inf for silence).
    public var maxDecibels: Double { pa_sw_volume_to_dB(values.max() ?? 0) }

    public var description: String { values.map(String.init).joined(separator: "/") }
}
