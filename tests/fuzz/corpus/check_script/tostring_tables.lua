function check(t)
  fail(tostring({}) .. ' ' .. tostring(check) .. ' ' .. tostring(t.outputs.y) .. ' ' ..
       string.format('%s %s %q %5.2s', {}, math.abs, 'a\0b', t.inputs) ..
       tostring(setmetatable({}, {__tostring = function() return 42 end})) ..
       tostring(pcall(string.format, '%p', {})))
end
