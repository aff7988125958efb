public enum VeetTokensModule {}
