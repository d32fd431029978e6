// Stairs of examples/scenarios/workers.yaml for k6 users (hey runs them here: examples/run-scenario.sh workers).
// Expected: tomcat-workers saturated from step 3.
import http from 'k6/http';
import { check } from 'k6';
import { stairsOptions, currentStep, baseUrl } from './lib/stairs.js';

const RATES = [10, 30, 120, 200];
const STEP_SECONDS = 30;
const CI_STEP_SECONDS = 12;

export const options = stairsOptions({
  rates: RATES, stepSeconds: STEP_SECONDS, ciStepSeconds: CI_STEP_SECONDS, maxVUs: 100, endpoint: 'search',
});

export default function () {
  const params = { tags: { endpoint: 'search', step: String(currentStep(RATES, STEP_SECONDS, CI_STEP_SECONDS)) } };
  const res = http.get(`${baseUrl()}/search?q=trail+bike`, params);
  check(res, { 'status 200': (r) => r.status === 200 });
}
