-- One endpoint of Vigil's mixed load (./bench load), for one wrk process; several run at once.
-- wrk ... -s load.lua URL -- LABEL METHOD LINES_FILE BODY_FILE CONTENT_TYPE RESPONSES
--   LINES_FILE: one request per line, "path" or "path<TAB>body"; each request picks a line at random
--   BODY_FILE:  the body of requests whose line has none ("-": no body)
--   RESPONSES:  "errors": wrk's own count of statuses of 400 and above, nothing handed to Lua;
--               "statuses": each status counted;
--               "rate-limited": counted, and a 429 honoured as a CI client does, the connection waiting
--               before its next request, but for at most a second (not the hour Retry-After may ask), so
--               the submissions go on at the rate limit all through the run
-- wrk runs on the machine it measures. Where a response() function is defined it copies every response's
-- headers and body into Lua, and where a delay() function is defined it waits on a timer before every
-- request; init() removes the ones an endpoint does not need, and every request is formatted once, there.
-- The API key comes from $VIGIL_BENCH_KEY. done() prints one line "VIGIL_RESULT {json}" for the bench.
local threads = {}
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("id", counter)
  table.insert(threads, thread)
end

function init(args)
  local method, body = args[2], nil
  if args[4] ~= "-" then
    local f = assert(io.open(args[4], "rb"))
    body = f:read("*a")
    f:close()
  end
  wrk.headers["Authorization"] = "Bearer " .. os.getenv("VIGIL_BENCH_KEY")
  if args[5] ~= "-" then
    wrk.headers["Content-Type"] = args[5]
  end
  formatted = {}
  for line in io.lines(args[3]) do
    local tab = line:find("\t", 1, true)
    if tab then
      formatted[#formatted + 1] = wrk.format(method, line:sub(1, tab - 1), nil, line:sub(tab + 1))
    else
      formatted[#formatted + 1] = wrk.format(method, line, nil, body)
    end
  end
  math.randomseed(os.time() * 1000 + id)
  responses = args[6]
  statuses = {}
  pause_ms = 0
  if responses ~= "rate-limited" then
    delay = nil
  end
  if responses == "errors" then
    response = nil
  end
end

function request()
  return formatted[math.random(#formatted)]
end

function delay()
  local ms = pause_ms
  pause_ms = 0
  return ms
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if status == 429 then
    pause_ms = math.min(1000, 1000 * (tonumber(headers["Retry-After"]) or 1))
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  local totals, codes = {}, {}
  if threads[1]:get("responses") == "errors" then
    totals["<400"], totals[">=400"] = summary.requests - e.status, e.status
  end
  for _, thread in ipairs(threads) do
    for code, n in pairs(thread:get("statuses")) do
      totals[code] = (totals[code] or 0) + n
    end
  end
  for code, n in pairs(totals) do
    codes[#codes + 1] = string.format('"%s":%d', code, n)
  end
  table.sort(codes)
  io.write(string.format('VIGIL_RESULT {"requests":%d,"duration_us":%d,"p50_us":%d,"p95_us":%d,'
      .. '"p99_us":%d,"max_us":%d,"connect_errors":%d,"read_errors":%d,"write_errors":%d,"timeouts":%d,'
      .. '"statuses":{%s}}\n', summary.requests, summary.duration, latency:percentile(50),
      latency:percentile(95), latency:percentile(99), latency.max, e.connect, e.read, e.write, e.timeout,
      table.concat(codes, ",")))
end
