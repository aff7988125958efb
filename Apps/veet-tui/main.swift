print("veet-tui")
