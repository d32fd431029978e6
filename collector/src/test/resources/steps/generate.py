#!/usr/bin/env python3
"""Writes the step fixtures (k6 --out json NDJSON, JMeter JTL CSV, schedule + hey CSV) in the tools'
exact formats. Deterministic: rerun to regenerate. Times are 2025-11-29 21:00 UTC onwards."""
import json, random
from datetime import datetime, timezone, timedelta

T0 = 1764450000000  # 2025-11-29T21:00:00Z
rng = random.Random(7)

def iso(ms, offset_hours=0):
    tz = timezone(timedelta(hours=offset_hours))
    d = datetime.fromtimestamp(ms / 1000, tz)
    return d.strftime('%Y-%m-%dT%H:%M:%S.') + '%03d%06d' % (ms % 1000, rng.randrange(10**6)) + \
        ('Z' if offset_hours == 0 else d.strftime('%z')[:3] + ':' + d.strftime('%z')[3:])

def schedule(stairs):
    """stairs: list of (rps, seconds, latency_ms, fail_every) or ('ramp', from, to, seconds)."""
    t = T0
    out = []
    for s in stairs:
        if s[0] == 'ramp':
            _, a, b, secs = s
            for sec in range(secs):
                rate = a + (b - a) * (sec + 0.5) / secs
                n = int(round(rate))
                for i in range(n):
                    out.append((t + sec * 1000 + int(1000 * (i + 0.5) / n), None, 20, False))
            t += secs * 1000
            continue
        rps, secs, lat, fail_every, step = s
        k = 0
        for sec in range(secs):
            for i in range(rps):
                k += 1
                out.append((t + sec * 1000 + int(1000 * (i + rng.random() * 0.9) / rps), step,
                            lat * (1 + rng.random() * 0.2) if k % 20 else lat * 3,
                            fail_every > 0 and k % fail_every == 0))
        t += secs * 1000
    return out

def k6(path, requests, tagged, offset_hours, extras=()):
    """extras: (time ms, metric, value) points k6 writes without request tags (dropped_iterations,
    iterations, vus_max)."""
    lines = []
    def metric(name, mtype, contains):
        lines.append(json.dumps({"type": "Metric", "data": {"name": name, "type": mtype, "contains": contains,
            "thresholds": [], "submetrics": None}, "metric": name}, separators=(',', ':')))
    metric("vus", "gauge", "default")
    metric("http_reqs", "counter", "default")
    metric("http_req_duration", "trend", "time")
    metric("http_req_failed", "rate", "default")
    metric("http_req_waiting", "trend", "time")
    for (t, step, lat, failed) in requests:
        tags = {"expected_response": "false" if failed else "true", "group": "", "method": "GET",
                "name": "http://127.0.0.1:8080/stores", "proto": "HTTP/1.1", "scenario": "stairs",
                "status": "503" if failed else "200", "url": "http://127.0.0.1:8080/stores"}
        if tagged and step is not None:
            tags["step"] = str(step)
        time = iso(t, offset_hours)
        def point(name, value):
            lines.append(json.dumps({"metric": name, "type": "Point", "data": {"time": time, "value": value,
                "tags": tags}}, separators=(',', ':')))
        point("http_reqs", 1)
        point("http_req_duration", round(lat, 3))
        point("http_req_waiting", round(lat * 0.9, 3))
        point("http_req_failed", 1 if failed else 0)
    lines.append(json.dumps({"metric": "vus", "type": "Point", "data": {"time": iso(requests[-1][0]), "value": 10,
        "tags": {}}}, separators=(',', ':')))
    for (t, name, value) in extras:
        lines.append(json.dumps({"metric": name, "type": "Point", "data": {"time": iso(t, offset_hours),
            "value": value, "tags": {"group": "", "scenario": "stairs"} if name != "vus_max" else None}},
            separators=(',', ':')))
    open(path, 'w').write('\n'.join(lines) + '\n')

def jtl(path, requests):
    rows = ['timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,failureMessage,'
            'bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect']
    for (t, step, lat, failed) in requests:
        msg = '"Service Unavailable, retry"' if failed else 'OK'
        rows.append('%d,%d,"GET /stores, page 1",%s,%s,Stairs 1-%d,text,%s,,512,120,10,10,'
                    'http://127.0.0.1:8080/stores,%d,0,1' % (t, round(lat), '503' if failed else '200', msg,
                    rng.randrange(10) + 1, 'false' if failed else 'true', round(lat * 0.9)))
    open(path, 'w').write('\n'.join(rows) + '\n')

stairs = [(4, 10, 10, 0, 1), (8, 10, 40, 0, 2), (16, 10, 200, 10, 3)]
k6('k6-tagged.json', schedule(stairs), True, 0)
k6('k6-untagged.json', schedule([(4, 12, 10, 0, 1), ('ramp', 4, 12, 4), (12, 12, 40, 0, 2), (24, 12, 200, 10, 3)]),
   False, 1)
jtl('jmeter.jtl', schedule([(5, 12, 10, 0, 1), (10, 12, 40, 0, 2), (20, 12, 200, 10, 3)]))

# schedule + hey: step 2 has a hey file with 2 of 40 responses 500.
open('schedule/steps.csv', 'w').write('step,start_ms,end_ms,offered_rps,hey_csv\n'
    '1,%d,%d,20,\n2,%d,%d,40,step-2.csv\n' % (T0, T0 + 10000, T0 + 10000, T0 + 20000))
hey = ['response-time,DNS+dialup,DNS,Request-write,Response-delay,Response-read,status-code,offset']
for i in range(40):
    hey.append('%.4f,0.0001,0.0000,0.0000,%.4f,0.0001,%d,%.4f' % (0.010 + i * 0.001, 0.009 + i * 0.001,
               500 if i in (7, 30) else 200, i * 0.25))
open('schedule/step-2.csv', 'w').write('\n'.join(hey) + '\n')

# k6 short of VUs: asked 4, 8, 16 RPS (one request per iteration), but with vus_max 3 it sent only
# 10 RPS in step 3 and dropped 6 iterations a second, while the service answered in 10 ms.
short = schedule([(4, 10, 10, 0, 1), (8, 10, 10, 0, 2), (10, 10, 10, 0, 3)])
extras = [(t, "iterations", 1) for (t, _, _, _) in short]
extras += [(T0 + 20000 + sec * 1000 + i * 160, "dropped_iterations", 1) for sec in range(10) for i in range(6)]
extras += [(T0 + sec * 1000 + 500, "vus_max", 3) for sec in range(30)]
k6('k6-dropped.json', short, True, 0, extras)
