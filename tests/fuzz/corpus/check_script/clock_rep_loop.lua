function check(t)
  local n = 0
  for i = 1, 1e9 do local s = string.rep("x", 1 << 20); n = n + #s end
  fail(n)
end
