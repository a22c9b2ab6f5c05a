public enum DaemonModule {}
