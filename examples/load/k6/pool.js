// Stairs of examples/scenarios/pool.yaml for k6 users (hey runs them here: examples/run-scenario.sh pool).
// Expected: connection-pool saturated from step 3.
import http from 'k6/http';
import { check } from 'k6';
import { stairsOptions, currentStep, baseUrl } from './lib/stairs.js';

const RATES = [40, 100, 300, 500];
const STEP_SECONDS = 30;
const CI_STEP_SECONDS = 12;
const BODY = open('../orders.json');

export const options = stairsOptions({
  rates: RATES, stepSeconds: STEP_SECONDS, ciStepSeconds: CI_STEP_SECONDS, maxVUs: 200, endpoint: 'orders',
});

export default function () {
  const params = { tags: { endpoint: 'orders', step: String(currentStep(RATES, STEP_SECONDS, CI_STEP_SECONDS)) } };
  params.headers = { 'Content-Type': 'application/json' };
  const res = http.post(`${baseUrl()}/orders`, BODY, params);
  check(res, { accepted: (r) => r.status >= 200 && r.status < 300 });
}
