public enum VeetCursesModule {}
