-- weigh's outputs, judged here: each y[i] within 2 roundings of w[i] * x[i].
function check(t)
  local x, w, y = t.inputs.x, t.inputs.w, t.outputs.y
  for i = 0, #y - 1 do
    local want = w[i] * x[i]
    if not (math.abs(y[i] - want) <= 2 * 2^-24 * math.abs(want)) then -- a NaN fails too
      fail(string.format("y[%d] is %g; w[%d] * x[%d] is %g", i, y[i], i, i, want))
    end
  end
end
