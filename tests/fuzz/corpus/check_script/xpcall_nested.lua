function check(t)
  local function h(m) return xpcall(error, h, m) end
  local ok, m = xpcall(function() error({}) end, h)
  local ok2, a, b = xpcall(function(x, y) return x + y, 'two' end, error, 1, 2)
  if ok or not ok2 then fail(tostring(m)) end
end
