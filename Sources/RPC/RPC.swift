public enum RPCModule {}
