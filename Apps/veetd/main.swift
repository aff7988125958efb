// veetd: placeholder entry point until the daemon lands (issue 7).
print("veetd: not built yet")
