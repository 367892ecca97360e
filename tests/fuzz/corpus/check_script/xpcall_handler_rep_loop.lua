function check(t)
  xpcall(function() error('x') end, function(m)
    while true do local s = string.rep('x', 1 << 22) end
  end)
end
