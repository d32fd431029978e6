// Stairs of examples/scenarios/cpu-quota.yaml for k6 users (hey runs them here: examples/run-scenario.sh cpu-quota).
// Expected: cpu-quota saturated from step 3.
import http from 'k6/http';
import { check } from 'k6';
import { stairsOptions, currentStep, baseUrl } from './lib/stairs.js';

const RATES = [2, 5, 15, 30];
const STEP_SECONDS = 30;
const CI_STEP_SECONDS = 12;

export const options = stairsOptions({
  rates: RATES, stepSeconds: STEP_SECONDS, ciStepSeconds: CI_STEP_SECONDS, maxVUs: 40, endpoint: 'map-layer',
});

export default function () {
  const params = { tags: { endpoint: 'map-layer', step: String(currentStep(RATES, STEP_SECONDS, CI_STEP_SECONDS)) } };
  const res = http.get(`${baseUrl()}/map/layers/districts`, params);
  check(res, { 'status 200': (r) => r.status === 200 });
}
