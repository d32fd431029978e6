// Stairs of examples/scenarios/slow-query.yaml for k6 users (hey runs them here: examples/run-scenario.sh slow-query).
// Expected: database saturated from step 3.
import http from 'k6/http';
import { check } from 'k6';
import { stairsOptions, currentStep, baseUrl } from './lib/stairs.js';

const RATES = [5, 15, 45, 90];
const STEP_SECONDS = 30;
const CI_STEP_SECONDS = 12;

export const options = stairsOptions({
  rates: RATES, stepSeconds: STEP_SECONDS, ciStepSeconds: CI_STEP_SECONDS, maxVUs: 60, endpoint: 'stores',
});

export default function () {
  const params = { tags: { endpoint: 'stores', step: String(currentStep(RATES, STEP_SECONDS, CI_STEP_SECONDS)) } };
  const res = http.get(`${baseUrl()}/districts/7/stores?category=3`, params);
  check(res, { 'status 200': (r) => r.status === 200 });
}
