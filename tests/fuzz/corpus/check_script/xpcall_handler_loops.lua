function check(t)
  xpcall(function() while true do end end, function(m)
    while true do end
  end)
end
