// Stairs of examples/scenarios/pool.yaml for k6 users (hey runs them here: examples/run-scenario.sh pool).
// Expected: connection-pool saturated from step 3.
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [10, 30, 150, 300],
  stepSeconds: 30,
  ciStepSeconds: 12,
  maxVUs: 200,
  endpoint: 'orders',
  method: 'POST',
  path: '/orders',
  body: open('../orders.json'),
});

export const options = test.options;
export default test.run;
