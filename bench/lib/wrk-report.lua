-- wrk script of the benchmark: after the run, one JSON line with what bench/lib/wrk.js reads (latencies in
-- microseconds, as wrk measures them). wrk -s loads it; the requests themselves are wrk's defaults + -H headers.
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"duration_us":%d,"bytes":%d,' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
    '"latency_us":{"p50":%d,"p90":%d,"p99":%d,"max":%d,"mean":%.1f}}\n',
    summary.requests, summary.duration, summary.bytes,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50.0), latency:percentile(90.0), latency:percentile(99.0), latency.max, latency.mean))
end
