check = 42
fail('too early')
