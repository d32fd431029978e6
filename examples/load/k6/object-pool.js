// Stairs of examples/scenarios/object-pool.yaml for k6 users (hey runs them here: examples/run-scenario.sh object-pool).
// Expected: step 3 limited (achieved ~70-100 of 150 RPS): DBCP2's commons-pool2 pool of 2 connections, active = max
// with waiters (outbound-pool; wait-site before that rule).
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [10, 25, 150, 300],
  stepSeconds: 30,
  ciStepSeconds: 12,
  maxVUs: 150,
  endpoint: 'stock',
  method: 'GET',
  path: '/stock?product=42',
});

export const options = test.options;
export default test.run;
