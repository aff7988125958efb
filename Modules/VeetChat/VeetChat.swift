public enum VeetChatModule {}
