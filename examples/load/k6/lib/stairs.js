// Stairs for k6 (https://k6.io), the same stairs as examples/scenarios/<name>.yaml runs with hey:
// one ramping-arrival-rate scenario whose stages climb to each step's rate and hold it, a `step`
// tag on every request (from the elapsed time, since k6 tags scenarios, not stages), an
// `endpoint` tag per route, and the SLO as thresholds (p95 <= 300 ms, p99 <= 1 s, errors <= 1 %).
//
//   k6 run -e BASE_URL=http://127.0.0.1:8080 examples/load/k6/pool.js
//   k6 run -e CI=true ...        the CI-sized steps
import exec from 'k6/execution';

const RAMP_SECONDS = 2;

export function stairsOptions({ rates, stepSeconds, ciStepSeconds, maxVUs, endpoint }) {
  const hold = __ENV.CI === 'true' ? ciStepSeconds : stepSeconds;
  const stages = [];
  for (const rate of rates) {
    stages.push({ target: rate, duration: `${RAMP_SECONDS}s` });
    stages.push({ target: rate, duration: `${hold}s` });
  }
  return {
    scenarios: {
      stairs: {
        executor: 'ramping-arrival-rate',
        startRate: rates[0],
        timeUnit: '1s',
        preAllocatedVUs: Math.min(maxVUs, Math.ceil(rates[0] * 2)),
        maxVUs,
        stages,
      },
    },
    thresholds: {
      [`http_req_duration{endpoint:${endpoint}}`]: ['p(95)<=300', 'p(99)<=1000'],
      [`http_req_failed{endpoint:${endpoint}}`]: ['rate<=0.01'],
    },
    summaryTrendStats: ['avg', 'p(50)', 'p(95)', 'p(99)', 'max'],
  };
}

/** 1-based step of the stairs at this moment (each step = its ramp + its hold). */
export function currentStep(rates, stepSeconds, ciStepSeconds) {
  const hold = __ENV.CI === 'true' ? ciStepSeconds : stepSeconds;
  const elapsed = exec.instance.currentTestRunDuration / 1000;
  return Math.min(rates.length, Math.floor(elapsed / (RAMP_SECONDS + hold)) + 1);
}

export function baseUrl() {
  return __ENV.BASE_URL || 'http://127.0.0.1:8080';
}
