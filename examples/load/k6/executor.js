// Stairs of examples/scenarios/executor.yaml for k6 users (hey runs them here: examples/run-scenario.sh executor).
// Expected: step 3 limited (achieved ~40-45 of 80 RPS): the application executor alert-sender (2 threads, 40 ms a send).
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [10, 25, 80, 150],
  stepSeconds: 30,
  ciStepSeconds: 12,
  maxVUs: 100,
  endpoint: 'alerts',
  method: 'GET',
  path: '/alerts?product=42',
});

export const options = test.options;
export default test.run;
