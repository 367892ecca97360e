local function helper(n) if n == 0 then error(setmetatable({}, {__tostring = function() return 'obj' end})) end return helper(n - 1) end
function check(t)
  local ok, e = pcall(helper, 10)
  fail(nil)
  error({}, 2)
end
