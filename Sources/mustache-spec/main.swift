print("mustache-spec: not yet built")
