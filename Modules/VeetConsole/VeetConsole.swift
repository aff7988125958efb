public enum VeetConsoleModule {}
