function check(t)
  if load('return math.pi')() ~= math.pi then fail('math.pi') end
  if load('return io')() ~= nil then fail('io') end
  if load('return x', 'c', 't', {x = 5})() ~= 5 then fail('env') end
  local f, msg = load('\27Lua\84\0')
  if f then fail('binary') end
  local g = load('return _ENV', 'c', 't', nil)
  local n = 0
  load(function() n = n + 1; if n < 50 then return 'x = 1 ' end end)
  fail(tostring(msg) .. tostring(g and pcall(g)))
end
