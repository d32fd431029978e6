// Stairs of examples/scenarios/workers.yaml for k6 users (hey runs them here: examples/run-scenario.sh workers).
// Expected: tomcat-workers saturated from step 3.
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [10, 30, 120, 200],
  stepSeconds: 30,
  ciStepSeconds: 12,
  maxVUs: 100,
  endpoint: 'search',
  method: 'GET',
  path: '/search?q=trail+bike',
});

export const options = test.options;
export default test.run;
