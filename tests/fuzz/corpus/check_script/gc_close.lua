setmetatable({}, {__gc = function() while true do end end})
function check(t)
  local x <close> = setmetatable({}, {__close = function() while true do end end})
  collectgarbage(); collectgarbage('count')
  while true do end
end
