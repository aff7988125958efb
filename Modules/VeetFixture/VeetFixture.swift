public enum VeetFixtureModule {}
