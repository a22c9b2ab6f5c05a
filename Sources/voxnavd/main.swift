print("voxnavd")
