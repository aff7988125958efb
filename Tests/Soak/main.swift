// veet-soak: placeholder entry point until the soak runs land (issue 8).
print("veet-soak: not built yet")
