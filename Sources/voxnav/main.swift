print("voxnav")
