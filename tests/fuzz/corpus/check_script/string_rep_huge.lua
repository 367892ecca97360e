local ok, e = pcall(string.rep, 'x', 1 << 30)
function check(t)
  local s = string.rep('ab', 1 << 20, ',')
  local u = s .. s .. s .. s
  for i = 1, 1e9 do local q = string.rep('x', 1 << 24) end
  fail(#u)
end
