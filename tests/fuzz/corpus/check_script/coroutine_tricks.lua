function check(t)
  local co = coroutine and coroutine.wrap(function() while true do coroutine.yield() end end)
  local ok, m = pcall(function() return coroutine.create(print) end)
  local r = setmetatable({}, {__index = function(s, k) return s[k .. 'x'] end})
  local ok2 = pcall(function() return r.a end)
  local f; f = function(...) return f(...) end
  fail(tostring(ok) .. tostring(m) .. tostring(ok2) .. tostring(pcall(f)))
end
