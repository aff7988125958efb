print("store torture placeholder")
