/// Guidance: maneuvers, announcement timing and phrase packs. Pure: no I/O.
public enum GuidanceModule {}
