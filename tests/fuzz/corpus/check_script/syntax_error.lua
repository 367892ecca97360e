function check(t)
  if x then
end
