// Stairs of examples/scenarios/cpu.yaml for k6 users (hey runs them here: examples/run-scenario.sh cpu).
// Expected: cpu saturated from step 3.
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [5, 15, 40, 80],
  stepSeconds: 30,
  ciStepSeconds: 20,
  maxVUs: 60,
  endpoint: 'map-layer',
  method: 'GET',
  path: '/map/layers/districts',
});

export const options = test.options;
export default test.run;
