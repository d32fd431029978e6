// Stairs of examples/scenarios/held-connection.yaml for k6 users (hey runs them here: examples/run-scenario.sh held-connection).
// Expected: connection-pool saturated from step 3.
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [20, 50, 150, 250],
  stepSeconds: 30,
  ciStepSeconds: 12,
  maxVUs: 150,
  endpoint: 'search',
  method: 'GET',
  path: '/search?q=trail+bike',
});

export const options = test.options;
export default test.run;
