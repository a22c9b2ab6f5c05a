public enum SpeechModule {}
