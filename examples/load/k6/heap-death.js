// Stairs of examples/scenarios/heap-death.yaml for k6 users (hey runs them here: examples/run-scenario.sh heap-death).
// Expected: heap at step 3, where the JVM throws OutOfMemoryError and exits; step 4 meets a dead service.
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [5, 12, 80, 150],
  stepSeconds: 30,
  ciStepSeconds: 25,
  maxVUs: 40,
  endpoint: 'events',
  method: 'POST',
  path: '/events',
  body: open('../events.json'),
});

export const options = test.options;
export default test.run;
