public enum PulseAudioModule {}
