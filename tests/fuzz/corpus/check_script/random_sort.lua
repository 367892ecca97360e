function check(t)
  local a = {}
  for i = 1, 200 do a[i] = math.random(1, 1000) end
  table.sort(a, function(p, q) return p > q end)
  pcall(table.sort, a, function(p, q) return true end)
  fail(table.concat(a, ',', 1, 20) .. utf8.char(0x10FFFF, 72) .. math.tointeger(2^53) .. string.pack and '' or '')
end
