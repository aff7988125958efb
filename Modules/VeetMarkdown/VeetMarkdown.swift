public enum VeetMarkdownModule {}
