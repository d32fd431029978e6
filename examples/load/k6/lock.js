// Stairs of examples/scenarios/lock.yaml for k6 users (hey runs them here: examples/run-scenario.sh lock).
// Expected: step 3 limited (achieved ~45 of 80 RPS) with no resource rule to explain it: unattributed.
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [10, 25, 80, 150],
  stepSeconds: 30,
  ciStepSeconds: 12,
  maxVUs: 100,
  endpoint: 'quotes',
  method: 'GET',
  path: '/quotes?product=42',
});

export const options = test.options;
export default test.run;
