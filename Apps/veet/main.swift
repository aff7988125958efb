print("veet")
