function check(t)
  local a, s = {}, 'x'
  for i = 1, 100 do s = s .. s; a[i] = s end
end
