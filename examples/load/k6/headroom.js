// Stairs of examples/scenarios/headroom.yaml for k6 users (hey runs them here: examples/run-scenario.sh headroom).
// Expected: none.
import http from 'k6/http';
import { check } from 'k6';
import { stairsOptions, currentStep, baseUrl } from './lib/stairs.js';

const RATES = [0.16, 1, 3.2];
const STEP_SECONDS = 30;
const CI_STEP_SECONDS = 12;

export const options = stairsOptions({
  rates: RATES, stepSeconds: STEP_SECONDS, ciStepSeconds: CI_STEP_SECONDS, maxVUs: 4, endpoint: 'products',
});

export default function () {
  const params = { tags: { endpoint: 'products', step: String(currentStep(RATES, STEP_SECONDS, CI_STEP_SECONDS)) } };
  const res = http.get(`${baseUrl()}/products?category=2&minPrice=10&maxPrice=500`, params);
  check(res, { 'status 200': (r) => r.status === 200 });
}
