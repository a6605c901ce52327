print("stateproof")
