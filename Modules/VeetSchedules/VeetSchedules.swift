public enum VeetSchedulesModule {}
