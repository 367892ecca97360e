function check(t)
  local y, r, i = t.outputs.y, t.reference.y, t.inputs
  local s = #i.empty .. #y .. i.idx[3] .. i.idx[4] .. i.flags[7] .. t.outputs.count[0]
  for k, v in pairs(i.flags) do s = s .. k .. v end
  local ok, m = pcall(function() return y[#y] end)
  local ok2, m2 = pcall(function() return y[1.5] .. y[-1] .. y.len end)
  local ok3 = pcall(function() return i.empty[0] end)
  setmetatable(y, {})
  if t.size.n ~= #y then fail('n') end
  fail(s .. tostring(m) .. tostring(m2) .. tostring(ok3) .. getmetatable(y))
end
