public enum VeetWebsiteAccessModule {}
