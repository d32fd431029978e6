// Stairs of examples/scenarios/heap.yaml for k6 users (hey runs them here: examples/run-scenario.sh heap).
// Expected: heap saturated from step 3.
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [5, 12, 150, 250],
  stepSeconds: 30,
  ciStepSeconds: 20,
  maxVUs: 40,
  endpoint: 'events',
  method: 'POST',
  path: '/events',
  body: open('../events.json'),
});

export const options = test.options;
export default test.run;
