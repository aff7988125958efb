public enum VeetAccountModule {}
