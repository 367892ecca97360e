function check(t)
  local s = {}
  for c = 26, 1, -1 do s[string.char(96 + c)] = c end
  s[2.5] = 1; s[-3] = 1; s[10] = 1; s[true] = 1; s[false] = 1; s[0/0 ~= 0/0 and 1e308 or 0] = 2
  local keys = {}
  for k, v in pairs(s) do keys[#keys + 1] = tostring(k); s[k] = nil end
  local k = next(s)
  for i, v in pairs(t.inputs.idx) do keys[#keys + 1] = i .. '=' .. v end
  pcall(pairs, setmetatable({}, {__pairs = function(q) return next, {[{}] = 1}, nil end}))
  pcall(next, {[{}] = 1})
  fail(table.concat(keys, ' '))
end
