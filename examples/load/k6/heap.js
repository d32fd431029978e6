// Stairs of examples/scenarios/heap.yaml for k6 users (hey runs them here: examples/run-scenario.sh heap).
// Expected: heap saturated from step 3.
import http from 'k6/http';
import { check } from 'k6';
import { stairsOptions, currentStep, baseUrl } from './lib/stairs.js';

const RATES = [5, 12, 90, 150];
const STEP_SECONDS = 30;
const CI_STEP_SECONDS = 12;
const BODY = open('../events.json');

export const options = stairsOptions({
  rates: RATES, stepSeconds: STEP_SECONDS, ciStepSeconds: CI_STEP_SECONDS, maxVUs: 40, endpoint: 'events',
});

export default function () {
  const params = { tags: { endpoint: 'events', step: String(currentStep(RATES, STEP_SECONDS, CI_STEP_SECONDS)) } };
  params.headers = { 'Content-Type': 'application/json' };
  const res = http.post(`${baseUrl()}/events`, BODY, params);
  check(res, { accepted: (r) => r.status >= 200 && r.status < 300 });
}
