// Stairs for k6 (https://k6.io): the same stairs that examples/scenarios/<name>.yaml runs with hey.
// One ramping-arrival-rate scenario whose stages climb to each step's rate and hold it, a `step`
// tag on every request (from the elapsed time: k6 tags scenarios, not stages), an `endpoint` tag,
// and the SLO as thresholds (p95 <= 300 ms, p99 <= 1 s, errors <= 1 %).
//
//   k6 run -e BASE_URL=http://127.0.0.1:8080 examples/load/k6/pool.js
//   k6 run -e CI=true ...        the CI-sized steps
import http from 'k6/http';
import { check } from 'k6';
import exec from 'k6/execution';

const RAMP_SECONDS = 2;

/**
 * @param {object} s  rates (RPS per step), stepSeconds, ciStepSeconds, maxVUs, endpoint (tag),
 *                    method, path, body (a string read with open() in the script's init code)
 * @returns {{options: object, run: function}} the script's `options` and default function
 */
export function stairs(s) {
  const hold = __ENV.CI === 'true' ? s.ciStepSeconds : s.stepSeconds;
  const stages = s.rates.flatMap((rate) => [
    { target: rate, duration: `${RAMP_SECONDS}s` },
    { target: rate, duration: `${hold}s` },
  ]);
  const options = {
    scenarios: {
      stairs: {
        executor: 'ramping-arrival-rate',
        startRate: s.rates[0],
        timeUnit: '1s',
        preAllocatedVUs: Math.min(s.maxVUs, Math.ceil(s.rates[0] * 2)),
        maxVUs: s.maxVUs,
        stages,
      },
    },
    thresholds: {
      [`http_req_duration{endpoint:${s.endpoint}}`]: ['p(95)<=300', 'p(99)<=1000'],
      [`http_req_failed{endpoint:${s.endpoint}}`]: ['rate<=0.01'],
    },
    summaryTrendStats: ['avg', 'p(50)', 'p(95)', 'p(99)', 'max'],
  };
  const url = `${__ENV.BASE_URL || 'http://127.0.0.1:8080'}${s.path}`;
  const run = () => {
    const elapsed = exec.instance.currentTestRunDuration / 1000;
    const step = Math.min(s.rates.length, Math.floor(elapsed / (RAMP_SECONDS + hold)) + 1);
    const params = { tags: { endpoint: s.endpoint, step: String(step) } };
    if (s.body !== undefined) {
      params.headers = { 'Content-Type': 'application/json' };
    }
    const res = http.request(s.method, url, s.body === undefined ? null : s.body, params);
    check(res, { '2xx': (r) => r.status >= 200 && r.status < 300 });
  };
  return { options, run };
}
