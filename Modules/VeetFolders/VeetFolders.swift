public enum VeetFoldersModule {}
