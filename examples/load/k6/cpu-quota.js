// Stairs of examples/scenarios/cpu-quota.yaml for k6 users (hey runs them here: examples/run-scenario.sh cpu-quota).
// Expected: cpu-quota saturated from step 3.
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [0.5, 1.5, 8, 16],
  stepSeconds: 30,
  ciStepSeconds: 12,
  maxVUs: 40,
  endpoint: 'map-layer',
  method: 'GET',
  path: '/map/layers/districts',
});

export const options = test.options;
export default test.run;
