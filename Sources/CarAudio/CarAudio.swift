public enum CarAudioModule {}
